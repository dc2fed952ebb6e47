// A published rule read naively as PEG: the published grammar model (model.ts) run with PEG
// semantics, exactly as written (alternatives tried in published order, the first that matches
// wins; repetitions and options greedy, never giving back). Two readers: the explorer's notation
// guide (src/web/pages/notation.ts) runs it next to the published grammar (Earley, context-free)
// and our transcription, to show where a naive transcription changes the language (`25` vs
// `255`); the conformance suite (src/conformance/suite.ts) keeps the inputs where it and the
// grammar disagree as PEG-trap cases, reading quoted strings exactly as written too (`"v"` does
// not match "V"), the other thing a literal transcription gets wrong. Packrat (a rule's match at an
// offset is computed once), so linear in the input; a rule that reaches itself at the same offset
// (left recursion) fails there.
import { findPublishedRule, type Expr, type PublishedGrammar } from "./model";

/** A bound on the steps of one match, for grammars and inputs nobody has tried. */
const STEP_BUDGET = 2_000_000;
const IN_PROGRESS = -2;

export type NaiveResult = { verdict: "valid" | "invalid"; end: number } | { verdict: "gave-up" };

export interface NaiveOptions {
  /** `notation` (default): quoted strings ignore case where the notation says so (RFC 2234 §2.3); `as-written`: never. */
  literalCase?: "notation" | "as-written";
}

/** Whether the naive PEG reading of `rule` matches the whole input (and where its match ends); null for an unknown rule. */
export function naivePegMatch(grammar: PublishedGrammar, rule: string, input: string, options: NaiveOptions = {}): NaiveResult | null {
  const start = findPublishedRule(grammar, rule);
  if (!start) return null;
  const ignoreCase = options.literalCase !== "as-written";
  const memo = new Map<string, number>();
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
          if (next < 0) break;
          if (next === p) {
            // The body matched the empty string: the remaining repetitions can all be empty.
            count = Math.max(count, e.min);
            break;
          }
          p = next;
          count++;
        }
        return count >= e.min ? p : -1;
      }
      case "lit": {
        const part = input.slice(at, at + e.text.length);
        const same = e.caseInsensitive && ignoreCase ? part.toLowerCase() === e.text.toLowerCase() : part === e.text;
        return same ? at + e.text.length : -1;
      }
      case "chars": {
        if (at >= input.length) return -1;
        const c = input.charCodeAt(at);
        return e.ranges.some(([lo, hi]) => c >= lo && c <= hi) ? at + 1 : -1;
      }
      case "ref": {
        const r = findPublishedRule(grammar, e.name);
        if (!r) return -1;
        const key = `${r.name}@${at}`;
        const known = memo.get(key);
        if (known !== undefined) return known === IN_PROGRESS ? -1 : known;
        memo.set(key, IN_PROGRESS);
        const p = match(r.expr, at);
        memo.set(key, p);
        return p;
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
