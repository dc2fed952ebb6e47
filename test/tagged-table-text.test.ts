// The text form of a tagged DFA's tables: scripts/ast/table-text.mjs writes it at build time (and
// packs a revision's texts into one, which the encode-tables pass codes), src/scanner/tagged.ts
// (taggedTable, over src/scanner/coded.ts's reader) reads it back on first use. Property: any tables (targets anywhere in the table, numbers of one and of several
// digits, rows alike and unlike their neighbours), alone or packed with others, come back exactly.
// Every revision's tables decode into tables that stay inside themselves. Planted mistakes (the
// encoder and the decoder out of step on two digits; a character of the coded text changed) are
// caught; the coder itself has its own tests (test/coded.test.ts).
import { expect } from "chai";
import { join } from "node:path";
import fc from "fast-check";
import { SPEC_IDS } from "../src";
import { getRevision } from "../src/revisions";
import { taggedTable, type TaggedTable } from "../src/scanner/tagged";
import { codedReader, decoded } from "../src/scanner/coded";

const ROOT = join(__dirname, "..", "..");

interface Tables {
  count: number;
  K: number;
  trans: Int32Array;
  ops: Int32Array;
  opsData: number[];
  accept: Int32Array;
  fixups: number[];
}

type Encoder = (t: Tables) => string;
type Packer = (texts: string[]) => { packed: string; starts: number[]; length: number };

/** The text form's writer, and its packer as the encode-tables pass uses it: the texts joined, then coded (scripts/scanner/coder.mjs). */
async function encoder(): Promise<{ tableText: Encoder; packTexts: Packer; TEXT_DIGITS: string }> {
  const text = (await import(join(ROOT, "scripts", "ast", "table-text.mjs"))) as { tableText: Encoder; packTexts: (texts: string[]) => { text: string; starts: number[]; length: number }; TEXT_DIGITS: string };
  const { code } = (await import(join(ROOT, "scripts", "scanner", "coder.mjs"))) as { code: (data: string, options: { lc: number; pb: number }) => string };
  return {
    tableText: text.tableText,
    TEXT_DIGITS: text.TEXT_DIGITS,
    packTexts: (texts) => {
      const joined = text.packTexts(texts);
      return { packed: code(joined.text, { lc: 0, pb: 0 }), starts: joined.starts, length: joined.length };
    },
  };
}

/** Random tables: a few template rows that the others copy with changes, so that both row forms occur. */
const tablesArb: fc.Arbitrary<Tables> = fc
  .record({
    count: fc.integer({ min: 1, max: 40 }),
    K: fc.integer({ min: 1, max: 70 }),
    opLists: fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: -2, max: 3000 })), { maxLength: 4 }), { maxLength: 30 }),
    fixupLists: fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: -2, max: 300 })), { maxLength: 4 }), { maxLength: 10 }),
    seed: fc.integer(),
  })
  .map(({ count, K, opLists, fixupLists, seed }) => {
    let x = seed >>> 0 || 1;
    const rand = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const opsData = opLists.flatMap((l) => [l.length, ...l.flat()]);
    const fixups = [0, ...fixupLists.flatMap((l) => [l.length, ...l.flat()])];
    const fixupAt = [0];
    for (let k = 1; k < fixups.length; k += 1 + 2 * fixups[k]) fixupAt.push(k);
    const trans = new Int32Array(count * K);
    const ops = new Int32Array(count * K);
    for (let s = 1; s < count; s++) {
      const from = rand(3) === 0 ? rand(s) : -1;
      for (let c = 0; c < K; c++) {
        const copy = from > 0 && rand(4) !== 0;
        trans[s * K + c] = copy ? trans[from * K + c] : rand(3) === 0 ? 0 : rand(count);
        ops[s * K + c] = copy ? ops[from * K + c] : trans[s * K + c] === 0 || rand(2) === 0 ? 0 : rand(opLists.length + 1);
      }
    }
    const accept = Int32Array.from({ length: count }, (_, s) => (s === 0 || rand(2) === 0 ? -1 : fixupAt[rand(fixupAt.length)]));
    return { count, K, trans, ops, opsData, accept, fixups };
  });

/** Where a decoded table differs from the tables it was written from (empty: none). */
function differences(t: Tables, table: TaggedTable): string[] {
  const out: string[] = [];
  const same = (name: string, a: ArrayLike<number>, b: ArrayLike<number>) => {
    if (a.length !== b.length) return void out.push(`${name}: length ${b.length}, expected ${a.length}`);
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return void out.push(`${name}[${i}]: ${b[i]}, expected ${a[i]}`);
  };
  same("ops", t.opsData, table.ops);
  same("fixups", t.fixups, table.fixups);
  same("accept", t.accept, table.accept);
  const { next, ops } = table.transitions();
  same("targets", t.trans, next);
  same("operations", t.ops, ops);
  return out;
}

function roundTrip(tableText: Encoder, t: Tables, plant: (text: string) => string = (s) => s): string[] {
  try {
    const text = plant(tableText(t));
    return differences(t, taggedTable(() => Uint8Array.from(text, (ch) => ch.charCodeAt(0)), 0, text.length, t.K, t.count, 1, 0, 0));
  } catch (e) {
    return [`the decoder threw: ${(e as Error).message}`];
  }
}

describe("tagged DFA tables as text (scripts/ast/table-text.mjs, taggedTable)", () => {
  it("any tables come back exactly", async () => {
    const { tableText } = await encoder();
    fc.assert(
      fc.property(tablesArb, (t) => roundTrip(tableText, t).length === 0),
      { numRuns: 300, seed: 27 },
    );
  });

  it("numbers of one, two and three digits come back (targets far back and far ahead, list numbers in the thousands)", async () => {
    const { tableText } = await encoder();
    const K = 3;
    const count = 3000;
    const trans = new Int32Array(count * K);
    const ops = new Int32Array(count * K);
    for (let s = 1; s < count; s++) (trans[s * K] = count - s), (trans[s * K + 2] = 1), (ops[s * K + 2] = s);
    const opsData = Array.from({ length: count }, () => [1, 5000, -1]).flat();
    const t = { count, K, trans, ops, opsData, accept: new Int32Array(count).fill(-1), fixups: [0] };
    expect(tableText(t).length).to.be.greaterThan(count * 6);
    expect(roundTrip(tableText, t)).to.deep.equal([]);
  });

  it("the text is printable ASCII that needs no escape in a string literal", async () => {
    const { TEXT_DIGITS } = await encoder();
    expect(TEXT_DIGITS).to.have.length(88);
    expect(TEXT_DIGITS).to.match(/^[\x23-\x7e]+$/);
    expect(TEXT_DIGITS).to.not.match(/[\\"'`<]/);
  });

  it("every revision's tables decode into tables that stay inside themselves (those that ship, and every start rule's, generated/<spec>.ast-tables.ts)", () => {
    let tables = 0;
    for (const spec of SPEC_IDS) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const all = (require(join(ROOT, "dist", "generated", `${spec}.ast-tables.js`)) as { TAGGED: Record<string, TaggedTable> }).TAGGED;
      const shipped = Object.entries(getRevision(spec)!.ast).flatMap(([rule, entry]) => (entry.table === null ? [] : [[rule, entry.table] as const]));
      for (const [rule, t] of [...shipped, ...Object.entries(all).map(([rule, table]) => [`${rule} (every start rule's)`, table] as const)]) {
        const { next, ops } = t.transitions();
        let lists = 0;
        for (let k = 0; k < t.ops.length; k += 1 + 2 * t.ops[k]) lists++;
        const where = `${spec} ${rule}`;
        expect(next.every((x) => x >= 0 && x < t.states), `${where}: targets`).to.equal(true);
        expect(ops.every((x) => x <= lists), `${where}: list numbers`).to.equal(true);
        expect(t.accept.every((f) => f >= -1 && f < t.fixups.length), `${where}: fixups`).to.equal(true);
        expect(t.accept.some((f) => f >= 0), `${where}: an accepting state`).to.equal(true);
        tables++;
      }
    }
    expect(tables).to.be.greaterThan(100);
  });

  it("several tables packed into one text (packTexts, codedReader) come back exactly, each from its offset", async () => {
    const { tableText, packTexts } = await encoder();
    fc.assert(
      fc.property(fc.array(tablesArb, { minLength: 1, maxLength: 4 }), fc.nat(), (list, seed) => {
        // Repeats, as a revision's start rules have them: some tables twice.
        const all = [...list, ...list.filter((_, i) => (seed >> i) & 1)];
        const { packed, starts, length } = packTexts(all.map(tableText));
        const source = codedReader(packed, length);
        // First to last (each unpacks on from where the one before stopped: as far as it ends), or last first (all at once).
        const order = seed & 1 ? all.map((_, i) => i).reverse() : all.map((_, i) => i);
        return order.every((i) => differences(all[i], taggedTable(source, starts[i], starts[i + 1] ?? length, all[i].K, all[i].count, 1, 0, 0)).length === 0);
      }),
      { numRuns: 100, seed: 27 },
    );
  });

  it("coded text: repeats of any length at any distance come back, and copies make it shorter", async () => {
    const { packTexts, TEXT_DIGITS } = await encoder();
    const piece = fc.stringOf(fc.constantFrom(...TEXT_DIGITS), { maxLength: 200 });
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(5), { maxLength: 6 }), (pieces, again) => {
        const texts = [...pieces, ...again.map((i) => pieces[i % pieces.length])];
        const { packed, length } = packTexts(texts);
        return Buffer.from(decoded(packed, length)).toString("latin1") === texts.join("");
      }),
      { numRuns: 300, seed: 27 },
    );
    const long = TEXT_DIGITS.repeat(50);
    const { packed } = packTexts([long, long]);
    // 88 characters coded once (about 9 bits each, in characters of 6.49 bits), then copies of them (8,712 characters).
    expect(packed.length).to.be.lessThan(TEXT_DIGITS.length * 2);
  });

  it("a planted mistake (one character of the coded text changed) is caught", async () => {
    const { packTexts, TEXT_DIGITS } = await encoder();
    const texts = [TEXT_DIGITS, TEXT_DIGITS.slice(10, 40), TEXT_DIGITS];
    const { packed, length } = packTexts(texts);
    expect(Buffer.from(decoded(packed, length)).toString("latin1")).to.equal(texts.join(""));
    const k = packed.length >> 1;
    const changed = packed.slice(0, k) + (packed[k] === "a" ? "b" : "a") + packed.slice(k + 1);
    let back: string | Error;
    try {
      back = Buffer.from(decoded(changed, length)).toString("latin1");
    } catch (e) {
      back = e as Error;
    }
    expect(back).to.not.equal(texts.join(""));
  });

  it("a planted mistake (encoder and decoder out of step on two digits) is caught", async () => {
    const { tableText, TEXT_DIGITS } = await encoder();
    const [a, b] = [TEXT_DIGITS[1], TEXT_DIGITS[2]];
    const swap = (text: string) => text.replace(/./g, (ch) => (ch === a ? b : ch === b ? a : ch));
    const failed = fc.check(
      fc.property(tablesArb, (t) => roundTrip(tableText, t, swap).length === 0),
      { numRuns: 300, seed: 27 },
    );
    expect(failed.failed).to.equal(true);
  });
});
