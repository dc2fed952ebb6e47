// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc3986.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc3986.rules";
import { AST, readComponents } from "../../generated/rfc3986.ast";
import type { Rfc3986Ast } from "../../generated/rfc3986.ast";
import type { Revision } from "../../src/revisions/revision";
import { SCHEME_DEFAULT_PORTS } from "../../src/revisions/default-ports";
import { RFC3986_CHARACTER_RULES, RFC3986_COMPONENTS } from "./components";

export const descriptor: Revision<Rfc3986Ast> = {
  id: "rfc3986",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  ruleNameCase: "insensitive", // RFC 2234 §2.1
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: { algorithm: "rfc3986 §5.2" },
  normalization: "rfc3986 §6.2",
  // Default ports (src/revisions/default-ports.ts): §6.2.3: "the default for the scheme" (none listed): the schemes' definitions.
  defaultPorts: SCHEME_DEFAULT_PORTS,
  readComponents,
  // §3 components and §2 character classes: grammar/rfc3986/components.ts (rfc6874 shares them).
  components: RFC3986_COMPONENTS,
  characterRules: RFC3986_CHARACTER_RULES,
};
