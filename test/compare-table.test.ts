// `compare`'s table at the widths terminals have: no token (a rule name, a component's quoted
// text, a revision id) is ever cut across lines, whatever the width.
import { expect } from "chai";
import { compareText } from "../src/cli/commands/compare";
import { MAX_WHOLE_TOKEN, wrap } from "../src/cli/table";
import { compareInput } from "../src/ops/compare";
import { availableSpecIds } from "../src/revisions";

const INPUTS = ["http://[::1]:8080/a/b?c#d", "http://a/~b", "ftp://u:p@h/a;type=i", "http://a b/", "mailto:someone@example.com", "http://example.com/a-rather-long-path-segment/and-another-one?query=with-a-value#fragment"];

/** The tokens of the text a table shows: every run without a space of every cell. */
function tokensOf(input: string): string[] {
  const r = compareInput(input, { specs: availableSpecIds() });
  if (!r.ok) throw new Error(r.error.message);
  const words = new Set<string>(availableSpecIds());
  for (const c of r.cells) {
    for (const w of [c.production ?? "", c.error?.reason ?? "", ...Object.values(c.components ?? {}).map((v) => (v ? JSON.stringify(v.text) : ""))].join(" ").split(" ")) if (w.length > 1) words.add(w);
  }
  return [...words];
}

describe("compare shows the revisions side by side (issue 41 item 7: at 100 columns it printed one block per revision)", () => {
  /** The revisions in each panel of the text: its header line (the one above a "---+---" rule), split at "|". */
  const panels = (text: string) => {
    const lines = text.split("\n");
    return lines.filter((l, i) => /^-+-\+-/.test(lines[i + 1] ?? "")).map((l) => l.split("|").slice(1).map((c) => c.trim()));
  };
  for (const input of INPUTS) {
    it(`${JSON.stringify(input)}: every revision in a column, in panels whose sizes differ by one at most, at least 2 to a panel at 100 columns, at least 4 at 200, all in one table at 400`, () => {
      const r = compareInput(input, { specs: availableSpecIds() });
      if (!r.ok) throw new Error(r.error.message);
      for (const [width, least] of [[100, 2], [200, 4], [400, availableSpecIds().length]] as const) {
        const shown = panels(compareText(r, width));
        expect(shown.flat(), `${width}`).to.deep.equal(availableSpecIds());
        for (const p of shown) expect(p.length, `${width}: ${p.join(", ")}`).to.be.at.least(least);
        const sizes = shown.map((p) => p.length);
        expect(Math.max(...sizes) - Math.min(...sizes), `${width}: panels of ${sizes.join(", ")}`).to.be.at.most(1);
      }
    });
  }
  it("the check can fail: the old one-block-per-revision layout has no panels (planted)", () => {
    const r = compareInput("http://a/~b");
    if (!r.ok) throw new Error(r.error.message);
    const blocks = r.cells.map((c) => `${c.spec}\n  verdict    ${c.valid ? "valid" : "invalid"}\n`).join("");
    expect(panels(blocks)).to.deep.equal([]);
  });
});

describe("compare's table never breaks inside a token", () => {
  for (const width of [40, 80, 120]) {
    it(`at ${width} columns every token of every cell is whole on one line`, () => {
      for (const input of INPUTS) {
        const r = compareInput(input, { specs: availableSpecIds() });
        if (!r.ok) throw new Error(r.error.message);
        const text = compareText(r, width);
        const lines = text.split("\n");
        // A token that fits a column (MAX_WHOLE_TOKEN) and the line is whole on one line; every line fits.
        for (const token of tokensOf(input).filter((t) => t.length <= Math.min(width - 2, MAX_WHOLE_TOKEN))) expect(lines.some((l) => l.includes(token)), `${JSON.stringify(token)} at width ${width} in\n${text}`).to.equal(true);
        for (const l of lines) expect(l.length, l).to.be.at.most(width);
      }
    });
  }

  it("wrap cuts at spaces; only a token wider than a whole line is cut (and the old cut-anywhere fails this: planted)", () => {
    expect(wrap("URI-reference absolute-URI", 13)).to.deep.equal(["URI-reference", "absolute-URI"]);
    expect(wrap("ab URI-reference", 8)).to.deep.equal(["ab", "URI-refe", "rence"]);
    expect(wrap("a b c d", 3)).to.deep.equal(["a b", "c d"]);
    const cutAnywhere = (t: string, w: number) => (t.length > w ? [t.slice(0, w), t.slice(w)] : [t]);
    expect(wrap("a URI-reference", 14)).to.deep.equal(["a", "URI-reference"]);
    expect(cutAnywhere("a URI-reference", 14)).to.not.deep.equal(wrap("a URI-reference", 14));
    expect(wrap("  indented text", 10)).to.deep.equal(["  indented", "text"]);
  });
});
