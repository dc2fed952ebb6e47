// Every resource of the batch released on every path (issue 25 item 7): the child processes that
// judge large lines die with the batch, however it ends (SIGTERM, SIGINT, a closed standard output,
// the batch killed outright); a write error on standard output (a full disk) is one line and exit
// status 4, not a stack trace and not 1 ("some input invalid"), also with --exit-zero; a limit out of
// its range is a usage error (exit 2), not an internal error once the workers fail.
import { expect } from "chai";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { SMALL_LINE_BYTES } from "../src/cli/batch-supervisor";
import { main } from "../src/cli/main";
import { readRows } from "./support/table";

const ROOT = join(__dirname, "..", "..");
const BIN = join(ROOT, "bin", "uri-grammars");
const DRIVER = join(__dirname, "support", "batch-driver.js");

/** The children of a process (from /proc: Linux). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter((x) => x !== "").map(Number));
  } catch {
    return [];
  }
}

/** A process that exists and is no zombie (an orphan's zombie may wait for a PID 1 that reaps none). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, f: () => T | null, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The batch's child process judging the SPIN line (its command line names batch-child.js). */
function batchChild(parent: number): number | null {
  return childrenOf(parent).find((pid) => existsSync(`/proc/${pid}/cmdline`) && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("batch-child.js")) ?? null;
}

/** A line judged in a child process that announces itself ("planted: spinning") and never ends. */
const SPIN = `SPIN ${"x".repeat(SMALL_LINE_BYTES)}`;
const SPINNING = "planted: spinning\n";

interface Driven {
  driver: ChildProcess;
  grandchild: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }>;
}

/**
 * Starts the driver with `lines` on standard input (left open), and waits until its child process
 * is busy with the SPIN line (it said so: the judge's standard output comes out on the batch's
 * standard error). `err` is the rest of standard error.
 */
async function drive(lines: string[]): Promise<Driven> {
  const driver = spawn(process.execPath, [DRIVER], { stdio: ["pipe", "pipe", "pipe"] });
  let err = "";
  driver.stderr!.on("data", (d: Buffer) => (err += d.toString("utf8")));
  driver.stdout!.on("error", () => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }>((resolve) => driver.on("close", (code, signal) => resolve({ code, signal, err: err.replace(SPINNING, "") })));
  driver.stdin!.write(lines.join("\n") + "\n");
  await until("the SPIN line to be under way", () => (err.includes(SPINNING) ? true : null), 30_000);
  const grandchild = await until("the batch's child process", () => batchChild(driver.pid!), 5000);
  return { driver, grandchild, exited };
}

describe("batch: child processes die with the batch", function () {
  this.timeout(60_000);
  const started: number[] = [];
  afterEach(() => {
    // Whatever a failed test left behind.
    for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
  });

  for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130]] as const) {
    it(`${signal}: the batch stops with exit ${code} and its child process busy with a line is gone`, async () => {
      const d = await drive(["a", SPIN, "b"]);
      started.push(d.grandchild, d.driver.pid!);
      d.driver.stdout!.resume();
      d.driver.kill(signal);
      const r = await d.exited;
      expect({ code: r.code, err: r.err }).to.deep.equal({ code, err: "" });
      await until("the child process to be gone", () => (alive(d.grandchild) ? null : true), 3000);
    });
  }

  it("a closed standard output (`| head`): the run ends quietly and the child process is gone", async () => {
    // Enough answers before the SPIN line to fill the pipe: the writer is blocked on it when the reader goes away.
    const d = await drive([...Array.from({ length: 100_000 }, (_, i) => `line ${i}`), SPIN]);
    started.push(d.grandchild, d.driver.pid!);
    d.driver.stdout!.destroy();
    const r = await d.exited;
    expect({ code: r.code, err: r.err }).to.deep.equal({ code: 0, err: "" });
    await until("the child process to be gone", () => (alive(d.grandchild) ? null : true), 3000);
  });

  it("the batch killed outright (SIGKILL, no hook runs): its child process sees it and dies", async () => {
    const d = await drive(["a", SPIN]);
    started.push(d.grandchild, d.driver.pid!);
    d.driver.kill("SIGKILL");
    await d.exited;
    await until("the child process to be gone", () => (alive(d.grandchild) ? null : true), 3000);
  });

  it("planted: a child process nobody stops is still busy after the same wait (the checks can fail)", async () => {
    const d = await drive(["a", SPIN]);
    started.push(d.grandchild, d.driver.pid!);
    await sleep(1000);
    expect(alive(d.grandchild)).to.equal(true);
    d.driver.kill("SIGKILL");
    await d.exited;
  });
});

describe("batch: a write error on standard output is one line and exit 4", () => {
  const full = existsSync("/dev/full");
  for (const [what, args, input] of [
    ["check with an argument", ["check", "http://a/"], ""],
    ["check - --exit-zero, an invalid line among them", ["check", "--exit-zero", "-"], "http://a/\nhttp://a b/\n"],
    ["compare --json -", ["compare", "--json", "-"], "http://a/\n"],
  ] as const) {
    it(`${what} > /dev/full: exit 4, one line naming ENOSPC, no stack trace`, function () {
      if (!full) this.skip();
      const r = spawnSync("sh", ["-c", `"${process.execPath}" "${BIN}" ${args.map((a) => `'${a}'`).join(" ")} > /dev/full`], { input, encoding: "utf8" });
      expect(r.status).to.equal(4);
      expect(r.stderr.split("\n").filter((l) => l !== "")).to.deep.equal(["uri-grammars: cannot write standard output: no space left on the device (ENOSPC); the answers written before it stand, the rest were not written"]);
    });
  }
});

describe("batch: a limit out of its range is a usage error (exit 2)", () => {
  for (const { cols: [flag, value, says] } of readRows("batch/limits.tsv", 3)) {
    it(`check ${flag} ${JSON.stringify(value)} -: exit 2 before reading a line, saying "${says}"`, async () => {
      let err = "";
      let out = "";
      const code = await main(["check", flag, value, "-"], { out: (t) => void (out += t), err: (t) => void (err += t), stdin: Readable.from([Buffer.from("http://a/\n")]) });
      expect(code).to.equal(2);
      expect(err).to.contain(says);
      expect(out).to.equal("");
    });
  }
  it("--line-memory 64 (the least) judges lines, small and large", async () => {
    let out = "";
    const code = await main(["check", "--json", "--line-memory", "64", "-"], { out: (t) => void (out += t), err: () => undefined, stdin: Readable.from([Buffer.from(`http://a/\nhttp://a/${"b".repeat(SMALL_LINE_BYTES)}\n`)]) });
    expect(code).to.equal(0);
    expect(out.split("\n").filter((l) => l !== "").map((l) => (JSON.parse(l) as { valid: boolean }).valid)).to.deep.equal([true, true]);
  });
});
