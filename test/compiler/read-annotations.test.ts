// read / read-annotations (scripts/scanner/passes/read-annotations.mjs): each rule's published name,
// from the annotation above it; a helper keeps its own.
import { expect } from "chai";
import { compileMini, compileWith, plantedPass, type Compilation } from "../support/compiler";

/** MINI's rules whose published name is not their own (HEX is RFC 2234's HEXDIG). */
const EXPECTED: Readonly<Record<string, string>> = { ref: "ref", scheme: "scheme", path: "path", segment: "segment", pct: "pct", frag: "frag", ALPHA: "ALPHA", DIGIT: "DIGIT", HEX: "HEXDIG" };

function problems(c: Compilation): string[] {
  const names = c.names as Map<string, string>;
  return Object.entries(EXPECTED).filter(([peg, pub]) => names.get(peg) !== pub).map(([peg, pub]) => `${peg}: ${names.get(peg)}, not ${pub}`);
}

describe("compiler pass read-annotations", () => {
  it("names each rule as its annotation does (HEX is HEXDIG; the helper pct keeps its name)", () => {
    expect(problems(compileMini("read-annotations"))).to.deep.equal([]);
  });

  it("a planted fault (the published name ignored) is caught", () => {
    const planted = plantedPass("read-annotations", "[r.pegName, r.published ?? r.pegName]", "[r.pegName, r.pegName]");
    expect(problems(compileWith(planted, "read-annotations"))).to.deep.equal(["HEX: HEX, not HEXDIG"]);
  });
});
