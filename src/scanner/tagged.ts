// The tagged DFA's run (the tables come from scripts/scanner/tdfa.mjs, through generated/<spec>.ast.ts):
// one pass over the input, one table lookup per character, and on the few transitions that carry
// operations, register writes (a register := this position, another register, or -1). At the end,
// the accepting state says where each recorded position is. The result is the capture array the
// generated builders read: node i of the start rule's skeleton matched iff c[2i] >= 0, from c[2i] to
// c[2i + 1]; c[0] and c[1] are the start rule's own match (0 and the input's length).

import type { Components } from "../ast/types";
import { selfLoopSkips } from "./skip";
import { fromZigzag, nextNumber, type Numbers, type TextSource } from "./tables";
import type { GeneratedScanner } from "./types";
import type { WalkTags } from "./walk-captures";

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
   * The register operations, per list number from 1: its length n, then n pairs (register, source)
   * in execution order (source: a register, -1 this position, -2 unset).
   */
  readonly ops: Int16Array;
  /** Per state: -1 (it does not accept), or the offset in `fixups` of what the end of the input sets. */
  readonly accept: Int32Array;
  /**
   * At an offset: n, then n pairs (slot, source): the values not already in their slot at the end
   * (source: a register, -1 the end of the input, -2 unset). A tag's home register is its slot.
   */
  readonly fixups: Int32Array;
  /** The transitions, decoded anew at each call (runFormOf() calls it once per table): per state and class, the target (0 rejects) and its operations' list number (0: none). */
  readonly transitions: () => { next: Int32Array; ops: Uint16Array };
}

/**
 * A start rule's tagged DFA, from offset `from` to `to` of its revision's table text
 * (scripts/ast/table-text.mjs, tableText; generated/<spec>.ast.ts keeps the revision's texts packed in
 * one TextSource, decoded as far as the start rules parsed so far need): the operations, the accepting states and their fixups are decoded the first time one
 * of them is read, the transitions by runFormOf() the first time the start rule is parsed.
 */
export function taggedTable(source: TextSource, from: number, to: number, K: number, states: number, start: number, registers: number, captures: number): TaggedTable {
  let small: { ops: Int16Array; accept: Int32Array; fixups: Int32Array; rowsAt: number } | null = null;
  const decoded = () => {
    if (small !== null) return small;
    const r: Numbers = { b: source(to), at: from };
    const ops = new Int16Array(nextNumber(r));
    for (let i = 0; i < ops.length; i++) ops[i] = nextNumber(r) - 2;
    const fixups = new Int32Array(nextNumber(r));
    for (let i = 0; i < fixups.length; i++) fixups[i] = nextNumber(r) - 2;
    const accept = new Int32Array(states);
    for (let s = 0; s < states; s++) accept[s] = nextNumber(r) - 1;
    return (small = { ops, accept, fixups, rowsAt: r.at });
  };
  return {
    K,
    states,
    start,
    registers,
    captures,
    get ops() {
      return decoded().ops;
    },
    get accept() {
      return decoded().accept;
    },
    get fixups() {
      return decoded().fixups;
    },
    transitions: () => {
      const next = new Int32Array(states * K);
      const ops = new Uint16Array(states * K);
      const r: Numbers = { b: source(to), at: decoded().rowsAt };
      for (let s = 0; s < states; s++) {
        const back = nextNumber(r);
        if (back > 0) {
          next.copyWithin(s * K, (s - back) * K, (s - back + 1) * K);
          ops.copyWithin(s * K, (s - back) * K, (s - back + 1) * K);
        }
        let c = -1;
        for (let d = nextNumber(r); d > 0; d--) {
          // 3 x (classes skipped) + what changes: 0 the target, 1 the operations, 2 both.
          const step = nextNumber(r);
          const kind = step % 3;
          c += (step - kind) / 3 + 1;
          if (kind !== 1) {
            // 0 rejects; else 1 + the zigzag of (target - s): z = 2d for d >= 0, -2d - 1 below.
            const z = nextNumber(r) - 1;
            next[s * K + c] = z < 0 ? 0 : s + fromZigzag(z);
          }
          if (kind !== 0) ops[s * K + c] = nextNumber(r);
        }
      }
      return { next, ops };
    },
  };
}

/**
 * What the build writes per start rule: its tagged DFA (null when its AST reads no position, or when
 * the positions are read off the scanner's walk: `walk`) and its builder.
 */
export interface AstEntry {
  readonly table: TaggedTable | null;
  /** A start rule without a tagged DFA whose AST reads positions: its tags as data (src/scanner/walk-captures.ts). */
  readonly walk?: WalkTags;
  readonly build: (input: string, c: Int32Array) => unknown;
  /** The components of a whole reference (null for a smaller rule), building only the AST fields they are read from. */
  readonly components?: (input: string, c: Int32Array) => { components: Components; prefix: string } | null;
  /**
   * With a tagged DFA, in a revision with predicates (src/predicates.ts): the capture slots that hold
   * the matches of the rules a predicate checks, each with the rule's published name (every match
   * the walk would find; none when the list is empty). Absent: the walk finds them.
   */
  readonly predicates?: readonly (readonly [slot: number, rule: string])[];
}

let registers = /* @__PURE__ */ new Int32Array(64);

/**
 * The table the run reads, made once per start rule on first use: per state and class, the next
 * state's row offset (state * K) times 4, plus 1 when the transition carries operations, plus 2
 * when it is a self-loop without operations whose run a sticky regex reads at once
 * (src/scanner/skip.ts). The loop then costs what the scanner's does, and reads the operations
 * only on the few transitions that have some.
 */
export interface RunForm {
  next: Int32Array;
  /** Per state and class with operations: the offset in `ops` of its list; with a skip: its regex in `skips`. */
  opAt: Int32Array;
  skips: readonly RegExp[];
  /** The table's operations, accepting states, fixups and sizes (TaggedTable's), read once. */
  ops: Int16Array;
  accept: Int32Array;
  fixups: Int32Array;
  K: number;
  start: number;
  registers: number;
  captures: number;
}

const runForms = /* @__PURE__ */ new WeakMap<TaggedTable, RunForm>();

/** The table as the run reads it, decoded from `rows` the first time the start rule is parsed (exported for test/scanner-skip.test.ts). */
let lastTable: TaggedTable | null = null;
let lastForm: RunForm | null = null;

export function runFormOf(t: TaggedTable, classRanges: readonly (readonly number[])[]): RunForm {
  // Inputs come in runs of one start rule (a batch, a loop): the last table is checked first.
  if (t === lastTable) return lastForm!;
  let form = runForms.get(t);
  if (form !== undefined) {
    lastTable = t;
    lastForm = form;
    return form;
  }
  const K = t.K;
  const { next, ops } = t.transitions();
  const listOps = t.ops;
  // The offset of each list in t.ops (list numbers start at 1).
  const listAt = [0, 0];
  for (let k = 0; k < listOps.length; k += 1 + 2 * listOps[k]) listAt.push(k + 1 + 2 * listOps[k]);
  const opAt = new Int32Array(t.states * K);
  const skips = selfLoopSkips(t.states, classRanges, (s, k) => next[s * K + k] === s && ops[s * K + k] === 0);
  for (let i = 0; i < next.length; i++) {
    const state = (i / K) | 0;
    const skip = next[i] === state && ops[i] === 0 ? skips.at[state] : -1;
    next[i] = next[i] * K * 4 + (ops[i] !== 0 ? 1 : skip >= 0 ? 2 : 0);
    if (ops[i] !== 0) opAt[i] = listAt[ops[i]];
    else if (skip >= 0) opAt[i] = skip;
  }
  form = { next, opAt, skips: skips.res, ops: listOps, accept: t.accept, fixups: t.fixups, K, start: t.start, registers: t.registers, captures: t.captures };
  runForms.set(t, form);
  lastTable = t;
  lastForm = form;
  return form;
}

/**
 * Runs a tagged DFA over the input: `low` and `classOf` are the revision's character classes (the
 * scanner's). Returns the capture array, or null when the input is rejected (the scanner's DFA then
 * says where and why: it accepts exactly the same inputs). The array is reused by the next call:
 * read it (build the AST) before running another.
 */
export function capture(t: TaggedTable, scanner: Pick<GeneratedScanner, "LOW" | "classOf" | "CLASS_RANGES">, input: string): Int32Array | null {
  // Everything the run reads comes from the form (a plain object of one shape; the table, with
  // its getters, is only the key: measured, reading it here made parse() 4-6% slower).
  const form = runFormOf(t, scanner.CLASS_RANGES);
  if (registers.length < form.registers) registers = new Int32Array(form.registers);
  const regs = registers;
  // Home registers (the capture slots) start unset; the others are written before they are read.
  for (let k = form.captures - 1; k >= 0; k--) regs[k] = -1; // (a loop: fill() is a call that costs more for a few dozen)
  const K = form.K;
  const s = run(form.next, form.opAt, form.skips, form.ops, scanner.LOW, scanner.classOf, regs, form.start * K, input);
  if (s < 0) return null;
  const f = form.accept[(s / K) | 0];
  if (f < 0) return null;
  const n = input.length;
  const fixups = form.fixups;
  const end = f + 1 + 2 * fixups[f];
  for (let k = f + 1; k < end; k += 2) {
    const src = fixups[k + 1];
    regs[fixups[k]] = src >= 0 ? regs[src] : src === -1 ? n : -1;
  }
  regs[0] = 0;
  regs[1] = n;
  return regs;
}

/**
 * The loop of capture(): from row offset `s`, one lookup per character, and a transition's
 * operations where it has some. Returns the row offset of the state after the last character, or
 * -1 when a character has no transition. Everything it reads is an argument (measured: a fifth
 * faster than reading the same tables from objects inside the loop's function).
 */
function run(rows: Int32Array, opAt: Int32Array, skips: readonly RegExp[], ops: Int16Array, low: Uint8Array, classOf: (c: number) => number, regs: Int32Array, s: number, input: string): number {
  const n = input.length;
  for (let p = 0; p < n; p++) {
    const ch = input.charCodeAt(p);
    const i = s + (ch < 128 ? low[ch] : classOf(ch));
    const v = rows[i];
    if (v === 0) return -1;
    if ((v & 3) !== 0) {
      if ((v & 1) !== 0) runOperations(ops, opAt[i], p, regs);
      else {
        // A self-loop without operations: the rest of its run at once (the state stays).
        const re = skips[opAt[i]];
        re.lastIndex = p + 1;
        if (re.test(input)) p = re.lastIndex - 1;
      }
    }
    s = v >> 2;
  }
  return s;
}

/**
 * One transition's operations, in order, from offset `k` of `ops` (its length, then pairs): a
 * register := this position, another register, or unset. A function of its own: the run's loop
 * stays small (measured: faster than the same code inline in the loop).
 */
function runOperations(ops: Int16Array, k: number, p: number, regs: Int32Array): void {
  const end = k + 1 + 2 * ops[k];
  for (k++; k < end; k += 2) {
    const src = ops[k + 1];
    regs[ops[k]] = src >= 0 ? regs[src] : src === -1 ? p : -1;
  }
}

const whole = /* @__PURE__ */ new Int32Array(2);

/** The capture array of a start rule whose AST reads no position: the match itself (reused, as capture()'s). */
export function wholeMatch(input: string): Int32Array {
  whole[0] = 0;
  whole[1] = input.length;
  return whole;
}
