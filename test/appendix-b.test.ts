// Property: for every input a grammar accepts, its components equal those that the document's own
// Appendix B regular expression finds (draft-1997, draft-2003 and RFC 3986 give the same regex), except
// where the published grammar itself derives something else; those exceptions are exact and asserted
// (rfc3986 has none: its five path rules were made so that the grammar and the regex agree):
// - draft-2003 opaque-part (§3): the grammar's path is the regex's path + "?" + query;
// - draft-1997: where no site can be derived (`//a?x`, `//a_b/`), Appendix A derives a path that
//   starts with "//": the grammar's path is "//" + the regex's site + path;
// - draft-1997: where the regex's "scheme" is not a scheme (`;x:y`), Appendix A reads a relative path
//   whose first segment holds the ":" (pchar has ":"): no scheme, and the path runs to "?" or "#".
import { expect } from "chai";
import fc from "fast-check";
import { parse } from "../src";
import type { Draft1997Ast, Draft2003Ast, Rfc3986Ast } from "./support/loose-ast";
import { requireReferenceFile } from "./support/seeds";

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

function astSplit3986(a: Rfc3986Ast): Split {
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

  it("rfc3986: every accepted input, with no exception", () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(inputs, (input) => {
        const r = parse(input, { spec: "rfc3986" });
        if (!r.ok) return void rejected++;
        accepted++;
        expect(astSplit3986(r.ast as Rfc3986Ast), input).to.deep.equal(regexSplit(input));
      }),
      { numRuns: 4000, seed: 3986 },
    );
    expect(accepted, "accepted inputs (the property must not be vacuous)").to.be.greaterThan(1000);
    expect(rejected, "rejected inputs").to.be.greaterThan(100);
  });

  it("rfc3986: the Appendix B example gives the subexpressions the RFC prints", function () {
    const text = requireReferenceFile(this, "rfc3986.txt");
    // The regex as Appendix B prints it (our APPENDIX_B is the same, with "/" escaped for JavaScript).
    expect(text).to.include("^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?");
    expect(APPENDIX_B.source.replace(/\\\//g, "/")).to.equal("^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?");
    const m = APPENDIX_B.exec("http://www.ics.uci.edu/pub/ietf/uri/#Related")!;
    const printed = ["http:", "http", "//www.ics.uci.edu", "www.ics.uci.edu", "/pub/ietf/uri/", "<undefined>", "<undefined>", "#Related", "Related"];
    for (let n = 1; n <= 9; n++) {
      expect(text, `$${n}`).to.match(new RegExp(`\\$${n} = ${printed[n - 1].replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}\n`));
      expect(m[n] ?? "<undefined>", `$${n}`).to.equal(printed[n - 1]);
    }
    const ast = parse("http://www.ics.uci.edu/pub/ietf/uri/#Related", { spec: "rfc3986" });
    expect(ast.ok && astSplit3986(ast.ast as Rfc3986Ast)).to.deep.equal({ scheme: "http", authority: "www.ics.uci.edu", path: "/pub/ietf/uri/", query: null, fragment: "Related" });
  });

  it("rfc3986: the §3 and §3.3 examples have the components the text names", () => {
    const split = (s: string) => {
      const r = parse(s, { spec: "rfc3986" });
      if (!r.ok) throw new Error(r.error.message);
      return astSplit3986(r.ast as Rfc3986Ast);
    };
    // §3: "foo://example.com:8042/over/there?name=ferret#nose": scheme, authority, path, query, fragment
    expect(split("foo://example.com:8042/over/there?name=ferret#nose")).to.deep.equal({ scheme: "foo", authority: "example.com:8042", path: "/over/there", query: "name=ferret", fragment: "nose" });
    // §3: "urn:example:animal:ferret:nose": scheme and path
    expect(split("urn:example:animal:ferret:nose")).to.deep.equal({ scheme: "urn", authority: null, path: "example:animal:ferret:nose", query: null, fragment: null });
    // §3.3: "<mailto:fred@example.com> has a path of "fred@example.com", whereas the URI
    // <foo://info.example.com?fred> has an empty path."
    expect(split("mailto:fred@example.com").path).to.equal("fred@example.com");
    expect(split("foo://info.example.com?fred").path).to.equal("");
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
