// @ts-check
// build / build-reverse: the DFA that reads the input from right to left and answers, at every
// position, the questions classify-decisions left to it (unbounded, inside a repetition): one pass
// computed once per walk instead of a scan per question (scripts/scanner/reverse.mjs). Null when no
// question needs it.
import { buildReverse as build } from "../reverse.mjs";
import { rowText } from "../describe.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"reverse">} */
export const buildReverse = {
  name: "build-reverse",
  stage: "build",
  key: "reverse",
  summary: "the right-to-left DFA that answers the unbounded questions inside repetitions (null: none)",
  run(c) {
    const { trans, accept } = need(c, "dfa");
    return build(trans, accept, need(c, "questions").list.filter((d) => d.reverse).map((d) => d.start));
  },
  dump(rev) {
    return [
      `${rev.explored} states explored, ${rev.transitions.length} after minimisation; initial state ${rev.initial} (at the end of the input)`,
      ...rev.transitions.map((row, s) => `${s} (answers ${rev.bits[s].toString(2).padStart(1, "0")}): ${rowText(row)}`),
    ].join("\n");
  },
};
