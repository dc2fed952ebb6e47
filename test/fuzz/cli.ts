// `npm run fuzz -- [options]`: the standing fuzz campaign (campaign.ts) from the command line, with a
// progress display on standard error and the summary on standard output.
// Exit status: 0 no failure (other than those the regression file expects), 1 failures, 2 usage error.
import { Command, CommanderError, Option } from "commander";
import { availableParallelism } from "node:os";
import { availableSpecIds } from "../../src/revisions";
import { DEFAULT_EVERY, formatSummary, runCampaign, type CampaignSummary, type Progress } from "./campaign";
import { REGRESSION_FILE } from "./data";
import { entryNames } from "./entries";

const EXAMPLES = `
Examples:
  $ npm run fuzz                                          # 10^4 inputs per revision, seed 1
  $ npm run fuzz -- --spec draft-2003 --count 1e6 --seed 7
  $ npm run fuzz -- --minutes 30 --seed $RANDOM           # new ground for half an hour
  $ npm run fuzz -- --entry parse,validate,peggy --count 1e5
  $ nice npm run fuzz -- --count 1e6 --jobs 2 --no-progress > fuzz.txt

Each input is made from (seed, revision, input number) alone: the same seed gives the same inputs.
Every property is checked on each input in worker threads watched by a timer: a case that runs past
--timeout-ms is a failure naming its input. A new failure is minimised and appended to
test/data/fuzz/regressions.tsv, which test/fuzz-regressions.test.ts replays in npm test.`;

function positiveNumber(name: string, integer: boolean) {
  return (v: string): number => {
    const x = Number(v.replace(/^10\^(\d+)$/, "1e$1"));
    if (!Number.isFinite(x) || x <= 0 || (integer && !Number.isInteger(x))) throw new CommanderError(2, "fuzz.usage", `--${name} must be a positive ${integer ? "integer" : "number"}, got "${v}"`);
    return x;
  };
}

export async function main(argv: string[]): Promise<number> {
  const cores = availableParallelism();
  const entries = entryNames();
  const program = new Command("npm run fuzz --")
    .description("A fuzz campaign over every revision's public entry points: generated, mutated, spliced, random-byte and random-Unicode inputs, checked against a table of properties.")
    .addOption(new Option("--spec <ids>", `revision(s), comma-separated, or "all": ${availableSpecIds().join(", ")}`).default("all"))
    .option("--count <n>", "inputs per revision (1e5 and 10^5 work); default 10^4, or unbounded with --minutes", positiveNumber("count", true))
    .option("--seed <s>", "the seed (a non-negative integer)", (v) => {
      const x = Number(v);
      if (!Number.isInteger(x) || x < 0 || x > 2 ** 32 - 1) throw new CommanderError(2, "fuzz.usage", `--seed must be an integer in [0, 2^32), got "${v}"`);
      return x;
    }, 1)
    .option("--minutes <m>", "stop after this many minutes (with --count: whichever comes first)", positiveNumber("minutes", false))
    .option("--entry <names>", `entry points to check, comma-separated: ${entries.join(", ")}`)
    .option("--jobs <n>", `worker threads (at most the ${cores} cores)`, positiveNumber("jobs", true), cores)
    .option("--timeout-ms <ms>", "a case running longer than this is a hang", positiveNumber("timeout-ms", true), 5000)
    .option("--full", `check every entry point on every input (default: ${Object.entries(DEFAULT_EVERY).map(([e, k]) => `${e} on 1 input in ${k}`).join(", ")})`)
    .addOption(new Option("--regressions <file>", "the regression file (known failures; new ones are appended)").default(REGRESSION_FILE, "test/data/fuzz/regressions.tsv"))
    .option("--no-record", "do not append new failures to the regression file")
    .option("--minimise-seconds <s>", "time to minimise each failure", positiveNumber("minimise-seconds", false), 60)
    .option("--no-progress", "no progress display on standard error")
    .option("--json", "the summary as JSON on standard output")
    .addHelpText("after", EXAMPLES)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) });
  let opts: {
    spec: string; count?: number; seed: number; minutes?: number; entry?: string; jobs: number; timeoutMs: number;
    full?: boolean; regressions: string; record: boolean; minimiseSeconds: number; progress: boolean; json?: boolean;
  };
  try {
    program.parse(argv, { from: "user" });
    opts = program.opts();
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.help") return 0;
      if (e.code === "fuzz.usage") process.stderr.write(`fuzz: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const usage = (message: string) => {
    process.stderr.write(`fuzz: ${message}\n`);
    return 2;
  };
  const available = availableSpecIds() as string[];
  const specs = opts.spec === "all" ? available : opts.spec.split(",").map((s) => s.trim());
  const unknownSpecs = specs.filter((s) => !available.includes(s));
  if (unknownSpecs.length > 0) return usage(`unknown revision ${unknownSpecs.join(", ")}; available: ${available.join(", ")} or all`);
  const chosen = opts.entry?.split(",").map((s) => s.trim()) ?? null;
  const unknownEntries = chosen?.filter((e) => !entries.includes(e)) ?? [];
  if (unknownEntries.length > 0) return usage(`unknown entry point ${unknownEntries.join(", ")}; there are: ${entries.join(", ")}`);
  if (opts.jobs > cores) return usage(`--jobs ${opts.jobs} is more than the ${cores} cores`);
  const count = opts.count ?? (opts.minutes !== undefined ? Infinity : 10_000);

  const display = opts.progress ? progressDisplay(specs, count) : null;
  let summary: CampaignSummary;
  try {
    summary = await runCampaign({
      specs,
      count,
      seed: opts.seed,
      minutes: opts.minutes,
      entries: chosen,
      jobs: opts.jobs,
      timeoutMs: opts.timeoutMs,
      every: opts.full ? Object.fromEntries(entries.map((e) => [e, 1])) : undefined,
      regressions: opts.regressions,
      record: opts.record,
      minimiseSeconds: opts.minimiseSeconds,
      onProgress: display?.update,
    });
  } finally {
    display?.stop();
  }
  process.stdout.write(opts.json ? JSON.stringify(summary, null, 2) + "\n" : formatSummary(summary));
  return summary.unexpected > 0 ? 1 : 0;
}

/** One bar per revision on a terminal (cli-progress); elsewhere a line every 30 seconds. */
function progressDisplay(specs: string[], count: number): { update(p: Progress): void; stop(): void } {
  const rate = (p: Progress) => {
    const all = Object.values(p.perSpec).reduce((a, b) => a + b, 0);
    return Math.round(all / Math.max(0.001, p.elapsedMs / 1000));
  };
  if (!process.stderr.isTTY) {
    let last = Date.now();
    return {
      update: (p) => {
        if (Date.now() - last < 30_000) return;
        last = Date.now();
        const counts = specs.map((s) => `${s} ${p.perSpec[s].toLocaleString("en-US")}`).join(", ");
        process.stderr.write(`fuzz: ${Math.round(p.elapsedMs / 1000)} s: ${counts}; ${rate(p).toLocaleString("en-US")} inputs/s; ${p.failures} failing inputs\n`);
      },
      stop: () => {},
    };
  }
  const cliProgress = require("cli-progress") as typeof import("cli-progress");
  const multi = new cliProgress.MultiBar(
    { stream: process.stderr, hideCursor: true, clearOnComplete: false, fps: 5, format: " {spec} {bar} {value}{of} | {rate} inputs/s | {failures} failing | {phase}" },
    cliProgress.Presets.shades_classic,
  );
  const width = Math.max(...specs.map((s) => s.length));
  const bounded = Number.isFinite(count);
  const bars = new Map(specs.map((s) => [s, multi.create(bounded ? count : 1, 0, { spec: s.padEnd(width), of: bounded ? `/${count}` : "", rate: 0, failures: 0, phase: "" })]));
  return {
    update: (p) => {
      for (const s of specs) {
        const bar = bars.get(s)!;
        if (!bounded) bar.setTotal(Math.max(1, p.perSpec[s]));
        bar.update(p.perSpec[s], { rate: rate(p), failures: p.failures, phase: p.phase });
      }
    },
    stop: () => multi.stop(),
  };
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e) => {
      process.stderr.write(`fuzz: internal error: ${(e as Error).stack ?? e}\n`);
      process.exitCode = 3;
    },
  );
}
