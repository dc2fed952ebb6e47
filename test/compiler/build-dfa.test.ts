// build / build-dfa (scripts/scanner/passes/build-dfa.mjs): the scanner's DFA accepts, from each start
// rule's state, exactly what peggy's parser accepts from that rule; state 0 rejects and state 1
// accepts everything; each question starts in a state.
import { expect } from "chai";
import { MINI, classesOf, compileMini, compileWith, miniInputs, plantedPass, referenceParser, runRows, type Compilation } from "../support/compiler";

function problems(c: Compilation): string[] {
  const ref = referenceParser(MINI, c.names);
  const { trans, accept, starts, decisionStarts } = c.dfa;
  const out: string[] = [];
  for (const r of c.grammar.rules) {
    for (const input of miniInputs()) {
      const end = runRows(trans, starts[r.name], classesOf(c, input));
      const want = ref.parse(input, r.name) !== null;
      if ((end !== 0 && accept[end] === 1) !== want) out.push(`${r.name} ${JSON.stringify(input)}: ${want ? "rejected" : "accepted"}`);
    }
  }
  if (decisionStarts.length !== c.decisions.list.length) out.push("a start per question");
  return out;
}

describe("compiler pass build-dfa", () => {
  it("every start rule accepts what peggy accepts", () => {
    const c = compileMini("build-dfa");
    expect(problems(c)).to.deep.equal([]);
    expect(c.dfa.trans.length).to.be.lessThan(c.dfa.explored);
  });

  it("a planted fault (a live state accepts whatever it is) is caught", () => {
    const planted = plantedPass("build-dfa", "accept[m] = builder.accepting(s) && live[s] ? 1 : 0;", "accept[m] = live[s] ? 1 : 0;");
    expect(problems(compileWith(planted, "build-dfa"))).to.not.deep.equal([]);
  });
});
