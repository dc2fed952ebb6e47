// The README's "Command line" section, run exactly as written, in a fresh clone: a directory holding
// only the files git tracks (`git ls-files`: no notes.txt, no test output, nothing untracked) plus
// the dependencies `npm ci` installs (node_modules, hard-linked from this checkout's) and the build
// it makes (dist/, site/, generated/ and the test fixtures' generated/, copied: the build writes
// files in place). The first
// `npx uri-grammars` in the clone runs the project's prepare script (npm exec links the project into
// its cache), whose stamps (dist/.build-stamps.json) redo every step whose inputs differ from the
// copied build's, so the commands run on a build of the clone's own files; a build from nothing is
// CI's first command (npm ci in a clean clone) and is not repeated here. Each line goes through `sh -c` as a reader
// would paste it (pipes and comments included). A line must end with a verdict, exit status 0 or 1,
// never a usage error or a crash; a line whose comment says "exit N" must exit N.
import { expect } from "chai";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const ROOT = join(__dirname, "..", "..");

/** The command lines of the README's "Command line" section: its first ```sh block. */
export function commandLineSection(readme: string): string[] {
  const section = readme.split(/^## Command line$/m)[1]?.split(/^## /m)[0] ?? "";
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block.split("\n").filter((l) => l.trim() !== "" && !l.trim().startsWith("#"));
}

/** The exit status a line's comment promises ("# exit 1, ..."), or null. */
function promisedExit(line: string): number | null {
  const m = /#.*\bexit (\d)\b/.exec(line);
  return m ? Number(m[1]) : null;
}

describe("the README's Command line section, every command as written, in a fresh clone @slow", function () {
  this.timeout(600_000);
  const clone = mkdtempSync(join(tmpdir(), "uri-grammars-readme-"));
  const lines = commandLineSection(readFileSync(join(ROOT, "README.md"), "utf8"));

  before(() => {
    const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter((f) => f !== "");
    for (const f of tracked) {
      mkdirSync(dirname(join(clone, f)), { recursive: true });
      try {
        copyFileSync(join(ROOT, f), join(clone, f));
      } catch {
        // a file deleted in the working tree and not yet committed: a clone of it would not have it either
      }
    }
    // What `npm ci` installs (hard links: the same files, no copy).
    execFileSync("cp", ["-al", join(ROOT, "node_modules"), join(clone, "node_modules")]);
    // What `npm ci`'s build makes (copies: a step that runs again writes its files in place).
    for (const built of ["dist", "site"]) if (existsSync(join(ROOT, built))) execFileSync("cp", ["-a", join(ROOT, built), join(clone, built)]);
    for (const dir of ["generated", "test/fixtures/revision/generated"]) {
      if (!existsSync(join(ROOT, dir))) continue;
      mkdirSync(join(clone, dir), { recursive: true });
      for (const f of readdirSync(join(ROOT, dir))) if (!existsSync(join(clone, dir, f))) execFileSync("cp", ["-a", join(ROOT, dir, f), join(clone, dir, f)]);
    }
    execFileSync("chmod", ["+x", join(clone, "bin", "uri-grammars")]);
  });
  after(() => rmSync(clone, { recursive: true, force: true }));

  it("finds the section's commands (every command of the CLI that the section shows)", () => {
    expect(lines.length).to.be.greaterThan(15);
    for (const l of lines) expect(l, "each line runs the CLI").to.match(/npx uri-grammars /);
  });

  for (const line of commandLineSection(readFileSync(join(ROOT, "README.md"), "utf8"))) {
    it(line.replace(/\s+#.*$/, ""), () => {
      const r = spawnSync("sh", ["-c", line], { cwd: clone, encoding: "utf8", timeout: 300_000, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", npm_config_update_notifier: "false" } });
      const said = `exit ${r.status}\n${r.stderr.slice(0, 2000)}`;
      const promised = promisedExit(line);
      if (promised !== null) expect(r.status, said).to.equal(promised);
      else expect(r.status, said).to.be.oneOf([0, 1]);
      expect(r.stdout.length, said).to.be.greaterThan(0);
      expect(r.stderr, said).to.not.match(/error: |Error: |at .*\.js:\d+/);
    });
  }

  it("the check can fail: a command the clone cannot run (a file it does not have) is caught (planted)", () => {
    const r = spawnSync("sh", ["-c", "npx uri-grammars extract --all-specs notes.txt"], { cwd: clone, encoding: "utf8" });
    expect(r.status).to.not.be.oneOf([0, 1]);
  });
});
