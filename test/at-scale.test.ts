// The contract Hadoop Streaming and Spark's RDD.pipe rely on (README, "At scale"): standard input to
// standard output, one answer per line in input order, no state across lines, exit 0 with
// --exit-zero, nothing on standard error. The commands are read from the README and run the way
// the engines run them, so the documented invocation is the tested one.
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { prng } from "../src/published/generate";

const ROOT = resolve(__dirname, "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");

/** The mapper of the README's `mapred streaming` command and the command of its `pipe(...)` call. */
function documentedCommands(): { hadoopMapper: string; sparkPipe: string } {
  const section = README.slice(README.indexOf("<!-- at-scale:"));
  const mapper = /-mapper '([^']+)'/.exec(section);
  const pipe = /\.pipe\("([^"]+)"\)/.exec(section);
  if (!mapper || !pipe) throw new Error("README: the At scale section lost its -mapper or .pipe() command");
  return { hadoopMapper: mapper[1], sparkPipe: pipe[1] };
}

/** A task's working directory where `ug` is the unpacked package (what `-archives ...#ug` makes). */
function taskDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), "uri-grammars-task-"));
  symlinkSync(ROOT, join(dir, "ug"));
  return dir;
}

interface TaskRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Hadoop Streaming: the mapper string runs through the shell; each record is written as a line. */
function hadoopTask(cwd: string, mapper: string, records: string[]): TaskRun {
  const r = spawnSync("sh", ["-c", mapper], { cwd, input: records.map((l) => l + "\n").join(""), encoding: "utf8", maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** RDD.pipe: the command is split on whitespace, no shell; each element is printed with a newline. */
function sparkTask(cwd: string, command: string, records: string[]): TaskRun {
  const [file, ...args] = command.split(/\s+/).filter((t) => t !== "");
  const r = spawnSync(file, args, { cwd, input: records.map((l) => l + "\n").join(""), encoding: "utf8", maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Cuts records into `n` splits at line boundaries, as an input format would. */
function splits<T>(records: T[], n: number): T[][] {
  const size = Math.ceil(records.length / n);
  return Array.from({ length: n }, (_, i) => records.slice(i * size, (i + 1) * size));
}

/** A seeded shuffle (the generator's prng), so a failure is reproducible. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  const next = prng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// Valid and invalid lines, the error paths included; no line breaks (the engines split on them).
const RECORDS: string[] = [];
for (let i = 0; i < 120; i++) {
  RECORDS.push(
    [`http://a/b/${i}`, `http://a b/${i}`, `http://[::${i % 9}]/`, `http://[::1/${i}`, "", `ftp://u:p@h:${i}/x?y#z`, `%zz${i}`, `mailto:x${i}@y`, "a\u0000b", `http://a/é${i}`][i % 10],
  );
}

describe("at scale: the README's Hadoop Streaming and Spark commands keep the line-to-line contract", function () {
  this.timeout(120_000);
  const { hadoopMapper, sparkPipe } = documentedCommands();
  let cwd = "";
  let whole: TaskRun;
  before(() => {
    cwd = taskDirectory();
    whole = hadoopTask(cwd, hadoopMapper, RECORDS);
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it("one run: exit 0 with invalid lines present, one JSON line per input line, in order, nothing on stderr", () => {
    expect(whole.status).to.equal(0);
    expect(whole.stderr).to.equal("");
    const answers = whole.stdout.split("\n");
    expect(answers.pop()).to.equal("");
    expect(answers).to.have.length(RECORDS.length);
    const parsed = answers.map((l) => JSON.parse(l) as { input: string; valid: boolean });
    expect(parsed.map((a) => a.input)).to.deep.equal(RECORDS);
    expect(parsed.map((a) => a.valid)).to.include(true).and.to.include(false);
    expect(answers.every((l) => !l.includes("\t"))).to.equal(true); // Hadoop's key is the whole line
  });

  it("Hadoop splits: the part files, concatenated, equal the one run (no state across lines)", () => {
    const parts = splits(RECORDS, 4).map((split) => hadoopTask(cwd, hadoopMapper, split));
    expect(parts.map((p) => p.status)).to.deep.equal([0, 0, 0, 0]);
    expect(parts.map((p) => p.stdout).join("")).to.equal(whole.stdout);
  });

  it("Spark partitions of a shuffled input: each answer is the one its line gets in the one run", () => {
    const answerOf = new Map<string, string>();
    whole.stdout.split("\n").forEach((answer, i) => i < RECORDS.length && answerOf.set(RECORDS[i], answer));
    const mixed = shuffled(RECORDS, 20261123);
    const parts = splits(mixed, 3).map((partition) => sparkTask(cwd, sparkPipe, partition));
    expect(parts.map((p) => [p.status, p.stderr])).to.deep.equal([[0, ""], [0, ""], [0, ""]]);
    const answers = parts.flatMap((p) => p.stdout.split("\n").slice(0, -1));
    expect(answers).to.deep.equal(mixed.map((line) => answerOf.get(line)));
  });
});
