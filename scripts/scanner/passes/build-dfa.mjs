// @ts-check
// build / build-dfa: one DFA for every start rule and every decision's question
// (scripts/scanner/dfa.mjs: Brzozowski derivatives of the continuation graph, states as BDDs),
// minimised (dead states together; the others apart by accepting and by the rule stack an error
// there would name) and numbered: 0 dead, 1 "accepts everything", then each start rule's states after
// the earlier rules', then the decisions' (numbered()), so that a scan decodes the rows before its
// rule's end alone.
import { F, T } from "../continuations.mjs";
import { DfaBuilder, minimize, numbered } from "../dfa.mjs";
import { rowsText } from "../describe.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"dfa">} */
export const buildDfa = {
  name: "build-dfa",
  stage: "build",
  key: "dfa",
  summary: "the scanner's DFA: every start rule and every question, by derivatives, minimised and numbered",
  run(c) {
    const { graph, startNodes, decisionNodes } = need(c, "continuations");
    const rules = need(c, "grammar").rules;
    const builder = new DfaBuilder(graph, need(c, "classes"));
    builder.rootState(F); // state 0 before renumbering: the dead state
    builder.rootState(T); // the state that accepts everything
    const startStates = startNodes.map((x) => builder.rootState(x));
    const decisionStates = decisionNodes.map((x) => builder.rootState(x));
    builder.explore();

    const live = builder.live();
    /** @type {number[]} */
    const labels = builder.states.map((_, s) => (live[s] ? builder.label(s) : 0));
    const keys = builder.states.map((_, s) => (live[s] ? `${builder.accepting(s) ? 1 : 0}:${labels[s]}` : "dead"));
    const { block } = minimize(builder.transitions, keys);
    const { order, rowsFrom } = numbered(block, builder.transitions, [builder.stateIds.get(0), builder.stateIds.get(1)], [...startStates, ...decisionStates]);
    const count = order.size;
    /** @type {(Int32Array | null)[]} */
    const trans = Array.from({ length: count }, () => null);
    const accept = new Uint8Array(count);
    const label = new Int32Array(count);
    for (let s = 0; s < block.length; s++) {
      const m = /** @type {number} */ (order.get(block[s]));
      if (trans[m] !== null) continue;
      trans[m] = Int32Array.from(builder.transitions[s], (t) => /** @type {number} */ (order.get(block[t])));
      accept[m] = builder.accepting(s) && live[s] ? 1 : 0;
      label[m] = labels[s];
    }
    /** @param {number} explored */
    const stateOf = (explored) => /** @type {number} */ (order.get(block[explored]));
    return {
      trans: /** @type {Int32Array[]} */ (trans),
      accept,
      label,
      starts: Object.fromEntries(rules.map((r, i) => [r.name, stateOf(startStates[i])])),
      startRows: Object.fromEntries(startStates.map((x) => [stateOf(x), /** @type {number} */ (rowsFrom.get(block[x]))])),
      decisionStarts: decisionStates.map(stateOf),
      explored: builder.states.length,
    };
  },
  dump(dfa, c) {
    const { graph } = need(c, "continuations");
    const questions = new Map();
    dfa.decisionStarts.forEach((s, d) => questions.set(s, [...(questions.get(s) ?? []), `#${d}`]));
    return [
      `${dfa.explored} states explored, ${dfa.trans.length} after minimisation`,
      rowsText(dfa, (s) => [dfa.label[s] > 0 ? `in ${graph.stackNames(dfa.label[s]).join(" > ")}` : "", questions.has(s) ? `question ${questions.get(s).join(" ")}` : ""].filter(Boolean).join(", ")),
    ].join("\n");
  },
};
