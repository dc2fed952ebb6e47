// Writes the confusion corpus and docs/confusion.md (run after `npm run build`):
//   test/data/confusion/generated.tsv  the cases generated from the revisions' DFAs (src/conformance/confusion-corpus.ts)
//   test/data/confusion/readings.tsv   every case (published.tsv, then generated.tsv) read by every revision
//   docs/confusion.md                  between its `revisions:` markers, what the revisions read; between its
//                                      `implementations:` markers, what every implementation installed here reads
//                                      (`uri-grammars confusion --json -` over the whole corpus)
// test/confusion.test.ts fails when the first three are not what the code gives now. With --check
// nothing is written: the run fails (exit 1) when a file, or the implementations' block, differs,
// and says which. Under CI (CI set, as .ci/run sets it) a missing implementation fails the run, since
// .ci/run installs them all.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const doc = require(join(root, "dist", "src", "conformance", "confusion-doc.js"));
const { generateCorpus, revisionsTable } = require(join(root, "dist", "src", "conformance", "confusion-corpus.js"));
const check = process.argv.includes("--check");
const DATA = join(root, "test", "data", "confusion");
const DOC = join(root, "docs", "confusion.md");

const started = Date.now();
const published = doc.parsePublished(readFileSync(join(DATA, "published.tsv"), "utf8"));
const generated = generateCorpus();
const inputs = [...published.map((p) => p.input), ...generated.map((g) => g.input)];
const revisionTables = inputs.map((i) => revisionsTable(i));

// Every implementation installed here, over every input, through the CLI (the batch engine).
const lines = inputs.filter((i) => !/[\n\r]/.test(i));
const r = spawnSync(process.execPath, [join(root, "bin", "uri-grammars"), "confusion", "--json", "--exit-zero", "--no-progress", "-"], { cwd: root, input: lines.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 30 });
if (r.status !== 0) throw new Error(`confusion --json - exited ${r.status}: ${r.stderr}`);
const answers = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
// An input with a line break cannot be a batch line: those are given as arguments, in one run.
const apart = inputs.filter((i) => /[\n\r]/.test(i));
const alone = apart.length === 0 ? [] : spawnSync(process.execPath, [join(root, "bin", "uri-grammars"), "confusion", "--json", "--exit-zero", ...apart], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 }).stdout.trim().split("\n").map((l) => JSON.parse(l));
const tables = inputs.map((input) => (/[\n\r]/.test(input) ? alone[apart.indexOf(input)] : answers[lines.indexOf(input)]));
const missing = tables[0]?.missing ?? [];

const files = [
  [join(DATA, "generated.tsv"), doc.generatedTsv(generated)],
  [join(DATA, "readings.tsv"), doc.readingsTsv(revisionTables)],
];
let text = readFileSync(DOC, "utf8");
text = doc.replaceBlock(text, doc.revisionsMarkdown(published, generated, revisionTables));
text = doc.replaceBlock(text, doc.implementationsMarkdown(published, tables, missing));
files.push([DOC, text]);

const stale = files.filter(([file, content]) => readFileSync(file, "utf8") !== content).map(([file]) => file.slice(root.length + 1));
if (check) {
  if (stale.length > 0) {
    console.error(`--check: nothing written; not what scripts/write-confusion.mjs writes now: ${stale.join(", ")} (run it and commit the result)`);
    process.exit(1);
  }
  console.log(`--check: nothing written; the corpus and docs/confusion.md are current (${inputs.length} inputs, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
} else {
  for (const [file, content] of files) writeFileSync(file, content);
  console.log(`wrote ${files.map(([f]) => f.slice(root.length + 1)).join(", ")}: ${published.length} published and ${generated.length} generated inputs, ${tables[0]?.rows.filter((x) => x.kind !== "revision").length ?? 0} implementations (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
if (missing.length > 0) {
  console.error(`missing here:\n  ${missing.join("\n  ")}`);
  if (process.env.CI) process.exit(1);
}
