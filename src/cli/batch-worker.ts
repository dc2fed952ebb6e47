// A worker thread of the batch pool (src/cli/batch.ts): rebuilds the judge from its spec, then
// answers each message {id, items} with {id, results}, one result per item, in order.
import { parentPort, workerData } from "node:worker_threads";
import { judgeItems, loadJudge, type JudgeSpec, type RejectContext } from "./batch";

const { judge: spec, ctx } = workerData as { judge: JudgeSpec; ctx: RejectContext };
const judge = loadJudge(spec);
parentPort!.on("message", (m: { id: number; items: Parameters<typeof judgeItems>[1] }) => {
  parentPort!.postMessage({ id: m.id, results: judgeItems(judge, m.items, ctx) });
});
