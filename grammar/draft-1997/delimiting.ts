// draft-1997: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, ASCII_REFERENCES, type DelimitingRow } from "../../src/revisions/delimiting-row";

const ADVICE_1997 = 'draft-1997 Appendix E: "in particular from punctuation marks that might be mistaken for part of the URL"';

export const DELIMITING: DelimitingRow = {
  summary:
    'Appendix E: double quotes, angle brackets or whitespace delimit a URL, none part of it; the fragment goes inside; whitespace is ignored when extracting; a hyphen at a line break may or may not belong; "URL:" "was recommended" but is not common.',
  quotes: [
    {
      section: "E. Recommendations for Delimiting URLs in Context",
      line: 5,
      text: "In such cases, it is important to be able to delimit the URL from the rest of the text, and in particular from punctuation marks that might be mistaken for part of the URL. In practice, URLs are delimited in a variety of ways, but usually within double-quotes \"http://test.com/\", angle brackets <http://test.com/>, or just using whitespace http://test.com/ These wrappers do not form part of the URL.",
    },
    {
      section: "E. Recommendations for Delimiting URLs in Context",
      line: 5,
      text: 'In the case where a fragment identifier is associated with a URL reference, the fragment would be placed within the brackets as well (separated from the URL with a "#" character).',
    },
    {
      section: "E. Recommendations for Delimiting URLs in Context",
      line: 5,
      text: "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need to be added to break long URLs across lines. The whitespace should be ignored when extracting the URL.",
    },
    {
      section: "E. Recommendations for Delimiting URLs in Context",
      line: 5,
      text: 'No whitespace should be introduced after a hyphen ("-") character. Because some typesetters and printers may (erroneously) introduce a hyphen at the end of line when breaking a line, the interpreter of a URL containing a line break immediately after a hyphen should ignore all unescaped whitespace around the line break, and should be aware that the hyphen may or may not actually be part of the URL.',
    },
    {
      section: "E. Recommendations for Delimiting URLs in Context",
      line: 5,
      text: 'Using <> angle brackets around each URL is especially recommended as a delimiting style for URLs that contain whitespace. The prefix "URL:" (with or without a trailing space) was recommended as a way to used to help distinguish a URL from other bracketed designators, although this is not common in pratice. For robustness, software that accepts user-typed URLs should attempt to recognize and strip both delimiters and embedded whitespace.',
    },
  ],
  wrappers: { angle: true, quotes: true },
  urlPrefix: {
    status: "formerly-recommended",
    trailingSpace: true,
    note: 'draft-1997 Appendix E: the prefix "URL:" "was recommended ... although this is not common in pratice"',
  },
  whitespaceInAngle: "removed",
  hyphenAtLineBreak: "ambiguous",
  fragment: "in-reference",
  nonAscii: ASCII_REFERENCES,
  runEnds: '<>"',
  runEndsWhy: 'draft-1997 §2.4.3 `delims` ("<" | ">" | "#" | "%" | <">): excluded from URLs, and the Appendix E wrappers',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: `sentence punctuation: ${ADVICE_1997}`,
    excluded: "[\\]^`{|}",
    excludedWhy: "never part of a draft-1997 URL: `unwise` (§2.4.3), excluded",
  },
};
