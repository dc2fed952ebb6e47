// build / plan-ast (scripts/scanner/passes/plan-ast.mjs): the AST the annotations declare, per start
// rule: MINI's top rule reads its scheme, path and fragment, and the AST built from its plan (through
// build-tagged and emit-ast) holds each of them where peggy's derivation has it.
import { expect } from "chai";
import { MINI, astProblems, compileMini, compileWith, plantedPass } from "../support/compiler";

describe("compiler pass plan-ast", () => {
  it("plans ref's AST: its type names its fields, and the AST of every accepted input holds peggy's scheme, path and fragment", () => {
    const c = compileMini();
    const top = c.planned.plans.find((p: { peg: string }) => p.peg === "ref");
    expect(top.type).to.contain("scheme: TextComponent | null; path: TextComponent; fragment: TextComponent | null;");
    expect([...c.planned.ctx.shipped]).to.deep.equal(["ref"]);
    expect(astProblems(c)).to.deep.equal([]);
  });

  it("a planted fault (the fragment field planned from the scheme) is caught", () => {
    const planted = plantedPass("plan-ast", "return planGrammar(c.source,", 'return planGrammar(c.source.replace("@field fragment: text frag", "@field fragment: text scheme"),');
    expect(MINI).to.contain("@field fragment: text frag");
    expect(astProblems(compileWith(planted))).to.not.deep.equal([]);
  });
});
