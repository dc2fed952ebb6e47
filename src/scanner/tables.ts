// Decoders for the tables of the generated scanners (generated/<spec>.scanner.ts, <spec>.accept.ts)
// and of the AST's tagged DFAs: the small tables are typed arrays of little-endian bytes (coded,
// src/scanner/coded.ts, or base64: `atob` exists in browsers and in Node >= 16); the transition
// tables are text in whole-character digits (rowsFromText(), and src/scanner/tagged.ts), coded.

/** The bytes of base64, or the bytes themselves (a slice of a decoded string, src/scanner/coded.ts). */
function bytes(src: string | Uint8Array): Uint8Array {
  if (typeof src !== "string") return src;
  const binary = atob(src);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function u8(src: string | Uint8Array): Uint8Array {
  return bytes(src);
}

export function u16(src: string | Uint8Array): Uint16Array {
  const b = bytes(src);
  const out = new Uint16Array(b.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = b[2 * i] | (b[2 * i + 1] << 8);
  return out;
}

export function u32(src: string | Uint8Array): Uint32Array {
  const b = bytes(src);
  const out = new Uint32Array(b.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = (b[4 * i] | (b[4 * i + 1] << 8) | (b[4 * i + 2] << 16) | (b[4 * i + 3] << 24)) >>> 0;
  return out;
}

export function i32(src: string | Uint8Array): Int32Array {
  const u = u32(src);
  return new Int32Array(u.buffer, u.byteOffset, u.length);
}

export function i16(src: string | Uint8Array): Int16Array {
  const u = u16(src);
  return new Int16Array(u.buffer, u.byteOffset, u.length);
}

/**
 * The digit values of the table text's characters (scripts/ast/table-text.mjs, TEXT_DIGITS): 0-63
 * end a number, 64-87 say more follow. The text of the AST's tagged DFAs (src/scanner/tagged.ts) and
 * of the scanners' transition tables (rowsFromText()) is written in them.
 */
const DIGIT = /* @__PURE__ */ (() => {
  const d = new Uint8Array(128);
  let k = 0;
  for (let c = 0x23; c < 0x7f; c++) if (c !== 0x5c && c !== 0x3c && c !== 0x60 && c !== 0x27) d[c] = k++;
  return d;
})();

/**
 * A table string as a generated module carries it (scripts/scanner/passes/encode-tables.mjs), coded
 * (src/scanner/coded.ts codedReader()) or plain (src/scanner/plain.ts): `(end)` decodes at least its
 * first `end` bytes (a text's char codes) and returns the whole buffer (zeros past what is decoded).
 */
export type TextSource = (end: number) => Uint8Array;

/** A reader of the table text's numbers (its char codes `b`) from `at`: nextNumber() returns the next number and moves past it. */
export interface Numbers {
  readonly b: Uint8Array;
  at: number;
}

export function nextNumber(r: Numbers): number {
  let v = 0;
  for (;;) {
    // (past the end, undefined & 127 reads as the digit 0: a number ends there)
    const d = DIGIT[r.b[r.at++] & 127];
    if (d < 64) return v * 64 + d;
    v = v * 24 + d - 63;
  }
}

/** The signed difference a zigzag number stands for (scripts/ast/table-text.mjs, zigzag): 2d for d >= 0, -2d - 1 below. */
export function fromZigzag(z: number): number {
  return z & 1 ? -((z + 1) >> 1) : z >> 1;
}

/**
 * A transition table written as text (scripts/scanner/rows-text.mjs, rowsText()) into a zeroed
 * state x class table (a generated scanner's TRANS, allocated at import, filled on first use): per
 * state, flex's template rows (the row it starts from as a distance back, 0 for an empty row; how
 * many classes differ; per such class the gap from the one before, and its target: 0 rejects, 1 is
 * the state that accepts everything, else 2 + the zigzag of target - state).
 */
export function rowsFromText<T extends Uint16Array | Uint32Array>(out: T, K: number, text: TextSource): T {
  rowsReader(out, K, text)(out.length / K);
  return out;
}

/**
 * rowsFromText() as far as asked: `upTo(n)` decodes the rows before state n that are not decoded
 * yet, and returns how many are. A row starts from an earlier row (its template), so a prefix of the
 * text is a prefix of the table: the generated scanners number each start rule's states after the
 * earlier rules' (scripts/compile-scanner.mjs, numbered()), and decode the rows a scan from a start
 * state reaches, not the whole table (issue 27: a call decodes what it needs).
 */
export function rowsReader(out: Uint16Array | Uint32Array, K: number, text: TextSource): (upTo: number) => number {
  const states = out.length / K;
  let r: Numbers | null = null;
  let s = 0;
  // A row is at most 2 + 2K numbers of at most 5 digits each (a number below 64 x 24^4).
  const most = 10 * (K + 1);
  return (upTo) => {
    const end = Math.min(upTo, states);
    if (s >= end) return s;
    // The coded text (src/scanner/coded.ts) is decoded row by row, as far as the rows read.
    r ??= { b: text(0), at: 0 };
    for (; s < end; s++) {
      text(r.at + most);
      const back = nextNumber(r);
      if (back > 0) out.copyWithin(s * K, (s - back) * K, (s - back + 1) * K);
      let c = -1;
      for (let d = nextNumber(r); d > 0; d--) {
        c += nextNumber(r) + 1;
        const t = nextNumber(r);
        out[s * K + c] = t < 2 ? t : s + fromZigzag(t - 2);
      }
    }
    return s;
  };
}
