// A worker thread of the batch pool (src/cli/batch.ts): rebuilds the judge from its spec, then
// answers each message {id, items} with {id, results}: the answers, one per item in order, packed (text and counts).
import { parentPort, workerData } from "node:worker_threads";
import { judgeItems, loadJudge, pack, type JudgeSpec, type RejectContext } from "./batch";

const { judge: spec, ctx } = workerData as { judge: JudgeSpec; ctx: RejectContext };
const judge = loadJudge(spec);
parentPort!.on("message", (m: { id: number; items: Parameters<typeof judgeItems>[1] }) => {
  parentPort!.postMessage({ id: m.id, results: pack(judgeItems(judge, m.items, ctx)) });
});
