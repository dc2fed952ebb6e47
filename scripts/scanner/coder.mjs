// The encoder of the coded table strings that src/scanner/coded.ts decodes (its header says the
// format): LZMA (LZ77 with four repeat distances, every decision a bit of an adaptive binary range
// coder; the LZMA SDK's models, LzmaSpec.cpp's layout) whose range coder writes digits in RADIX
// (90) characters that a JavaScript string literal holds as they are.
//
// The parse (which literals, copies and repeats to write) is chosen by price, as LZMA's optimum
// does: a shortest path over the positions, each step priced in bits by the model's probabilities.
// Those probabilities adapt as the coder writes, so the path is found in passes: the first prices
// with the model a greedy parse leaves behind at each point of the input, each later pass with the
// one the previous pass's path left (snapshots every SNAPSHOT bytes); the shortest output wins.

/** The digits, in value order (src/scanner/coded.ts VALUE). */
export const DIGITS = (() => {
  let s = "";
  for (let c = 0x20; c < 0x7f; c++) if (c !== 0x22 && c !== 0x24 && c !== 0x3c && c !== 0x5c && c !== 0x60) s += String.fromCharCode(c);
  return s;
})();
const RADIX = DIGITS.length;
const TOP = RADIX ** 3;
const WINDOW = RADIX ** 4;

const IS_MATCH = 0;
const IS_REP = 192;
const IS_REP_G0 = 204;
const IS_REP_G1 = 216;
const IS_REP_G2 = 228;
const IS_REP0_LONG = 240;
const POS_SLOT = 432;
const SPEC_POS = 688;
const ALIGN = 803;
const LEN = 819;
const REP_LEN = 1333;
const LITERAL = 1847;
const CHOICE2 = 1;
const LOW = 2;
const MID = 130;
const HIGH = 258;

const MIN_MATCH = 2;
const MAX_MATCH = 273;

const afterLiteral = (s) => (s < 4 ? 0 : s < 10 ? s - 3 : s - 6);
const afterMatch = (s) => (s < 7 ? 7 : 10);
const afterRep = (s) => (s < 7 ? 8 : 11);
const afterShortRep = (s) => (s < 7 ? 9 : 11);

/** The distance slot of distance d (LZMA's: 0-3 themselves, then two slots per power of two). */
function slotOf(d) {
  if (d < 4) return d;
  const bits = 31 - Math.clz32(d);
  return 2 * bits + ((d >>> (bits - 1)) & 1);
}

/** The range coder, writing base-RADIX digits (the first, always 0, is dropped: the decoder starts past it). */
class RangeEncoder {
  constructor() {
    this.low = 0;
    this.range = WINDOW - 1;
    this.cache = 0;
    this.cacheSize = 1;
    this.digits = [];
  }
  shiftLow() {
    if (this.low < (RADIX - 1) * TOP || this.low >= WINDOW) {
      const carry = this.low >= WINDOW ? 1 : 0;
      let temp = this.cache;
      do {
        this.digits.push((temp + carry) % RADIX);
        temp = RADIX - 1;
      } while (--this.cacheSize !== 0);
      this.cache = Math.floor(this.low / TOP) % RADIX;
    }
    this.cacheSize++;
    this.low = (this.low % TOP) * RADIX;
  }
  bit(probs, i, b) {
    const p = probs[i];
    const bound = Math.floor(this.range / 2048) * p;
    if (b === 0) {
      this.range = bound;
      probs[i] = p + ((2048 - p) >> 5);
    } else {
      this.low += bound;
      this.range -= bound;
      probs[i] = p - (p >> 5);
    }
    if (this.range < TOP) {
      this.range *= RADIX;
      this.shiftLow();
    }
  }
  direct(value, n) {
    for (let k = n - 1; k >= 0; k--) {
      this.range = Math.floor(this.range / 2);
      if ((value >>> k) & 1) this.low += this.range;
      if (this.range < TOP) {
        this.range *= RADIX;
        this.shiftLow();
      }
    }
  }
  /** The digits, as short as the decoder allows: any number in [low, low + range) ends the stream, so the one with the most trailing zero digits, which are then dropped (the decoder reads 0 past the end). */
  finish() {
    for (let unit = WINDOW; unit >= 1; unit /= RADIX) {
      const v = Math.ceil(this.low / unit) * unit;
      if (v < this.low + this.range) {
        this.low = v;
        break;
      }
    }
    for (let k = 0; k < 5; k++) this.shiftLow();
    const d = this.digits.slice(1);
    while (d.length > 0 && d[d.length - 1] === 0) d.pop();
    return d.map((v) => DIGITS[v]).join("");
  }
}

/** The models (src/scanner/coded.ts's layout) and the coder's state: writes one step at a time. */
class Model {
  constructor(lc, pb) {
    this.lc = lc;
    this.pbMask = (1 << pb) - 1;
    this.probs = new Uint16Array(LITERAL + (0x300 << lc)).fill(1024);
  }
}

function encodeTree(rc, probs, base, n, v) {
  let m = 1;
  for (let k = n - 1; k >= 0; k--) {
    const b = (v >>> k) & 1;
    rc.bit(probs, base + m, b);
    m = (m << 1) | b;
  }
}

function encodeReverse(rc, probs, base, n, v) {
  let m = 1;
  for (let k = 0; k < n; k++) {
    const b = (v >>> k) & 1;
    rc.bit(probs, base + m, b);
    m = (m << 1) | b;
  }
}

function encodeLen(rc, probs, base, posState, n) {
  if (n < 8) {
    rc.bit(probs, base, 0);
    encodeTree(rc, probs, base + LOW + (posState << 3), 3, n);
  } else if (n < 16) {
    rc.bit(probs, base, 1);
    rc.bit(probs, base + CHOICE2, 0);
    encodeTree(rc, probs, base + MID + (posState << 3), 3, n - 8);
  } else {
    rc.bit(probs, base, 1);
    rc.bit(probs, base + CHOICE2, 1);
    encodeTree(rc, probs, base + HIGH, 8, n - 16);
  }
}

/**
 * Writes a parse: steps { kind: "lit" | "short" | "rep" (k) | "match" (dist), len }, each in the
 * coder, updating the models. Returns the digits and snapshots of the probabilities every `every`
 * bytes (the next pass's prices).
 */
function writeParse(data, steps, lc, pb, every) {
  const m = new Model(lc, pb);
  const probs = m.probs;
  const rc = new RangeEncoder();
  let state = 0;
  const reps = [0, 0, 0, 0];
  let o = 0;
  const snapshots = [];
  let nextSnap = 0;
  for (const st of steps) {
    while (o >= nextSnap) {
      snapshots.push(probs.slice());
      nextSnap += every;
    }
    const posState = o & m.pbMask;
    if (st.kind === "lit") {
      rc.bit(probs, IS_MATCH + (state << 4) + posState, 0);
      const base = LITERAL + 0x300 * (o > 0 ? data[o - 1] >> (8 - lc) : 0);
      if (state >= 7) matchedLiteralBits(data[o], data[o - reps[0] - 1], (at, b) => rc.bit(probs, base + at, b));
      else encodeTree(rc, probs, base, 8, data[o]);
      state = afterLiteral(state);
      o++;
      continue;
    }
    rc.bit(probs, IS_MATCH + (state << 4) + posState, 1);
    if (st.kind === "short") {
      rc.bit(probs, IS_REP + state, 1);
      rc.bit(probs, IS_REP_G0 + state, 0);
      rc.bit(probs, IS_REP0_LONG + (state << 4) + posState, 0);
      state = afterShortRep(state);
      o++;
      continue;
    }
    if (st.kind === "rep") {
      rc.bit(probs, IS_REP + state, 1);
      if (st.k === 0) {
        rc.bit(probs, IS_REP_G0 + state, 0);
        rc.bit(probs, IS_REP0_LONG + (state << 4) + posState, 1);
      } else {
        rc.bit(probs, IS_REP_G0 + state, 1);
        if (st.k === 1) rc.bit(probs, IS_REP_G1 + state, 0);
        else {
          rc.bit(probs, IS_REP_G1 + state, 1);
          rc.bit(probs, IS_REP_G2 + state, st.k === 2 ? 0 : 1);
        }
        const d = reps[st.k];
        reps.splice(st.k, 1);
        reps.unshift(d);
      }
      encodeLen(rc, probs, REP_LEN, posState, st.len - MIN_MATCH);
      state = afterRep(state);
      o += st.len;
      continue;
    }
    // A match at a new distance.
    rc.bit(probs, IS_REP + state, 0);
    const n = st.len - MIN_MATCH;
    encodeLen(rc, probs, LEN, posState, n);
    const d = st.dist;
    const slot = slotOf(d);
    encodeTree(rc, probs, POS_SLOT + ((n < 3 ? n : 3) << 6), 6, slot);
    if (slot >= 4) {
      const direct = (slot >> 1) - 1;
      const baseDist = (2 | (slot & 1)) << direct;
      const low = d - baseDist;
      if (slot < 14) encodeReverse(rc, probs, SPEC_POS + baseDist - slot, direct, low);
      else {
        rc.direct(low >>> 4, direct - 4);
        encodeReverse(rc, probs, ALIGN, 4, low & 15);
      }
    }
    reps.pop();
    reps.unshift(d);
    state = afterMatch(state);
    o += st.len;
  }
  return { text: DIGITS[props(lc, pb)] + rc.finish(), snapshots };
}

const props = (lc, pb) => lc + 5 * pb;

// ---- prices ------------------------------------------------------------------------------------

/** Bits to code a 0 with probability p/2048 (PRICE0[p]); a 1 costs PRICE0[2048 - p]. */
const PRICE0 = (() => {
  const t = new Float64Array(2049);
  for (let p = 1; p <= 2048; p++) t[p] = -Math.log2(p / 2048);
  t[0] = 32;
  return t;
})();
const price = (probs, i, b) => PRICE0[b === 0 ? probs[i] : 2048 - probs[i]];

function treePrice(probs, base, n, v) {
  let m = 1;
  let c = 0;
  for (let k = n - 1; k >= 0; k--) {
    const b = (v >>> k) & 1;
    c += price(probs, base + m, b);
    m = (m << 1) | b;
  }
  return c;
}

function reversePrice(probs, base, n, v) {
  let m = 1;
  let c = 0;
  for (let k = 0; k < n; k++) {
    const b = (v >>> k) & 1;
    c += price(probs, base + m, b);
    m = (m << 1) | b;
  }
  return c;
}

/** The prices a pass reads from one snapshot of the probabilities. */
class Prices {
  constructor(probs, pbMask) {
    this.probs = probs;
    const states = pbMask + 1;
    this.len = [LEN, REP_LEN].map((base) => {
      const t = [];
      for (let ps = 0; ps < states; ps++) {
        const row = new Float64Array(MAX_MATCH + 1);
        for (let len = MIN_MATCH; len <= MAX_MATCH; len++) {
          const n = len - MIN_MATCH;
          row[len] =
            n < 8
              ? price(probs, base, 0) + treePrice(probs, base + LOW + (ps << 3), 3, n)
              : n < 16
                ? price(probs, base, 1) + price(probs, base + CHOICE2, 0) + treePrice(probs, base + MID + (ps << 3), 3, n - 8)
                : price(probs, base, 1) + price(probs, base + CHOICE2, 1) + treePrice(probs, base + HIGH, 8, n - 16);
        }
        t.push(row);
      }
      return t;
    });
    this.slot = [0, 1, 2, 3].map((ls) => Float64Array.from({ length: 64 }, (_, s) => treePrice(probs, POS_SLOT + (ls << 6), 6, s)));
    this.distCache = new Map();
  }
  /** Bits of distance d (after the slot) and its slot, for length-state ls. */
  dist(d, ls) {
    const slot = slotOf(d);
    let c = this.slot[ls][slot];
    if (slot >= 4) {
      const direct = (slot >> 1) - 1;
      const baseDist = (2 | (slot & 1)) << direct;
      const low = d - baseDist;
      if (slot < 14) c += reversePrice(this.probs, SPEC_POS + baseDist - slot, direct, low);
      else c += direct - 4 + reversePrice(this.probs, ALIGN, 4, low & 15);
    }
    return c;
  }
}

// ---- matches -----------------------------------------------------------------------------------

/**
 * Per position, the matches worth trying: pairs (length, distance - 1), lengths increasing, each
 * the nearest distance that reaches it (a hash chain of 3-byte prefixes, `depth` candidates).
 */
function findMatches(data, depth, nice) {
  const n = data.length;
  const head = new Int32Array(1 << 16).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const head2 = new Int32Array(1 << 16).fill(-1);
  const out = new Array(n);
  const hash = (i) => ((data[i] << 10) ^ (data[i + 1] << 5) ^ data[i + 2]) & 0xffff;
  for (let i = 0; i < n; i++) {
    const list = [];
    let best = 1;
    if (i + 1 < n) {
      const h2 = (data[i] << 8) | data[i + 1];
      const q = head2[h2];
      if (q >= 0 && i - q <= 256) {
        best = 2;
        list.push(2, i - q - 1);
      }
      head2[h2] = i;
    }
    if (i + 2 < n) {
      const h = hash(i);
      const limit = Math.min(MAX_MATCH, n - i);
      for (let q = head[h], tries = 0; q >= 0 && tries < depth; q = prev[q], tries++) {
        if (data[q + best] !== data[i + best] || data[q] !== data[i]) continue;
        let l = 0;
        while (l < limit && data[q + l] === data[i + l]) l++;
        if (l > best) {
          best = l;
          list.push(l, i - q - 1);
          if (l >= nice || l === limit) break;
        }
      }
      prev[i] = head[h];
      head[h] = i;
    }
    out[i] = list;
  }
  return out;
}

// ---- the parse ---------------------------------------------------------------------------------

/** Bits of the literal data[i] in coder state s (after a copy, s >= 7: guided by the byte at distance rep0 + 1). */
function literalPrice(probs, data, i, s, rep0, lc) {
  const base = LITERAL + 0x300 * (i > 0 ? data[i - 1] >> (8 - lc) : 0);
  if (s < 7 || i - rep0 - 1 < 0) return treePrice(probs, base, 8, data[i]);
  let c = 0;
  matchedLiteralBits(data[i], data[i - rep0 - 1], (at, b) => {
    c += price(probs, base + at, b);
  });
  return c;
}

/**
 * The bits of a literal after a copy, LZMA's "matched literal": while its bits agree with those of
 * the byte at the last distance (`match`), each is coded in a context of that byte's bit too; after
 * the first bit that differs, as a plain literal. Calls visit(where in the literal's 0x300 models, bit)
 * in coding order: the one statement of the order that writeParse() codes and literalPrice() prices.
 */
function matchedLiteralBits(byte, match, visit) {
  const symbol = byte | 0x100;
  let ctx = 1;
  let k = 7;
  for (; k >= 0; k--) {
    const mb = (match >> 7) & 1;
    match <<= 1;
    const b = (symbol >> k) & 1;
    visit(((1 + mb) << 8) + ctx, b);
    ctx = (ctx << 1) | b;
    if (mb !== b) {
      k--;
      break;
    }
  }
  for (; k >= 0; k--) {
    const b = (symbol >> k) & 1;
    visit(ctx, b);
    ctx = (ctx << 1) | b;
  }
}

/** The length of the match at i with the bytes at distance d + 1 (at most MAX_MATCH). */
function matchLength(data, i, d) {
  const q = i - d - 1;
  if (q < 0) return 0;
  const limit = Math.min(MAX_MATCH, data.length - i);
  let l = 0;
  while (l < limit && data[q + l] === data[i + l]) l++;
  return l;
}

/**
 * The cheapest parse of `data` by the prices at each point (prices(i) for position i): a shortest
 * path forward over positions, each node keeping the coder's state and repeat distances of its
 * cheapest arrival (LZMA's optimum makes the same approximation). As LZMA's optimum, a copy is also
 * tried as the first of three steps: the copy, one literal, and a repeat of the copy's distance
 * (a run copied with one byte changed, which a single cheapest arrival per node would miss). A copy
 * of `nice` bytes or more is taken as it is.
 */
function optimalParse(data, matches, pricesAt, lc, pbMask, nice) {
  const n = data.length;
  const cost = new Float64Array(n + 1).fill(Infinity);
  const state = new Uint8Array(n + 1);
  const reps = new Int32Array(4 * (n + 1));
  const from = new Int32Array(n + 1);
  const kind = new Int8Array(n + 1); // 0 literal, 1 short rep, 2-5 rep 0-3, 6 match; + 8: then a literal and a rep0 of `tail` bytes; 7 a literal and a rep0 of `tail` bytes
  const dist = new Int32Array(n + 1);
  const tail = new Int32Array(n + 1);
  cost[0] = 0;
  const relax = (j, c, i, k, d, s, r0, r1, r2, r3, t = 0) => {
    if (c < cost[j]) {
      cost[j] = c;
      from[j] = i;
      kind[j] = k;
      dist[j] = d;
      tail[j] = t;
      state[j] = s;
      reps[4 * j] = r0;
      reps[4 * j + 1] = r1;
      reps[4 * j + 2] = r2;
      reps[4 * j + 3] = r3;
    }
  };
  /** After a copy ending at j in state s (its distance d now rep0): a literal at j, then a rep0 from j + 1. */
  const thenLiteralRep0 = (c, i, j, k, d, s, r0, r1, r2, r3) => {
    if (j + 1 >= n) return;
    const l2 = matchLength(data, j + 1, d);
    if (l2 < MIN_MATCH) return;
    const P = pricesAt(j);
    const probs = P.probs;
    const lit = price(probs, IS_MATCH + (s << 4) + (j & pbMask), 0) + literalPrice(probs, data, j, s, d, lc);
    const s2 = afterLiteral(s);
    const ps2 = (j + 1) & pbMask;
    const rep = price(probs, IS_MATCH + (s2 << 4) + ps2, 1) + price(probs, IS_REP + s2, 1) + price(probs, IS_REP_G0 + s2, 0) + price(probs, IS_REP0_LONG + (s2 << 4) + ps2, 1) + P.len[1][ps2][l2];
    relax(j + 1 + l2, c + lit + rep, i, 8 + k, d, afterRep(s2), r0, r1, r2, r3, l2);
  };
  for (let i = 0; i < n; i++) {
    const c0 = cost[i];
    if (c0 === Infinity) continue;
    const P = pricesAt(i);
    const probs = P.probs;
    const s = state[i];
    const ps = i & pbMask;
    const r = reps.subarray(4 * i, 4 * i + 4);
    // A literal; and a literal then a repeat of rep0 (kind 7).
    const lit = c0 + price(probs, IS_MATCH + (s << 4) + ps, 0) + literalPrice(probs, data, i, s, r[0], lc);
    relax(i + 1, lit, i, 0, 0, afterLiteral(s), r[0], r[1], r[2], r[3]);
    if (i > 0 && i + 1 < n) {
      const l2 = matchLength(data, i + 1, r[0]);
      if (l2 >= MIN_MATCH) {
        const s2 = afterLiteral(s);
        const ps2 = (i + 1) & pbMask;
        const rep = price(probs, IS_MATCH + (s2 << 4) + ps2, 1) + price(probs, IS_REP + s2, 1) + price(probs, IS_REP_G0 + s2, 0) + price(probs, IS_REP0_LONG + (s2 << 4) + ps2, 1) + P.len[1][ps2][l2];
        relax(i + 1 + l2, lit + rep, i, 7, 0, afterRep(s2), r[0], r[1], r[2], r[3], l2);
      }
    }
    if (i === 0) {
      // No earlier byte: only a literal (the decoder's repeats would read before the start).
      continue;
    }
    const matchBit = c0 + price(probs, IS_MATCH + (s << 4) + ps, 1);
    const repBit = matchBit + price(probs, IS_REP + s, 1);
    // A short repeat: one byte at rep0.
    if (i - r[0] - 1 >= 0 && data[i] === data[i - r[0] - 1]) {
      relax(i + 1, repBit + price(probs, IS_REP_G0 + s, 0) + price(probs, IS_REP0_LONG + (s << 4) + ps, 0), i, 1, 0, afterShortRep(s), r[0], r[1], r[2], r[3]);
    }
    // Repeats of the four distances kept.
    let longestRep = 0;
    for (let k = 0; k < 4; k++) {
      const l = matchLength(data, i, r[k]);
      if (l < MIN_MATCH) continue;
      const head =
        k === 0
          ? repBit + price(probs, IS_REP_G0 + s, 0) + price(probs, IS_REP0_LONG + (s << 4) + ps, 1)
          : repBit + price(probs, IS_REP_G0 + s, 1) + (k === 1 ? price(probs, IS_REP_G1 + s, 0) : price(probs, IS_REP_G1 + s, 1) + price(probs, IS_REP_G2 + s, k === 2 ? 0 : 1));
      const nr = k === 0 ? [r[0], r[1], r[2], r[3]] : k === 1 ? [r[1], r[0], r[2], r[3]] : k === 2 ? [r[2], r[0], r[1], r[3]] : [r[3], r[0], r[1], r[2]];
      const lens = P.len[1][ps];
      const ns = afterRep(s);
      const lo = l >= nice ? l : MIN_MATCH;
      for (let len = lo; len <= l; len++) relax(i + len, head + lens[len], i, 2 + k, 0, ns, nr[0], nr[1], nr[2], nr[3]);
      thenLiteralRep0(head + lens[l], i, i + l, 2 + k, nr[0], ns, nr[0], nr[1], nr[2], nr[3]);
      if (l > longestRep) longestRep = l;
    }
    if (longestRep >= nice) continue;
    // Matches at new distances.
    const list = matches[i];
    if (list.length > 0) {
      const head = matchBit + price(probs, IS_REP + s, 0);
      const lens = P.len[0][ps];
      const ns = afterMatch(s);
      let len = MIN_MATCH;
      const top = list[list.length - 2];
      for (let m = 0; m < list.length; m += 2) {
        const l = list[m];
        const d = list[m + 1];
        if (top >= nice) len = top;
        let c = 0;
        for (; len <= l; len++) relax(i + len, (c = head + lens[len] + P.dist(d, len - MIN_MATCH < 3 ? len - MIN_MATCH : 3)), i, 6, d, ns, d, r[0], r[1], r[2]);
        if (c > 0) thenLiteralRep0(c, i, i + l, 6, d, ns, d, r[0], r[1], r[2]);
      }
    }
  }
  const steps = [];
  for (let j = n; j > 0; j = from[j]) {
    const k = kind[j];
    if (k === 7) {
      steps.push({ kind: "rep", k: 0, len: tail[j] }, { kind: "lit" });
      continue;
    }
    if (k >= 8) steps.push({ kind: "rep", k: 0, len: tail[j] }, { kind: "lit" });
    const len = j - from[j] - (k >= 8 ? tail[j] + 1 : 0);
    const k0 = k & 7;
    steps.push(k0 === 0 ? { kind: "lit" } : k0 === 1 ? { kind: "short" } : k0 < 6 ? { kind: "rep", k: k0 - 2, len } : { kind: "match", dist: dist[j], len });
  }
  return steps.reverse();
}

/** A greedy parse (the longest match or repeat, else a literal): the first pass's model. */
function greedyParse(data, matches) {
  const steps = [];
  const reps = [0, 0, 0, 0];
  for (let i = 0; i < data.length; ) {
    let best = { kind: "lit" };
    let bestLen = 1;
    if (i > 0) {
      for (let k = 0; k < 4; k++) {
        const q = i - reps[k] - 1;
        if (q < 0) continue;
        let l = 0;
        while (l < MAX_MATCH && i + l < data.length && data[q + l] === data[i + l]) l++;
        if (l >= MIN_MATCH && l > bestLen) (best = { kind: "rep", k, len: l }), (bestLen = l);
      }
      const list = matches[i];
      if (list.length > 0 && list[list.length - 2] > bestLen + 1) best = { kind: "match", dist: list[list.length - 1], len: (bestLen = list[list.length - 2]) };
    }
    if (best.kind === "rep" && best.k > 0) {
      const d = reps[best.k];
      reps.splice(best.k, 1);
      reps.unshift(d);
    } else if (best.kind === "match") {
      reps.pop();
      reps.unshift(best.dist);
    }
    steps.push(best);
    i += bestLen;
  }
  return steps;
}

/** Bytes between snapshots of the model, which price the next pass. */
const SNAPSHOT = 2048;

/**
 * Codes `data` (bytes: a Uint8Array, or a string of char codes below 256) into a string of DIGITS
 * that src/scanner/coded.ts codedReader(coded, data.length) decodes back. `lc` literal context
 * bits, `pb` position bits; `passes` pricing passes.
 */
export function code(data, { lc = 0, pb = 0, passes = 4, depth = 256, nice = MAX_MATCH } = {}) {
  const bytes = typeof data === "string" ? Uint8Array.from(data, (c) => c.charCodeAt(0)) : data;
  if (typeof data === "string" && /[^\x00-\xff]/.test(data)) throw new Error("coder: a character above 255");
  const matches = findMatches(bytes, depth, nice);
  let steps = greedyParse(bytes, matches);
  let { text, snapshots } = writeParse(bytes, steps, lc, pb, SNAPSHOT);
  let best = text;
  for (let pass = 0; pass < passes; pass++) {
    const cache = new Map();
    const pricesAt = (i) => {
      const k = Math.floor(i / SNAPSHOT);
      let p = cache.get(k);
      if (!p) cache.set(k, (p = new Prices(snapshots[Math.min(k, snapshots.length - 1)], (1 << pb) - 1)));
      return p;
    };
    steps = optimalParse(bytes, matches, pricesAt, lc, (1 << pb) - 1, nice);
    ({ text, snapshots } = writeParse(bytes, steps, lc, pb, SNAPSHOT));
    if (text.length < best.length) best = text;
  }
  return best;
}

/** code() with each lc and pb tried (lc 0-4, pb 0-2): the shortest. */
export function codeBest(data, options = {}) {
  let best = null;
  for (const pb of options.pbs ?? [0, 2]) for (const lc of options.lcs ?? [0, 1, 3]) {
    const t = code(data, { ...options, lc, pb });
    if (best === null || t.length < best.length) best = t;
  }
  return best;
}
