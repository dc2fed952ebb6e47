// A child process of batch mode (src/cli/batch-supervisor.ts), for the lines too large for a worker
// thread: started with --max-old-space-size, so running out of memory ends this process only.
// argv[2] is {judge, ctx} as JSON. Lines come on standard input and answers go out on fd 3, both as
// frames (src/cli/batch-lines.ts FrameReader): {id, size} + the line's UTF-8 bytes in; {ready} once
// the judge is built, then {id, out, lines, bad, verdicts, rules, size} + the answer's standard
// output text and standard error text, out. Standard output and error are the judge's own (the
// supervisor keeps them apart from the answers). When standard input ends, so does the process.
//
// The process dies with its parent. The parent kills its children when it exits, but a parent killed
// outright (SIGKILL, the OOM killer) runs no hook, and standard input's end is seen only between
// lines: a thread of this process checks every PARENT_CHECK_MS that its parent is still the one
// that started it (an orphan is adopted by another process), and kills the process when not.
import { Socket } from "node:net";
import { Worker } from "node:worker_threads";
import { frame, FrameReader, judgeItem, loadJudge, pack, type JudgeSpec, type LineResult, type RejectContext } from "./batch-lines";

const PARENT_CHECK_MS = 250;
const { judge: spec, ctx, parent } = JSON.parse(process.argv[2]) as { judge: JudgeSpec; ctx: RejectContext; parent?: number };
if (typeof parent === "number") {
  const watch = `setInterval(() => { if (process.ppid !== ${parent}) process.kill(${process.pid}, "SIGKILL"); }, ${PARENT_CHECK_MS});`;
  new Worker(watch, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 8 } }).unref();
}
const answers = new Socket({ fd: 3, readable: false, writable: true });
const judge = loadJudge(spec);
const send = (parts: Buffer[]) => {
  for (const p of parts) answers.write(p);
};
send(frame({ ready: true }));
const answer = (id: number, result: LineResult) => {
  const packed = pack([result]);
  const out = Buffer.from(packed.out, "utf8");
  const err = Buffer.from(packed.err, "utf8");
  send(frame({ id, out: out.length, lines: packed.lines, bad: packed.bad, verdicts: packed.verdicts, rules: packed.rules }, [out, err]));
};
// One line at a time (the supervisor sends the next after this one's answer).
const lines = new FrameReader<{ id: number; size: number }>((header, payload) => {
  const r = judgeItem(judge, { line: payload.toString("utf8") }, ctx);
  if (r instanceof Promise) void r.then((result) => answer(header.id, result));
  else answer(header.id, r);
});
process.stdin.on("data", (chunk: Buffer) => lines.push(chunk));
process.stdin.on("end", () => process.exit(0));
