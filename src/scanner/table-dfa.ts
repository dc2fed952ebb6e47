// A DFA whose transition table a generated module carries as a string (scripts/scanner/passes/encode-tables.mjs):
// the table is allocated at import and decoded on first use, as far as a run needs (issue 27: a
// revision costs nothing until it is used, and a start rule decodes the rows it reaches). The
// scanner (src/scanner/scanner.ts) and validate()'s acceptance DFA (src/scanner/acceptor.ts) are two.
import { highClass } from "./run";
import { noSkips, tableSelfLoopSkipsInto } from "./skip";
import { rowsReader, type TextSource } from "./tables";

/** What a generated module says of its DFA. */
export interface DfaTables {
  /** Number of character classes: the width of a row. */
  readonly K: number;
  /** The class of each code unit below 128. */
  readonly low: Uint8Array;
  /** The classes above 127: [hi, class, hi, class, ...] ascending, the last unbounded (src/scanner/run.ts, highClass). */
  readonly high: readonly number[];
  /** Code-unit ranges of each class, [lo, hi, lo, hi, ...] (the self-loop regexes and error messages read them). */
  readonly classRanges: readonly (readonly number[])[];
  /** The number of states. */
  readonly states: number;
  /** The transition rows (scripts/scanner/rows-text.mjs), as encode-tables wrote them. */
  readonly rows: TextSource;
  /** The state where each rule (pegName) starts. */
  readonly start: Readonly<Record<string, number>>;
  /**
   * Per start state, the rows a run from it reads: every state it reaches is numbered below (each
   * start rule's states come after the earlier rules', the decisions' last: scripts/scanner/dfa.mjs,
   * numbered()). A run decodes those rows of the table, not the whole of it (issue 27).
   */
  readonly rowsFrom: Readonly<Record<number, number>>;
}

export class TableDfa {
  readonly K: number;
  readonly low: Uint8Array;
  readonly high: readonly number[];
  readonly classRanges: readonly (readonly number[])[];
  readonly states: number;
  /** Transitions: state * K + class -> state; 0 rejects everything, 1 accepts everything. Filled by loadRows(). */
  readonly trans: Uint16Array | Uint32Array;
  /** Whether a state accepts the end of the input (filled by the subclass's load()). */
  readonly accept: Uint8Array;
  /** Per state whose self-loop reads a large class, a sticky regex that reads a run of it at once (src/scanner/skip.ts). */
  readonly skips: { readonly at: Int16Array; readonly res: RegExp[] };
  readonly start: Readonly<Record<string, number>>;
  readonly rowsFrom: Readonly<Record<number, number>>;
  /** The state the last run stopped in (the last state that could still accept). */
  readonly last = new Int32Array(1);
  /** How many rows are decoded (and have their self-loop regexes). */
  ready = 0;
  private readonly readRows: (upTo: number) => number;

  constructor(t: DfaTables) {
    this.K = t.K;
    this.low = t.low;
    this.high = t.high;
    this.classRanges = t.classRanges;
    this.states = t.states;
    this.trans = t.states > 0xffff ? new Uint32Array(t.states * t.K) : new Uint16Array(t.states * t.K);
    this.accept = new Uint8Array(t.states);
    this.skips = noSkips(t.states);
    this.start = t.start;
    this.rowsFrom = t.rowsFrom;
    this.readRows = rowsReader(this.trans, t.K, t.rows);
  }

  /** The character class of a UTF-16 code unit. */
  readonly classOf = (c: number): number => (c < 128 ? this.low[c] : highClass(this.high, c));

  /** Decodes the rows before state `rows` not decoded yet, and builds their self-loop regexes. */
  loadRows(rows: number): void {
    if (rows <= this.ready) return;
    const from = this.ready;
    this.ready = this.readRows(rows);
    tableSelfLoopSkipsInto(this.skips, this.classRanges, this.trans, from, this.ready);
  }
}
