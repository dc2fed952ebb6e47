// build / build-reverse (scripts/scanner/passes/build-reverse.mjs): the reverse DFA, run from the end
// of an input to each position, answers there every question it has a bit for as the question's own
// DFA does over the rest of the input.
import { expect } from "chai";
import { answer, classesOf, compileMini, compileWith, miniInputs, plantedPass, type Compilation } from "../support/compiler";

function problems(c: Compilation): string[] {
  const rev = c.reverse as { transitions: Int32Array[]; bits: Uint32Array; initial: number };
  const reversed = c.questions.list.filter((q: { reverse: boolean }) => q.reverse) as { start: number; bit: number }[];
  const out: string[] = [];
  if (reversed.length === 0) return ["no question for the reverse pass"];
  for (const input of miniInputs()) {
    const classes = classesOf(c, input);
    let s = rev.initial;
    for (let p = input.length; p >= 0; p--) {
      if (p < input.length) s = rev.transitions[s][classes[p]];
      for (const q of reversed) {
        const got = ((rev.bits[s] >>> q.bit) & 1) === 1;
        if (got !== answer(c, q.start, input, p).yes) out.push(`bit ${q.bit} at ${p} of ${JSON.stringify(input)}`);
      }
    }
  }
  return out;
}

describe("compiler pass build-reverse", () => {
  it("answers path's question (segment \"/\") at every position of every input as its DFA does", () => {
    expect(problems(compileMini("build-reverse"))).to.deep.equal([]);
  });

  it("a planted fault (the reverse DFA built for the bounded questions instead) is caught", () => {
    const planted = plantedPass("build-reverse", ".filter((d) => d.reverse)", ".filter((d) => d.depth !== null)");
    expect(problems(compileWith(planted, "build-reverse"))).to.not.deep.equal([]);
  });
});
