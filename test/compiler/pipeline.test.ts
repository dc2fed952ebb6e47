// The scanner compiler's pipeline (scripts/compile-scanner.mjs, PASSES; scripts/scanner/pipeline.mjs):
// a pass per module of scripts/scanner/passes/, each with its test here, named verb-noun, in stage
// order; each pass's result prints (--dump); a stage's problems are reported together, and a pass
// whose input a failed pass did not make is skipped, not reported.
import { expect } from "chai";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { MINI, ROOT, compiler, passFiles, problemsOf, type Pass } from "../support/compiler";

const checkPassList = (passes: readonly Pass[], stages: readonly string[]) => (require(join(ROOT, "scripts", "scanner", "pipeline.mjs")) as { checkPassList(p: readonly Pass[], s: readonly string[]): void }).checkPassList(passes, stages);
const camel = (name: string) => name.replace(/-(\w)/g, (_, ch: string) => ch.toUpperCase());

describe("the scanner compiler's pipeline", () => {
  it("runs one pass per module of scripts/scanner/passes/, each tested in test/compiler/<pass>.test.ts", () => {
    const { PASSES } = compiler();
    expect(PASSES.map((p) => p.name).sort()).to.deep.equal(passFiles());
    for (const p of PASSES) expect(existsSync(join(ROOT, "test", "compiler", `${p.name}.test.ts`)), p.name).to.equal(true);
    for (const f of passFiles()) expect(Object.keys(require(join(ROOT, "scripts", "scanner", "passes", `${f}.mjs`)) as object), f).to.include(camel(f));
  });

  it("names each pass verb-noun, stages in order (read, check, build, verify, encode, emit)", () => {
    const { PASSES, STAGES } = compiler();
    expect(STAGES).to.deep.equal(["read", "check", "build", "verify", "encode", "emit"]);
    expect(() => checkPassList(PASSES, STAGES)).to.not.throw();
  });

  it("planted mistakes in a pass list (a name twice, a pass after a later stage's) are refused", () => {
    const { PASSES, STAGES } = compiler();
    expect(() => checkPassList([...PASSES, PASSES[3]], STAGES)).to.throw(/two passes named/);
    expect(() => checkPassList([PASSES[5], PASSES[0]], STAGES)).to.throw(/after a later stage/);
  });

  it("prints every pass's result (--dump), and the list (--dump list)", () => {
    const { PASSES, dumpPass } = compiler();
    for (const p of PASSES) expect(dumpPass(MINI, "mini.peggy", "mini", p.name).length, p.name).to.be.greaterThan(20);
    expect(dumpPass("", "", "", "list").split("\n")).to.have.length(PASSES.length);
    const out = execFileSync(process.execPath, [join(ROOT, "scripts", "compile-scanner.mjs"), join(ROOT, "test", "fixtures", "revision", "test-checked", "grammar.peggy"), "--dump", "partition-classes"], { encoding: "utf8" });
    expect(out).to.match(/^5 classes\n/);
  });

  it("reports the problems of a stage's passes together, stops there, and skips a pass whose input a failed pass did not make", () => {
    const { runPasses, need } = require(join(ROOT, "scripts", "scanner", "pipeline.mjs")) as {
      runPasses(c: object, passes: readonly object[]): void;
      need(c: object, key: string): unknown;
    };
    const ran: string[] = [];
    const pass = (name: string, stage: string, key: string, run: (c: object, s: { error(m: string): void }) => unknown) => ({ name, stage, key, summary: "", dump: () => "", run: (c: object, s: { error(m: string): void }) => (ran.push(name), run(c, s)) });
    const passes = [
      pass("make-one", "build", "one", (_, s) => (s.error("one is wrong"), null)),
      pass("make-two", "build", "two", () => {
        throw new Error("two threw");
      }),
      pass("use-one", "build", "three", (c) => need(c, "one")),
      pass("emit-all", "emit", "four", () => "never"),
    ];
    let problems: string[] = [];
    try {
      runPasses({ file: "x.peggy" }, passes);
    } catch (e) {
      problems = (e as { problems: string[] }).problems;
      expect((e as Error).message).to.match(/^x\.peggy: the build stage found 2 problems:/);
    }
    expect(problems).to.deep.equal(["make-one: one is wrong", "make-two: two threw"]);
    expect(ran).to.deep.equal(["make-one", "make-two", "use-one"]);
  });

  it("a grammar that does not parse: one problem (read-annotations, which needs the parse, is skipped)", () => {
    expect(problemsOf(MINI.replace("= ALPHA+", "= ALPHA+ )"))).to.have.length(1);
  });
});
