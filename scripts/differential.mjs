// The scanner against peggy's parser of the same grammar, at scale: `npm run differential -- [--count N]
// [--spec ID] [--seed S]` compares N strings per revision (default 10^6), spread over every start
// rule in proportion to nothing but the rule count (each rule gets N / rules strings, the top rule
// and the scheme-selected rules the same as any other), derived from the PEG, mutated and cut
// (test/support/scanner-differential.ts, the check `npm test` runs on a sample). Runs on worker
// threads, one revision per worker; prints per revision the strings compared, accepted, how error
// offsets relate to peggy's, time, and the first problems. Exit status 1 if any problem is found.
import { availableParallelism } from "node:os";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

if (isMainThread) {
  const args = process.argv.slice(2);
  const USAGE = `Usage: npm run differential -- [--count N] [--spec ID] [--seed S]

The scanner and the AST declared in each grammar against peggy's parser of the same grammar: N
generated, mutated and cut strings per revision (default 1000000), every revision (or --spec ID), one
revision per worker thread. Exit status 1 if any problem is found, 2 on a bad argument.`;
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  // Every argument is a known flag followed by its value: a typo is refused, not run as the default.
  for (let i = 0; i < args.length; i += 2) {
    if (!["--count", "--spec", "--seed"].includes(args[i]) || args[i + 1] === undefined) {
      console.error(`differential: unexpected argument ${JSON.stringify(args[i])}\n\n${USAGE}`);
      process.exit(2);
    }
  }
  const flag = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const count = Number(flag("--count", "1000000"));
  const seed = Number(flag("--seed", "1"));
  const { availableSpecIds } = require("../dist/src/revisions/index.js");
  const specs = flag("--spec", "all") === "all" ? availableSpecIds() : [flag("--spec")];
  const jobs = Math.min(specs.length, availableParallelism());
  const queue = [...specs];
  let failed = false;
  const started = Date.now();
  const runOne = (spec) =>
    new Promise((resolve, reject) => {
      const w = new Worker(fileURLToPath(import.meta.url), { workerData: { spec, count, seed } });
      w.on("message", (m) => {
        if (m.progress) return;
        const t = m.tally;
        const offsets = Object.entries(t.offsets).map(([k, v]) => `${k} ${v}`).join(", ");
        console.log(`${spec}: ${t.compared} compared (${t.accepted} accepted) in ${(m.ms / 1000).toFixed(1)} s; rejected inputs' offsets: ${offsets}; problems: ${t.problemCount}`);
        for (const p of t.problems) console.log(`  ${p}`);
        if (t.problemCount > 0) failed = true;
        resolve();
      });
      w.on("error", reject);
    });
  const workers = Array.from({ length: jobs }, async () => {
    while (queue.length > 0) await runOne(queue.shift());
  });
  await Promise.all(workers);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = failed ? 1 : 0;
} else {
  const { spec, count, seed } = workerData;
  const { getRevision } = require("../dist/src/revisions/index.js");
  const { compareOne, generatedInputs } = require("../dist/test/support/scanner-differential.js");
  const revision = getRevision(spec);
  const perRule = Math.ceil(count / revision.rules.length);
  const tally = { compared: 0, accepted: 0, offsets: {}, problems: [], problemCount: 0 };
  const t0 = Date.now();
  revision.rules.forEach((rule, i) => {
    for (const input of generatedInputs(spec, rule.pegName, perRule, seed * 7919 + i)) {
      const c = compareOne(revision, rule, input);
      tally.compared++;
      if (c.accepted) tally.accepted++;
      if (c.offset) tally.offsets[c.offset] = (tally.offsets[c.offset] ?? 0) + 1;
      if (c.problem) {
        tally.problemCount++;
        if (tally.problems.length < 10) tally.problems.push(`${rule.published ?? rule.pegName} ${JSON.stringify(input)}: ${c.problem}`);
      }
    }
  });
  parentPort.postMessage({ tally, ms: Date.now() - t0 });
}
