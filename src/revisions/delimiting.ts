// How each revision says to delimit a URL in running text: one row per revision (its folder's
// grammar/<spec>/delimiting.ts, gathered by the build into generated/delimiting.ts), revision data
// read by src/ops/extract.ts, which never branches on a spec id (what every revision shares, the
// extractor's own policy, is in src/ops/extract-rules.ts). Each row quotes the document's own words
// (the seeds under ../shared/seeds; test/extract.test.ts checks every quote against its seed) and
// records what follows from them:
//
// - which wrappers the revision names (`<...>`, `"..."`; whitespace always ends a bare reference);
// - what it says of the prefix "URL:" (part of the URL, recommended, formerly recommended, no
//   longer recommended, not mentioned) and whether a space may follow it;
// - whether whitespace inside `<...>` is removed when extracting, and the hyphen-at-line-break rule;
// - whether a "#fragment" inside the wrapper is part of the reference the grammar judges;
// - which characters end a bare run, and which trailing characters stay outside a bare reference,
//   and why (the document's advice, or the revision's grammar, which never accepts them).
//

import { DELIMITING_ROWS, SOURCES } from "../../generated/delimiting";
import { ASCII_REFERENCES, SENTENCE, type DelimitingRules } from "./delimiting-row";

export type { DelimitingQuote, DelimitingRow, DelimitingRowQuote, DelimitingRules, UrlPrefixStatus } from "./delimiting-row";

/**
 * Each revision's rules for delimiting a URL in running text (wrappers, the characters that end a
 * run, trailing punctuation), with the document's words for each, oldest first.
 *
 * @example
 * import { DELIMITING_RULES, SPEC_IDS } from "uri-grammars";
 * DELIMITING_RULES.map((r) => r.spec).join() === SPEC_IDS.join(); // => true
 */
export const DELIMITING_RULES: readonly DelimitingRules[] = /* @__PURE__ */ delimitingTable();

/**
 * The rows of DELIMITING_RULES, each with its spec and its quotes' seeds. A function called once,
 * marked pure, rather than a literal, so a page that never reads the table does not carry it.
 */
function delimitingTable(): DelimitingRules[] {
  return DELIMITING_ROWS.map(([spec, row]) => ({
    spec,
    ...row,
    quotes: row.quotes.map(({ from, ...q }) => ({ ...q, seed: SOURCES[from ?? spec]! })),
  }));
}

/**
 * The rules for a revision without a row (a revision added to the registry later): what draft-1993
 * gets, the minimum every document implies (whitespace ends a URL), with a note saying so.
 */
export const NO_DELIMITING_RULES: Omit<DelimitingRules, "spec"> = {
  summary: "No delimiting rules recorded for this revision (its folder has no delimiting.ts): bare references ended by whitespace, nothing repaired.",
  quotes: [],
  wrappers: { angle: false, quotes: false },
  urlPrefix: { status: "not-mentioned", trailingSpace: false, note: 'no rule recorded for a "URL:" prefix' },
  whitespaceInAngle: "kept",
  hyphenAtLineBreak: "not-mentioned",
  fragment: "in-reference",
  nonAscii: ASCII_REFERENCES,
  runEnds: '<>"',
  runEndsWhy: "no delimiting rules recorded: the characters every recorded revision ends a run at",
  trailing: { sentence: SENTENCE, sentenceWhy: "sentence punctuation (no delimiting rules recorded)", excluded: "", excludedWhy: "" },
};

/**
 * The delimiting rules of a revision (the fallback for a revision without a row).
 *
 * @example
 * import { delimitingRules } from "uri-grammars";
 * delimitingRules("draft-1997").runEnds; // => "<>\""
 */
export function delimitingRules(spec: string): DelimitingRules {
  return DELIMITING_RULES.find((r) => r.spec === spec) ?? { spec, ...NO_DELIMITING_RULES };
}
