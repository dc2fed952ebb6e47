// The README's Dask recipe on a real engine (issue 25): a dask.distributed scheduler and two workers
// on 127.0.0.1 (Debian's python3-distributed, which .ci/run installs), the README's verdicts.py run
// as written on a file of 10^6 lines in partitions of 2 MB, and its part files, in order, compared
// with one local run of `check --json --exit-zero --no-progress -`, line for line. Run by
// `npm run test:scale`.
import { expect } from "chai";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { prng } from "../../src/published/generate";
import { skipBecause } from "../support/seeds";

const ROOT = resolve(__dirname, "..", "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
/** Debian's Python, where python3-distributed is installed (another python3 may come first on PATH). */
const PYTHON = "/usr/bin/python3";
const LINES = 1_000_000;

/** The Python block after the README's at-scale-dask marker. */
function documentedScript(): string {
  const at = README.indexOf("<!-- at-scale-dask:");
  const block = /```python\n([\s\S]*?)```/.exec(README.slice(at));
  if (at < 0 || !block) throw new Error("README: the Dask recipe (<!-- at-scale-dask: ... --> and its python block) is gone");
  return block[1];
}

/** Real-world-looking lines, valid and not, with the hard bytes a crawl holds (no line break: an engine splits there). */
function input(): Buffer {
  const next = prng(25);
  const shapes = [
    (i: number) => `http://example.com/a/${i}`,
    (i: number) => `http://a b/${i}`,
    (i: number) => `https://[::1]:${i % 65536}/p?q=${i}#f`,
    (i: number) => `ftp://u:p@h${i}.example/x;type=i`,
    (i: number) => `mailto:user${i}@example.org`,
    (i: number) => `http://a/%zz${i}`,
    (i: number) => `http://a/\u00e9${i}`,
    (i: number) => `x\r${i}`, // a lone CR is data
    (i: number) => `http://a/\u2028${i}`,
    (i: number) => `\t${i} `,
  ];
  const parts: Buffer[] = [];
  for (let i = 0; i < LINES; i++) {
    if (i % 50_000 === 7) parts.push(Buffer.from([0x68, 0x3a, 0xff, 0xfe, 0x0a])); // not UTF-8
    else parts.push(Buffer.from(shapes[Math.floor(next() * shapes.length)](i) + "\n"));
  }
  return Buffer.concat(parts);
}

function waitFor(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (ok()) return resolve();
      if (Date.now() > end) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 100);
    };
    tick();
  });
}

describe("at scale: the README's Dask recipe on a scheduler and two workers", function () {
  this.timeout(20 * 60_000);
  let dir: string;
  const started: ChildProcess[] = [];
  let logs = "";

  before(function () {
    const probe = spawnSync(PYTHON, ["-c", "import dask.bag, distributed"], { encoding: "utf8" });
    if (probe.status !== 0) {
      if (process.env.CI) throw new Error(`python3-distributed is missing (.ci/run installs it): ${probe.stderr}`);
      return skipBecause(this, "Debian's python3-distributed is not installed (apt-get install python3-distributed)");
    }
    dir = mkdtempSync(join(tmpdir(), "uri-grammars-dask-"));
  });

  after(() => {
    // The scheduler and the workers this test started (each its own process group: a worker's nanny and its worker process).
    for (const p of started) {
      try {
        process.kill(-p.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts a Dask process in its own process group, its output kept for a failure's message. */
  function startDask(command: string, args: string[], cwd: string): ChildProcess {
    const p = spawn(command, args, { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (d: Buffer) => (logs = (logs + d.toString("utf8")).slice(-8000));
    p.stdout!.on("data", keep);
    p.stderr!.on("data", keep);
    started.push(p);
    return p;
  }

  let address = "";
  let file = "";
  let want = "";

  /** Runs `script` (the README's, or a planted variant) on the cluster; the part files joined in order, and their count. */
  function runScript(script: string, name: string): { got: string; parts: number; seconds: number } {
    const path = join(dir, `${name}.py`);
    writeFileSync(path, script);
    const out = join(dir, name);
    const t0 = Date.now();
    const run = spawnSync(PYTHON, [path, address, file, out, "2MB"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 24 });
    const seconds = (Date.now() - t0) / 1000;
    expect(run.status, `${run.stderr}\n${logs}`).to.equal(0);
    const parts = readdirSync(out).filter((f) => f.endsWith(".part")).sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
    return { got: parts.map((f) => readFileSync(join(out, f), "utf8")).join(""), parts: parts.length, seconds };
  }

  /** Where `got` first differs from the local run, or null. */
  function firstDifference(got: string): string | null {
    const wantLines = want.split("\n");
    const gotLines = got.split("\n");
    const first = wantLines.findIndex((l, i) => gotLines[i] !== l);
    if (first >= 0) return `line ${first + 1}: ${JSON.stringify(gotLines[first]?.slice(0, 160))} vs the local run's ${JSON.stringify(wantLines[first]?.slice(0, 160))}`;
    return gotLines.length === wantLines.length ? null : `${gotLines.length - 1} lines, the local run ${wantLines.length - 1}`;
  }

  it("a scheduler and two workers start on 127.0.0.1, each worker where ug/ is the package (the README's set-up)", async () => {
    file = join(dir, "links.txt");
    writeFileSync(file, input());
    const local = spawnSync(process.execPath, [join(ROOT, "bin", "uri-grammars"), "check", "--json", "--exit-zero", "--no-progress", "-"], { input: readFileSync(file), maxBuffer: 1 << 30 });
    expect(local.status).to.equal(0);
    want = local.stdout.toString("utf8");
    expect(want.split("\n").length).to.equal(LINES + 1);

    const schedulerFile = join(dir, "scheduler.json");
    startDask(PYTHON, ["/usr/bin/dask-scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address", "127.0.0.1:0", "--scheduler-file", schedulerFile], dir);
    await waitFor("the scheduler", () => existsSync(schedulerFile), 60_000);
    for (const name of ["worker-1", "worker-2"]) {
      const cwd = join(dir, name);
      mkdirSync(cwd);
      symlinkSync(ROOT, join(cwd, "ug"));
      startDask(PYTHON, ["/usr/bin/dask-worker", "--scheduler-file", schedulerFile, "--host", "127.0.0.1", "--nthreads", "1", "--nworkers", "1", "--dashboard-address", "127.0.0.1:0", "--local-directory", join(cwd, "dask")], cwd);
    }
    address = (JSON.parse(readFileSync(schedulerFile, "utf8")) as { address: string }).address;
    expect(address).to.match(/^tcp:\/\/127\.0\.0\.1:\d+$/);
    // The client waits for both workers before anything is submitted.
    const wait = spawnSync(PYTHON, ["-c", `from dask.distributed import Client\nwith Client(${JSON.stringify(address)}) as c: c.wait_for_workers(2, timeout=120)`], { encoding: "utf8" });
    expect(wait.status, `${wait.stderr}\n${logs}`).to.equal(0);
  });

  it(`10^6 lines in partitions of 2 MB: the part files, in order, are one local run, line for line`, function () {
    if (!address) return skipBecause(this, "the cluster did not start (the test above says why)");
    const r = runScript(documentedScript(), "verdicts");
    expect(r.parts, "partitions").to.be.at.least(8);
    expect(firstDifference(r.got)).to.equal(null);
    expect(r.got).to.equal(want);
    console.log(`      (Dask: ${r.parts} partitions on two workers in ${r.seconds.toFixed(1)} s)`);
  });

  it("planted: the recipe with splitlines() (which also splits at U+2028 and a lone CR) is caught by the comparison", function () {
    if (!address) return skipBecause(this, "the cluster did not start (the test above says why)");
    const planted = documentedScript().replace('run.stdout.split("\\n")[:-1]', "run.stdout.splitlines()").replace('linedelimiter="\\n", ', "");
    expect(planted).to.not.equal(documentedScript());
    expect(firstDifference(runScript(planted, "planted").got)).to.not.equal(null);
  });
});
