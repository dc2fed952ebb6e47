// @ts-check
// build / label-errors: what an error message reads of the scanner's DFA: per state, the rule stack an
// input that stops there was in (the graph's stacks, renumbered from 1 with their ancestors; 0 is the
// empty stack), and per rule the printable ASCII characters it accepts as a whole input (the advice
// reads them: which characters a rule allows, which class rule a character belongs to).
import { need } from "../pipeline.mjs";
import { table } from "../describe.mjs";

/** @type {import("../compilation").Pass<"labels">} */
export const labelErrors = {
  name: "label-errors",
  stage: "build",
  key: "labels",
  summary: "per state the rule stack an error names; per rule the ASCII characters it accepts alone",
  run(c) {
    const { graph } = need(c, "continuations");
    const { trans, accept, label, starts } = need(c, "dfa");
    const classes = need(c, "classes");
    const stackIndex = new Map([[0, 0]]);
    const stackParent = [-1];
    const stackName = [""];
    /** @param {number} s @returns {number} */
    const addStack = (s) => {
      const known = stackIndex.get(s);
      if (known !== undefined) return known;
      const parent = addStack(graph.stacks[s].parent);
      const i = stackParent.length;
      stackIndex.set(s, i);
      stackParent.push(parent);
      stackName.push(graph.stacks[s].name ?? "");
      return i;
    };
    const stateLabel = Int32Array.from(label, (s) => addStack(s));
    const classOfAscii = new Uint8Array(128);
    for (const cls of classes) for (const [lo, hi] of cls.ranges) for (let ch = lo; ch <= Math.min(hi, 127); ch++) classOfAscii[ch] = cls.id;
    const oneChar = Object.fromEntries(
      need(c, "grammar").rules.map((r) => {
        const start = starts[r.name];
        let chars = "";
        for (let ch = 0x20; ch < 0x7f; ch++) if (accept[trans[start][classOfAscii[ch]]]) chars += String.fromCharCode(ch);
        return [r.name, chars];
      }),
    );
    return { stackParent, stackName, stateLabel, oneChar };
  },
  dump(l) {
    /** @param {number} s */
    const path = (s) => {
      const out = [];
      for (; s > 0; s = l.stackParent[s]) out.push(l.stackName[s]);
      return out.reverse().join(" > ");
    };
    const used = new Map();
    for (const s of l.stateLabel) used.set(s, (used.get(s) ?? 0) + 1);
    return [
      `${l.stackName.length - 1} rule stacks`,
      table(["stack", "states", "rules (outermost first)"], l.stackName.map((_, i) => [i, used.get(i) ?? 0, path(i) || "(none)"])),
      "",
      table(["rule", "accepts alone"], Object.entries(l.oneChar).map(([r, chars]) => [r, chars || "(no single character)"])),
    ].join("\n");
  },
};
