// Scaling of validate(), parse(), resolve() and normalize() on hostile inputs of 10 KB to 10 MB,
// valid and invalid.
//
// Each measurement (one case at one size) runs in a fresh child process:
//   node --expose-gc bench/scaling.mjs <case id> <size>
// The child warms the case up on its 10 KB input, collects garbage, then times the case at the
// asked size (the fastest of 3 runs up to 1 MB, of 2 at 10 MB) and prints one JSON line: the time,
// process.memoryUsage().rss right after, and process.resourceUsage().maxRSS, the true peak of that
// process (the baseline of an idle Node process, about 45 MB, included). A fresh process per size
// keeps one size's heap out of the next size's time and peak.
//
// One engine takes every size (the generated scanner, scripts/compile-scanner.mjs), so the 10 MB /
// 1 MB ratio is read directly.
//
// run.mjs imports scalingTable() and prints the table; `node bench/scaling.mjs` alone prints it too.
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const SELF = fileURLToPath(import.meta.url);

export const SIZES = [10e3, 100e3, 1e6, 10e6];
/** The target: time at 10 MB within 11 times the time at 1 MB, every shape, valid and invalid. */
export const MAX_RATIO = 11;

// ---- the hostile shapes (n = the input's length, to within the prefix) ----
export const PARSE_SHAPES = [
  ["long path", (n) => "http://a/" + "b/".repeat(n / 2)],
  ["path of %41", (n) => "http://a/" + "%41".repeat(Math.floor(n / 3))],
  ["long host label", (n) => "http://" + "a".repeat(n) + "/"],
  ["long query", (n) => "http://a/?" + "q=1&".repeat(n / 4)],
  ["path of ..", (n) => "http://a/" + "../".repeat(Math.floor(n / 3)) + "g"],
  ["dotted host", (n) => "http://" + "a.".repeat(n / 2) + "com/"],
  // Invalid: the error is found at the end (the whole input is read), or repeatedly almost valid.
  ["long path, bad end", (n) => "http://a/" + "b/".repeat(n / 2) + " "],
  ["%4 runs (bad escape)", (n) => "http://a/" + "%4".repeat(n / 2)],
  ["many ':' in [ ]", (n) => "http://[" + ":".repeat(n) + "]/"],
  ["long host label, bad end", (n) => "http://" + "a".repeat(n) + "/ "],
];
const BASE = "http://a/b/c/d;p?q";
export const RESOLVE_SHAPES = [
  ["resolve ../ x k", (n) => "../".repeat(Math.floor(n / 3)) + "g"],
  ["resolve a/../ x k", (n) => "a/../".repeat(Math.floor(n / 5)) + "g"],
];
export const NORMALIZE_SHAPES = [["normalize a/../ x k", (n) => "http://a/" + "a/../".repeat(Math.floor(n / 5))]];

// Every revision parses; those that define resolution resolve, those that define normalization normalize.
const { SPEC_IDS } = require("../dist/src/revisions/index.js");
const { definesResolution } = require("../dist/src/ops/resolve.js");
const { normalizingSpecs } = require("../dist/src/ops/normalize.js");
const PARSE_SPECS = SPEC_IDS;
const RESOLVE_SPECS = SPEC_IDS.filter(definesResolution);
const NORMALIZE_SPECS = normalizingSpecs();

/** Every case: an id (what the child is given), its row labels, and the call to time. */
export function cases() {
  const out = [];
  for (const spec of PARSE_SPECS) for (const [shape, make] of PARSE_SHAPES) out.push({ op: "validate", spec, shape, make });
  for (const spec of PARSE_SPECS) for (const [shape, make] of PARSE_SHAPES) out.push({ op: "parse", spec, shape, make });
  for (const spec of RESOLVE_SPECS) for (const [shape, make] of RESOLVE_SHAPES) out.push({ op: "resolve", spec, shape, make });
  for (const spec of NORMALIZE_SPECS) for (const [shape, make] of NORMALIZE_SHAPES) out.push({ op: "normalize", spec, shape, make });
  return out.map((c, i) => ({ ...c, id: i }));
}

/** Runs one case on one input; returns a short verdict ("ok", "rejected: <code>", ...). */
function runCase(api, c, input) {
  if (c.op === "validate") return api.validate(input, { spec: c.spec }) ? "ok" : "rejected";
  if (c.op === "parse") {
    const r = api.parse(input, { spec: c.spec });
    return r.ok ? "ok" : `rejected: ${r.error.code}`;
  }
  if (c.op === "resolve") {
    const r = api.resolve(BASE, input, { spec: c.spec });
    return r.ok ? (r.kind === "uri" ? "ok" : r.kind) : `rejected: ${r.error.code}`;
  }
  const r = api.normalize(input, { spec: c.spec });
  return r.ok ? "ok" : `rejected: ${r.error.code}`;
}

function child(id, size) {
  const api = require("../dist/src/index.js");
  const c = cases()[id];
  const warm = c.make(SIZES[0]);
  for (let i = 0; i < 3; i++) runCase(api, c, warm);
  const input = c.make(size);
  // The input is a rope ("http://a/" + repeat(...)); V8 flattens it on first read, a copy that would
  // be timed in the first run only. Read a character now so that every run gets a flat string.
  input.charCodeAt(input.length >> 1);
  let best = Infinity;
  let verdict = "";
  for (let i = 0; i < (size <= 1e6 ? 3 : 2); i++) {
    global.gc?.();
    const t0 = performance.now();
    verdict = runCase(api, c, input);
    best = Math.min(best, performance.now() - t0);
  }
  const rssMB = process.memoryUsage().rss / 2 ** 20;
  const maxRssMB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ ms: best, rssMB, maxRssMB, verdict }) + "\n");
}

function measure(id, size) {
  try {
    const out = execFileSync(process.execPath, ["--expose-gc", SELF, String(id), String(size)], { encoding: "utf8", maxBuffer: 1 << 20 });
    return JSON.parse(out.trim().split("\n").pop());
  } catch (e) {
    // A crash (stack overflow, out of memory) is a result too: the row says so.
    const why = String(e.stderr ?? e.message).split("\n").find((l) => /Error|heap/.test(l)) ?? "crashed";
    return { ms: NaN, rssMB: NaN, maxRssMB: NaN, verdict: `crash: ${why.trim().slice(0, 80)}` };
  }
}

/** Measures every case at every size (one child each); returns the rows. */
export function runScaling(log = () => {}) {
  const rows = [];
  for (const c of cases()) {
    const row = { op: c.op, spec: c.spec, shape: c.shape, sizes: SIZES, ms: [], rssMB: [], maxRssMB: [], verdicts: [] };
    for (const n of SIZES) {
      const m = measure(c.id, n);
      row.ms.push(m.ms);
      row.rssMB.push(m.rssMB);
      row.maxRssMB.push(m.maxRssMB);
      row.verdicts.push(m.verdict);
    }
    row.ratio = row.ms[3] / row.ms[2];
    log(`${c.op} ${c.spec} ${c.shape}: ${row.ms.map((x) => x.toFixed(1)).join(" ")} ms, ratio ${row.ratio.toFixed(1)}`);
    rows.push(row);
  }
  return rows;
}

/** The Markdown lines of the table. A ratio above MAX_RATIO is marked "**over**". */
export function scalingTable(rows) {
  const verdictOf = (r) => {
    const v = [...new Set(r.verdicts)];
    return v.length === 1 ? v[0] : r.verdicts.map((x, i) => `${SIZES[i] / 1e3} KB ${x}`).join(", ");
  };
  const over = rows.filter((r) => !(r.ratio <= MAX_RATIO));
  return [
    `Scaling: hostile inputs of 10 KB to 10 MB (${SIZES.map((n) => `${n / 1e3} KB`).join(", ")}). Each size runs in a fresh`,
    "Node process (bench/scaling.mjs): warm-up on the 10 KB input, then the fastest of 3 runs up to 1 MB and of 2",
    "at 10 MB; time in ms. \"RSS\" is process.memoryUsage().rss right after the 10 MB runs, \"peak\" is",
    "process.resourceUsage().maxRSS of that process (its true peak, Node's own ~45 MB included). The size columns are",
    `the library as shipped (one engine at every size, the generated scanner). Target: 10 MB / 1 MB <= ${MAX_RATIO}; rows above`,
    `it are marked **over**. resolve() uses the base "${BASE}"; "x k" means the pattern repeated to the size. The verdict`,
    "is the result at every size (validate: ok or rejected; parse: ok or the error code; resolve: ok = a URI).",
    "",
    `| op | spec | shape | verdict | ${SIZES.map((n) => `${n / 1e3} KB`).join(" | ")} | 10 MB / 1 MB | RSS 10 MB (MB) | peak 10 MB (MB) |`,
    `|---|---|---|---|${SIZES.map(() => "---:").join("|")}|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.op} | ${r.spec} | ${r.shape} | ${verdictOf(r)} | ${r.ms.map((m) => m.toFixed(1)).join(" | ")} | ${r.ratio.toFixed(1)}${r.ratio <= MAX_RATIO ? "" : " **over**"} | ${r.rssMB[3].toFixed(0)} | ${r.maxRssMB[3].toFixed(0)} |`,
    ),
    "",
    over.length === 0 ? `Every 10 MB / 1 MB ratio is at most ${MAX_RATIO}.` : `10 MB / 1 MB ratios above ${MAX_RATIO}: ${over.map((r) => `${r.op} ${r.spec} ${r.shape} (${r.ratio.toFixed(1)})`).join("; ")}.`,
  ];
}

// As a child: `node bench/scaling.mjs <case id> <size>`; alone: the whole table.
if (process.argv[1] === SELF) {
  if (process.argv.length >= 4) child(Number(process.argv[2]), Number(process.argv[3]));
  else console.log(scalingTable(runScaling((l) => console.error(l))).join("\n"));
}
