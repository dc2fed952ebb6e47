// The lists of revisions in the committed docs (README.md's table, the conformance suite schema's
// enum) are written from the registry by scripts/write-revision-docs.mjs: they are current, so a
// revision added (a folder of grammar/) or a summary changed fails here until they are written again.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SPEC_IDS, specs } from "../src/revisions";

const ROOT = join(__dirname, "..", "..");

interface RevisionDoc {
  path: string;
  write(text: string): string;
}
const writer = (): Promise<{ revisionDocs(): RevisionDoc[]; revisionTable(): string }> => import(join(ROOT, "scripts", "write-revision-docs.mjs"));

describe("the docs' lists of revisions are the registry's (node scripts/write-revision-docs.mjs)", () => {
  it("README.md's table and the suite schema's enum are current", async () => {
    for (const { path, write } of (await writer()).revisionDocs()) {
      const text = readFileSync(path, "utf8");
      expect(write(text) === text, `${path} is stale: run node scripts/write-revision-docs.mjs`).to.equal(true);
    }
  });

  it("the README's table has a row per revision, its summary from the grammar's header", async () => {
    const table = (await writer()).revisionTable();
    for (const s of specs()) expect(table).to.contain(`| \`${s.id}\` | ${s.summary}`);
    expect(table.split("\n")).to.have.length(SPEC_IDS.length + 2);
  });

  it("the check can fail: a table without a row and an enum without a revision are stale (planted)", async () => {
    const [readme, schema] = (await writer()).revisionDocs();
    const r = readFileSync(readme!.path, "utf8");
    const plantedReadme = r.replace(/^\| `rfc1808` .*\n/m, "");
    expect(plantedReadme).to.not.equal(r);
    expect(readme!.write(plantedReadme)).to.equal(r);
    const s = readFileSync(schema!.path, "utf8");
    const plantedSchema = s.replace('"rfc1808", ', "");
    expect(plantedSchema).to.not.equal(s);
    expect(schema!.write(plantedSchema)).to.equal(s);
  });
});
