// No merge leftovers in what people read (issue 41 item 8: docs/api.md shipped a line "THEIRS" from a
// merge): conflict markers, or a line that is nothing but a merge side's name, in README.md,
// CHANGELOG.md and every Markdown file under docs/.
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");

/** The lines of `text` that a merge left behind: `<<<<<<< x`, `=======`, `>>>>>>> x`, `|||||||`, or a lone OURS, THEIRS or BASE. */
export function mergeLeftovers(text: string): { line: number; text: string }[] {
  return text
    .split("\n")
    .map((t, i) => ({ line: i + 1, text: t }))
    .filter(({ text: t }) => /^(<{7}|>{7}|\|{7})( |$)|^={7}$|^(OURS|THEIRS|BASE)$/.test(t.trim()));
}

function markdownFiles(): string[] {
  const docs = readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md")).map((f) => join("docs", f));
  return ["README.md", "CHANGELOG.md", ...docs];
}

describe("no merge leftovers in the documentation", () => {
  for (const file of markdownFiles()) {
    it(file, () => {
      expect(mergeLeftovers(readFileSync(join(ROOT, file), "utf8")).map((l) => `${file}:${l.line}: ${l.text}`)).to.deep.equal([]);
    });
  }

  it("the check finds a lone THEIRS and a conflict marker, and not the same words in prose (planted)", () => {
    expect(mergeLeftovers("## Types\n\nTHEIRS\n- a\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> main\n").map((l) => l.line)).to.deep.equal([3, 5, 7, 9]);
    expect(mergeLeftovers("keep THEIRS in mind\n| ======= |\n")).to.deep.equal([]);
  });
});
