// A worker thread of batch mode (src/cli/batch-supervisor.ts): rebuilds the judge from its spec, then
// answers each message {id, items (packed: src/cli/batch-lines.ts packItems)} with {id, packed}: the answers, one per item in order, packed
// (text and counts). Before each line it writes the task id, the line's index and the time into the
// shared memory the supervisor watches, so a line over its time limit is known and stopped.
import { parentPort, workerData } from "node:worker_threads";
import { judgeItem, loadJudge, pack, unpackItems, type JudgeSpec, type LineResult, type PackedItems, type RejectContext } from "./batch-lines";

const { judge: spec, ctx, shared } = workerData as { judge: JudgeSpec; ctx: RejectContext; shared: SharedArrayBuffer };
const progress = new Int32Array(shared, 0, 2);
const startedAt = new Float64Array(shared, 8, 1);
const judge = loadJudge(spec);
// The supervisor gives a unit one task at a time, so a task whose judge answers with promises
// (awaited line by line) is never interleaved with another.
parentPort!.on("message", (m: { id: number; items: PackedItems }) => {
  const items = unpackItems(m.items);
  const results: LineResult[] = [];
  const from = (start: number): void => {
    for (let i = start; i < items.length; i++) {
      startedAt[0] = Date.now();
      Atomics.store(progress, 1, i + 1);
      if (i === 0) Atomics.store(progress, 0, m.id);
      const r = judgeItem(judge, items[i], ctx);
      if (r instanceof Promise) {
        void r.then((answer) => {
          results.push(answer);
          from(i + 1);
        });
        return;
      }
      results.push(r);
    }
    parentPort!.postMessage({ id: m.id, packed: pack(results) });
  };
  from(0);
});
