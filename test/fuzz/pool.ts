// Fuzz worker threads with a watchdog (Node). A thread that has not started a new input (or, when
// probing, finished its case) within the time limit is terminated: the hang becomes a failure that
// names its input and entry point, and the thread is replaced. Synchronous code (a backtracking
// regex) cannot be interrupted inside a thread, but the thread can be terminated from outside.
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { CaseContext } from "./inputs";
import type { Violation } from "./properties";
import { HEARTBEAT, heartbeatEntries, tableFor, type ProbeDone, type RunDone, type RunJob, type WorkerSetup } from "./worker";

const WORKER_FILE = join(__dirname, "worker.js");
/** A thread loads the parsers and warms up (worker.ts) before its first job; this bounds that. */
const STARTUP_LIMIT_MS = 120_000;

/** Where a thread was when it stopped answering: the input's number and the entry point (null: between calls). */
export interface Stall {
  index: number;
  entry: string | null;
  /** "hang": over the time limit; "crash": the thread died (its error). */
  kind: "hang" | "crash";
  detail: string;
}

class FuzzThread {
  readonly worker: Worker;
  readonly heartbeat: Int32Array;
  private readonly ready: Promise<void>;
  private pending: { resolve: (m: unknown) => void; reject: (e: Error) => void } | null = null;
  private lastSeq = -1;
  private lastChange = Date.now();
  private dead: Error | null = null;

  constructor(plant: WorkerSetup["plant"]) {
    const buffer = new SharedArrayBuffer(HEARTBEAT.slots * 4);
    this.heartbeat = new Int32Array(buffer);
    this.heartbeat[HEARTBEAT.indexLow] = -1; // no input yet
    this.heartbeat[HEARTBEAT.entry] = -1;
    const setup: WorkerSetup = { heartbeat: buffer, ...(plant ? { plant } : {}) };
    this.worker = new Worker(WORKER_FILE, { workerData: setup });
    this.ready = new Promise((resolve, reject) => {
      const onReady = (m: { type: string }) => {
        if (m.type === "ready") {
          this.worker.off("message", onReady);
          this.worker.on("message", (msg) => this.settle(null, msg));
          resolve();
        }
      };
      this.worker.on("message", onReady);
      this.worker.once("error", reject);
    });
    this.ready.catch(() => {}); // send() sees the rejection; a thread never used does not warn
    this.worker.on("error", (e) => this.die(e));
    this.worker.on("exit", (code) => this.die(new Error(`the worker thread exited (code ${code})`)));
  }

  private die(e: Error): void {
    if (!this.dead) this.dead = e;
    this.settle(e, null);
  }

  private settle(error: Error | null, message: unknown): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (error) p.reject(error);
    else p.resolve(message);
  }

  async send<T>(job: unknown): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the worker thread did not start within ${STARTUP_LIMIT_MS / 1000} s`)), STARTUP_LIMIT_MS);
    });
    try {
      await Promise.race([this.ready, late]);
    } finally {
      clearTimeout(timer);
      late.catch(() => {});
    }
    if (this.dead) throw this.dead;
    this.lastSeq = Atomics.load(this.heartbeat, HEARTBEAT.seq);
    this.lastChange = Date.now();
    return new Promise<T>((resolve, reject) => {
      this.pending = { resolve: resolve as (m: unknown) => void, reject };
      this.worker.postMessage(job);
    });
  }

  get busy(): boolean {
    return this.pending !== null;
  }

  /** Milliseconds since the heartbeat last moved (0 when idle). */
  stalledFor(now: number): number {
    if (!this.pending) return 0;
    const seq = Atomics.load(this.heartbeat, HEARTBEAT.seq);
    if (seq !== this.lastSeq) {
      this.lastSeq = seq;
      this.lastChange = now;
      return 0;
    }
    return now - this.lastChange;
  }

  position(entries: string[]): { index: number; entry: string | null } {
    const low = Atomics.load(this.heartbeat, HEARTBEAT.indexLow);
    const index = low < 0 ? -1 : low + Atomics.load(this.heartbeat, HEARTBEAT.indexHigh) * 2 ** 30;
    const e = Atomics.load(this.heartbeat, HEARTBEAT.entry);
    return { index, entry: e >= 0 ? (entries[e] ?? null) : null };
  }

  async terminate(reason: Error): Promise<void> {
    this.die(reason);
    await this.worker.terminate();
  }
}

class Stalled extends Error {
  constructor(readonly stall: Stall) {
    super(stall.detail);
  }
}

/** A pool of fuzz threads, each watched. */
export class FuzzPool {
  private readonly threads: FuzzThread[] = [];
  private readonly entries: string[];
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(readonly size: number, readonly timeoutMs: number, private readonly plant?: WorkerSetup["plant"]) {
    this.entries = heartbeatEntries(tableFor(plant));
    for (let i = 0; i < size; i++) this.threads.push(new FuzzThread(plant));
    this.timer = setInterval(() => this.watch(), Math.max(20, Math.min(250, timeoutMs / 4)));
  }

  private readonly onStall = new Map<FuzzThread, (s: Stall) => void>();

  private watch(): void {
    const now = Date.now();
    for (const t of this.threads) {
      if (t.stalledFor(now) > this.timeoutMs) {
        const { index, entry } = t.position(this.entries);
        const stall: Stall = { index, entry, kind: "hang", detail: `${entry ?? "the case"} ran over ${this.timeoutMs} ms` };
        this.onStall.get(t)?.(stall);
      }
    }
  }

  /** Runs a job on thread `slot`; a hang or a crash rejects with Stalled and replaces the thread. */
  private async dispatch<T>(slot: number, job: unknown): Promise<T> {
    const t = this.threads[slot];
    const seen: { stall: Stall | null } = { stall: null };
    const stalledPromise = new Promise<never>((_, reject) => {
      this.onStall.set(t, (s) => {
        seen.stall = s;
        this.onStall.delete(t);
        this.replace(slot, t, new Error(s.detail));
        reject(new Stalled(s));
      });
    });
    try {
      return await Promise.race([t.send<T>(job), stalledPromise]);
    } catch (e) {
      if (e instanceof Stalled) throw e;
      // The thread died (out of memory, an uncaught error): a crash at its position.
      const { index, entry } = t.position(this.entries);
      const stall: Stall = seen.stall ?? { index, entry, kind: "crash", detail: `the worker thread died: ${(e as Error).message}` };
      this.replace(slot, t, e as Error);
      throw new Stalled(stall);
    } finally {
      this.onStall.delete(t);
      stalledPromise.catch(() => {});
    }
  }

  /** A thread started ahead, so a replacement need not wait for a thread to load (after the first replacement). */
  private spare: FuzzThread | null = null;

  private replace(slot: number, t: FuzzThread, reason: Error): void {
    if (this.threads[slot] !== t) return;
    void t.terminate(reason);
    if (this.closed) return;
    this.threads[slot] = this.spare ?? new FuzzThread(this.plant);
    this.spare = new FuzzThread(this.plant);
  }

  async run(slot: number, job: RunJob): Promise<RunDone | Stall> {
    try {
      return await this.dispatch<RunDone>(slot, job);
    } catch (e) {
      if (e instanceof Stalled) return e.stall;
      throw e;
    }
  }

  private probeId = 0;

  /** Checks every property on one case on thread `slot`: its violations, or the stall. */
  async probe(slot: number, spec: string, input: string, context: CaseContext): Promise<Violation[] | Stall> {
    try {
      const done = await this.dispatch<ProbeDone>(slot, { type: "probe", id: ++this.probeId, spec, input, context });
      return done.violations;
    } catch (e) {
      if (e instanceof Stalled) return e.stall;
      throw e;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all([...this.threads, ...(this.spare ? [this.spare] : [])].map((t) => t.terminate(new Error("closed"))));
  }
}

/** Whether a probe's answer is the stall kind of failure. */
export function isStall(x: unknown): x is Stall {
  return typeof x === "object" && x !== null && !Array.isArray(x) && "kind" in x && "index" in x;
}
