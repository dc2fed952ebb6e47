// Character sets over UTF-16 code units (what peggy matches: "." is one code unit, and a class
// such as [A-Za-z] is a set of code units), and the partition of the code units into the classes
// the scanner's tables are indexed by.
//
// A set is an array of disjoint, sorted, non-adjacent ranges [lo, hi] (inclusive).

export const MAX_CODE_UNIT = 0xffff;

/** Sorts and merges ranges (overlapping or adjacent ones become one). */
export function normalize(ranges) {
  const sorted = [...ranges].map(([a, b]) => [a, b]).sort((x, y) => x[0] - y[0]);
  const out = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function complement(set) {
  const out = [];
  let next = 0;
  for (const [a, b] of set) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CODE_UNIT) out.push([next, MAX_CODE_UNIT]);
  return out;
}

export const ANY = [[0, MAX_CODE_UNIT]];

/** The other-case partners of the ASCII letters in a set (peggy's `i` flag folds case). */
function withOtherCase(set) {
  const extra = [];
  for (const [a, b] of set) {
    for (let c = Math.max(a, 0x41); c <= Math.min(b, 0x7a); c++) {
      if (c <= 0x5a) extra.push([c + 0x20, c + 0x20]);
      else if (c >= 0x61) extra.push([c - 0x20, c - 0x20]);
    }
  }
  return normalize([...set, ...extra]);
}

/** The set one character of a literal matches (`"a"i` matches "a" and "A"). */
export function literalChar(code, ignoreCase) {
  const set = [[code, code]];
  return ignoreCase ? withOtherCase(set) : set;
}

/** The set a peggy class expression (`[A-Za-z]`, `[^"]`, `[a-z]i`) matches. */
export function peggyClass(expr) {
  let set = normalize(expr.parts.map((p) => (Array.isArray(p) ? [p[0].charCodeAt(0), p[1].charCodeAt(0)] : [p.charCodeAt(0), p.charCodeAt(0)])));
  if (expr.ignoreCase) set = withOtherCase(set);
  return expr.inverted ? complement(set) : set;
}

export function setKey(set) {
  return set.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(",");
}

export function contains(set, code) {
  for (const [a, b] of set) {
    if (code < a) return false;
    if (code <= b) return true;
  }
  return false;
}

/**
 * Partitions the code units into classes: two code units are in the same class when every set
 * contains both or neither. Returns the classes (each with its ranges, and for each input set
 * whether the class is inside it) and, for building the lookup, the elementary intervals.
 */
export function partition(sets) {
  const cuts = new Set([0, MAX_CODE_UNIT + 1]);
  for (const set of sets) for (const [a, b] of set) cuts.add(a).add(b + 1);
  const points = [...cuts].sort((x, y) => x - y);
  const bySignature = new Map();
  const classes = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const lo = points[i];
    const hi = points[i + 1] - 1;
    const member = sets.map((set) => contains(set, lo));
    const signature = member.map((m) => (m ? "1" : "0")).join("");
    let cls = bySignature.get(signature);
    if (cls === undefined) {
      cls = { id: classes.length, ranges: [], member };
      bySignature.set(signature, cls);
      classes.push(cls);
    }
    cls.ranges.push([lo, hi]);
  }
  return classes;
}
