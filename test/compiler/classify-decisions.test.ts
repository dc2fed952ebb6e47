// build / classify-decisions (scripts/scanner/passes/classify-decisions.mjs): how each question is
// answered. Held to the question's own DFA run over the whole rest of the input (yes when it reaches
// the state that accepts everything, or the end in an accepting state): the next character's answer,
// where it gives one, is that; a bounded question is decided within its depth; the reverse pass gets
// the unbounded questions inside repetitions, each its own bit.
import { expect } from "chai";
import { answer, classesOf, compileMini, compileWith, miniInputs, plantedPass, type Compilation } from "../support/compiler";

function problems(c: Compilation): string[] {
  const K = c.classes.length;
  const out: string[] = [];
  let bit = 0;
  c.questions.list.forEach((q: { start: number; depth: number | null; reverse: boolean; inLoop: boolean; ll1: Uint8Array; bit: number }, d: number) => {
    if (q.reverse !== (q.depth === null && q.inLoop)) out.push(`question ${d}: reverse ${q.reverse}`);
    if (q.bit !== (q.reverse ? bit++ : -1)) out.push(`question ${d}: bit ${q.bit}`);
    if (q.ll1[K + 1] !== 0) out.push(`question ${d}: past the end`);
    for (const input of miniInputs()) {
      const classes = classesOf(c, input);
      for (let p = 0; p <= input.length; p++) {
        const truth = answer(c, q.start, input, p);
        const column = p < input.length ? classes[p] : K;
        const first = q.ll1[column];
        if (first !== 2 && (first === 1) !== truth.yes) out.push(`question ${d} at ${p} of ${JSON.stringify(input)}: the next character says ${first}`);
        if (q.depth !== null && truth.read > q.depth) out.push(`question ${d}: read ${truth.read} > depth ${q.depth}`);
      }
    }
  });
  return out;
}

describe("compiler pass classify-decisions", () => {
  it("each question's next-character answer and depth hold on every input; the unbounded one in a repetition goes to the reverse pass", () => {
    const c = compileMini("classify-decisions");
    expect(problems(c)).to.deep.equal([]);
    expect(c.questions.list.filter((q: { reverse: boolean }) => q.reverse).length).to.equal(1);
    expect(c.questions.passes.find((p: { rule: string }) => p.rule === "ref").scans).to.equal(3);
  });

  it("a planted fault (every unbounded question to the reverse pass, in a repetition or not) is caught", () => {
    const planted = plantedPass("classify-decisions", "const reverse = depth === null && d.inLoop;", "const reverse = depth === null;");
    expect(problems(compileWith(planted, "classify-decisions"))).to.not.deep.equal([]);
  });
});
