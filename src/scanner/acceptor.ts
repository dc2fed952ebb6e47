// validate()'s DFA (generated/<spec>.accept.ts holds its tables and makes one of these): the
// acceptance DFA of every rule as a start rule (scripts/scanner/passes/build-acceptance.mjs), with no
// walk, no error labels and no AST tables (issue 27: a page that validates pays for this alone). An
// input is valid for a rule when the rule's start state, run over the whole input, ends in an
// accepting state; the scanner's scan() gives the same verdict (test/validator.test.ts).
import { runDfa } from "./run";
import { TableDfa, type DfaTables } from "./table-dfa";
import type { TextSource } from "./tables";

export interface AcceptorTables extends DfaTables {
  /** Whether each state accepts the end of the input, a byte per state. */
  readonly acceptBytes: TextSource;
}

export class Acceptor extends TableDfa {
  private readonly acceptBytes: TextSource;

  constructor(t: AcceptorTables) {
    super(t);
    this.acceptBytes = t.acceptBytes;
  }

  /**
   * Decodes the rows of the table before state `rows` (default: all of them) and builds their
   * self-loop regexes, each once: on the first accepts() from a start rule, the rows it reaches
   * (rowsFrom), not at import.
   */
  readonly load = (rows: number = this.states): void => {
    if (rows <= this.ready) return;
    if (this.ready === 0) this.accept.set(this.acceptBytes(this.states).subarray(0, this.states));
    this.loadRows(rows);
  };

  /** Whether the rule starting in `start` accepts the whole input: its DFA, one lookup per character (a self-loop's run at once). */
  readonly accepts = (start: number, input: string): boolean => {
    if (this.ready < this.states) this.load(this.rowsFrom[start] ?? this.states);
    return runDfa(this.trans, this.K, this.low, this.high, this.skips, start, input, this.last) < 0 && this.accept[this.last[0]] === 1;
  };
}
