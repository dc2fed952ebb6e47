// The list of revisions in the committed docs (README.md's table, the only one) is written from the
// registry by scripts/write-revision-docs.mjs: it is current, so a revision added (a folder of
// grammar/) or a summary changed fails here until it is written again. The suite schema's `spec` is a
// pattern every revision id matches (no list to keep).
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
  it("README.md's table is current", async () => {
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

  it("the suite schema's spec pattern takes every revision id and no other shape", () => {
    const schema = JSON.parse(readFileSync(join(ROOT, "docs", "conformance-suite.schema.json"), "utf8")) as { properties: { spec: { pattern: string; enum?: unknown } } };
    expect(schema.properties.spec.enum).to.equal(undefined);
    const pattern = new RegExp(schema.properties.spec.pattern);
    for (const id of SPEC_IDS) expect(pattern.test(id), id).to.equal(true);
    // planted: shapes that are no revision id
    for (const bad of ["", "RFC3986", "rfc 3986", "-rfc3986", "rfc3986-"]) expect(pattern.test(bad), bad).to.equal(false);
  });

  it("the check can fail: a table without a row is stale (planted)", async () => {
    const [readme] = (await writer()).revisionDocs();
    const r = readFileSync(readme!.path, "utf8");
    const plantedReadme = r.replace(/^\| `rfc1808` .*\n/m, "");
    expect(plantedReadme).to.not.equal(r);
    expect(readme!.write(plantedReadme)).to.equal(r);
  });
});
