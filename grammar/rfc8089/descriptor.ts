// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc8089.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc8089.rules";
import { AST, readComponents } from "../../generated/rfc8089.ast";
import type { Rfc8089Ast } from "../../generated/rfc8089.ast";
import type { Revision } from "../../src/revisions/revision";
import { RFC3986_CHARACTER_RULES } from "../rfc3986/components";
import { rfc6874Components } from "../rfc6874/components";
import { SCHEME_DEFAULT_PORTS } from "../../src/revisions/default-ports";

export const descriptor: Revision<Rfc8089Ast> = {
  id: "rfc8089",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  ruleNameCase: "insensitive", // RFC 5234 §2.1
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  // §2: the scheme "file" has its own production; RFC 3986 §3.1: scheme names are case-insensitive.
  // Every other reference (another scheme, or none: a relative reference) is RFC 6874's URI-reference.
  schemeProductions: { productions: new Map([["file", "file-URI"]]), caseSensitive: false, otherwise: "URI-reference" },
  // RFC 8089 adds the file scheme's syntax and nothing else: resolution (RFC 3986 §5.2, which a file
  // URI as a base or a target follows as any URI does) and normalization are RFC 3986's.
  resolution: { algorithm: "rfc3986 §5.2" },
  normalization: "rfc3986 §6.2",
  // Default ports (src/revisions/default-ports.ts): RFC 3986 §6.2.3, the schemes' definitions (file has no port).
  defaultPorts: SCHEME_DEFAULT_PORTS,
  readComponents,
  // RFC 6874's components (RFC 3986's, a zone among the examples), with a file URI's authority
  // (file-auth, §2: a host or "localhost") among the examples; RFC 3986's character classes.
  components: rfc6874Components("localhost"),
  characterRules: RFC3986_CHARACTER_RULES,
};
