// verify / check-tables (scripts/scanner/passes/check-tables.mjs): MINI's tables are what the run
// time takes for granted; tables that are not (state 1 that rejects a class, a question that starts
// in no state) are reported, every problem at once.
import { expect } from "chai";
import { compileMini, compiler, plantedPass, type Compilation, type Pass } from "../support/compiler";

/** The problems check-tables (`pass`) reports on MINI's tables broken in two places. */
function reportedOnBroken(pass: Pass): string[] {
  const c: Compilation = compileMini("build-tagged");
  c.dfa.trans[1][0] = 0;
  c.questions.list[3] = { ...c.questions.list[3], start: c.dfa.trans.length + 5 };
  const found: string[] = [];
  pass.run(c, { error: (m: string) => found.push(m) });
  return found;
}

const real = () => compiler().PASSES.find((p) => p.name === "check-tables")!;

describe("compiler pass check-tables", () => {
  it("MINI's tables pass, and their sizes are counted", () => {
    const c = compileMini("check-tables");
    expect(c.stats).to.deep.include({ states: c.dfa.trans.length, classes: 11, decisions: 10, reverseDecisions: 1 });
  });

  it("reports both problems of broken tables", () => {
    const found = reportedOnBroken(real());
    expect(found).to.have.length(2);
    expect(found[0]).to.match(/state 1 does not accept everything/);
    expect(found[1]).to.match(/question 3 starts in no state/);
  });

  it("a planted fault (state 1 not looked at) is caught", () => {
    const planted = plantedPass("check-tables", "if (d.trans[1].some((t) => t !== 1) || !d.accept[1])", "if (false)");
    expect(reportedOnBroken(planted)).to.have.length(1);
  });
});
