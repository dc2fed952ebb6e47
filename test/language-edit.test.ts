// The grammar sandbox (src/published/edit.ts, src/ops/language-edit.ts): a revision's published rule
// rewritten in its own notation, compared with the grammar as published. The tables
// (test/data/languages/edits.tsv, edit-errors.tsv) hold what edits must do; every witness shown is
// checked again here by the Earley recognizer on both grammars; every rule of every revision written
// again as published changes no language (a property over a sample); a planted product mistake and a
// planted wrong witness come out as `unconfirmed`, never as an answer; the CLI answers as the library.
import { expect } from "chai";
import { PUBLISHED_SOURCES } from "../generated/published-sources";
import { classifier } from "../src/automata/alphabet";
import { productStep, type ProductStep } from "../src/automata/product";
import { compiled, recognize } from "../src/published/earley";
import { editPublished, readPublishedSources } from "../src/published/edit";
import { loadPublishedGrammar } from "../src/published";
import { compareEdit, languageEdit, type LanguageEdit } from "../src/ops/language-edit";
import { availableSpecIds, type SpecId } from "../src/revisions";
import { ok } from "./support/ok";
import { runCli } from "./support/run-cli";
import { jsonOrLiteral, readTsvLines } from "./support/table";

interface EditRow {
  where: string;
  spec: SpecId;
  edits: string[];
  language: string;
  verdict: string;
  lost: string[];
  gained: string[];
}

function editRows(): EditRow[] {
  return readTsvLines("languages/edits.tsv").map(({ file, line, cols }) => {
    const [spec, edits, language, verdict, lost, gained] = cols;
    return { where: `${file}:${line}`, spec: spec as SpecId, edits: edits!.startsWith("[") ? (JSON.parse(edits!) as string[]) : [jsonOrLiteral(edits!)], language: language!, verdict: verdict!, lost: JSON.parse(lost!) as string[], gained: JSON.parse(gained!) as string[] };
  });
}

/** The edited grammar itself, to check witnesses with the Earley recognizer independently of languageEdit(). */
function grammars(spec: string, edits: string[]) {
  const r = editPublished(spec, PUBLISHED_SOURCES, edits);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return { a: compiled(r.original), b: compiled(r.edited) };
}

describe("the grammar sandbox: an edited published rule against the rule as published", function () {
  this.timeout(120_000);

  it("reads every revision's published grammar from the generated sources exactly as from its file", () => {
    for (const spec of availableSpecIds()) {
      const fromFile = loadPublishedGrammar(spec);
      const fromText = readPublishedSources(spec, PUBLISHED_SOURCES);
      expect(fromText === undefined, spec).to.equal(fromFile === undefined);
      if (!fromFile || !fromText) continue;
      expect(fromText.ok && fromFile.ok, spec).to.equal(true);
      if (fromText.ok && fromFile.ok) expect(JSON.stringify(fromText.grammar), spec).to.equal(JSON.stringify(fromFile.grammar));
    }
  });

  for (const row of editRows()) {
    it(`${row.where}: ${row.spec} with ${row.edits.map((e) => JSON.stringify(e)).join(" and ")}: ${row.language} is ${row.verdict}`, () => {
      const d = ok(languageEdit(row.spec, row.edits, { rule: row.language, witnesses: 8 }));
      expect(d.comparisons.map((c) => c.name)).to.deep.equal([row.language]);
      const c = d.comparisons[0]!;
      expect(c.verdict, c.note).to.equal(row.verdict);
      const lost = c.onlyA.map((w) => w.input);
      const gained = c.onlyB.map((w) => w.input);
      expect(lost, "lost").to.include.members(row.lost);
      expect(gained, "gained").to.include.members(row.gained);
      if (row.verdict === "equal") expect([...lost, ...gained]).to.deep.equal([]);
      // Each witness, checked again: the recognizer on the grammar as published and as edited.
      const g = grammars(row.spec, row.edits);
      for (const w of c.onlyA) expect([recognize(g.a, row.language, w.input), recognize(g.b, row.language, w.input)], `lost ${JSON.stringify(w.input)}`).to.deep.equal([true, false]);
      for (const w of c.onlyB) expect([recognize(g.a, row.language, w.input), recognize(g.b, row.language, w.input)], `gained ${JSON.stringify(w.input)}`).to.deep.equal([false, true]);
      // The rule the edit changed is named on every witness's way.
      for (const w of [...c.onlyA, ...c.onlyB]) expect(w.rulesThatDiffer.length, JSON.stringify(w)).to.be.greaterThan(0);
    });
  }

  it("both verdicts occur in the table, and lost and gained strings both (so the checks can fail either way)", () => {
    const rows = editRows();
    expect(new Set(rows.map((r) => r.verdict))).to.deep.equal(new Set(["equal", "different"]));
    expect(rows.some((r) => r.lost.length > 0) && rows.some((r) => r.gained.length > 0)).to.equal(true);
  });

  it("without a rule: the edited rule first, then every rule that reaches it (rfc3986 port: authority, hier-part, URI ...)", () => {
    const d = ok(languageEdit("rfc3986", ["port = 1*DIGIT"]));
    expect(d.comparisons[0]!.name).to.equal("port");
    expect(d.comparisons.map((c) => c.name)).to.include.members(["authority", "hier-part", "URI", "URI-reference", "relative-ref", "absolute-URI"]);
    expect(d.comparisons.map((c) => c.name)).to.not.include("host");
    expect(d.rules).to.deep.equal([{ name: "port", edit: 0, before: { section: "Appendix A (§3.2.3)", text: ["port          = *DIGIT"] }, after: { section: "Appendix A (§3.2.3)", text: ["port = 1*DIGIT"] } }]);
  });

  for (const { file, line, cols } of readTsvLines("languages/edit-errors.tsv")) {
    const [spec, edit, offset, message] = [cols[0]!, jsonOrLiteral(cols[1]!), Number(cols[2]), cols[3]!];
    it(`${file}:${line}: ${spec} ${JSON.stringify(edit)} is an error at offset ${offset}`, () => {
      const r = languageEdit(spec as SpecId, [edit]);
      expect(r.ok).to.equal(false);
      if (r.ok) return;
      expect(r.error.code).to.equal("syntax");
      expect(r.error.offset, r.error.message).to.equal(offset);
      expect(r.error.message).to.contain(message);
      expect("edit" in r.error && r.error.edit).to.equal(0);
    });
  }

  it("a second edit's error names that edit, at its own offset", () => {
    const r = languageEdit("rfc3986", ["port = 1*DIGIT", "host = IP-literal /"]);
    expect(r.ok).to.equal(false);
    if (r.ok || !("edit" in r.error)) return;
    expect([r.error.edit, r.error.offset, r.error.rule]).to.deep.equal([1, 19, "host"]);
    expect(r.error.message).to.match(/^Edit 2 of host/);
  });

  it("never throws: wrong arguments are error values", () => {
    for (const [spec, edits, options] of [["rfc9999", ["port = 1"], undefined], ["rfc3986", [], undefined], ["rfc3986", "port = 1", undefined], ["rfc3986", [42], undefined], ["rfc3986", ["port = 1*DIGIT"], { witnesses: -1 }], ["rfc3986", ["port = 1*DIGIT"], { rule: "scheme" }], ["rfc3986", ["port = 1*DIGIT", "PORT = DIGIT"], undefined]] as const) {
      const r = compareEdit(spec, edits, options as never);
      expect(r.ok, `${spec} ${JSON.stringify(edits)}`).to.equal(false);
    }
  });

  it("every rule of every revision, written again as published, changes no language (a sample of rules, each with the rules that reach it)", () => {
    let checked = 0;
    for (const spec of availableSpecIds()) {
      const read = loadPublishedGrammar(spec);
      if (!read || !read.ok) continue;
      const rules = read.grammar.rules.filter((r) => r.kind === "published");
      // Three rules per revision, spread over the grammar (the first, one in the middle, the last).
      for (const rule of [rules[0], rules[Math.floor(rules.length / 2)], rules[rules.length - 1]]) {
        if (!rule) continue;
        const text = rule.text.filter((l) => !/^\s*;/.test(l)).join("\n");
        const d = ok(languageEdit(spec, [text], { witnesses: 1 }));
        for (const c of d.comparisons) expect([spec, rule.name, c.name, c.verdict], c.note).to.deep.equal([spec, rule.name, c.name, c.verdict === "not-compiled" ? "not-compiled" : "equal"]);
        checked += d.comparisons.length;
      }
    }
    expect(checked).to.be.greaterThan(50);
  });

  it("planted: a product that drops transitions, and a witness changed before it is checked, come out unconfirmed", () => {
    // From the start pair, B's move on "0" is dropped: "0" looks like a port only the published grammar accepts.
    const dropping: ProductStep = (a, b, p, q, ca, cb) => {
      const [p2, q2] = productStep(a, b, p, q, ca, cb);
      return p === a.start && q === b.start && ca >= 0 && classifier(a.classRanges)(0x30) === ca ? [p2, -1] : [p2, q2];
    };
    const d1 = ok(compareEdit("rfc3986", ["port = 1*DIGIT"], { rule: "port" }, { step: dropping }) as { ok: true } & LanguageEdit);
    expect(d1.comparisons[0]!.verdict).to.equal("unconfirmed");
    expect(d1.comparisons[0]!.note).to.contain('"0" was found as accepted by rfc3986 only, but the Earley recognizer says rfc3986 accepts and rfc3986 as edited accepts it');
    // The planted wrong witness: "" reported lost is turned into "0", which both grammars accept.
    const d2 = ok(compareEdit("rfc3986", ["port = 1*DIGIT"], { rule: "port" }, { witness: (s) => (s === "" ? "0" : s) }) as { ok: true } & LanguageEdit);
    expect(d2.comparisons[0]!.verdict).to.equal("unconfirmed");
    expect(d2.comparisons[0]!.note).to.contain('"0" was found as accepted by rfc3986 only');
  });

  it("the CLI: `diff --languages rfc3986 --with 'port = 1*DIGIT'` reports the empty string lost, as the library; an edit that does not read is an error at its offset", async () => {
    const r = await runCli(["diff", "--languages", "rfc3986", "--with", "port = 1*DIGIT", "--rule", "port"]);
    expect(r.code, r.err).to.equal(0);
    expect(r.out).to.contain("rule port: different").and.contain('only rfc3986 accepts:\n    ""  rfc3986 as edited stops at offset 0 in port');
    const json = await runCli(["diff", "--languages", "rfc3986", "--with", "port = 1*DIGIT", "--json"]);
    const answer = JSON.parse(json.out) as { ok: boolean } & LanguageEdit;
    expect(answer.comparisons.find((c) => c.name === "port")!.onlyA.map((w) => w.input)).to.deep.equal([""]);
    const bad = await runCli(["diff", "--languages", "rfc3986", "--with", "port = 1*"]);
    expect(bad.code).to.equal(1);
    expect(bad.err).to.contain("does not read at offset 9").and.contain("port = 1*\n           ^");
    const two = await runCli(["diff", "--languages", "rfc3986", "rfc3987", "--with", "port = 1*DIGIT"]);
    expect(two.code).to.equal(2);
  });
});
