// emit / emit-scanner (scripts/scanner/passes/emit-scanner.mjs): the generated scanner module, loaded
// (its run time is dist/src/scanner/), scans like peggy's parser from every start rule and walks to
// peggy's derivation; coded or plain, the same.
import { expect } from "chai";
import { compileMini, compileWith, loadModule, plantedPass, scannerProblems, type ScannerModule } from "../support/compiler";

describe("compiler pass emit-scanner", () => {
  for (const tables of ["coded", "plain"] as const) {
    it(`${tables}: the module scans and walks as peggy parses`, () => {
      const c = compileMini(undefined, undefined, { tables });
      expect(scannerProblems(c)).to.deep.equal([]);
      const m = loadModule<ScannerModule & Record<string, unknown>>(c.scannerModule);
      for (const name of ["K", "LOW", "classOf", "CLASS_RANGES", "TRANS", "ACCEPT", "LABEL", "STACK_PARENT", "STACK_NAME", "START", "ONE_CHAR", "ROWS_FROM", "SKIPS", "LAST", "FIRST", "ALTERNATIVE", "D_START", "REV_BITS", "load", "scan", "walk"]) expect(m[name], name).to.not.equal(undefined);
    });
  }

  it("a planted fault (the start states of validate()'s DFA written for the scanner's) is caught", () => {
    const planted = plantedPass("emit-scanner", "start: ${JSON.stringify(dfa.starts)},", 'start: ${JSON.stringify(need(c, "acceptance").starts)},');
    expect(scannerProblems(compileWith(planted))).to.not.deep.equal([]);
  });
});
