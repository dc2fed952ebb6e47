// Property: for every input a grammar accepts, its components equal those that the document's own
// Appendix B regular expression finds (draft-1997 and draft-2003 give the same regex), except where
// the published grammar itself derives something else; those exceptions are exact and asserted:
// - draft-2003 opaque-part (§3): the grammar's path is the regex's path + "?" + query;
// - draft-1997: where no site can be derived (`//a?x`, `//a_b/`), Appendix A derives a path that
//   starts with "//": the grammar's path is "//" + the regex's site + path;
// - draft-1997: where the regex's "scheme" is not a scheme (`;x:y`), Appendix A reads a relative path
//   whose first segment holds the ":" (pchar has ":"): no scheme, and the path runs to "?" or "#".
import { expect } from "chai";
import fc from "fast-check";
import { parse, type Draft1997Ast, type Draft2003Ast } from "../src";

const APPENDIX_B = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

interface Split {
  scheme: string | null;
  authority: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

function regexSplit(input: string): Split {
  const m = APPENDIX_B.exec(input)!;
  return { scheme: m[2] ?? null, authority: m[4] ?? null, path: m[5], query: m[7] ?? null, fragment: m[9] ?? null };
}

function astSplit2003(a: Draft2003Ast): Split {
  return { scheme: a.scheme?.text ?? null, authority: a.authority?.text ?? null, path: a.path!.text, query: a.query?.text ?? null, fragment: a.fragment?.text ?? null };
}

function astSplit1997(a: Draft1997Ast): Split {
  return { scheme: a.scheme?.text ?? null, authority: a.site?.text ?? null, path: a.path!.text, query: a.query?.text ?? null, fragment: a.fragment?.text ?? null };
}

// Characters that matter to the split, plus a few ordinary ones.
const piece = fc.constantFrom("a", "b", "1", "9", ":", "/", "//", "?", "#", "@", ".", "-", "_", "~", "%41", "%", ";", "=", "[", "]", "[::1]", "::", "http:", "x+y:", "255.1.2.3", " ");
const candidate = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(""));
const structured = fc
  .record({
    scheme: fc.option(fc.constantFrom("http", "a+b", "x-1", "mailto"), { nil: undefined }),
    authority: fc.option(fc.constantFrom("", "a", "u@a", "u:p@a:80", "[::1]", "1.2.3.4", "a_b", "a:b", "1.2.3.4.example", "@", ":"), { nil: undefined }),
    path: fc.constantFrom("", "/", "/a", "/a/b/", "a", "a/b", "./a:b", "/a;p/b;q=1", "//x"),
    query: fc.option(fc.constantFrom("", "q", "a=1&b=2", "/?x"), { nil: undefined }),
    fragment: fc.option(fc.constantFrom("", "f", "/?f"), { nil: undefined }),
  })
  .map((p) => `${p.scheme !== undefined ? p.scheme + ":" : ""}${p.authority !== undefined ? "//" + p.authority : ""}${p.path}${p.query !== undefined ? "?" + p.query : ""}${p.fragment !== undefined ? "#" + p.fragment : ""}`);
const inputs = fc.oneof(candidate, structured);

describe("Appendix B regex agrees with the grammar's components", () => {
  it("draft-2003: every accepted input", () => {
    let accepted = 0;
    fc.assert(
      fc.property(inputs, (input) => {
        const r = parse(input, { spec: "draft-2003" });
        if (!r.ok) return;
        accepted++;
        const ast = r.ast as Draft2003Ast;
        const want = regexSplit(input);
        const got = astSplit2003(ast);
        if (ast.kind === "opaque") {
          expect(got.path, input).to.equal(want.path + (want.query !== null ? "?" + want.query : ""));
          expect({ ...got, path: "", query: null }, input).to.deep.equal({ ...want, path: "", query: null });
        } else {
          expect(got, input).to.deep.equal(want);
        }
      }),
      { numRuns: 4000, seed: 2003 },
    );
    expect(accepted, "accepted inputs (the property must not be vacuous)").to.be.greaterThan(1000);
  });

  it("draft-1997: every accepted input", () => {
    let accepted = 0;
    let pathReadings = 0;
    fc.assert(
      fc.property(inputs, (input) => {
        const r = parse(input, { spec: "draft-1997" });
        if (!r.ok) return;
        accepted++;
        const got = astSplit1997(r.ast as Draft1997Ast);
        const want = regexSplit(input);
        if (want.scheme !== null && !parse(want.scheme, { spec: "draft-1997", rule: "scheme" }).ok) {
          expect(got.scheme, input).to.equal(null);
          expect(got.path, input).to.equal(/^[^?#]*/.exec(input)![0]);
          expect([got.query, got.fragment], input).to.deep.equal([want.query, want.fragment]);
        } else if (got.authority === null && want.authority !== null) {
          pathReadings++;
          expect(got.path, input).to.equal("//" + want.authority + want.path);
          expect({ ...got, path: "" }, input).to.deep.equal({ ...want, authority: null, path: "" });
        } else {
          expect(got, input).to.deep.equal(want);
        }
      }),
      { numRuns: 4000, seed: 1997 },
    );
    expect(accepted, "accepted inputs").to.be.greaterThan(1000);
    expect(pathReadings, "inputs where Appendix A derives a //path").to.be.greaterThan(0);
  });
});
