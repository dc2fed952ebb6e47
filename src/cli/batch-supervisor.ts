// The supervisor of batch mode (src/cli/batch.ts): judges lines in worker threads and child
// processes, each line under a time limit and a memory limit that grow with its size, and answers
// every line whatever happens to the thread or process judging it.
//
// - Lines are judged in tasks: up to TASK_LINES consecutive lines of up to SMALL_LINE_BYTES
//   (TASK_BYTES in all), or one larger line alone, so a slow large line holds up no line judged with it.
//   A judging unit holds one task at a time; at most --jobs units are busy at once.
// - Small lines go to worker threads (fast to start, cheap to talk to). Before each line the worker
//   writes the task id, the line's index and the time into memory shared with the supervisor.
// - A large line goes to a child process (src/cli/batch-child.ts) started with --max-old-space-size
//   (the line and its answer travel as frames on pipes: src/cli/batch-lines.ts FrameReader):
//   running out of memory is the expected failure of today's parser on a large rejected line, and
//   V8 contains it reliably only at a process boundary. A worker thread's resourceLimits are
//   best-effort: depending on the shape of the allocation, a worker over its limit can abort the
//   whole process ("FATAL ERROR: Reached heap limit", nodejs/node#47224).
// - Memory: heapFor(chars) = BASE_HEAP_MB, plus HEAP_PER_CHAR x chars in steps of HEAP_STEP_MB for a
//   large line, at most --line-memory; the sum of the limits of the live units stays within a budget (half the
//   machine's memory, or one --line-memory when that is more): a large line waits for room.
// - Time: a timer per busy unit stops it when its line is older than timeFor(chars) = --line-timeout
//   + MS_PER_MIB per MiB above 1 MiB (terminating a thread stops even a backtracking regex).
// - A unit that goes over either limit, throws outside a judge, or exits is replaced. The line it
//   was judging is answered with a per-line error (line-timeout, line-out-of-memory, worker-crashed:
//   src/cli/batch-lines.ts failedLine); the other lines of its task are judged again by a fresh unit.
//   A unit that dies before starting any line (a broken install) is retried MAX_START_FAILURES
//   times, then the batch fails with that error: never a silent gap, never a loop.
// - Answers keep input order: the caller gets, per task, a promise of its answers, which always
//   resolves, unless the batch fails as a whole: then every pending promise rejects with the
//   BatchWorkerError (no promise lives for the whole run: a reaction on one would keep every answer
//   raced against it, the leak of issue 25 item 1).
import { spawn, type ChildProcess } from "node:child_process";
import { totalmem } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import { concatPacked, failedLine, frame, FrameReader, itemBytes, pack, packItems, type Item, type JudgeSpec, type LineFailure, type Packed, type RejectContext } from "./batch-lines";

/** Lines longer than this (in UTF-16 units) are judged alone, in a child process. */
export const SMALL_LINE_BYTES = 16 * 1024;
const TASK_LINES = 256;
const TASK_BYTES = 1024 * 1024;

/** The heap every unit gets (the judge's code and tables take about 60 MiB). */
export const BASE_HEAP_MB = 512;
/** Heap per character of the line: a valid 64 MiB line takes about 57 bytes per character in today's parser. */
export const HEAP_PER_CHAR = 64;
export const HEAP_STEP_MB = 512;
/** Time per MiB of the line above 1 MiB, on top of --line-timeout: today's parser takes 0.5 to 1.5 s per MiB of a valid line. */
export const MS_PER_MIB = 2000;
/** Default --line-timeout, seconds. */
export const DEFAULT_LINE_TIMEOUT_S = 30;
/** Default --line-memory, MiB: enough for a valid 64 MiB line, at most half the machine's memory. */
export const DEFAULT_LINE_MEMORY_MB = Math.max(1024, Math.min(4608, Math.floor(totalmem() / 2 / 2 ** 20)));
/** A unit that has not started its task this long after it was given it is stuck starting. */
const START_LIMIT_MS = 60_000;
const MAX_START_FAILURES = 3;
/** An idle child process is stopped after this long (its memory goes back to the system). */
const PROCESS_IDLE_MS = 30_000;
const MIB = 1024 * 1024;

export interface LineLimits {
  /** --line-timeout in ms: the time a line of up to 1 MiB may take; MS_PER_MIB more per MiB above. */
  timeoutMs: number;
  /** --line-memory in MiB: the most heap any one line may get. */
  maxHeapMb: number;
  /** Sum of the heap limits of the live units (MiB); default max(maxHeapMb, half the machine's memory). */
  budgetMb?: number;
}

/**
 * The heap limit for a task whose largest line has `chars` characters: BASE_HEAP_MB for small lines
 * (worker threads); for a large line BASE_HEAP_MB plus HEAP_PER_CHAR bytes per character, rounded up
 * to HEAP_STEP_MB (so that child processes of one size can judge several lines); at most --line-memory.
 */
export function heapFor(chars: number, limits: LineLimits): number {
  const extra = chars <= SMALL_LINE_BYTES ? 0 : Math.ceil((HEAP_PER_CHAR * chars) / MIB / HEAP_STEP_MB) * HEAP_STEP_MB;
  return Math.min(limits.maxHeapMb, BASE_HEAP_MB + extra);
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

/** The batch failed as a whole (units that cannot start): the run ends with exit status 3. */
export class BatchWorkerError extends Error {}

type Kind = "thread" | "process";

interface Task {
  id: number;
  items: Item[];
  kind: Kind;
  heapMb: number;
  owner: Job;
}

/** One call of judgeTask(): its answers so far, in order: a Packed, or a task still to run. */
interface Job {
  parts: (Packed | Task)[];
  resolve: (p: Packed) => void;
  reject: (e: Error) => void;
}

/** A worker thread or a child process that judges one task at a time. */
interface Unit {
  kind: Kind;
  heapMb: number;
  task: Task | null;
  /** The judge is loaded (a process says so; a thread is ready at once: it queues messages). */
  ready: boolean;
  /** When the task was handed over (for a process: when it was sent after ready). */
  givenAt: number;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  /** Why the unit is going away (set before its exit). */
  failure: LineFailure | null;
  retiring: boolean;
  send(task: Task): void;
  kill(): void;
  /** The line of `task` being judged and since when, or null when the task has not started. */
  current(task: Task): { index: number; startedAt: number } | null;
  terminate(): Promise<unknown>;
}

const isTask = (p: Packed | Task): p is Task => "items" in p;

/**
 * The child processes of every supervisor in this process. When the process exits (the end of a run,
 * process.exit() after EPIPE or a second Ctrl-C), they are killed: a child busy with a long line
 * would otherwise run on, with no time limit, until its line ends (issue 25 item 7). A parent killed
 * outright (SIGKILL) runs no hook: each child also watches its parent (src/cli/batch-child.ts).
 */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
function trackChild(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", () => {
      for (const c of liveChildren) c.kill("SIGKILL");
    });
  }
  liveChildren.add(child);
  child.once("exit", () => liveChildren.delete(child));
}

export class Supervisor {
  private units = new Set<Unit>();
  private queue: Task[] = [];
  private nextId = 1;
  private startFailures = 0;
  private fatal: Error | null = null;
  private closed = false;
  private readonly budgetMb: number;
  /** The jobs not yet answered: rejected together when the batch fails as a whole. */
  private readonly pending = new Set<Job>();

  constructor(
    private readonly jobs: number,
    private readonly judge: JudgeSpec,
    private readonly ctx: RejectContext,
    private readonly limits: LineLimits,
    /** Where a unit's standard output goes (never into the answers on standard output). */
    private readonly stray: (text: string) => void = () => undefined,
    private readonly files = { thread: join(__dirname, "batch-worker.js"), process: join(__dirname, "batch-child.js") },
  ) {
    this.budgetMb = limits.budgetMb ?? Math.max(limits.maxHeapMb, Math.floor(totalmem() / 2 / MIB));
  }

  /** Starts a worker thread ahead of the first line (its start overlaps reading). */
  warmUp(): void {
    if (this.units.size === 0) this.spawn("thread", heapFor(0, this.limits));
  }

  /**
   * Judges `items` (one task of intoTasks()); resolves to their answers in order, whatever happens to
   * the units; rejects with the BatchWorkerError when the batch fails as a whole.
   */
  judgeTask(items: Item[]): Promise<Packed> {
    return new Promise<Packed>((resolve, reject) => {
      if (this.fatal) return reject(this.fatal);
      const job: Job = { parts: [], resolve, reject };
      this.pending.add(job);
      const task = this.newTask(items, job);
      job.parts.push(task);
      this.queue.push(task);
      this.dispatch();
    });
  }

  private newTask(items: Item[], owner: Job): Task {
    const largest = items.reduce((m, it) => Math.max(m, itemBytes(it)), 0);
    const kind: Kind = largest > SMALL_LINE_BYTES ? "process" : "thread";
    return { id: this.nextId++, items, kind, heapMb: heapFor(largest, this.limits), owner };
  }

  private live(): Unit[] {
    return [...this.units].filter((u) => !u.retiring);
  }

  /** Gives queued tasks to idle units of their kind and size, starting or retiring units within --jobs and the memory budget. */
  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed && !this.fatal) {
      const task = this.queue[0];
      const live = this.live();
      const busy = live.filter((u) => u.task !== null).length;
      if (busy >= this.jobs) return;
      let unit = live.find((u) => u.task === null && u.kind === task.kind && u.heapMb === task.heapMb);
      if (!unit) {
        // Make room: retire idle units of another kind or size while over --jobs x 2 units or the memory budget.
        const idle = live.filter((u) => u.task === null);
        const heap = () => this.live().reduce((n, u) => n + u.heapMb, 0);
        while (idle.length > 0 && (this.live().length >= 2 * this.jobs || heap() + task.heapMb > this.budgetMb)) this.retire(idle.pop()!);
        if (busy > 0 && heap() + task.heapMb > this.budgetMb) return; // wait for memory
        unit = this.spawn(task.kind, task.heapMb);
      }
      this.queue.shift();
      this.give(unit, task);
    }
  }

  private spawn(kind: Kind, heapMb: number): Unit {
    const unit = kind === "thread" ? this.spawnThread(heapMb) : this.spawnProcess(heapMb);
    this.units.add(unit);
    return unit;
  }

  private spawnThread(heapMb: number): Unit {
    const shared = new SharedArrayBuffer(16);
    const progress = new Int32Array(shared, 0, 2); // [task id, 1 + index of the line being judged]
    const startedAt = new Float64Array(shared, 8, 1); // Date.now() when that line started
    const worker = new Worker(this.files.thread, {
      workerData: { judge: this.judge, ctx: this.ctx, shared },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      stdout: true,
    });
    const unit: Unit = {
      kind: "thread",
      heapMb,
      task: null,
      ready: true,
      givenAt: 0,
      timer: null,
      idleTimer: null,
      failure: null,
      retiring: false,
      send: (task) => worker.postMessage({ id: task.id, items: packItems(task.items) }),
      kill: () => void worker.terminate(),
      current: (task) => {
        if (Atomics.load(progress, 0) !== task.id) return null;
        const index = Math.min(task.items.length - 1, Math.max(0, Atomics.load(progress, 1) - 1));
        return { index, startedAt: startedAt[0] };
      },
      terminate: () => worker.terminate(),
    };
    worker.stdout.on("data", (d: Buffer) => this.stray(d.toString("utf8")));
    worker.on("message", (m: { id: number; packed: Packed }) => this.done(unit, m));
    worker.on("error", (e: Error & { code?: string }) => {
      unit.failure ??= e.code === "ERR_WORKER_OUT_OF_MEMORY" ? { code: "line-out-of-memory", heapMb } : { code: "worker-crashed", reason: `it threw ${e.message.split("\n")[0]}` };
    });
    worker.on("exit", (code) => this.gone(unit, `it exited with code ${code}`));
    return unit;
  }

  private spawnProcess(heapMb: number): Unit {
    const child: ChildProcess = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, this.files.process, JSON.stringify({ judge: this.judge, ctx: this.ctx, parent: process.pid })], {
      stdio: ["pipe", "pipe", "pipe", "pipe"],
    });
    trackChild(child);
    let stderrTail = "";
    let pending: Task | null = null;
    const unit: Unit = {
      kind: "process",
      heapMb,
      task: null,
      ready: false,
      givenAt: 0,
      timer: null,
      idleTimer: null,
      failure: null,
      retiring: false,
      send: (task) => {
        if (!unit.ready) pending = task;
        else {
          unit.givenAt = Date.now();
          const item = task.items[0];
          // Only lines go to a process (a line that cannot be judged is small: it stays in a thread).
          const bytes = Buffer.from("line" in item ? item.line : "", "utf8");
          for (const part of frame({ id: task.id }, [bytes])) child.stdin!.write(part);
        }
      },
      kill: () => void child.kill("SIGKILL"),
      // A process judges one line at a time; it starts when it is sent (after the judge is built).
      current: (task) => (unit.ready && unit.task === task && pending === null ? { index: 0, startedAt: unit.givenAt } : null),
      terminate: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    };
    child.stdin!.on("error", () => undefined); // a dead child: its exit event says why
    child.stdout!.on("data", (d: Buffer) => this.stray(d.toString("utf8")));
    child.stderr!.on("data", (d: Buffer) => (stderrTail = (stderrTail + d.toString("utf8")).slice(-4096)));
    const answers = new FrameReader<{ size: number; ready?: true; id?: number; out?: number } & Omit<Packed, "out" | "err">>((h, payload) => {
      if (h.ready) {
        unit.ready = true;
        if (pending) {
          const task = pending;
          pending = null;
          unit.send(task);
        }
        return;
      }
      const packed: Packed = { out: payload.toString("utf8", 0, h.out), err: payload.toString("utf8", h.out), lines: h.lines, bad: h.bad, verdicts: h.verdicts, rules: h.rules };
      this.done(unit, { id: h.id!, packed });
    });
    (child.stdio[3] as Readable).on("data", (d: Buffer) => answers.push(d));
    child.on("error", (e) => {
      unit.failure ??= { code: "worker-crashed", reason: `it could not run: ${e.message}` };
    });
    child.on("exit", (code, signal) => {
      // V8 out of memory: "FATAL ERROR: ... JavaScript heap out of memory", then abort (SIGABRT).
      if (/heap out of memory|Allocation failed/.test(stderrTail)) unit.failure ??= { code: "line-out-of-memory", heapMb };
      const last = stderrTail.trim().split("\n").pop() ?? "";
      this.gone(unit, signal ? `it was killed by ${signal}${last ? `: ${last}` : ""}` : `it exited with code ${code}${last ? `: ${last}` : ""}`);
    });
    return unit;
  }

  private give(unit: Unit, task: Task): void {
    if (unit.idleTimer) clearTimeout(unit.idleTimer);
    unit.idleTimer = null;
    unit.task = task;
    unit.givenAt = Date.now();
    unit.send(task);
    this.watch(unit, Math.min(this.limits.timeoutMs, START_LIMIT_MS));
  }

  /** The watchdog of one busy unit: stops it when its current line is over its time limit. */
  private watch(unit: Unit, delay: number): void {
    if (unit.timer) clearTimeout(unit.timer);
    unit.timer = setTimeout(() => {
      unit.timer = null;
      const task = unit.task;
      if (!task || unit.failure) return;
      const now = Date.now();
      const at = unit.current(task);
      if (at === null) {
        // Not started yet (the unit is loading): only a stuck start is stopped.
        if (now - unit.givenAt > START_LIMIT_MS) this.stop(unit, { code: "worker-crashed", reason: `it did not start within ${START_LIMIT_MS / 1000} s` });
        else this.watch(unit, Math.min(this.limits.timeoutMs, START_LIMIT_MS));
        return;
      }
      const limit = timeFor(itemBytes(task.items[at.index]), this.limits);
      const due = at.startedAt + limit;
      if (now >= due) this.stop(unit, { code: "line-timeout", ms: limit });
      else this.watch(unit, due - now + 1);
    }, delay);
    unit.timer.unref?.();
  }

  private stop(unit: Unit, failure: LineFailure): void {
    unit.failure ??= failure;
    unit.kill();
  }

  private retire(unit: Unit): void {
    if (unit.idleTimer) clearTimeout(unit.idleTimer);
    unit.retiring = true;
    unit.kill();
  }

  private done(unit: Unit, m: { id: number; packed: Packed }): void {
    const task = unit.task;
    if (!task || task.id !== m.id) return;
    if (unit.timer) clearTimeout(unit.timer);
    unit.timer = null;
    unit.task = null;
    this.startFailures = 0;
    this.settle(task, [m.packed]);
    if (unit.kind === "process") {
      // An idle child process holds the memory of its last line: stop it unless work comes soon.
      unit.idleTimer = setTimeout(() => {
        if (unit.task === null) this.retire(unit);
      }, PROCESS_IDLE_MS);
      unit.idleTimer.unref?.();
    }
    this.dispatch();
  }

  /** Replaces a task in its job by what became of it; resolves the job when nothing is left to run. */
  private settle(task: Task, replacement: (Packed | Task)[]): void {
    const job = task.owner;
    job.parts.splice(job.parts.indexOf(task), 1, ...replacement);
    if (job.parts.some(isTask)) return;
    this.pending.delete(job);
    job.resolve(concatPacked(job.parts as Packed[]));
  }

  private gone(unit: Unit, how: string): void {
    if (unit.timer) clearTimeout(unit.timer);
    if (unit.idleTimer) clearTimeout(unit.idleTimer);
    this.units.delete(unit);
    const task = unit.task;
    const at = task && unit.current(task);
    unit.task = null;
    if (!task || this.closed) {
      this.dispatch();
      return;
    }
    if (!at) {
      // It died before its first line: not a line's doing. Retry the task, a few times.
      this.startFailures++;
      const why = unit.failure?.code === "worker-crashed" ? unit.failure.reason : unit.failure ? unit.failure.code : how;
      if (this.startFailures >= MAX_START_FAILURES) {
        const fatal = (this.fatal = new BatchWorkerError(`batch workers stop before judging any line (${why}); ${MAX_START_FAILURES} tries`));
        for (const job of this.pending) job.reject(fatal);
        this.pending.clear();
        return;
      }
      this.queue.unshift(task);
      this.dispatch();
      return;
    }
    // The line being judged gets its answer; the others are judged again, first in the queue.
    const failure: LineFailure = unit.failure ?? { code: "worker-crashed", reason: how };
    const parts: (Packed | Task)[] = [];
    const retry: Task[] = [];
    for (const items of [task.items.slice(0, at.index), null, task.items.slice(at.index + 1)]) {
      if (items === null) parts.push(pack([failedLine(task.items[at.index], failure, this.ctx)]));
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

  /** Stops every unit. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.units];
    for (const u of all) {
      if (u.timer) clearTimeout(u.timer);
      if (u.idleTimer) clearTimeout(u.idleTimer);
    }
    await Promise.all(all.map((u) => u.terminate()));
  }
}
