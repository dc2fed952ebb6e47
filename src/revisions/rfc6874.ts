// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc6874.scanner";
import { RULES, TOP_RULE } from "../../generated/rfc6874.rules";
import { AST, readComponents } from "../../generated/rfc6874.ast";
import type { Rfc6874Ast } from "../../generated/rfc6874.ast";
import type { Revision } from "./revision";
import { SCHEME_DEFAULT_PORTS } from "./default-ports";
import { RFC3986_CHARACTER_RULES, RFC3986_COMPONENTS } from "./rfc3986-components";

export const rfc6874: Revision<Rfc6874Ast> = {
  id: "rfc6874",
  title: 'RFC 6874, "Representing IPv6 Zone Identifiers in Address Literals and Uniform Resource Identifiers" (RFC 3986 as it updates it)',
  date: "2013-02",
  // Not one of the five seeds: the RFC as published, in ../shared/references/; the rules it does not
  // replace are RFC 3986's (../references/rfc3986.txt, Appendix A).
  seed: "../references/rfc6874.txt",
  notation: "ABNF (RFC 5234; RFC 3986's rules in RFC 2234 ABNF)",
  ruleNameCase: "insensitive", // RFC 2234 §2.1
  grammarSection: '§2 "Specification" (three rules replacing RFC 3986\'s IP-literal), with RFC 3986 Appendix A',
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
  // RFC 3986's components and character classes (RFC 6874 §2 only widens the host's IP-literal),
  // with a zone among the examples of the authority and the host.
  components: {
    ...RFC3986_COMPONENTS,
    parts: {
      ...RFC3986_COMPONENTS.parts,
      authority: { rule: "authority", examples: [...RFC3986_COMPONENTS.parts.authority!.examples!, "[fe80::1%25en0]"] },
      host: { rule: "host", examples: [...RFC3986_COMPONENTS.parts.host!.examples!, "[fe80::1%25en0]"] },
    },
  },
  characterRules: RFC3986_CHARACTER_RULES,
};
