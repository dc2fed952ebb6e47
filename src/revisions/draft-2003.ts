import * as astParser from "../../generated/draft-2003.ast";
import * as diagnoseParser from "../../generated/draft-2003.diagnose";
import * as traceParser from "../../generated/draft-2003.trace";
import { RULES } from "../../generated/draft-2003.rules";
import { buildDraft2003Ast } from "../ast/draft-2003";
import type { Draft2003Ast } from "../ast/types";
import type { Revision } from "./revision";

export const draft2003: Revision<Draft2003Ast> = {
  id: "draft-2003",
  title: 'draft-fielding-uri-rfc2396bis-01, "Uniform Resource Identifier (URI): Generic Syntax"',
  date: "2003-03",
  seed: "003_7726d06446aa98af.txt",
  notation: "RFC 2234 ABNF",
  grammarSection: "sections 2 to 5 (Appendix A is \"To be filled-in later\")",
  topRule: "URI-reference",
  rules: RULES,
  astParser,
  traceParser,
  diagnoseParser,
  buildAst: buildDraft2003Ast,
  characterRules: new Set(["ALPHA", "DIGIT", "HEXDIG", "DQUOTE", "alphanum", "unreserved", "mark", "reserved", "escaped", "pchar", "uric", "uric-no-slash", "delims", "unwise"]),
};
