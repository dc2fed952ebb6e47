// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc2396.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc2396.rules";
import { AST, readComponents } from "../../generated/rfc2396.ast";
import type { Rfc2396Ast } from "../../generated/rfc2396.ast";
import type { Revision } from "../../src/revisions/revision";
import { SCHEME_DEFAULT_PORTS } from "../../src/revisions/default-ports";
import { RFC2396_CHARACTER_RULES, RFC2396_COMPONENTS } from "../rfc2396/components";

export const descriptor: Revision<Rfc2396Ast> = {
  id: "rfc2396",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
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
