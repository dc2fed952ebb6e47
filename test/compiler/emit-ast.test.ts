// emit / emit-ast (scripts/scanner/passes/emit-ast.mjs): the generated AST module, loaded, builds from
// every accepted input the AST its annotations declare, its fields where peggy's derivation has them.
import { expect } from "chai";
import { astProblems, compileMini, compileWith, plantedPass } from "../support/compiler";

describe("compiler pass emit-ast", () => {
  for (const tables of ["coded", "plain"] as const) {
    it(`${tables}: the AST of every accepted input`, () => {
      expect(astProblems(compileMini(undefined, undefined, { tables }))).to.deep.equal([]);
    });
  }

  it("a planted fault (the module written without its plans) is caught", () => {
    const planted = plantedPass("emit-ast", 'emitAstModule(needOrNull(c, "tagged"),', "emitAstModule(null,");
    expect(astProblems(compileWith(planted))).to.not.deep.equal([]);
  });
});
