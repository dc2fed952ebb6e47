// The build's reader of the annotation comments above each rule (scripts/build-grammars.mjs
// readAnnotations): published names, sections, text, and the names that hold spaces.
import { expect } from "chai";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");

interface RuleAnnotation { pegName: string; published: string | null; kind: string; section: string | null; text: string[]; peg: string[] }
type Reader = (source: string, file: string) => { rules: RuleAnnotation[] };

async function reader(): Promise<Reader> {
  return (await import(join(ROOT, "scripts", "build-grammars.mjs"))).readAnnotations as Reader;
}

describe("readAnnotations (scripts/build-grammars.mjs)", () => {
  it("reads a one-word published name and its section", async () => {
    const read = await reader();
    const [rule] = read(['// @rule URI-reference §4.1', "//   URI-reference = URI / relative-ref", "URI_reference", '  = "a"', ""].join("\n"), "t.peggy").rules;
    expect(rule).to.include({ pegName: "URI_reference", published: "URI-reference", kind: "published", section: "§4.1" });
    expect(rule.text).to.deep.equal(["URI-reference = URI / relative-ref"]);
  });

  // The WHATWG URL Standard names its productions in words: `valid URL string` (§4.3).
  it("reads a published name with spaces written between double quotes, without the quotes", async () => {
    const read = await reader();
    const source = [
      '// @rule "valid URL string" §4.3 #url-writing',
      "//   A valid URL string must be either a relative-URL-with-fragment string or an",
      "//   absolute-URL-with-fragment string.",
      "valid_URL_string",
      '  = "a"',
      "",
      '// @core "ASCII digit" Infra §4.6 #code-points',
      "//   An ASCII digit is a code point in the range U+0030 (0) to U+0039 (9), inclusive.",
      "ASCII_digit",
      "  = [0-9]",
    ].join("\n");
    const [url, digit] = read(source, "t.peggy").rules;
    expect(url).to.include({ pegName: "valid_URL_string", published: "valid URL string", kind: "published", section: "§4.3 #url-writing" });
    expect(url.text).to.have.length(2);
    expect(digit).to.include({ pegName: "ASCII_digit", published: "ASCII digit", kind: "core", section: "Infra §4.6 #code-points" });
  });

  it("refuses a quoted name whose quote is not closed, and a quoted name without a section", async () => {
    const read = await reader();
    for (const line of ['// @rule "valid URL string §4.3', '// @rule "valid URL string"']) {
      expect(() => read([line, "//   A valid URL string must be ...", "x", '  = "a"'].join("\n"), "t.peggy"), line).to.throw(/unknown annotation/);
    }
  });
});
