// Revisions as data: what is particular to a revision lives in its descriptor (src/revisions/), and
// the operations (src/ops/) read it there. So no code in src/ops names a revision: no string
// literal in it is a revision id. Comments may (doc examples name revisions); the check reads the
// tokens with TypeScript's own scanner, so comments are never mistaken for code.
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { normalizingSpecs } from "../src/ops/normalize";
import { definesResolution, noResolution, resolve } from "../src/ops/resolve";
import { getRevision, SPEC_IDS, type SpecId } from "../src/revisions";

const ROOT = join(__dirname, "..", "..");

/** The string literals of a TypeScript source that are exactly a revision id, with their lines. */
export function specIdLiterals(source: string, ids: readonly string[]): { line: number; text: string }[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, /* skipTrivia */ true, ts.LanguageVariant.Standard, source);
  const found: { line: number; text: string }[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    // A "}" may close a template's substitution: rescan it as the template's continuation.
    if (token === ts.SyntaxKind.CloseBraceToken) token = scanner.reScanTemplateToken(false);
    const literal = token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral;
    if (literal && ids.includes(scanner.getTokenValue())) found.push({ line: source.slice(0, scanner.getTokenStart()).split("\n").length, text: scanner.getTokenText() });
    // A "/" that starts a regular expression: rescan so that its body is not read as code.
    if (token === ts.SyntaxKind.SlashToken || token === ts.SyntaxKind.SlashEqualsToken) scanner.reScanSlashToken();
  }
  return found;
}

describe("revisions as data", () => {
  it("no code in src/ops or src/conformance names a revision (no string literal in it is a revision id)", () => {
    const found: string[] = [];
    for (const sub of ["ops", "conformance"]) {
      const dir = join(ROOT, "src", sub);
      for (const f of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
        for (const l of specIdLiterals(readFileSync(join(dir, f), "utf8"), SPEC_IDS)) found.push(`src/${sub}/${f}:${l.line} ${l.text}`);
      }
    }
    expect(found).to.deep.equal([]);
  });
  it("the check can fail: it finds a planted literal in code, and none in comments, regexes or other strings", () => {
    const source = String.raw`// resolve by draft-2003 §5.2, e.g. "draft-2003"
/** @example normalize(x, { spec: "rfc3986" }) */
const re = /"draft-1997"/;
const s = "draft-2003 §6.2";
if (spec === "draft-1997") x();
const t = ${"`"}a ${"${b}"} draft-1993${"`"};
const u = ${"`${b}`"}; const v = 'rfc1738';`;
    expect(specIdLiterals(source, SPEC_IDS)).to.deep.equal([
      { line: 5, text: '"draft-1997"' },
      { line: 7, text: "'rfc1738'" },
    ]);
  });
  // One row per revision: id | resolution | normalization (a revision without a row is not held to one).
  const HOW = `draft-1993 | draft-1993 Partial form | none
draft-1994 | not defined (Recommendations, "URL syntax") | none
rfc1630 | rfc1630 Partial form | none
rfc1738 | not defined (§2.3 分层方案和关系链接 (Hierarchical schemes and relative links)) | none
rfc1808 | rfc1808 §4 | none
draft-1997 | draft-1997 §5.2 | draft-1997 §6
rfc2396 | rfc2396 §5.2 | rfc2396 §6
rfc2732 | rfc2396 §5.2 | rfc2396 §6
draft-2003 | draft-2003 §5.2 | draft-2003 §6.2
rfc3986 | rfc3986 §5.2 | rfc3986 §6.2
rfc3987 | rfc3986 §5.2 | rfc3986 §6.2
rfc6874 | rfc3986 §5.2 | rfc3986 §6.2`
    .split("\n")
    .map((l) => l.split(" | ") as [SpecId, string, string]);
  it("each descriptor says how the revision resolves (an algorithm, or the document's words for having none) and normalizes", () => {
    expect(HOW.length).to.be.greaterThan(10);
    for (const [id, resolution, normalization] of HOW) {
      const r = getRevision(id)!;
      expect([id, "algorithm" in r.resolution ? r.resolution.algorithm : `not defined (${r.resolution.notDefined.section})`, r.normalization ?? "none"]).to.deep.equal([id, resolution, normalization]);
    }
  });
  it("the operations read the descriptors: the revisions that resolve, that cite their words, that normalize", () => {
    const listed = (ids: readonly string[]) => ids.filter((id) => HOW.some(([h]) => h === id));
    expect(listed(SPEC_IDS.filter(definesResolution))).to.deep.equal(HOW.filter(([, r]) => !r.startsWith("not defined")).map(([id]) => id));
    expect(listed(Object.keys(noResolution()))).to.deep.equal(HOW.filter(([, r]) => r.startsWith("not defined")).map(([id]) => id));
    expect(listed(normalizingSpecs())).to.deep.equal(HOW.filter(([, , n]) => n !== "none").map(([id]) => id));
    const r = resolve("http://a/b", "g", { spec: "rfc1738" });
    const how = getRevision("rfc1738")!.resolution;
    expect(r.ok && r.kind === "not-defined" && r.citation).to.equal("notDefined" in how ? how.notDefined : null);
  });
});
