// The answers as an application sees them (issue 45, item 4): validate, parse and components of every
// revision, over both corpora (test/data/corpora/), each round's results kept in an array (as a
// program that parses a list keeps them) and dropped at once, next to the peers in the same process
// (the RFC 3986 Appendix B regex, Node's URL.canParse, new URL); then the heap that 10^5 kept results
// retain, against the size of the input strings themselves.
//
// Rounds are interleaved (round r of every contestant, then round r + 1; each round from another
// contestant): on a shared machine a slow minute then slows every contestant alike. Each round runs after a full collection (gc(), with
// --expose-gc), so a contestant pays for its own garbage and not for the previous one's. Time is the
// process's CPU time (user + system, every thread: the collector's helpers included). The A/A rows
// run the same contestant twice under two names: their ratio is the noise of the run.
//
//   node --expose-gc bench/answers.mjs          (npm run bench runs it; BENCH_ROUNDS, default 5)
// Writes bench/results/answers.md and .json (one current result; the history is git's).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";

const require = createRequire(import.meta.url);
const ROOT = new URL("..", import.meta.url);
const { parse, validate, components, availableSpecIds } = require("../dist/src/index.js");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const gc = globalThis.gc ?? (() => {});
const SPECS = availableSpecIds();
const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

const readCorpus = (file) => readFileSync(new URL(`test/data/corpora/${file}`, ROOT), "utf8").split("\n").filter((l) => l !== "");
const CORPORA = [
  { name: "docs", file: "real-world.txt" },
  { name: "debian", file: "debian-packages.txt" },
].map((c) => ({ ...c, urls: readCorpus(c.file) }));

/** A contestant: `run` answers one URL with what an application would keep (a boolean, a result object, a match). */
function contestants() {
  const out = [
    { key: "regex", name: "Appendix B regex (split only)", run: (u) => APPENDIX_B.exec(u) },
    { key: "regex A/A", name: "Appendix B regex, again (A/A)", run: (u) => APPENDIX_B.exec(u) },
    { key: "canParse", name: "Node URL.canParse", run: (u) => URL.canParse(u) },
    {
      key: "new URL",
      name: "new URL (WHATWG, ada)",
      run: (u) => {
        try {
          return new URL(u);
        } catch {
          return null;
        }
      },
    },
  ];
  for (const spec of SPECS) {
    const entryValidate = require(`../dist/entries/${spec}.js`).validate;
    out.push({ key: `validate ${spec}`, spec, run: (u) => validate(u, { spec }) });
    out.push({ key: `entry validate ${spec}`, spec, run: (u) => entryValidate(u) });
    out.push({ key: `parse ${spec}`, spec, run: (u) => parse(u, { spec }) });
    out.push({ key: `components ${spec}`, spec, run: (u) => components(u, { spec }) });
  }
  out.push({ key: "parse rfc3986 A/A", spec: "rfc3986", run: (u) => parse(u, { spec: "rfc3986" }) });
  return out;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** One round: CPU ns per URL; `keep` pushes every answer into an array that lives to the round's end. */
function round(run, urls, keep) {
  gc();
  const t0 = process.cpuUsage();
  if (keep) {
    const kept = [];
    for (let i = 0; i < urls.length; i++) kept.push(run(urls[i]));
    const d = process.cpuUsage(t0);
    if (kept.length !== urls.length) throw new Error("lost answers");
    return ((d.user + d.system) * 1e3) / urls.length;
  }
  let truthy = 0;
  for (let i = 0; i < urls.length; i++) if (run(urls[i])) truthy++;
  const d = process.cpuUsage(t0);
  if (truthy < 0) throw new Error("unreachable");
  return ((d.user + d.system) * 1e3) / urls.length;
}

function timeCorpus(corpus, all) {
  const rows = all.map((c) => ({ ...c, kept: [], dropped: [] }));
  for (const r of rows) for (const u of corpus.urls.slice(0, 2000)) r.run(u); // warm-up
  for (let k = 0; k < ROUNDS; k++) {
    // Each round starts at another contestant: none always runs first, or after the same one.
    const from = Math.floor((k * rows.length) / ROUNDS);
    for (const r of [...rows.slice(from), ...rows.slice(0, from)]) {
      r.kept.push(round(r.run, corpus.urls, true));
      r.dropped.push(round(r.run, corpus.urls, false));
    }
  }
  const out = {};
  // The regex, the denominator of every ratio: the median of both its rows' rounds (its A/A pair), the
  // steadier for it (kept, its match arrays make it the contestant the collector's timing moves most).
  const pooled = rows.filter((r) => r.key === "regex" || r.key === "regex A/A");
  out.floor = { kept: median(pooled.flatMap((r) => r.kept)), dropped: median(pooled.flatMap((r) => r.dropped)) };
  for (const r of rows) out[r.key] = { kept: median(r.kept), dropped: median(r.dropped), keptSpread: [Math.min(...r.kept), Math.max(...r.kept)], droppedSpread: [Math.min(...r.dropped), Math.max(...r.dropped)] };
  return out;
}

/**
 * The heap that `count` kept answers retain (after full collections), per answer, and the heap of
 * their input strings: `count` distinct strings (copies of the corpus' URLs, flattened), measured
 * the same way.
 */
function retained(urls, run, count) {
  gc();
  gc();
  const h0 = process.memoryUsage().heapUsed;
  const inputs = new Array(count);
  for (let i = 0; i < count; i++) inputs[i] = flat(urls[i % urls.length]);
  gc();
  gc();
  const h1 = process.memoryUsage().heapUsed;
  const kept = new Array(count);
  for (let i = 0; i < count; i++) kept[i] = run(inputs[i]);
  gc();
  gc();
  const h2 = process.memoryUsage().heapUsed;
  if (kept.length !== inputs.length) throw new Error("lost answers");
  return { inputs: h1 - h0, results: h2 - h1 };
}

/** A distinct sequential copy of a string (not a slice or a cons of the corpus' string). */
function flat(s) {
  const codes = new Array(s.length);
  for (let i = 0; i < s.length; i++) codes[i] = s.charCodeAt(i);
  return String.fromCharCode(...codes);
}

const all = contestants();
const load0 = os.loadavg();
const started = Date.now();
const perCorpus = CORPORA.map((corpus) => ({ corpus, t: timeCorpus(corpus, all) }));

// The heap: 10^5 kept answers, over each corpus as it is and over the URLs rfc3986 accepts (the AST).
const HEAP_COUNT = 100_000;
const heap = [];
for (const corpus of CORPORA) {
  const accepted = corpus.urls.filter((u) => validate(u, { spec: "rfc3986" }));
  for (const [what, urls] of [["every URL", corpus.urls], ["rfc3986-valid URLs", accepted]]) {
    for (const [name, run] of [
      ["parse rfc3986", (u) => parse(u, { spec: "rfc3986" })],
      ["components rfc3986", (u) => components(u, { spec: "rfc3986" })],
      ["Appendix B regex (match array)", (u) => APPENDIX_B.exec(u)],
      ["new URL", (u) => { try { return new URL(u); } catch { return null; } }],
    ]) {
      const m = retained(urls, run, HEAP_COUNT);
      heap.push({ corpus: corpus.name, what, name, inputs: m.inputs, results: m.results });
    }
  }
}
const load1 = os.loadavg();

const f2 = (x) => x.toFixed(2);
const lines = [
  "# The answers as an application sees them (bench/answers.mjs)",
  "",
  `Machine: ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}, Node ${process.version}, ${os.platform()} ${os.arch()}. ${ROUNDS} interleaved rounds, median CPU ns per URL (user + system, every thread), a full collection before each round. Load average (1 min) ${load0[0].toFixed(1)} at the start, ${load1[0].toFixed(1)} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  "",
  "**kept**: each round's answers pushed into one array that lives to the round's end (a program that parses a list); **dropped**: each answer dropped at once. Ratios are to the Appendix B regex in the same mode (its match arrays kept, or dropped). The whole corpus, valid and invalid URLs alike.",
];
for (const { corpus, t } of perCorpus) {
  const lengths = corpus.urls.map((u) => u.length).sort((a, b) => a - b);
  const rk = t.floor.kept;
  const rd = t.floor.dropped;
  const cell = (k) => (t[k] ? `${f2(t[k].kept / rk)} / ${f2(t[k].dropped / rd)}` : "-");
  lines.push(
    "",
    `## Corpus "${corpus.name}": test/data/corpora/${corpus.file}, ${corpus.urls.length} URLs, length median ${lengths[lengths.length >> 1]}`,
    "",
    `Appendix B regex (the median of its two rows' rounds): ${rk.toFixed(0)} ns kept, ${rd.toFixed(0)} ns dropped. A/A noise: the regex's second row over its first ${f2(t["regex A/A"].kept / t.regex.kept)} / ${f2(t["regex A/A"].dropped / t.regex.dropped)}, rfc3986 parse again ${f2(t["parse rfc3986 A/A"].kept / t["parse rfc3986"].kept)} / ${f2(t["parse rfc3986 A/A"].dropped / t["parse rfc3986"].dropped)} (kept / dropped; 1.00 is no noise).`,
    `Peers, x regex kept / dropped: URL.canParse ${cell("canParse")}; new URL ${cell("new URL")}.`,
    "",
    "| revision | validate | validate, uri-grammars/<spec> | parse | components |",
    "|---|---:|---:|---:|---:|",
    ...SPECS.map((s) => `| ${s} | ${cell(`validate ${s}`)} | ${cell(`entry validate ${s}`)} | ${cell(`parse ${s}`)} | ${cell(`components ${s}`)} |`),
    "",
    "(x the regex, kept / dropped.)",
  );
}
lines.push(
  "",
  `## Heap retained by ${HEAP_COUNT.toLocaleString("en")} kept answers`,
  "",
  `Distinct input strings (copies of the corpus' URLs, cycled), their answers kept in an array; heapUsed after two full collections. "x inputs" is the answers' heap over the input strings' heap (target for rfc3986 parse: <= 3).`,
  "",
  "| corpus | inputs | answer | inputs' heap (MB) | answers' heap (MB) | bytes per answer | x inputs |",
  "|---|---|---|---:|---:|---:|---:|",
  ...heap.map((h) => `| ${h.corpus} | ${h.what} | ${h.name} | ${(h.inputs / 1e6).toFixed(1)} | ${(h.results / 1e6).toFixed(1)} | ${(h.results / HEAP_COUNT).toFixed(0)} | ${f2(h.results / h.inputs)} |`),
);
const text = lines.join("\n") + "\n";
console.log(text);
const json = {
  date: new Date().toISOString(),
  machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, load: { start: load0, end: load1 } },
  rounds: ROUNDS,
  corpora: perCorpus.map(({ corpus, t }) => ({ name: corpus.name, count: corpus.urls.length, nsPerUrl: t })),
  heap,
};
if (process.env.BENCH_ANSWERS_OUT !== "0") {
  writeFileSync(new URL("bench/results/answers.md", ROOT), text);
  writeFileSync(new URL("bench/results/answers.json", ROOT), JSON.stringify(json, null, 2) + "\n");
}
