// Recomposition (draft-1997 §5.2 step 7, draft-2003 §5.2 "recombined"): for every input a grammar
// accepts as a reference, format(parse(x).ast) === x. Checked over generated references, over
// noise strings that the parser happens to accept, over every valid reference in the test tables,
// and over the Appendix C references and answers.
import type { SpecId } from "../src/revisions";
import { expect } from "chai";
import fc from "fast-check";
import type { GenericAst } from "./support/loose-ast";
import { readdirSync } from "node:fs";
import { parse } from "../src";
import { appendixBComponents, componentsOf, referenceComponents } from "../src/ops/uri-components";
import { format, recombine } from "../src/ops/format";
import { boundaryNoise, uriReference2003, urlReference1997 } from "./support/generators";
import { readResolutionTable } from "./support/resolution-table";
import { caseTables, DATA_DIR, readTable } from "./support/table";

const REFERENCE_RULES: Record<string, string[]> = {
  "draft-2003": ["URI-reference", "absolute-URI-reference", "absolute-URI", "relative-URI"],
  "draft-1997": ["URL-reference", "absoluteURL", "generic-URL", "opaque-URL", "relativeURL"],
};

/** For each reference rule that accepts x: does format give x back? Returns the rules that failed. */
function roundTripFailures(spec: SpecId, x: string): string[] {
  const failed: string[] = [];
  for (const rule of REFERENCE_RULES[spec]) {
    const r = parse(x, { spec, rule });
    if (r.ok && format(r.ast) !== x) failed.push(`${rule}: ${JSON.stringify(format(r.ast))}`);
  }
  return failed;
}

const GENERATORS = { "draft-2003": uriReference2003, "draft-1997": urlReference1997 } as const;

describe("format: recomposition round trip", () => {
  for (const spec of ["draft-2003", "draft-1997"] as const) {
    it(`${spec}: generated references (the generator yields mostly accepted inputs)`, () => {
      let accepted = 0;
      let total = 0;
      fc.assert(
        fc.property(GENERATORS[spec], (x) => {
          total++;
          if (parse(x, { spec }).ok) accepted++;
          const failed = roundTripFailures(spec, x);
          if (failed.length > 0) throw new Error(`${JSON.stringify(x)}: ${failed.join("; ")}`);
        }),
        { numRuns: 1500, seed: 1997 },
      );
      expect(accepted / total, `accepted ${accepted} of ${total}`).to.be.greaterThan(0.6);
    });
    it(`${spec}: accepted noise strings`, () => {
      fc.assert(
        fc.property(boundaryNoise, (x) => {
          const failed = roundTripFailures(spec, x);
          if (failed.length > 0) throw new Error(`${JSON.stringify(x)}: ${failed.join("; ")}`);
        }),
        { numRuns: 1500, seed: 42 },
      );
    });
  }

  for (const spec of ["draft-2003", "draft-1997"] as const) {
    it(`${spec}: the AST's components are Appendix B's, except where referenceComponents documents why`, () => {
      fc.assert(
        fc.property(fc.oneof(GENERATORS[spec], boundaryNoise), (x) => {
          const r = parse(x, { spec });
          if (!r.ok) return;
          const b = appendixBComponents(x);
          const rc = referenceComponents(r.ast)!;
          expect(recombine(b), JSON.stringify(x)).to.equal(x);
          expect(recombine(rc), JSON.stringify(x)).to.equal(x);
          const c = componentsOf(r.ast)!;
          if ((r.ast as GenericAst).kind === "opaque") {
            // The opaque text holds what Appendix B splits into path and query.
            expect(c.path, JSON.stringify(x)).to.equal(rc.path + (rc.query !== null ? "?" + rc.query : ""));
            return;
          }
          if (spec === "draft-1997" && c.scheme === null && b.scheme !== null) {
            // `=:g`: the regex's scheme is no draft-1997 scheme; referenceComponents follows the grammar.
            expect(/^[A-Za-z0-9+.-]+$/.test(b.scheme), JSON.stringify(x)).to.equal(false);
            expect(rc.scheme).to.equal(null);
            return;
          }
          if (spec === "draft-1997" && c.authority === null && rc.authority !== null) {
            // `//g?y`, `//;`: an abs_path starting with "//" to the grammar, a site to Appendix B.
            expect(c.path.startsWith("//"), JSON.stringify(x)).to.equal(true);
            return;
          }
          expect(c, JSON.stringify(x)).to.deep.equal(rc);
        }),
        { numRuns: 800, seed: 4 },
      );
    });
  }

  it("every valid reference of the test tables", () => {
    let n = 0;
    for (const file of caseTables()) {
      for (const c of readTable(file)) {
        if (!c.valid || !REFERENCE_RULES[c.spec]) continue;
        if (c.rule !== "*" && !REFERENCE_RULES[c.spec].includes(c.rule)) continue;
        n++;
        expect(roundTripFailures(c.spec, c.input), `${file}:${c.line}`).to.deep.equal([]);
      }
    }
    // Zero is allowed (the tables may hold only rule-level cases), but then nothing was checked.
    if (n === 0) console.warn("      (no valid whole-reference cases in test/data/*.tsv)");
  });

  it("every Appendix C reference and answer of both documents", () => {
    let n = 0;
    for (const spec of ["draft-1997", "draft-2003"] as const) {
      for (const c of readResolutionTable(`appendix-c-${spec}.tsv`)) {
        for (const x of [c.reference, c.base, c.expected]) {
          if (x.startsWith("(")) continue;
          expect(parse(x, { spec }).ok, `${spec} ${x}`).to.equal(true);
          expect(roundTripFailures(spec, x), `${spec} ${x}`).to.deep.equal([]);
          n++;
        }
      }
    }
    expect(n).to.be.greaterThan(150);
  });

  it("keeps absent and empty components apart", () => {
    const pairs: [string, string][] = [["http://a/", "http://a/?"], ["http://a/", "http://a/#"], ["http:", "http://"], ["", "#"], ["", "?"]];
    for (const spec of ["draft-2003", "draft-1997"] as const) {
      for (const [absent, empty] of pairs) {
        const a = parse(absent, { spec });
        const e = parse(empty, { spec });
        expect(a.ok && e.ok, `${spec} ${absent} / ${empty}`).to.equal(true);
        if (a.ok && e.ok) {
          expect(format(a.ast)).to.equal(absent);
          expect(format(e.ast)).to.equal(empty);
        }
      }
    }
    expect(recombine({ scheme: null, authority: "", path: "", query: "", fragment: "" })).to.equal("//?#");
    expect(recombine({ scheme: null, authority: null, path: "", query: null, fragment: null })).to.equal("");
  });

  it("is null for an AST of a smaller start rule, which is no reference", () => {
    const r = parse("a.b", { spec: "draft-2003", rule: "host" });
    expect(r.ok).to.equal(true);
    if (r.ok) {
      expect(componentsOf(r.ast)).to.equal(null);
      expect(format(r.ast)).to.equal(null);
    }
  });
});
