// The coded table strings: scripts/scanner/coder.mjs codes a table's text or bytes at build time
// (LZMA in a string literal's 90 characters), src/scanner/coded.ts decodes it on first use, as far
// as asked. Properties: any bytes (random, repetitive, every byte value, empty), with any of the
// coder's parameters, come back exactly, whole or decoded in any sequence of prefixes; a transition
// table's text coded comes back through rowsReader() in parts. Every revision's real strings (the
// generated modules' codedReader() and decoded() strings) decode in parts as whole, and (@slow) code
// back to themselves: the build's coding is reproducible and its decoding exact. The digits are the
// 90 that a string literal holds as they are. Planted mistakes (the decoder's literal state step, its
// adaptation rate, its copy distance off by one, each compiled from src/scanner/coded.ts with the
// mistake written in) are caught.
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import ts from "typescript";
import { codedReader, decoded, RADIX } from "../src/scanner/coded";
import { rowsReader } from "../src/scanner/tables";

const ROOT = join(__dirname, "..", "..");

interface Coder {
  code: (data: Uint8Array | string, options?: { lc?: number; pb?: number; passes?: number }) => string;
  codeBest: (data: Uint8Array | string) => string;
  DIGITS: string;
}

async function coder(): Promise<Coder> {
  return import(join(ROOT, "scripts", "scanner", "coder.mjs"));
}

/** Bytes with runs that recur (at any distance, some overlapping) among random ones, from a small or the whole alphabet. */
const bytesArb = fc
  .record({ n: fc.integer({ min: 0, max: 4000 }), alphabet: fc.integer({ min: 1, max: 256 }), repeat: fc.integer({ min: 0, max: 9 }), seed: fc.integer() })
  .map(({ n, alphabet, repeat, seed }) => {
    let x = seed | 0;
    const random = (k: number) => ((x = (Math.imul(x, 1103515245) + 12345) | 0) >>> 0) % k;
    const a = new Uint8Array(n);
    for (let i = 0; i < n; ) {
      if (i > 0 && random(10) < repeat) {
        const d = 1 + random(Math.min(i, random(2) === 0 ? 8 : 5000));
        for (let l = 2 + random(random(4) === 0 ? 300 : 12); l > 0 && i < n; l--, i++) a[i] = a[i - d];
      } else a[i++] = random(alphabet);
    }
    return a;
  });

const optionsArb = fc.record({ lc: fc.integer({ min: 0, max: 4 }), pb: fc.integer({ min: 0, max: 2 }), passes: fc.integer({ min: 0, max: 2 }) });

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Every coded string of the generated modules of `dir`: its module, the string, its decoded length. */
function generatedStrings(dir = join(ROOT, "generated")): { where: string; coded: string; length: number }[] {
  const out = [];
  for (const f of readdirSync(dir).filter((f) => /\.(scanner|accept|ast)\.ts$/.test(f)).sort()) {
    const src = readFileSync(join(dir, f), "utf8");
    for (const m of src.matchAll(/(?:codedReader|decoded|tableSource)\(("[^"\\]*"), (\d+)\)/g)) out.push({ where: f, coded: JSON.parse(m[1]) as string, length: Number(m[2]) });
  }
  return out;
}

/** src/scanner/coded.ts compiled with `mistake` (a [from, to] replacement of its source) written in. */
function plantedDecoder(from: string, to: string): { codedReader: typeof codedReader; decoded: typeof decoded } {
  const source = readFileSync(join(ROOT, "src", "scanner", "coded.ts"), "utf8");
  expect(source.split(from).length, `the planted mistake's text occurs once: ${from}`).to.equal(2);
  const js = ts.transpileModule(source.replace(from, to), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const exports = {} as { codedReader: typeof codedReader; decoded: typeof decoded };
  new Function("exports", "require", js)(exports, require);
  return exports;
}

describe("coded table strings (scripts/scanner/coder.mjs, src/scanner/coded.ts)", function () {
  this.timeout(120000);

  it("any bytes, with any of the coder's parameters, come back exactly", async () => {
    const { code } = await coder();
    fc.assert(
      fc.property(bytesArb, optionsArb, (a, options) => same(decoded(code(a, options), a.length), a)),
      { numRuns: 200, seed: 27 },
    );
    for (const a of [new Uint8Array(0), new Uint8Array(1), Uint8Array.from({ length: 256 }, (_, i) => i), new Uint8Array(100000).fill(7)]) {
      expect(same(decoded(code(a), a.length), a)).to.equal(true);
    }
  });

  it("decoded in any sequence of prefixes, a coded string gives the same bytes as decoded whole", async () => {
    const { code } = await coder();
    fc.assert(
      fc.property(bytesArb, fc.array(fc.nat(5000), { maxLength: 8 }), (a, ends) => {
        const read = codedReader(code(a, { passes: 1 }), a.length);
        for (const end of ends) {
          const out = read(end);
          if (!same(out.subarray(0, Math.min(end, a.length)), a.subarray(0, Math.min(end, a.length)))) return false;
        }
        return same(read(a.length), a);
      }),
      { numRuns: 150, seed: 27 },
    );
  });

  it("a transition table's text, coded, comes back through rowsReader() in parts", async () => {
    const { code } = await coder();
    const { rowsText } = (await import(join(ROOT, "scripts", "scanner", "rows-text.mjs"))) as { rowsText: (trans: number[][], K: number, count: number) => string };
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 80 }), fc.integer({ min: 1, max: 40 }), fc.integer(), fc.array(fc.nat(90), { maxLength: 5 }), (count, K, seed, parts) => {
        let x = seed | 0;
        const random = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) | 0) >>> 0) % n;
        const rows = Array.from({ length: count }, () => Array.from({ length: K }, () => (random(3) === 0 ? 0 : random(count))));
        for (let s = 2; s < count; s++) if (random(2) === 0) rows[s] = rows[random(s)].map((t) => (random(5) === 0 ? random(count) : t));
        const text = rowsText(rows, K, count);
        const out = new Uint16Array(count * K);
        const read = rowsReader(out, K, codedReader(code(text, { passes: 1 }), text.length));
        for (const p of parts) read(p);
        read(count);
        return rows.every((row, s) => row.every((t, c) => out[s * K + c] === t));
      }),
      { numRuns: 100, seed: 27 },
    );
  });

  it("the digits are the 90 printable ASCII characters a string literal holds as they are (no quote, $, <, backslash or backquote)", async () => {
    const { DIGITS } = await coder();
    expect(DIGITS.length).to.equal(RADIX);
    expect(new Set(DIGITS).size).to.equal(RADIX);
    expect(DIGITS).to.match(/^[ -~]+$/);
    expect(DIGITS).to.not.match(/["$<\\`]/);
    expect(JSON.stringify(DIGITS)).to.equal(`"${DIGITS}"`);
  });

  it("every revision's coded strings decode in parts as whole, and a changed character changes the bytes", () => {
    const strings = generatedStrings();
    expect(strings.length).to.be.greaterThan(40);
    for (const { where, coded, length } of strings) {
      expect(coded, where).to.match(/^[^"$<\\`\n\r]*$/);
      const whole = decoded(coded, length);
      const read = codedReader(coded, length);
      for (let end = 0; end < length; end += 1 + (end >> 1)) read(end);
      expect(same(read(length), whole), where).to.equal(true);
    }
    const big = strings.reduce((a, b) => (b.coded.length > a.coded.length ? b : a));
    const k = big.coded.length >> 1;
    const changed = big.coded.slice(0, k) + (big.coded[k] === "a" ? "b" : "a") + big.coded.slice(k + 1);
    let back: Uint8Array | null = null;
    try {
      back = decoded(changed, big.length);
    } catch {
      back = null;
    }
    expect(back !== null && same(back, decoded(big.coded, big.length))).to.equal(false);
  });

  it("every revision's coded strings code back to themselves (the build's coding is reproducible, its decoding exact) @slow", async () => {
    const { code, codeBest } = await coder();
    for (const { where, coded, length } of generatedStrings()) {
      const bytes = decoded(coded, length);
      // The text forms (rows, the AST's) are coded with lc 0, pb 0; the small arrays with the best of several.
      const again = coded[0] === " " ? code(bytes, { lc: 0, pb: 0 }) : codeBest(bytes);
      expect(again === coded, `${where}: ${coded.slice(0, 20)}...`).to.equal(true);
    }
  });

  for (const [what, from, to] of [
    ["the state after a literal", "state < 10 ? state - 3 : state - 6", "state < 10 ? state - 2 : state - 6"],
    ["the adaptation rate of a 0", "probs[i] = p + ((2048 - p) >> 5);", "probs[i] = p + ((2048 - p) >> 4);"],
    ["the copy's distance", "const from = o - rep0 - 1;", "const from = o - rep0;"],
  ] as const) {
    it(`a planted mistake (${what}) is caught`, async () => {
      const { code } = await coder();
      const planted = plantedDecoder(from, to);
      let caught = 0;
      fc.assert(
        fc.property(bytesArb, (a) => {
          const c = code(a, { passes: 1 });
          expect(same(decoded(c, a.length), a)).to.equal(true);
          try {
            if (!same(planted.decoded(c, a.length), a)) caught++;
          } catch {
            caught++;
          }
        }),
        { numRuns: 40, seed: 27 },
      );
      expect(caught).to.be.greaterThan(10);
      const real = generatedStrings().find((s) => s.where === "rfc3986.scanner.ts" && s.length > 10000)!;
      let back: Uint8Array | null;
      try {
        back = planted.decoded(real.coded, real.length);
      } catch {
        back = null;
      }
      expect(back !== null && same(back, decoded(real.coded, real.length))).to.equal(false);
    });
  }
});
