// Skipping a run of a DFA's self-loop with a sticky regex. In a URL, most characters are read by a
// state that loops on itself over a large class (a path segment's pchar, a query's characters): on
// the Debian corpus 91% of the characters, in runs of 20 on average. One lookup per character is
// the scanner's price; a sticky regex over exactly the loop's characters reads the same run in
// V8's compiled regex code, several times faster (bench/run.mjs, "validate"; measured by itself on
// the same corpus: the scan went from 1.34 to 0.87 times the Appendix B regex).
//
// Exact by construction: a state's regex is the union of the code-unit ranges of the classes whose
// transition from that state is the state itself (and, for a tagged DFA, carries no operation), so
// the run it matches is the run the table loop would read one character at a time, ending in the
// same state. test/scanner-skip.test.ts checks every state of every revision against its row.

/** Per state, the index of its regex in `res` (-1: no skip); the regexes are shared by states with the same loop. */
export interface Skips {
  readonly at: Int16Array;
  readonly res: readonly RegExp[];
}

/**
 * Loops that read fewer ASCII characters than this get no regex: a regex call costs about as much
 * as a dozen table lookups, so it pays only where runs are long, and runs over small classes
 * (digits of a port, hex digits) are short.
 */
export const SKIP_MIN_ASCII = 8;

/**
 * The skips of a DFA of `states` states over the classes `classRanges` ([lo, hi, lo, hi, ...] per
 * class): `loops(state, class)` says whether that transition goes back to the state (with nothing
 * else to do on it).
 */
export function selfLoopSkips(states: number, classRanges: readonly (readonly number[])[], loops: (state: number, cls: number) => boolean): Skips {
  return selfLoopSkipsInto(noSkips(states), classRanges, loops);
}

/** Skips of `states` states with no regex (every state -1): what selfLoopSkipsInto() fills. */
export function noSkips(states: number): { at: Int16Array; res: RegExp[] } {
  return { at: new Int16Array(states).fill(-1), res: [] };
}

/**
 * selfLoopSkips() into skips that noSkips() made: a generated scanner's SKIPS exist from its import
 * (scan() holds them in constants) and are filled on its first scan (issue 27: nothing decoded at import).
 */
export function selfLoopSkipsInto(skips: { at: Int16Array; res: RegExp[] }, classRanges: readonly (readonly number[])[], loops: (state: number, cls: number) => boolean): Skips {
  const K = classRanges.length;
  return fillSkips(skips, classRanges, (s, out) => {
    for (let k = 0; k < K; k++) if (loops(s, k)) out.push(k);
  });
}

/**
 * selfLoopSkipsInto() for a plain transition table (state * K + class -> state; a state loops on the
 * classes that send it back to itself), reading the table itself: the generated scanners call it on
 * their first scan, which runs it cold, where a call per state and class cost milliseconds (issue 27:
 * the first validate()).
 */
export function tableSelfLoopSkipsInto(skips: { at: Int16Array; res: RegExp[] }, classRanges: readonly (readonly number[])[], trans: Uint16Array | Uint32Array, from = 1, to = skips.at.length): Skips {
  const K = classRanges.length;
  return fillSkips(
    skips,
    classRanges,
    (s, out) => {
      const row = s * K;
      for (let k = 0; k < K; k++) if (trans[row + k] === s) out.push(k);
    },
    from,
    to,
  );
}

/** What fillSkips() has made for a Skips object, kept across its calls (a table decoded in parts is filled in parts). */
const madeFor = /* @__PURE__ */ new WeakMap<Skips, { bySource: Map<string, number>; byClasses: Map<string, number> }>();

/**
 * The skips of the states from `from` (at least 1: state 0 has none) to before `to` (default every
 * state), from the classes each loops on (`loopClasses` pushes them into `out`).
 */
function fillSkips(skips: { at: Int16Array; res: RegExp[] }, classRanges: readonly (readonly number[])[], loopClasses: (state: number, out: number[]) => void, from = 1, to = skips.at.length): Skips {
  const { at, res } = skips;
  let made = madeFor.get(skips);
  if (made === undefined) madeFor.set(skips, (made = { bySource: new Map(), byClasses: new Map() }));
  const { bySource } = made;
  // Many states loop on the same classes: their regex (or none, -1) is made once.
  const { byClasses } = made;
  const classes: number[] = [];
  for (let s = Math.max(1, from); s < to; s++) {
    classes.length = 0;
    loopClasses(s, classes);
    if (classes.length === 0) continue;
    const key = classes.join(",");
    const known = byClasses.get(key);
    if (known !== undefined) {
      if (known >= 0) at[s] = known;
      continue;
    }
    byClasses.set(key, -1);
    const ranges: [number, number][] = [];
    let ascii = 0;
    for (const k of classes) {
      const r = classRanges[k];
      for (let i = 0; i < r.length; i += 2) {
        ranges.push([r[i], r[i + 1]]);
        if (r[i] < 128) ascii += Math.min(r[i + 1], 127) - r[i] + 1;
      }
    }
    if (ascii < SKIP_MIN_ASCII) continue;
    const source = `[${characterClass(ranges)}]*`;
    let index = bySource.get(source);
    if (index === undefined) {
      if (res.length >= 0x7fff) continue;
      index = res.length;
      res.push(new RegExp(source, "y"));
      bySource.set(source, index);
    }
    byClasses.set(key, index);
    at[s] = index;
  }
  return { at, res };
}

/** Code-unit ranges as the inside of a regex character class (no `u` flag: it matches code units, lone surrogates too). */
function characterClass(ranges: [number, number][]): string {
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of ranges) {
    const last = merged[merged.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  const u = (c: number): string => `\\u${c.toString(16).padStart(4, "0")}`;
  return merged.map(([lo, hi]) => (lo === hi ? u(lo) : `${u(lo)}-${u(hi)}`)).join("");
}
