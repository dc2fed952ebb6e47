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
//
// A run may also leave the state for one character and come straight back: a path's "/" in a
// grammar without empty segments (draft-1993's `xpalphas ("/" xpalphas)*`: after "/" one xpalpha
// must follow, so the state after "/" is another), a hostname's "." before the next label. The
// table loop then reads two characters per segment and the run's regex starts anew after them (on
// the Debian corpus, draft-1993 read 24 characters per URL by the table where rfc3986 reads 9). So
// the regex of state S also reads, between its runs, each pair of characters that goes S -> T -> S
// (T another state, both transitions without operations): `[loop]*(?:(?:[c][d]|...)[loop]*)*`.
// Whatever it reads is a sequence of paths from S back to S, so the state after it is S again.

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
 * else to do on it). Self-loops only (no two-character returns: stepSkips() reads those).
 */
export function selfLoopSkips(states: number, classRanges: readonly (readonly number[])[], loops: (state: number, cls: number) => boolean): Skips {
  return selfLoopSkipsInto(noSkips(states), classRanges, loops);
}

/**
 * The skips of a tagged DFA of `states` states: `next[state * K + class]` is the state a transition
 * goes to (0 rejects), `ops[...]` not 0 where it has operations (a run may not skip it). Each state's regex
 * reads its self-loops' runs and the two-character returns between them (see the top of this file).
 */
export function stepSkips(states: number, classRanges: readonly (readonly number[])[], next: ArrayLike<number>, ops: ArrayLike<number>): Skips {
  return fillSkips(noSkips(states), classRanges, next, ops);
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
  const trans = new Int32Array(skips.at.length * K);
  for (let s = 1; s < skips.at.length; s++) for (let k = 0; k < K; k++) if (loops(s, k)) trans[s * K + k] = s;
  return fillSkips(skips, classRanges, trans, null);
}

/**
 * selfLoopSkipsInto() for a plain transition table (state * K + class -> state; a state loops on the
 * classes that send it back to itself), reading the table itself: the generated scanners call it on
 * their first scan, which runs it cold, where a call per state and class cost milliseconds (issue 27:
 * the first validate()).
 */
export function tableSelfLoopSkipsInto(skips: { at: Int16Array; res: RegExp[] }, classRanges: readonly (readonly number[])[], trans: Uint16Array | Uint32Array, from = 1, to = skips.at.length): Skips {
  // (Every state a state of these rows reaches is decoded: a start rule's rows hold every state it
  // reaches. A row not decoded would read as rejecting everything: a return through it missed, never one invented.)
  return fillSkips(skips, classRanges, trans, null, from, to);
}

/** What fillSkips() has made for a Skips object, kept across its calls (a table decoded in parts is filled in parts). */
const madeFor = /* @__PURE__ */ new WeakMap<Skips, { bySource: Map<string, number>; byClasses: Map<string, number> }>();

/**
 * The skips of the states from `from` (at least 1: state 0 has none) to before `to` (default every
 * state), from each transition's target (`next`, state * K + class; 0 rejects) and, for a tagged
 * DFA, its operations (`ops`: a transition with some is never skipped). Plain array reads: this runs
 * cold, on a start rule's first scan (issue 27), over every state and class.
 */
function fillSkips(skips: { at: Int16Array; res: RegExp[] }, classRanges: readonly (readonly number[])[], next: ArrayLike<number>, ops: ArrayLike<number> | null, from = 1, to = skips.at.length): Skips {
  const { at, res } = skips;
  const K = classRanges.length;
  let made = madeFor.get(skips);
  if (made === undefined) madeFor.set(skips, (made = { bySource: new Map(), byClasses: new Map() }));
  const { bySource } = made;
  // Many states loop on the same classes: their regex (or none, -1) is made once.
  const { byClasses } = made;
  const loops: number[] = [];
  for (let s = Math.max(1, from); s < to; s++) {
    loops.length = 0;
    const row = s * K;
    for (let k = 0; k < K; k++) if (next[row + k] === s && (ops === null || ops[row + k] === 0)) loops.push(k);
    if (loops.length === 0 || loops.reduce((n, k) => n + asciiIn(classRanges[k]), 0) < SKIP_MIN_ASCII) continue;
    // The two-character returns S -c-> T -d-> S, by the classes d that come back (the classes c that share them, together).
    // (Per state T, its classes back to S are listed once: classes often share their T.)
    const returns = new Map<string, { out: number[]; back: number[] }>();
    const backOf = new Map<number, string | null>();
    for (let k = 0; k < K; k++) {
      const t = next[row + k];
      if (t === 0 || t === s || (ops !== null && ops[row + k] !== 0)) continue;
      let key = backOf.get(t);
      if (key === undefined) {
        const back: number[] = [];
        for (let d = 0, i = t * K; d < K; d++, i++) if (next[i] === s && (ops === null || ops[i] === 0)) back.push(d);
        key = back.length === 0 ? null : back.join(",");
        backOf.set(t, key);
        if (key !== null && !returns.has(key)) returns.set(key, { out: [], back });
      }
      if (key !== null) returns.get(key)!.out.push(k);
    }
    const pairs = [...returns.values()];
    const key = loops.join(",") + pairs.map((p) => `|${p.out.join(",")}>${p.back.join(",")}`).join("");
    const known = byClasses.get(key);
    if (known !== undefined) {
      if (known >= 0) at[s] = known;
      continue;
    }
    byClasses.set(key, -1);
    const loop = `[${characterClass(rangesOf(classRanges, loops))}]*`;
    const source = pairs.length === 0 ? loop : `${loop}(?:(?:${pairs.map((p) => `[${characterClass(rangesOf(classRanges, p.out))}][${characterClass(rangesOf(classRanges, p.back))}]`).join("|")})${loop})*`;
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

/** The code-unit ranges of some classes, as pairs. */
function rangesOf(classRanges: readonly (readonly number[])[], classes: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const k of classes) {
    const r = classRanges[k];
    for (let i = 0; i < r.length; i += 2) ranges.push([r[i], r[i + 1]]);
  }
  return ranges;
}

/** How many ASCII code units a class has. */
function asciiIn(r: readonly number[]): number {
  let n = 0;
  for (let i = 0; i < r.length; i += 2) if (r[i] < 128) n += Math.min(r[i + 1], 127) - r[i] + 1;
  return n;
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
