// @ts-check
// encode / encode-tables: every table of the generated modules as the string it carries, and the
// module of src/scanner/ that reads those strings back (the only pass that knows how tables are
// written). Two modes (URI_GRAMMARS_TABLES, in the compile hash):
//   coded  (the package's) the transition rows as text (scripts/scanner/rows-text.mjs: flex's template
//          rows in whole-character digits), the AST's tagged DFAs as text (scripts/ast/table-text.mjs),
//          the small arrays as their little-endian bytes, each coded by scripts/scanner/coder.mjs (LZMA
//          in a string literal's characters) and read by src/scanner/coded.ts;
//   plain  the same texts as they are and the bytes in hex, read by src/scanner/plain.ts: readable,
//          and compiled without the coder (40% of a grammar's compile time), for npm run dev.
// Every table is a TextSource expression (src/scanner/tables.ts): nothing is decoded until read.
import { rowsText } from "../rows-text.mjs";
import { code, codeBest } from "../coder.mjs";
import { packTexts, taggedText } from "../../ast/table-text.mjs";
import { table } from "../describe.mjs";
import { need, needOrNull } from "../pipeline.mjs";

/** @typedef {import("../compilation").EncodedTable} EncodedTable */

/** @type {import("../compilation").Pass<"encoded">} */
export const encodeTables = {
  name: "encode-tables",
  stage: "encode",
  key: "encoded",
  summary: "every table as the string a generated module carries (coded, or plain for debugging)",
  run(c) {
    const mode = c.options.tables;
    const K = need(c, "classes").length;
    const dfa = need(c, "dfa");
    const walk = need(c, "walk");
    const questions = need(c, "questions").list;
    const labels = need(c, "labels");
    const rev = needOrNull(c, "reverse");
    const acceptance = need(c, "acceptance");
    const tagged = needOrNull(c, "tagged");
    /** @param {string} text */
    const text = (text) => (mode === "coded" ? coded(code(text, { lc: 0, pb: 0 }), text.length) : { source: `plainText(${JSON.stringify(text)})`, length: text.length, written: text.length, call: "plainText" });
    /** @param {Uint8Array} bytes */
    const bytes = (bytes) => (mode === "coded" ? coded(/** @type {string} */ (codeBest(bytes)), bytes.length) : hex(bytes));
    // The small tables, one string: ACCEPT, LABEL, FIRST, ALTERNATIVE, D_START, D_BIT, REV_BITS (the
    // order src/scanner/scanner.ts reads them in).
    const small = concat([dfa.accept, labels.stateLabel, walk.first, walk.alternatives, new Uint32Array(questions.map((d) => d.start)), new Int8Array(questions.map((d) => d.bit)), ...(rev ? [rev.bits] : [])]);
    /** @param {any[]} plans */
    const pack = (plans) => {
      if (plans.length === 0) return null;
      const { text: all, starts } = packTexts(plans.map((p) => taggedText(p.tables)));
      return { table: text(all), at: new Map(plans.map((p, i) => [p.peg, /** @type {const} */ ([starts[i], starts[i + 1] ?? all.length])])) };
    };
    const withTables = tagged === null ? [] : tagged.plans.filter((/** @type {any} */ p) => p.tables);
    return {
      mode,
      reader: mode,
      rows: text(rowsText(dfa.trans, K, dfa.trans.length)),
      small: bytes(small),
      reverseRows: rev ? text(rowsText(rev.transitions, K, rev.transitions.length)) : null,
      acceptRows: text(rowsText(acceptance.trans, K, acceptance.trans.length)),
      acceptAccept: bytes(acceptance.accept),
      ast: pack(withTables.filter((/** @type {any} */ p) => p.ship)),
      astTables: pack(withTables),
    };
  },
  dump(e) {
    /** @type {[string, EncodedTable | null | undefined][]} */
    const rows = [
      ["scanner: transition rows", e.rows],
      ["scanner: small tables (bytes)", e.small],
      ["scanner: reverse rows", e.reverseRows],
      ["acceptance: transition rows", e.acceptRows],
      ["acceptance: ACCEPT (bytes)", e.acceptAccept],
      ["AST: tagged DFAs that ship", e.ast?.table],
      ["AST: every tagged DFA (tests)", e.astTables?.table],
    ];
    return [
      `mode ${e.mode}: read by src/scanner/${e.reader}.ts`,
      table(["table", "decoded", "written (chars)"], rows.filter(([, t]) => t).map(([name, t]) => [name, /** @type {EncodedTable} */ (t).length, /** @type {EncodedTable} */ (t).written])),
      "",
      ...rows.filter(([, t]) => t).map(([name, t]) => `${name}: ${/** @type {EncodedTable} */ (t).source.length > 400 ? `${/** @type {EncodedTable} */ (t).source.slice(0, 400)}...` : /** @type {EncodedTable} */ (t).source}`),
    ].join("\n");
  },
};

/**
 * A coded string (scripts/scanner/coder.mjs) of `length` bytes, read by src/scanner/coded.ts.
 * @param {string} s
 * @param {number} length
 * @returns {EncodedTable}
 */
function coded(s, length) {
  return { source: `codedReader(${JSON.stringify(s)}, ${length})`, length, written: s.length, call: "codedReader" };
}

/**
 * Bytes in hex, two digits each, read by src/scanner/plain.ts.
 * @param {Uint8Array} bytes
 * @returns {EncodedTable}
 */
function hex(bytes) {
  const s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
  return { source: `plainBytes(${JSON.stringify(s)})`, length: bytes.length, written: s.length, call: "plainBytes" };
}

/**
 * Typed arrays' little-endian bytes, one after the other.
 * @param {readonly (Uint8Array | Int8Array | Int32Array | Uint32Array)[]} arrays
 */
function concat(arrays) {
  const all = new Uint8Array(arrays.reduce((n, a) => n + a.byteLength, 0));
  let o = 0;
  for (const a of arrays) {
    all.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), o);
    o += a.byteLength;
  }
  return all;
}

/**
 * The import of the readers that the given tables' expressions call, for a generated module whose
 * src/ is `srcDir` ("" when there is none).
 * @param {import("../compilation").EncodedTables} encoded
 * @param {readonly (EncodedTable | null | undefined)[]} tables
 * @param {string} srcDir
 */
export function readerImport(encoded, tables, srcDir) {
  const names = [...new Set(tables.flatMap((t) => (t ? [t.call] : [])))].sort();
  return names.length === 0 ? "" : `import { ${names.join(", ")} } from "${srcDir}/scanner/${encoded.reader}";`;
}
