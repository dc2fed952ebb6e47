// package.json says what the registry holds: its description names the first and the last revision
// and the years they span (a revision added between them changes nothing here: the folders are the
// list, and `uri-grammars specs` prints it); the CLI's own description comes from the registry and
// names every revision. No repository, homepage or bugs fields are invented.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { programDescription } from "../src/cli/main";
import { specs } from "../src/revisions";

const ROOT = join(__dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { description: string; files: string[]; peerDependencies?: Record<string, string> };

/** What a description misses of the registry: revision ids not named (of `among`), and the years if they differ. */
function missing(description: string, among: "every" | "ends" = "every"): string[] {
  const all = specs();
  const named = among === "every" ? all : [all[0], all[all.length - 1]];
  const out: string[] = named.filter((s) => !new RegExp(`(^|[^a-z0-9-])${s.id}([^a-z0-9-]|$)`).test(description)).map((s) => s.id);
  const years = `${all[0].date.slice(0, 4)}-${all[all.length - 1].date.slice(0, 4)}`;
  if (!description.includes(years)) out.push(years);
  return out;
}

describe("package.json against the registry", () => {
  it("the description names the first and the last revision and the years they span", () => {
    expect(missing(manifest.description, "ends")).to.deep.equal([]);
  });

  it("the CLI's description (--help) names them too, from the registry", () => {
    expect(missing(programDescription())).to.deep.equal([]);
  });

  it("the check can fail: a description without a revision is caught (planted)", () => {
    const last = specs()[specs().length - 1].id;
    const dropped = manifest.description.replace(new RegExp(`(^|[^a-z0-9-])${last}(?=[^a-z0-9-]|$)`, "g"), "$1x");
    expect(missing(dropped, "ends")).to.include(last);
  });

  it("ships docs/ and CHANGELOG.md (the README's links), states the minimum TypeScript", () => {
    expect(manifest.files).to.include.members(["docs/", "CHANGELOG.md"]);
    expect(manifest.peerDependencies?.typescript).to.equal(">=5.4");
  });
});
