// build / build-walk (scripts/scanner/passes/build-walk.mjs): the walk functions, run by the scanner
// module they are emitted into (src/scanner/scanner.ts), build peggy's derivation of every accepted
// input, from every start rule.
import { expect } from "chai";
import { compileMini, compileWith, plantedPass, scannerProblems } from "../support/compiler";

describe("compiler pass build-walk", () => {
  it("the walk of every accepted input is peggy's derivation", () => {
    const c = compileMini();
    expect(c.walk.code).to.match(/^function rule_ref\(w: Scanner, p: number, parent: DerivationNode\[\]\): number \{/);
    expect(scannerProblems(c)).to.deep.equal([]);
  });

  it("a planted fault (the first decision asks the second's question) is caught", () => {
    const planted = plantedPass("build-walk", "new Map(decisions.map((d, i) => [d.expr, i]))", "new Map(decisions.map((d, i) => [d.expr, i === 0 ? 1 : i]))");
    expect(scannerProblems(compileWith(planted))).to.not.deep.equal([]);
  });
});
