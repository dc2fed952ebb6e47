// build / build-tagged (scripts/scanner/passes/build-tagged.mjs): the tagged DFA of MINI's top rule,
// run over the scanner's classes (src/scanner/tagged.ts), records the positions its AST reads: the
// AST of every accepted input holds peggy's scheme, path and fragment.
import { expect } from "chai";
import { astProblems, compileMini, compileWith, plantedPass } from "../support/compiler";

describe("compiler pass build-tagged", () => {
  it("ref's tagged DFA ships, and the positions it records are peggy's", () => {
    const c = compileMini();
    const top = c.tagged.plans.find((p: { peg: string }) => p.peg === "ref");
    expect(top.ship).to.equal(true);
    expect(top.tables.count).to.be.greaterThan(2);
    expect(astProblems(c)).to.deep.equal([]);
  });

  it("a planted fault (the tagged DFAs built over the classes in the other order) is caught", () => {
    const planted = plantedPass("build-tagged", 'need(c, "names"), need(c, "classes"));', 'need(c, "names"), need(c, "classes").map((cls, i, all) => ({ ...all[all.length - 1 - i], id: cls.id })));');
    expect(astProblems(compileWith(planted))).to.not.deep.equal([]);
  });
});
