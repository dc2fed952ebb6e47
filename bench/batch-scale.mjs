// npm run bench:batch-scale: the batch at scale (issue 25 item 1). Streams SCALE_LINES (default 10^8)
// short lines, generated on the fly (never stored), through `check --json --exit-zero --no-progress -`
// (the README's Hadoop mapper command) and `compare --json --exit-zero --no-progress -`, and samples
// the measured process's memory (bench/batch-heap.cjs, preloaded: the main thread's V8 heap, which
// holds the reader, the buffers and the writer; and the whole process's RSS, worker threads
// included). Reports, at 10^6, 10^7 and 10^8 answered lines, the heap then and the peaks so far,
// and lines/s; checks that exactly one answer came back per line, and that sampled answers answer
// their own line.
//
// Environment: SCALE_LINES (default 100000000), SCALE_COMMANDS (default "check,compare"), SCALE_JOBS
// (default 1, as the README's mapper). Run it with `nice`. Writes bench/results/batch-scale.json and
// bench/results/batch-scale.md.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const N = Number(process.env.SCALE_LINES ?? 1e8);
const COMMANDS = (process.env.SCALE_COMMANDS ?? "check,compare").split(",");
const JOBS = Number(process.env.SCALE_JOBS ?? 1);
const MIB = 2 ** 20;
/** Every VERIFY_EVERY-th answer is parsed and its input compared with the line sent. */
const VERIFY_EVERY = 999_983;

/** Short lines of the shapes a crawl holds, valid and not, each made unique by its index. */
const SHAPES = [
  (i) => `http://example.com/a/${i}`,
  (i) => `http://a b/${i}`,
  (i) => `https://[::1]:${i % 65536}/p?q=${i}#f`,
  (i) => `ftp://u:p@h${i}.example/x;type=i`,
  (i) => `mailto:user${i}@example.org`,
  (i) => `http://a/%zz${i}`,
  (i) => `urn:isbn:${i}`,
  (i) => `//host/${i}?x`,
  (i) => `../b/${i}`,
  (i) => `http://a/~b${i}`,
];
export const lineOf = (i) => SHAPES[i % SHAPES.length](i);

function checkpointsUpTo(n) {
  const out = [];
  for (let c = 1e6; c <= n; c *= 10) out.push(c);
  if (out.at(-1) !== n) out.push(n);
  return out;
}

function runCommand(command) {
  return new Promise((resolve, reject) => {
    const args = ["-r", join(ROOT, "bench/batch-heap.cjs"), join(ROOT, "bin/uri-grammars"), command, "--json", "--exit-zero", "--no-progress", "--jobs", String(JOBS), "-"];
    const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe", "pipe"] });
    const t0 = performance.now();
    const mem = { heapUsed: 0, heapTotal: 0, rss: 0, maxRssKib: 0, peakHeapUsed: 0, peakHeapTotal: 0, peakRss: 0 };
    let memTail = "";
    child.stdio[3].on("data", (d) => {
      const parts = (memTail + d.toString("latin1")).split("\n");
      memTail = parts.pop();
      for (const p of parts) {
        const [heapUsed, heapTotal, rss, maxRssKib] = p.split(" ").map(Number);
        Object.assign(mem, { heapUsed, heapTotal, rss, maxRssKib });
        mem.peakHeapUsed = Math.max(mem.peakHeapUsed, heapUsed);
        mem.peakHeapTotal = Math.max(mem.peakHeapTotal, heapTotal);
        mem.peakRss = Math.max(mem.peakRss, rss);
      }
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d.toString("utf8")).slice(-4000)));

    // Input: generated as the child reads it (back-pressure), never stored.
    let sent = 0;
    const write = () => {
      while (sent < N) {
        let chunk = "";
        const end = Math.min(N, sent + 2000);
        for (; sent < end; sent++) chunk += lineOf(sent) + "\n";
        if (!child.stdin.write(chunk)) return void child.stdin.once("drain", write);
      }
      child.stdin.end();
    };
    child.stdin.on("error", () => undefined); // a dead child: its exit says why
    write();

    // Output: lines counted, every VERIFY_EVERY-th parsed; samples at the checkpoints.
    const checkpoints = checkpointsUpTo(N);
    const samples = [];
    const mismatches = [];
    let answered = 0;
    let nextVerify = 0;
    let verifyPart = null; // the line being verified, when it straddles chunks
    let verified = 0;
    const verify = (text, index) => {
      verified++;
      let input;
      try {
        input = JSON.parse(text).input;
      } catch {
        input = undefined;
      }
      if (input !== lineOf(index)) mismatches.push({ line: index, got: String(input).slice(0, 80), want: lineOf(index) });
    };
    child.stdout.on("data", (buf) => {
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(10, start);
        if (answered === nextVerify) {
          const piece = buf.toString("utf8", start, nl < 0 ? buf.length : nl);
          verifyPart = verifyPart === null ? piece : verifyPart + piece;
        }
        if (nl < 0) break;
        if (answered === nextVerify) {
          verify(verifyPart, answered);
          verifyPart = null;
          nextVerify += VERIFY_EVERY;
        }
        answered++;
        start = nl + 1;
        if (answered === checkpoints[samples.length]) {
          const seconds = (performance.now() - t0) / 1000;
          samples.push({
            lines: answered,
            seconds: Math.round(seconds * 10) / 10,
            linesPerSecond: Math.round(answered / seconds),
            heapUsedMiB: Math.round(mem.heapUsed / MIB),
            peakHeapUsedMiB: Math.round(mem.peakHeapUsed / MIB),
            peakHeapTotalMiB: Math.round(mem.peakHeapTotal / MIB),
            rssMiB: Math.round(mem.rss / MIB),
            peakRssMiB: Math.round(mem.maxRssKib / 1024),
          });
          console.error(`${command}: ${JSON.stringify(samples.at(-1))}`);
        }
      }
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - t0) / 1000;
      resolve({
        command,
        jobs: JOBS,
        code,
        signal,
        lines: N,
        answered,
        verified,
        mismatches: mismatches.slice(0, 5),
        seconds: Math.round(seconds),
        linesPerSecond: Math.round(answered / seconds),
        peakHeapUsedMiB: Math.round(mem.peakHeapUsed / MIB),
        peakHeapTotalMiB: Math.round(mem.peakHeapTotal / MIB),
        peakRssMiB: Math.round(mem.maxRssKib / 1024),
        samples,
        stderr: stderr.trim().split("\n").slice(-3).join("\n"),
      });
    });
  });
}

function table(results) {
  const lines = [
    `${N.toLocaleString("en")} lines per command, generated on the fly (${SHAPES.length} shapes of short URL, valid and invalid, each made unique by its line number), piped to \`uri-grammars COMMAND --json --exit-zero --no-progress --jobs ${JOBS} -\`; the answers counted, every ${VERIFY_EVERY.toLocaleString("en")}th parsed and compared with its line. Heap: the main thread's V8 heap (process.memoryUsage().heapUsed, sampled every 250 ms by bench/batch-heap.cjs); RSS: the whole process, worker threads included (process.resourceUsage().maxRSS).`,
    "",
    "| command | lines answered | seconds | lines/s | heap then (MiB) | peak heap so far (MiB) | peak RSS so far (MiB) |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) for (const s of r.samples) lines.push(`| ${r.command} | ${s.lines.toLocaleString("en")} | ${s.seconds} | ${s.linesPerSecond.toLocaleString("en")} | ${s.heapUsedMiB} | ${s.peakHeapUsedMiB} | ${s.peakRssMiB} |`);
  lines.push("");
  for (const r of results) {
    lines.push(
      `- ${r.command}: exit ${r.code}${r.signal ? ` (${r.signal})` : ""}, ${r.answered.toLocaleString("en")} answers for ${r.lines.toLocaleString("en")} lines, ${r.verified} sampled answers checked, ${r.mismatches.length} wrong; ${r.seconds} s, ${r.linesPerSecond.toLocaleString("en")} lines/s; peak heap ${r.peakHeapUsedMiB} MiB used (${r.peakHeapTotalMiB} MiB reserved), peak RSS ${r.peakRssMiB} MiB.${r.stderr ? ` Standard error: ${r.stderr}` : ""}`,
    );
  }
  return lines.join("\n");
}

const results = [];
for (const command of COMMANDS) {
  console.error(`${command}: ${N} lines`);
  results.push(await runCommand(command));
}
const text = table(results);
console.log(text);
const machine = { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, load: os.loadavg().map((x) => x.toFixed(2)).join(" ") };
writeFileSync(join(ROOT, "bench/results/batch-scale.json"), JSON.stringify({ date: new Date().toISOString(), machine, lines: N, jobs: JOBS, results }, null, 2) + "\n");
writeFileSync(join(ROOT, "bench/results/batch-scale.md"), `Machine: ${machine.cpu} x${machine.cores}, Node ${machine.node}; load average at the end ${machine.load}.\n\n${text}\n`);
if (results.some((r) => r.code !== 0 || r.answered !== r.lines || r.mismatches.length > 0)) process.exitCode = 1;
