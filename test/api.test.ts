// parse() never throws: bad input, unknown revisions and rules come back as error values.
import { expect } from "chai";
import fc from "fast-check";
import { DEFAULT_SPEC, parse, specs, validate, type SpecId } from "../src";
import { defaultRule, getRevision, SPEC_IDS } from "../src/revisions";

/** The error of a result that must be a failure. */
function errorOf(r: { ok: boolean; error?: unknown }): Record<string, unknown> {
  expect(r.ok).to.equal(false);
  return r.error as Record<string, unknown>;
}

describe("parse() error values", () => {
  it("rejects a non-string input with a clear error, never a throw", () => {
    for (const input of [undefined, null, 42, {}, [], Buffer.from("http://a/"), Symbol("x")]) {
      const r = parse(input as unknown);
      expect(r.ok).to.equal(false);
      if (!r.ok) {
        expect(r.error.code).to.equal("not-a-string");
        expect(r.error.message).to.match(/must be a string/);
      }
    }
  });
  it("reports an unknown spec and lists the available ones", () => {
    expect(errorOf(parse("x", { spec: "rfc9999" as SpecId }))).to.include({ code: "unknown-spec" }).and.have.property("message").that.contains("draft-2003");
  });
  it("reports an unknown rule and suggests the published spelling", () => {
    const r = parse("x", { spec: "draft-2003", rule: "URI_reference" as string });
    expect(r.ok).to.equal(false);
    if (!r.ok) {
      expect(r.error.code).to.equal("unknown-rule");
      expect(r.error.message).to.contain('Did you mean "URI-reference"');
    }
  });
  it("gives offset, line, column, found, expected, the failing rule and its section", () => {
    const r = parse("1::2::3", { spec: "draft-2003", rule: "IPv6address" });
    expect(r.ok).to.equal(false);
    if (r.ok) return;
    expect(r.error).to.deep.include({ code: "syntax", spec: "draft-2003", startRule: "IPv6address", rule: "IPv6address", section: "§3.2.2", offset: 5, line: 1, column: 6, found: ":" });
    expect(r.error.expected).to.include("[0-9A-Fa-f]");
    expect(r.error.message).to.match(/^At offset 5, IPv6address \(draft-2003 §3\.2\.2\)/);
    expect(r.error.message).to.contain('"::" only once');
    expect(r.error.message).to.not.contain("\n");
  });
  it("names the innermost rule that needed something else", () => {
    const r = parse("http://a/%zz", { spec: "draft-2003" });
    expect(!r.ok && r.error.ruleStack.slice(0, 3)).to.deep.equal(["URI-reference", "absolute-URI", "hier-part"]);
    expect(!r.ok && r.error.message).to.contain('write "%25"');
  });
  it("describes characters a person cannot see: lone surrogates, controls, non-ASCII", () => {
    const cases: [string, string][] = [["a\ud800", "lone surrogate U+D800"], ["a\u0000", "control character U+0000"], ["a\u00e9", 'U+00E9 "é"'], ["a b", "a space"]];
    for (const [input, words] of cases) {
      const r = parse(input, { spec: "draft-2003" });
      expect(!r.ok && r.error.message, input).to.contain(words);
    }
  });
  it("counts lines and columns for a multi-line input", () => {
    const r = parse("a\nb", { spec: "draft-2003" });
    expect(!r.ok && [r.error.offset, r.error.line, r.error.column]).to.deep.equal([1, 1, 2]);
  });
  it("defaults to draft-2003 and its top rule", () => {
    expect(DEFAULT_SPEC).to.equal("draft-2003");
    const r = parse("http://a/");
    expect(r.ok && [r.spec, r.rule]).to.deep.equal(["draft-2003", "URI-reference"]);
  });
  it("can start at every rule of every revision", () => {
    for (const s of specs()) {
      for (const rule of s.rules) {
        const r = parse("", { spec: s.id, rule: rule.published ?? rule.pegName });
        if (!r.ok) expect(r.error.code, `${s.id} ${rule.published}`).to.equal("syntax");
      }
    }
  });
});

describe("parse() and validate() with null options", () => {
  // JavaScript callers pass null for "no options"; it means what undefined means, never a throw.
  it("parse(input, null) is parse(input): a result for a valid input, the usual error value otherwise", () => {
    // (null is outside the declared types, as it is for a JavaScript caller)
    const nullOptions = null as unknown as undefined;
    expect(parse("http://a/", nullOptions)).to.deep.equal(parse("http://a/"));
    expect(parse("http://a b/", nullOptions)).to.deep.equal(parse("http://a b/"));
    const r = parse(42, nullOptions);
    expect(!r.ok && r.error.code).to.equal("not-a-string");
  });
  it("validate(input, null) is validate(input): true, false, false for a non-string", () => {
    // (null is outside the declared types, as it is for a JavaScript caller)
    const nullOptions = null as unknown as undefined;
    expect([validate("http://a/", nullOptions), validate("http://a b/", nullOptions), validate(42, nullOptions)]).to.deep.equal([true, false, false]);
  });
});

describe("the start rule a scheme-aware revision applies (request lookups against defaultRule())", () => {
  // parse(), validate() and components() find the production without copying the scheme out
  // (src/parse.ts, schemeTarget); defaultRule() states the choice. Both must agree on every input.
  const schemeAware = SPEC_IDS.filter((id) => getRevision(id)!.schemeProductions).map((id) => ({ id, revision: getRevision(id)! }));
  const agree = (input: string): void => {
    for (const { id, revision } of schemeAware) {
      const r = parse(input, { spec: id });
      const stated = defaultRule(revision, input);
      expect([r.rule, r.production], `${id} ${JSON.stringify(input)}`).to.deep.equal([stated.rule, stated.production]);
      expect(validate(input, { spec: id }), `${id} ${JSON.stringify(input)}`).to.equal(validate(input, { spec: id, rule: stated.rule }));
    }
  };
  const table = ["http://a/b", "HTTP://a/b", "hTtP://a/", "https://a/", "ftp://a/b;type=a", "FTP:x", "mailto:a@b", "news:a", "x:y", ":x", "/a:b", "a", "", "URL:http://a/", "url:ftp://a/",
    "\u212Attp://a", "\u0130:x", "h\u00e9:x", "http", "http:", "a+b.c-d:x", "a/b:c", "ht?p:x"];
  it("agrees on a table of cases: capitals, unknown schemes, no scheme, a prefix, non-ASCII letters", () => {
    for (const input of table) agree(input);
  });
  it("agrees on generated strings made of scheme names, capitals, delimiters and letters that lower-case into ASCII", () => {
    const names = [...new Set(schemeAware.flatMap(({ revision }) => [...revision.schemeProductions!.productions.keys()]))];
    const piece = fc.oneof(fc.constantFrom(...names, "URL:", ":", "/", "//", "?", "#", "+", ".", "-", "\u212A", "\u0130", "\u00e9"), fc.constantFrom(...names).map((n) => n.toUpperCase()), fc.string({ maxLength: 3 }));
    fc.assert(fc.property(fc.array(piece, { maxLength: 5 }), (pieces) => agree(pieces.join(""))), { numRuns: 3000, seed: 26 });
  });
  it("the check can fail: a lookup that ignores capitals is caught (planted)", () => {
    const revision = getRevision("rfc1738")!;
    const planted = (input: string) => (input.startsWith("http:") ? "httpurl" : input.startsWith("ftp:") ? "ftpurl" : revision.schemeProductions!.otherwise);
    expect(table.filter((input) => planted(input) !== defaultRule(revision, input).production)).to.include("HTTP://a/b");
  });
});
