// The line side of batch mode (src/cli/batch.ts), shared by the main thread and the batch workers
// (src/cli/batch-worker.ts): splitting standard input into lines, the answers for lines that cannot
// be judged (not UTF-8, too long, over a time or memory limit, a crashed worker), judging a list of
// lines, and packing the answers for the trip between threads.
import { isUtf8 } from "node:buffer";
import { resolve } from "node:path";
import { jsonAnswer } from "./json";

/** What a judge says about one line. */
export interface LineResult {
  /** The text to write to standard output (ends with "\n"; exactly one line in --json mode; may be ""). */
  out: string;
  /** Text for standard error, written in input order too (normalize and resolve put text-mode errors there). */
  err?: string;
  /** Counted in the summary: "valid", "invalid", "invalid UTF-8", "too long", "timed out", ... */
  verdict: string;
  /** The failing rules, counted in the summary (empty for a valid line). */
  rules: string[];
  /** Whether the line makes the exit status 1. */
  bad: boolean;
}

/**
 * A line's judge. Most answer at once; one that asks other processes (confusion's implementations)
 * answers with a promise, which the worker awaits before the next line (the time limit covers both).
 */
export type Judge = (line: string) => LineResult | Promise<LineResult>;

/**
 * Which judge to run, in a form a worker thread can rebuild: the module (a path relative to this
 * file's directory, compiled, or absolute) and the name of a factory it exports, called with `options`.
 */
export interface JudgeSpec {
  module: string;
  factory: string;
  options: Record<string, unknown>;
}

/** How a line that cannot be judged is answered: its JSON record, or text (on standard output or error). */
export interface RejectContext {
  /** Fields put first into the --json record (for example spec and rule). */
  record: Record<string, unknown>;
  json: boolean;
  /** Text mode: where the answer for a line that could not be judged goes (default standard output). */
  textTo?: "out" | "err";
}

export type Item =
  | { line: string }
  | { problem: "utf8"; byte: number; preview: string; bytes: number; base64: string }
  | { problem: "long"; preview: string; bytes: number };

/** The size of an item in bytes (a line's UTF-16 length stands in for its UTF-8 size: at most 3x off, never more). */
export function itemBytes(item: Item): number {
  return "line" in item ? item.line.length : 0;
}

export const PREVIEW_BYTES = 64;

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

/** An answer for a line that was not judged: one JSON line (input cut to a preview), or one block of text. */
function unjudged(preview: string, bytes: number, code: string, message: string, verdict: string, ctx: RejectContext, extra: Record<string, unknown> = {}, extraRecord: Record<string, unknown> = {}): LineResult {
  const error: Record<string, unknown> = { code, message, bytes, ...extra };
  const truncated = bytes > PREVIEW_BYTES;
  if (ctx.json) {
    // `input` is the line decoded with U+FFFD for bad bytes (only its first bytes when truncated);
    // a line that is not UTF-8 also has its bytes, all of them, in `inputBase64`.
    const record = { input: preview, ...(truncated ? { truncated: true } : {}), ...extraRecord, ...ctx.record, valid: false, error };
    return { out: jsonAnswer(false, record), verdict, rules: [], bad: true };
  }
  const text = `invalid  ${JSON.stringify(preview)}${truncated ? "..." : ""}\n  ${message}\n`;
  return ctx.textTo === "err" ? { out: "", err: text, verdict, rules: [], bad: true } : { out: text, verdict, rules: [], bad: true };
}

/** The answer for a line that cannot be judged (not UTF-8, over --max-line-bytes). */
export function rejectLine(item: Exclude<Item, { line: string }>, ctx: RejectContext): LineResult {
  if (item.problem === "utf8") {
    return unjudged(item.preview, item.bytes, "invalid-utf8", `invalid UTF-8 at byte ${item.byte} of the line; the line was not checked`, "invalid UTF-8", ctx, { byte: item.byte }, { inputBase64: item.base64 });
  }
  return unjudged(item.preview, item.bytes, "line-too-long", `line too long: ${item.bytes} bytes, more than --max-line-bytes; the line was not checked`, "too long", ctx);
}

/** The first PREVIEW_BYTES bytes of a line, as the answers for unjudged lines show it. */
function previewOf(line: string): string {
  return line.length > PREVIEW_BYTES ? Buffer.from(line.slice(0, PREVIEW_BYTES), "utf8").subarray(0, PREVIEW_BYTES).toString("utf8") : line;
}

/**
 * The answer for a line a judge refuses as a whole, with the operation's error code and sentence:
 * a line over an operation's input limit (explain's input-too-long: src/request.ts MAX_TREE_INPUT).
 */
export function refusedLine(line: string, code: string, message: string, ctx: RejectContext): LineResult {
  return unjudged(previewOf(line), Buffer.byteLength(line, "utf8"), code, message, "refused", ctx);
}

/** Why a line got no judgement: over its time limit, over its memory limit, or its worker crashed or exited. */
export type LineFailure = { code: "line-timeout"; ms: number } | { code: "line-out-of-memory"; heapMb: number } | { code: "worker-crashed"; reason: string };

export const FAILURE_VERDICT: Record<LineFailure["code"], string> = {
  "line-timeout": "timed out",
  "line-out-of-memory": "out of memory",
  "worker-crashed": "worker crashed",
};

/** The answer for a line whose judging was stopped (src/cli/batch-supervisor.ts): a per-line error code and a sentence. */
export function failedLine(item: Item, failure: LineFailure, ctx: RejectContext): LineResult {
  const line = "line" in item ? item.line : item.preview;
  const bytes = "line" in item ? Buffer.byteLength(item.line, "utf8") : item.bytes;
  const preview = previewOf(line);
  const message =
    failure.code === "line-timeout"
      ? `no answer within ${failure.ms / 1000} s, the time limit for a line of ${bytes} bytes (--line-timeout); the line was not checked`
      : failure.code === "line-out-of-memory"
        ? `judging the line needed more than ${failure.heapMb} MiB of memory, the limit for a line of ${bytes} bytes (--line-memory); the line was not checked`
        : `the worker judging the line stopped (${failure.reason}); the line was not checked`;
  const extra = failure.code === "line-timeout" ? { limitMs: failure.ms } : failure.code === "line-out-of-memory" ? { limitMiB: failure.heapMb } : {};
  return unjudged(preview, bytes, failure.code, message, FAILURE_VERDICT[failure.code], ctx, extra);
}

/** Splits a byte stream into items, constant memory apart from the current line (at most maxLineBytes). */
export async function* readItems(stream: NodeJS.ReadableStream, maxLineBytes: number, onBytes: (n: number) => void = () => undefined, batchLines = 256): AsyncGenerator<Item[]> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false; // the current line is over the limit: count its bytes, keep only a preview
  let preview: Buffer = Buffer.alloc(0);
  const preview64 = (b: Buffer) => b.subarray(0, PREVIEW_BYTES).toString("utf8");
  const lineItem = (bytes: Buffer): Item => {
    if (bytes.length > maxLineBytes) return { problem: "long", preview: preview64(bytes), bytes: bytes.length };
    if (isUtf8(bytes)) return { line: bytes.toString("utf8") };
    return { problem: "utf8", byte: firstInvalidUtf8(bytes), preview: preview64(bytes), bytes: bytes.length, base64: bytes.toString("base64") };
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
        if (items.length >= batchLines) yield items.splice(0);
      }
      from = last + 1;
    } else {
      for (let nl = chunk.indexOf(0x0a, from); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
        endLine(chunk, from, nl, items);
        from = nl + 1;
        if (items.length >= batchLines) yield items.splice(0);
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

/** Rebuilds a judge from its spec (in a worker thread, or in the main thread for single inputs). */
export function loadJudge(spec: JudgeSpec): Judge {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(resolve(__dirname, spec.module)) as Record<string, (o: Record<string, unknown>) => Judge>;
  if (typeof mod[spec.factory] !== "function") throw new Error(`${spec.module} exports no judge factory ${spec.factory}`);
  return mod[spec.factory](spec.options);
}

/**
 * Judges one item; never throws, and a promise it returns never rejects (an unexpected exception
 * becomes an "internal error" answer for that line). A judge that answers at once is answered at
 * once: no promise, no microtask per line.
 */
export function judgeItem(judge: Judge, item: Item, ctx: RejectContext): LineResult | Promise<LineResult> {
  if (!("line" in item)) return rejectLine(item, ctx);
  const line = item.line;
  try {
    const r = judge(line);
    return r instanceof Promise ? r.catch((e: unknown) => internalError(line, e, ctx)) : r;
  } catch (e) {
    return internalError(line, e, ctx);
  }
}

function internalError(line: string, e: unknown, ctx: RejectContext): LineResult {
  const message = `internal error: ${e instanceof Error ? e.message : String(e)}`;
  if (ctx.json) return { out: jsonAnswer(false, { input: line, ...ctx.record, valid: false, error: { code: "internal", message } }), verdict: "internal error", rules: [], bad: true };
  const text = `invalid  ${JSON.stringify(line)}\n  ${message}\n`;
  return ctx.textTo === "err" ? { out: "", err: text, verdict: "internal error", rules: [], bad: true } : { out: text, verdict: "internal error", rules: [], bad: true };
}

/** The answers of some lines, packed for the trip from a worker: the text, and the counts for the summary. */
export interface Packed {
  out: string;
  err: string;
  lines: number;
  bad: boolean;
  verdicts: Record<string, number>;
  rules: Record<string, number>;
}

export function pack(results: LineResult[]): Packed {
  const p: Packed = { out: "", err: "", lines: results.length, bad: false, verdicts: {}, rules: {} };
  for (const r of results) {
    p.out += r.out;
    if (r.err) p.err += r.err;
    if (r.bad) p.bad = true;
    p.verdicts[r.verdict] = (p.verdicts[r.verdict] ?? 0) + 1;
    for (const rule of r.rules) p.rules[rule] = (p.rules[rule] ?? 0) + 1;
  }
  return p;
}

/** Packs several packs, in order, into one. */
export function concatPacked(parts: Packed[]): Packed {
  if (parts.length === 1) return parts[0];
  const p: Packed = { out: "", err: "", lines: 0, bad: false, verdicts: {}, rules: {} };
  for (const q of parts) {
    p.out += q.out;
    p.err += q.err;
    p.lines += q.lines;
    if (q.bad) p.bad = true;
    for (const [v, n] of Object.entries(q.verdicts)) p.verdicts[v] = (p.verdicts[v] ?? 0) + n;
    for (const [r, n] of Object.entries(q.rules)) p.rules[r] = (p.rules[r] ?? 0) + n;
  }
  return p;
}

/**
 * Frames on a byte stream between the supervisor and a child process (src/cli/batch-child.ts): a
 * header, one line of JSON with `size`, then `size` bytes of payload. Large lines travel this way
 * (Node's IPC channel takes about half a second per MB).
 */
export class FrameReader<H extends { size: number }> {
  private chunks: Buffer[] = [];
  private have = 0;
  private header: H | null = null;
  constructor(private readonly onFrame: (header: H, payload: Buffer) => void) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.have += chunk.length;
    for (;;) {
      if (this.header === null) {
        const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
        const nl = all.indexOf(0x0a);
        if (nl === -1) {
          this.chunks = [all];
          return;
        }
        this.header = JSON.parse(all.toString("utf8", 0, nl)) as H;
        const rest = all.subarray(nl + 1);
        this.chunks = rest.length > 0 ? [rest] : [];
        this.have = rest.length;
      }
      if (this.have < this.header.size) return;
      const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
      const header = this.header;
      this.header = null;
      const rest = all.subarray(header.size);
      this.chunks = rest.length > 0 ? [rest] : [];
      this.have = rest.length;
      this.onFrame(header, all.subarray(0, header.size));
    }
  }
}

/** A frame: its header line and its payload, as bytes to write. */
export function frame(header: Record<string, unknown>, payload: Buffer[] = []): Buffer[] {
  const size = payload.reduce((n, b) => n + b.length, 0);
  return [Buffer.from(JSON.stringify({ ...header, size }) + "\n"), ...payload];
}

/**
 * Items packed for the trip to a worker thread: the lines joined with "\n" (no line holds one), and
 * the items that are not lines by index. Cloning one string is about 100 times cheaper than cloning
 * 256 objects.
 */
export interface PackedItems {
  text: string;
  others: [number, Item][];
}

export function packItems(items: Item[]): PackedItems {
  const others: [number, Item][] = [];
  const lines = items.map((item, i) => {
    if ("line" in item) return item.line;
    others.push([i, item]);
    return "";
  });
  return { text: lines.join("\n"), others };
}

export function unpackItems(p: PackedItems): Item[] {
  const items: Item[] = p.text.split("\n").map((line) => ({ line }));
  for (const [i, item] of p.others) items[i] = item;
  return items;
}
