// draft-1994: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, ASCII_REFERENCES, type DelimitingRow } from "../../src/revisions/delimiting-row";

export const DELIMITING: DelimitingRow = {
  summary:
    'Recommends angle brackets as a wrapper that is not part of the URL; "URL:" is the PrePrefix, part of the URL itself (prefixedurl); says nothing about whitespace, hyphens or punctuation.',
  quotes: [
    {
      section: "URL syntax",
      line: 35,
      text: "Fragment identifiers and partial URLs are not involved in the basic URL definition.",
    },
    {
      section: "PrePrefix",
      line: 39,
      text: 'To be a Uniform Resource Locator as currently defined by the URI working group, the whole string must start with a constant prefix "URL:". Note that to save space in this document, some URLs may have been quoted throughout without this preprefix.',
    },
    {
      section: "BNF for specific URL schemes",
      line: 310,
      text: "The current IETF URI working group preference is for the prefixedurl production. (Nov 1993. July 93: url).",
    },
    {
      section: "BNF for specific URL schemes",
      line: 312,
      text: 'The "national" and "punctuation" characters do not appear in any productions and therefore may not appear in URLs.',
    },
    {
      section: "Wrappers for URIs in plain text",
      line: 473,
      text: "In this case, it is convenient to have a separate wrapper syntax to define delimiters which will enable the human or automated reader to recognize that the URI is a URI.",
    },
    {
      section: "Wrappers for URIs in plain text",
      line: 475,
      text: "The recommendation is that the angle brackets (less than and greater than signs) of the ASCII set be used for this purpose.",
    },
    {
      section: "Wrappers for URIs in plain text",
      line: 477,
      text: "These wrappers do not form part of the URL, are not mandatory, and should not be used in contexts (such as SGML parameters, HTTP requests, etc) in which delimiters are already specified.",
    },
  ],
  wrappers: { angle: true, quotes: false },
  urlPrefix: {
    status: "part-of-url",
    trailingSpace: false,
    note: 'draft-1994 PrePrefix: "URL:" is part of the URL ("the whole string must start with a constant prefix "URL:""); judged by prefixedurl',
  },
  whitespaceInAngle: "kept",
  hyphenAtLineBreak: "not-mentioned",
  // "Fragment identifiers and partial URLs are not involved in the basic URL definition" (URL syntax).
  fragment: "separate",
  nonAscii: ASCII_REFERENCES,
  runEnds: "<>",
  runEndsWhy: 'draft-1994 `punctuation` = "< | >", which "may not appear in URLs"; a double quote is `extra`, a URL character, so it does not end a run',
  trailing: {
    sentence: SENTENCE,
    sentenceWhy: "sentence punctuation: draft-1994 only says wrappers help a reader \"recognize that the URI is a URI\"; we leave it outside as the later documents advise",
    excluded: "[\\]^`{|}~",
    excludedWhy: 'never part of a draft-1994 URL: `national` ("{ | } | vline | [ | ] | \\ | ^ | ~"), which "may not appear in URLs", and "`", which no rule has',
  },
};
