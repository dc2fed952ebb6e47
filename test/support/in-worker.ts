// Runs a function exported by a compiled module in a worker thread with a time limit, so that code
// which may run without end (a generated recognizer under a planted mistake) turns a hang into a
// test failure that names what it was running, instead of a stuck suite.
import { Worker } from "node:worker_threads";

export type Bounded<T> = { ok: true; value: T } | { ok: false; timedOut: true; ms: number } | { ok: false; timedOut: false; error: string };

const SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
Promise.resolve()
  .then(() => require(workerData.module)[workerData.name](...workerData.args))
  .then((value) => parentPort.postMessage({ ok: true, value }), (e) => parentPort.postMessage({ ok: false, error: String(e && e.stack || e) }));
`;

/** Calls `module`'s export `name` with `args` in a worker; gives up after `ms` milliseconds. */
export function inWorker<T>(module: string, name: string, args: unknown[], ms: number): Promise<Bounded<T>> {
  return new Promise((resolve) => {
    const worker = new Worker(SCRIPT, { eval: true, workerData: { module, name, args } });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ ok: false, timedOut: true, ms });
    }, ms);
    worker.once("message", (m: { ok: true; value: T } | { ok: false; error: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(m.ok ? { ok: true, value: m.value } : { ok: false, timedOut: false, error: m.error });
    });
    worker.once("error", (e) => {
      clearTimeout(timer);
      resolve({ ok: false, timedOut: false, error: String(e) });
    });
  });
}

/** A mocha-friendly form: the value, or an Error saying the call timed out or failed, naming `what`. */
export async function inWorkerOrFail<T>(what: string, module: string, name: string, args: unknown[], ms: number): Promise<T> {
  const r = await inWorker<T>(module, name, args, ms);
  if (r.ok) return r.value;
  throw new Error(r.timedOut ? `${what}: still running after ${r.ms} ms (stopped)` : `${what}: ${r.error}`);
}
