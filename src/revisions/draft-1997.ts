import * as astParser from "../../generated/draft-1997.ast";
import * as diagnoseParser from "../../generated/draft-1997.diagnose";
import * as traceParser from "../../generated/draft-1997.trace";
import { RULES } from "../../generated/draft-1997.rules";
import { buildDraft1997Ast } from "../ast/draft-1997";
import type { Draft1997Ast } from "../ast/types";
import type { Revision } from "./revision";

export const draft1997: Revision<Draft1997Ast> = {
  id: "draft-1997",
  title: 'draft-fielding-url-syntax-05, "Uniform Resource Locators (URL): Generic Syntax and Semantics"',
  date: "1997-05",
  seed: "001_a5df19b9d0d91704.txt",
  notation: "RFC 822-style BNF (with \"|\" for alternatives, §1.4)",
  grammarSection: "Appendix A \"Collected BNF for URLs\"",
  topRule: "URL-reference",
  rules: RULES,
  astParser,
  traceParser,
  diagnoseParser,
  buildAst: buildDraft1997Ast,
  characterRules: new Set(["alpha", "digit", "lowalpha", "upalpha", "alphanum", "hex", "escaped", "unreserved", "mark", "reserved", "pchar", "urlc", "control", "space", "delims", "unwise"]),
};
