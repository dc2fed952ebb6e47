// The closing lines of the test reporter (test/support/reporter.ts) and the seeds rule of
// test/support/seeds.ts: a test needing the source documents fails in CI when they are absent and is
// skipped elsewhere, and every skip is counted under its reason.
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { inCI, SEEDS_ABSENT, skipBecause } from "./support/seeds";

const ROOT = join(__dirname, "..", "..");
const FIXTURE = join(__dirname, "fixtures", "skips.fixture.js");

function mocha(env: Record<string, string | undefined>): { status: number | null; lines: string[] } {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
  const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "mocha", "bin", "mocha.js"), "--no-config", "--reporter", join(__dirname, "support", "reporter.js"), FIXTURE], { env: merged, encoding: "utf8" });
  return { status: r.status, lines: r.stdout.trimEnd().split("\n") };
}

describe("test reporter: nothing skips in silence", () => {
  const absent = join(ROOT, "no-such-seeds-directory");
  it("seeds absent outside CI: skipped, one line per reason with its count, then 'N passed, N failed, N skipped'", () => {
    const r = mocha({ URI_GRAMMARS_SEEDS: absent, CI: undefined });
    expect(r.status).to.equal(0);
    const tail = r.lines.slice(-4);
    expect(tail[3]).to.equal("1 passed, 0 failed, 3 skipped");
    expect(tail.slice(0, 3).sort()).to.deep.equal([
      "1 skipped: no reason given (this.skip() without test/support/seeds.ts skipBecause())",
      "1 skipped: planted reason",
      "1 skipped: the source documents (../shared/seeds, or URI_GRAMMARS_SEEDS) are absent",
    ]);
  });
  it("seeds absent with CI=true: the test needing them fails, naming where it looked", () => {
    const r = mocha({ URI_GRAMMARS_SEEDS: absent, CI: "true" });
    expect(r.status).to.equal(1);
    expect(r.lines.at(-1)).to.equal("1 passed, 1 failed, 2 skipped");
    expect(r.lines.join("\n")).to.contain("and this is CI (CI=true)").and.to.contain(absent);
  });
  it("CI means CI set to anything but '', '0' or 'false'", () => {
    const saved = process.env.CI;
    const verdicts: Record<string, boolean> = {};
    try {
      for (const v of ["true", "1", "yes", "false", "FALSE", "0", "", undefined]) {
        if (v === undefined) delete process.env.CI;
        else process.env.CI = v;
        verdicts[String(v)] = inCI();
      }
    } finally {
      if (saved === undefined) delete process.env.CI;
      else process.env.CI = saved;
    }
    expect(verdicts).to.deep.equal({ true: true, 1: true, yes: true, false: false, FALSE: false, 0: false, "": false, undefined: false });
  });
  it("seeds present (this machine's, when it has them): the test runs", function () {
    const r = mocha({ URI_GRAMMARS_SEEDS: undefined, CI: undefined });
    if (r.lines.at(-1) === "1 passed, 0 failed, 3 skipped") skipBecause(this, SEEDS_ABSENT); // the cases above cover it
    expect(r.lines.at(-1)).to.equal("2 passed, 0 failed, 2 skipped");
  });
});
