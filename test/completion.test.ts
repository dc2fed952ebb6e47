// `uri-grammars completion bash|zsh|fish`: generated from the command definitions, so every command
// and every option of every command is in each script; the scripts are valid shell (bash -n, and
// zsh -n and fish -n: .ci/run installs zsh and fish; elsewhere a missing shell skips its check, in CI it fails).
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { Command } from "commander";
import { buildProgram } from "../src/cli/main";
import type { Io } from "../src/cli/io";
import { commandSpecs, completionScript, SHELLS } from "../src/cli/commands/completion";
import { runCli } from "./support/run-cli";
import { inCI, skipBecause } from "./support/seeds";

function program(): Command {
  const io: Io = { out: () => undefined, err: () => undefined, stdin: new PassThrough() };
  return buildProgram(io, () => undefined);
}

/** What a script misses: listed commands and their options' flags that do not appear in it. */
function missing(p: Command, script: string): string[] {
  const out: string[] = [];
  for (const c of p.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden)) {
    if (!script.includes(c.name())) out.push(c.name());
    for (const o of c.options.filter((o) => !o.hidden)) {
      for (const f of [o.long, o.short].filter((f): f is string => typeof f === "string")) {
        // fish names options without their dashes (-l spec, -s V)
        const fishForm = f.startsWith("--") ? `-l ${f.slice(2)}` : `-s ${f.slice(1)}`;
        if (!script.includes(f) && !script.includes(fishForm)) out.push(`${c.name()} ${f}`);
      }
    }
  }
  return out;
}

describe("shell completion, generated from the command definitions", () => {
  for (const shell of SHELLS) {
    it(`${shell}: every command and every option of every command is completed`, async () => {
      const r = await runCli(["completion", shell]);
      expect(r.code).to.equal(0);
      expect(missing(program(), r.out)).to.deep.equal([]);
      // --spec completes to the revisions
      expect(r.out).to.contain("draft-2003").and.to.contain("rfc3986");
    });

    it(`${shell}: the script is valid ${shell} (${shell} -n, where installed)`, async function () {
      const which = spawnSync("sh", ["-c", `command -v ${shell}`], { encoding: "utf8" });
      if (which.status !== 0) {
        if (inCI()) expect.fail(`${shell} is not installed (.ci/run installs it)`);
        skipBecause(this, `${shell} is not installed`);
      }
      const r = await runCli(["completion", shell]);
      // From a file: fish reads no script from a pipe ("Unable to read input file").
      const dir = mkdtempSync(join(tmpdir(), "uri-grammars-completion-"));
      const file = join(dir, `uri-grammars.${shell}`);
      writeFileSync(file, r.out);
      const check = spawnSync(shell, [shell === "fish" ? "--no-execute" : "-n", file], { encoding: "utf8" });
      rmSync(dir, { recursive: true, force: true });
      expect(check.status, check.stderr).to.equal(0);
    });
  }

  it("the script lists what the definitions list (commandSpecs), and the check can fail: a script without a command is caught (planted)", async () => {
    const p = program();
    const names = commandSpecs(p).map((c) => c.name);
    expect(names).to.include.members(["check", "compare", "explain", "completion"]);
    const r = await runCli(["completion", "bash"]);
    expect(missing(p, r.out.replace(/\bcompare\b/g, "cmp"))).to.include("compare");
    expect(completionScript(p, "fish")).to.contain("-l input");
  });

  it("an unknown shell is a usage error naming the shells", async () => {
    const r = await runCli(["completion", "tcsh"]);
    expect(r.code).to.equal(2);
    expect(r.err).to.contain("bash, zsh, fish");
  });
});
