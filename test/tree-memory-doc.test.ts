// The memory a full derivation takes, as the documents state it, is the benchmark's measurement
// (issue 41 item 5: docs/api.md said "about 600 bytes per character" where explain with full took
// 1,075 MB for a million characters). bench/tree-memory.mjs writes bench/results/tree-memory.md; its
// largest figure, rounded up to a hundred, is what docs/api.md, MAX_TREE_INPUT's doc comment and the
// input-too-long message say.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_TREE_INPUT, requireTreeInput } from "../src/request";

const ROOT = join(__dirname, "..", "..");

/** The results' largest bytes per character, rounded up to a hundred, as the documents write it ("1,800"). */
export function statedFigure(results: string): string | null {
  const m = /^Largest: .*?, (\d+) bytes per character\.$/m.exec(results);
  return m ? (Math.ceil(Number(m[1]) / 100) * 100).toLocaleString("en") : null;
}

describe("the documented memory of a full derivation is the benchmark's (bench/results/tree-memory.md)", () => {
  const results = readFileSync(join(ROOT, "bench", "results", "tree-memory.md"), "utf8");
  const figure = statedFigure(results);

  it("the results were measured at MAX_TREE_INPUT and name their largest", () => {
    expect(results).to.include(`Input length ${MAX_TREE_INPUT} characters`);
    expect(figure).to.not.equal(null);
  });

  it("docs/api.md, MAX_TREE_INPUT's comment and the input-too-long message state it", () => {
    const sentence = `up to about ${figure} bytes per character`;
    expect(readFileSync(join(ROOT, "docs", "api.md"), "utf8").replace(/\s+/g, " ")).to.include(sentence);
    expect(readFileSync(join(ROOT, "src", "request.ts"), "utf8").replace(/\s*\n\s*\*\s*/g, " ")).to.include(sentence);
    const r = requireTreeInput("a".repeat(MAX_TREE_INPUT + 1), "rfc3986", null);
    expect(r?.error.message).to.include(sentence);
  });

  it("the check reads the figure as stated (planted: 1791 is written 1,800; a file without the line gives none)", () => {
    expect(statedFigure("Largest: explain full of rfc2396 (one segment): 1791 MB, 1791 bytes per character.")).to.equal("1,800");
    expect(statedFigure("# no results")).to.equal(null);
  });
});
