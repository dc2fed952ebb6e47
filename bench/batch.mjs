// npm run bench:batch: the streaming batch (`check -`, issue 8 item 4) over 10^6 lines.
// Generates the input (the real-world corpus test/data/corpora/real-world.txt cycled, with invalid and
// hostile variants mixed in: a space, a bad escape, CRLF, invalid UTF-8, NUL, and every 10,000th line
// a 1 MB line), runs `uri-grammars check --json --exit-zero --jobs N -` on it for each N, and reports
// lines per second and peak RSS, and checks that exactly one output line came back per input line.
// Environment: BATCH_LINES (default 1000000), BATCH_JOBS (default "1,4"), BATCH_SPEC (default draft-2003).
import { spawn } from "node:child_process";
import { createWriteStream, openSync, readFileSync, statSync, unlinkSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const ROOT = new URL("..", import.meta.url).pathname;
const N = Number(process.env.BATCH_LINES ?? 1_000_000);
const JOBS = (process.env.BATCH_JOBS ?? "1,4").split(",").map(Number);
const SPEC = process.env.BATCH_SPEC ?? "draft-2003";

const corpus = readFileSync(join(ROOT, "test/data/corpora/real-world.txt"), "utf8").split("\n").filter((l) => l !== "");
const file = join(os.tmpdir(), `uri-grammars-batch-${process.pid}.txt`);

async function generate() {
  const out = createWriteStream(file);
  let buf = [];
  const counts = { real: 0, space: 0, badEscape: 0, crlf: 0, utf8: 0, nul: 0, huge: 0 };
  for (let i = 0; i < N; i++) {
    const u = corpus[i % corpus.length];
    let line;
    if (i % 10_000 === 9_999) (line = Buffer.from("http://a/" + "b".repeat(1 << 20))), counts.huge++;
    else if (i % 10 === 1) (line = Buffer.from(u.slice(0, 5) + " " + u.slice(5))), counts.space++;
    else if (i % 10 === 3) (line = Buffer.from(u + "%zz")), counts.badEscape++;
    else if (i % 20 === 5) (line = Buffer.from(u + "\r")), counts.crlf++;
    else if (i % 50 === 7) (line = Buffer.concat([Buffer.from(u), Buffer.from([0xff, 0xfe])])), counts.utf8++;
    else if (i % 50 === 9) (line = Buffer.from(u + "\u0000")), counts.nul++;
    else (line = Buffer.from(u)), counts.real++;
    buf.push(line, Buffer.from("\n"));
    if (buf.length >= 2000) {
      if (!out.write(Buffer.concat(buf))) await new Promise((r) => out.once("drain", r));
      buf = [];
    }
  }
  out.write(Buffer.concat(buf));
  await new Promise((r) => out.end(r));
  return counts;
}

function runOnce(jobs) {
  return new Promise((resolve, reject) => {
    const args = ["-r", join(ROOT, "bench/batch-rss.cjs"), join(ROOT, "bin/uri-grammars"), "check", "--json", "--exit-zero", "--no-progress", "--spec", SPEC, "--jobs", String(jobs), "-"];
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { stdio: [openSync(file, "r"), "pipe", "pipe"] });
    let lines = 0;
    let valid = 0;
    let tail = "";
    child.stdout.on("data", (d) => {
      const s = tail + d.toString("latin1");
      const parts = s.split("\n");
      tail = parts.pop();
      lines += parts.length;
      for (const p of parts) if (p.includes('"valid":true')) valid++;
    });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = (performance.now() - t0) / 1000;
      const rss = Number(/BATCH_MAX_RSS_KIB=(\d+)/.exec(err)?.[1] ?? NaN);
      resolve({ jobs, code, lines, valid, seconds, linesPerSecond: Math.round(lines / seconds), peakRssMiB: Math.round(rss / 1024) });
    });
  });
}

const counts = await generate();
const bytes = statSync(file).size;
console.log(`input: ${N} lines, ${(bytes / 1e6).toFixed(1)} MB (${JSON.stringify(counts)}), spec ${SPEC}`);
console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}\n`);
console.log("| jobs | lines out | valid | seconds | lines/s | peak RSS (MiB) | exit |");
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
const results = [];
try {
  for (const jobs of JOBS) {
    const r = await runOnce(jobs);
    results.push(r);
    console.log(`| ${r.jobs} | ${r.lines} | ${r.valid} | ${r.seconds.toFixed(1)} | ${r.linesPerSecond} | ${r.peakRssMiB} | ${r.code} |`);
    if (r.lines !== N) console.log(`  ERROR: ${N} lines in, ${r.lines} lines out`);
  }
} finally {
  unlinkSync(file);
}
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
const record = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, spec: SPEC, lines: N, bytes, counts, results };
writeFileSync(join(ROOT, "bench/results/batch.json"), JSON.stringify(record, null, 2) + "\n");
if (results.some((r) => r.lines !== N)) process.exitCode = 1;
