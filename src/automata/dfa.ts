// Deterministic automata: what an adapter hands over (any state numbering, read through two
// functions), and the dense, trimmed form the algorithms here work on.
import { classifier, type ClassRanges } from "./alphabet";

/**
 * A deterministic automaton read through functions, so that the table format behind it is one
 * adapter's business (src/ops/rule-automaton.ts reads a generated scanner, src/automata/published.ts
 * builds one from a published grammar). States are numbers; any state may be dead (accept nothing).
 */
export interface Automaton {
  /** The alphabet: the code-unit ranges of each character class. */
  classRanges: ClassRanges;
  start: number;
  /** The state after reading a character of class `cls` in `state`. */
  transition(state: number, cls: number): number;
  accepting(state: number): boolean;
}

/**
 * A dense DFA with only live states (every state can still reach an accepting one): states 0..size-1,
 * `next[s * k + c]` the successor or -1 (dead), `start` -1 when the language is empty.
 */
export interface Dfa {
  classRanges: ClassRanges;
  k: number;
  size: number;
  start: number;
  next: Int32Array;
  accept: Uint8Array;
}

/**
 * Numbers values in the order they are first seen: `intern(v)` is v's index in `items`, the same for
 * every value with the same key. A breadth-first walk over states visits `items` as it grows.
 */
export function interner<V, K = V>(key: (v: V) => K = (v) => v as unknown as K): { items: V[]; intern(v: V): number } {
  const ids = new Map<K, number>();
  const items: V[] = [];
  return {
    items,
    intern(v: V): number {
      const k = key(v);
      let id = ids.get(k);
      if (id === undefined) {
        id = items.length;
        ids.set(k, id);
        items.push(v);
      }
      return id;
    },
  };
}

/** The reachable, live part of an automaton as a dense DFA (states numbered in breadth-first order). */
export function materialize(a: Automaton): Dfa {
  const k = a.classRanges.length;
  const rows: number[] = [];
  const { items: order, intern: visit } = interner<number>();
  visit(a.start);
  for (let i = 0; i < order.length; i++) {
    const s = order[i];
    for (let c = 0; c < k; c++) rows.push(visit(a.transition(s, c)));
  }
  const accept = order.map((s) => a.accepting(s));
  return trim(a.classRanges, k, order.length, 0, Int32Array.from(rows), accept);
}

/** Drops the states that cannot reach an accepting state (and renumbers the rest breadth-first). */
export function trim(classRanges: ClassRanges, k: number, size: number, start: number, next: Int32Array, accept: ArrayLike<boolean | number>): Dfa {
  // Reverse reachability from the accepting states.
  const preds: number[][] = Array.from({ length: size }, () => []);
  for (let s = 0; s < size; s++) for (let c = 0; c < k; c++) {
    const t = next[s * k + c];
    if (t >= 0) preds[t].push(s);
  }
  const live = new Uint8Array(size);
  const stack: number[] = [];
  for (let s = 0; s < size; s++) if (accept[s]) { live[s] = 1; stack.push(s); }
  while (stack.length > 0) {
    const t = stack.pop()!;
    for (const s of preds[t]) if (!live[s]) { live[s] = 1; stack.push(s); }
  }
  if (start < 0 || !live[start]) return { classRanges, k, size: 0, start: -1, next: new Int32Array(0), accept: new Uint8Array(0) };
  const id = new Int32Array(size).fill(-1);
  const order = [start];
  id[start] = 0;
  for (let i = 0; i < order.length; i++) {
    const s = order[i];
    for (let c = 0; c < k; c++) {
      const t = next[s * k + c];
      if (t >= 0 && live[t] && id[t] < 0) { id[t] = order.length; order.push(t); }
    }
  }
  const out = new Int32Array(order.length * k);
  const acc = new Uint8Array(order.length);
  order.forEach((s, i) => {
    acc[i] = accept[s] ? 1 : 0;
    for (let c = 0; c < k; c++) {
      const t = next[s * k + c];
      out[i * k + c] = t >= 0 && live[t] ? id[t] : -1;
    }
  });
  return { classRanges, k, size: order.length, start: 0, next: out, accept: acc };
}

/**
 * The minimal DFA of the same language: Hopcroft's partition refinement. States start split by
 * acceptance (the dead state, implicit in a trimmed DFA, made explicit with the rejecting ones);
 * a block is split by the states that reach a splitter block on a class, and the smaller half of
 * each split becomes a splitter, so the work is O(k n log n).
 */
export function minimize(d: Dfa): Dfa {
  if (d.size === 0) return d;
  const { k, next } = d;
  const n = d.size + 1; // state d.size: the dead state
  const dead = d.size;
  const target = (s: number, c: number) => (s === dead ? dead : next[s * k + c] < 0 ? dead : next[s * k + c]);
  // Predecessors of each state on each class, as one list per (class, state).
  const head = new Int32Array(k * n + 1);
  for (let s = 0; s < n; s++) for (let c = 0; c < k; c++) head[c * n + target(s, c) + 1]++;
  for (let i = 0; i < k * n; i++) head[i + 1] += head[i];
  const fillAt = head.slice(0, k * n);
  const preds = new Int32Array(k * n);
  for (let s = 0; s < n; s++) for (let c = 0; c < k; c++) preds[fillAt[c * n + target(s, c)]++] = s;
  // The refinable partition: elems[start[b] .. end[b]) are the states of block b.
  const elems = new Int32Array(n);
  const where = new Int32Array(n);
  const blockOf = new Int32Array(n);
  const start: number[] = [];
  const end: number[] = [];
  const marked: number[] = [];
  let p = 0;
  for (const wanted of [1, 0]) {
    const b = start.length;
    start.push(p);
    for (let s = 0; s < n; s++) if ((s !== dead && d.accept[s] === 1 ? 1 : 0) === wanted) { elems[p] = s; where[s] = p; blockOf[s] = b; p++; }
    end.push(p);
    marked.push(0);
  }
  if (start[0] === end[0]) { start.shift(); end.shift(); marked.shift(); for (let s = 0; s < n; s++) blockOf[s] = 0; }
  const inWork = new Uint8Array(n * k);
  const work: number[] = [];
  const addWork = (b: number, c: number) => {
    if (!inWork[b * k + c]) { inWork[b * k + c] = 1; work.push(b * k + c); }
  };
  const smallest = start.length === 2 && end[1] - start[1] < end[0] - start[0] ? 1 : 0;
  for (let c = 0; c < k; c++) addWork(smallest, c);
  const touched: number[] = [];
  while (work.length > 0) {
    const w = work.pop()!;
    inWork[w] = 0;
    const splitter = Math.floor(w / k);
    const c = w % k;
    const members = Array.from(elems.subarray(start[splitter], end[splitter]));
    for (const t of members) {
      for (let i = head[c * n + t]; i < head[c * n + t + 1]; i++) {
        const s = preds[i];
        const b = blockOf[s];
        const at = start[b] + marked[b];
        if (where[s] < at) continue; // already marked
        if (marked[b] === 0) touched.push(b);
        // Swap s to the end of the marked part of its block.
        const other = elems[at];
        elems[at] = s;
        elems[where[s]] = other;
        where[other] = where[s];
        where[s] = at;
        marked[b]++;
      }
    }
    for (const b of touched) {
      const m = marked[b];
      marked[b] = 0;
      if (m === end[b] - start[b]) continue;
      // The marked states become a new block.
      const nb = start.length;
      start.push(start[b]);
      end.push(start[b] + m);
      marked.push(0);
      start[b] += m;
      for (let i = start[nb]; i < end[nb]; i++) blockOf[elems[i]] = nb;
      const smaller = end[nb] - start[nb] <= end[b] - start[b] ? nb : b;
      for (let e = 0; e < k; e++) {
        if (inWork[b * k + e]) addWork(nb, e);
        else addWork(smaller, e);
      }
    }
    touched.length = 0;
  }
  const count = start.length;
  const deadBlock = blockOf[dead];
  const rows = new Int32Array(count * k);
  const acc = new Uint8Array(count);
  for (let b = 0; b < count; b++) {
    const s = elems[start[b]];
    acc[b] = s === dead ? 0 : d.accept[s];
    for (let c = 0; c < k; c++) {
      const t = blockOf[target(s, c)];
      rows[b * k + c] = t === deadBlock ? -1 : t;
    }
  }
  return trim(d.classRanges, k, count, blockOf[d.start], rows, acc);
}

/**
 * The canonical form of a minimal DFA over a refined alphabet (`columns[r]` = this DFA's class of
 * refined class r, -1: none): states numbered in breadth-first order, each row its acceptance and
 * its successors. Two minimal DFAs accept the same language exactly when their forms are equal.
 */
export function canonicalForm(d: Dfa, columns: readonly number[]): string {
  if (d.size === 0) return "empty";
  const id = new Int32Array(d.size).fill(-1);
  const order = [d.start];
  id[d.start] = 0;
  const parts: string[] = [];
  for (let i = 0; i < order.length; i++) {
    const s = order[i];
    const row: number[] = [d.accept[s]];
    for (const c of columns) {
      const t = c < 0 ? -1 : d.next[s * d.k + c];
      if (t >= 0 && id[t] < 0) { id[t] = order.length; order.push(t); }
      row.push(t < 0 ? -1 : id[t]);
    }
    parts.push(row.join(","));
  }
  return parts.join(";");
}

/** Runs an automaton over a string: whether it accepts it. */
export function runAutomaton(a: Automaton, input: string): boolean {
  const classOf = classifier(a.classRanges);
  let state = a.start;
  for (let i = 0; i < input.length; i++) {
    const c = classOf(input.charCodeAt(i));
    if (c < 0) return false;
    state = a.transition(state, c);
  }
  return a.accepting(state);
}

/**
 * Where a trimmed DFA gives up on a string: the offset of the first character after which it cannot
 * accept, the string's length when it ends too early, or -1 when it accepts the string.
 */
export function stopOffset(d: Dfa, input: string): number {
  const classOf = classifier(d.classRanges);
  let state = d.start;
  for (let i = 0; i < input.length; i++) {
    const c = classOf(input.charCodeAt(i));
    state = state < 0 || c < 0 ? -1 : d.next[state * d.k + c];
    if (state < 0) return i;
  }
  return state >= 0 && d.accept[state] ? -1 : input.length;
}
