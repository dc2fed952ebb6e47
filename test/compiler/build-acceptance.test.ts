// build / build-acceptance (scripts/scanner/passes/build-acceptance.mjs): validate()'s DFA accepts,
// from each start rule, what peggy accepts; it is no larger than the scanner's; its sinks are 0 and 1.
import { expect } from "chai";
import { MINI, classesOf, compileMini, compileWith, miniInputs, plantedPass, referenceParser, runRows, type Compilation } from "../support/compiler";

function problems(c: Compilation): string[] {
  const ref = referenceParser(MINI, c.names);
  const { trans, accept, starts } = c.acceptance;
  const out: string[] = [];
  for (const r of c.grammar.rules as { name: string }[]) {
    for (const input of miniInputs()) {
      const end = runRows(trans, starts[r.name], classesOf(c, input));
      if ((end !== 0 && accept[end] === 1) !== (ref.parse(input, r.name) !== null)) out.push(`${r.name} ${JSON.stringify(input)}`);
    }
  }
  if (trans.length > c.dfa.trans.length) out.push("larger than the scanner's DFA");
  return out;
}

describe("compiler pass build-acceptance", () => {
  it("accepts what peggy accepts from every start rule, in fewer states than the scanner's DFA", () => {
    const c = compileMini("build-acceptance");
    expect(problems(c)).to.deep.equal([]);
    expect(c.acceptance.trans.length).to.be.lessThan(c.dfa.trans.length);
  });

  it("a planted fault (every state accepting) is caught", () => {
    const planted = plantedPass("build-acceptance", "acceptOut[m] = accept[reached[i]];", "acceptOut[m] = 1;");
    expect(problems(compileWith(planted, "build-acceptance"))).to.not.deep.equal([]);
  });
});
