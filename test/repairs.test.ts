import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repairsMarkdown } from "../src/revisions/repairs";
import { specs } from "../src";

describe("grammar/REPAIRS.md", () => {
  it("is up to date with the grammar annotations (run `npm run build && npm run repairs`)", () => {
    const committed = readFileSync(join(__dirname, "..", "..", "grammar", "REPAIRS.md"), "utf8");
    expect(committed).to.equal(repairsMarkdown());
  });
  it("lists each repair with the seed's words", () => {
    const all = specs().flatMap((s) => s.rules.flatMap((r) => r.repairs.map((rep) => ({ spec: s.id, rule: r.published, ...rep }))));
    expect(all.length).to.be.greaterThan(0);
    for (const rep of all) expect(rep.seed, `${rep.spec} ${rep.rule}`).to.not.equal("");
  });
});
