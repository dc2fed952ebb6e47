// The answers as an application sees them (issue 45, item 4): validate, parse and components of every
// revision, over both corpora (test/data/corpora/), in three modes (below), next to the peers in the same process
// (the RFC 3986 Appendix B regex, Node's URL.canParse, new URL); then the heap that 10^5 kept results
// retain, against the size of the input strings themselves.
//
// How a ratio is made. On this machine one process's timing of the same loop swings by up to 40%
// from one 10 ms pass to the next (the regex alone: 125 to 280 ns per URL), so a ratio of two
// medians taken minutes apart moved by 2x between runs. Here every sample of a contestant is paired
// with a sample of the regex taken just before it, in the same mode, and the ratio is the median of
// those pairs' ratios over the rounds: a slow minute slows both sides of a pair. The modes:
//   kept once: one pass over the corpus after a full collection, every answer pushed into one array
//     that lives to the pass's end (the issue's own method: a program that parses a list; the
//     collection the kept answers will cost is not in the time);
//   kept: whole passes until BENCH_SAMPLE_MS of CPU time has run, each pass a fresh array (the
//     previous pass's answers are garbage, as an application's last batch is, and the collector's
//     work on them is in the time: the regex's 328-byte match arrays make it pay most);
//   dropped: whole passes likewise, each answer dropped at once (the CPU floor).
// Rounds are interleaved (round r of every contestant, then round r + 1, each from another
// contestant), and each sample starts after a full collection (gc(), with --expose-gc), so a
// contestant pays for its own garbage and not for the previous one's. Time is the process's CPU
// time (user + system, every thread: the collector's helpers included). The A/A rows run the same
// contestant twice under two names: their ratio is the noise of the run.
//
//   node --expose-gc bench/answers.mjs [--no-write]   (npm run bench runs it)
//   BENCH_ROUNDS (default 7), BENCH_SAMPLE_MS (default 40)
// Writes bench/results/answers.md and .json (one current result; the history is git's) unless
// --no-write (or BENCH_ANSWERS_OUT=0).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";

const require = createRequire(import.meta.url);
const ROOT = new URL("..", import.meta.url);
const { parse, validate, components, availableSpecIds } = require("../dist/src/index.js");

const USAGE = `Usage: node --expose-gc bench/answers.mjs [--no-write]

Times validate, parse and components of every revision over both corpora against the RFC 3986
Appendix B regex (paired samples, median of the rounds' ratios), with results kept (one pass, and
passes for the sample's time) and dropped, and
the heap that 10^5 kept answers retain. Writes bench/results/answers.md and .json unless --no-write.
Environment: BENCH_ROUNDS (default 7), BENCH_SAMPLE_MS (CPU ms per sample, default 40).`;
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = args.filter((a) => a !== "--no-write");
if (unknown.length > 0) {
  console.error(`answers.mjs: unknown argument ${JSON.stringify(unknown[0])}\n\n${USAGE}`);
  process.exit(2);
}
const WRITE = !args.includes("--no-write") && process.env.BENCH_ANSWERS_OUT !== "0";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SAMPLE_US = Number(process.env.BENCH_SAMPLE_MS ?? 40) * 1000;
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

/** The modes, in the order of a table's cells: the name, whether answers are kept, whether one pass only. */
const MODES = [
  { name: "keptOnce", label: "kept once", keep: true, once: true },
  { name: "kept", label: "kept", keep: true, once: false },
  { name: "dropped", label: "dropped", keep: false, once: false },
];

/**
 * One sample: CPU ns per URL over whole passes of the corpus until SAMPLE_US of CPU time has run
 * (or one pass, `once`). `keep` pushes every answer of a pass into an array that lives to the pass's end.
 */
function sample(run, urls, keep, once) {
  gc();
  const t0 = process.cpuUsage();
  let passes = 0;
  let used = 0;
  do {
    if (keep) {
      const kept = [];
      for (let i = 0; i < urls.length; i++) kept.push(run(urls[i]));
      if (kept.length !== urls.length) throw new Error("lost answers");
    } else {
      let truthy = 0;
      for (let i = 0; i < urls.length; i++) if (run(urls[i])) truthy++;
      if (truthy < 0) throw new Error("unreachable");
    }
    passes++;
    const d = process.cpuUsage(t0);
    used = d.user + d.system;
  } while (!once && used < SAMPLE_US);
  return (used * 1e3) / (urls.length * passes);
}

function timeCorpus(corpus, all) {
  const regex = all.find((c) => c.key === "regex");
  const rows = all.map((c) => ({ ...c, times: Object.fromEntries(MODES.map((m) => [m.name, []])), ratios: Object.fromEntries(MODES.map((m) => [m.name, []])) }));
  for (const r of rows) for (const u of corpus.urls.slice(0, 2000)) r.run(u); // warm-up
  for (let k = 0; k < ROUNDS; k++) {
    // Each round starts at another contestant: none always runs first, or after the same one.
    const from = Math.floor((k * rows.length) / ROUNDS);
    for (const r of [...rows.slice(from), ...rows.slice(0, from)]) {
      for (const m of MODES) {
        const floor = sample(regex.run, corpus.urls, m.keep, m.once); // the pair's regex side, just before
        const t = sample(r.run, corpus.urls, m.keep, m.once);
        r.times[m.name].push(t);
        r.ratios[m.name].push(t / floor);
      }
    }
  }
  const out = {};
  for (const r of rows) {
    out[r.key] = {};
    for (const m of MODES) out[r.key][m.name] = { ns: median(r.times[m.name]), ratio: median(r.ratios[m.name]), ratioSpread: [Math.min(...r.ratios[m.name]), Math.max(...r.ratios[m.name])] };
  }
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
  `Machine: ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}, Node ${process.version}, ${os.platform()} ${os.arch()}. ${ROUNDS} interleaved rounds; in each, every contestant's sample (whole passes over the corpus, at least ${SAMPLE_US / 1000} ms of CPU time: user + system, every thread; a full collection before it) is paired with a sample of the Appendix B regex taken just before it, and a ratio is the median of the rounds' pair ratios. Load average (1 min) ${load0[0].toFixed(1)} at the start, ${load1[0].toFixed(1)} at the end; ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  "",
  "Each cell is three ratios, **kept once / kept / dropped**. *kept once*: one pass over the corpus after a full collection, its answers pushed into one array that lives to the pass's end (the issue's method; the collection the kept answers will cost is not in the time). *kept*: passes for the sample's time, each a fresh array, the last pass's answers garbage (the collector's work on them is in the time, and the regex's 328-byte match arrays make it pay most). *dropped*: each answer dropped at once (the CPU floor). Ratios are to the Appendix B regex in the same mode. The whole corpus, valid and invalid URLs alike.",
];
for (const { corpus, t } of perCorpus) {
  const lengths = corpus.urls.map((u) => u.length).sort((a, b) => a - b);
  const cell = (k) => (t[k] ? MODES.map((m) => f2(t[k][m.name].ratio)).join(" / ") : "-");
  const aa = (k) => `${cell(k)} (pairs ${MODES.map((m) => `${f2(t[k][m.name].ratioSpread[0])}-${f2(t[k][m.name].ratioSpread[1])}`).join(" / ")})`;
  lines.push(
    "",
    `## Corpus "${corpus.name}": test/data/corpora/${corpus.file}, ${corpus.urls.length} URLs, length median ${lengths[lengths.length >> 1]}`,
    "",
    `Appendix B regex (median of its own row's samples): ${MODES.map((m) => `${t.regex[m.name].ns.toFixed(0)} ns ${m.label}`).join(", ")}. A/A noise (1.00 is none): the regex against itself ${aa("regex A/A")}; rfc3986 parse under a second name ${cell("parse rfc3986 A/A")} against ${cell("parse rfc3986")}.`,
    `Peers, x regex: URL.canParse ${cell("canParse")}; new URL ${cell("new URL")}.`,
    "",
    "| revision | validate | validate, uri-grammars/<spec> | parse | components |",
    "|---|---:|---:|---:|---:|",
    ...SPECS.map((s) => `| ${s} | ${cell(`validate ${s}`)} | ${cell(`entry validate ${s}`)} | ${cell(`parse ${s}`)} | ${cell(`components ${s}`)} |`),
    "",
    "(x the regex: kept once / kept / dropped.)",
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
if (WRITE) {
  writeFileSync(new URL("bench/results/answers.md", ROOT), text);
  writeFileSync(new URL("bench/results/answers.json", ROOT), JSON.stringify(json, null, 2) + "\n");
}
