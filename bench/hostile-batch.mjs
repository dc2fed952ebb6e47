// npm run bench:hostile: batch mode against hostile lines (issue 17 items 3 and 5). Two runs:
// - "one": one hostile line of HOSTILE_ONE_MB MiB (default 64: the default --max-line-bytes) through
//   `check --json -`: time, peak memory, and the answer it gets; "one-valid": the same line without
//   its last byte, valid (can a valid line of that size still be answered within the default limits?);
// - "mix": HOSTILE_LINES lines (default 10^6) of real-world URLs, of which HOSTILE_COUNT (default 100)
//   or a fraction HOSTILE_FRACTION are hostile lines of HOSTILE_MIN_MB to HOSTILE_MAX_MB MiB (default
//   1 to 16), through `check --json --exit-zero --jobs HOSTILE_JOBS -` (default 4): time, peak memory,
//   the answers by error code, and that exactly one answer came back per line, in order.
// The "10^6 lines with 1% hostile lines of 1 to 16 MB" is about 85 GB of input: set
// HOSTILE_FRACTION=0.01 to run it where there is the disk and the time. Run with `nice`.
// A hostile line is a long path with a space at the end: valid up to its last byte, so a parser
// rejects it only at the end, and today's diagnosis of the rejection costs about 350 bytes of
// memory per character. Memory: the peak resident set of the batch process (VmHWM) and the peak of
// the whole tree (the batch process plus its child processes, sampled every 0.2 s).
// Environment: HOSTILE_RUNS ("one,mix"), HOSTILE_SEED (default 17), plus the sizes above.
import { children, kib, status } from "./proc-memory.mjs";
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, openSync, readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const ROOT = new URL("..", import.meta.url).pathname;
const env = (k, d) => (process.env[k] === undefined || process.env[k] === "" ? d : process.env[k]);
const RUNS = env("HOSTILE_RUNS", "one,one-valid,mix").split(",");
const ONE_MB = Number(env("HOSTILE_ONE_MB", 64));
const LINES = Number(env("HOSTILE_LINES", 1_000_000));
const FRACTION = process.env.HOSTILE_FRACTION ? Number(process.env.HOSTILE_FRACTION) : null;
const COUNT = FRACTION === null ? Number(env("HOSTILE_COUNT", 100)) : Math.round(LINES * FRACTION);
const MIN_MB = Number(env("HOSTILE_MIN_MB", 1));
const MAX_MB = Number(env("HOSTILE_MAX_MB", 16));
const JOBS = Number(env("HOSTILE_JOBS", 4));
const MiB = 1 << 20;

let seed = Number(env("HOSTILE_SEED", 17)) >>> 0;
const random = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A hostile line of about `bytes` bytes: a path of "b/" segments, rejected only at its last byte. */
const hostile = (bytes) => Buffer.from("http://a/" + "b/".repeat(Math.max(1, Math.floor((bytes - 10) / 2))) + " ");

const corpus = readFileSync(join(ROOT, "test/data/corpora/real-world.txt"), "utf8").split("\n").filter((l) => l !== "");

async function writeInput(file, lines, hostileAt) {
  const out = createWriteStream(file);
  let buf = [];
  let bytes = 0;
  const flush = async () => {
    if (!out.write(Buffer.concat(buf))) await new Promise((r) => out.once("drain", r));
    buf = [];
    bytes = 0;
  };
  for (let i = 0; i < lines; i++) {
    const size = hostileAt.get(i);
    const line = size !== undefined ? hostile(size) : Buffer.from(corpus[i % corpus.length]);
    buf.push(line, Buffer.from("\n"));
    bytes += line.length;
    if (buf.length >= 2000 || bytes > 4 * MiB) await flush();
  }
  await flush();
  await new Promise((r) => out.end(r));
}


/** Runs the batch on `file`; `expect(i)` is the JSON prefix line i's answer must start with (or null: not checked). */
function run(file, args, expect = () => null) {
  return new Promise((resolve, reject) => {
    let misplaced = 0;
    const t0 = performance.now();
    const child = spawn(process.execPath, [join(ROOT, "bin/uri-grammars"), ...args], { stdio: [openSync(file, "r"), "pipe", "pipe"] });
    let lines = 0;
    const codes = {};
    const firstAnswers = [];
    // Lines are cut from the chunks as bytes: an answer may echo a 64 MiB input.
    let pending = [];
    const handle = (line) => {
      const prefix = expect(lines);
      if (prefix !== null && line.toString("utf8", 0, Buffer.byteLength(prefix)) !== prefix) misplaced++;
      lines++;
      const end = line.toString("latin1", Math.max(0, line.length - 4000));
      const code = /"code":"([^"]+)"/.exec(end)?.[1] ?? (/"valid":true/.test(end.slice(-200)) ? "valid" : "invalid");
      codes[code] = (codes[code] ?? 0) + 1;
      if (code !== "valid" && code !== "invalid" && code !== "syntax" && firstAnswers.length < 3) firstAnswers.push(line.length > 600 ? line.toString("utf8", 0, 200) + " ... " + end.slice(-400) : line.toString("utf8"));
    };
    child.stdout.on("data", (d) => {
      let from = 0;
      for (let nl = d.indexOf(10, from); nl !== -1; nl = d.indexOf(10, from)) {
        handle(pending.length === 0 ? d.subarray(from, nl) : Buffer.concat([...pending, d.subarray(from, nl)]));
        pending = [];
        from = nl + 1;
      }
      if (from < d.length) pending.push(d.subarray(from));
    });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    let peakMain = 0;
    let peakTree = 0;
    const sampler = setInterval(() => {
      const main = status(child.pid);
      peakMain = Math.max(peakMain, kib(main, "VmHWM"));
      peakTree = Math.max(peakTree, kib(main, "VmRSS") + children(child.pid).reduce((n, c) => n + kib(status(c), "VmRSS"), 0));
    }, 200);
    child.on("error", reject);
    child.on("close", (code) => {
      clearInterval(sampler);
      resolve({ code, lines, misplaced, codes, seconds: (performance.now() - t0) / 1000, peakMainMiB: Math.round(peakMain / 1024), peakTreeMiB: Math.round(peakTree / 1024), stderr: err.trim().slice(0, 500), firstAnswers });
    });
  });
}

console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
const results = {};
const file = join(os.tmpdir(), `uri-grammars-hostile-${process.pid}.txt`);
try {
  for (const run1 of ["one", "one-valid"].filter((r) => RUNS.includes(r))) {
    const line = hostile(ONE_MB * MiB);
    writeFileSync(file, Buffer.concat([run1 === "one" ? line : line.subarray(0, line.length - 1), Buffer.from("\n")]));
    const r = await run(file, ["check", "--json", "--exit-zero", "--no-progress", "-"]);
    results[run1] = { lineMiB: ONE_MB, valid: run1 !== "one", ...r };
    console.log(`one ${run1 === "one" ? "hostile (invalid)" : "valid"} line of ${ONE_MB} MiB through check --json -: exit ${r.code}, ${r.lines} answer(s) ${JSON.stringify(r.codes)}, ${r.seconds.toFixed(1)} s, peak RSS ${r.peakMainMiB} MiB (batch process), ${r.peakTreeMiB} MiB (with its children)`);
    for (const a of r.firstAnswers) console.log(`  answer: ${a}`);
    if (r.stderr) console.log(`  standard error: ${r.stderr}`);
  }
  if (RUNS.includes("mix")) {
    const hostileAt = new Map();
    while (hostileAt.size < Math.min(COUNT, LINES)) hostileAt.set(Math.floor(random() * LINES), Math.round((MIN_MB + random() * (MAX_MB - MIN_MB)) * MiB));
    await writeInput(file, LINES, hostileAt);
    const bytes = statSync(file).size;
    const hostileBytes = [...hostileAt.values()].reduce((a, b) => a + b, 0);
    const expect = (i) => (hostileAt.has(i) ? null : `{"input":${JSON.stringify(corpus[i % corpus.length])},`);
    const r = await run(file, ["check", "--json", "--exit-zero", "--no-progress", "--jobs", String(JOBS), "-"], expect);
    results.mix = { lines: LINES, hostile: hostileAt.size, minMiB: MIN_MB, maxMiB: MAX_MB, jobs: JOBS, bytes, hostileBytes, ...r };
    console.log(`\n${LINES} lines (${(bytes / 1e9).toFixed(2)} GB), ${hostileAt.size} hostile lines of ${MIN_MB} to ${MAX_MB} MiB (${(hostileBytes / 1e9).toFixed(2)} GB), check --json --jobs ${JOBS} -:`);
    console.log(`  exit ${r.code}, ${r.lines} answers for ${LINES} lines ${r.lines === LINES ? "(one per line)" : "(MISMATCH)"}, ${r.misplaced} out of order, ${r.seconds.toFixed(1)} s, peak RSS ${r.peakMainMiB} MiB (batch process), ${r.peakTreeMiB} MiB (with its children)`);
    console.log(`  answers by code: ${JSON.stringify(r.codes)}`);
    for (const a of r.firstAnswers) console.log(`  answer: ${a}`);
    if (r.stderr) console.log(`  standard error: ${r.stderr}`);
  }
} finally {
  try {
    unlinkSync(file);
  } catch {
    /* nothing written */
  }
}
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(join(ROOT, "bench/results/hostile-batch.json"), JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), results }, null, 2) + "\n");
if (results.mix && (results.mix.lines !== LINES || results.mix.misplaced > 0)) process.exitCode = 1;
