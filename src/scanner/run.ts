// The loop of the generated scanners (generated/<spec>.scanner.ts: scan(); <spec>.accept.ts:
// accepts()): a DFA over character classes, one table lookup per code unit, a self-loop's run read at
// once by its sticky regex (src/scanner/skip.ts). Every revision's tables run through this one loop
// (scripts/compile-scanner.mjs writes the tables; src/scanner/scanner.ts and acceptor.ts hold them).
import type { Skips } from "./skip";

/**
 * The character class of a code unit at or above 128: `high` is [hi, class, hi, class, ...], the
 * ranges above 127 in ascending order (each up to and including hi), the last one unbounded.
 */
export function highClass(high: readonly number[], c: number): number {
  const last = high.length - 2;
  for (let i = 0; i < last; i += 2) if (c <= high[i]) return high[i + 1];
  return high[last + 1];
}

/**
 * Runs the DFA `trans` (state * K + class -> state; 0 rejects everything) from `start` over the
 * input. Returns the offset of the first code unit that leads to state 0 (`last[0]`: the state
 * before it), or -1 when it reads the whole input (`last[0]`: the state it ends in). Everything it
 * reads is an argument: the loop keeps them in registers (measured for src/scanner/tagged.ts's run: a
 * fifth faster than reading them from an object inside the loop).
 */
export function runDfa(trans: Uint16Array | Uint32Array, K: number, low: Uint8Array, high: readonly number[], skips: Skips, start: number, input: string, last: Int32Array): number {
  const skipAt = skips.at;
  const skipRe = skips.res;
  let s = start;
  const n = input.length;
  for (let p = 0; p < n; p++) {
    const c = input.charCodeAt(p);
    const next = trans[s * K + (c < 128 ? low[c] : highClass(high, c))];
    if (next === 0) {
      last[0] = s;
      return p;
    }
    if (next === s) {
      // A self-loop: the rest of its run at once, ending where the table would (the state stays).
      const k = skipAt[s];
      if (k >= 0) {
        const re = skipRe[k];
        re.lastIndex = p + 1;
        if (re.test(input)) p = re.lastIndex - 1;
      }
    }
    s = next;
  }
  last[0] = s;
  return -1;
}
