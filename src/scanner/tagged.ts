// The tagged DFA's run (the tables come from scripts/scanner/tdfa.mjs, through generated/<spec>.ast.ts):
// one pass over the input, one table lookup per character, and on the few transitions that carry
// operations, register writes (a register := this position, another register, or -1). At the end,
// the accepting state says where each recorded position is. The result is the capture array the
// generated builders read: node i of the start rule's skeleton matched iff c[2i] >= 0, from c[2i] to
// c[2i + 1]; c[0] and c[1] are the start rule's own match (0 and the input's length).

/** One start rule's tagged DFA. */
export interface TaggedTable {
  /** Character classes (row width); the revision's scanner's classOf numbers them. */
  readonly K: number;
  /** Number of states (0 rejects). */
  readonly states: number;
  readonly start: number;
  readonly registers: number;
  /** Length of the capture array. */
  readonly captures: number;
  /** state * K + class -> state (0: reject). */
  readonly trans: Uint8Array | Uint16Array | Uint32Array;
  /** state * K + class -> offset of its operations in opList (0: none). */
  readonly ops: Uint8Array | Uint16Array | Uint32Array;
  /** At an offset: n, then n pairs (register, source): source >= 0 a register, -1 the position, -2 unset. */
  readonly opList: Int16Array | Int32Array;
  /** state * tags + tag -> where its final value is: a register, -1 the end of the input, -2 unset; -3: the state does not accept. */
  readonly finals: Int16Array | Int32Array;
  /** tag -> its slot in the capture array. */
  readonly slots: Uint8Array | Uint16Array | Uint32Array;
}

/** What the build writes per start rule: its tagged DFA (null when its AST reads no position) and its builder. */
export interface AstEntry {
  readonly table: TaggedTable | null;
  readonly build: (input: string, c: Int32Array) => unknown;
}

let registers = new Int32Array(64);

/**
 * Runs a tagged DFA over the input. Returns the capture array, or null when the input is rejected
 * (the scanner's DFA then says where and why: it accepts exactly the same inputs).
 */
export function capture(t: TaggedTable, classOf: (c: number) => number, input: string): Int32Array | null {
  const K = t.K;
  const trans = t.trans;
  const ops = t.ops;
  const opList = t.opList;
  if (registers.length < t.registers) registers = new Int32Array(t.registers);
  const regs = registers;
  regs.fill(-1, 0, t.registers);
  let s = t.start;
  const n = input.length;
  for (let p = 0; p < n; p++) {
    const i = s * K + classOf(input.charCodeAt(p));
    const next = trans[i];
    if (next === 0) return null;
    const o = ops[i];
    if (o !== 0) {
      const end = o + 1 + 2 * opList[o];
      for (let k = o + 1; k < end; k += 2) {
        const src = opList[k + 1];
        regs[opList[k]] = src >= 0 ? regs[src] : src === -1 ? p : -1;
      }
    }
    s = next;
  }
  const tags = t.slots.length;
  const f = s * tags;
  if (tags > 0 && t.finals[f] === -3) return null;
  if (tags === 0 && s === 0) return null;
  const c = new Int32Array(t.captures).fill(-1);
  c[0] = 0;
  c[1] = n;
  for (let k = 0; k < tags; k++) {
    const r = t.finals[f + k];
    c[t.slots[k]] = r >= 0 ? regs[r] : r === -1 ? n : -1;
  }
  return c;
}

/** The capture array of a start rule whose AST reads no position: the match itself. */
export function wholeMatch(input: string): Int32Array {
  return Int32Array.of(0, input.length);
}
