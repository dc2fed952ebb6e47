// The decoder of the coded table strings (issue 27: a revision's tables were most of the package):
// the generated modules carry their tables (the scanners' transition rows, the AST's tagged DFA
// texts, the small arrays) as strings written by scripts/scanner/coder.mjs, an LZMA coder: LZ77
// (copies of earlier runs, the last four distances kept for repeats) whose every decision is one
// bit of an adaptive binary range coder, as in the LZMA SDK's decoder (LzmaSpec.cpp), with one
// difference: the range coder's digits are not bytes but the 90 characters a JavaScript string
// literal holds as they are (printable ASCII less `"` `$` `<` `\` and the backquote, so no escape,
// no template, no `</script>`), about 6.49 bits a character where base64 has 6. No Node module:
// this runs in browsers (test/core-imports.test.ts).
//
// Decoding is lazy and sequential: `codedReader(coded, length)(end)` decodes the first `end`
// bytes (a copy may write a little past), keeping its place for the next call, so a reader of a
// prefix of the table (a scan's ROWS_FROM rows, the AST's start rules parsed so far) decodes only
// that prefix.

/** The radix of the range coder: the characters a digit is written in (DIGITS, in order). */
export const RADIX = 90;

/** A digit's value per char code (255: not a digit). */
const VALUE = /* @__PURE__ */ (() => {
  const v = new Uint8Array(128).fill(255);
  for (let c = 0x20, k = 0; c < 0x7f; c++) if (c !== 0x22 && c !== 0x24 && c !== 0x3c && c !== 0x5c && c !== 0x60) v[c] = k++;
  return v;
})();

/**
 * The range below which the range coder reads one more digit: RADIX^3, its window RADIX^4 (below
 * 2^26, so every number the decoder keeps is a small integer: measured, a window of RADIX^5, whose
 * numbers are doubles, decoded at half the speed, and codes 0.3% shorter).
 */
const TOP = RADIX ** 3;

/** Probability of a 0 in 1/2048ths, as LZMA keeps them; an update moves 1/32 of the way. */
const HALF = 1024;

// Offsets of the models in one array of probabilities (LzmaSpec.cpp's, flattened).
const IS_MATCH = 0; // [state << 4 | posState]
const IS_REP = 192; // [state]
const IS_REP_G0 = 204;
const IS_REP_G1 = 216;
const IS_REP_G2 = 228;
const IS_REP0_LONG = 240; // [state << 4 | posState]
const POS_SLOT = 432; // [lenState][64]
const SPEC_POS = 688; // 115: the reverse bit trees of distance slots 4-13
const ALIGN = 803; // 16
const LEN = 819; // 514: choice, choice2, low[16][8], mid[16][8], high[256]
const REP_LEN = 1333; // 514
const LITERAL = 1847; // 0x300 per literal context

/** The length coder's parts (offsets within LEN / REP_LEN). */
const CHOICE2 = 1;
const LOW = 2;
const MID = 130;
const HIGH = 258;

/**
 * The decoder of a coded string (scripts/scanner/coder.mjs, code()) of `length` bytes: `(end)`
 * decodes (at least) the first `end` bytes and returns the whole buffer, zeros past what is decoded.
 */
export function codedReader(coded: string, length: number): (end: number) => Uint8Array {
  let next: ((end: number) => Uint8Array) | null = null;
  // Nothing is allocated or read until the first call (a module makes its readers at import).
  return (end) => (next ??= decoder(coded, length))(end);
}

/**
 * codedReader()'s work. The coded string's first digit is its parameters: lc (literal context bits,
 * 0-4) + 5 x pb (position bits, 0-2); lp is 0. The range coder's digits follow.
 */
function decoder(coded: string, length: number): (end: number) => Uint8Array {
  const out = new Uint8Array(length);
  const props = VALUE[coded.charCodeAt(0)];
  const lc = props % 5;
  const pbMask = (1 << ((props - lc) / 5)) - 1;
  const probs = new Uint16Array(LITERAL + (0x300 << lc)).fill(HALF);
  let at = 1;
  // Past the end of the string a digit reads as 0 (the coder drops trailing zeros).
  const last = coded.length;
  // The range coder: `code` is where the coded number lies in the current `range` (both below RADIX^4).
  let range = TOP * RADIX - 1;
  let code = 0;
  for (let k = 0; k < 4; k++) code = code * RADIX + (at < last ? VALUE[coded.charCodeAt(at++)] : 0);
  /** One bit with the adaptive probability probs[i]. */
  const bit = (i: number): number => {
    const p = probs[i];
    const bound = (range >>> 11) * p;
    let b: number;
    if (code < bound) {
      range = bound;
      probs[i] = p + ((2048 - p) >> 5);
      b = 0;
    } else {
      range -= bound;
      code -= bound;
      probs[i] = p - (p >> 5);
      b = 1;
    }
    if (range < TOP) {
      range *= RADIX;
      code = code * RADIX + (at < last ? VALUE[coded.charCodeAt(at++)] : 0);
    }
    return b;
  };
  /** n bits, most significant first, through the bit tree at `base`. */
  const tree = (base: number, n: number): number => {
    let m = 1;
    for (let k = 0; k < n; k++) m = (m << 1) | bit(base + m);
    return m - (1 << n);
  };
  /** n bits, least significant first, through the bit tree at `base`. */
  const reverse = (base: number, n: number): number => {
    let m = 1;
    let v = 0;
    for (let k = 0; k < n; k++) {
      const b = bit(base + m);
      m = (m << 1) | b;
      v |= b << k;
    }
    return v;
  };
  /**
   * A literal: a bit tree at `base` (by the previous byte's top lc bits); after a copy, guided by
   * the byte at rep0 (`match`; -1 none) until the first bit that differs from it.
   */
  const literal = (base: number, match: number): number => {
    let symbol = 1;
    if (match >= 0) {
      do {
        const m = (match >> 7) & 1;
        match <<= 1;
        const b = bit(base + ((1 + m) << 8) + symbol);
        symbol = (symbol << 1) | b;
        if (m !== b) break;
      } while (symbol < 0x100);
    }
    while (symbol < 0x100) symbol = (symbol << 1) | bit(base + symbol);
    return symbol;
  };
  /** A match length less 2 (the length coder at `base`, LEN or REP_LEN). */
  const len = (base: number, posState: number): number => {
    if (bit(base) === 0) return tree(base + LOW + (posState << 3), 3);
    if (bit(base + CHOICE2) === 0) return 8 + tree(base + MID + (posState << 3), 3);
    return 16 + tree(base + HIGH, 8);
  };
  /** A new copy's distance less 1: a 6-bit slot (by the length less 2, up to 3), then its low bits. */
  const distance = (n: number): number => {
    const slot = tree(POS_SLOT + ((n < 3 ? n : 3) << 6), 6);
    if (slot < 4) return slot;
    const direct = (slot >> 1) - 1;
    const d = (2 | (slot & 1)) << direct;
    if (slot < 14) return d + reverse(SPEC_POS + d - slot, direct);
    // Bits of even odds (direct - 4 of them), then 4 through the align tree.
    let v = 0;
    for (let k = direct - 4; k > 0; k--) {
      range >>>= 1;
      let b = 0;
      if (code >= range) {
        code -= range;
        b = 1;
      }
      v = (v << 1) | b;
      if (range < TOP) {
        range *= RADIX;
        code = code * RADIX + (at < last ? VALUE[coded.charCodeAt(at++)] : 0);
      }
    }
    return d + (v << 4) + reverse(ALIGN, 4);
  };
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  let o = 0;
  return (end) => {
    if (end > length) end = length;
    while (o < end) {
      const posState = o & pbMask;
      if (bit(IS_MATCH + (state << 4) + posState) === 0) {
        const symbol = literal(LITERAL + 0x300 * (o > 0 ? out[o - 1] >> (8 - lc) : 0), state >= 7 ? out[o - rep0 - 1] : -1);
        out[o++] = symbol;
        state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      let n: number;
      if (bit(IS_REP + state) === 1) {
        if (bit(IS_REP_G0 + state) === 0) {
          if (bit(IS_REP0_LONG + (state << 4) + posState) === 0) {
            // A short repeat: one byte from rep0.
            state = state < 7 ? 9 : 11;
            out[o] = out[o - rep0 - 1];
            o++;
            continue;
          }
        } else {
          let d: number;
          if (bit(IS_REP_G1 + state) === 0) d = rep1;
          else {
            if (bit(IS_REP_G2 + state) === 0) d = rep2;
            else {
              d = rep3;
              rep3 = rep2;
            }
            rep2 = rep1;
          }
          rep1 = rep0;
          rep0 = d;
        }
        n = len(REP_LEN, posState);
        state = state < 7 ? 8 : 11;
      } else {
        rep3 = rep2;
        rep2 = rep1;
        rep1 = rep0;
        n = len(LEN, posState);
        state = state < 7 ? 7 : 10;
        rep0 = distance(n);
      }
      n += 2;
      const from = o - rep0 - 1;
      if (from < 0) throw new Error("coded table: a copy from before the start");
      if (n > length - o) n = length - o;
      // A copy that overlaps what it writes repeats its first rep0 + 1 bytes (LZ77's way).
      if (rep0 >= n) out.copyWithin(o, from, from + n);
      else for (let k = 0; k < n; k++) out[o + k] = out[from + k];
      o += n;
    }
    return out;
  };
}

/** The whole decoded bytes of a coded string. */
export function decoded(coded: string, length: number): Uint8Array {
  return codedReader(coded, length)(length);
}
