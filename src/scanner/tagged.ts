// The tagged DFA's run (the tables come from scripts/scanner/tdfa.mjs, through generated/<spec>.ast.ts):
// one pass over the input, one table lookup per character, and on the few transitions that carry
// operations, register writes (a register := this position, another register, or -1). At the end,
// the accepting state says where each recorded position is. The result is the capture array the
// generated builders read: node i of the start rule's skeleton matched iff c[2i] >= 0, from c[2i] to
// c[2i + 1]; c[0] and c[1] are the start rule's own match (0 and the input's length).

/** One start rule's tagged DFA. */
export interface TaggedTable {
  /** Character classes (row width); the revision's scanner numbers them (LOW, classOf). */
  readonly K: number;
  /** Number of states (0 rejects). */
  readonly states: number;
  readonly start: number;
  readonly registers: number;
  /** Length of the capture array. */
  readonly captures: number;
  /** state * K + class -> state (0: reject). */
  readonly trans: Uint16Array;
  /** state * K + class -> the number of the register operations the transition carries (0: none). */
  readonly ops: Uint16Array;
  /** Runs operations number `o` at position `p` on the registers (generated: one case per number). */
  readonly apply: (o: number, p: number, registers: Int32Array) => void;
  /** Per state: -1 (it does not accept), or the offset in `fixups` of what the end of the input sets. */
  readonly accept: Int32Array;
  /**
   * At an offset: n, then n pairs (slot, source): the values not already in their slot at the end
   * (source: a register, -1 the end of the input, -2 unset). A tag's home register is its slot.
   */
  readonly fixups: Int32Array;
}

/** What the build writes per start rule: its tagged DFA (null when its AST reads no position) and its builder. */
export interface AstEntry {
  readonly table: TaggedTable | null;
  readonly build: (input: string, c: Int32Array) => unknown;
}

let registers = new Int32Array(64);

/**
 * The table the run reads, made once per start rule on first use: per state and class, the next
 * state's row offset (state * K) times 2, plus 1 when the transition carries operations. The loop
 * then costs what the scanner's does, and reads the operations only on the few transitions that
 * have some.
 */
interface RunForm {
  rows?: Int32Array;
}

function rowsOf(t: TaggedTable): Int32Array {
  const form = t as RunForm;
  if (form.rows === undefined) {
    const rows = new Int32Array(t.trans.length);
    for (let i = 0; i < rows.length; i++) rows[i] = t.trans[i] * t.K * 2 + (t.ops[i] !== 0 ? 1 : 0);
    form.rows = rows;
  }
  return form.rows;
}

/**
 * Runs a tagged DFA over the input: `low` and `classOf` are the revision's character classes (the
 * scanner's). Returns the capture array, or null when the input is rejected (the scanner's DFA then
 * says where and why: it accepts exactly the same inputs). The array is reused by the next call:
 * read it (build the AST) before running another.
 */
export function capture(t: TaggedTable, low: Uint8Array, classOf: (c: number) => number, input: string): Int32Array | null {
  const rows = rowsOf(t);
  const ops = t.ops;
  const apply = t.apply;
  if (registers.length < t.registers) registers = new Int32Array(t.registers);
  const regs = registers;
  regs.fill(-1, 0, t.registers);
  let s = t.start * t.K;
  const n = input.length;
  for (let p = 0; p < n; p++) {
    const ch = input.charCodeAt(p);
    const i = s + (ch < 128 ? low[ch] : classOf(ch));
    const v = rows[i];
    if (v === 0) return null;
    if ((v & 1) !== 0) apply(ops[i], p, regs);
    s = v >> 1;
  }
  const f = t.accept[s / t.K];
  if (f < 0) return null;
  const fixups = t.fixups;
  const end = f + 1 + 2 * fixups[f];
  for (let k = f + 1; k < end; k += 2) {
    const src = fixups[k + 1];
    regs[fixups[k]] = src >= 0 ? regs[src] : src === -1 ? n : -1;
  }
  regs[0] = 0;
  regs[1] = n;
  return regs;
}

const whole = new Int32Array(2);

/** The capture array of a start rule whose AST reads no position: the match itself (reused, as capture()'s). */
export function wholeMatch(input: string): Int32Array {
  whole[0] = 0;
  whole[1] = input.length;
  return whole;
}
