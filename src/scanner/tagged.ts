// The tagged DFA's run (the tables come from scripts/scanner/tdfa.mjs, through generated/<spec>.ast.ts):
// one pass over the input, one table lookup per character, and on the few transitions that carry
// operations, register writes (a register := this position, another register, or -1). At the end,
// the accepting state says where each recorded position is. The result is the capture array the
// generated builders read: node i of the start rule's skeleton matched iff c[2i] >= 0, from c[2i] to
// c[2i + 1]; c[0] and c[1] are the start rule's own match (0 and the input's length).

import type { Components } from "../ast/types";
import { u8 } from "./tables";

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
  /**
   * The transitions, compressed (scripts/ast/emit-ast.mjs, rowDiffs): base64 of varints, per state
   * (the row it starts from, as a distance back, 0 for an empty row; how many classes differ; per
   * class that differs: class, target state, operations number). Decoded on first use.
   */
  readonly rows: string;
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
  /** The components of a whole reference (null for a smaller rule), building only the AST fields they are read from. */
  readonly components?: (input: string, c: Int32Array) => { components: Components; prefix: string } | null;
}

let registers = new Int32Array(64);

/**
 * The table the run reads, made once per start rule on first use: per state and class, the next
 * state's row offset (state * K) times 2, plus 1 when the transition carries operations. The loop
 * then costs what the scanner's does, and reads the operations only on the few transitions that
 * have some.
 */
interface RunForm {
  next: Int32Array;
  ops: Uint16Array;
}

const runForms = new WeakMap<TaggedTable, RunForm>();

/** The table as the run reads it, decoded from `rows` the first time the start rule is parsed. */
function runFormOf(t: TaggedTable): RunForm {
  let form = runForms.get(t);
  if (form !== undefined) return form;
  const K = t.K;
  const next = new Int32Array(t.states * K);
  const ops = new Uint16Array(t.states * K);
  const bytes = u8(t.rows);
  let at = 0;
  const varint = (): number => {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++];
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 128;
    }
  };
  for (let s = 0; s < t.states; s++) {
    const back = varint();
    if (back > 0) {
      next.copyWithin(s * K, (s - back) * K, (s - back + 1) * K);
      ops.copyWithin(s * K, (s - back) * K, (s - back + 1) * K);
    }
    for (let d = varint(); d > 0; d--) {
      const c = varint();
      const target = varint();
      ops[s * K + c] = varint();
      next[s * K + c] = target;
    }
  }
  for (let i = 0; i < next.length; i++) next[i] = next[i] * K * 2 + (ops[i] !== 0 ? 1 : 0);
  form = { next, ops };
  runForms.set(t, form);
  return form;
}

/**
 * Runs a tagged DFA over the input: `low` and `classOf` are the revision's character classes (the
 * scanner's). Returns the capture array, or null when the input is rejected (the scanner's DFA then
 * says where and why: it accepts exactly the same inputs). The array is reused by the next call:
 * read it (build the AST) before running another.
 */
export function capture(t: TaggedTable, low: Uint8Array, classOf: (c: number) => number, input: string): Int32Array | null {
  const form = runFormOf(t);
  const rows = form.next;
  const ops = form.ops;
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
