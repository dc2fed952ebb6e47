// @ts-check
// build / classify-decisions: how the walk answers each question dom(e) (see scripts/compile-scanner.mjs
// on linearity): by the next character alone where it tells (ll1), else by running the question's DFA
// from the position: a bounded question reads at most `depth` characters; an unbounded one outside
// any repetition is asked a fixed number of times per input; an unbounded one inside a repetition is
// answered by the reverse pass (build-reverse), which gets a bit per such question. Per start rule,
// the passes over the input the walk may make (the linearity bound the generated module states).
import { callPaths } from "../decisions.mjs";
import { table } from "../describe.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"questions">} */
export const classifyDecisions = {
  name: "classify-decisions",
  stage: "build",
  key: "questions",
  summary: "per decision: its DFA start, bounded depth, one-character answers, reverse bit; per rule: passes over the input",
  run(c) {
    const { trans, accept, decisionStarts } = need(c, "dfa");
    const K = need(c, "classes").length;
    const decisions = need(c, "decisions");
    let bit = 0;
    const list = decisions.list.map((d, i) => {
      const start = decisionStarts[i];
      const depth = boundedDepth(trans, start);
      const reverse = depth === null && d.inLoop;
      return { rule: d.rule, inLoop: d.inLoop, start, depth, reverse, ll1: oneCharacterAnswers(trans, accept, start, K), bit: reverse ? bit++ : -1 };
    });
    const maxBoundedDepth = Math.max(0, ...list.filter((d) => d.depth !== null).map((d) => /** @type {number} */ (d.depth)));
    const passes = need(c, "grammar").rules.map((r) => {
      const paths = callPaths(decisions.calls, r.name);
      let full = 0;
      for (const d of list) if (d.depth === null && !d.reverse) full += paths.get(d.rule) ?? 0;
      const needsReverse = list.some((d) => d.reverse && (paths.has(d.rule) || reachesInLoop(decisions.calls, r.name, d.rule)));
      return { rule: r.name, scans: 1 + full + (needsReverse ? 1 : 0), maxBoundedDepth };
    });
    return { list, passes };
  },
  dump(q) {
    const answers = (/** @type {Uint8Array} */ ll1) => {
      const n = ll1.length - 2;
      /** @type {string[]} */
      const yes = [];
      /** @type {string[]} */
      const read = [];
      for (let k = 0; k < n; k++) (ll1[k] === 1 ? yes : ll1[k] === 2 ? read : []).push(`#${k}`);
      return `yes on ${yes.join(",") || "none"}; reads on at ${read.join(",") || "none"}; at the end ${ll1[n] ? "yes" : "no"}`;
    };
    return [
      table(["#", "rule", "start", "depth", "answered", "next character"], q.list.map((d, i) => [i, d.rule, d.start, d.depth ?? "unbounded", d.reverse ? `reverse pass, bit ${d.bit}` : d.depth === null ? "its DFA, to the end" : "its DFA", answers(d.ll1)])),
      "",
      "passes over the input, at most, per start rule:",
      table(["rule", "passes"], q.passes.map((p) => [p.rule, p.scans])),
    ].join("\n");
  },
};

/**
 * What the next character alone says of a question: per class 1 (yes: the question's DFA goes to
 * "yes"), 0 (no) or 2 (it does not tell: the DFA must read on); then at the end of the input
 * (column K) and past it (K+1, always no).
 * @param {readonly Int32Array[]} trans
 * @param {Uint8Array} accept
 * @param {number} start
 * @param {number} K
 */
export function oneCharacterAnswers(trans, accept, start, K) {
  const answers = new Uint8Array(K + 2);
  for (let c = 0; c < K; c++) {
    const t = start <= 1 ? start : trans[start][c];
    answers[c] = t <= 1 ? t : 2;
  }
  answers[K] = accept[start];
  return answers;
}

/**
 * Longest path from `start` to a sink (0 or 1), or null when a cycle avoids the sinks.
 * @param {readonly Int32Array[]} trans
 * @param {number} start
 * @returns {number | null}
 */
export function boundedDepth(trans, start) {
  /** @type {Map<number, number | null>} */
  const depth = new Map();
  const onStack = new Set();
  /** @param {number} s @returns {number | null} */
  const visit = (s) => {
    if (s <= 1) return 0;
    if (onStack.has(s)) return null;
    if (depth.has(s)) return /** @type {number | null} */ (depth.get(s));
    onStack.add(s);
    let d = 0;
    for (const t of new Set(trans[s])) {
      const x = visit(t);
      if (x === null) {
        onStack.delete(s);
        depth.set(s, null);
        return null;
      }
      d = Math.max(d, x + 1);
    }
    onStack.delete(s);
    depth.set(s, d);
    return d;
  };
  return visit(start);
}

/**
 * Whether the walk from `start` can reach rule `target` through a call made inside a repetition.
 * @param {ReadonlyMap<string, readonly (readonly [string, boolean])[]>} calls
 * @param {string} start
 * @param {string} target
 */
function reachesInLoop(calls, start, target) {
  const seen = new Set();
  /** @type {[string, boolean][]} */
  const stack = [[start, false]];
  while (stack.length > 0) {
    const [r, inLoop] = /** @type {[string, boolean]} */ (stack.pop());
    if (r === target && inLoop) return true;
    const key = `${r}:${inLoop}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const [callee, loop] of calls.get(r) ?? []) stack.push([callee, inLoop || loop]);
  }
  return false;
}
