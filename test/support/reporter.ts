// mocha's spec reporter plus one closing line that CI logs recognise: "N passed, N failed".
import Mocha from "mocha";

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    let passed = 0;
    let failed = 0;
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => passed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, () => failed++);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      process.stdout.write(`${passed} passed, ${failed} failed\n`);
    });
  }
}

export = SummaryReporter;
