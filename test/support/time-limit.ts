// Tests cannot hang: code that may run without end (a generated recognizer under a planted mistake, a
// regex with a wrong guard, a fuzz case) runs in a worker thread with a time limit per input, so a
// hang becomes a test failure that names its input. A synchronous regex cannot be interrupted by a
// mocha timeout; a worker can be terminated (V8 stops even a backtracking regex).
//
// The function is built in the worker from a module and a factory, as the batch judges are
// (src/cli/batch.ts JudgeSpec): `require(module)[factory](...args)` returns `(input) => result`.
// Arguments, inputs and results cross threads by structured clone (strings, numbers, plain objects,
// arrays; no functions).
//
//   const checker = new TimedWorker({ module: join(__dirname, "support", "scanner-planted.js"), factory: "plantedScannerCheck", args: [spec, mistake] });
//   const results = await checker.map(inputs);   // rejects naming the input that took too long
//   await checker.close();
import { join } from "node:path";
import { Worker } from "node:worker_threads";

export interface WorkerFunction {
  /** Absolute path of the compiled module (use join(__dirname, ...)). */
  module: string;
  /** The name of its export that builds the function: factory(...args) => (input) => result. */
  factory: string;
  args?: unknown[];
}

export interface TimeLimits {
  /** The most one input may take, including the worker's start for the first (default 10 s). */
  perInputMs?: number;
  /** How an input is named in a failure (default: its index and JSON, cut at 200 characters). */
  describe?: (input: unknown, index: number) => string;
  /** The worker's heap limit (resourceLimits.maxOldGenerationSizeMb; default 1024). */
  heapMb?: number;
}

const DEFAULT_PER_INPUT_MS = 10_000;
const POLL_MS = 25;

/** The failure for a hang, a crash or an exception: an Error whose message names the input. */
export class InputFailure extends Error {
  constructor(
    message: string,
    readonly index: number,
    readonly input: unknown,
  ) {
    super(message);
  }
}

function defaultDescribe(input: unknown, index: number): string {
  const json = JSON.stringify(input) ?? String(input);
  return `input #${index} ${json.length > 200 ? json.slice(0, 200) + "..." : json}`;
}

/** One worker thread running one function over inputs, with a time limit per input; replaced after a failure. */
export class TimedWorker {
  private worker: Worker | null = null;
  private progress: Int32Array | null = null;
  private readonly limits: Required<Omit<TimeLimits, "describe">> & Pick<TimeLimits, "describe">;

  constructor(
    private readonly fn: WorkerFunction,
    limits: TimeLimits = {},
  ) {
    this.limits = { perInputMs: limits.perInputMs ?? DEFAULT_PER_INPUT_MS, heapMb: limits.heapMb ?? 1024, describe: limits.describe };
  }

  private start(): { worker: Worker; progress: Int32Array } {
    if (this.worker && this.progress) return { worker: this.worker, progress: this.progress };
    // progress[0]: how many inputs of the current call the worker has started (written by the worker).
    const progress = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(join(__dirname, "time-limit-worker.js"), {
      workerData: { fn: this.fn, progress },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    this.worker = worker;
    this.progress = progress;
    return { worker, progress };
  }

  private discard(): void {
    const w = this.worker;
    this.worker = null;
    this.progress = null;
    if (w) void w.terminate();
  }

  /**
   * Calls the function on each input, in order, and resolves to the results. Rejects with an
   * InputFailure naming the input when one takes longer than perInputMs, throws, or kills the worker
   * (out of memory, process.exit); the worker is then replaced for the next call.
   */
  map<I, O>(inputs: readonly I[]): Promise<O[]> {
    return this.call<I, O[]>(inputs, "map");
  }

  /**
   * The first input for which the function returns something other than null or undefined (a
   * counterexample), with that result; null when there is none. Stops at the first. Fails as map() does.
   */
  async find<I, O>(inputs: readonly I[]): Promise<{ index: number; input: I; result: O } | null> {
    const found = await this.call<I, { index: number; result: O } | null>(inputs, "find");
    return found && { ...found, input: inputs[found.index] };
  }

  private call<I, R>(inputs: readonly I[], mode: "map" | "find"): Promise<R> {
    const { worker, progress } = this.start();
    const name = (i: number) => (this.limits.describe ?? defaultDescribe)(inputs[i], i);
    Atomics.store(progress, 0, 0);
    return new Promise<R>((resolve, reject) => {
      let seen = -1;
      let since = Date.now();
      const finish = (err: InputFailure | null, results?: R) => {
        clearInterval(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        if (err) {
          this.discard();
          reject(err);
        } else resolve(results as R);
      };
      // The input being worked on: the last one started (before the first starts, the first).
      const current = () => Math.max(0, Math.min(inputs.length - 1, Atomics.load(progress, 0) - 1));
      const timer = setInterval(() => {
        const started = Atomics.load(progress, 0);
        if (started !== seen) {
          seen = started;
          since = Date.now();
        } else if (Date.now() - since > this.limits.perInputMs) {
          const i = current();
          finish(new InputFailure(`${name(i)}: no result within ${this.limits.perInputMs} ms (a hang, or far too slow); the worker was stopped`, i, inputs[i]));
        }
      }, POLL_MS);
      const onMessage = (m: { results?: R; thrown?: { index: number; message: string; stack?: string } }) => {
        if (m.thrown) {
          const failure = new InputFailure(`${name(m.thrown.index)}: threw ${m.thrown.message}`, m.thrown.index, inputs[m.thrown.index]);
          if (m.thrown.stack) failure.stack = `${failure.message}\n(in the worker) ${m.thrown.stack}`;
          finish(failure);
        } else finish(null, m.results);
      };
      const onError = (e: Error & { code?: string }) => {
        const i = current();
        const what = e.code === "ERR_WORKER_OUT_OF_MEMORY" ? `ran out of memory (more than ${this.limits.heapMb} MiB of heap)` : `crashed the worker: ${e.message}`;
        finish(new InputFailure(`${name(i)}: ${what}`, i, inputs[i]));
      };
      const onExit = (code: number) => {
        const i = current();
        finish(new InputFailure(`${name(i)}: the worker exited (code ${code})`, i, inputs[i]));
      };
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      worker.postMessage({ inputs, mode });
    });
  }

  /** Stops the worker (call in an after() hook). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.progress = null;
    if (w) await w.terminate();
  }
}

/** One call of `fn` on one input in a fresh worker with a time limit (a hang rejects, naming `input`). */
export async function callWithTimeLimit<I, O>(fn: WorkerFunction, input: I, limits: TimeLimits = {}): Promise<O> {
  const w = new TimedWorker(fn, limits);
  try {
    return (await w.map<I, O>([input]))[0];
  } finally {
    await w.close();
  }
}
