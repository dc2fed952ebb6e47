// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc2396.scanner";
import { RULES, TOP_RULE } from "../../generated/rfc2396.rules";
import { AST, readComponents } from "../../generated/rfc2396.ast";
import type { Rfc2396Ast } from "../../generated/rfc2396.ast";
import type { Revision } from "./revision";
import { SCHEME_DEFAULT_PORTS } from "./default-ports";
import { RFC2396_CHARACTER_RULES, RFC2396_COMPONENTS } from "./rfc2396-components";

export const rfc2396: Revision<Rfc2396Ast> = {
  id: "rfc2396",
  title: 'RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax"',
  date: "1998-08",
  // Not one of the five seeds: the RFC as published, in ../shared/references/ (what draft-1997 became).
  seed: "../references/rfc2396.txt",
  notation: "RFC 822-style BNF (with \"|\" for alternatives, §1.6)",
  grammarSection: 'Appendix A "Collected BNF for URI"',
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: { algorithm: "rfc2396 §5.2" },
  normalization: "rfc2396 §6",
  // Default ports (src/revisions/default-ports.ts): §6: "the default for the scheme" (none listed): the schemes' definitions.
  defaultPorts: SCHEME_DEFAULT_PORTS,
  readComponents,
  components: RFC2396_COMPONENTS,
  characterRules: RFC2396_CHARACTER_RULES,
};
