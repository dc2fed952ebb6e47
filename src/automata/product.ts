// The language difference of two DFAs: a breadth-first walk of their product over the common
// refinement of the two alphabets. The languages are equal exactly when no reachable pair of states
// disagrees on acceptance and no character leaves one side alive and kills the other. Each such
// place is a cause; its witness is the shortest string that reaches it (characters tried in the
// order a person would type them) followed by the shortest way to acceptance on the live side.
import { refine, typingRank, type Refinement } from "./alphabet";
import type { Dfa } from "./dfa";

/**
 * One step of the product: the successors of the pair (p, q) on a character of class `ca` of A and
 * `cb` of B (-1: the character is in no class of that side). Exposed so that a test can plant a
 * product that drops a transition.
 */
export type ProductStep = (a: Dfa, b: Dfa, p: number, q: number, ca: number, cb: number) => [number, number];

export const productStep: ProductStep = (a, b, p, q, ca, cb) => [ca < 0 ? -1 : a.next[p * a.k + ca], cb < 0 ? -1 : b.next[q * b.k + cb]];

/** A string one side accepts and the other rejects, and where the rejecting side gives up. */
export interface Candidate {
  input: string;
  /**
   * `stops`: the rejecting side has no way on at `offset` (the character there kills it);
   * `ends`: the input ends (at `offset`, its length) in a state of the rejecting side that does
   * not accept.
   */
  kind: "stops" | "ends";
  offset: number;
  /** The rejecting side's state there (its DFA's numbering): one cause per state and kind. */
  state: number;
  /** Sum of the typing ranks of its characters (lower: easier to type). */
  rank: number;
}

export interface Comparison {
  equal: boolean;
  /** Pairs of live states the walk visited (the product's size). */
  pairs: number;
  refinement: Refinement;
  /** In A, not in B: one candidate per cause, shortest first, then most typable. */
  onlyA: Candidate[];
  onlyB: Candidate[];
}

/** Compares the languages of two trimmed DFAs (see `materialize`). */
export function compareDfas(a: Dfa, b: Dfa, step: ProductStep = productStep): Comparison {
  const refinement = refine([a.classRanges, b.classRanges]);
  const { order, representative } = refinement;
  const colA = refinement.of[0];
  const colB = refinement.of[1];
  const distA = distancesToAccept(a);
  const distB = distancesToAccept(b);
  const bestA = new Map<string, Candidate>();
  const bestB = new Map<string, Candidate>();
  const offer = (into: Map<string, Candidate>, c: Candidate) => {
    const key = `${c.kind}:${c.state}`;
    const old = into.get(key);
    if (!old || c.input.length < old.input.length || (c.input.length === old.input.length && c.rank < old.rank)) into.set(key, c);
  };
  // The breadth-first walk over pairs of live states; parent links rebuild each pair's string.
  const pairP: number[] = [];
  const pairQ: number[] = [];
  const parent: number[] = [];
  const via: number[] = [];
  const index = new Map<number, number>();
  const width = Math.max(1, b.size);
  const visit = (p: number, q: number, from: number, r: number) => {
    const key = p * width + q;
    if (index.has(key)) return;
    index.set(key, pairP.length);
    pairP.push(p);
    pairQ.push(q);
    parent.push(from);
    via.push(r);
  };
  const pathTo = (i: number): number[] => {
    const out: number[] = [];
    for (let j = i; parent[j] >= 0; j = parent[j]) out.push(representative[via[j]]);
    return out.reverse();
  };
  const text = (units: number[]) => String.fromCharCode(...units);
  const rankOf = (units: number[]) => units.reduce((s, u) => s + typingRank(u), 0);
  if (a.start >= 0 && b.start >= 0) visit(a.start, b.start, -1, -1);
  else if (a.start >= 0 || b.start >= 0) {
    // One language is empty: every string of the other is a witness; the shortest stands for all.
    const live = a.start >= 0 ? a : b;
    const units = shortestSuffix(live, live.start, a.start >= 0 ? distA : distB, refinement, a.start >= 0 ? colA : colB);
    offer(a.start >= 0 ? bestA : bestB, { input: text(units), kind: "ends", offset: 0, state: -1, rank: rankOf(units) });
  }
  for (let i = 0; i < pairP.length; i++) {
    const p = pairP[i];
    const q = pairQ[i];
    const inA = a.accept[p] === 1;
    const inB = b.accept[q] === 1;
    if (inA !== inB) {
      const units = pathTo(i);
      offer(inA ? bestA : bestB, { input: text(units), kind: "ends", offset: units.length, state: inA ? q : p, rank: rankOf(units) });
    }
    for (const r of order) {
      const [p2, q2] = step(a, b, p, q, colA[r], colB[r]);
      if (p2 >= 0 && q2 >= 0) visit(p2, q2, i, r);
      else if (p2 >= 0 || q2 >= 0) {
        // One side dies on this character, the other lives on: a cause.
        const prefix = pathTo(i);
        const liveA = p2 >= 0;
        const suffix = liveA ? shortestSuffix(a, p2, distA, refinement, colA) : shortestSuffix(b, q2, distB, refinement, colB);
        const units = [...prefix, representative[r], ...suffix];
        offer(liveA ? bestA : bestB, { input: text(units), kind: "stops", offset: prefix.length, state: liveA ? q : p, rank: rankOf(units) });
      }
    }
  }
  const sorted = (m: Map<string, Candidate>) => [...m.values()].sort((x, y) => x.input.length - y.input.length || x.rank - y.rank || (x.input < y.input ? -1 : x.input > y.input ? 1 : 0));
  const onlyA = sorted(bestA);
  const onlyB = sorted(bestB);
  return { equal: onlyA.length === 0 && onlyB.length === 0, pairs: pairP.length, refinement, onlyA, onlyB };
}

/** dist[s]: the length of the shortest string that leads from s to acceptance (every state is live). */
export function distancesToAccept(d: Dfa): Int32Array {
  const dist = new Int32Array(d.size).fill(-1);
  const preds: number[][] = Array.from({ length: d.size }, () => []);
  for (let s = 0; s < d.size; s++) for (let c = 0; c < d.k; c++) {
    const t = d.next[s * d.k + c];
    if (t >= 0) preds[t].push(s);
  }
  const queue: number[] = [];
  for (let s = 0; s < d.size; s++) if (d.accept[s]) { dist[s] = 0; queue.push(s); }
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i];
    for (const s of preds[t]) if (dist[s] < 0) { dist[s] = dist[t] + 1; queue.push(s); }
  }
  return dist;
}

/** The shortest, most typable string from state s to acceptance (code units). */
export function shortestSuffix(d: Dfa, s: number, dist: Int32Array, refinement: Refinement, columns: readonly number[]): number[] {
  const out: number[] = [];
  let state = s;
  while (dist[state] > 0) {
    let moved = false;
    for (const r of refinement.order) {
      const c = columns[r];
      if (c < 0) continue;
      const t = d.next[state * d.k + c];
      if (t >= 0 && dist[t] === dist[state] - 1) {
        out.push(refinement.representative[r]);
        state = t;
        moved = true;
        break;
      }
    }
    if (!moved) break; // cannot happen in a trimmed DFA whose classes the refinement covers
  }
  return out;
}

/** More product states than this and shortestMember() gives up (null). */
export const MEMBER_SEARCH_LIMIT = 500_000;

/**
 * The shortest, most typable string that every DFA of `accept` accepts and no DFA of `reject` does
 * (the exercises' hints: "a host rfc3986 accepts and rfc1738 rejects"), by a breadth-first walk of
 * the product of all of them; null when there is none, or past MEMBER_SEARCH_LIMIT product states.
 */
export function shortestMember(accept: readonly Dfa[], reject: readonly Dfa[]): string | null {
  const all = [...accept, ...reject];
  if (accept.length === 0 || accept.some((d) => d.start < 0)) return null;
  const refinement = refine(all.map((d) => d.classRanges));
  const { order, representative } = refinement;
  const key = (t: readonly number[]) => t.join(",");
  const start = all.map((d) => d.start);
  const seen = new Map<string, number>([[key(start), 0]]);
  const tuples: number[][] = [start];
  const parent: number[] = [-1];
  const via: number[] = [-1];
  const done = (t: readonly number[]) => t.every((s, k) => (k < accept.length ? all[k]!.accept[s] === 1 : s < 0 || all[k]!.accept[s] !== 1));
  for (let i = 0; i < tuples.length; i++) {
    const t = tuples[i]!;
    if (done(t)) {
      const units: number[] = [];
      for (let j = i; parent[j]! >= 0; j = parent[j]!) units.push(representative[via[j]!]!);
      return String.fromCharCode(...units.reverse());
    }
    if (tuples.length > MEMBER_SEARCH_LIMIT) return null;
    for (const r of order) {
      const next = t.map((s, k) => {
        const d = all[k]!;
        const c = refinement.of[k]![r]!;
        return s < 0 || c < 0 ? -1 : d.next[s * d.k + c]!;
      });
      // A DFA that must accept has died: no string through here can be an answer.
      if (next.slice(0, accept.length).some((s) => s < 0)) continue;
      const k2 = key(next);
      if (seen.has(k2)) continue;
      seen.set(k2, tuples.length);
      tuples.push(next);
      parent.push(i);
      via.push(r);
    }
  }
  return null;
}
