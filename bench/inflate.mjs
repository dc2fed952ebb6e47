// A small hand-written inflate (RFC 1951, tinf's way: canonical Huffman codes decoded bit by bit),
// raw deflate bytes -> bytes of a known length: a candidate that bench/table-coding.mjs measures.
export function inflate(src, length) {
  const out = new Uint8Array(length);
  let pos = 0, bit = 0, o = 0;
  const bits = (n) => { let v = 0; for (let k = 0; k < n; k++) { v |= ((src[pos] >> bit) & 1) << k; if (++bit === 8) { bit = 0; pos++; } } return v; };
  // A Huffman table: counts per length, symbols in code order.
  const table = (lens, n) => {
    const count = new Uint16Array(16), sym = new Uint16Array(n), offs = new Uint16Array(16);
    for (let i = 0; i < n; i++) count[lens[i]]++;
    count[0] = 0;
    for (let i = 1; i < 16; i++) offs[i] = offs[i - 1] + count[i - 1];
    for (let i = 0; i < n; i++) if (lens[i]) sym[offs[lens[i]]++] = i;
    return { count, sym };
  };
  const decode = (t) => { let code = 0, first = 0, index = 0; for (let l = 1; l < 16; l++) { code |= bits(1); const c = t.count[l]; if (code - c < first) return t.sym[index + code - first]; index += c; first = (first + c) << 1; code <<= 1; } return -1; };
  const LB = [3,4,5,6,7,8,9,10,11,13,15,17,19,23,27,31,35,43,51,59,67,83,99,115,131,163,195,227,258], LX = [0,0,0,0,0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4,5,5,5,5,0];
  const DB = [1,2,3,4,5,7,9,13,17,25,33,49,65,97,129,193,257,385,513,769,1025,1537,2049,3073,4097,6145,8193,12289,16385,24577], DX = [0,0,0,0,1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8,9,9,10,10,11,11,12,12,13,13];
  const ORDER = [16,17,18,0,8,7,9,6,10,5,11,4,12,3,13,2,14,1,15];
  let fixedL = null, fixedD = null;
  for (let last = 0; !last && o < length; ) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) { if (bit) { bit = 0; pos++; } const n = src[pos] | (src[pos + 1] << 8); pos += 4; out.set(src.subarray(pos, pos + n), o); pos += n; o += n; continue; }
    let lt, dt;
    if (type === 1) {
      if (!fixedL) { const l = new Uint8Array(288); l.fill(8, 0, 144); l.fill(9, 144, 256); l.fill(7, 256, 280); l.fill(8, 280); fixedL = table(l, 288); fixedD = table(new Uint8Array(30).fill(5), 30); }
      lt = fixedL; dt = fixedD;
    } else {
      const hl = bits(5) + 257, hd = bits(5) + 1, hc = bits(4) + 4;
      const cl = new Uint8Array(19);
      for (let i = 0; i < hc; i++) cl[ORDER[i]] = bits(3);
      const ct = table(cl, 19);
      const lens = new Uint8Array(hl + hd);
      for (let i = 0; i < hl + hd; ) {
        const s = decode(ct);
        if (s < 16) lens[i++] = s;
        else { const [rep, val] = s === 16 ? [3 + bits(2), lens[i - 1]] : s === 17 ? [3 + bits(3), 0] : [11 + bits(7), 0]; lens.fill(val, i, i + rep); i += rep; }
      }
      lt = table(lens.subarray(0, hl), hl); dt = table(lens.subarray(hl), hd);
    }
    for (;;) {
      const s = decode(lt);
      if (s === 256) break;
      if (s < 256) { out[o++] = s; continue; }
      const len = LB[s - 257] + bits(LX[s - 257]);
      const ds = decode(dt);
      const d = DB[ds] + bits(DX[ds]);
      for (let k = 0; k < len; k++, o++) out[o] = out[o - d];
    }
  }
  return out;
}
