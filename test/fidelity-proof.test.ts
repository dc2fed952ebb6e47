// fidelity --prove (src/ops/fidelity-proof.ts): every rule of every revision, the PEG's DFA against
// a DFA compiled from the published rule (src/automata/published.ts), decided exactly. The
// verdicts must agree with grammar/<spec>/deviations.tsv both ways (every difference listed,
// every listed difference there); planted mistakes (a published rule read with one alternative
// missing, a compiler that drops one, a product that drops a transition, a self-embedding rule)
// must be caught; docs/languages.md's tables must be what the proof and the comparison give now.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { languagesMarkdown } from "../src/cli/languages-doc";
import { productStep, type ProductStep } from "../src/automata/product";
import { publishedAutomata } from "../src/automata/published";
import { runAutomaton } from "../src/automata/dfa";
import { compiled, recognize } from "../src/published/earley";
import { Generator } from "../src/published/generate";
import type { Expr, PublishedGrammar } from "../src/published/model";
import { loadDeviations, publishedGrammarOf, type Deviation } from "../src/ops/fidelity";
import { proveFidelity, type FidelityProof } from "../src/ops/fidelity-proof";
import { publishedGrammarFile } from "../src/published";
import { availableSpecIds, getRevision } from "../src/revisions";
import { runCli } from "./support/run-cli";

const ROOT = join(__dirname, "..", "..");
const SPECS = availableSpecIds().filter((id) => publishedGrammarFile(id));

function proof(r: FidelityProof | Error): FidelityProof {
  if (r instanceof Error) throw r;
  return r;
}

function grammar(spec: string): PublishedGrammar {
  const g = publishedGrammarOf(spec);
  if (g instanceof Error) throw g;
  return g;
}

/** The grammar with one rule's expression replaced. */
function withRule(g: PublishedGrammar, name: string, f: (e: Expr) => Expr): PublishedGrammar {
  return { ...g, rules: g.rules.map((r) => (r.name === name ? { ...r, expr: f(r.expr) } : r)) };
}

const lastAlternativeDropped = (e: Expr): Expr => (e.type === "alt" ? { ...e, items: e.items.slice(0, -1) } : e);

describe("fidelity --prove: every rule of every revision, decided exactly, agrees with deviations.tsv", function () {
  this.timeout(120_000);
  const deviations = loadDeviations();
  for (const spec of SPECS) {
    it(`${spec}: each rule proved equal, or its every difference listed; every row of deviations.tsv used`, () => {
      const p = proof(proveFidelity({ spec }));
      const revision = getRevision(spec)!;
      expect(p.rules.map((r) => r.rule)).to.deep.equal(revision.rules.filter((r) => r.kind !== "helper").map((r) => r.published));
      const bad = p.rules.filter((r) => r.verdict !== "equal" && r.verdict !== "documented").map((r) => ({ rule: r.rule, verdict: r.verdict, reason: r.reason, witnesses: r.witnesses }));
      expect(bad).to.deep.equal([]);
      expect(p.unusedDeviations).to.deep.equal([]);
      // Documented differences come from the rows for this revision, and only those.
      expect(p.counts.documented > 0).to.equal(deviations.some((d) => d.spec === spec));
      for (const r of p.rules) expect(r.states.peg, r.rule).to.be.above(0);
    });
  }

  it("the published DFAs accept what the Earley recognizer accepts, on generated strings and their mutations", () => {
    for (const spec of SPECS) {
      const g = grammar(spec);
      const automata = publishedAutomata(g);
      const cg = compiled(g);
      const gen = new Generator(g, 11);
      const revision = getRevision(spec)!;
      for (const rule of [revision.topRule, ...revision.rules.filter((r) => r.kind !== "helper").map((r) => r.published!)].slice(0, 12)) {
        const r = automata.rule(rule);
        expect(r && r.ok, `${spec} ${rule}`).to.equal(true);
        if (!r || !r.ok) continue;
        const d = r.dfa;
        const automaton = { classRanges: d.classRanges, start: d.start, transition: (s: number, c: number) => (s < 0 ? -1 : d.next[s * d.k + c]), accepting: (s: number) => s >= 0 && d.accept[s] === 1 };
        for (let k = 0; k < 150; k++) {
          const { input } = gen.next(rule, 30);
          expect(runAutomaton(automaton, input), `${spec} ${rule} ${JSON.stringify(input)}`).to.equal(recognize(cg, rule, input));
        }
      }
    }
  });
});

describe("fidelity --prove: planted mistakes are caught", function () {
  this.timeout(60_000);
  const rules = ["dec-octet", "IPv4address", "host"];

  it("a published rule read with one alternative missing (draft-2003 dec-octet without \"25\" %x30-35): undocumented, with witnesses the recognizer confirms", () => {
    const g = withRule(grammar("draft-2003"), "dec-octet", lastAlternativeDropped);
    const p = proof(proveFidelity({ spec: "draft-2003", rules, grammar: g }));
    for (const r of p.rules) {
      expect(r.verdict, r.rule).to.equal("undocumented");
      expect(r.witnesses.length, r.rule).to.be.above(0);
      for (const w of r.witnesses) {
        expect([w.peg, w.published]).to.deep.equal([true, false]);
        expect(w.deviation).to.equal(null);
        expect(w.input).to.include("25");
      }
    }
    expect(p.rules[0].witnesses.map((w) => w.input)).to.deep.equal(["250"]);
    expect(p.rules[0].witnesses[0].sentence).to.match(/^the published rule dec-octet \(grammar\/draft-2003\/published\.abnf:\d+\) cannot take "0" at offset 2$/);
  });

  it("the same difference listed in deviations.tsv is documented (and its row used); a row for a difference that is not there is reported unused", () => {
    const g = withRule(grammar("draft-2003"), "dec-octet", lastAlternativeDropped);
    const row: Deviation = { spec: "draft-2003", rule: "*", match: /25[0-5]/, peg: true, bnf: false, section: "test", words: "planted" };
    const p = proof(proveFidelity({ spec: "draft-2003", rules, grammar: g, deviations: [row] }));
    expect(p.rules.map((r) => r.verdict)).to.deep.equal(["documented", "documented", "documented"]);
    expect(p.rules[0].witnesses[0].deviation).to.deep.include({ rule: "*", match: "25[0-5]" });
    expect(p.unusedDeviations).to.deep.equal([]);
    const stale = proof(proveFidelity({ spec: "draft-2003", rules, deviations: [row] }));
    expect(stale.rules.map((r) => r.verdict)).to.deep.equal(["equal", "equal", "equal"]);
    expect(stale.unusedDeviations).to.deep.equal([{ rule: "*", match: "25[0-5]", section: "test" }]);
  });

  it("a row that covers only part of a difference leaves the rest undocumented", () => {
    const g = withRule(grammar("draft-2003"), "dec-octet", lastAlternativeDropped);
    const row: Deviation = { spec: "draft-2003", rule: "*", match: /^250$/, peg: true, bnf: false, section: "test", words: "planted" };
    const p = proof(proveFidelity({ spec: "draft-2003", rules, grammar: g, deviations: [row] }));
    expect(p.rules.map((r) => r.verdict)).to.deep.equal(["documented", "undocumented", "undocumented"]);
  });

  it("a compiler that drops an alternative (the recognizer reads the grammar right): unconfirmed, by the Earley recognizer", () => {
    const transform = (rule: string, e: Expr) => (rule === "dec-octet" ? lastAlternativeDropped(e) : e);
    const p = proof(proveFidelity({ spec: "draft-2003", rules, transform }));
    for (const r of p.rules) {
      expect(r.verdict, r.rule).to.equal("unconfirmed");
      expect(r.reason).to.match(/validate\(\) accepts and the Earley recognizer accepts it/);
      expect(r.witnesses).to.deep.equal([]);
    }
  });

  it("a product that drops a transition: unconfirmed, by the minimal DFAs and the recognizer", () => {
    const step: ProductStep = (a, b, p, q, ca, cb) => {
      const [p2, q2] = productStep(a, b, p, q, ca, cb);
      return p === a.start && q === b.start && cb >= 0 && b.classRanges[cb][0] <= 0x32 && 0x32 <= b.classRanges[cb][1] ? [p2, -1] : [p2, q2];
    };
    const p = proof(proveFidelity({ spec: "draft-2003", rules: ["dec-octet"], step }));
    expect(p.rules[0].verdict).to.equal("unconfirmed");
    expect(p.rules[0].reason).to.match(/^the product found differences, but the minimal DFAs are the same; "2" was found as accepted by the PEG only/);
  });

  it("a self-embedding rule is named as not compiled, with its callers, and sampled instead", () => {
    // draft-2003 segment = *pchar *( ";" param ), planted: or "(" segment ")"; "(" and ")" are pchar.
    const g = withRule(grammar("draft-2003"), "segment", (e) => ({ type: "alt", items: [e, { type: "seq", items: [{ type: "lit", text: "(", caseInsensitive: false }, { type: "ref", name: "segment" }, { type: "lit", text: ")", caseInsensitive: false }] }] }));
    const p = proof(proveFidelity({ spec: "draft-2003", rules: ["segment", "path-segments", "pchar"], grammar: g, samples: 300 }));
    const [segment, pathSegments, pchar] = p.rules;
    expect(segment.verdict).to.equal("not-compiled");
    expect(segment.reason).to.equal("segment refers to itself other than as its last step (not right-linear: possibly self-embedding, so perhaps not regular)");
    expect(segment.sampling!.tried).to.equal(300);
    expect(pathSegments.verdict).to.equal("not-compiled");
    expect(pathSegments.reason).to.match(/^refers to segment, which is not compiled/);
    expect(pchar.verdict).to.equal("equal");
  });

  it("right-linear recursion is compiled: draft-1993 xalphas = xalpha [ xalphas ], draft-1994 wpath = digits \"=\" path \";\" [ wpath ]", () => {
    expect(publishedAutomata(grammar("draft-1993")).rule("xalphas")!.ok).to.equal(true);
    const p = proof(proveFidelity({ spec: "draft-1994", rules: ["wpath", "path"] }));
    expect(p.rules.map((r) => r.verdict)).to.deep.equal(["equal", "equal"]);
  });
});

const run = runCli;

describe("CLI: fidelity --prove", function () {
  this.timeout(120_000);
  it("`fidelity --prove --spec rfc3986 --rule host` proves the rule equal, exit 0", async () => {
    const r = await run(["fidelity", "--prove", "--spec", "rfc3986", "--rule", "host"]);
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/\n  host  proved equal          \d+ \/ \d+ \/ \d+\n/);
    expect(r.out).to.match(/^1 rule of 1 revision: 1 proved equal, 0 documented deviations, 0 undocumented, 0 not compiled; \d+\.\d s$/m);
    expect(r.out, "says what it proved against (issue 41 item 7)").to.contain("Proved against grammar/<revision>/published.abnf, the project's transcription");
  });
  it("`fidelity --prove --json` gives a verdict for every rule of every revision", async () => {
    const r = await run(["fidelity", "--prove", "--json"]);
    expect(r.code).to.equal(0);
    const j = JSON.parse(r.out) as { proofs: FidelityProof[] };
    expect(j.proofs.map((p) => p.spec)).to.deep.equal(SPECS);
    for (const p of j.proofs) expect(p.rules.length).to.equal(getRevision(p.spec)!.rules.filter((x) => x.kind !== "helper").length);
  });
  it("--rule without --spec, an unknown rule, --rule without --prove: usage errors (exit 2)", async () => {
    expect((await run(["fidelity", "--prove", "--rule", "host"])).code).to.equal(2);
    expect((await run(["fidelity", "--prove", "--spec", "rfc3986", "--rule", "hostname"])).code).to.equal(2);
    expect((await run(["fidelity", "--rule", "host"])).code).to.equal(2);
  });
});

describe("docs/languages.md: its generated tables are what the proof and the comparison give now", function () {
  this.timeout(120_000);
  it("the fidelity and pairwise tables (regenerate: node scripts/write-languages-doc.mjs after npm run build)", () => {
    const committed = readFileSync(join(ROOT, "docs", "languages.md"), "utf8");
    const generated = languagesMarkdown(readFileSync(join(ROOT, "test", "data", "languages", "witnesses.tsv"), "utf8"));
    const block = committed.slice(committed.indexOf("<!-- generated:start -->"), committed.indexOf("<!-- generated:end -->") + "<!-- generated:end -->".length);
    expect(block.length).to.be.above(1000);
    expect(block).to.equal(generated);
  });
});
