// Huge inputs parse without a stack overflow (correctness only: timing lives in `npm run bench`).
import { SPEC_IDS, type SpecId } from "../src/revisions";
import { expect } from "chai";
import { normalize, parse, resolve } from "../src";

const MB = 1 << 20;

describe("1 MB inputs parse without a stack overflow", () => {
  const cases: [SpecId, string, string | undefined, boolean][] = [
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

// The hostile shapes of bench/scaling.mjs at 10 MB, through every API that reads them. The bench
// times them; here only the results are checked (no timing assertions).
describe("10 MB inputs of every hostile shape parse, resolve and normalize without an exception @slow", function () {
  this.timeout(300_000);
  const N = 10 * MB;
  const k3 = Math.floor(N / 3);
  const k5 = Math.floor(N / 5);
  const shapes: [string, string][] = [
    ["long path", "http://a/" + "b/".repeat(N / 2)],
    ["path of %41", "http://a/" + "%41".repeat(k3)],
    ["long host label", "http://" + "a".repeat(N) + "/"],
    ["long query", "http://a/?" + "q=1&".repeat(N / 4)],
    ["path of ..", "http://a/" + "../".repeat(k3) + "g"],
  ];
  // The revisions parsed at 10 MB, each with the shapes it rejects: draft-1993 and draft-1994 allow
  // neither "=" nor "&" in a search (xalpha has neither).
  const PARSED: readonly (readonly [SpecId, readonly string[]])[] = [
    ["draft-1993", ["long query"]],
    ["draft-1994", ["long query"]],
    ["rfc1738", []],
    ["draft-1997", []],
    ["draft-2003", []],
  ];
  for (const [spec, rejected] of PARSED) {
    for (const [shape, input] of shapes) {
      const valid = !rejected.includes(shape);
      it(`parse ${spec}: ${shape} (${input.length} characters) is ${valid ? "valid" : "a clean syntax error"}`, () => {
        const r = parse(input, { spec });
        expect(r.ok).to.equal(valid);
        if (r.ok) {
          expect((r.ast as { text: string }).text.length).to.equal(input.length);
          // The generic revisions list every segment: N / 2 "b" and the empty one after the last "/".
          if (shape === "long path" && (r.ast.spec === "draft-1997" || r.ast.spec === "draft-2003")) {
            const segments = r.ast.path!.segments;
            expect(segments.length).to.equal(N / 2 + 1);
            expect(segments[N / 2 - 1]).to.deep.include({ text: "b", span: { start: input.length - 2, end: input.length - 1 } });
          }
        } else {
          expect(r.error.code).to.equal("syntax");
          expect(r.error.offset).to.be.within(0, input.length);
        }
      });
    }
  }
  const BASE = "http://a/b/c/d;p?q";
  // The revisions resolved at 10 MB: those whose algorithm keeps ".." above the root (draft-2003 §5.2
  // merge step 7 by default, draft-1997 §5.2 step 6, draft-1993's Partial form).
  const KEEPING = SPEC_IDS.filter((spec) => resolve(BASE, "../../../g", { spec }).ok && (resolve(BASE, "../../../g", { spec }) as { uri?: string }).uri === "http://a/../g");
  it("some revisions keep \"..\" above the root", () => expect(KEEPING.length).to.be.greaterThan(2));
  for (const spec of KEEPING) {
    it(`resolve ${spec}: "../" repeated to 10 MB keeps the ".." above the root ("http://a/../g" in Appendix C)`, () => {
      const r = resolve(BASE, "../".repeat(k3) + "g", { spec });
      expect(r.ok && r.kind === "uri" && r.uri).to.equal("http://a/" + "../".repeat(k3 - 2) + "g");
    });
    it(`resolve ${spec}: "a/../" repeated to 10 MB cancels out`, () => {
      const r = resolve(BASE, "a/../".repeat(k5) + "g", { spec });
      expect(r.ok && r.kind === "uri" && r.uri).to.equal("http://a/b/c/g");
    });
  }
  it('normalize draft-2003: "http://a/" + "a/../" repeated to 10 MB is "http://a/" (§6.2.2.3)', () => {
    const r = normalize("http://a/" + "a/../".repeat(k5), { spec: "draft-2003" });
    expect(r.ok && r.normalized).to.equal("http://a/");
  });
  it("normalize draft-1997: the same 10 MB input stays as it is (draft-1997 §6 removes no dot segments)", () => {
    const input = "http://a/" + "a/../".repeat(k5);
    const r = normalize(input, { spec: "draft-1997" });
    expect(r.ok && r.normalized).to.equal(input);
  });
});
