// Normalization and equivalence (draft-2003 §6.2 ladder, draft-1997 §6): the tables under
// test/data/normalization/, the default-port citations, and two properties of normal forms.
import { expect } from "chai";
import fc from "fast-check";
import { join } from "node:path";
import { parse } from "../src";
import type { SpecId } from "../src/revisions";
import { DEFAULT_PORTS } from "../src/ops/default-ports";
import { equivalent } from "../src/ops/equivalent";
import { normalize, type NormalizationLevel } from "../src/ops/normalize";
import { readTsvLines } from "./support/table";
import { uriReference2003, urlReference1997 } from "./support/generators";
import { requireSeedFile } from "./support/seeds";

/** The lines of a table under test/data/normalization/ (the one table reader: test/support/table.ts). */
function rows(file: string): { line: number; cols: string[] }[] {
  return readTsvLines(join("normalization", file));
}

describe("normalization: normalize.tsv", () => {
  for (const { line, cols } of rows("normalize.tsv")) {
    const [spec, level, input, expected, source] = cols;
    it(`${spec} ${level}: ${input} -> ${expected} (${source})`, () => {
      const r = normalize(input, { spec: spec as SpecId, level: level as NormalizationLevel });
      const got = r.ok ? r.normalized : `error:${r.error.code}`;
      expect(got, `normalize.tsv:${line}`).to.equal(expected);
    });
  }
});

describe("normalization: equivalence.tsv", () => {
  for (const { line, cols } of rows("equivalence.tsv")) {
    const [spec, level, a, b, verdict, source] = cols;
    it(`${spec} ${level}: ${a} ${verdict === "equivalent" ? "≡" : "≢"} ${b} (${source})`, () => {
      const r = equivalent(a, b, { spec: spec as SpecId, level: level as NormalizationLevel });
      expect(r.ok, `equivalence.tsv:${line}`).to.equal(true);
      expect(r.ok && r.equivalent, `equivalence.tsv:${line}`).to.equal(verdict === "equivalent");
    });
  }
  it("an invalid input is an error value naming it, not a verdict", () => {
    const r = equivalent("http://a/", "a b");
    expect(r.ok).to.equal(false);
    expect(!r.ok && r.which).to.equal("b");
  });
});

describe("normalization: default ports", () => {
  it("each default port is quoted from the RFC 1738 seed at the line given", function () {
    const lines = requireSeedFile(this, "002_3376c89374b224fa.txt").split("\n");
    expect(DEFAULT_PORTS.map((d) => `${d.scheme} ${d.port}`)).to.deep.equal(["ftp 21", "http 80", "gopher 70", "nntp 119", "telnet 23", "wais 210", "prospero 1525"]);
    for (const d of DEFAULT_PORTS) {
      const text = (lines[d.line - 1] + lines[d.line]).replace(/\s+/g, "");
      expect(text, d.section).to.include(d.quote.replace(/\s+/g, ""));
      expect(d.quote).to.include(String(d.port));
    }
  });
});

describe("normalization: properties over generated references", () => {
  // rfc3986 takes the draft-2003 generator's strings: most are rfc3986 references too (the others are skipped).
  const GENERATED = [
    ["draft-2003", uriReference2003],
    ["draft-1997", urlReference1997],
    ["rfc3986", uriReference2003],
  ] as const;
  for (const [spec, gen] of GENERATED)
  for (const level of ["syntax", "scheme"] as const) {
    it(`${spec} ${level}: the normal form is a valid reference and normalizing it again changes nothing`, () => {
      fc.assert(
        fc.property(gen as fc.Arbitrary<string>, (x) => {
          if (!parse(x, { spec }).ok) return true;
          const once = normalize(x, { spec, level });
          if (!once.ok) return false;
          const twice = normalize(once.normalized, { spec, level });
          return twice.ok && twice.normalized === once.normalized;
        }),
        { numRuns: 300, seed: 2003 },
      );
    });
  }
});
