// The batch at the scale users run it (issue 25 item 1): millions of lines through `check --json -`
// and `compare --json -` in a process whose heap is capped far below what the answers take, so that
// memory growing with the run (an answer kept per line) ends the process before the last line.
// Run by `npm run test:scale` (and .ci/run), not by `npm test`: a minute of work. The figures at
// 10^8 lines are `npm run bench:batch-scale`'s (bench/results/batch-scale.md).
import { expect } from "chai";
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..", "..");
const BIN = join(ROOT, "bin", "uri-grammars");

/**
 * The heap cap of the measured process (MiB). The batch reads ahead up to 64 MiB of lines and
 * answers (MAX_BUFFERED_BYTES, src/cli/batch.ts); 160 MiB holds that and the code. The answers of
 * each run are more than five times the cap (checked below): kept, they cannot fit.
 */
const HEAP_MB = 160;

/** Short lines, valid and not, unique by their number. */
const SHAPES = [(i: number) => `http://example.com/a/${i}`, (i: number) => `http://a b/${i}`, (i: number) => `https://[::1]:${i % 65536}/p?q=${i}#f`, (i: number) => `mailto:user${i}@example.org`, (i: number) => `http://a/%zz${i}`];
const lineOf = (i: number) => SHAPES[i % SHAPES.length](i);

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  answered: number;
  outBytes: number;
  /** The input of the last answer (its "input" field), to see that answers are the lines'. */
  last: string | null;
  stderr: string;
}

/** Pipes `lines` generated lines (never stored) into `node --max-old-space-size=HEAP_MB ...args` and counts the answers. */
function streamThrough(args: string[], lines: number): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    let sent = 0;
    const write = () => {
      while (sent < lines) {
        let chunk = "";
        const end = Math.min(lines, sent + 2000);
        for (; sent < end; sent++) chunk += lineOf(sent) + "\n";
        if (!child.stdin.write(chunk)) return void child.stdin.once("drain", write);
      }
      child.stdin.end();
    };
    child.stdin.on("error", () => undefined); // a process that died: its exit says how
    write();
    let answered = 0;
    let outBytes = 0;
    let rest: Buffer = Buffer.alloc(0); // the bytes after the last line break seen
    let lastLine: Buffer = Buffer.alloc(0);
    child.stdout.on("data", (buf: Buffer) => {
      outBytes += buf.length;
      const lastNl = buf.lastIndexOf(10);
      if (lastNl < 0) {
        rest = Buffer.concat([rest, buf]);
        return;
      }
      for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10, nl + 1)) answered++;
      const prevNl = lastNl > 0 ? buf.lastIndexOf(10, lastNl - 1) : -1;
      lastLine = prevNl < 0 ? Buffer.concat([rest, buf.subarray(0, lastNl)]) : buf.subarray(prevNl + 1, lastNl);
      rest = buf.subarray(lastNl + 1);
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString("utf8")).slice(-2000)));
    child.on("error", fail);
    child.on("close", (code, signal) => {
      let last: string | null = null;
      try {
        last = (JSON.parse(lastLine.toString("utf8")) as { input?: string }).input ?? null;
      } catch {
        last = null;
      }
      done({ code, signal, answered, outBytes, last, stderr });
    });
  });
}

function expectWholeRun(r: Run, lines: number): void {
  expect({ code: r.code, signal: r.signal, answered: r.answered, stderr: r.stderr.split("\n")[0] }).to.deep.equal({ code: 0, signal: null, answered: lines, stderr: "" });
  expect(r.last).to.equal(lineOf(lines - 1));
  // The answers are many times the heap: keeping them could not have fitted.
  expect(r.outBytes).to.be.greaterThan(5 * HEAP_MB * 2 ** 20);
}

describe(`batch at scale: the heap stays bounded (--max-old-space-size=${HEAP_MB})`, function () {
  this.timeout(15 * 60_000);

  it("check --json --exit-zero --no-progress - (the README's mapper) answers 3 x 10^6 lines", async () => {
    const lines = 3_000_000;
    expectWholeRun(await streamThrough([BIN, "check", "--json", "--exit-zero", "--no-progress", "-"], lines), lines);
  });

  it("compare --json --exit-zero --no-progress - answers 3 x 10^5 lines (several KB of answer each: every revision and the WHATWG parser)", async () => {
    const lines = 300_000;
    expectWholeRun(await streamThrough([BIN, "compare", "--json", "--exit-zero", "--no-progress", "-"], lines), lines);
  });

  it("planted: a line filter that keeps every answer dies under the same cap before the last line", async () => {
    // What batch.ts did before (issue 25 item 1): every answer stays reachable until the run ends.
    const leaky = `const kept = []; let rest = ""; process.stdin.on("data", (d) => { const parts = (rest + d).split("\\n"); rest = parts.pop(); for (const p of parts) { const a = JSON.stringify({ input: p, valid: false, note: "x".repeat(400) }); kept.push(a); process.stdout.write(a + "\\n"); } });`;
    const lines = 3_000_000;
    const r = await streamThrough(["-e", leaky], lines);
    expect(r.answered).to.be.lessThan(lines);
    expect(r.code !== 0 || r.signal !== null).to.equal(true);
  });
});
