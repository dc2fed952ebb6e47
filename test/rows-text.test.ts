// The text form of a scanner's transition table (scripts/scanner/rows-text.mjs writes it at build
// time into generated/<spec>.scanner.ts and <spec>.accept.ts; src/scanner/tables.ts, rowsFromText(),
// reads it on the first scan). Property: any table (targets anywhere, the two sinks, self-loops,
// rows alike and unlike their neighbours, numbers of one and of several digits) comes back exactly,
// in a 16-bit and a 32-bit table. Every revision's decoded tables stay inside themselves and keep
// the sinks. A planted mistake (a decoder that reads the target's zigzag with the wrong sign) is caught.
// Decoded in parts (rowsReader(), as a scan decodes the rows its start rule reaches, ROWS_FROM): any
// sequence of prefixes gives the same table, and every state a start state reaches is inside the
// rows ROWS_FROM names for it (a planted ROWS_FROM one row short is caught).
import { expect } from "chai";
import { join } from "node:path";
import fc from "fast-check";
import { SPEC_IDS } from "../src";
import { getRevision } from "../src/revisions";
import { rowsFromText, rowsReader } from "../src/scanner/tables";
import { plainText } from "../src/scanner/plain";

const ROOT = join(__dirname, "..", "..");

type RowsText = (trans: ArrayLike<number>[], K: number, count: number) => string;

async function rowsText(): Promise<RowsText> {
  return ((await import(join(ROOT, "scripts", "scanner", "rows-text.mjs"))) as { rowsText: RowsText }).rowsText;
}

/** Random tables: a few template rows that the others copy with changes, so that both row forms occur. */
const tableArb = fc
  .record({ count: fc.integer({ min: 2, max: 60 }), K: fc.integer({ min: 1, max: 70 }), seed: fc.integer(), far: fc.boolean() })
  .map(({ count, K, seed, far }) => {
    let x = seed | 0;
    const random = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) | 0) >>> 0) % n;
    const rows: number[][] = [new Array(K).fill(0), new Array(K).fill(1)];
    // far: state numbers beyond one digit's reach (a 32-bit table's), as a long table has
    const target = () => (random(4) === 0 ? random(2) : far ? 70000 + random(5000) : random(count));
    for (let s = 2; s < count; s++) {
      const row = random(3) === 0 ? Array.from({ length: K }, target) : [...rows[random(s)]];
      for (let k = random(4); k > 0; k--) row[random(K)] = random(5) === 0 ? s : target();
      rows.push(row);
    }
    return { count, K, rows, wide: far };
  });

/**
 * rowsFromText() with the target's zigzag read the wrong way round (planted): a target t of row s
 * (one that is not 0 or 1) comes back as s - (t - s), as a decoder that subtracted the zigzag would give.
 */
function plantedRowsFromText(out: Uint32Array, K: number, text: string): Uint32Array {
  rowsFromText(out, K, plainText(text));
  for (let i = 0; i < out.length; i++) {
    const s = Math.floor(i / K);
    if (out[i]! >= 2) out[i] = s - (out[i]! - s);
  }
  return out;
}

describe("a scanner's transition table as text (rows-text.mjs, rowsFromText)", function () {
  this.timeout(60000);

  it("any table comes back exactly (16-bit and 32-bit tables)", async () => {
    const encode = await rowsText();
    fc.assert(
      fc.property(tableArb, ({ count, K, rows, wide }) => {
        const text = encode(rows, K, count);
        expect(text).to.match(/^[\x23-\x7e]*$/);
        const out = rowsFromText(wide ? new Uint32Array(count * K) : new Uint16Array(count * K), K, plainText(text));
        return rows.every((row, s) => row.every((t, c) => out[s * K + c] === t));
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it("a decoder that reads the zigzag with the wrong sign is caught (planted)", async () => {
    const encode = await rowsText();
    const failure = fc.check(
      fc.property(tableArb, ({ count, K, rows }) => {
        const out = plantedRowsFromText(new Uint32Array(count * K), K, encode(rows, K, count));
        return rows.every((row, s) => row.every((t, c) => out[s * K + c] === t));
      }),
      { numRuns: 400, seed: 7 },
    );
    expect(failure.failed).to.equal(true);
  });

  it("decoded in parts, as far as each call asks, any table comes back exactly", async () => {
    const encode = await rowsText();
    fc.assert(
      fc.property(tableArb, fc.array(fc.integer({ min: 0, max: 70 }), { maxLength: 6 }), ({ count, K, rows, wide }, asks) => {
        const out = wide ? new Uint32Array(count * K) : new Uint16Array(count * K);
        const read = rowsReader(out, K, plainText(encode(rows, K, count)));
        let ready = 0;
        for (const upTo of asks) {
          ready = Math.max(ready, read(upTo));
          // the rows before `ready` are decoded, the others untouched
          for (let s = 0; s < count; s++) for (let c = 0; c < K; c++) if (out[s * K + c] !== (s < ready ? rows[s][c] : 0)) return false;
        }
        read(count);
        return rows.every((row, s) => row.every((t, c) => out[s * K + c] === t));
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  /** The states that are not inside the rows ROWS_FROM names for their start state, found breadth-first. */
  function outsideRows(trans: Uint16Array | Uint32Array, K: number, rowsFrom: Readonly<Record<number, number>>): string[] {
    const out: string[] = [];
    for (const [start, rows] of Object.entries(rowsFrom)) {
      const seen = new Set([Number(start)]);
      const queue = [Number(start)];
      for (let i = 0; i < queue.length; i++) {
        const s = queue[i];
        if (s >= rows) out.push(`state ${s}, reached from start state ${start}, is not in its first ${rows} rows`);
        for (let c = 0; c < K; c++) {
          const t = trans[s * K + c];
          if (!seen.has(t)) seen.add(t), queue.push(t);
        }
      }
    }
    return out;
  }

  for (const spec of SPEC_IDS) {
    it(`${spec}: a start state reaches no state beyond the rows ROWS_FROM decodes for it (planted: one row short)`, () => {
      for (const kind of ["scanner", "accept"]) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const m = require(join(ROOT, "dist", "generated", `${spec}.${kind}.js`)) as { TRANS: Uint16Array | Uint32Array; ACCEPT: Uint8Array; ROWS_FROM: Record<number, number>; load(): void };
        m.load();
        const K = m.TRANS.length / m.ACCEPT.length;
        expect(Object.keys(m.ROWS_FROM).length, `${kind}: a ROWS_FROM entry per start state`).to.be.greaterThan(0);
        expect(outsideRows(m.TRANS, K, m.ROWS_FROM), kind).to.deep.equal([]);
        // Planted: each start state's rows one short. The last row a start state's search numbered
        // is reached from it, so every start state that numbered a state of its own is caught.
        const short = Object.fromEntries(Object.entries(m.ROWS_FROM).map(([s, r]) => [s, r - 1]));
        expect(outsideRows(m.TRANS, K, short).length, `${kind}: planted`).to.be.greaterThan(0);
      }
    });

    it(`${spec}: the decoded tables keep the sinks and every target inside the table`, () => {
      const scanner = getRevision(spec)!.scanner;
      scanner.load();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const accept = require(join(ROOT, "dist", "generated", `${spec}.accept.js`)) as { TRANS: Uint16Array | Uint32Array; ACCEPT: Uint8Array; load(): void };
      accept.load();
      for (const [trans, states] of [[scanner.TRANS, scanner.ACCEPT.length], [accept.TRANS, accept.ACCEPT.length]] as const) {
        const K = trans.length / states;
        expect(K).to.equal(scanner.K);
        for (let c = 0; c < K; c++) {
          expect(trans[c], "state 0 rejects everything").to.equal(0);
          expect(trans[K + c], "state 1 accepts everything").to.equal(1);
        }
        let outside = 0;
        for (const t of trans) if (t >= states) outside++;
        expect(outside).to.equal(0);
      }
    });
  }
});
