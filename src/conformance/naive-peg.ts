// A PEG read straight off the published grammar, without the devices our grammars' `@peg` lines
// name: choices in the published order commit to the first alternative that matches, repetitions
// and options are greedy and never give back, quoted strings match exactly as written (no RFC 2234
// §2.3 case-insensitivity). It is the parser a careful but literal transcription would give, so the
// inputs where it and the real grammar disagree are the traps those `@peg` lines are about; the
// conformance suite keeps them as cases (src/conformance/suite.ts). Packrat: linear in the input.
import { findPublishedRule, type Expr, type PublishedGrammar } from "../published/model";

const IN_PROGRESS = -2;

/** Whether the literal PEG of `rule` matches the whole of `input`. */
export function naivePegAccepts(g: PublishedGrammar, rule: string, input: string): boolean {
  const memo = new Map<string, number>();
  const cps = input;
  const match = (e: Expr, pos: number): number => {
    switch (e.type) {
      case "lit":
        return cps.startsWith(e.text, pos) ? pos + e.text.length : -1;
      case "chars": {
        const cp = cps.codePointAt(pos);
        if (cp === undefined || !e.ranges.some(([a, b]) => a <= cp && cp <= b)) return -1;
        return pos + (cp > 0xffff ? 2 : 1);
      }
      case "seq": {
        let p = pos;
        for (const x of e.items) {
          p = match(x, p);
          if (p < 0) return -1;
        }
        return p;
      }
      case "alt":
        for (const x of e.items) {
          const p = match(x, pos);
          if (p >= 0) return p;
        }
        return -1;
      case "opt": {
        const p = match(e.expr, pos);
        return p >= 0 ? p : pos;
      }
      case "rep": {
        let p = pos;
        let n = 0;
        while (e.max === null || n < e.max) {
          const q = match(e.expr, p);
          if (q < 0) break;
          if (q === p) {
            // The body matched the empty string: the remaining repetitions can all be empty.
            n = Math.max(n, e.min);
            break;
          }
          p = q;
          n++;
        }
        return n >= e.min ? p : -1;
      }
      case "ref": {
        const r = findPublishedRule(g, e.name);
        if (!r) return -1;
        const key = `${r.name}@${pos}`;
        const known = memo.get(key);
        if (known !== undefined) return known === IN_PROGRESS ? -1 : known;
        memo.set(key, IN_PROGRESS);
        const p = match(r.expr, pos);
        memo.set(key, p);
        return p;
      }
    }
  };
  const r = findPublishedRule(g, rule);
  return r !== undefined && match({ type: "ref", name: r.name }, 0) === input.length;
}
