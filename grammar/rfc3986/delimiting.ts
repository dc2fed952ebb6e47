// rfc3986: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, ASCII_REFERENCES, type DelimitingRow } from "../../src/revisions/delimiting-row";

const ADVICE_3986 = 'rfc3986 Appendix C: "in particular from punctuation marks that might be mistaken for part of the URI"';

export const DELIMITING: DelimitingRow = {
  summary:
    'Appendix C: as draft-2003 (quotes, angle brackets, whitespace; whitespace ignored; hyphen may or may not belong; "URL:" no longer recommended); it says nothing of a fragment in the brackets, and a URI-reference holds its fragment.',
  quotes: [
    {
      section: "Appendix C. Delimiting a URI in Context",
      line: 2842,
      text: "In such cases, it is important to be able to delimit the URI from the rest of the text, and in particular from punctuation marks that might be mistaken for part of the URI.",
    },
    {
      section: "Appendix C. Delimiting a URI in Context",
      line: 2847,
      text: 'In practice, URIs are delimited in a variety of ways, but usually within double-quotes "http://example.com/", angle brackets <http://example.com/>, or just by using whitespace:',
    },
    {
      section: "Appendix C. Delimiting a URI in Context",
      line: 2860,
      text: "These wrappers do not form part of the URI.",
    },
    {
      section: "Appendix C. Delimiting a URI in Context",
      line: 2862,
      text: "In some cases, extra whitespace (spaces, line-breaks, tabs, etc.) may have to be added to break a long URI across lines. The whitespace should be ignored when the URI is extracted.",
    },
    {
      section: "Appendix C. Delimiting a URI in Context",
      line: 2866,
      text: 'No whitespace should be introduced after a hyphen ("-") character. Because some typesetters and printers may (erroneously) introduce a hyphen at the end of line when breaking it, the interpreter of a URI containing a line break immediately after a hyphen should ignore all whitespace around the line break and should be aware that the hyphen may or may not actually be part of the URI.',
    },
    {
      section: "Appendix C. Delimiting a URI in Context",
      line: 2873,
      text: 'Using <> angle brackets around each URI is especially recommended as a delimiting style for a reference that contains embedded whitespace. The prefix "URL:" (with or without a trailing space) was formerly recommended as a way to help distinguish a URI from other bracketed designators, though it is not commonly used in practice and is no longer recommended. For robustness, software that accepts user-typed URI should attempt to recognize and strip both delimiters and embedded whitespace.',
    },
  ],
  wrappers: { angle: true, quotes: true },
  urlPrefix: {
    status: "no-longer-recommended",
    trailingSpace: true,
    note: 'rfc3986 Appendix C: the prefix "URL:" "was formerly recommended ... and is no longer recommended"',
  },
  whitespaceInAngle: "removed",
  hyphenAtLineBreak: "ambiguous",
  fragment: "in-reference",
  nonAscii: ASCII_REFERENCES,
  runEnds: '<>"',
  runEndsWhy: 'the Appendix C wrappers ("<" ">" and double quotes), which are in neither reserved (§2.2) nor unreserved (§2.3): never part of a URI',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: `sentence punctuation: ${ADVICE_3986}`,
    // "[" and "]" are not here: rfc3986 accepts them around an IP-literal (the paired rule leaves an
    // unmatched "]" outside).
    excluded: "\\^`{|}",
    excludedWhy: "never part of an rfc3986 URI: in neither reserved (§2.2) nor unreserved (§2.3)",
  },
};
