// Batch mode for `check -` and `compare -`: standard input is read as a stream of lines, each line is
// judged by a pure line -> output function (a "judge"), and the outputs are written in input order.
//
// Contract (issue 8, item 4):
// - exactly one result per input line: --json writes exactly one line per input line; text mode
//   writes one block per input line (an invalid line may take several lines of text);
// - a line is the bytes before "\n"; one "\r" directly before the "\n" is removed and nothing else
//   (a "\r" elsewhere, a final "\r" without "\n", NUL bytes, spaces: all data);
// - a line that is not valid UTF-8 is answered "invalid UTF-8 at byte N of the line" (N 0-based),
//   a line longer than --max-line-bytes is answered "line too long" without being kept in memory;
// - memory is bounded: at most `jobs * 4` batches (of at most BATCH_LINES lines) are in flight,
//   and reading pauses until the oldest batch is written (back-pressure from standard output);
// - with --jobs N > 1 the judging runs on N worker threads (node:worker_threads, which load the
//   compiled dist/src); output order is still input order.
import { isUtf8 } from "node:buffer";
import { fstatSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { InvalidArgumentError, Option, type Command } from "commander";
import { processIo, type Io } from "./io";

/** What a judge says about one line. */
export interface LineResult {
  /** The text to write (ends with "\n"; exactly one line in --json mode). */
  out: string;
  /** Counted in the summary: "valid", "invalid", "invalid UTF-8", "too long", ... */
  verdict: string;
  /** The failing rules, counted in the summary (empty for a valid line). */
  rules: string[];
  /** Whether the line makes the exit status 1. */
  bad: boolean;
}

export type Judge = (line: string) => LineResult;

/**
 * Which judge to run, in a form a worker thread can rebuild: the module (relative to this file's
 * directory, compiled) and the name of a factory it exports, called with `options`.
 */
export interface JudgeSpec {
  module: string;
  factory: string;
  options: Record<string, unknown>;
}

/** A line that cannot be judged (not UTF-8, too long): its JSON record and its text. */
export interface RejectContext {
  /** Fields put first into the --json record (for example spec and rule). */
  record: Record<string, unknown>;
  json: boolean;
}

export interface BatchOptions {
  judge: JudgeSpec;
  reject: RejectContext;
  jobs: number;
  summary: boolean;
  exitZero: boolean;
  maxLineBytes: number;
  /** Show a progress display; by default only when standard error is a terminal. */
  progress?: boolean;
}

/** 64 MiB: above the 10 MB scaling inputs of item 3, and bounds the memory one line can take. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
const BATCH_LINES = 256;

export type Item = { line: string } | { problem: "utf8"; byte: number; preview: string; bytes: number } | { problem: "long"; preview: string; bytes: number };

const PREVIEW_BYTES = 64;

/** The first byte offset at which `bytes` is not well-formed UTF-8 (RFC 3629 §4), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0; // no overlong forms
      if (b === 0xed) hi = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f; // nothing above U+10FFFF
    } else return i;
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return i;
      const c = bytes[i + k];
      if (c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** The answer for a line that cannot be judged: one JSON line, or one block of text. */
export function rejectLine(item: Exclude<Item, { line: string }>, ctx: RejectContext): LineResult {
  const message =
    item.problem === "utf8"
      ? `invalid UTF-8 at byte ${item.byte} of the line; the line was not checked`
      : `line too long: ${item.bytes} bytes, more than --max-line-bytes; the line was not checked`;
  const verdict = item.problem === "utf8" ? "invalid UTF-8" : "too long";
  const error: Record<string, unknown> = { code: item.problem === "utf8" ? "invalid-utf8" : "line-too-long", message, bytes: item.bytes };
  if (item.problem === "utf8") error.byte = item.byte;
  const truncated = item.bytes > PREVIEW_BYTES;
  if (ctx.json) {
    // `input` is the line decoded with U+FFFD for bad bytes (only its first bytes when truncated).
    const record = { input: item.preview, ...(truncated ? { truncated: true } : {}), ...ctx.record, valid: false, error };
    return { out: JSON.stringify(record) + "\n", verdict, rules: [], bad: true };
  }
  return { out: `invalid  ${JSON.stringify(item.preview)}${truncated ? "..." : ""}\n  ${message}\n`, verdict, rules: [], bad: true };
}

/** Splits a byte stream into items, constant memory apart from the current line (at most maxLineBytes). */
export async function* readItems(stream: NodeJS.ReadableStream, maxLineBytes: number, onBytes: (n: number) => void = () => undefined): AsyncGenerator<Item[]> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false; // the current line is over the limit: count its bytes, keep only a preview
  let preview: Buffer = Buffer.alloc(0);
  const preview64 = (b: Buffer) => b.subarray(0, PREVIEW_BYTES).toString("utf8");
  const lineItem = (bytes: Buffer): Item => {
    if (bytes.length > maxLineBytes) return { problem: "long", preview: preview64(bytes), bytes: bytes.length };
    if (isUtf8(bytes)) return { line: bytes.toString("utf8") };
    return { problem: "utf8", byte: firstInvalidUtf8(bytes), preview: preview64(bytes), bytes: bytes.length };
  };
  // The end of a line at byte `nl` of `chunk` (strip one "\r" before the "\n").
  const endLine = (chunk: Buffer, from: number, nl: number, out: Item[]) => {
    if (skipping) {
      out.push({ problem: "long", preview: preview.toString("utf8"), bytes: pendingBytes + (nl - from) });
      skipping = false;
      pendingBytes = 0;
      return;
    }
    let bytes = pending.length === 0 ? chunk.subarray(from, nl) : Buffer.concat([...pending, chunk.subarray(from, nl)]);
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    pending = [];
    pendingBytes = 0;
    out.push(lineItem(bytes));
  };
  for await (const raw of stream as AsyncIterable<Buffer | string>) {
    const chunk = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
    onBytes(chunk.length);
    const items: Item[] = [];
    let from = 0;
    const last = chunk.lastIndexOf(0x0a);
    if (last !== -1 && pending.length === 0 && !skipping && isUtf8(chunk.subarray(0, last))) {
      // Fast path: the complete lines of this chunk are all UTF-8: decode once, split the string.
      const text = chunk.toString("utf8", 0, last);
      const bigLine = maxLineBytes / 3; // a line of fewer characters cannot have more bytes
      for (let line of text.split("\n")) {
        if (line.length > 0 && line.charCodeAt(line.length - 1) === 0x0d) line = line.slice(0, -1);
        if (line.length > bigLine && Buffer.byteLength(line, "utf8") > maxLineBytes) items.push(lineItem(Buffer.from(line, "utf8")));
        else items.push({ line });
        if (items.length >= BATCH_LINES) yield items.splice(0);
      }
      from = last + 1;
    } else {
      for (let nl = chunk.indexOf(0x0a, from); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
        endLine(chunk, from, nl, items);
        from = nl + 1;
        if (items.length >= BATCH_LINES) yield items.splice(0);
      }
    }
    if (from < chunk.length) {
      const rest = chunk.subarray(from);
      if (skipping) pendingBytes += rest.length;
      else if (pendingBytes + rest.length > maxLineBytes + 1) {
        // Over the limit (+1: a "\r" may still be stripped): keep only a preview and a byte count.
        const all = Buffer.concat([...pending, rest]);
        preview = Buffer.from(all.subarray(0, PREVIEW_BYTES));
        pendingBytes = all.length;
        pending = [];
        skipping = true;
      } else {
        pending.push(Buffer.from(rest)); // copy: do not keep the whole chunk alive
        pendingBytes += rest.length;
      }
    }
    if (items.length > 0) yield items;
  }
  // The last line has no "\n": no "\r" is removed from it.
  if (skipping) yield [{ problem: "long", preview: preview.toString("utf8"), bytes: pendingBytes }];
  else if (pendingBytes > 0) yield [lineItem(Buffer.concat(pending))];
}

/** Rebuilds a judge from its spec (in the main thread or in a worker). */
export function loadJudge(spec: JudgeSpec): Judge {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(join(__dirname, spec.module)) as Record<string, (o: Record<string, unknown>) => Judge>;
  return mod[spec.factory](spec.options);
}

/** Judges a batch; never throws (an unexpected exception becomes an "internal error" answer for that line). */
export function judgeItems(judge: Judge, items: Item[], ctx: RejectContext): LineResult[] {
  return items.map((item) => {
    if (!("line" in item)) return rejectLine(item, ctx);
    try {
      return judge(item.line);
    } catch (e) {
      const message = `internal error: ${e instanceof Error ? e.message : String(e)}`;
      const out = ctx.json ? JSON.stringify({ input: item.line, ...ctx.record, valid: false, error: { code: "internal", message } }) + "\n" : `invalid  ${JSON.stringify(item.line)}\n  ${message}\n`;
      return { out, verdict: "internal error", rules: [], bad: true };
    }
  });
}

/** The answers of one batch, packed for the trip from a worker: the text, and the counts for the summary. */
export interface Packed {
  out: string;
  lines: number;
  bad: boolean;
  verdicts: Record<string, number>;
  rules: Record<string, number>;
}

export function pack(results: LineResult[]): Packed {
  const p: Packed = { out: "", lines: results.length, bad: false, verdicts: {}, rules: {} };
  for (const r of results) {
    p.out += r.out;
    if (r.bad) p.bad = true;
    p.verdicts[r.verdict] = (p.verdicts[r.verdict] ?? 0) + 1;
    for (const rule of r.rules) p.rules[rule] = (p.rules[rule] ?? 0) + 1;
  }
  return p;
}

/** A pool of worker threads; each batch goes to the worker with the fewest batches outstanding. */
class Pool {
  private workers: { worker: Worker; outstanding: number }[] = [];
  private waiting = new Map<number, { resolve: (r: Packed) => void; reject: (e: unknown) => void }>();
  private nextId = 0;
  private failed: unknown = undefined;
  private closing = false;
  constructor(n: number, judge: JudgeSpec, ctx: RejectContext) {
    for (let i = 0; i < n; i++) {
      const worker = new Worker(join(__dirname, "batch-worker.js"), { workerData: { judge, ctx } });
      const slot = { worker, outstanding: 0 };
      worker.on("message", (m: { id: number; results: Packed }) => {
        slot.outstanding--;
        const w = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        w?.resolve(m.results);
      });
      // A worker that dies fails the run (exit status 3 from bin/uri-grammars), never a silent gap.
      const fail = (e: unknown) => {
        this.failed ??= e;
        for (const w of this.waiting.values()) w.reject(this.failed);
        this.waiting.clear();
      };
      worker.on("error", fail);
      worker.on("exit", (code) => {
        if (!this.closing) fail(new Error(`batch worker exited with code ${code}`));
      });
      this.workers.push(slot);
    }
  }
  run(items: Item[]): Promise<Packed> {
    const slot = this.workers.reduce((a, b) => (b.outstanding < a.outstanding ? b : a));
    if (this.failed !== undefined) return Promise.reject(this.failed);
    const id = this.nextId++;
    slot.outstanding++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      slot.worker.postMessage({ id, items });
    });
  }
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
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
 */
export async function runBatch(io: Io, opts: BatchOptions): Promise<boolean> {
  const ctx = opts.reject;
  const jobs = Math.max(1, opts.jobs);
  const pool = jobs > 1 ? new Pool(jobs, opts.judge, ctx) : null;
  const judge = pool ? null : loadJudge(opts.judge);
  const run = (items: Item[]): Promise<Packed> => (pool ? pool.run(items) : Promise.resolve(pack(judgeItems(judge!, items, ctx))));
  const progress = startProgress(io, opts.progress);
  const summary: Summary = { summary: true, lines: 0, verdicts: {}, rules: {} };
  let anyBad = false;
  const emit = async (p: Packed) => {
    if (p.bad) anyBad = true;
    summary.lines += p.lines;
    for (const [v, n] of Object.entries(p.verdicts)) summary.verdicts[v] = (summary.verdicts[v] ?? 0) + n;
    for (const [r, n] of Object.entries(p.rules)) summary.rules[r] = (summary.rules[r] ?? 0) + n;
    progress.lines(p.lines);
    if (p.out !== "") await io.out(p.out);
  };
  const inFlight: Promise<Packed>[] = [];
  const maxInFlight = jobs * 4;
  try {
    for await (const items of readItems(io.stdin, opts.maxLineBytes, (n) => progress.bytes(n))) {
      inFlight.push(run(items));
      while (inFlight.length >= maxInFlight) await emit(await inFlight.shift()!);
      if (!pool) await emit(await inFlight.shift()!);
    }
    while (inFlight.length > 0) await emit(await inFlight.shift()!);
  } finally {
    for (const p of inFlight) p.catch(() => undefined); // after a failure: no unhandled rejections
    progress.stop();
    await pool?.close();
  }
  if (opts.summary) {
    if (ctx.json) await io.out(JSON.stringify(summary) + "\n");
    else io.err(summaryText(summary));
  }
  return anyBad;
}

/** Parses --jobs / --max-line-bytes values (commander option parsers). */
export function positiveInt(name: string): (v: string) => number {
  return (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) {
      throw new InvalidArgumentError(`${name} must be a positive integer`);
    }
    return n;
  };
}

/** The batch flags shared by `check -` and `compare -`. */
export interface BatchFlags {
  json?: boolean;
  jobs?: number;
  summary?: boolean;
  exitZero?: boolean;
  maxLineBytes?: number;
  progress?: boolean;
}

/** The flags every batch command ('-' input) shares: --jobs, --summary, --exit-zero, --max-line-bytes, --no-progress. */
export function addBatchOptions(command: Command): Command {
  return command
    .addOption(new Option("--jobs <n>", "with '-': judge lines on n worker threads; output keeps input order").argParser(positiveInt("--jobs")).default(1))
    .addOption(new Option("--summary", "with '-': at the end, counts per verdict and per failing rule (text: on standard error; --json: a last line {\"summary\": true, ...})"))
    .addOption(new Option("--exit-zero", "exit 0 even when inputs are invalid (a pipeline stage); usage errors still exit 2"))
    .addOption(
      new Option("--max-line-bytes <n>", "with '-': a longer line is answered 'line too long' without being checked or kept in memory").argParser(positiveInt("--max-line-bytes")).default(DEFAULT_MAX_LINE_BYTES),
    )
    .addOption(new Option("--no-progress", "with '-': no progress display (shown on standard error only when it is a terminal and standard output is not)"));
}

export const batchHelp = `With '-' the run streams: memory stays bounded whatever the input size, and reading waits for
standard output (back-pressure). A line that is not UTF-8 is answered "invalid UTF-8 at byte N of
the line" (N counts from 0); a line over --max-line-bytes (default ${DEFAULT_MAX_LINE_BYTES} bytes,
which bounds the memory one line may take) is answered "line too long"; both count as invalid.
With --json every input line gets exactly one output line (and --summary adds one last line).`;

/** Runs a batch command's '-' mode with the shared flags; resolves to true when some line was bad. */
export function runBatchCommand(io: Io, judge: JudgeSpec, record: Record<string, unknown>, flags: BatchFlags): Promise<boolean> {
  return runBatch(io, {
    judge,
    reject: { record, json: flags.json === true },
    jobs: flags.jobs ?? 1,
    summary: flags.summary === true,
    exitZero: flags.exitZero === true,
    maxLineBytes: flags.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
    // --no-progress sets false; otherwise the default (a terminal) decides.
    progress: flags.progress === false ? false : undefined,
  });
}
