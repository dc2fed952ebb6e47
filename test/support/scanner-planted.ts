// Planted mistakes in a generated scanner, run in a worker (test/support/in-worker.ts): each one
// changes one entry of the scanner's tables in place, then the differential check runs on the
// given inputs and reports what it caught. A check that cannot fail proves nothing.
import { getRevision } from "../../src/revisions";
import { compareOne } from "./scanner-differential";

export type Mistake =
  /** from the start rule's start state, character `char` leads where `instead` would */
  | { kind: "transition"; rule: string; char: string; instead: string }
  /** a decision's question is answered "yes" without looking (the first one from `index` on that looks at the input) */
  | { kind: "decision"; index: number }
  /** a state's accepting bit is flipped */
  | { kind: "accept"; rule: string }
  /** the reverse pass answers the first of its decisions the other way */
  | { kind: "reverse" };

/** Plants the mistake, then returns the first problem the differential check finds (null: none). */
export function plantAndCompare(spec: string, mistake: Mistake, inputs: [string, string][]): string | null {
  const revision = getRevision(spec)!;
  const s = revision.scanner as unknown as { TRANS: Uint16Array; ACCEPT: Uint8Array; START: Record<string, number>; K: number; D_START: Uint32Array; REV_BITS?: Uint32Array; classOf(c: number): number };
  if (mistake.kind === "transition") {
    const start = s.START[mistake.rule];
    s.TRANS[start * s.K + s.classOf(mistake.char.charCodeAt(0))] = s.TRANS[start * s.K + s.classOf(mistake.instead.charCodeAt(0))];
  } else if (mistake.kind === "reverse") {
    if (!s.REV_BITS) throw new Error(`${spec} has no reverse pass`);
    for (let i = 0; i < s.REV_BITS.length; i++) s.REV_BITS[i] ^= 1;
  } else if (mistake.kind === "accept") {
    s.ACCEPT[s.START[mistake.rule]] ^= 1;
  } else {
    let d = mistake.index;
    while (s.D_START[d] <= 1) d++; // 0 and 1 are the answers "no" and "yes" already
    s.D_START[d] = 1;
  }
  for (const [rulePeg, input] of inputs) {
    const rule = revision.rules.find((r) => r.pegName === rulePeg)!;
    let problem: string | null;
    try {
      problem = compareOne(revision, rule, input).problem;
    } catch (e) {
      problem = `threw: ${e instanceof Error ? e.message : String(e)}`;
    }
    if (problem) return `${rulePeg} ${JSON.stringify(input)}: ${problem}`;
  }
  return null;
}
