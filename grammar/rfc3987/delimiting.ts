// rfc3987: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { SENTENCE, IDEOGRAPHIC_SENTENCE, quotesOf, type DelimitingRow } from "../../src/revisions/delimiting-row";
import { DELIMITING as RFC3986 } from "../rfc3986/delimiting";

const ADVICE_3986 = 'rfc3986 Appendix C: "in particular from punctuation marks that might be mistaken for part of the URI"';

export const DELIMITING: DelimitingRow = {
  ...RFC3986,
  summary:
    'RFC 3987 §7.3: software that finds URIs in plain text must take "the IRI syntax as a base for heuristics", so a non-ASCII character does not end an IRI; §4.1: bidi formatting characters around an IRI are not part of it. The rest is RFC 3986 Appendix C, which RFC 3987 does not restate (quotes, angle brackets, whitespace; whitespace ignored; hyphen may or may not belong; "URL:" no longer recommended).',
  quotes: [
    {
      section: "4.1. Logical Storage and Visual Presentation",
      line: 966,
      text: "The bidirectional formatting characters that may be used before or after the IRI to ensure correct display are not themselves part of the IRI. IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF).",
    },
    {
      section: "7.3. URI/IRI Transfer between Applications",
      line: 1833,
      text: "Many applications, particularly mail user agents, try to detect URIs appearing in plain text. For this, they use some heuristics based on URI syntax.",
    },
    {
      section: "7.3. URI/IRI Transfer between Applications",
      line: 1849,
      text: "Such applications have to be upgraded to use the IRI syntax as a base for heuristics. In particular, a non-ASCII character should not be taken as the indication of the end of an IRI.",
    },
    ...quotesOf("rfc3986", RFC3986),
  ],
  nonAscii: {
    run: "continue",
    why: 'rfc3987 §7.3: "a non-ASCII character should not be taken as the indication of the end of an IRI"',
    // LRM, RLM, LRE, RLE, PDF, LRO, RLO: the seven §4.1 names.
    ends: "\u200E\u200F\u202A\u202B\u202C\u202D\u202E",
    endsWhy: 'rfc3987 §4.1: "The bidirectional formatting characters that may be used before or after the IRI to ensure correct display are not themselves part of the IRI"',
  },
  runEndsWhy: 'the RFC 3986 Appendix C wrappers ("<" ">" and double quotes), in neither reserved nor iunreserved (RFC 3987 §2.2): never part of an IRI',
  trailing: {
    sentence: SENTENCE + IDEOGRAPHIC_SENTENCE,
    sentenceWhy: `sentence punctuation: ${ADVICE_3986}; RFC 3987 adds no advice of its own. With non-ASCII characters inside a run, the ideographic and full-width marks (、。，．：；！？) are such punctuation too (our rule)`,
    excluded: "\\^`{|}",
    excludedWhy: "never part of an rfc3987 IRI: in neither reserved nor iunreserved (§2.2)",
  },
};
