import type { DerivationNode } from "./derivation";
import type { Skips } from "./skip";

/**
 * Which nodes a pruned derivation keeps, by rule (published name) and span; called once per matched
 * rule, children first. Memory goes to the kept nodes only, so a filter that keeps a few rules makes
 * the derivation of a multi-megabyte input affordable.
 */
export type NodeFilter = (rule: string, start: number, end: number) => boolean;

/**
 * What scripts/compile-scanner.mjs writes for one revision (generated/<spec>.scanner.ts): a DFA per
 * start rule in one table, and the walk that builds the derivation of an accepted input.
 */
export interface GeneratedScanner {
  /** Number of character classes (the width of a row of TRANS). */
  readonly K: number;
  classOf(codeUnit: number): number;
  /** classOf below 128, as a table. */
  readonly LOW: Uint8Array;
  /** Code-unit ranges of each class, [lo, hi, lo, hi, ...]. */
  readonly CLASS_RANGES: readonly (readonly number[])[];
  /** state * K + class -> state; 0 rejects everything, 1 accepts everything. */
  readonly TRANS: Uint16Array | Uint32Array;
  /** Fills TRANS and SKIPS (zero and empty until then): scan() and walk() call it; so does whoever reads them first. */
  load(): void;
  readonly ACCEPT: Uint8Array;
  /** Per state: the rule stack an error there names (index into STACK_PARENT / STACK_NAME; 0 = none). */
  readonly LABEL: Int32Array;
  readonly STACK_PARENT: readonly number[];
  readonly STACK_NAME: readonly string[];
  /** Per state, the sticky regex scan() reads the rest of a self-loop's run with (src/scanner/skip.ts). */
  readonly SKIPS: Skips;
  /** Start state of each rule (by its peggy name). */
  readonly START: Readonly<Record<string, number>>;
  /** The printable ASCII characters each rule (peggy name) accepts as a whole input. */
  readonly ONE_CHAR: Readonly<Record<string, string>>;
  /** After scan(): the last state that could still accept. */
  readonly LAST: Int32Array;
  /** -1 when the input is accepted from `start`, else the offset where it stops matching. */
  scan(start: number, input: string): number;
  /**
   * The derivation of an accepted input: every rule's nodes (`tree` true), or those a filter keeps
   * (a refused node's children take its place, in order); a set of rule names (published) keeps
   * the nodes of those rules, deciding by name before a rule runs (the cheapest pruned walk).
   */
  walk(rule: string, input: string, tree: true | NodeFilter | ReadonlySet<string>): DerivationNode[];
}

/**
 * What scripts/compile-scanner.mjs writes as a revision's acceptance DFA (generated/<spec>.accept.ts,
 * src/scanner/acceptor.ts): every rule as a start rule, with no walk, no error labels and no AST
 * tables, so fewer states than the scanner's DFA (those an error label alone kept apart are one).
 * It accepts exactly what the scanner's DFA accepts (test/validator.test.ts proves it per revision).
 */
export interface GeneratedAcceptor {
  /** The state where each rule (pegName) starts. */
  readonly START: Readonly<Record<string, number>>;
  /** Whether the rule starting in `start` accepts the whole input. */
  accepts(start: number, input: string): boolean;
}
