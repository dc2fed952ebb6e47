// draft-1993: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, ASCII_REFERENCES, type DelimitingRow } from "../../src/revisions/delimiting-row";

export const DELIMITING: DelimitingRow = {
  summary:
    "Says nothing about URLs in running text: no wrapper, no \"URL:\", no line-break repair; only that spaces are not legal in a URL because mail and narrow columns introduce them. Extraction: bare references ended by whitespace, nothing repaired.",
  quotes: [
    {
      section: "Choices",
      line: 142,
      text: "The use of white space characters has been avoided in URLs: spaces are not legal characters. This was done because of the frequent introduction of extraneous white space when lines are wrapped by systems such as mail, or sheer necessity of narrow column width, and because of the inter-conversion of various forms of white space which occurs during character code conversion and the transfer of text between applications.",
    },
    {
      section: "BNF syntax",
      line: 287,
      text: "Spaces are representational only: no spaces are actually allowed within a URL.",
    },
  ],
  wrappers: { angle: false, quotes: false },
  urlPrefix: { status: "not-mentioned", trailingSpace: false, note: 'draft-1993 does not mention a "URL:" prefix' },
  whitespaceInAngle: "kept",
  hyphenAtLineBreak: "not-mentioned",
  fragment: "in-reference",
  nonAscii: ASCII_REFERENCES,
  runEnds: '<>"',
  runEndsWhy: 'no draft-1993 rule accepts "<", ">" or a double quote (xalpha has neither)',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: "sentence punctuation: draft-1993 gives no advice; we leave it outside as the later documents advise",
    excluded: "'[\\]`{|}~",
    excludedWhy: "never part of a draft-1993 URL: no rule of its BNF accepts it (xalpha, xpalpha)",
  },
};
