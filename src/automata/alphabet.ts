// Alphabets of the automata: partitions of the UTF-16 code units (0..0xFFFF, what the scanners and
// the Earley recognizer read) into classes, each class a list of inclusive ranges. Two automata over
// different partitions are compared over their common refinement: the coarsest partition whose
// every class lies inside one class of each.

/** classRanges[c] = [lo, hi, lo, hi, ...]: the code units of class c (inclusive ranges). */
export type ClassRanges = readonly (readonly number[])[];

export const MAX_CODE_UNIT = 0xffff;

/** A partition read for lookups: the sorted interval starts and the class of each interval (-1: in no class). */
export interface IntervalIndex {
  starts: number[];
  classes: number[];
}

/** The intervals of a partition, sorted; gaps (code units in no class) get class -1. */
export function intervalIndex(ranges: ClassRanges): IntervalIndex {
  const pieces: [number, number, number][] = [];
  ranges.forEach((r, c) => {
    for (let i = 0; i + 1 < r.length; i += 2) pieces.push([r[i], r[i + 1], c]);
  });
  pieces.sort((x, y) => x[0] - y[0]);
  const starts: number[] = [];
  const classes: number[] = [];
  let next = 0;
  for (const [lo, hi, c] of pieces) {
    if (lo > next) {
      starts.push(next);
      classes.push(-1);
    }
    if (hi < next) continue; // overlapping ranges: the first class keeps them
    starts.push(Math.max(lo, next));
    classes.push(c);
    next = hi + 1;
  }
  if (next <= MAX_CODE_UNIT) {
    starts.push(next);
    classes.push(-1);
  }
  return { starts, classes };
}

/** The class of one code unit in a partition (-1: in none). */
export function classAt(index: IntervalIndex, unit: number): number {
  let lo = 0;
  let hi = index.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (index.starts[mid] <= unit) lo = mid;
    else hi = mid - 1;
  }
  return index.classes[lo];
}

/** The common refinement of several partitions. */
export interface Refinement {
  /** Number of refined classes. */
  size: number;
  /** Code-unit ranges of each refined class. */
  ranges: number[][];
  /** of[k][r]: the class of refined class r in partition k (-1: none). */
  of: number[][];
  /** The character a person would most likely type from each refined class (see `typingRank`). */
  representative: number[];
  /** typingRank(representative[r]): lower is more typable. */
  rank: number[];
  /** Refined classes in order of rank (the order searches try them in). */
  order: number[];
}

/**
 * The common refinement of `partitions`. `extraPoints` are code units that must be classes of their
 * own (the scheme letters a scheme-aware automaton compares).
 */
export function refine(partitions: readonly ClassRanges[], extraPoints: readonly number[] = []): Refinement {
  const indexes = partitions.map(intervalIndex);
  const cuts = new Set<number>([0]);
  for (const ix of indexes) for (const s of ix.starts) cuts.add(s);
  for (const p of extraPoints) {
    cuts.add(p);
    if (p + 1 <= MAX_CODE_UNIT) cuts.add(p + 1);
  }
  const sorted = [...cuts].filter((x) => x >= 0 && x <= MAX_CODE_UNIT).sort((x, y) => x - y);
  const byKey = new Map<string, number>();
  const ranges: number[][] = [];
  const of: number[][] = partitions.map(() => []);
  const extra = new Set(extraPoints);
  for (let i = 0; i < sorted.length; i++) {
    const lo = sorted[i];
    const hi = i + 1 < sorted.length ? sorted[i + 1] - 1 : MAX_CODE_UNIT;
    const tuple = indexes.map((ix) => classAt(ix, lo));
    // An extra point is a class of its own even where every partition agrees with its neighbours.
    const key = tuple.join(",") + (extra.has(lo) ? `|${lo}` : "");
    let r = byKey.get(key);
    if (r === undefined) {
      r = ranges.length;
      byKey.set(key, r);
      ranges.push([]);
      tuple.forEach((c, k) => of[k].push(c));
    }
    const rr = ranges[r];
    if (rr.length > 0 && rr[rr.length - 1] === lo - 1) rr[rr.length - 1] = hi;
    else rr.push(lo, hi);
  }
  const representative = ranges.map(mostTypable);
  const rank = representative.map(typingRank);
  const order = ranges.map((_, r) => r).sort((x, y) => rank[x] - rank[y] || x - y);
  return { size: ranges.length, ranges, of, representative, rank, order };
}

/**
 * How readily a person types a character, lower first: lower-case letters, digits, upper-case
 * letters, the URL delimiters and marks, other printable ASCII, the space, printable Latin-1 and
 * beyond, and last the controls, surrogates and noncharacters.
 */
const PREFERRED = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-._~/:?#@[]!$&'()*+,;=%\"<>\\^`{|} ";

export function typingRank(unit: number): number {
  const i = PREFERRED.indexOf(String.fromCharCode(unit));
  if (i >= 0) return i;
  if (unit === 0xe9) return PREFERRED.length; // é: the first non-ASCII letter a reader recognises
  if (unit >= 0xa1 && unit <= 0xd7ff && unit !== 0xad) return PREFERRED.length + 1 + (unit - 0xa1);
  if (unit >= 0xe000 && unit <= 0xfffd) return 0x10000 + unit;
  return 0x20000 + unit; // controls, DEL, NBSP, soft hyphen, surrogates, U+FFFE/U+FFFF
}

/** The most typable code unit of a set of ranges. */
export function mostTypable(ranges: readonly number[]): number {
  let best = ranges[0];
  let bestRank = typingRank(best);
  const consider = (u: number) => {
    const k = typingRank(u);
    if (k < bestRank) {
      best = u;
      bestRank = k;
    }
  };
  for (let i = 0; i + 1 < ranges.length; i += 2) {
    const lo = ranges[i];
    const hi = ranges[i + 1];
    for (const ch of PREFERRED) {
      const u = ch.charCodeAt(0);
      if (u >= lo && u <= hi) consider(u);
    }
    if (0xe9 >= lo && 0xe9 <= hi) consider(0xe9);
    consider(lo);
    if (lo < 0xa1 && hi >= 0xa1) consider(0xa1);
    if (lo < 0xe000 && hi >= 0xe000) consider(0xe000);
  }
  return best;
}

/** The class of each code unit of a partition, as a function (-1: in no class). */
export function classifier(ranges: ClassRanges): (unit: number) => number {
  const index = intervalIndex(ranges);
  return (unit) => classAt(index, unit);
}
