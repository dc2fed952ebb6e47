// --input FILE (repeatable, '-' for standard input) on the commands that judge inputs, and
// --color auto|always|never with FORCE_COLOR and NO_COLOR.
import { expect } from "chai";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wantColour } from "../src/cli/options";
import { runCliWithInput } from "./support/run-cli";

const run = (argv: string[], stdin = "") => runCliWithInput(argv, stdin);

const inputsOf = (out: string) => out.trim().split("\n").map((l) => (JSON.parse(l) as { input?: string; reference?: string }).input ?? (JSON.parse(l) as { reference: string }).reference);

describe("--input FILE", function () {
  this.timeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), "uri-grammars-input-"));
  const a = join(dir, "a.txt");
  const b = join(dir, "b.txt");
  before(() => {
    writeFileSync(a, "http://a/\nhttp://a b/\n");
    writeFileSync(b, "http://b/"); // no final newline: its last line is still its own
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [command, extra] of [["check", []], ["compare", []], ["normalize", []], ["explain", []], ["resolve", ["http://x/y"]]] as const) {
    it(`${command} --input a --input - --input b reads the files' lines in order, standard input in its place`, async () => {
      const r = await run([command, ...extra, "--json", "--no-progress", "--input", a, "--input", "-", "--input", b], "http://s/\n");
      expect(inputsOf(r.out)).to.deep.equal(["http://a/", "http://a b/", "http://s/", "http://b/"]);
      if (command !== "normalize" && command !== "resolve") expect(r.code).to.equal(1);
    });
  }

  it("answers as '-' does: the same output for the same lines", async () => {
    const viaFile = await run(["check", "--json", "--no-progress", "--input", a]);
    const viaStdin = await run(["check", "--json", "--no-progress", "-"], "http://a/\nhttp://a b/\n");
    expect(viaFile.out).to.equal(viaStdin.out);
    expect(viaFile.code).to.equal(viaStdin.code);
  });

  it("a positional input is an input, never a file name; a missing file, a directory, or inputs both ways are usage errors", async () => {
    const positional = await run(["check", "--json", a]);
    expect(inputsOf(positional.out)).to.deep.equal([a]);
    const missing = await run(["check", "--input", join(dir, "none.txt")]);
    expect([missing.code, missing.err]).to.satisfy(([c, e]: [number, string]) => c === 2 && e.includes("none.txt") && e.includes("ENOENT"));
    const directory = await run(["check", "--input", dir]);
    expect(directory.code).to.equal(2);
    const both = await run(["check", "--input", a, "http://a/"]);
    expect(both.code).to.equal(2);
    const none = await run(["check"]);
    expect([none.code, none.err.includes("--input")]).to.deep.equal([2, true]);
  });
});

describe("--color auto|always|never, FORCE_COLOR, NO_COLOR", () => {
  const table: [string | boolean | undefined, boolean, NodeJS.ProcessEnv, boolean][] = [
    ["auto", true, {}, true],
    ["auto", false, {}, false],
    ["auto", true, { NO_COLOR: "1" }, false],
    ["auto", true, { NO_COLOR: "" }, true],
    ["auto", false, { FORCE_COLOR: "1" }, true],
    ["auto", false, { FORCE_COLOR: "" }, true],
    ["auto", true, { FORCE_COLOR: "0" }, false],
    ["auto", false, { FORCE_COLOR: "1", NO_COLOR: "1" }, true],
    ["always", false, { NO_COLOR: "1" }, true],
    ["never", true, { FORCE_COLOR: "1" }, false],
    [false, true, {}, false],
  ];
  for (const [choice, tty, env, expected] of table) {
    it(`--color ${String(choice)}, ${tty ? "a terminal" : "not a terminal"}, ${JSON.stringify(env)}: ${expected ? "colour" : "plain"}`, () => {
      expect(wantColour(choice, tty, env)).to.equal(expected);
    });
  }

  it("explain --color always colours a pipe, --color never and --no-color do not; a bad choice is a usage error", async () => {
    const always = await run(["explain", "--color", "always", "http://u@a/"]);
    expect(always.out).to.contain("\x1b[");
    for (const flags of [["--color", "never"], ["--no-color"], []]) expect((await run(["explain", ...flags, "http://u@a/"])).out, flags.join(" ")).to.not.contain("\x1b[");
    const bad = await run(["explain", "--color", "sometimes", "http://a/"]);
    expect(bad.code).to.equal(2);
  });
});
