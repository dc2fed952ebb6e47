// Planted mistakes in a generated scanner, run in a worker thread with a time limit per input
// (test/support/time-limit.ts): each one changes one entry of the scanner's tables in place, then the
// differential check runs input by input and reports what it caught. A check that cannot fail
// proves nothing; a mistake that makes the walk run without end fails naming the input.
import { getRevision } from "../../src/revisions";
import { compareOne } from "./scanner-differential";

export type Mistake =
  /** from the start rule's start state, character `char` leads where `instead` would */
  | { kind: "transition"; rule: string; char: string; instead: string }
  /** a decision's question is answered "yes" without looking (the first one from `index` on whose DFA runs: one character does not tell) */
  | { kind: "decision"; index: number }
  /** a state's accepting bit is flipped */
  | { kind: "accept"; rule: string }
  /** the reverse pass answers the first of its decisions the other way */
  | { kind: "reverse" }
  /** a question one character answers gets the other answer for every character (the first such decision from `index` on that is used alone, outside a choice table) */
  | { kind: "first"; index: number }
  /** the choice tables send every character to the next alternative */
  | { kind: "alternative" };

/**
 * Plants the mistake (once, in this thread's copy of the tables), then checks one [start rule (peggy
 * name), input] at a time: the problem the differential check finds, or null. The factory of a
 * TimedWorker (test/support/time-limit.ts).
 */
export function plantedScannerCheck(spec: string, mistake: Mistake): (c: [string, string]) => string | null {
  const revision = getRevision(spec)!;
  const s = revision.scanner as unknown as {
    TRANS: Uint16Array;
    load(): void;
    ACCEPT: Uint8Array;
    START: Record<string, number>;
    K: number;
    D_START: Uint32Array;
    REV_BITS?: Uint32Array;
    FIRST: Uint8Array;
    ALTERNATIVE: Uint8Array;
    classOf(c: number): number;
  };
  s.load(); // the tables are filled on first use: a mistake planted before would be overwritten
  if (mistake.kind === "transition") {
    const start = s.START[mistake.rule];
    s.TRANS[start * s.K + s.classOf(mistake.char.charCodeAt(0))] = s.TRANS[start * s.K + s.classOf(mistake.instead.charCodeAt(0))];
  } else if (mistake.kind === "first") {
    const width = s.K + 2;
    for (let i = mistake.index * width; i < s.FIRST.length; i += width) {
      if (s.FIRST.subarray(i, i + s.K).some((x) => x === 1)) {
        for (let c = 0; c < s.K; c++) s.FIRST[i + c] ^= 1;
        break;
      }
    }
  } else if (mistake.kind === "alternative") {
    const width = s.K + 2;
    const count = Math.max(...s.ALTERNATIVE) + 1;
    for (let i = 0; i < s.ALTERNATIVE.length; i++) if (i % width < s.K) s.ALTERNATIVE[i] = (s.ALTERNATIVE[i] + 1) % count;
  } else if (mistake.kind === "reverse") {
    if (!s.REV_BITS) throw new Error(`${spec} has no reverse pass`);
    for (let i = 0; i < s.REV_BITS.length; i++) s.REV_BITS[i] ^= 1;
  } else if (mistake.kind === "accept") {
    s.ACCEPT[s.START[mistake.rule]] ^= 1;
  } else {
    // 0 and 1 are the answers "no" and "yes" already; where the next character always tells (FIRST
    // has no 2 in the decision's row) the DFA is never run.
    const width = s.K + 2;
    let d = mistake.index;
    while (s.D_START[d] <= 1 || !s.FIRST.subarray(d * width, d * width + s.K).includes(2)) d++;
    s.D_START[d] = 1;
  }
  return ([rulePeg, input]) => {
    const rule = revision.rules.find((r) => r.pegName === rulePeg)!;
    let problem: string | null;
    try {
      problem = compareOne(revision, rule, input).problem;
    } catch (e) {
      problem = `threw: ${e instanceof Error ? e.message : String(e)}`;
    }
    return problem ? `${rulePeg} ${JSON.stringify(input)}: ${problem}` : null;
  };
}
