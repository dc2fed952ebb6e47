// Huge inputs parse without a stack overflow (correctness only: timing lives in `npm run bench`).
import { expect } from "chai";
import { parse } from "../src";

const MB = 1 << 20;

describe("1 MB inputs parse without a stack overflow", () => {
  const cases: [string, string, string | undefined, boolean][] = [
    ["draft-2003", "http://a/" + "b/".repeat(MB / 2), undefined, true],
    ["draft-2003", "http://a/" + "%41".repeat(MB / 3), undefined, true],
    ["draft-2003", "http://" + "a".repeat(MB) + "/", undefined, true], // a reg-name: labels stop at 63
    ["draft-2003", "a.".repeat(MB / 2) + "a", "hostname", true],
    ["draft-2003", "a".repeat(MB), "hostname", false],
    ["draft-2003", "http://a/?" + "q=1&".repeat(MB / 4), undefined, true],
    ["draft-2003", "http://a/" + "b".repeat(MB) + " ", undefined, false], // the error path re-parses with the tracer
    ["draft-1997", "http://a/" + "b;p/".repeat(MB / 4), undefined, true],
    ["draft-1997", "a.".repeat(MB / 2) + "a", "hostname", true],
    ["draft-1997", "http://" + "a".repeat(MB) + "/", undefined, true],
    ["draft-1997", "http://a/" + "b".repeat(MB) + "{", undefined, false],
  ];
  for (const [spec, input, rule, valid] of cases) {
    it(`${spec} ${rule ?? "top rule"}: ${input.length} characters starting ${JSON.stringify(input.slice(0, 16))} is ${valid ? "valid" : "invalid"}`, () => {
      const r = parse(input, { spec, rule });
      expect(r.ok).to.equal(valid);
      if (!r.ok) expect(r.error.code).to.equal("syntax");
    });
  }
  it("returns a derivation tree for a 100 KB input", () => {
    const r = parse("http://a/" + "b/".repeat(50_000), { spec: "draft-2003", tree: true });
    expect(r.ok && r.tree!.end).to.equal(100_009);
  });
});
