// The cost of the exact answers (docs/languages.md): the full pairwise table of `diff --languages`
// (every pair of revisions x every language they share: the whole reference, the components, the
// shared rules), the fidelity proof of every revision (`fidelity --prove`), and one pair and one
// rule through the CLI as a user runs it (target: under a second). Each measurement runs in a
// fresh Node process, so it includes reading the scanners' tables and building every DFA (nothing
// is cached from an earlier run); the warm time of a second run in the same process is given too.
//
// `node bench/languages.mjs` (after npm run build) prints the Markdown and writes
// bench/results/languages.md and bench/results/languages.json; `npm run bench` runs it last
// (BENCH_LANGUAGES=0 skips it).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** In a child process: one measurement, printed as JSON. */
function child(what) {
  const { performance } = require("node:perf_hooks");
  const { SPEC_IDS, getRevision } = require("../dist/src/revisions/index.js");
  const { compareLanguages } = require("../dist/src/ops/language-diff.js");
  const { proveFidelity } = require("../dist/src/ops/fidelity-proof.js");
  const { PUBLISHED_GRAMMARS } = require("../dist/src/published/index.js");
  const pairs = () => {
    const rows = [];
    for (let i = 0; i < SPEC_IDS.length; i++)
      for (let j = i + 1; j < SPEC_IDS.length; j++) {
        const d = compareLanguages(getRevision(SPEC_IDS[i]), getRevision(SPEC_IDS[j]));
        const count = (v) => d.comparisons.filter((c) => c.verdict === v).length;
        rows.push({
          a: d.a,
          b: d.b,
          languages: d.comparisons.length,
          equal: count("equal"),
          different: count("different"),
          notCompiled: count("not-compiled"),
          unconfirmed: count("unconfirmed"),
          statesA: d.comparisons.reduce((s, c) => s + c.states.a, 0),
          statesB: d.comparisons.reduce((s, c) => s + c.states.b, 0),
          productPairs: d.comparisons.reduce((s, c) => s + c.states.product, 0),
          largestProduct: Math.max(...d.comparisons.map((c) => c.states.product)),
          milliseconds: d.milliseconds,
        });
      }
    return rows;
  };
  const proofs = () =>
    SPEC_IDS.filter((id) => PUBLISHED_GRAMMARS[id]).map((spec) => {
      const p = proveFidelity({ spec });
      return { spec, rules: p.rules.length, ...p.counts, pegStates: p.rules.reduce((s, r) => s + r.states.peg, 0), publishedStates: p.rules.reduce((s, r) => s + r.states.published, 0), productPairs: p.rules.reduce((s, r) => s + r.states.product, 0), milliseconds: p.milliseconds };
    });
  const run = what === "pairs" ? pairs : proofs;
  const t0 = performance.now();
  const rows = run();
  const cold = performance.now() - t0;
  const t1 = performance.now();
  run();
  const warm = performance.now() - t1;
  process.stdout.write(JSON.stringify({ rows, cold, warm, rss: process.memoryUsage().rss }));
}

function inChild(what) {
  return JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", what], { cwd: ROOT, maxBuffer: 1 << 26 }).toString());
}

/** The CLI answering one pair and one rule, as a user runs it (process start included), best of `rounds`. */
function cliOnce(args, rounds = 5) {
  const times = [];
  for (let k = 0; k < rounds; k++) {
    const t0 = process.hrtime.bigint();
    execFileSync(process.execPath, [`${ROOT}bin/uri-grammars`, ...args], { cwd: ROOT });
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((x, y) => x - y);
  return { args, best: times[0], median: times[times.length >> 1] };
}

export function runLanguagesBench(log = console.error) {
  log("languages: the pairwise table ...");
  const pairs = inChild("pairs");
  log("languages: the fidelity proof ...");
  const proofs = inChild("proofs");
  log("languages: one pair and one rule through the CLI ...");
  const cli = [
    cliOnce(["diff", "--languages", "draft-2003", "rfc3986", "--rule", "host"]),
    cliOnce(["diff", "--languages", "draft-1997", "draft-2003", "--rule", "host"]),
    cliOnce(["fidelity", "--prove", "--spec", "draft-2003", "--rule", "URI-reference"]),
  ];
  return { pairs, proofs, cli };
}

export function languagesTable({ pairs, proofs, cli }) {
  const sum = (rows, k) => rows.reduce((s, r) => s + r[k], 0);
  const out = ["### Exact languages (bench/languages.mjs): the pairwise table, the fidelity proof, the CLI", ""];
  out.push(
    `Full pairwise table, ${pairs.rows.length} pairs, ${sum(pairs.rows, "languages")} languages (${sum(pairs.rows, "equal")} equal, ${sum(pairs.rows, "different")} different, ${sum(pairs.rows, "notCompiled")} not compiled, ${sum(pairs.rows, "unconfirmed")} unconfirmed): ` +
      `${(pairs.cold / 1000).toFixed(2)} s in a fresh process (${(pairs.warm / 1000).toFixed(2)} s again, DFAs built), ${Math.round(pairs.rss / 2 ** 20)} MiB RSS; ` +
      `${sum(pairs.rows, "statesA") + sum(pairs.rows, "statesB")} minimal-DFA states compared, ${sum(pairs.rows, "productPairs")} product pairs walked.`,
    "",
    "| A -> B | languages | equal | different | not compiled | states A + B | product pairs (largest) | ms |",
    "|---|--:|--:|--:|--:|--:|--:|--:|",
  );
  for (const r of pairs.rows) out.push(`| ${r.a} -> ${r.b} | ${r.languages} | ${r.equal} | ${r.different} | ${r.notCompiled} | ${r.statesA + r.statesB} | ${r.productPairs} (${r.largestProduct}) | ${r.milliseconds.toFixed(0)} |`);
  out.push(
    "",
    `Fidelity proof, ${sum(proofs.rows, "rules")} rules of ${proofs.rows.length} revisions (${sum(proofs.rows, "equal")} proved equal, ${sum(proofs.rows, "documented")} documented, ${sum(proofs.rows, "undocumented")} undocumented, ${sum(proofs.rows, "not-compiled")} not compiled): ` +
      `${(proofs.cold / 1000).toFixed(2)} s in a fresh process (${(proofs.warm / 1000).toFixed(2)} s again), ${Math.round(proofs.rss / 2 ** 20)} MiB RSS.`,
    "",
    "| revision | rules | PEG states | published states | product pairs | ms |",
    "|---|--:|--:|--:|--:|--:|",
  );
  for (const r of proofs.rows) out.push(`| ${r.spec} | ${r.rules} | ${r.pegStates} | ${r.publishedStates} | ${r.productPairs} | ${r.milliseconds.toFixed(0)} |`);
  out.push("", "One pair and one rule through the CLI (a fresh process each, best and median of 5; target: under a second):", "", "| command | best ms | median ms | under 1 s |", "|---|--:|--:|:-:|");
  for (const c of cli) out.push(`| \`uri-grammars ${c.args.join(" ")}\` | ${c.best.toFixed(0)} | ${c.median.toFixed(0)} | ${c.median < 1000 ? "yes" : "**no**"} |`);
  return out;
}

if (process.argv[2] === "--child") child(process.argv[3]);
else if (import.meta.url === `file://${process.argv[1]}`) {
  const r = runLanguagesBench();
  const lines = languagesTable(r);
  const machine = { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, load: os.loadavg().map((x) => x.toFixed(2)).join(" ") };
  const text = [...lines, "", `Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load ${machine.load}; ${new Date().toISOString()}.`].join("\n");
  console.log(text);
  writeFileSync(new URL("results/languages.md", import.meta.url), text + "\n");
  writeFileSync(new URL("results/languages.json", import.meta.url), JSON.stringify({ date: new Date().toISOString(), machine, ...r }, null, 2));
}
