// The test tables the conformance suite draws on (src/conformance/suite.ts), as one JSON file the
// package ships, Brotli-compressed: dist/conformance/tables.json.br (415 KB of JSON in 30 KB; the CLI
// reads it with Node's zlib, src/cli/conformance-data.ts), and the suite's schema beside it,
// suite.schema.json. test/data/ is not in the package, so `uri-grammars suite` in an installed package
// reads this file instead. The tables are read by the tests' own
// readers (dist/test/support/table.js, resolution-table.js), compiled by tsc just before this runs:
//   checks         every row of the case tables (grammar/<spec>/*.tsv, test/data/*.tsv); `example` marks the document's own examples (a file
//                  grammar/<spec>/examples.tsv, or rows under a "---- ... ----" heading that says the document
//                  gives them), the others are our hand-checked edges
//   resolution     every row of the document tables under test/data/resolution/ (not own-cases.tsv)
//   normalization  every row of test/data/normalization/normalize.tsv
// Run by scripts/build.mjs after tsc; skipped (with a note) where test/ is absent.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const support = join(root, "dist", "test", "support");
const out = join(root, "dist", "conformance", "tables.json.br");

if (!existsSync(join(support, "table.js"))) {
  console.log("conformance data: no dist/test/support/table.js (no test/ here); dist/conformance/tables.json.br not written");
  process.exit(0);
}
const { DATA_DIR, REPO, caseTables, readTable, readRows } = require(join(support, "table.js"));
const { readResolutionTable } = require(join(support, "resolution-table.js"));

/** Line numbers of the headings that open a section of the document's examples, and of the others. */
function exampleLines(file) {
  const lines = readFileSync(join(REPO, file), "utf8").split("\n");
  const inExamples = [];
  // A revision's examples.tsv holds its document's examples only.
  const whole = /\/examples\.tsv$/.test(file);
  let current = whole;
  lines.forEach((l, i) => {
    const heading = /^#\s*-{2,}\s*(.*?)\s*-{2,}\s*$/.exec(l);
    if (heading && !whole) current = /\bexamples?\b|document gives/i.test(heading[1]);
    inExamples[i + 1] = current;
  });
  return inExamples;
}

const checks = [];
for (const file of caseTables()) {
  const examples = exampleLines(file);
  for (const c of readTable(file)) checks.push({ spec: c.spec, rule: c.rule, input: c.input, valid: c.valid, source: c.source, example: examples[c.line] === true, file });
}
const resolution = [];
const resolutionDir = join(DATA_DIR, "resolution");
for (const file of readdirSync(resolutionDir).filter((f) => f.endsWith(".tsv") && f !== "own-cases.tsv" && f !== "differences-1997-2003.tsv").sort()) {
  for (const r of readResolutionTable(file)) resolution.push({ spec: r.spec, mode: r.mode, base: r.base, reference: r.reference, expected: r.expected, section: r.section, printed: r.printed, file: `test/data/resolution/${file}` });
}
const normalization = readRows("normalization/normalize.tsv", 5).map(({ cols }) => ({ spec: cols[0], level: cols[1], input: cols[2], expected: cols[3], source: cols[4] }));

mkdirSync(dirname(out), { recursive: true });
const json = Buffer.from(JSON.stringify({ checks, resolution, normalization }) + "\n", "utf8");
writeFileSync(out, brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }));
rmSync(join(dirname(out), "tables.json"), { force: true }); // the uncompressed form of older builds
// The suite's JSON Schema goes with it: docs/ is not in the package.
copyFileSync(join(root, "docs", "conformance-suite.schema.json"), join(dirname(out), "suite.schema.json"));
console.log(`conformance data: ${checks.length} check rows (${checks.filter((c) => c.example).length} document examples), ${resolution.length} resolution rows, ${normalization.length} normalization rows -> dist/conformance/tables.json.br`);
