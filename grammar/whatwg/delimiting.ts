// whatwg: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). The URL Standard says nothing of
// URLs in running text (its §4.9 "URL rendering" is about showing one URL, not finding it).
import { SENTENCE, type DelimitingRow } from "../../src/revisions/delimiting-row";

export const DELIMITING: DelimitingRow = {
  summary:
    'Says nothing about URLs in running text: no wrapper, no "URL:" prefix, no line-break repair (§4.9 "URL rendering" is about displaying one URL). Extraction: bare references ended by whitespace; non-ASCII stays in the run, as the URL code points reach U+10FFFD.',
  quotes: [],
  wrappers: { angle: false, quotes: false },
  urlPrefix: { status: "not-mentioned", trailingSpace: false, note: 'the URL Standard does not mention a "URL:" prefix' },
  whitespaceInAngle: "kept",
  hyphenAtLineBreak: "not-mentioned",
  fragment: "in-reference",
  nonAscii: {
    run: "continue",
    why: "§4.3 the URL code points include the code points U+00A0 to U+10FFFD (excluding surrogates and noncharacters): a non-ASCII character is part of a valid URL string",
    ends: "",
    endsWhy: "",
  },
  runEnds: '<>"',
  runEndsWhy: 'no URL code point and no URL unit is "<", ">" or a double quote (§4.3): never part of a valid URL string',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: "sentence punctuation: the URL Standard gives no advice; we leave it outside as RFC 3986 Appendix C advises",
    excluded: "\\^`{|}",
    excludedWhy: "never part of a valid URL string: not a URL code point (§4.3), and only a percent-encoded byte writes it",
  },
};
