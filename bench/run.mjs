// npm run bench: one Node process, one corpus, every contestant side by side, several rounds.
// Prints a Markdown table (median ns per URL, spread, ratio to the Appendix B regex) and writes the
// same as JSON under bench/results/, with the machine and Node version. Then the scaling table
// (bench/scaling.mjs): parse, resolve and normalize on hostile inputs of 10 KB to 10 MB, each size in
// a fresh process, with time, RSS and peak RSS, and the 10 MB / 1 MB ratio (target <= 12).
// BENCH_SCALING=0 skips the scaling table. Last, extraction (bench/extract.mjs): extract() next to
// linkify-it on real text, and a 10 MB / 100 MB text streamed; BENCH_EXTRACT=0 skips it.
import { readFileSync, writeFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { runScaling, scalingTable } from "./scaling.mjs";
import { extractTable, runExtractBench } from "./extract.mjs";

const require = createRequire(import.meta.url);
const ROOT = new URL("..", import.meta.url);
const { parse, validate, availableSpecIds } = require("../dist/src/index.js");
const whatwg = require("whatwg-url");
const fastUri = require("fast-uri");
const uriJs = require("uri-js");
const UrlParse = require("url-parse");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

// ---- corpus: real-world URLs + every example of the documents ----
const realWorld = readFileSync(new URL("bench/corpus/real-world.txt", ROOT), "utf8").split("\n").filter((l) => l !== "");
const examples = [];
for (const f of readdirSync(new URL("test/data/", ROOT)).filter((f) => f.endsWith("-examples.tsv"))) {
  for (const line of readFileSync(new URL(`test/data/${f}`, ROOT), "utf8").split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const input = line.split("\t")[2];
    examples.push(input.startsWith('"') ? JSON.parse(input) : input);
  }
}
const corpus = [...realWorld, ...examples];

const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

const contestants = [
  { name: "Appendix B regex (split only)", validates: false, components: true, run: (u) => APPENDIX_B.exec(u) !== null },
  { name: "Node URL.canParse", validates: true, components: false, run: (u) => URL.canParse(u) },
  { name: "whatwg-url", validates: true, components: true, run: (u) => whatwg.parseURL(u) !== null },
  { name: "fast-uri", validates: true, components: true, run: (u) => fastUri.parse(u).error === undefined },
  { name: "uri-js", validates: true, components: true, run: (u) => uriJs.parse(u).error === undefined },
  { name: "url-parse", validates: false, components: true, run: (u) => new UrlParse(u) !== null },
];
for (const spec of availableSpecIds()) {
  contestants.push({ name: `ours ${spec} validate`, validates: true, components: false, run: (u) => validate(u, { spec }) });
  contestants.push({ name: `ours ${spec} AST`, validates: true, components: true, run: (u) => parse(u, { spec }).ok });
  contestants.push({ name: `ours ${spec} AST + tree`, validates: true, components: true, run: (u) => parse(u, { spec, tree: true }).ok });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeOne(c) {
  let accepted = 0;
  for (const u of corpus.slice(0, 2000)) if (c.run(u)) accepted++; // warm-up
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    accepted = 0;
    const t0 = performance.now();
    for (const u of corpus) if (c.run(u)) accepted++;
    rounds.push(((performance.now() - t0) * 1e6) / corpus.length);
  }
  return { median: median(rounds), min: Math.min(...rounds), max: Math.max(...rounds), accepted };
}

const results = contestants.map((c) => ({ ...c, ...timeOne(c) }));
const floor = results[0].median;
const lines = [
  `Corpus: ${corpus.length} URLs (${realWorld.length} real-world, bench/corpus/real-world.txt; ${examples.length} document examples). ${ROUNDS} rounds, median ns per URL.`,
  `Machine: ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}, Node ${process.version}, ${os.platform()} ${os.arch()}.`,
  "",
  "| contestant | ns/URL (median) | spread (min-max) | x regex | validates | builds components | accepted |",
  "|---|---:|---:|---:|:-:|:-:|---:|",
  ...results.map((r) => `| ${r.name} | ${r.median.toFixed(0)} | ${r.min.toFixed(0)}-${r.max.toFixed(0)} | ${(r.median / floor).toFixed(2)} | ${r.validates ? "yes" : "no"} | ${r.components ? "yes" : "no"} | ${r.accepted} |`),
];

// ---- scaling: hostile shapes at 10 KB .. 10 MB (bench/scaling.mjs: one child process per size) ----
let scaling = null;
if (process.env.BENCH_SCALING === "0") {
  lines.push("", "scaling skipped (BENCH_SCALING=0)");
} else {
  scaling = runScaling((l) => console.error(l));
  lines.push("", ...scalingTable(scaling));
}

// ---- extraction: extract() next to linkify-it on real text, and 10/100 MB streamed (bench/extract.mjs) ----
let extraction = null;
if (process.env.BENCH_EXTRACT === "0") {
  lines.push("", "extraction skipped (BENCH_EXTRACT=0)");
} else {
  extraction = runExtractBench((l) => console.error(l));
  lines.push("", ...extractTable(extraction.peer, extraction.streams));
}

const text = lines.join("\n");
console.log(text);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const json = {
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` },
  corpus: { total: corpus.length, realWorld: realWorld.length, examples: examples.length },
  rounds: ROUNDS,
  results: results.map(({ run, ...r }) => r),
  scaling,
  extraction,
};
writeFileSync(new URL(`bench/results/${stamp}.json`, ROOT), JSON.stringify(json, null, 2));
writeFileSync(new URL("bench/results/latest.md", ROOT), text + "\n");
