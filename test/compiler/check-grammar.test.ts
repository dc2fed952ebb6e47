// check / check-grammar (scripts/scanner/passes/check-grammar.mjs): what the construction needs of a
// grammar, every problem of the stage reported at once.
import { expect } from "chai";
import { MINI, compileMini, plantedPass, problemsOf } from "../support/compiler";
import { compileWith } from "../support/compiler";

/** MINI with three problems: a reference to no rule, a rule that reaches itself, a semantic predicate. */
const BROKEN = MINI.replace('= [A-Za-z]\n', "= [A-Za-z] nowhere\n")
  .replace('= "%" HEX|2|', '= "%" HEX|2| / "%(" segment ")"')
  .replace("= ALPHA+", "= ALPHA+ &{ return true; }");

describe("compiler pass check-grammar", () => {
  it("MINI passes, and the pass says its longest chain of calls", () => {
    const c = compileMini("check-grammar");
    expect(c.checked).to.deep.equal({ rules: 9, references: 13, longestChain: ["ref", "path", "segment", "pct", "HEXDIG"] });
  });

  it("reports the three problems of a broken grammar together, each named after the pass", () => {
    expect(BROKEN).to.not.equal(MINI);
    const found = problemsOf(BROKEN);
    expect(found, found.join("\n")).to.have.length(3);
    expect(found.some((p) => /refers to nowhere, which is not defined/.test(p))).to.equal(true);
    expect(found.some((p) => /reaches itself \(segment > pct > segment\)/.test(p))).to.equal(true);
    expect(found.some((p) => /semantic and/.test(p))).to.equal(true);
    expect(found.every((p) => p.startsWith("check-grammar: "))).to.equal(true);
  });

  it("a planted fault (recursion not looked for) is caught", () => {
    const planted = plantedPass("check-grammar", "if (i >= 0) {", "if (i >= 0 && false) {");
    let found: string[];
    try {
      compileWith(planted, "check-grammar", BROKEN);
      found = [];
    } catch (e) {
      found = (e as { problems?: string[] }).problems ?? [];
    }
    expect(found.some((p) => /reaches itself/.test(p))).to.equal(false);
  });
});
