// rfc1808: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, ASCII_REFERENCES, type DelimitingRow } from "../../src/revisions/delimiting-row";

export const DELIMITING: DelimitingRow = {
  summary:
    'Says nothing about URLs in running text; the one delimited URL it writes is the Base header\'s, "<URL:" absoluteURL ">", with whitespace inside the brackets ignored (§3.1), which extraction follows: <URL:...> and <...>, whitespace inside removed, nothing said of quotes or hyphens.',
  quotes: [
    {
      section: "3.1. Base URL within Document Content",
      line: 435,
      text: 'base-header = "Base" ":" "<URL:" absoluteURL ">"',
    },
    {
      section: "3.1. Base URL within Document Content",
      line: 437,
      text: 'where "Base" is case-insensitive and any whitespace (including that used for line folding) inside the angle brackets is ignored.',
    },
  ],
  wrappers: { angle: true, quotes: false },
  urlPrefix: { status: "recommended", trailingSpace: false, note: 'rfc1808 §3.1: the Base header writes its URL as "<URL:" absoluteURL ">"' },
  whitespaceInAngle: "removed",
  hyphenAtLineBreak: "not-mentioned",
  fragment: "in-reference",
  nonAscii: ASCII_REFERENCES,
  runEnds: '<>"',
  runEndsWhy: 'rfc1808 §2.2 `punctuation` ("<" | ">" | "#" | "%" | <">): no rule accepts "<", ">" or a double quote unescaped',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: "sentence punctuation: rfc1808 gives no advice; we leave it outside as the later documents advise",
    excluded: "[\\]^`{|}~",
    excludedWhy: "never part of an rfc1808 URL: `national` (§2.2), which no rule accepts",
  },
};
