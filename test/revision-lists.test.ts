// Every list of revisions is derived from the folders of grammar/ (the registry), never typed: a
// hand-written list falls behind the day a revision is added (docs/conformance-suite.schema.json named
// 6 of 12). This test reads the code of src/, scripts/, test/ and bench/ with TypeScript's scanner
// and fails on a list of three or more revision ids written by hand: three or more string literals
// that are each a revision id on one line or inside one [...], {...} or (...), or one string that enumerates
// three or more ("draft-1993, draft-1994 and rfc1738"; a section cited, "rfc3986 §7.2", is a
// citation, not a list). Comments do not count,
// nor generated files and test data tables (TSV), which may list revisions as data.
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { availableSpecIds } from "../src/revisions";
import { readRows } from "./support/table";

const ROOT = join(__dirname, "..", "..");

/** The files the rule applies to: code under src/, scripts/, test/ and bench/, tracked by git, not test data. */
function codeFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "src", "scripts", "test", "bench", "bin", "adapters"], { cwd: ROOT, encoding: "utf8" });
  // (This file's planted lists are the check's own test cases.)
  return listed.split("\n").filter((f) => /\.(ts|mts|cts|mjs|cjs|js)$/.test(f) && !f.startsWith("test/data/") && !f.endsWith(".d.ts") && f !== "test/revision-lists.test.ts");
}

/**
 * The longest enumeration of revision ids in prose inside a string: ids joined by commas, "and",
 * "or" or "|" ("draft-1993, draft-1994 and rfc1738"). A section cited ("rfc3986 §7.2") is a
 * citation, and ids apart in a sentence or a command line are no list.
 */
function enumeratedIn(text: string, ids: readonly string[]): string[] {
  const id = `(?:${ids.map((i) => i.replace(/-/g, "\\-")).join("|")})(?![\\w-])(?!\\s*(?:§|Appendix|Partial|Section))`;
  const sep = "(?:\\s*,\\s*(?:and\\s+|or\\s+)?|\\s+(?:and|or)\\s+|\\s*\\|\\s*)";
  let longest: string[] = [];
  for (const m of text.matchAll(new RegExp(`(?<![\\w-])${id}(?:${sep}${id})+`, "g"))) {
    const named = [...new Set(m[0].split(new RegExp(sep)).map((x) => x.trim()))];
    if (named.length > longest.length) longest = named;
  }
  return longest;
}

/** Tokens after which a "/" divides (an operand ends there); after any other, it begins a regular expression. */
const AFTER_OPERAND = new Set([ts.SyntaxKind.Identifier, ts.SyntaxKind.NumericLiteral, ts.SyntaxKind.StringLiteral, ts.SyntaxKind.CloseParenToken, ts.SyntaxKind.CloseBracketToken, ts.SyntaxKind.CloseBraceToken, ts.SyntaxKind.ThisKeyword, ts.SyntaxKind.NoSubstitutionTemplateLiteral, ts.SyntaxKind.TemplateTail, ts.SyntaxKind.PlusPlusToken, ts.SyntaxKind.MinusMinusToken]);

/** The hand-written lists of revision ids in one source text: "line: what". */
export function handWrittenLists(source: string, ids: readonly string[]): string[] {
  const idSet = new Set(ids);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const lineOf = (pos: number) => source.slice(0, pos).split("\n").length;
  const found = new Map<number, string>();
  const perLine = new Map<number, Set<string>>();
  // The open brackets and braces, each with the ids directly inside it; "${" opens a template's substitution.
  const stack: ({ kind: "list"; ids: Set<string> } | { kind: "substitution" })[] = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken && stack[stack.length - 1]?.kind === "substitution") {
      stack.pop();
      kind = scanner.reScanTemplateToken(false);
    }
    if (kind === ts.SyntaxKind.OpenBracketToken || kind === ts.SyntaxKind.OpenBraceToken || kind === ts.SyntaxKind.OpenParenToken) stack.push({ kind: "list", ids: new Set() });
    else if (kind === ts.SyntaxKind.CloseBracketToken || kind === ts.SyntaxKind.CloseBraceToken || kind === ts.SyntaxKind.CloseParenToken) {
      // The ids directly inside one [...], {...} or (...): a list (rows that each hold one id are a table).
      const closed = stack.pop();
      if (closed?.kind === "list" && closed.ids.size >= 3) found.set(lineOf(scanner.getTokenPos()), `[${[...closed.ids].join(", ")}]`);
    } else if (kind === ts.SyntaxKind.StringLiteral || kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral || kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle || kind === ts.SyntaxKind.TemplateTail) {
      const value = scanner.getTokenValue();
      const line = lineOf(scanner.getTokenPos());
      if (kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.TemplateMiddle) stack.push({ kind: "substitution" });
      if (idSet.has(value)) {
        const top = stack[stack.length - 1];
        if (top?.kind === "list") top.ids.add(value);
        const l = perLine.get(line) ?? new Set<string>();
        l.add(value);
        perLine.set(line, l);
      } else {
        const named = enumeratedIn(value, ids);
        if (named.length >= 3) found.set(line, `"${named.join(", ")}"`);
      }
    } else if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && !AFTER_OPERAND.has(previous)) {
      // A "/" where an expression may start begins a regular expression literal: rescan it as one.
      kind = scanner.reScanSlashToken();
    }
    if (kind !== ts.SyntaxKind.WhitespaceTrivia && kind !== ts.SyntaxKind.NewLineTrivia && kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia) previous = kind;
  }
  for (const [line, set] of perLine) if (set.size >= 3 && !found.has(line)) found.set(line, [...set].join(", "));
  return [...found].sort((a, b) => a[0] - b[0]).map(([line, what]) => `${line}: ${what}`);
}

describe("no hand-written list of revisions outside the registry", () => {
  it("the code names no three revision ids in a list: each list is derived from the registry (or is a test data table)", () => {
    const ids = availableSpecIds();
    const offences: string[] = [];
    for (const f of codeFiles()) for (const o of handWrittenLists(readFileSync(join(ROOT, f), "utf8"), ids)) offences.push(`${f}:${o}`);
    expect(offences).to.deep.equal([]);
  });

  describe("the check can fail (planted lists)", () => {
    const ids = ["draft-1997", "draft-2003", "rfc3986", "rfc3987"];
    // test/data/lists/planted.tsv: what, lists found, the source (a JSON string).
    for (const { cols } of readRows("lists/planted.tsv", 3)) {
      const [what, count, source] = [cols[0]!, Number(cols[1]), JSON.parse(cols[2]!) as string];
      it(`${what}: ${count === 0 ? "not " : ""}a list`, () => expect(handWrittenLists(source, ids)).to.have.length(count));
    }
  });
});
