// npm run bench: one Node process, one corpus, every contestant side by side, several rounds.
// Prints a Markdown table (median ns per URL, spread, ratio to the Appendix B regex) and writes the
// same as JSON under bench/results/, with the machine and Node version. Then the scaling table
// (bench/scaling.mjs): parse, resolve and normalize on hostile inputs of 10 KB to 10 MB, each size in
// a fresh process, with time, RSS and peak RSS, and the 10 MB / 1 MB ratio (target <= 12).
// BENCH_SCALING=0 skips the scaling table. Then extraction (bench/extract.mjs): extract() next to
// linkify-it on real text, and a 10 MB / 100 MB text streamed; BENCH_EXTRACT=0 skips it. Last, the
// exact languages (bench/languages.mjs): time and states of the full pairwise table of
// `diff --languages` and of `fidelity --prove`; BENCH_LANGUAGES=0 skips it. Last, the targets table,
// with `explain -` of one valid 10 MB line in a fresh process (answered, seconds, peak RSS).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { runScaling, scalingTable } from "./scaling.mjs";
import { extractTable, runExtractBench } from "./extract.mjs";
import { languagesTable, runLanguagesBench } from "./languages.mjs";

const require = createRequire(import.meta.url);
const ROOT = new URL("..", import.meta.url);
const { parse, validate, components, availableSpecIds } = require("../dist/src/index.js");
const whatwg = require("whatwg-url");
const fastUri = require("fast-uri");
const uriJs = require("uri-js");
const UrlParse = require("url-parse");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

// ---- corpora: two real-world sets of different URL lengths, plus every example of the documents ----
const examples = [];
for (const f of readdirSync(new URL("test/data/", ROOT)).filter((f) => f.endsWith("-examples.tsv"))) {
  for (const line of readFileSync(new URL(`test/data/${f}`, ROOT), "utf8").split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const input = line.split("\t")[2];
    examples.push(input.startsWith('"') ? JSON.parse(input) : input);
  }
}
const readCorpus = (file) => readFileSync(new URL(`test/data/corpora/${file}`, ROOT), "utf8").split("\n").filter((l) => l !== "");
const CORPORA = [
  { name: "docs", what: "test/data/corpora/real-world.txt: links in Debian and npm documentation (scripts/collect-corpus.sh)", urls: [...readCorpus("real-world.txt"), ...examples] },
  { name: "debian", what: "test/data/corpora/debian-packages.txt: Debian 12 Homepage fields and download URLs (scripts/collect-corpus-debian.sh)", urls: readCorpus("debian-packages.txt") },
];
const SPECS = availableSpecIds();
/** The URLs of a corpus made invalid: a space in the middle (every revision rejects a space). */
const broken = (urls) => urls.map((u) => u.slice(0, u.length >> 1) + " " + u.slice(u.length >> 1));

const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

const contestants = [
  { name: "Appendix B regex (split only)", key: "regex", validates: false, components: true, run: (u) => APPENDIX_B.exec(u) !== null },
  { name: "Node URL.canParse", validates: true, components: false, run: (u) => URL.canParse(u) },
  { name: "whatwg-url", validates: true, components: true, run: (u) => whatwg.parseURL(u) !== null },
  { name: "fast-uri", validates: true, components: true, run: (u) => fastUri.parse(u).error === undefined },
  { name: "uri-js", validates: true, components: true, run: (u) => uriJs.parse(u).error === undefined },
  { name: "url-parse", validates: false, components: true, run: (u) => new UrlParse(u) !== null },
  {
    name: "new URL (WHATWG, components)",
    validates: true,
    components: true,
    run: (u) => {
      try {
        return new URL(u).protocol !== "";
      } catch {
        return false;
      }
    },
  },
];
for (const spec of SPECS) {
  contestants.push({ name: `ours ${spec} validate`, key: `validate ${spec}`, validates: true, components: false, run: (u) => validate(u, { spec }) });
  // validate() of the revision's own entry (uri-grammars/<spec>): its acceptance DFA (src/validator.ts).
  const entryValidate = require(`../dist/entries/parts/${spec}.validate.js`).validate;
  contestants.push({ name: `ours ${spec} validate (uri-grammars/${spec})`, key: `entry validate ${spec}`, validates: true, components: false, run: (u) => entryValidate(u) });
  contestants.push({ name: `ours ${spec} AST`, key: `ast ${spec}`, validates: true, components: true, run: (u) => parse(u, { spec }).ok });
  contestants.push({ name: `ours ${spec} components`, key: `components ${spec}`, validates: true, components: true, run: (u) => components(u, { spec }).ok });
  contestants.push({ name: `ours ${spec} AST + tree`, validates: true, components: true, run: (u) => parse(u, { spec, tree: true }).ok });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * The process's CPU time (user + system) of a round, not the wall clock: on a machine shared with
 * other work (this one has 2 cores), time spent waiting for a core is not the contestant's. Every
 * contestant is measured the same way in the same process, so the ratios hold either way.
 */
function timeOne(run, urls) {
  let accepted = 0;
  for (const u of urls.slice(0, 2000)) if (run(u)) accepted++; // warm-up
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    accepted = 0;
    const t0 = process.cpuUsage();
    for (const u of urls) if (run(u)) accepted++;
    const d = process.cpuUsage(t0);
    rounds.push(((d.user + d.system) * 1e3) / urls.length);
  }
  return { median: median(rounds), min: Math.min(...rounds), max: Math.max(...rounds), accepted };
}

const lines = [`Machine: ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}, Node ${process.version}, ${os.platform()} ${os.arch()}; load average ${os.loadavg()[0].toFixed(1)} at the start. ${ROUNDS} rounds, median CPU ns per URL.`];
const perCorpus = [];
for (const corpus of CORPORA) {
  const results = contestants.map((c) => ({ ...c, ...timeOne(c.run, corpus.urls) }));
  // Rejected inputs with their full error (parse builds it), next to the regex on the same inputs.
  const bad = broken(corpus.urls);
  const rejected = { regex: timeOne(contestants[0].run, bad).median };
  for (const spec of SPECS) rejected[spec] = timeOne((u) => parse(u, { spec }).ok, bad).median;
  // The AST and the components of accepted inputs: what parse() and components() build (a rejected
  // input gets an error instead, timed above). Each revision's accepted URLs, repeated to the corpus'
  // size where it accepts fewer, with the regex timed on the same list.
  const accepted = {};
  for (const spec of SPECS) {
    const own = corpus.urls.filter((u) => validate(u, { spec }));
    const list = Array.from({ length: Math.max(own.length, Math.min(corpus.urls.length, 20000)) }, (_, i) => own[i % own.length]);
    accepted[spec] = {
      count: own.length,
      regex: timeOne(contestants[0].run, list).median,
      ast: timeOne((u) => parse(u, { spec }).ok, list).median,
      components: timeOne((u) => components(u, { spec }).ok, list).median,
    };
  }
  const floor = results[0].median;
  const lengths = corpus.urls.map((u) => u.length).sort((a, b) => a - b);
  lines.push(
    "",
    `### Corpus "${corpus.name}": ${corpus.urls.length} URLs, ${corpus.what}; length median ${lengths[lengths.length >> 1]}, 90th percentile ${lengths[Math.floor(lengths.length * 0.9)]}`,
    "",
    "| contestant | ns/URL (median) | spread (min-max) | x regex | validates | builds components | accepted |",
    "|---|---:|---:|---:|:-:|:-:|---:|",
    ...results.map((r) => `| ${r.name} | ${r.median.toFixed(0)} | ${r.min.toFixed(0)}-${r.max.toFixed(0)} | ${(r.median / floor).toFixed(2)} | ${r.validates ? "yes" : "no"} | ${r.components ? "yes" : "no"} | ${r.accepted} |`),
    "",
    `Rejected inputs (each URL with a space in the middle), parse() with its full error, ns/URL: regex ${rejected.regex.toFixed(0)}; ${SPECS.map((s) => `${s} ${rejected[s].toFixed(0)} (${(rejected[s] / rejected.regex).toFixed(1)}x)`).join("; ")}.`,
    "",
    "Accepted inputs only (each revision's, repeated to 20,000 where fewer), ns/URL and x the regex on the same list:",
    "",
    "| revision | accepted | regex | parse (AST) | x regex | components | x regex |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...SPECS.map((s) => { const a = accepted[s]; return `| ${s} | ${a.count} | ${a.regex.toFixed(0)} | ${a.ast.toFixed(0)} | ${(a.ast / a.regex).toFixed(2)} | ${a.components.toFixed(0)} | ${(a.components / a.regex).toFixed(2)} |`; }),
  );
  perCorpus.push({ name: corpus.name, count: corpus.urls.length, results, rejected, accepted });
}

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

// ---- exact languages: the pairwise table and the fidelity proof, each in a fresh process (bench/languages.mjs) ----
let languages = null;
if (process.env.BENCH_LANGUAGES === "0") {
  lines.push("", "languages skipped (BENCH_LANGUAGES=0)");
} else {
  languages = runLanguagesBench((l) => console.error(l));
  lines.push("", ...languagesTable(languages));
}

// ---- the targets (issue 16), met or not, from this run's numbers ----
const batch = process.env.BENCH_BATCH === "0" ? null : quickBatch();
const explained = explainBigLine();
lines.push("", ...targetTable(perCorpus, scaling, batch, explained));

const text = lines.join("\n");
console.log(text);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const json = {
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` },
  corpora: perCorpus.map((c) => ({ name: c.name, count: c.count, rejected: c.rejected, accepted: c.accepted, results: c.results.map(({ run, ...r }) => r) })),
  rounds: ROUNDS,
  batch,
  explained,
  scaling,
  extraction,
  languages,
};
// One current result of this bench (the history is git's).
writeFileSync(new URL("bench/results/run.json", ROOT), JSON.stringify(json, null, 2));
writeFileSync(new URL("bench/results/run.md", ROOT), text + "\n");

/** `check -` with --jobs 1 over a 10^5-line slice of the batch mix (bench/batch.mjs has the 10^6 run). */
function quickBatch() {
  const n = Number(process.env.BENCH_BATCH_LINES ?? 100_000);
  const urls = CORPORA[0].urls;
  const input = Array.from({ length: n }, (_, i) => {
    const u = urls[i % urls.length];
    return i % 10 === 1 ? u.slice(0, 5) + " " + u.slice(5) : i % 10 === 3 ? u + "%zz" : u;
  }).join("\n") + "\n";
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [new URL("bin/uri-grammars", ROOT).pathname, "check", "--json", "--exit-zero", "--no-progress", "--jobs", "1", "-"], { input, maxBuffer: 1 << 30 });
  const seconds = (performance.now() - t0) / 1000;
  const answered = out.toString("latin1").split("\n").length - 1;
  return { lines: n, answered, seconds, linesPerSecond: n / seconds };
}

/**
 * `explain --json -` on one valid 10 MB line (a path of 5 * 10^6 segments), in a fresh process: is
 * it answered (not line-out-of-memory), how long it takes, the peak RSS (GNU time, when installed).
 */
function explainBigLine() {
  const line = "http://a/" + "b/".repeat(5_000_000);
  const cli = [new URL("bin/uri-grammars", ROOT).pathname, "explain", "--json", "--exit-zero", "-"];
  const time = existsSync("/usr/bin/time");
  const t0 = performance.now();
  const r = spawnSync(time ? "/usr/bin/time" : process.execPath, time ? ["-f", "%M", process.execPath, ...cli] : cli, { input: line + "\n", maxBuffer: 1 << 30 });
  const seconds = (performance.now() - t0) / 1000;
  const answer = (() => {
    try {
      return JSON.parse(r.stdout.toString("utf8").split("\n")[0]);
    } catch {
      return null;
    }
  })();
  const peakMiB = time ? Number(r.stderr.toString().trim().split("\n").pop()) / 1024 : null;
  return { characters: line.length, answered: answer !== null && answer.valid === true, pruned: answer?.pruned === true, error: answer?.error?.code ?? null, seconds, peakMiB };
}

function targetTable(corpora, scalingRows, batchRun, explained) {
  const out = ["### Targets (issues 16 and 26), from this run", "", "| measure | target | " + corpora.map((c) => `${c.name}`).join(" | ") + " | met |", "|---|---|" + corpora.map(() => "---:|").join("") + ":-:|"];
  const ratio = (c, key) => {
    const r = c.results.find((x) => x.key === key);
    return r.median / c.results[0].median;
  };
  const row = (measure, target, values, ok) => out.push(`| ${measure} | ${target} | ${values.join(" | ")} | ${ok ? "yes" : "**no**"} |`);
  const worst = (f) => corpora.map((c) => Math.max(...SPECS.map((s) => f(c, s))));
  const validateWorst = worst((c, s) => ratio(c, `validate ${s}`));
  row("validation, every revision (worst)", "<= 1.5x regex", validateWorst.map((x) => `${x.toFixed(2)}x`), validateWorst.every((x) => x <= 1.5));
  for (const spec of SPECS) {
    const v = corpora.map((c) => ratio(c, `validate ${spec}`));
    row(`validation, ${spec}`, "<= 1.5x regex", v.map((x) => `${x.toFixed(2)}x`), v.every((x) => x <= 1.5));
  }
  // parse and components: on the inputs each revision accepts (a rejected input has no AST: its error is the row below).
  for (const spec of SPECS) {
    const v = corpora.map((c) => c.accepted[spec].ast / c.accepted[spec].regex);
    row(`parse (AST), ${spec}, accepted inputs`, "<= 3x regex", v.map((x) => `${x.toFixed(2)}x`), v.every((x) => x <= 3));
  }
  for (const spec of SPECS) {
    const v = corpora.map((c) => c.accepted[spec].components / c.accepted[spec].regex);
    row(`components, ${spec}, accepted inputs`, "<= 2.5x regex", v.map((x) => `${x.toFixed(2)}x`), v.every((x) => x <= 2.5));
  }
  const rejectedWorst = corpora.map((c) => Math.max(...SPECS.map((s) => c.rejected[s] / c.rejected.regex)));
  row("a rejected input with its full error (worst)", "<= 20x regex", rejectedWorst.map((x) => `${x.toFixed(1)}x`), rejectedWorst.every((x) => x <= 20));
  if (scalingRows) {
    const w = Math.max(...scalingRows.map((r) => r.ratio));
    out.push(`| scaling 10 MB / 1 MB, every shape (worst) | <= 11x | ${w.toFixed(1)}x (one table for both) |${corpora.length > 1 ? " |".repeat(corpora.length - 1) : ""} ${w <= 11 ? "yes" : "**no**"} |`);
  } else out.push("| scaling 10 MB / 1 MB | <= 11x | not run (BENCH_SCALING=0) |");
  const e = explained;
  out.push(`| \`explain -\` of one valid ${(e.characters / 1e6).toFixed(0)} MB line | answered | ${e.answered ? `answered${e.pruned ? " (derivation pruned to the components)" : ""}` : `not answered (${e.error})`}, ${e.seconds.toFixed(1)} s${e.peakMiB !== null ? `, peak RSS ${e.peakMiB.toFixed(0)} MiB` : ""} |${corpora.length > 1 ? " |".repeat(corpora.length - 1) : ""} ${e.answered ? "yes" : "**no**"} |`);
  if (batchRun) out.push(`| \`check -\`, --jobs 1, ${batchRun.lines} lines of the batch mix | >= 200,000 lines/s | ${Math.round(batchRun.linesPerSecond).toLocaleString("en")} lines/s (${batchRun.answered} answered) |${corpora.length > 1 ? " |".repeat(corpora.length - 1) : ""} ${batchRun.linesPerSecond >= 200000 ? "yes" : "**no**"} |`);
  out.push("", "Where the time of parse, components and validate goes, and the next lever for each target missed: bench/results/answers-profile.md.");
  return out;
}
