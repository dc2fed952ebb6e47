// A published rule read naively as PEG: the published grammar model (src/published/model.ts) run
// with PEG semantics, exactly as written (alternatives tried in published order, the first that
// matches wins; repetitions and options greedy, never giving back). The notation guide runs it next
// to the published grammar (Earley, context-free) and our transcription, to show where a naive
// transcription changes the language (`25` vs `255`).
import { findPublishedRule, type Expr, type PublishedGrammar } from "../../published/model";

/** A bound on the steps of one match: naive PEG without memoisation can take exponential time. */
const STEP_BUDGET = 2_000_000;

export type NaiveResult = { verdict: "valid" | "invalid"; end: number } | { verdict: "gave-up" };

/** Whether the naive PEG reading of `rule` matches the whole input (and where its match ends). */
export function naivePegMatch(grammar: PublishedGrammar, rule: string, input: string): NaiveResult | null {
  const start = findPublishedRule(grammar, rule);
  if (!start) return null;
  let steps = 0;
  const match = (e: Expr, at: number): number => {
    if (++steps > STEP_BUDGET) throw new RangeError("budget");
    switch (e.type) {
      case "seq": {
        let p = at;
        for (const item of e.items) {
          p = match(item, p);
          if (p < 0) return -1;
        }
        return p;
      }
      case "alt":
        // Ordered choice: the first alternative that matches wins.
        for (const item of e.items) {
          const p = match(item, at);
          if (p >= 0) return p;
        }
        return -1;
      case "opt": {
        const p = match(e.expr, at);
        return p >= 0 ? p : at;
      }
      case "rep": {
        let p = at;
        let count = 0;
        while (e.max === null || count < e.max) {
          const next = match(e.expr, p);
          if (next < 0 || next === p) break;
          p = next;
          count++;
        }
        return count >= e.min ? p : -1;
      }
      case "lit": {
        const part = input.slice(at, at + e.text.length);
        const same = e.caseInsensitive ? part.toLowerCase() === e.text.toLowerCase() : part === e.text;
        return same ? at + e.text.length : -1;
      }
      case "chars": {
        if (at >= input.length) return -1;
        const c = input.charCodeAt(at);
        return e.ranges.some(([lo, hi]) => c >= lo && c <= hi) ? at + 1 : -1;
      }
      case "ref": {
        const r = findPublishedRule(grammar, e.name);
        return r ? match(r.expr, at) : -1;
      }
    }
  };
  try {
    const end = match(start.expr, 0);
    return { verdict: end === input.length ? "valid" : "invalid", end };
  } catch (e) {
    if (e instanceof RangeError) return { verdict: "gave-up" };
    throw e;
  }
}
