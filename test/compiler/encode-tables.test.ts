// encode / encode-tables (scripts/scanner/passes/encode-tables.mjs): in both modes, every table string
// reads back (src/scanner/coded.ts, plain.ts) to the table it was made from: the transition rows to
// the DFA's rows, the small tables to their bytes; coded strings are shorter than plain ones.
import { expect } from "chai";
import { join } from "node:path";
import { ROOT, compileMini, compileWith, plantedPass, type Compilation } from "../support/compiler";

type TextSource = (end: number) => Uint8Array;

/** An encoded table's expression, evaluated with its reader. */
function read(c: Compilation, source: string): TextSource {
  const reader = require(join(ROOT, "dist", "src", "scanner", `${c.encoded.reader}.js`)) as Record<string, unknown>;
  return new Function(...Object.keys(reader), `return ${source};`)(...Object.values(reader)) as TextSource;
}

function problems(c: Compilation): string[] {
  const { rowsFromText } = require(join(ROOT, "dist", "src", "scanner", "tables.js")) as { rowsFromText(out: Uint16Array, K: number, text: TextSource): Uint16Array };
  const K = c.classes.length;
  const e = c.encoded;
  const out: string[] = [];
  const rows = (dfa: { trans: Int32Array[] }, source: string, what: string) => {
    const t = rowsFromText(new Uint16Array(dfa.trans.length * K), K, read(c, source));
    dfa.trans.forEach((row, s) => row.forEach((to, k) => t[s * K + k] !== to && out.push(`${what} ${s} ${k}`)));
  };
  rows(c.dfa, e.rows.source, "scanner rows");
  rows(c.acceptance, e.acceptRows.source, "acceptance rows");
  rows({ trans: c.reverse.transitions }, e.reverseRows.source, "reverse rows");
  // The small tables, in order: ACCEPT, LABEL (int32), FIRST, ALTERNATIVE, D_START (uint32), D_BIT, REV_BITS (uint32).
  const small = read(c, e.small.source)(e.small.length);
  const words = (a: ArrayLike<number>, width: number) => Array.from(a, (v) => Array.from({ length: width }, (_, b) => ((v >>> (8 * b)) & 255))).flat();
  const q = c.questions.list as { start: number; bit: number }[];
  const want = [...c.dfa.accept, ...words(c.labels.stateLabel, 4), ...c.walk.first, ...c.walk.alternatives, ...words(q.map((d) => d.start), 4), ...q.map((d) => d.bit & 255), ...words(c.reverse.bits, 4)];
  if (small.length !== want.length || want.some((v, i) => small[i] !== v)) out.push("small tables");
  const accept = read(c, e.acceptAccept.source)(e.acceptAccept.length);
  if (Array.from(c.acceptance.accept).some((v, i) => accept[i] !== v)) out.push("acceptance ACCEPT");
  return out;
}

describe("compiler pass encode-tables", () => {
  for (const tables of ["coded", "plain"] as const) {
    it(`${tables}: every table reads back`, () => {
      const c = compileMini("encode-tables", undefined, { tables });
      expect(c.encoded.mode).to.equal(tables);
      expect(problems(c)).to.deep.equal([]);
    });
  }

  it("coded strings are shorter than plain ones", () => {
    const written = (c: Compilation) => c.encoded.rows.written + c.encoded.small.written + c.encoded.acceptRows.written;
    expect(written(compileMini("encode-tables", undefined, { tables: "coded" }))).to.be.lessThan(written(compileMini("encode-tables")));
  });

  it("a planted fault (the small tables laid out by elements, not bytes) is caught", () => {
    const planted = plantedPass("encode-tables", "o += a.byteLength;", "o += a.length;");
    expect(problems(compileWith(planted, "encode-tables"))).to.not.deep.equal([]);
  });
});
