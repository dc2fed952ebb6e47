// The worker thread of test/support/time-limit.ts: builds the function from its module and factory,
// then answers each {inputs, mode} with {results}, counting in shared memory each input it starts (so the
// parent knows which input a hang is on), or with {thrown} for the first input that throws.
import { parentPort, workerData } from "node:worker_threads";
import type { WorkerFunction } from "./time-limit";

const { fn, progress } = workerData as { fn: WorkerFunction; progress: Int32Array };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const factory = (require(fn.module) as Record<string, (...args: unknown[]) => (input: unknown) => unknown>)[fn.factory];
if (typeof factory !== "function") throw new Error(`${fn.module} has no export ${fn.factory}`);
const run = factory(...(fn.args ?? []));

// mode "map": all the results; mode "find": the first result that is not null or undefined, and its index.
parentPort!.on("message", ({ inputs, mode }: { inputs: unknown[]; mode: "map" | "find" }) => {
  const results: unknown[] = [];
  for (let i = 0; i < inputs.length; i++) {
    Atomics.store(progress, 0, i + 1);
    try {
      const result = run(inputs[i]);
      if (mode === "map") results.push(result);
      else if (result !== null && result !== undefined) {
        parentPort!.postMessage({ results: { index: i, result } });
        return;
      }
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      parentPort!.postMessage({ thrown: { index: i, message: err.message, stack: err.stack } });
      return;
    }
  }
  parentPort!.postMessage({ results: mode === "map" ? results : null });
});
