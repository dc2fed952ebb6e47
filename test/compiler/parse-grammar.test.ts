// read / parse-grammar (scripts/scanner/passes/parse-grammar.mjs): the grammar's rules, in order and
// by name; a grammar that does not parse is a problem of the read stage, with where.
import { expect } from "chai";
import { compileMini, compileWith, plantedPass, problemsOf, type Compilation } from "../support/compiler";

const RULES = ["ref", "scheme", "path", "segment", "pct", "frag", "ALPHA", "DIGIT", "HEX"];

/** What is wrong with parse-grammar's result: the rules in order, each by its name. */
function problems(c: Compilation): string[] {
  const out: string[] = [];
  const names = c.grammar.rules.map((r: { name: string }) => r.name);
  if (names.join(" ") !== RULES.join(" ")) out.push(`rules ${names.join(" ")}`);
  for (const r of c.grammar.rules) if (c.grammar.byName.get(r.name) !== r.expression) out.push(`${r.name} not by name`);
  if (c.grammar.byName.size !== RULES.length) out.push(`${c.grammar.byName.size} by name`);
  return out;
}

describe("compiler pass parse-grammar", () => {
  it("reads the grammar's rules, in order and by name", () => {
    expect(problems(compileMini("parse-grammar"))).to.deep.equal([]);
  });

  it("a grammar that does not parse: a problem of the read stage, with its line", () => {
    const found = problemsOf('// @rule ref §1\n//   ref = "a"\nref\n  = ("a"\n');
    expect(found).to.have.length(1);
    expect(found[0]).to.match(/^parse-grammar: mini\.peggy:5:1: Expected /);
  });

  it("a planted fault (the first rule left out of the map by name) is caught", () => {
    const planted = plantedPass("parse-grammar", "new Map(ast.rules.map(", "new Map(ast.rules.slice(1).map(");
    expect(problems(compileWith(planted, "parse-grammar"))).to.not.deep.equal([]);
  });
});
