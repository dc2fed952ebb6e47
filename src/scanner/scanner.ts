// The linear-time scanner of a revision (generated/<spec>.scanner.ts holds its tables and walk
// functions and makes one of these; scripts/compile-scanner.mjs says how the tables are built and why
// the whole is linear):
//   scan(start, input)   the start rule's DFA, left to right, one table lookup per character; stops
//                        at the first character after which no continuation can be accepted.
//   walk(rule, input)    on an accepted input only: the derivation, by the generated walk functions,
//                        which ask this scanner each decision's question (ask(), decide()).
// A question dom(e) is answered by the next character where it tells (FIRST), else by running e's
// own DFA from the position until it is decided (the states "certainly yes" and "certainly no" are
// sinks), or, for the unbounded questions inside a repetition, by one reverse pass over the input
// computed once per walk. Nothing is decoded at import: load() decodes the tables as far as a call
// needs (issue 27).
import type { DerivationNode } from "./derivation";
import { highClass, runDfa } from "./run";
import { rowsFromText, i32, u32, type TextSource } from "./tables";
import { TableDfa, type DfaTables } from "./table-dfa";
import type { NodeFilter } from "./types";

/** A rule's walk function (generated): walks the rule from `p` in an accepted input, adds its node (or, refused, its children) to `parent`, returns where it ends. */
export type Walker = (w: Scanner, p: number, parent: DerivationNode[]) => number;

/** What generated/<spec>.scanner.ts says of its scanner. */
export interface ScannerTables extends DfaTables {
  /**
   * The small tables' little-endian bytes, one after the other (scripts/scanner/passes/encode-tables.mjs):
   * ACCEPT (a byte per state), LABEL (int32 per state), FIRST (a byte per question and column),
   * ALTERNATIVE (`choices` bytes), D_START (uint32 per question), D_BIT (int8 per question), then,
   * with a reverse pass, REV_BITS (uint32 per reverse state).
   */
  readonly small: TextSource;
  /** The number of questions (decisions). */
  readonly decisions: number;
  /** The length of ALTERNATIVE. */
  readonly choices: number;
  /** The rule stacks an error names: each stack's parent and innermost rule (0: none). */
  readonly stackParent: readonly number[];
  readonly stackName: readonly string[];
  /** The printable ASCII characters each rule (pegName) accepts as a whole input. */
  readonly oneChar: Readonly<Record<string, string>>;
  /** The published name of each rule, in the walk functions' order (a walk function's mode index). */
  readonly ruleNames: readonly string[];
  /** The walk function of each rule (pegName). */
  readonly walkers: Readonly<Record<string, Walker>>;
  /** The reverse pass's DFA (its rows, size, the state at the end of the input), or null. */
  readonly reverse: { readonly rows: TextSource; readonly states: number; readonly initial: number } | null;
}

export class Scanner extends TableDfa {
  readonly stackParent: readonly number[];
  readonly stackName: readonly string[];
  readonly oneChar: Readonly<Record<string, string>>;
  /** The rule stack an error in each state names (index into stackParent / stackName). Filled by load(). */
  readonly label: Int32Array;
  /** What the next character says of each question: question * (K + 2) + column (class, K: end of input, K + 1: past it) -> 1 yes, 0 no, 2 read on. */
  readonly first: Uint8Array;
  /** Per choice: table offset + column -> the alternative taken, 255 ask in order. */
  readonly alternative: Uint8Array;
  /** The DFA state where each question starts. */
  readonly dStart: Uint32Array;
  /** Per question, its bit in the reverse pass's answers (-1: none). */
  readonly dBit: Int8Array;
  /** Per reverse state, the answers of the questions the reverse pass answers (null: no reverse pass). */
  readonly revBits: Uint32Array | null;
  private readonly revTrans: Uint16Array | Uint32Array | null;
  private readonly revInitial: number;
  private readonly small: TextSource;
  private readonly revRows: TextSource | null;
  private smallReady = false;
  /** The width of a FIRST row: K + 2. */
  private readonly width: number;
  private readonly ruleNames: readonly string[];
  private readonly walkers: Readonly<Record<string, Walker>>;

  // The walk's state (one walk at a time per revision).
  /** The input walked. */
  input = "";
  /** Its length. */
  n = 0;
  /** A pruned derivation's filter (null: keep every node): a node it refuses leaves its children in its place. */
  keep: NodeFilter | null = null;
  /** Per rule, for this walk: 0 its node is kept, 1 refused (by a set of names), 2 the filter decides. */
  readonly mode: Uint8Array;
  /** The set of rule names `mode` was last set from. */
  private modeOf: ReadonlySet<string> | null = null;
  /** The reverse pass's state at every position, computed once per walk on demand. */
  private rev: Uint8Array | Uint16Array | null = null;

  constructor(t: ScannerTables) {
    super(t);
    this.stackParent = t.stackParent;
    this.stackName = t.stackName;
    this.oneChar = t.oneChar;
    this.label = new Int32Array(t.states);
    this.width = t.K + 2;
    this.first = new Uint8Array(t.decisions * this.width);
    this.alternative = new Uint8Array(t.choices);
    this.dStart = new Uint32Array(t.decisions);
    this.dBit = new Int8Array(t.decisions);
    this.small = t.small;
    this.revRows = t.reverse?.rows ?? null;
    this.revBits = t.reverse ? new Uint32Array(t.reverse.states) : null;
    this.revTrans = t.reverse ? (t.reverse.states > 0xffff ? new Uint32Array(t.reverse.states * t.K) : new Uint16Array(t.reverse.states * t.K)) : null;
    this.revInitial = t.reverse?.initial ?? 0;
    this.ruleNames = t.ruleNames;
    this.walkers = t.walkers;
    this.mode = new Uint8Array(t.ruleNames.length);
  }

  /**
   * Decodes the rows of the transition table before state `rows` (default: all of them, and the
   * reverse pass's table) and builds their self-loop regexes, each once: not at import, and as far as
   * a call needs. scan() decodes the rows its start rule reaches (rowsFrom); walk(), and whoever reads
   * the table directly, all of them. The first call also fills the small tables.
   */
  readonly load = (rows: number = this.states): void => {
    if (!this.smallReady) this.loadSmall();
    if (rows <= this.ready) return;
    this.loadRows(rows);
    if (this.ready === this.states && this.revTrans !== null && this.revRows !== null) rowsFromText(this.revTrans, this.K, this.revRows);
  };

  /** Fills the small tables from their bytes: once, at the first load(). */
  private loadSmall(): void {
    this.smallReady = true;
    const parts: [Uint8Array | Int8Array | Int32Array | Uint32Array, number][] = [
      [this.accept, 1],
      [this.label, 4],
      [this.first, 1],
      [this.alternative, 1],
      [this.dStart, 4],
      [this.dBit, 1],
      ...(this.revBits ? [[this.revBits, 4] as [Uint32Array, number]] : []),
    ];
    const b = this.small(parts.reduce((n, [a, width]) => n + a.length * width, 0));
    let o = 0;
    for (const [a, width] of parts) {
      const bytes = b.subarray(o, o + a.length * width);
      a.set(width === 1 ? bytes : a instanceof Int32Array ? i32(bytes) : u32(bytes));
      o += a.length * width;
    }
  }

  /**
   * Runs the start state's DFA over the input. Returns -1 when the input is accepted, otherwise the
   * offset of the first character after which nothing can be accepted (the input's length when it
   * ends too early); `last[0]` is then the state before that character.
   */
  readonly scan = (start: number, input: string): number => {
    if (this.ready < this.states) this.load(this.rowsFrom[start] ?? this.states);
    const p = runDfa(this.trans, this.K, this.low, this.high, this.skips, start, input, this.last);
    if (p >= 0) return p;
    return this.accept[this.last[0]] === 1 ? -1 : input.length;
  };

  /**
   * The derivation of an input that scan() accepted from the start rule `rule` (pegName): every rule's
   * node (`tree` true; peggy's traced parser builds the same), or those of the rules `tree` keeps when
   * it is a filter or a set of rule names (a pruned derivation: memory for those nodes only; a set
   * decides by name before a rule runs, so a refused rule costs no list and no call).
   */
  readonly walk = (rule: string, input: string, tree: true | NodeFilter | ReadonlySet<string>): DerivationNode[] => {
    if (this.ready < this.states) this.load();
    this.input = input;
    this.n = input.length;
    if (tree === true || typeof tree === "function") {
      this.keep = tree === true ? null : tree;
      this.mode.fill(tree === true ? 0 : 2);
      this.modeOf = null;
    } else if (tree !== this.modeOf) {
      this.keep = null;
      for (let k = 0; k < this.mode.length; k++) this.mode[k] = tree.has(this.ruleNames[k]) ? 0 : 1;
      this.modeOf = tree;
    }
    this.rev = null;
    const out: DerivationNode[] = [];
    const end = this.walkers[rule](this, 0, out);
    this.input = "";
    this.keep = null;
    this.rev = null;
    if (end !== this.n) throw new Error(`scanner: the walk of ${rule} ended at ${end}, not at the end (${this.n})`);
    return out;
  };

  /** The column of position p in FIRST and ALTERNATIVE: its character's class, K at the end of the input, K + 1 past it. */
  at(p: number): number {
    if (p < this.n) {
      const c = this.input.charCodeAt(p);
      return c < 128 ? this.low[c] : highClass(this.high, c);
    }
    return p === this.n ? this.K : this.K + 1;
  }

  /** dom(e) of question d at position p: the next character's answer, or the question's DFA when it does not tell. */
  ask(d: number, p: number): boolean {
    const a = this.first[d * this.width + this.at(p)];
    return a === 2 ? this.decide(d, p) : a === 1;
  }

  /** dom(e) of question d at position p: does e succeed there? (Never past the end: a guard for planted mistakes.) */
  decide(d: number, p: number): boolean {
    if (p > this.n) return false;
    const bit = this.dBit[d];
    if (bit >= 0 && this.revBits !== null) {
      if (this.rev === null) this.rev = this.reversePass();
      return ((this.revBits[this.rev[p]] >>> bit) & 1) === 1;
    }
    const trans = this.trans;
    const K = this.K;
    const input = this.input;
    const n = this.n;
    let s = this.dStart[d];
    while (s > 1) {
      if (p >= n) return this.accept[s] === 1;
      const c = input.charCodeAt(p++);
      s = trans[s * K + (c < 128 ? this.low[c] : highClass(this.high, c))];
    }
    return s === 1;
  }

  /** A finished node under a filter: added to its parent, or its children added in its place. */
  keepOrLift(parent: DerivationNode[], rule: string, start: number, end: number, children: DerivationNode[]): void {
    if (this.keep === null || this.keep(rule, start, end)) parent.push({ rule, start, end, children });
    else for (let i = 0; i < children.length; i++) parent.push(children[i]);
  }

  /** The reverse pass: the reverse DFA's state at every position. */
  private reversePass(): Uint8Array | Uint16Array {
    const revTrans = this.revTrans!;
    const n = this.n;
    const r = this.revBits!.length <= 256 ? new Uint8Array(n + 1) : new Uint16Array(n + 1);
    let s = this.revInitial;
    r[n] = s;
    for (let p = n - 1; p >= 0; p--) {
      const c = this.input.charCodeAt(p);
      s = revTrans[s * this.K + (c < 128 ? this.low[c] : highClass(this.high, c))];
      r[p] = s;
    }
    return r;
  }
}
