// draft-2003: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, ASCII_REFERENCES, type DelimitingRow } from "../../src/revisions/delimiting-row";

const ADVICE_2003 = 'draft-2003 Appendix E: "in particular from punctuation marks that might be mistaken for part of the URI"';

export const DELIMITING: DelimitingRow = {
  summary:
    'Appendix E: as draft-1997 (quotes, angle brackets, whitespace; fragment inside; whitespace ignored; hyphen may or may not belong), but "URL:" is "no longer recommended".',
  quotes: [
    {
      section: "Appendix E. Recommendations for Delimiting URI in Context",
      line: 1,
      text: "In such cases, it is important to be able to delimit the URI from the rest of the text, and in particular from punctuation marks that might be mistaken for part of the URI. In practice, URI are delimited in a variety of ways, but usually within double-quotes \"http://example.com/\", angle brackets , or just using whitespace http://example.com/ These wrappers do not form part of the URI.",
    },
    {
      section: "Appendix E. Recommendations for Delimiting URI in Context",
      line: 1,
      text: 'In the case where a fragment identifier is associated with a URI reference, the fragment would be placed within the brackets as well (separated from the URI with a "#" character).',
    },
    {
      section: "Appendix E. Recommendations for Delimiting URI in Context",
      line: 1,
      text: "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need to be added to break a long URI across lines. The whitespace should be ignored when extracting the URI.",
    },
    {
      section: "Appendix E. Recommendations for Delimiting URI in Context",
      line: 1,
      text: 'No whitespace should be introduced after a hyphen ("-") character. Because some typesetters and printers may (erroneously) introduce a hyphen at the end of line when breaking a line, the interpreter of a URI containing a line break immediately after a hyphen should ignore all unescaped whitespace around the line break, and should be aware that the hyphen may or may not actually be part of the URI.',
    },
    {
      section: "Appendix E. Recommendations for Delimiting URI in Context",
      line: 1,
      text: 'Using <> angle brackets around each URI is especially recommended as a delimiting style for a URI that contains whitespace. The prefix "URL:" (with or without a trailing space) was formerly recommended as a way to help distinguish a URI from other bracketed designators, though it is not commonly used in practice and is no longer recommended. For robustness, software that accepts user-typed URI should attempt to recognize and strip both delimiters and embedded whitespace.',
    },
  ],
  wrappers: { angle: true, quotes: true },
  urlPrefix: {
    status: "no-longer-recommended",
    trailingSpace: true,
    note: 'draft-2003 Appendix E: the prefix "URL:" "was formerly recommended ... and is no longer recommended"',
  },
  whitespaceInAngle: "removed",
  hyphenAtLineBreak: "ambiguous",
  fragment: "in-reference",
  nonAscii: ASCII_REFERENCES,
  runEnds: '<>"',
  runEndsWhy: 'draft-2003 §2.4.3 `delims` ("<" / ">" / "#" / "%" / DQUOTE): excluded from URIs, and the Appendix E wrappers',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: `sentence punctuation: ${ADVICE_2003}`,
    // "[" and "]" are not here: draft-2003 accepts them around an IPv6 literal (the paired rule
    // leaves an unmatched "]" outside).
    excluded: "\\^`{|}",
    excludedWhy: "never part of a draft-2003 URI: `unwise` (§2.4.3), excluded",
  },
};
