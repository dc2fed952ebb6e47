// mocha's spec reporter plus a closing block that CI logs recognise: one line per reason tests were
// skipped, with its count, then the closing line "N passed, N failed, N skipped". A skip is never
// silent: a test skipped without a reason (a bare this.skip(), it.skip, a hook's skip) is counted
// under "no reason given"; test/support/seeds.ts skipBecause() records a reason (as a property, and in
// the title, which is what a test brings back from a worker of `mocha --parallel`).
import Mocha from "mocha";
import { SKIP_REASON, SKIP_TITLE } from "./seeds";

const NO_REASON = "no reason given (this.skip() without test/support/seeds.ts skipBecause())";

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    let passed = 0;
    let failed = 0;
    const skipped = new Map<string, number>();
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => passed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, () => failed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, (test: Mocha.Test) => {
      const recorded = (test as unknown as Record<string, unknown>)[SKIP_REASON] ?? SKIP_TITLE.exec(test.title)?.[1];
      const reason = typeof recorded === "string" ? recorded : NO_REASON;
      skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      let total = 0;
      for (const [reason, n] of [...skipped].sort((a, b) => b[1] - a[1])) {
        process.stdout.write(`${n} skipped: ${reason}\n`);
        total += n;
      }
      process.stdout.write(`${passed} passed, ${failed} failed, ${total} skipped\n`);
    });
  }
}

export = SummaryReporter;
