// npm run bench:crash-table: the crash table of issue 17 ("one line can take the batch down"), row by
// row: each row's input through the documented command with --exit-zero, and what came back: exit
// status (or signal), answers out / lines in, seconds, peak RSS, and the error codes of the answers.
// Every row must answer every line with exit status 0. Run it with `nice`: it takes minutes and GBs.
// Environment: CRASH_TIMEOUT (seconds per row, default 300; a row still running then is killed),
// CRASH_ROWS (comma-separated row numbers, default all).
import { children, kib, status } from "./proc-memory.mjs";
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const ROOT = new URL("..", import.meta.url).pathname;
const TIMEOUT = Number(process.env.CRASH_TIMEOUT ?? 300);
const MB = 1_000_000;

// [description, argv, lines, text mode?]
const ROWS = [
  ["an invalid 20 MB line to check --json -", ["check", "--json", "-"], () => ["http://a/" + "b/".repeat(10 * MB) + " "]],
  ["a 50 MB invalid line between others, --jobs 2", ["check", "--json", "--jobs", "2", "-"], () => ["http://a/", "http://a/" + "b/".repeat(25 * MB) + " ", "http://b/"]],
  ["a valid 10 MB line to check --lint - (text)", ["check", "--lint", "-"], () => ["http://a/" + "b/".repeat(5 * MB)]],
  ["a valid 4 MB line to compare --json -", ["compare", "--json", "-"], () => ["http://a/" + "b/".repeat(2 * MB)]],
  ["--jobs 100000 (8 short lines)", ["check", "--json", "--jobs", "100000", "-"], () => Array.from({ length: 8 }, (_, i) => `http://a/${i}`)],
  // Beyond the table: compare and explain name the rule at the error from the derivation of
  // the prefix before it (ruleBefore), which was a node per character until it was pruned.
  ["an invalid 20 MB line to compare --json - (beyond the issue's table)", ["compare", "--json", "-"], () => ["http://a/" + "b/".repeat(10 * MB) + " "]],
  ["an invalid 20 MB line to explain --json - (beyond the issue's table)", ["explain", "--json", "-"], () => ["http://a/" + "b/".repeat(10 * MB) + " "]],
];


function runRow(argv, lines) {
  return new Promise((resolve) => {
    const args = [join(ROOT, "bin/uri-grammars"), ...argv.slice(0, -1), "--exit-zero", "--no-progress", "-"];
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    // The batch process's own peak (VmHWM, a high-water mark), and the peak of the batch process plus
    // its child processes (VmRSS summed, sampled every 0.2 s).
    let peak = 0;
    let peakTree = 0;
    const sampler = setInterval(() => {
      const main = status(child.pid);
      peak = Math.max(peak, kib(main, "VmHWM"));
      peakTree = Math.max(peakTree, kib(main, "VmRSS") + children(child.pid).reduce((n, c) => n + kib(status(c), "VmRSS"), 0));
    }, 200);
    child.stdout.on("data", (d) => {
      // keep only the start of each answer (an answer may echo a 50 MB input)
      out += d.toString("latin1").replace(/"input":"[^"]{200,}"/g, '"input":"..."');
    });
    child.stderr.on("data", (d) => (err += d));
    child.stdin.on("error", () => undefined);
    (async () => {
      for (const l of lines) if (!child.stdin.write(l + "\n")) await new Promise((r) => child.stdin.once("drain", r));
      child.stdin.end();
    })();
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, TIMEOUT * 1000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      clearInterval(sampler);
      const seconds = (performance.now() - t0) / 1000;
      resolve({ code: killed ? `killed after ${TIMEOUT} s` : signal ? `signal ${signal}` : code, out, err, seconds, peakRssMiB: Math.round(peak / 1024), peakTreeMiB: Math.round(peakTree / 1024) });
    });
  });
}

const only = process.env.CRASH_ROWS ? process.env.CRASH_ROWS.split(",").map(Number) : null;
console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; per-row limit ${TIMEOUT} s\n`);
console.log("| # | input | exit | answers / lines | seconds | peak RSS (MiB): batch process / with children | answers (error codes) | standard error |");
console.log("| ---: | --- | ---: | ---: | ---: | ---: | --- | --- |");
const results = [];
/**
 * What a --json answer line says, in a word: a per-line error code (line-out-of-memory ...), a
 * compare answer's count of valid revisions, or valid / invalid.
 */
function jsonAnswerCode(line) {
  const code = /"code":"([^"]+)"/.exec(line)?.[1];
  if (code) return code;
  if (line.includes('"cells":')) return `compared: valid in ${(line.match(/"valid":true/g) ?? []).length} of ${(line.match(/"valid":(true|false)/g) ?? []).length}`;
  return /^\{[^{]*"valid":true/.test(line) ? "ok" : /"valid":false/.test(line) ? "invalid" : "?";
}

for (const [i, [what, argv, make]] of ROWS.entries()) {
  if (only && !only.includes(i + 1)) continue;
  const lines = make();
  const r = await runRow(argv, lines);
  const json = argv.includes("--json");
  const answers = json ? r.out.split("\n").filter((l) => l.startsWith("{")) : r.out.split("\n").filter((l) => /^(valid|invalid) /.test(l));
  const codes = json ? answers.map(jsonAnswerCode) : answers.map((a, k) => {
        // text mode: the verdict, or the error code its sentence stands for
        const block = r.out.split(/\n(?=valid |invalid )/)[k] ?? a;
        return /no answer within/.test(block) ? "line-timeout" : /needed more than/.test(block) ? "line-out-of-memory" : /the worker judging the line stopped/.test(block) ? "worker-crashed" : a.split(/\s+/)[0];
      });
  const err = r.err.trim().split("\n").filter((l) => l !== "").slice(0, 2).join(" / ").slice(0, 160);
  results.push({ row: i + 1, what, argv, lines: lines.length, answers: answers.length, codes, code: r.code, seconds: r.seconds, peakRssMiB: r.peakRssMiB, peakTreeMiB: r.peakTreeMiB, stderr: err });
  console.log(`| ${i + 1} | ${what} | ${r.code} | ${answers.length} / ${lines.length} | ${r.seconds.toFixed(1)} | ${r.peakRssMiB} / ${r.peakTreeMiB} | ${codes.join(", ")} | ${err.replace(/\|/g, "\\|")} |`);
}
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
writeFileSync(join(ROOT, "bench/results/crash-table.json"), JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, totalMemGiB: Math.round(os.totalmem() / 2 ** 30), timeoutSeconds: TIMEOUT, results }, null, 2) + "\n");
if (results.some((r) => r.code !== 0 || r.answers !== r.lines)) process.exitCode = 1;
