// Memory of a full derivation (issue 41 item 5): the peak resident memory of parse(x, { tree: true }),
// explain(x) and explain(x, { full: true }) on a valid input of MAX_TREE_INPUT characters (the longest
// they build a derivation for), per revision and per shape of input, each in a fresh process. The
// figure docs/api.md states for MAX_TREE_INPUT, and the one request.ts's requireTreeInput() message
// gives, are this benchmark's largest (bench/results/tree-memory.md); test/tree-memory-doc.test.ts holds
// the documents to the results file.
//
//   node bench/tree-memory.mjs [--length N] [--spec id,id] [--out bench/results/tree-memory]
//
// Each measurement: a child process (node --expose-gc) builds the input, collects garbage, reads its
// resident set (baseline), runs the operation once keeping the answer, and reports its peak resident
// set (process.resourceUsage().maxRSS) and the heap the answer holds after a collection. Bytes per
// character = (peak - baseline) / length.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { availableSpecIds, MAX_TREE_INPUT } = await import(join(root, "dist", "src", "index.js"));

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const length = Number(arg("--length", String(MAX_TREE_INPUT)));
const specs = arg("--spec", "") ? arg("--spec", "").split(",") : availableSpecIds();
const out = arg("--out", join(root, "bench", "results", "tree-memory"));

/**
 * Inputs of `length` characters: one long path segment, many short segments, and escapes (the shapes
 * whose derivations have the most nodes per character: a segment's characters, each segment's rules, an
 * escape's three characters under its rule). Each is tried per revision; one a revision rejects is skipped.
 */
const SHAPES = {
  "one segment": (n) => "http://a/" + "b".repeat(n - 9),
  "short segments": (n) => "http://a/" + "b/".repeat(Math.floor((n - 9) / 2)) + "b".repeat((n - 9) % 2),
  escapes: (n) => "http://a/" + "%41".repeat(Math.floor((n - 9) / 3)) + "b".repeat((n - 9) % 3),
};

const OPERATIONS = {
  "parse tree": "api.parse(input, { spec, tree: true })",
  explain: "api.explain(input, { spec })",
  "explain full": "api.explain(input, { spec, full: true })",
};

function measure(spec, shape, operation) {
  const script = `
const api = require(${JSON.stringify(join(root, "dist", "src", "index.js"))});
const spec = ${JSON.stringify(spec)};
const input = (${SHAPES[shape].toString()})(${length});
if (input.length !== ${length}) throw new Error("length " + input.length);
if (!api.validate(input, { spec })) { console.log(JSON.stringify({ skipped: "invalid" })); process.exit(0); }
global.gc(); global.gc();
const base = process.memoryUsage().rss;
const started = process.hrtime.bigint();
const answer = ${OPERATIONS[operation]};
const ms = Number(process.hrtime.bigint() - started) / 1e6;
if (!answer.ok) throw new Error(answer.error.code + ": " + answer.error.message);
global.gc(); global.gc();
const held = process.memoryUsage().heapUsed;
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ base, peak, held, ms, nodes: answer.tree ? count(answer.tree) : null }));
function count(n) { let k = 1; for (const c of n.children) k += count(c); return k; }
`;
  const text = execFileSync(process.execPath, ["--expose-gc", "--max-old-space-size=8192", "-e", script], { encoding: "utf8", maxBuffer: 1 << 20 });
  return JSON.parse(text);
}

const rows = [];
for (const spec of specs) {
  for (const shape of Object.keys(SHAPES)) {
    for (const operation of Object.keys(OPERATIONS)) {
      const r = measure(spec, shape, operation);
      if (r.skipped) {
        rows.push({ spec, shape, operation, skipped: r.skipped });
        continue;
      }
      const row = { spec, shape, operation, length, peakMB: (r.peak - r.base) / 2 ** 20, bytesPerChar: (r.peak - r.base) / length, heldBytesPerChar: r.held / length, nodesPerChar: r.nodes === null ? null : r.nodes / length, ms: r.ms };
      rows.push(row);
      process.stderr.write(`${spec} ${shape} ${operation}: ${row.peakMB.toFixed(0)} MB peak (${row.bytesPerChar.toFixed(0)} B/char), ${r.nodes} nodes, ${r.ms.toFixed(0)} ms\n`);
    }
  }
}

const measured = rows.filter((r) => !r.skipped);
const worst = measured.reduce((a, b) => (b.bytesPerChar > a.bytesPerChar ? b : a));
const worstOf = (op) => measured.filter((r) => r.operation === op).reduce((a, b) => (b.bytesPerChar > a.bytesPerChar ? b : a));
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const summary = { date: new Date().toISOString(), machine, length, worst, worstByOperation: Object.fromEntries(Object.keys(OPERATIONS).map((op) => [op, worstOf(op)])), rows };
writeFileSync(out + ".json", JSON.stringify(summary, null, 1) + "\n");
const md = [
  "# Memory of a full derivation (bench/tree-memory.mjs)",
  "",
  `${summary.date}, ${machine}. Input length ${length} characters (MAX_TREE_INPUT); each measurement in a fresh process: peak resident set minus the set before the call.`,
  "",
  `Largest: ${worst.operation} of ${worst.spec} (${worst.shape}): ${worst.peakMB.toFixed(0)} MB, ${worst.bytesPerChar.toFixed(0)} bytes per character.`,
  "",
  "| revision | input | operation | peak MB | bytes/char | held bytes/char | nodes/char | ms |",
  "|---|---|---|---:|---:|---:|---:|---:|",
  ...rows.map((r) => (r.skipped ? `| ${r.spec} | ${r.shape} | ${r.operation} | (${r.skipped}) | | | | |` : `| ${r.spec} | ${r.shape} | ${r.operation} | ${r.peakMB.toFixed(0)} | ${r.bytesPerChar.toFixed(0)} | ${r.heldBytesPerChar.toFixed(0)} | ${r.nodesPerChar === null ? "-" : r.nodesPerChar.toFixed(1)} | ${r.ms.toFixed(0)} |`)),
  "",
];
writeFileSync(out + ".md", md.join("\n"));
console.log(`worst: ${worst.operation} of ${worst.spec} (${worst.shape}): ${worst.peakMB.toFixed(0)} MB, ${worst.bytesPerChar.toFixed(0)} B/char; ${out}.md`);
