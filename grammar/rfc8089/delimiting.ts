// rfc8089: how the document says to delimit a reference in running text, as data (the row of
// DELIMITING_RULES for this revision; src/revisions/delimiting.ts says how to read a row, and
// test/extract.test.ts checks every quote against the document). A quote is from this revision's
// own document (its grammar's @source) unless its `from` names the revision whose document it is.
import { quotesOf, type DelimitingRow } from "../../src/revisions/delimiting-row";
import { DELIMITING as RFC3986 } from "../rfc3986/delimiting";

export const DELIMITING: DelimitingRow = {
  ...RFC3986,
  // rfc3986's words, which this revision repeats.
  quotes: quotesOf("rfc3986", RFC3986),
  summary:
    "RFC 8089 says nothing of URIs in running text; RFC 3986 Appendix C, whose generic syntax it builds on, stays as it is.",
  trailing: { ...RFC3986.trailing, excludedWhy: "never part of an rfc8089 URI: in neither reserved (RFC 3986 §2.2) nor unreserved (§2.3); a file URI adds no character (RFC 8089 §2)" },
};
