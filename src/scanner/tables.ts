// Decoders for the tables of the generated scanners (generated/<spec>.scanner.ts): typed arrays
// written as base64 of their little-endian bytes. `atob` exists in browsers and in Node >= 16; Node's
// Buffer decodes natively, several times faster on a first, cold call.

/** Node's Buffer where there is one (its native decoder), for bytes(); undefined in a browser. */
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: "base64"): Uint8Array } }).Buffer;

function bytes(base64: string): Uint8Array {
  // A copy: a small Buffer may be a view of a shared pool, and callers read .buffer.
  if (NodeBuffer !== undefined) return new Uint8Array(NodeBuffer.from(base64, "base64"));
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function u8(base64: string): Uint8Array {
  return bytes(base64);
}

export function u16(base64: string): Uint16Array {
  const b = bytes(base64);
  const out = new Uint16Array(b.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = b[2 * i] | (b[2 * i + 1] << 8);
  return out;
}

export function u32(base64: string): Uint32Array {
  const b = bytes(base64);
  const out = new Uint32Array(b.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = (b[4 * i] | (b[4 * i + 1] << 8) | (b[4 * i + 2] << 16) | (b[4 * i + 3] << 24)) >>> 0;
  return out;
}

export function i32(base64: string): Int32Array {
  const u = u32(base64);
  return new Int32Array(u.buffer, u.byteOffset, u.length);
}

export function i16(base64: string): Int16Array {
  const u = u16(base64);
  return new Int16Array(u.buffer, u.byteOffset, u.length);
}

/**
 * A transition table written as template rows (scripts/compile-scanner.mjs, table()): per state,
 * varints of the row it starts from (a distance back, 0 for a row of zeros), how many classes differ,
 * and per such class (class, target). Decoded into the state x class table the scanner indexes.
 */
export function rows(wide: boolean, states: number, K: number, base64: string): Uint16Array | Uint32Array {
  return rowsInto(wide ? new Uint32Array(states * K) : new Uint16Array(states * K), K, base64);
}

/** rows() into a zeroed table of the right size (a generated scanner's TRANS, allocated at import, filled on first use). */
export function rowsInto<T extends Uint16Array | Uint32Array>(out: T, K: number, base64: string): T {
  const states = out.length / K;
  const varint = varints(bytes(base64));
  for (let s = 0; s < states; s++) {
    const back = varint();
    if (back > 0) out.copyWithin(s * K, (s - back) * K, (s - back + 1) * K);
    for (let d = varint(); d > 0; d--) {
      const c = varint();
      out[s * K + c] = varint();
    }
  }
  return out;
}

/** A reader of unsigned LEB128 varints (7 bits a byte, low first; high bit: more follow): each call returns the next. */
export function varints(b: Uint8Array): () => number {
  let at = 0;
  return () => {
    let v = 0;
    let scale = 1;
    for (;;) {
      const x = b[at++];
      v += (x & 0x7f) * scale;
      if (x < 0x80) return v;
      scale *= 128;
    }
  };
}
