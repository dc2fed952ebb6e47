// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc6874.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc6874.rules";
import { AST, readComponents } from "../../generated/rfc6874.ast";
import type { Rfc6874Ast } from "../../generated/rfc6874.ast";
import type { Revision } from "../../src/revisions/revision";
import { RFC3986_CHARACTER_RULES } from "../rfc3986/components";
import { RFC6874_COMPONENTS } from "./components";
import { SCHEME_DEFAULT_PORTS } from "../../src/revisions/default-ports";

export const descriptor: Revision<Rfc6874Ast> = {
  id: "rfc6874",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  ruleNameCase: "insensitive", // RFC 2234 §2.1
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  // RFC 6874 changes only the syntax of IP-literal: resolution and normalization are RFC 3986's.
  resolution: { algorithm: "rfc3986 §5.2" },
  normalization: "rfc3986 §6.2",
  // Default ports (src/revisions/default-ports.ts): RFC 3986 §6.2.3: "the default for the scheme" (none listed): the schemes' definitions.
  defaultPorts: SCHEME_DEFAULT_PORTS,
  readComponents,
  // RFC 3986's components and character classes (RFC 6874 §2 only widens the host's IP-literal): grammar/rfc6874/components.ts.
  components: RFC6874_COMPONENTS,
  characterRules: RFC3986_CHARACTER_RULES,
};
