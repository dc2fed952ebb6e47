// Batch mode for every command that reads lines ('-' as the input: check, check --lint, compare,
// explain, normalize, resolve): standard input is read as a stream of lines, each line is judged by a
// pure line -> answer function (a "judge", rebuilt in worker threads from a JudgeSpec), and the
// answers are written in input order.
//
// Contract (issue 8 item 4, issue 17 items 3 and 5):
// - exactly one answer per input line: --json writes exactly one line per input line; text mode
//   writes one block per input line (an invalid line may take several lines of text);
// - a line is the bytes before "\n"; one "\r" directly before the "\n" is removed and nothing else
//   (a "\r" elsewhere, a final "\r" without "\n", NUL bytes, spaces: all data);
// - a line that is not valid UTF-8 is answered "invalid UTF-8 at byte N of the line" (N 0-based),
//   a line longer than --max-line-bytes is answered "line too long" without being kept in memory;
// - every line is judged in a worker thread under a time limit and a memory limit that grow with its
//   size (src/cli/batch-supervisor.ts); a line over either, or whose worker crashes, is answered with
//   a per-line error code (line-timeout, line-out-of-memory, worker-crashed) and the batch goes on;
// - --jobs N worker threads (at most the machine's parallelism: more is capped, with a note);
// - memory is bounded: reading pauses while more than MAX_BUFFERED_BYTES of lines and answers wait
//   (back-pressure from standard output, and from a slow line at the head);
// - streams behave like Unix tools: SIGINT and SIGTERM stop the batch having written only whole
//   answers (exit 130, 143) and stop every child process; a read error on standard input answers the lines read before it and exits 2 with a
//   message; a closed standard output (EPIPE: `check - | head -1`) ends the run quietly, any other
//   write error (a full disk) is one line and exit 4 (src/cli/io.ts handleStandardStreams).
import { constants as bufferConstants } from "node:buffer";
import { fstatSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Readable } from "node:stream";
import { InvalidArgumentError, Option, type Command } from "commander";
import { InputError, Interrupted, processIo, type Io } from "./io";
import { itemBytes, readItems, type Judge, type JudgeSpec, type Packed, type RejectContext } from "./batch-lines";
import { BASE_HEAP_MB, DEFAULT_LINE_MEMORY_MB, DEFAULT_LINE_TIMEOUT_S, HEAP_PER_CHAR, HEAP_STEP_MB, intoTasks, MS_PER_MIB, SMALL_LINE_BYTES, Supervisor } from "./batch-supervisor";
import { jsonAnswer } from "./json";

export { firstInvalidUtf8, judgeItem, loadJudge, pack, readItems, rejectLine, type Item, type Judge, type JudgeSpec, type LineResult, type Packed, type RejectContext } from "./batch-lines";

export interface BatchOptions {
  judge: JudgeSpec;
  reject: RejectContext;
  jobs: number;
  summary: boolean;
  exitZero: boolean;
  maxLineBytes: number;
  /** --line-timeout in ms (default DEFAULT_LINE_TIMEOUT_S). */
  lineTimeoutMs?: number;
  /** --line-memory in MiB (default DEFAULT_LINE_MEMORY_MB). */
  lineMemoryMb?: number;
  /** Show a progress display; by default only when standard error is a terminal. */
  progress?: boolean;
  /** Stop on SIGINT (exit 130); by default when io is the process's. */
  signals?: boolean;
}

/** 64 MiB: above the 10 MB scaling inputs of item 3, and bounds the memory one line can take. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Reading pauses while this much input and answers wait to be written (plus one line, however long). */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** Bytes counted per line on top of its text (so that empty lines count too). */
const LINE_OVERHEAD = 64;

const BASE_HEAP_TEXT = `${BASE_HEAP_MB} MiB, plus ${HEAP_PER_CHAR} bytes per character for a line over ${SMALL_LINE_BYTES / 1024} KiB in steps of ${HEAP_STEP_MB} MiB, up to this`;

function isDirectory(fd: number): boolean {
  try {
    return fstatSync(fd).isDirectory();
  } catch {
    return false;
  }
}

/** Wakes whoever waits (the reader waiting for room, the writer waiting for answers). */
class Signal {
  private waiters: (() => void)[] = [];
  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  notify(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const resolve of w) resolve();
  }
}

export interface Summary {
  summary: true;
  lines: number;
  verdicts: Record<string, number>;
  rules: Record<string, number>;
}

/** The summary as text (written to standard error in text mode). */
export function summaryText(s: Summary): string {
  const sorted = (o: Record<string, number>) => Object.entries(o).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const lines = [`summary: ${s.lines} line${s.lines === 1 ? "" : "s"}`];
  for (const [v, n] of sorted(s.verdicts)) lines.push(`  ${String(n).padStart(9)}  ${v}`);
  if (Object.keys(s.rules).length > 0) {
    lines.push("failing rules:");
    for (const [r, n] of sorted(s.rules)) lines.push(`  ${String(n).padStart(9)}  ${r}`);
  }
  return lines.join("\n") + "\n";
}

/** A progress display on standard error (cli-progress), only when it is a terminal and standard output is not. */
function startProgress(io: Io, wanted: boolean | undefined): { bytes(n: number): void; lines(n: number): void; stop(): void } {
  const none = { bytes: () => undefined, lines: () => undefined, stop: () => undefined };
  // Standard error a terminal, and standard output not one (results scrolling on the same screen
  // would tear the bar apart).
  const show = wanted ?? (io === processIo && process.stderr.isTTY === true && process.stdout.isTTY !== true);
  if (!show) return none;
  let size = 0;
  try {
    const st = fstatSync(0);
    if (st.isFile()) size = st.size;
  } catch {
    size = 0;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cliProgress = require("cli-progress") as typeof import("cli-progress");
  const started = Date.now();
  let count = 0;
  let read = 0;
  const rate = () => Math.round(count / Math.max((Date.now() - started) / 1000, 1e-3));
  const format = size > 0 ? "{bar} {percentage}% | {count} lines | {rate} lines/s | ETA {eta_formatted}" : "{count} lines | {rate} lines/s | {duration_formatted}";
  const bar = new cliProgress.SingleBar({ format, stream: process.stderr, hideCursor: true, clearOnComplete: true, etaBuffer: 50, fps: 5 }, cliProgress.Presets.shades_classic);
  bar.start(size > 0 ? size : 1, 0, { count: 0, rate: 0 });
  return {
    bytes: (n) => {
      read += n;
      if (size > 0) bar.update(Math.min(read, size), { count, rate: rate() });
    },
    lines: (n) => {
      count += n;
      bar.update(size > 0 ? Math.min(read, size) : 0, { count, rate: rate() });
    },
    stop: () => bar.stop(),
  };
}

/**
 * Runs a batch over `io.stdin`. Resolves to true when some line was bad (exit status 1 unless
 * --exit-zero; the caller decides). With `summary`, a text summary goes to standard error, or with
 * --json a final JSON line {"summary": true, ...} goes to standard output after the results.
 * Rejects with Interrupted (SIGINT, SIGTERM), InputError (standard input could not be read, after the lines
 * read before were answered) or BatchWorkerError (no worker can start).
 */
export async function runBatch(io: Io, opts: BatchOptions): Promise<boolean> {
  const ctx = opts.reject;
  // Node reads a directory as an empty standard input: say so instead of answering nothing.
  if (io.stdin === process.stdin && isDirectory(0)) throw new InputError("cannot read standard input: it is a directory");
  const supervisor = new Supervisor(Math.max(1, opts.jobs), opts.judge, ctx, { timeoutMs: opts.lineTimeoutMs ?? DEFAULT_LINE_TIMEOUT_S * 1000, maxHeapMb: opts.lineMemoryMb ?? DEFAULT_LINE_MEMORY_MB }, (text) => io.err(text));
  supervisor.warmUp();
  const progress = startProgress(io, opts.progress);
  const summary: Summary = { summary: true, lines: 0, verdicts: {}, rules: {} };
  let anyBad = false;

  const waiting: { answers: Promise<Packed>; bytes: number }[] = [];
  let buffered = 0;
  let readingDone = false;
  let stopped: Error | null = null; // SIGINT, or the writer failed: stop reading and writing
  const changed = new Signal();
  // The writer waits for one task's answers at a time, and a stop must wake it. No promise that
  // lives for the whole run is raced against the answers: every race would leave a reaction on it
  // holding its answers until the run ends (issue 25 item 1: 5.7 million answers filled the heap).
  let wakeWriter: ((e: Error) => void) | null = null;
  const untilStopped = (answers: Promise<Packed>) =>
    new Promise<Packed>((resolve, reject) => {
      wakeWriter = reject;
      answers.then(resolve, reject);
    });
  const stop = (e: Error) => {
    stopped ??= e;
    wakeWriter?.(e);
    changed.notify();
    (io.stdin as Partial<Readable>).destroy?.();
  };

  // SIGINT (Ctrl-C) and SIGTERM (a scheduler stopping the task) stop the batch having written only
  // whole answers; the supervisor's close() stops every thread and child process. A second signal
  // exits at once (process.exit runs the hook that kills the child processes).
  const onSignal = (signal: "SIGINT" | "SIGTERM") => {
    const stopping = new Interrupted(signal);
    if (stopped) process.exit(stopping.exitCode);
    stop(stopping);
  };
  const signals = opts.signals ?? io === processIo;
  if (signals) {
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  }

  const emit = async (p: Packed) => {
    if (p.bad) anyBad = true;
    summary.lines += p.lines;
    for (const [v, n] of Object.entries(p.verdicts)) summary.verdicts[v] = (summary.verdicts[v] ?? 0) + n;
    for (const [r, n] of Object.entries(p.rules)) summary.rules[r] = (summary.rules[r] ?? 0) + n;
    progress.lines(p.lines);
    if (p.err !== "") io.err(p.err);
    if (p.out !== "") await io.out(p.out);
  };

  // The writer: the head's answers as soon as they are all there, in input order.
  const writer = (async () => {
    for (;;) {
      if (stopped) throw stopped;
      const head = waiting[0];
      if (!head) {
        if (readingDone) return;
        await changed.wait();
        continue;
      }
      const p = await untilStopped(head.answers).finally(() => (wakeWriter = null));
      if (stopped) throw stopped;
      await emit(p);
      waiting.shift();
      buffered -= head.bytes;
      changed.notify();
    }
  })();
  writer.catch((e: Error) => stop(e));

  let readError: unknown = null;
  try {
    for await (const items of readItems(io.stdin, opts.maxLineBytes, (n) => progress.bytes(n))) {
      if (stopped) break;
      for (const task of intoTasks(items)) {
        const entry = { answers: supervisor.judgeTask(task), bytes: task.reduce((n, it) => n + itemBytes(it) + LINE_OVERHEAD, 0) };
        buffered += entry.bytes;
        // Once answered, the task holds its answers instead of its lines.
        entry.answers.then(
          (p) => {
            const size = p.out.length + p.err.length + LINE_OVERHEAD * p.lines;
            buffered += size - entry.bytes;
            entry.bytes = size;
          },
          () => undefined, // the batch failed as a whole: the writer says so
        );
        waiting.push(entry);
      }
      changed.notify();
      while (buffered > MAX_BUFFERED_BYTES && waiting.length > 1 && !stopped) await changed.wait();
    }
  } catch (e) {
    if (!stopped) readError = e;
  }
  readingDone = true;
  changed.notify();
  try {
    await writer;
  } finally {
    if (signals) {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    progress.stop();
    await supervisor.close();
  }
  if (readError !== null) {
    const message = readError instanceof Error ? readError.message : String(readError);
    const before = summary.lines === 0 ? "no line was read before it" : `the ${summary.lines} line${summary.lines === 1 ? "" : "s"} read before it ${summary.lines === 1 ? "was" : "were"} answered`;
    throw new InputError(`cannot read standard input: ${message}; ${before}`);
  }
  if (opts.summary) {
    if (ctx.json) await io.out(jsonAnswer(!anyBad, summary));
    else io.err(summaryText(summary));
  }
  return anyBad;
}

/** Parses --jobs / --max-line-bytes / --line-memory values (commander option parsers): an integer in [min, max]. */
export function positiveInt(name: string, min = 1, max = Number.MAX_SAFE_INTEGER, why = ""): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (v.trim() === "" || !Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
    if (n < min || n > max) throw new InvalidArgumentError(`${name} must be ${max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`}${why}`);
    return n;
  };
}

/** Parses --line-timeout: seconds, a positive decimal number of at most `max`. */
export function positiveSeconds(name: string, max = MAX_LINE_TIMEOUT_S): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (v.trim() === "" || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a positive number of seconds`);
    if (n > max) throw new InvalidArgumentError(`${name} must be at most ${max} seconds (the timers of Node.js stop at 24.8 days)`);
    return n;
  };
}

/**
 * The ranges of the limits (issue 25 item 7: `--line-memory 1` was accepted, then every worker died
 * before its first line, an internal error). Below MIN_LINE_MEMORY_MB a judge has no room for
 * its line (the judges load in 8 MiB of heap here, not in 4); a longer --max-line-bytes than V8's longest
 * string could not become a string; a longer --line-timeout than MAX_LINE_TIMEOUT_S (plus MS_PER_MIB
 * per MiB of the longest line) would overflow Node's timers (2^31 - 1 ms), which then fire at once.
 */
export const MIN_LINE_MEMORY_MB = 64;
export const MAX_LINE_BYTES = bufferConstants.MAX_STRING_LENGTH;
export const MAX_LINE_TIMEOUT_S = 1_000_000;

/** The batch flags shared by every command with a '-' mode. */
export interface BatchFlags {
  json?: boolean;
  jobs?: number;
  summary?: boolean;
  exitZero?: boolean;
  maxLineBytes?: number;
  lineTimeout?: number;
  lineMemory?: number;
  progress?: boolean;
}

/** The flags every batch command ('-' input) shares: --jobs, --summary, --exit-zero, --max-line-bytes, --line-timeout, --line-memory, --no-progress. */
export function addBatchOptions(command: Command): Command {
  return command
    .addOption(
      new Option("--jobs <n>", `with '-': judge n lines at once (worker threads; a line over 16 KiB in a child process); at most ${availableParallelism()} here, the machine's parallelism (more is capped, with a note); output keeps input order`)
        .argParser(positiveInt("--jobs"))
        .default(1),
    )
    .addOption(new Option("--summary", "with '-': at the end, counts per verdict and per failing rule (text: on standard error; --json: a last line {\"summary\": true, ...})"))
    .addOption(new Option("--exit-zero", "exit 0 even when inputs are invalid (a pipeline stage); usage errors still exit 2, write errors 4"))
    .addOption(
      new Option("--max-line-bytes <n>", `with '-': a longer line is answered 'line too long' without being checked or kept in memory (at most ${MAX_LINE_BYTES}, V8's longest string)`)
        .argParser(positiveInt("--max-line-bytes", 1, MAX_LINE_BYTES, " (V8's longest string)"))
        .default(DEFAULT_MAX_LINE_BYTES),
    )
    .addOption(
      new Option("--line-timeout <seconds>", `with '-': the time one line may take (at most ${MAX_LINE_TIMEOUT_S}), plus ${MS_PER_MIB / 1000} s per MiB of the line above 1 MiB; a line over it is answered 'line-timeout'`)
        .argParser(positiveSeconds("--line-timeout"))
        .default(DEFAULT_LINE_TIMEOUT_S),
    )
    .addOption(
      new Option("--line-memory <MiB>", `with '-': the most memory (heap) one line may take (at least ${MIN_LINE_MEMORY_MB}); a line gets ${BASE_HEAP_TEXT}, and a line over its limit is answered 'line-out-of-memory'`)
        .argParser(positiveInt("--line-memory", MIN_LINE_MEMORY_MB, Number.MAX_SAFE_INTEGER, ": a judge cannot be loaded in less"))
        .default(DEFAULT_LINE_MEMORY_MB),
    )
    .addOption(new Option("--no-progress", "with '-': no progress display (shown on standard error only when it is a terminal and standard output is not)"));
}

export const batchHelp = `With '-' the run streams: memory stays bounded whatever the input size, and reading waits for
standard output (back-pressure). Every line gets exactly one answer, in input order (with --json,
exactly one output line; --summary adds one last line). A line that is not UTF-8 is answered
"invalid UTF-8 at byte N of the line" (N counts from 0); a line over --max-line-bytes (default
${DEFAULT_MAX_LINE_BYTES} bytes) is answered "line too long". Each line is judged in a worker thread
(a line over ${SMALL_LINE_BYTES / 1024} KiB alone, in a child process) under a time limit (--line-timeout) and a memory
limit (--line-memory) that grow with its size; a line over either, or whose thread or process
crashes, is answered with the error code line-timeout, line-out-of-memory or worker-crashed, and the
other lines are answered as usual. All of these count as invalid. Ctrl-C (SIGINT) and SIGTERM stop
having written only whole answers (exit 130, 143), and stop every child process; a read error on
standard input exits 2; a closed standard output (\`... | head -1\`) ends the run quietly; any
other write error on standard output (a full disk) is one line on standard error and exit 4, also
with --exit-zero.`;

/** Runs a batch command's '-' mode with the shared flags; resolves to true when some line was bad. */
export function runBatchCommand(io: Io, judge: JudgeSpec, record: Record<string, unknown>, flags: BatchFlags, textTo: "out" | "err" = "out"): Promise<boolean> {
  return runBatch(io, {
    judge,
    reject: { record, json: flags.json === true, textTo },
    jobs: capJobs(io, flags.jobs ?? 1),
    summary: flags.summary === true,
    exitZero: flags.exitZero === true,
    maxLineBytes: flags.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
    lineTimeoutMs: (flags.lineTimeout ?? DEFAULT_LINE_TIMEOUT_S) * 1000,
    lineMemoryMb: flags.lineMemory ?? DEFAULT_LINE_MEMORY_MB,
    // --no-progress sets false; otherwise the default (a terminal) decides.
    progress: flags.progress === false ? false : undefined,
  });
}

/**
 * The inputs given as arguments, answered in order by the judge a '-' run uses (no workers: the
 * arguments are few); resolves to true when some input was bad.
 */
export async function answerArguments(io: Io, answer: Judge, inputs: readonly string[]): Promise<boolean> {
  let anyBad = false;
  for (const input of inputs) {
    const r = await answer(input);
    if (r.bad) anyBad = true;
    if (r.err) io.err(r.err);
    if (r.out) await io.out(r.out);
  }
  return anyBad;
}

/**
 * --jobs above the machine's parallelism (os.availableParallelism()) is capped to it, with a note on
 * standard error: more threads than processors only add memory. A cap rather than a usage error, so
 * a pipeline written on a large machine still runs on a small one.
 */
export function capJobs(io: Io, jobs: number, parallelism = availableParallelism()): number {
  if (jobs <= parallelism) return jobs;
  io.err(`uri-grammars: --jobs ${jobs} is more than this machine's ${parallelism} processor${parallelism === 1 ? "" : "s"}; using --jobs ${parallelism}\n`);
  return parallelism;
}
