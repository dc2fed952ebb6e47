// test/support/time-limit.ts: a function run over inputs in a worker thread with a time limit per
// input. A hang (planted: a regex that backtracks without end, as a wrong guard once made one), an
// exception or an exit fails with an error that names the input, and the worker is replaced.
import { expect } from "chai";
import { join } from "node:path";
import { InputFailure, TimedWorker, callWithTimeLimit } from "./support/time-limit";

const FIXTURE = join(__dirname, "fixtures", "time-limit.fixture.js");
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("time limit: tests cannot hang", () => {
  it("a planted regex that backtracks without end is stopped, and the failure names its input", async () => {
    const hostile = "a".repeat(40) + "!";
    const regex = new TimedWorker({ module: FIXTURE, factory: "regexTest", args: ["^(?:[a-z]+)+$"] }, { perInputMs: 1000 });
    try {
      const failure = await failureOf(regex.map(["abc", hostile, "never reached"]));
      expect(failure).to.be.instanceOf(InputFailure);
      expect((failure as InputFailure).index).to.equal(1);
      expect((failure as InputFailure).message).to.equal(`input #1 ${JSON.stringify(hostile)}: no result within 1000 ms (a hang, or far too slow); the worker was stopped`);
      // The worker was replaced: the next call answers.
      expect(await regex.map(["abc", "ab1"])).to.deep.equal([true, false]);
    } finally {
      await regex.close();
    }
  });
  it("an input that throws, or exits the worker, fails naming it", async () => {
    const w = new TimedWorker({ module: FIXTURE, factory: "misbehaving" }, { describe: (input) => `the input ${JSON.stringify(input)}` });
    try {
      const thrown = await failureOf(w.map(["ok", "throw"]));
      expect((thrown as Error).message).to.match(/^the input "throw": threw planted: thrown/);
      const exited = await failureOf(w.map(["exit"]));
      expect((exited as Error).message).to.equal('the input "exit": the worker exited (code 3)');
    } finally {
      await w.close();
    }
  });
  it("find() stops at the first result that is not null; callWithTimeLimit() runs one input", async () => {
    const w = new TimedWorker({ module: FIXTURE, factory: "misbehaving" });
    try {
      expect(await w.find(["a", "bb", "cccc", "throw"])).to.deep.equal({ index: 2, input: "cccc", result: 4 });
      expect(await w.find(["a", "bb"])).to.equal(null);
    } finally {
      await w.close();
    }
    expect(await callWithTimeLimit({ module: FIXTURE, factory: "regexTest", args: ["^a+$"] }, "aaa")).to.equal(true);
  });
});
