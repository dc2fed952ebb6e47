// @ts-check
// build / build-acceptance: the acceptance DFA of every rule as a start rule (generated/<spec>.accept.ts:
// what validate() runs, src/validator.ts). It is the scanner DFA's part that the start states reach
// (no decision's states: validate() asks no question) minimised again by acceptance alone (an error
// label keeps states apart that accept the same continuations; validate() names no error). Issue 27:
// rfc3986's is 1,070 states of the joint table's 2,699. Same numbering (numbered()): 0 rejects
// everything, 1 accepts everything, then each start rule's states after the earlier rules', breadth-first.
import { minimize, numbered } from "../dfa.mjs";
import { rowsText } from "../describe.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"acceptance">} */
export const buildAcceptance = {
  name: "build-acceptance",
  stage: "build",
  key: "acceptance",
  summary: "validate()'s DFA: the start rules' part of the scanner's DFA, minimised by acceptance alone",
  run(c) {
    const { trans, accept, starts } = need(c, "dfa");
    return acceptanceDfa(trans, accept, starts);
  },
  dump(dfa) {
    return rowsText(dfa);
  },
};

/**
 * @param {readonly Int32Array[]} trans
 * @param {Uint8Array} accept
 * @param {Readonly<Record<string, number>>} starts
 * @returns {import("../compilation").Rows}
 */
export function acceptanceDfa(trans, accept, starts) {
  const index = new Int32Array(trans.length).fill(-1);
  /** @type {number[]} */
  const reached = [];
  /** @param {number} s */
  const reach = (s) => {
    if (index[s] < 0) (index[s] = reached.length), reached.push(s);
  };
  reach(0);
  reach(1);
  for (const s of Object.values(starts)) reach(s);
  for (let i = 0; i < reached.length; i++) for (const t of trans[reached[i]]) reach(t);
  const rows = reached.map((s) => Int32Array.from(trans[s], (t) => index[t]));
  const { block } = minimize(rows, reached.map((s) => (s === 0 ? "dead" : `${accept[s]}`)));
  const { order, rowsFrom } = numbered(block, rows, [0, 1], Object.values(starts).map((s) => index[s]));
  /** @param {number} b */
  const at = (b) => /** @type {number} */ (order.get(b));
  /** @type {(Int32Array | null)[]} */
  const out = Array.from({ length: order.size }, () => null);
  const acceptOut = new Uint8Array(order.size);
  for (let i = 0; i < rows.length; i++) {
    const m = order.get(block[i]);
    if (m === undefined || out[m] !== null) continue;
    out[m] = Int32Array.from(rows[i], (t) => at(block[t]));
    acceptOut[m] = accept[reached[i]];
  }
  const startRows = Object.fromEntries(Object.values(starts).map((s) => [at(block[index[s]]), /** @type {number} */ (rowsFrom.get(block[index[s]]))]));
  return { trans: /** @type {Int32Array[]} */ (out), accept: acceptOut, starts: Object.fromEntries(Object.entries(starts).map(([rule, s]) => [rule, at(block[index[s]])])), startRows };
}
