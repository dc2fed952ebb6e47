// docs/api.md names every type the package exports: its index of exported types
// (scripts/write-api-types.mjs, read from src/index.ts by the TypeScript compiler) is current, so a
// type added (a new revision's generated AST types too), renamed or removed fails here until the
// index is written again.
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync, rmSync, copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

const ROOT = join(__dirname, "..", "..");

describe("docs/api.md names every exported type", function () {
  this.timeout(120_000);

  it("the index of exported types is current (node scripts/write-api-types.mjs --check)", () => {
    const r = spawnSync(process.execPath, [join(ROOT, "scripts", "write-api-types.mjs"), "--check"], { cwd: ROOT, encoding: "utf8" });
    expect(r.status, r.stderr).to.equal(0);
    const n = Number(/\((\d+)\)/.exec(r.stdout)?.[1]);
    expect(n).to.be.greaterThan(100);
  });

  it("every row has a sentence: no exported type without a doc comment", () => {
    const api = readFileSync(join(ROOT, "docs", "api.md"), "utf8");
    expect(api.split("\n").filter((l) => l.includes("(no doc comment)"))).to.deep.equal([]);
  });

  it("the check can fail: an index missing a row is stale (planted) @slow", () => {
    const api = readFileSync(join(ROOT, "docs", "api.md"), "utf8");
    const planted = api.replace(/^\| `ParseError` .*\n/m, "");
    expect(planted).to.not.equal(api);
    const scratch = mkdtempSync(join(tmpdir(), "uri-grammars-api-types-"));
    try {
      mkdirSync(join(scratch, "docs"));
      mkdirSync(join(scratch, "scripts"));
      copyFileSync(join(ROOT, "scripts", "write-api-types.mjs"), join(scratch, "scripts", "write-api-types.mjs"));
      writeFileSync(join(scratch, "docs", "api.md"), planted);
      // The scratch copy reads the sources and typescript from the repository (links, not copies).
      spawnSync("ln", ["-s", join(ROOT, "src"), join(scratch, "src")]);
      spawnSync("ln", ["-s", join(ROOT, "generated"), join(scratch, "generated")]);
      spawnSync("ln", ["-s", join(ROOT, "grammar"), join(scratch, "grammar")]);
      spawnSync("ln", ["-s", join(ROOT, "node_modules"), join(scratch, "node_modules")]);
      spawnSync("ln", ["-s", join(ROOT, "package.json"), join(scratch, "package.json")]);
      const r = spawnSync(process.execPath, [join(scratch, "scripts", "write-api-types.mjs"), "--check"], { cwd: scratch, encoding: "utf8" });
      expect(r.status).to.equal(1);
      expect(r.stderr).to.contain("stale");
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
