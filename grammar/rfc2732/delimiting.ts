// rfc2732: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { quotesOf, type DelimitingRow } from "../../src/revisions/delimiting-row";
import { DELIMITING as RFC2396 } from "../rfc2396/delimiting";

export const DELIMITING: DelimitingRow = {
  ...RFC2396,
  // rfc2396's words, which this revision repeats.
  quotes: quotesOf("rfc2396", RFC2396),
  summary:
    "RFC 2732 says nothing of URIs in running text; RFC 2396 Appendix E stays as it is, and the brackets RFC 2732 §3 (3) moves from unwise to reserved may end a reference (`http://[::1]/`).",
  trailing: {
    ...RFC2396.trailing,
    excluded: "\\^`{|}",
    excludedWhy: 'never part of an rfc2732 URI: `unwise` (RFC 2396 §2.4.3) as RFC 2732 §3 (3) leaves it, "{" | "}" | "|" | "\\" | "^" | "`"',
  },
};
