// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc3986.scanner";
import { RULES } from "../../generated/rfc3986.rules";
import { AST, readComponents } from "../../generated/rfc3986.ast";
import type { Rfc3986Ast } from "../../generated/rfc3986.ast";
import type { Revision } from "./revision";

export const rfc3986: Revision<Rfc3986Ast> = {
  id: "rfc3986",
  title: 'RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax" (STD 66)',
  date: "2005-01",
  // Not one of the five seeds: the RFC as published, in ../shared/references/.
  seed: "../references/rfc3986.txt",
  notation: "RFC 2234 ABNF",
  grammarSection: 'Appendix A "Collected ABNF for URI"',
  topRule: "URI-reference",
  rules: RULES,
  scanner,
  ast: AST,
  resolution: { algorithm: "rfc3986 §5.2" },
  normalization: "rfc3986 §6.2",
  readComponents,
  // §3 components: scheme (§3.1), authority (§3.2) = [ userinfo "@" ] host [ ":" port ] (§3.2.1-
  // §3.2.3), path (§3.3) of segments, query (§3.4), fragment (§3.5). Character classes: §2.2
  // gen-delims and sub-delims (reserved), §2.3 unreserved.
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
      authority: { rule: "authority", examples: ["u:p@a.b:1", "[::1]", "[v1.x]"] },
      userinfo: { rule: "userinfo", examples: ["u:p"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4", "[::1]", "[::1.2.3.4]", "[v1.x]"] },
      port: { rule: "port", examples: ["80"] },
      path: {},
      segment: { rule: "segment", examples: ["a"] },
      query: { rule: "query", examples: ["q"] },
      fragment: { rule: "fragment", examples: ["f"] },
    },
    classes: ["gen-delims", "sub-delims", "reserved", "unreserved", "ALPHA", "DIGIT"],
  },
  characterRules: new Set(["ALPHA", "DIGIT", "HEXDIG", "unreserved", "reserved", "gen-delims", "sub-delims", "pct-encoded", "pchar"]),
};
