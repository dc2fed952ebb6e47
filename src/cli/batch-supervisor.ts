// The supervisor of batch mode (src/cli/batch.ts): judges lines in worker threads, each line under a
// time limit and a memory limit that grow with its size, and answers every line whatever a worker
// does.
//
// - Lines are judged in tasks: up to TASK_LINES consecutive lines of up to SMALL_LINE_BYTES (and
//   TASK_BYTES in all), or one larger line alone, so a slow large line holds up no line judged with
//   it. A worker holds one task at a time.
// - Each worker has resourceLimits (maxOldGenerationSizeMb) fitted to the largest line of its task:
//   heapFor(chars) = BASE_HEAP_MB + HEAP_PER_CHAR x chars, rounded up to HEAP_STEP_MB, at most
//   --line-memory. Workers of one size are reused; the sum of the limits of the live workers stays
//   within a budget (half the machine's memory, or one --line-memory when that is more).
// - Before each line the worker writes the line's index and the time into shared memory; a timer per
//   worker terminates it when the line is older than timeFor(chars) = --line-timeout + MS_PER_MIB per
//   MiB (V8 stops even a backtracking regex).
// - A worker that goes over either limit, throws outside a judge, or exits is replaced. The line it
//   was judging is answered with a per-line error (line-timeout, line-out-of-memory, worker-crashed:
//   src/cli/batch-lines.ts failedLine); the other lines of its task are judged again by a fresh worker.
//   A worker that dies before starting any line (a broken install) is retried MAX_START_FAILURES
//   times, then the batch fails with that error: never a silent gap, never a loop.
// - Answers keep input order: the caller gets, per task, a promise of its answers, which always
//   resolves (unless the batch fails as a whole).
import { totalmem } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { concatPacked, failedLine, itemBytes, pack, type Item, type JudgeSpec, type LineFailure, type Packed, type RejectContext } from "./batch-lines";

/** Lines longer than this (in UTF-16 units) are judged alone. */
export const SMALL_LINE_BYTES = 64 * 1024;
const TASK_LINES = 256;
const TASK_BYTES = 1024 * 1024;

/** The heap every worker gets (the judge's code and tables take about 60 MiB). */
export const BASE_HEAP_MB = 512;
/** Heap per character of the line: a valid 64 MiB line takes about 57 bytes per character in today's parser. */
export const HEAP_PER_CHAR = 64;
const HEAP_STEP_MB = 512;
/** Time per MiB of the line, on top of --line-timeout: today's parser takes 0.5 to 1.5 s per MiB of a valid line. */
export const MS_PER_MIB = 2000;
/** Default --line-timeout, seconds. */
export const DEFAULT_LINE_TIMEOUT_S = 30;
/** Default --line-memory, MiB: enough for a valid 64 MiB line, at most half the machine's memory. */
export const DEFAULT_LINE_MEMORY_MB = Math.max(1024, Math.min(4608, Math.floor(totalmem() / 2 / 2 ** 20)));
/** A worker that has not started its task this long after it was given it is stuck starting. */
const START_LIMIT_MS = 60_000;
const MAX_START_FAILURES = 3;
const MIB = 1024 * 1024;

export interface LineLimits {
  /** --line-timeout in ms: the time a line of up to 1 MiB may take; MS_PER_MIB more per MiB above. */
  timeoutMs: number;
  /** --line-memory in MiB: the most heap any one line may get. */
  maxHeapMb: number;
  /** Sum of the heap limits of the live workers (MiB); default max(maxHeapMb, half the machine's memory). */
  budgetMb?: number;
}

/** The heap limit for a task whose largest line has `chars` characters. */
export function heapFor(chars: number, limits: LineLimits): number {
  const need = BASE_HEAP_MB + (HEAP_PER_CHAR * chars) / MIB;
  return Math.min(limits.maxHeapMb, Math.ceil(need / HEAP_STEP_MB) * HEAP_STEP_MB);
}

/** The time limit of one line of `chars` characters, in ms. */
export function timeFor(chars: number, limits: LineLimits): number {
  return Math.round(limits.timeoutMs + (MS_PER_MIB * Math.max(0, chars - MIB)) / MIB);
}

/** Cuts a run of items into tasks: small lines together (TASK_LINES, TASK_BYTES), each large line alone. */
export function intoTasks(items: Item[]): Item[][] {
  const tasks: Item[][] = [];
  let current: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    const n = itemBytes(item);
    if (n > SMALL_LINE_BYTES) {
      if (current.length > 0) tasks.push(current);
      tasks.push([item]);
      current = [];
      bytes = 0;
      continue;
    }
    if (current.length >= TASK_LINES || (bytes + n > TASK_BYTES && current.length > 0)) {
      tasks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += n;
  }
  if (current.length > 0) tasks.push(current);
  return tasks;
}

/** The batch failed as a whole (workers that cannot start): the run ends with exit status 3. */
export class BatchWorkerError extends Error {}

interface Task {
  id: number;
  items: Item[];
  heapMb: number;
  /** The answers so far, in order: a Packed, or a task still to run (after a replacement: the rest of the lines). */
  owner: Job;
}

interface Job {
  parts: (Packed | Task)[];
  resolve: (p: Packed) => void;
}

interface Slot {
  worker: Worker;
  heapMb: number;
  /** [0]: the id of the task being judged; [1]: 1 + the index of its line being judged. */
  progress: Int32Array;
  /** [0]: Date.now() when that line started. */
  startedAt: Float64Array;
  task: Task | null;
  givenAt: number;
  timer: NodeJS.Timeout | null;
  /** Why the worker is going away (set before its exit event). */
  failure: LineFailure | null;
  retiring: boolean;
}

const isTask = (p: Packed | Task): p is Task => "items" in p;

export class Supervisor {
  private slots = new Set<Slot>();
  private queue: Task[] = [];
  private nextId = 1;
  private startFailures = 0;
  private fatal: Error | null = null;
  private closed = false;
  private readonly budgetMb: number;
  private readonly fail: (e: Error) => void;
  /** Resolves when the batch fails as a whole (race it against the answers). */
  readonly failed: Promise<never>;

  constructor(
    private readonly jobs: number,
    private readonly judge: JudgeSpec,
    private readonly ctx: RejectContext,
    private readonly limits: LineLimits,
    /** Where a worker's standard output goes (never into the answers on standard output). */
    private readonly stray: (text: string) => void = () => undefined,
    private readonly workerFile = join(__dirname, "batch-worker.js"),
  ) {
    this.budgetMb = limits.budgetMb ?? Math.max(limits.maxHeapMb, Math.floor(totalmem() / 2 / MIB));
    let fail: (e: Error) => void = () => undefined;
    this.failed = new Promise<never>((_, reject) => (fail = reject));
    this.failed.catch(() => undefined);
    this.fail = fail;
  }

  /** Starts a worker ahead of the first line (its start overlaps reading). */
  warmUp(): void {
    if (this.slots.size === 0) this.spawn(heapFor(0, this.limits));
  }

  /** Judges `items` (one task of intoTasks()); resolves to their answers in order, whatever happens to workers. */
  judgeTask(items: Item[]): Promise<Packed> {
    return new Promise<Packed>((resolve) => {
      const job: Job = { parts: [], resolve };
      const task = this.newTask(items, job);
      job.parts.push(task);
      this.queue.push(task);
      this.dispatch();
    });
  }

  private newTask(items: Item[], owner: Job): Task {
    const largest = items.reduce((m, it) => Math.max(m, itemBytes(it)), 0);
    return { id: this.nextId++, items, heapMb: heapFor(largest, this.limits), owner };
  }

  private liveHeapMb(): number {
    let sum = 0;
    for (const s of this.slots) sum += s.heapMb;
    return sum;
  }

  /** Gives queued tasks to idle workers of their size, starting or retiring workers within --jobs and the memory budget. */
  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed && !this.fatal) {
      const task = this.queue[0];
      let slot = [...this.slots].find((s) => s.task === null && !s.retiring && s.heapMb === task.heapMb);
      if (!slot) {
        // Make room: retire idle workers of other sizes while over --jobs or the memory budget.
        const idle = [...this.slots].filter((s) => s.task === null && !s.retiring && s.heapMb !== task.heapMb);
        while (idle.length > 0 && (this.liveCount() >= this.jobs || this.liveHeapMb() + task.heapMb > this.budgetMb)) this.retire(idle.pop()!);
        const busy = this.liveCount();
        if (busy >= this.jobs) return;
        if (busy > 0 && this.liveHeapMb() + task.heapMb > this.budgetMb) return; // wait for memory
        slot = this.spawn(task.heapMb);
      }
      this.queue.shift();
      this.give(slot, task);
    }
  }

  private liveCount(): number {
    let n = 0;
    for (const s of this.slots) if (!s.retiring) n++;
    return n;
  }

  private spawn(heapMb: number): Slot {
    const shared = new SharedArrayBuffer(16);
    const progress = new Int32Array(shared, 0, 2);
    const startedAt = new Float64Array(shared, 8, 1);
    const worker = new Worker(this.workerFile, {
      workerData: { judge: this.judge, ctx: this.ctx, shared },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      stdout: true,
    });
    worker.stdout.on("data", (d: Buffer) => this.stray(d.toString("utf8")));
    const slot: Slot = { worker, heapMb, progress, startedAt, task: null, givenAt: 0, timer: null, failure: null, retiring: false };
    worker.on("message", (m: { id: number; packed: Packed }) => this.done(slot, m));
    worker.on("error", (e: Error & { code?: string }) => {
      slot.failure ??= e.code === "ERR_WORKER_OUT_OF_MEMORY" ? { code: "line-out-of-memory", heapMb } : { code: "worker-crashed", reason: `it threw ${e.message.split("\n")[0]}` };
    });
    worker.on("exit", (code) => this.gone(slot, code));
    this.slots.add(slot);
    return slot;
  }

  private give(slot: Slot, task: Task): void {
    slot.task = task;
    slot.givenAt = Date.now();
    slot.worker.postMessage({ id: task.id, items: task.items });
    this.watch(slot, this.limits.timeoutMs);
  }

  /** The watchdog of one busy worker: stops it when its current line is over its time limit. */
  private watch(slot: Slot, delay: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      slot.timer = null;
      const task = slot.task;
      if (!task || slot.failure) return;
      const now = Date.now();
      if (Atomics.load(slot.progress, 0) !== task.id) {
        // Not started yet (the worker is loading): only a stuck start is stopped.
        if (now - slot.givenAt > START_LIMIT_MS) this.stop(slot, { code: "worker-crashed", reason: `it did not start within ${START_LIMIT_MS / 1000} s` });
        else this.watch(slot, Math.min(this.limits.timeoutMs, START_LIMIT_MS));
        return;
      }
      const index = Math.min(task.items.length - 1, Math.max(0, Atomics.load(slot.progress, 1) - 1));
      const limit = timeFor(itemBytes(task.items[index]), this.limits);
      const due = slot.startedAt[0] + limit;
      if (now >= due) this.stop(slot, { code: "line-timeout", ms: limit });
      else this.watch(slot, due - now + 1);
    }, delay);
    slot.timer.unref?.();
  }

  private stop(slot: Slot, failure: LineFailure): void {
    slot.failure ??= failure;
    void slot.worker.terminate();
  }

  private retire(slot: Slot): void {
    slot.retiring = true;
    void slot.worker.terminate();
  }

  private done(slot: Slot, m: { id: number; packed: Packed }): void {
    const task = slot.task;
    if (!task || task.id !== m.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    this.startFailures = 0;
    this.settle(task, [m.packed]);
    // A worker sized for a large line is retired when no queued task needs its size.
    if (slot.heapMb !== heapFor(0, this.limits) && !this.queue.some((t) => t.heapMb === slot.heapMb)) this.retire(slot);
    this.dispatch();
  }

  /** Replaces a task in its job by what became of it; resolves the job when nothing is left to run. */
  private settle(task: Task, replacement: (Packed | Task)[]): void {
    const job = task.owner;
    const at = job.parts.indexOf(task);
    job.parts.splice(at, 1, ...replacement);
    if (!job.parts.some(isTask)) job.resolve(concatPacked(job.parts as Packed[]));
  }

  private gone(slot: Slot, code: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    this.slots.delete(slot);
    const task = slot.task;
    slot.task = null;
    if (!task || this.closed) {
      this.dispatch();
      return;
    }
    const started = Atomics.load(slot.progress, 0) === task.id;
    const index = started ? Math.min(task.items.length - 1, Atomics.load(slot.progress, 1) - 1) : -1;
    if (index < 0) {
      // It died before its first line: not a line's doing. Retry the task, a few times.
      this.startFailures++;
      const why = slot.failure?.code === "worker-crashed" ? slot.failure.reason : slot.failure ? slot.failure.code : `it exited with code ${code}`;
      if (this.startFailures >= MAX_START_FAILURES) {
        this.fatal = new BatchWorkerError(`batch workers stop before judging any line (${why}); ${MAX_START_FAILURES} tries`);
        this.fail(this.fatal);
        return;
      }
      this.queue.unshift(task);
      this.dispatch();
      return;
    }
    // The line being judged gets its answer; the others are judged again, first in the queue.
    const failure: LineFailure = slot.failure ?? { code: "worker-crashed", reason: `it exited with code ${code}` };
    const before = task.items.slice(0, index);
    const after = task.items.slice(index + 1);
    const parts: (Packed | Task)[] = [];
    const retry: Task[] = [];
    for (const items of [before, null, after]) {
      if (items === null) parts.push(pack([failedLine(task.items[index], failure, this.ctx)]));
      else if (items.length > 0) {
        const t = this.newTask(items, task.owner);
        parts.push(t);
        retry.push(t);
      }
    }
    this.queue.unshift(...retry);
    this.settle(task, parts);
    this.dispatch();
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.slots];
    for (const s of all) if (s.timer) clearTimeout(s.timer);
    await Promise.all(all.map((s) => s.worker.terminate()));
  }
}
