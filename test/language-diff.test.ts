// The language difference of two revisions (src/ops/language-diff.ts, src/automata/): exact
// verdicts on the scanners' DFAs, shortest witnesses per cause, each checked with validate(). Every
// pair of revisions and every language they share is compared and every witness re-checked here;
// planted mistakes (a product that drops a transition) must come out as `unconfirmed`, never as an
// answer; the adapter and the scheme-aware reference automaton must agree with validate().
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { classifier } from "../src/automata/alphabet";
import { runAutomaton } from "../src/automata/dfa";
import { productStep, type ProductStep } from "../src/automata/product";
import { Generator } from "../src/published/generate";
import { publishedGrammarOf } from "../src/ops/fidelity";
import { compareLanguages, languageDiff, type LanguageComparison } from "../src/ops/language-diff";
import { referenceAutomaton, ruleAutomaton } from "../src/ops/rule-automaton";
import { parse, validate, type ParseFailure } from "../src/parse";
import { getRevision, SPEC_IDS, type SpecId } from "../src/revisions";
import { ok } from "./support/ok";
import { DATA_DIR } from "./support/table";
import { runCli } from "./support/run-cli";

const ROOT = join(__dirname, "..", "..");

const run = runCli;

/** validate() under the comparison's rule on one side (the whole reference: no rule). */
function accepted(spec: string, c: LanguageComparison, side: "a" | "b", input: string): boolean {
  const rule = c.kind === "reference" ? undefined : side === "a" ? c.ruleA : c.ruleB;
  return validate(input, rule === undefined ? { spec: spec as SpecId } : { spec: spec as SpecId, rule });
}

describe("language difference: draft-2003 -> rfc3986, the issue's examples", () => {
  it("host: different; an IPvFuture literal only rfc3986 accepts, nothing only draft-2003 accepts", () => {
    const d = ok(languageDiff("draft-2003", "rfc3986", { rule: "host" }));
    expect(d.comparisons.map((c) => [c.kind, c.name])).to.deep.equal([["rule", "host"]]);
    const host = d.comparisons[0];
    expect(host.verdict).to.equal("different");
    expect(host.onlyA).to.deep.equal([]);
    const future = host.onlyB.find((w) => /^\[v[0-9a-f]+\.[^\]]+\]$/i.test(w.input));
    expect(future, host.onlyB.map((w) => w.input).join(" ")).to.not.equal(undefined);
    expect(future!.rule).to.equal("IPv6address");
    expect(future!.sentence).to.match(/^"v" at offset 1 stops the draft-2003 parse: IPv6address/);
    expect(future!.rulesThatDiffer.map((r) => r.name)).to.include.members(["IP-literal", "IPvFuture"]);
    expect(future!.rulesThatDiffer.find((r) => r.name === "IPvFuture")!.a).to.equal(null);
  });

  it("port: equal", () => {
    const d = ok(languageDiff("draft-2003", "rfc3986", { rule: "port" }));
    expect(d.comparisons[0].verdict).to.equal("equal");
    expect(d.comparisons[0].onlyA.length + d.comparisons[0].onlyB.length).to.equal(0);
  });

  it("a rule reworded without changing its language (IPv6address: h4 -> h16) is equal; a rule whose text is the same up to notation can still differ (rfc1738 -> draft-1997 hostport)", () => {
    expect(ok(languageDiff("draft-2003", "rfc3986", { rule: "IPv6address" })).comparisons[0].verdict).to.equal("equal");
    expect(ok(languageDiff("rfc1738", "draft-1997", { rule: "hostport" })).comparisons[0].verdict).to.equal("different");
  });
});

describe("language difference: every pair of revisions, every language both have, every witness re-checked", function () {
  this.timeout(300_000);
  for (let i = 0; i < SPEC_IDS.length; i++)
    for (let j = i + 1; j < SPEC_IDS.length; j++) {
      const [a, b] = [SPEC_IDS[i], SPEC_IDS[j]];
      it(`${a} -> ${b}`, () => {
        const d = ok(languageDiff(a, b));
        const shared = getRevision(a)!.rules.filter((r) => r.kind !== "helper" && getRevision(b)!.rules.some((s) => s.kind !== "helper" && s.published === r.published));
        expect(d.comparisons.filter((c) => c.kind === "rule").map((c) => c.name)).to.deep.equal(shared.map((r) => r.published));
        expect(d.comparisons[0].kind).to.equal("reference");
        for (const c of d.comparisons) {
          expect(c.verdict, `${c.kind} ${c.name}: ${c.note ?? ""}`).to.be.oneOf(["equal", "different"]);
          expect(c.verdict === "equal", `${c.name}: equal exactly when there is no witness`).to.equal(c.onlyA.length + c.onlyB.length === 0);
          for (const [side, list, other] of [["a", c.onlyA, "b"], ["b", c.onlyB, "a"]] as const) {
            for (const w of list) {
              expect(accepted(d[side], c, side, w.input), `${d[side]} accepts ${JSON.stringify(w.input)} (${c.name})`).to.equal(true);
              expect(accepted(d[other], c, other, w.input), `${d[other]} rejects ${JSON.stringify(w.input)} (${c.name})`).to.equal(false);
              expect(w.acceptedBy).to.equal(d[side]);
              expect(w.offset).to.be.within(0, w.input.length);
            }
            expect(new Set(list.map((w) => w.input)).size, "witnesses are distinct").to.equal(list.length);
          }
        }
      });
    }
});

describe("language difference: instructive witnesses (test/data/languages/witnesses.tsv, quoted in docs/languages.md)", () => {
  const rows = readFileSync(join(DATA_DIR, "languages", "witnesses.tsv"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !l.startsWith("#"))
    .map((l) => {
      const [a, b, language, field, only, why] = l.split("\t");
      return { a: a as SpecId, b: b as SpecId, language, input: field.startsWith('"') ? (JSON.parse(field) as string) : field, only, why };
    });
  it("has rows", () => expect(rows.length).to.be.above(5));
  for (const row of rows) {
    it(`${row.a} -> ${row.b} ${row.language}: ${JSON.stringify(row.input)} only in ${row.only}`, () => {
      const options = row.language === "reference" ? { component: "reference" } : row.language.startsWith("component:") ? { component: row.language.slice(10) } : { rule: row.language };
      const c = ok(languageDiff(row.a, row.b, options)).comparisons[0];
      const list = row.only === row.a ? c.onlyA : c.onlyB;
      expect(list.map((w) => w.input)).to.include(row.input);
      expect(row.why.length).to.be.above(20);
    });
  }
});

describe("language difference: planted mistakes are caught, never shown as answers", () => {
  const a = getRevision("draft-2003")!;
  const b = getRevision("rfc3986")!;

  it("a product that drops B's transition on one character claims a false witness: unconfirmed, by validate()", () => {
    // From the start pair, B's move on "0" is dropped: "0" looks like a port only draft-2003 accepts.
    const step: ProductStep = (da, db, p, q, ca, cb) => {
      const [p2, q2] = productStep(da, db, p, q, ca, cb);
      return p === da.start && q === db.start && ca >= 0 && classifier(da.classRanges)(0x30) === ca ? [p2, -1] : [p2, q2];
    };
    const c = compareLanguages(a, b, { rule: "port" }, { step }).comparisons[0];
    expect(c.verdict).to.equal("unconfirmed");
    expect(c.note).to.match(/validate\(\) says draft-2003 accepts and rfc3986 accepts it/);
    expect(c.onlyA).to.deep.equal([]);
  });

  it("a product that drops the one transition behind which two languages differ claims equality: unconfirmed, by the minimal DFAs", () => {
    // draft-1997 pchar and draft-2003 pchar differ by one string, ";" (draft-2003 adds it): drop every move on ";".
    const older = getRevision("draft-1997")!;
    const plain = compareLanguages(older, a, { rule: "pchar" }).comparisons[0];
    expect([plain.verdict, plain.onlyA.map((w) => w.input), plain.onlyB.map((w) => w.input)]).to.deep.equal(["different", [], [";"]]);
    const step: ProductStep = (da, db, p, q, ca, cb) => (cb >= 0 && classifier(db.classRanges)(0x3b) === cb ? [-1, -1] : productStep(da, db, p, q, ca, cb));
    const planted = compareLanguages(older, a, { rule: "pchar" }, { step }).comparisons[0];
    expect(planted.verdict).to.equal("unconfirmed");
    expect(planted.note).to.equal("the product found no difference, but the minimal DFAs differ");
  });
});

describe("the adapter (ruleAutomaton) and the scheme-aware reference automaton agree with validate()", function () {
  this.timeout(120_000);
  for (const spec of SPEC_IDS) {
    const revision = getRevision(spec)!;
    it(`${spec}: the adapter's character classes are the scanner's classOf() on every UTF-16 code unit`, () => {
      const classOf = classifier(ruleAutomaton(revision, revision.topRule)!.classRanges);
      const wrong: number[] = [];
      for (let u = 0; u <= 0xffff; u++) if (classOf(u) !== revision.scanner.classOf(u)) wrong.push(u);
      expect(wrong.slice(0, 5)).to.deep.equal([]);
    });

    it(`${spec}: the reference automaton accepts exactly what validate() accepts (corpus, scheme case variants, generated strings)`, () => {
      const automaton = referenceAutomaton(revision)!;
      const top = ruleAutomaton(revision, revision.topRule)!;
      const corpus = readFileSync(join(ROOT, "test", "data", "corpora", "real-world.txt"), "utf8").split("\n").filter((l) => l !== "").slice(0, 3000);
      const schemes = [...(revision.schemeProductions?.productions.keys() ?? []), "url", "x", ""];
      const variants = schemes.flatMap((s) => [s, s.toUpperCase(), s.replace(/k/g, "\u212a"), s.replace(/i/g, "\u0130"), s.slice(0, -1)]).flatMap((s) => [`${s}:`, `${s}://a/b`, `${s}:a@b`, `url:${s}://a`, `URL:${s}:x`, `${s}`]);
      const grammar = publishedGrammarOf(spec);
      const generated: string[] = [];
      if (!(grammar instanceof Error)) {
        const gen = new Generator(grammar, 7);
        for (let k = 0; k < 3000; k++) generated.push(gen.next(revision.topRule, 40).input);
      }
      const inputs = [...corpus, ...variants, ...generated];
      // A revision with predicates (the WHATWG valid domain): the automaton is the grammar's, a
      // superset; where it accepts and validate() does not, a predicate must be what refused.
      const refusedByPredicate = (x: string, rule?: string) => {
        const r = parse(x, rule === undefined ? { spec } : { spec, rule });
        return !r.ok && r.error.code === "predicate";
      };
      const wrong = inputs.filter((x) => runAutomaton(automaton, x) !== validate(x, { spec }) && !refusedByPredicate(x));
      expect(wrong.slice(0, 5)).to.deep.equal([]);
      const wrongTop = inputs.filter((x) => runAutomaton(top, x) !== validate(x, { spec, rule: revision.topRule }) && !refusedByPredicate(x, revision.topRule));
      expect(wrongTop.slice(0, 5)).to.deep.equal([]);
      // Both verdicts occur, so the comparison can fail.
      expect(inputs.some((x) => validate(x, { spec }))).to.equal(true);
      expect(inputs.some((x) => !validate(x, { spec }))).to.equal(true);
    });
  }

  it("ruleAutomaton answers null for a rule the revision does not have", () => {
    expect(ruleAutomaton(getRevision("draft-2003")!, "IPvFuture")).to.equal(null);
  });
});

describe("languageDiff(): errors are values", () => {
  it("an unknown spec is parse()'s unknown-spec error", () => {
    const r = languageDiff("draft-2003", "rfc9999" as SpecId);
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.code).to.equal("unknown-spec");
  });
  it("a rule one side lacks is parse()'s unknown-rule error for that side", () => {
    const r = languageDiff("draft-2003", "rfc3986", { rule: "IPvFuture" });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error).to.deep.equal((parse("x", { spec: "draft-2003", rule: "IPvFuture" as string }) as ParseFailure).error);
  });
  it("a component neither maps, a bad witness count: invalid-option with a sentence", () => {
    for (const [options, text] of [
      [{ component: "password" }, /"password" is no component both draft-2003 and rfc3986 map to a rule/],
      [{ witnesses: -1 }, /witnesses must be a whole number/],
    ] as const) {
      const r = languageDiff("draft-2003", "rfc3986", options);
      expect(r.ok).to.equal(false);
      if (!r.ok) {
        expect(r.error.code).to.equal("invalid-option");
        expect(r.error.message).to.match(text);
      }
    }
  });
  it("options that are no object read as no options", () => {
    expect(languageDiff("draft-1997", "draft-2003", null as never).ok).to.equal(true);
  });
});

describe("CLI: diff --languages", () => {
  it("`diff --languages draft-2003 rfc3986 --rule host` prints exactly the golden text a person has read", async () => {
    const r = await run(["diff", "--languages", "draft-2003", "rfc3986", "--rule", "host"]);
    expect(r.code).to.equal(0);
    const golden = readFileSync(join(DATA_DIR, "golden", "diff-languages-draft-2003-rfc3986-host.txt"), "utf8");
    expect(r.out.replace(/; \d+\.\d\d s\n/, "; T s\n")).to.equal(golden);
    expect(r.out).to.include('"[va.a]"  draft-2003 stops at offset 1 in IPv6address');
  });
  it("`--rule port` states that the languages are equal", async () => {
    const r = await run(["diff", "--languages", "draft-2003", "rfc3986", "--rule", "port"]);
    expect(r.out).to.include("rule port: equal (1 and 1 states, 1 pairs)");
  });
  it("--json gives the comparisons; --component picks one component", async () => {
    const r = await run(["diff", "--languages", "--json", "--component", "host", "draft-1997", "draft-2003"]);
    const j = JSON.parse(r.out);
    expect(j.comparisons.map((c: LanguageComparison) => [c.kind, c.name, c.verdict])).to.deep.equal([["component", "host", "different"]]);
  });
  it("a rule one side lacks is a usage error (exit 2) naming the rules both have; --rule without --languages too", async () => {
    const r = await run(["diff", "--languages", "draft-2003", "rfc3986", "--rule", "IPvFuture"]);
    expect(r.code).to.equal(2);
    expect(r.err).to.match(/draft-2003 has no rule "IPvFuture"\..* Rules both draft-2003 and rfc3986 have: URI-reference, /);
    expect((await run(["diff", "draft-2003", "rfc3986", "--rule", "host"])).code).to.equal(2);
  });
});
