// A batch run as the executable runs it (bin/uri-grammars: the standard streams' handlers, signals,
// exit statuses), over the planted judges (planted-judges.ts), for test/batch-lifecycle.test.ts: a
// "SPIN" line padded past SMALL_LINE_BYTES keeps a child process busy for good, so whether that
// process outlives this one is seen at any time. Usage: node batch-driver.js (lines on standard input).
import { runBatch } from "../../src/cli/batch";
import { handleStandardStreams, Interrupted, processIo } from "../../src/cli/io";
import { PLANTED_JUDGES } from "./planted-judges";

handleStandardStreams();
runBatch(processIo, {
  judge: { module: PLANTED_JUDGES, factory: "plantedJudge", options: {} },
  reject: { record: {}, json: true },
  jobs: 2,
  summary: false,
  exitZero: false,
  maxLineBytes: 1 << 20,
  lineTimeoutMs: 3_600_000,
  lineMemoryMb: 512,
  progress: false,
}).then(
  () => (process.exitCode = 0),
  (e: unknown) => {
    process.exitCode = e instanceof Interrupted ? e.exitCode : 3;
  },
);
