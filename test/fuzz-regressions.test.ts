// Replays every failure the fuzz campaign (npm run fuzz) has found: test/data/fuzz/regressions.tsv,
// one case per row, each in a worker thread with a time limit (a hang fails its row; it cannot stop
// the suite). A row expected to hold fails here until its bug is fixed; a row marked
// "fails: REASON" must still fail, so a fix shows up as a row to update.
import { expect } from "chai";
import { replayRegressions, type Replay } from "./fuzz/campaign";
import { REGRESSION_FILE } from "./fuzz/data";
import { entryNames } from "./fuzz/entries";
import { decodeInput, showInput } from "./fuzz/inputs";
import { readRegressions } from "./fuzz/regressions";
import { availableSpecIds } from "../src";

const TIME_LIMIT_MS = 10_000;
const rows = readRegressions(REGRESSION_FILE);

describe("fuzz regressions (test/data/fuzz/regressions.tsv)", function () {
  this.timeout(120_000);
  let replays: Replay[] = [];
  before(async () => {
    replays = await replayRegressions(rows, { timeoutMs: TIME_LIMIT_MS });
  });

  it("every row names a revision, an entry point and an input that exist", () => {
    const entries = entryNames();
    for (const r of rows) {
      expect(availableSpecIds() as string[], `line ${r.line}`).to.include(r.spec);
      expect([...entries, "inputs"], `line ${r.line}`).to.include(r.entry);
      expect(() => decodeInput(r.input), `line ${r.line}`).to.not.throw();
    }
  });

  for (const [i, r] of rows.entries()) {
    const what = `line ${r.line}: ${r.spec} ${r.entry} ${r.property} on ${showInput(decodeInput(r.input))}${Object.keys(r.context).length ? ` ${JSON.stringify(r.context)}` : ""}`;
    if (r.expectedFailure === null) {
      it(`${what} holds`, () => {
        const x = replays[i];
        expect(x.stalled && r.property !== "finishes-in-time", `the replay stalled: ${x.detail}`).to.equal(false);
        expect(x.failed, `still failing (found by ${r.foundBy}): ${x.detail}`).to.equal(false);
      });
    } else {
      it(`${what} still fails, as expected: ${r.expectedFailure}`, () => {
        const x = replays[i];
        expect(x.failed, `it holds now: delete "fails: ..." from line ${r.line} (${x.detail})`).to.equal(true);
      });
    }
  }
});
