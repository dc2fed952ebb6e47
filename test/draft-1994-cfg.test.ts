// The draft-1994 PEG against an independent context-free reading of the published rules
// (test/support/draft-1994-cfg.ts): the issue asks that the PEG accept exactly what the published
// grammar accepts as a CFG. Two sources of inputs: the table test/data/draft-1994.tsv, and seeded random
// derivations of every rule, half of them mutated at one place to land near the edge.
import { expect } from "chai";
import { parse } from "../src";
import { defaultRule, getRevision } from "../src/revisions";
import { DRAFT_1994_CFG, cfgRecognizes, cfgSample } from "./support/draft-1994-cfg";
import { readTable } from "./support/table";

const SPEC = "draft-1994";
const revision = getRevision(SPEC)!;

describe("draft-1994 PEG = CFG", () => {
  it("the CFG covers every published rule of the grammar file", () => {
    const published = revision.rules.filter((r) => r.kind === "published").map((r) => r.published!).sort();
    expect(Object.keys(DRAFT_1994_CFG).sort()).to.deep.equal(published);
  });

  it("agrees with every case of test/data/draft-1994.tsv", () => {
    for (const c of readTable("draft-1994.tsv").filter((c) => c.spec === SPEC)) {
      const rule = c.rule === "*" ? defaultRule(revision, c.input).rule : c.rule;
      expect(cfgRecognizes(rule, c.input), `draft-1994.tsv:${c.line} ${rule} ${JSON.stringify(c.input)}`).to.equal(c.valid);
    }
  });

  it("agrees on seeded random derivations of every rule and their one-place mutations", () => {
    let seed = 1994;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const pick = <T>(a: T[]) => a[Math.floor(random() * a.length)];
    const edits = ["@", "/", ".", "%00", "%09", ":", "?", "+", ";", "=", "1", "a", "A", "*", "%", " ", "#", ""];
    let checked = 0;
    let accepted = 0;
    for (const rule of Object.keys(DRAFT_1994_CFG)) {
      for (let k = 0; k < 40; k++) {
        let s = cfgSample(rule, random);
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
