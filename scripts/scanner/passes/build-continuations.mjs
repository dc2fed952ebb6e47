// @ts-check
// build / build-continuations: the continuation graph (scripts/scanner/continuations.mjs): each rule
// as a start rule, C(rule, END), and each decision's question, dom(e), as nodes of one graph of
// character atoms and boolean operations that a DFA construction can take derivatives of.
import { ContinuationGraph } from "../continuations.mjs";
import { rangesText } from "../describe.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"continuations">} */
export const buildContinuations = {
  name: "build-continuations",
  stage: "build",
  key: "continuations",
  summary: "the continuation graph: C(rule, END) per rule, dom(e) per decision",
  run(c) {
    const { rules, byName } = need(c, "grammar");
    const graph = new ContinuationGraph(byName, need(c, "names"));
    // Every rule can be a start rule; every decision point gets its dom(e).
    const startNodes = rules.map((r) => graph.startRule(r.name));
    const decisionNodes = need(c, "decisions").list.map((d) => graph.dom(d.expr));
    return { graph, startNodes, decisionNodes };
  },
  dump({ graph, startNodes, decisionNodes }, c) {
    const rules = need(c, "grammar").rules;
    /** @param {number} id @returns {string} */
    const node = (id) => {
      /** @type {any} */
      const n = graph.nodes[id];
      switch (n.op) {
        case "atom":
          return `[${rangesText(graph.sets[n.set])}] . ${n.k}${n.stack > 0 ? `  (in ${graph.stackNames(n.stack).join(" > ")})` : ""}`;
        case "and":
        case "or":
          return `${n.op}(${n.xs.join(", ")})`;
        case "not":
          return `not(${n.a})`;
        case "ref":
          return `loop -> ${n.def}`;
        default:
          return n.op;
      }
    };
    return [
      `${graph.nodes.length} nodes, ${graph.sets.length} character sets, ${graph.stacks.length} rule stacks`,
      `start rules: ${rules.map((r, i) => `${r.name} ${startNodes[i]}`).join(", ")}`,
      `decisions (dom): ${decisionNodes.map((x, i) => `#${i} ${x}`).join(", ")}`,
      ...graph.nodes.map((_, id) => `${id}: ${node(id)}`),
    ].join("\n");
  },
};
