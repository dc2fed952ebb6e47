// rfc1630: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, ASCII_REFERENCES, type DelimitingRow } from "../../src/revisions/delimiting-row";

export const DELIMITING: DelimitingRow = {
  summary:
    "Says nothing about URIs in running text: no wrapper, no \"URL:\", no line-break repair; only that white space is risky in printed or mailed URIs, which is why the canonical form encodes it. Extraction: bare references ended by whitespace, nothing repaired.",
  quotes: [
    {
      section: "Design Criteria and Choices (Choices for a universal syntax)",
      line: 252,
      text: "The use of white space characters is risky in URIs to be printed or sent by electronic mail, and the use of multiple white space characters is very risky. This is because of the frequent introduction of extraneous white space when lines are wrapped by systems such as mail, or sheer necessity of narrow column width, and because of the inter-conversion of various forms of white space which occurs during character code conversion and the transfer of text between applications. This is why the canonical form for URIs has all white spaces encoded.",
    },
  ],
  wrappers: { angle: false, quotes: false },
  urlPrefix: { status: "not-mentioned", trailingSpace: false, note: 'rfc1630 does not mention a "URL:" prefix (its "url:" is a scheme, prefixedurl)' },
  whitespaceInAngle: "kept",
  hyphenAtLineBreak: "not-mentioned",
  fragment: "in-reference",
  nonAscii: ASCII_REFERENCES,
  runEnds: "<>",
  runEndsWhy: 'rfc1630 `punctuation` ("<" | ">"): no rule accepts them (a double quote is `extra`, an xalpha)',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: "sentence punctuation: rfc1630 gives no advice; we leave it outside as the later documents advise",
    excluded: "[\\]^`{|}~",
    excludedWhy: "never part of an rfc1630 URI: `national` (and the backquote, in no class), which no rule accepts",
  },
};
