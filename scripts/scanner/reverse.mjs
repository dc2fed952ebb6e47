// The reverse pass: for decisions whose answer may need unboundedly many characters and that sit in
// a repetition (asked again and again as the walk moves on), answering each by scanning forward
// could read the same characters many times. Instead one pass over the input from right to left
// computes, for every position p, the set of forward DFA states from which the rest of the input
// (from p) is accepted:
//
//   R(n) = { q : q accepts }            R(p) = { q : δ(q, input[p]) ∈ R(p+1) }
//
// and dom(e) at p is "the decision's start state is in R(p)". The sets that occur are the states of
// a DFA that reads the input backwards (subset construction over the decisions' forward states),
// minimised so that only the answers (one bit per decision) tell states apart.
import { minimize } from "./dfa.mjs";

/**
 * @param transitions minimised forward transitions (state -> Int32Array by class)
 * @param accepting Uint8Array by state
 * @param starts the forward start state of each reverse-answered decision
 * @returns { transitions, bits, initial } or null when there is no such decision
 */
export function buildReverse(transitions, accepting, starts, limit = 65_535) {
  if (starts.length === 0) return null;
  if (starts.length > 32) throw new Error("scanner: more than 32 decisions need the reverse pass");
  const classes = transitions[0].length;
  // The forward states that matter: those reachable from the starts.
  const reach = [];
  const index = new Map();
  const add = (q) => {
    if (!index.has(q)) {
      index.set(q, reach.length);
      reach.push(q);
    }
  };
  starts.forEach(add);
  for (let i = 0; i < reach.length; i++) for (const t of transitions[reach[i]]) add(t);
  const words = Math.ceil(reach.length / 32);
  const key = (set) => set.join(",");
  const ids = new Map();
  const sets = [];
  const id = (set) => {
    const k = key(set);
    let n = ids.get(k);
    if (n === undefined) {
      n = sets.length;
      ids.set(k, n);
      sets.push(set);
      if (n > limit) throw new Error(`scanner: the reverse DFA has more than ${limit} states`);
    }
    return n;
  };
  const initialSet = new Uint32Array(words);
  reach.forEach((q, i) => {
    if (accepting[q]) initialSet[i >> 5] |= 1 << (i & 31);
  });
  const initial = id(initialSet);
  const rows = [];
  for (let s = 0; s < sets.length; s++) {
    const R = sets[s];
    const row = new Int32Array(classes);
    for (let c = 0; c < classes; c++) {
      const next = new Uint32Array(words);
      reach.forEach((q, i) => {
        const t = index.get(transitions[q][c]);
        if ((R[t >> 5] >>> (t & 31)) & 1) next[i >> 5] |= 1 << (i & 31);
      });
      row[c] = id(next);
    }
    rows.push(row);
  }
  const answers = sets.map((R) => {
    let bits = 0;
    starts.forEach((q, k) => {
      const i = index.get(q);
      if ((R[i >> 5] >>> (i & 31)) & 1) bits |= 1 << k;
    });
    return bits >>> 0;
  });
  const { block, count } = minimize(rows, answers.map(String));
  const minRows = Array.from({ length: count }, () => null);
  const minBits = new Uint32Array(count);
  for (let s = 0; s < rows.length; s++) {
    if (minRows[block[s]] === null) minRows[block[s]] = rows[s].map((t) => block[t]);
    minBits[block[s]] = answers[s];
  }
  return { transitions: minRows, bits: minBits, initial: block[initial], explored: sets.length };
}
