// npm run site: the explorer (src/web/) as a static site in site/ (not committed; `npm run build`
// runs this last, so `npm ci` leaves a site that `uri-grammars serve` can serve).
//
// Data flow: generated/<spec>.composed.peggy (the grammar as composed) --peggy.parser.parse--> data/<spec>.json (each rule's PEG text,
//            grammar/*/published.*--src/published readers--> expression tree, its offsets in the file
//                                                            and the rules it uses; the published
//                                                            grammar as one model; per rule an input
//                                                            it accepts, from the test tables)
//            src/web/pages/*.ts + the library (src/) --esbuild--> assets/*.js (ESM, shared chunks; each
//                                                            revision's tables in a chunk of their own,
//                                                            loaded when a page shows the revision:
//                                                            scripts/site/revision-chunks.mjs)
//            grammar/*/published.* --src/ops/fidelity-proof.ts--> data/fidelity.json (the grammar
//                                                            pages' "proved equal" lines)
//            src/web/data/exercises.json --scripts/site/exercises.mjs--> data/exercises.json (the
//                                                            exercises, expanded over the registry, each
//                                                            hint found on the rules' DFAs and checked)
//            test/data/resolution/appendix-c-*.tsv, test/data/extract/*-texts.tsv --> the resolution
//                                                            and extract pages' examples
//            ../shared/seeds, ../shared/references --scripts/site/documents.mjs--> data/docs/<spec>.json
//                                                            (the documents' text, where each rule
//                                                            and cited section stands in it)
//            scripts/site/pages.mjs --> one HTML file per page
// Everything else (parse, explain, diff, the character matrix, resolution) runs in the page, with
// the same library code as the CLI. The site needs no server logic: any static host serves it.
//
//   node scripts/build-site.mjs [--out DIR] [--no-typecheck] [--no-minify]
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { spawnSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { PAGES, pageHtml } from "./site/pages.mjs";
import { pegRules } from "./site/peg-rules.mjs";
import { ruleExamples } from "./site/rule-examples.mjs";
import { revisionDocuments } from "./site/documents.mjs";
import { revisionChunksPlugin } from "./site/revision-chunks.mjs";
import { buildExercises } from "./site/exercises.mjs";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** What the browser needs about one revision that only the build can read (files, peggy). */
export function revisionData(id) {
  const { loadPublishedGrammar, publishedGrammarFile } = require(join(root, "dist/src/published/index.js"));
  // The grammar as the build composed it: an amendment's is generated/<spec>.composed.peggy (its rules
  // spliced into its base's, each saying where it is written); any other's is its own file.
  const composed = readFileSync(join(root, "generated", `${id}.composed.peggy`), "utf8");
  const peggyFile = /^\/\/ @origin /m.test(composed) ? `generated/${id}.composed.peggy` : `grammar/${id}/grammar.peggy`;
  const peg = pegRules(composed, peggyFile);
  const read = loadPublishedGrammar(id);
  if (read && !read.ok) throw new Error(`the published grammar of ${id}: ${read.errors.join("; ")}`);
  const publishedFile = publishedGrammarFile(id);
  const { getRevision } = require(join(root, "dist/src/revisions/index.js"));
  const { parse } = require(join(root, "dist/src/parse.js"));
  return {
    spec: id,
    peggyFile,
    publishedFile: publishedFile ? `grammar/${publishedFile.file}` : null,
    published: read ? read.grammar : null,
    peg,
    examples: ruleExamples(root, getRevision(id), peg, parse),
    original: originalRuleTexts(getRevision(id)),
  };
}

/**
 * Where a revision's seed is a translation (RFC 1738): each rule's lines as the original document
 * prints them (../shared/references/rfc1738.txt), comments in English, by peggy name; null otherwise.
 */
function originalRuleTexts(revision) {
  const doc = revisionDocuments(root, revision);
  if (!doc || !doc.original) return null;
  const text = doc.original.text;
  const out = {};
  for (const rule of revision.rules) {
    const span = rule.published ? doc.original.rules[rule.published] : undefined;
    if (!span) continue;
    const from = text.lastIndexOf("\n", span[0]) + 1;
    const to = text.indexOf("\n", span[1]);
    out[rule.pegName] = text.slice(from, to < 0 ? undefined : to).split("\n").map((l) => l.trimEnd());
  }
  return { file: doc.original.file, rules: out };
}

/**
 * The resolution page's default: the Appendix C tables (draft-1997, rfc2396, draft-2003) and RFC 3986's
 * §5.4 examples, as the test tables transcribe them verbatim from the documents
 * (test/data/resolution/appendix-c-*.tsv, section-5.4-rfc3986.tsv; the same base): every
 * reference once (draft-1997's order, then the later documents' additions), what each document
 * prints as its answer, and, where the table says the document's algorithm gives something else,
 * that answer and why.
 */
export function appendixCExamples() {
  const dir = join(root, "test/data/resolution");
  // In the registry's (date) order: the file names end with the revision id.
  const { SPEC_IDS } = require(join(root, "dist/src/revisions/index.js"));
  const byDate = (a, b) => SPEC_IDS.indexOf(a.replace(/^.*?-(draft-\d+|rfc\d+)\.tsv$/, "$1")) - SPEC_IDS.indexOf(b.replace(/^.*?-(draft-\d+|rfc\d+)\.tsv$/, "$1"));
  const files = [...readdirSync(dir).filter((f) => /^appendix-c-.*\.tsv$/.test(f)).sort(byDate), ...readdirSync(dir).filter((f) => /^section-5\.4-.*\.tsv$/.test(f)).sort(byDate)];
  const main = exampleSet(dir, files, (f) => (f.startsWith("appendix-c-") ? "Appendix C" : "§5.4"));
  if (main.bases.size !== 1) throw new Error(`the Appendix C tables name ${main.bases.size} bases; the resolution page expects one`);
  // Documents whose examples have a base of their own (RFC 1630's magic://a/b/c//d/e/f, RFC 1808
  // §5's http://a/b/c/d;p?q#f): one set each, for its first base (test/data/resolution/partial-form-*.tsv,
  // section-5-*.tsv).
  const others = readdirSync(dir).filter((f) => /^(partial-form|section-5)-.*\.tsv$/.test(f)).sort(byDate).map((f) => {
    const set = exampleSet(dir, [f], () => (f.startsWith("partial-form-") ? "Partial (relative) form" : "§5"), true);
    return { base: [...set.bases][0], tables: set.tables, references: set.references };
  });
  return { base: [...main.bases][0], tables: main.tables, references: main.references, others };
}

/** The rows of resolution tables with default options, as the page shows them; `firstBase`: only the first base's rows. */
function exampleSet(dir, files, labelOf, firstBase = false) {
  const bases = new Set();
  const refs = new Map();
  const tables = [];
  for (const f of files) {
    let spec = null;
    for (const line of readFileSync(join(dir, f), "utf8").split("\n")) {
      if (line.trim() === "" || line.startsWith("#")) continue;
      const [rowSpec, mode, base, refField, expected, algorithm, section, , note] = line.split("\t");
      if (mode !== "-") continue; // rows with resolve options show a variant, not the table
      if (firstBase && bases.size > 0 && !bases.has(base)) continue;
      spec = rowSpec;
      bases.add(base);
      const reference = refField.startsWith('"') ? JSON.parse(refField) : refField;
      if (!refs.has(reference)) refs.set(reference, { reference, printed: {} });
      // `algorithm`: what the document's own algorithm gives where it is not what the document
      // prints ("-" when they agree), with the table's note on why.
      refs.get(reference).printed[rowSpec] = { answer: expected, section: section.startsWith("§") || section.includes(" ") ? section : `Appendix ${section}`, ...(algorithm && algorithm !== "-" ? { algorithm, note: note ?? "" } : {}) };
    }
    if (spec) tables.push({ spec, file: `test/data/resolution/${f}`, label: labelOf(f) });
  }
  return { bases, tables, references: [...refs.values()] };
}

/**
 * The extract page's examples: the documents' own texts about URLs in running text, and our edge
 * cases, as the extract test tables hold them (test/data/extract/document-texts.tsv and
 * own-texts.tsv: id, seed, text as a JSON string, seed-text, source).
 */
export function extractExamples() {
  const read = (file, kind) =>
    readFileSync(join(root, "test/data/extract", file), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.startsWith("#"))
      .map((line) => {
        const [id, , text, , source] = line.replace(/\r$/, "").split("\t");
        return { id, kind, text: text.startsWith('"') ? JSON.parse(text) : text, source, file: `test/data/extract/${file}` };
      });
  return { examples: [...read("document-texts.tsv", "document"), ...read("own-texts.tsv", "own")] };
}

/** The confusion page's examples: the published corpus (test/data/confusion/published.tsv), sources cited. */
export function confusionExamples() {
  const { parsePublished } = require(join(root, "dist/src/conformance/confusion-doc.js"));
  return { examples: parsePublished(readFileSync(join(root, "test/data/confusion/published.tsv"), "utf8")), file: "test/data/confusion/published.tsv" };
}

/**
 * The grammar pages' "proved equal to the published rule" lines: `fidelity --prove` of every
 * revision (src/ops/fidelity-proof.ts reads the published grammar files, so the build runs it),
 * by revision and peggy rule name (src/web/lib/languages.ts, FidelityData).
 */
export function fidelityData(ids) {
  const { proveFidelity } = require(join(root, "dist/src/ops/fidelity-proof.js"));
  const { getRevision } = require(join(root, "dist/src/revisions/index.js"));
  const out = {};
  for (const id of ids) {
    const proof = proveFidelity({ spec: id });
    if (proof instanceof Error) continue;
    const pegName = new Map(getRevision(id).rules.map((r) => [r.published ?? r.pegName, r.pegName]));
    out[id] = Object.fromEntries(proof.rules.map((r) => [pegName.get(r.rule), { verdict: r.verdict, states: { peg: r.states.peg, published: r.states.published }, ...(r.reason ? { reason: r.reason } : {}), witnesses: r.witnesses.map(({ input, peg, published, sentence }) => ({ input, peg, published, sentence })) }]));
  }
  return out;
}

function typecheck() {
  const tsc = join(root, "node_modules/typescript/bin/tsc");
  const r = spawnSync(process.execPath, [tsc, "-p", join(root, "src/web/tsconfig.json")], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("src/web does not typecheck (tsc -p src/web/tsconfig.json)");
}

/**
 * Builds the site into `outDir`. `transform(path, source)` may rewrite a source file of src/web
 * before it is bundled: the browser test uses it to plant a mistake in a page and show that its
 * checks fail.
 */
export async function buildSite({ outDir = join(root, "site"), typecheckSources = true, transform = null, quiet = false, minify = true } = {}) {
  if (!existsSync(join(root, "dist/src/revisions/index.js"))) throw new Error("dist/ is missing: run `npm run build` first (it builds the site too)");
  if (typecheckSources) typecheck();
  const esbuild = require("esbuild");
  const { availableSpecIds } = require(join(root, "dist/src/revisions/index.js"));

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, "data"), { recursive: true });
  const pegOf = new Map();
  for (const id of availableSpecIds()) {
    const data = revisionData(id);
    pegOf.set(id, data.peg);
    writeFileSync(join(outDir, "data", `${id}.json`), JSON.stringify(data));
  }
  writeFileSync(join(outDir, "data", "appendix-c.json"), JSON.stringify(appendixCExamples()));
  // The documents' text for the source page (scripts/site/documents.mjs); absent seeds: none.
  mkdirSync(join(outDir, "data", "docs"), { recursive: true });
  const { getRevision } = require(join(root, "dist/src/revisions/index.js"));
  const documents = {};
  for (const id of availableSpecIds()) {
    const doc = revisionDocuments(root, getRevision(id));
    documents[id] = doc !== null;
    if (doc) writeFileSync(join(outDir, "data", "docs", `${id}.json`), JSON.stringify(doc));
  }
  writeFileSync(join(outDir, "data", "docs", "index.json"), JSON.stringify(documents));
  writeFileSync(join(outDir, "data", "extract-examples.json"), JSON.stringify(extractExamples()));
  writeFileSync(join(outDir, "data", "confusion-examples.json"), JSON.stringify(confusionExamples()));
  writeFileSync(join(outDir, "data", "fidelity.json"), JSON.stringify(fidelityData(availableSpecIds())));
  // The exercises, from their templates over the registry, each hint checked (scripts/site/exercises.mjs).
  const exercises = buildExercises(root, { peg: (id) => pegOf.get(id) ?? revisionData(id).peg });
  if (exercises.problems.length > 0) throw new Error(`the exercises (src/web/data/exercises.json): ${exercises.problems.join("; ")}`);
  writeFileSync(join(outDir, "data", "exercises.json"), JSON.stringify({ about: exercises.about, exercises: exercises.exercises }));

  // Each revision's tables in a chunk of their own, loaded when a page needs them (scripts/site/revision-chunks.mjs).
  const plugins = [revisionChunksPlugin(root, transform)];
  if (transform) {
    plugins.push({
      name: "transform-sources",
      setup(build) {
        build.onLoad({ filter: /[\\/]src[\\/]web[\\/].*\.ts$/ }, (args) => ({ contents: transform(args.path, readFileSync(args.path, "utf8")), loader: "ts" }));
      },
    });
  }
  const result = await esbuild.build({
    absWorkingDir: root,
    metafile: true,
    // The worker (src/web/worker/) runs the library off the pages' thread; it shares their chunks.
    entryPoints: [...PAGES.map((p) => ({ in: `src/web/pages/${p.entry}.ts`, out: p.entry })), { in: "src/web/worker/explorer-worker.ts", out: "worker" }, { in: "src/web/style/explorer.css", out: "explorer" }],
    outdir: join(outDir, "assets"),
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022"],
    minify,
    sourcemap: false,
    legalComments: "none",
    chunkNames: "chunk-[hash]",
    logLevel: quiet ? "error" : "warning",
    plugins,
  });
  for (const page of PAGES) writeFileSync(join(outDir, page.file), pageHtml(page));
  // The pages, for `uri-grammars serve --help` (which reads them from the site it would serve).
  writeFileSync(join(outDir, "assets", "pages.json"), JSON.stringify(PAGES.map(({ file, title, blurb }) => ({ file, title, blurb })), null, 1));
  // Which chunk holds which revision's tables (the browser test checks that a page fetches only the ones it shows).
  writeFileSync(join(outDir, "assets", "revision-chunks.json"), JSON.stringify(revisionChunkFiles(result.metafile, outDir), null, 1));

  const files = listFiles(outDir).map((f) => {
    const bytes = readFileSync(f);
    return { file: relative(outDir, f), bytes: bytes.length, gzip: gzipSync(bytes).length };
  });
  if (!quiet) {
    const total = files.reduce((a, f) => ({ bytes: a.bytes + f.bytes, gzip: a.gzip + f.gzip }), { bytes: 0, gzip: 0 });
    console.log(`site: ${files.length} files in ${relative(process.cwd(), outDir) || "."}/, ${kb(total.bytes)} (${kb(total.gzip)} gzip); open it with: npx uri-grammars serve`);
  }
  return files;
}

/** By revision id: the output files that hold its generated tables (from esbuild's metafile). */
function revisionChunkFiles(metafile, outDir) {
  const out = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      const m = /^generated\/([\w-]+)\.(scanner|ast)\.ts$/.exec(input);
      if (!m) continue;
      const name = relative(outDir, join(root, file)).replace(/\\/g, "/");
      (out[m[1]] ??= []).includes(name) || out[m[1]].push(name);
    }
  }
  return out;
}

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

function kb(n) {
  return `${(n / 1024).toFixed(0)} KB`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const out = args.includes("--out") ? args[args.indexOf("--out") + 1] : undefined;
  buildSite({ outDir: out ? join(process.cwd(), out) : undefined, typecheckSources: !args.includes("--no-typecheck"), minify: !args.includes("--no-minify") }).catch((e) => {
    console.error(`build-site: ${e.message}`);
    process.exit(1);
  });
}
