// build / build-reverse (scripts/scanner/passes/build-reverse.mjs): the reverse DFA, run from the end
// of an input to each position, answers there every question it has a bit for as the question's own
// DFA does over the rest of the input.
import { answer, classesOf, type Compilation, miniInputs, passTests } from "../support/compiler";

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

passTests("build-reverse", problems, "answers path's question (segment \"/\") at every position of every input as its DFA does", { what: "the reverse DFA built for the bounded questions instead", from: ".filter((d) => d.reverse)", to: ".filter((d) => d.depth !== null)" });
