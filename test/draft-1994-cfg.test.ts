// The draft-1994 PEG against the published grammar read as a context-free grammar: the rules of
// grammar/draft-1994/published.adhoc-bnf (the seed's "BNF for specific URL schemes" with the repairs
// marked), read by the shared ad-hoc BNF reader and run by the shared Earley recognizer
// (src/published). The issue asks that the PEG accept exactly what the published grammar accepts as
// a CFG. Two sources of inputs: the table grammar/draft-1994/cases.tsv, and seeded random derivations of
// every rule, half of them mutated at one place to land near the edge. (test/fidelity.test.ts runs
// the generic campaign; this file keeps the draft-1994-specific edits and the table.)
import { expect } from "chai";
import { parse } from "../src";
import { loadPublishedGrammar } from "../src/published";
import { compiled, recognize } from "../src/published/earley";
import { Generator } from "../src/published/generate";
import { defaultRule, getRevision } from "../src/revisions";
import { readTable } from "./support/table";

const SPEC = "draft-1994";
const revision = getRevision(SPEC)!;
const loaded = loadPublishedGrammar(SPEC);
if (!loaded || !loaded.ok) throw new Error(`grammar/draft-1994/published.adhoc-bnf: ${loaded ? loaded.errors.join("; ") : "not registered"}`);
const grammar = loaded.grammar;
const cfg = compiled(grammar);

/** The published grammar's verdict (null would mean an unknown rule: the assertion then fails). */
const cfgRecognizes = (rule: string, input: string): boolean | null => recognize(cfg, rule, input);

describe("draft-1994 PEG = CFG (grammar/draft-1994/published.adhoc-bnf, shared Earley recognizer)", () => {
  it("the CFG covers every published rule of the grammar file", () => {
    const published = revision.rules.filter((r) => r.kind === "published").map((r) => r.published!).sort();
    expect(grammar.rules.map((r) => r.name).sort()).to.deep.equal(published);
  });

  it("agrees with every case of grammar/draft-1994/cases.tsv", () => {
    for (const c of readTable("grammar/draft-1994/cases.tsv").filter((c) => c.spec === SPEC)) {
      const rule = c.rule === "*" ? defaultRule(revision, c.input).rule : c.rule;
      expect(cfgRecognizes(rule, c.input), `draft-1994.tsv:${c.line} ${rule} ${JSON.stringify(c.input)}`).to.equal(c.valid);
    }
  });

  it("agrees on seeded random derivations of every rule and their one-place mutations", () => {
    let seed = 1994;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const pick = <T>(a: T[]) => a[Math.floor(random() * a.length)];
    const generator = new Generator(grammar, 1994);
    const edits = ["@", "/", ".", "%00", "%09", ":", "?", "+", ";", "=", "1", "a", "A", "*", "%", " ", "#", ""];
    let checked = 0;
    let accepted = 0;
    for (const { name: rule } of grammar.rules) {
      for (let k = 0; k < 40; k++) {
        let s = generator.derive(rule, 40);
        if (s.length > 40) continue;
        if (random() < 0.5) {
          const at = Math.floor(random() * (s.length + 1));
          s = random() < 0.5 ? s.slice(0, at) + pick(edits) + s.slice(at) : s.slice(0, at) + pick(edits) + s.slice(at + 1);
        }
        const want = cfgRecognizes(rule, s);
        const got = parse(s, { spec: SPEC, rule }).ok;
        expect(got, `${rule} ${JSON.stringify(s)}: CFG says ${want}`).to.equal(want);
        checked++;
        if (want) accepted++;
      }
    }
    // Both verdicts must be well represented, or the comparison says little.
    expect(checked).to.be.greaterThan(2000);
    expect(accepted / checked).to.be.within(0.3, 0.9);
  });
});
