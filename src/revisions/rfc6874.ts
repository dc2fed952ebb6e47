import { generatedAst, generatedReader, generatedRules, generatedScanner } from "./generated";
import type { Rfc6874Ast } from "../../generated/rfc6874.ast";
import type { Revision } from "./revision";

export const rfc6874: Revision<Rfc6874Ast> = {
  id: "rfc6874",
  title: 'RFC 6874, "Representing IPv6 Zone Identifiers in Address Literals and Uniform Resource Identifiers" (RFC 3986 as it updates it)',
  date: "2013-02",
  // Not one of the five seeds: the RFC as published, in ../shared/references/; the rules it does not
  // replace are RFC 3986's (../references/rfc3986.txt, Appendix A).
  seed: "../references/rfc6874.txt",
  notation: "ABNF (RFC 5234; RFC 3986's rules in RFC 2234 ABNF)",
  grammarSection: '§2 "Specification" (three rules replacing RFC 3986\'s IP-literal), with RFC 3986 Appendix A',
  topRule: "URI-reference",
  rules: generatedRules("rfc6874"),
  scanner: generatedScanner("rfc6874"),
  ast: generatedAst("rfc6874"),
  // RFC 6874 changes only the syntax of IP-literal: resolution and normalization are RFC 3986's.
  resolution: { algorithm: "rfc3986 §5.2" },
  normalization: "rfc3986 §6.2",
  readComponents: generatedReader("rfc6874"),
  // RFC 3986's components (RFC 6874 §2 only widens the host's IP-literal; a zone among the examples).
  // RFC 3986 §3 components: scheme (§3.1), authority (§3.2) = [ userinfo "@" ] host [ ":" port ] (§3.2.1-
  // §3.2.3), path (§3.3) of segments, query (§3.4), fragment (§3.5). Character classes: §2.2
  // gen-delims and sub-delims (reserved), §2.3 unreserved.
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
      authority: { rule: "authority", examples: ["u:p@a.b:1", "[::1]", "[fe80::1%25en0]", "[v1.x]"] },
      userinfo: { rule: "userinfo", examples: ["u:p"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4", "[::1]", "[::1.2.3.4]", "[fe80::1%25en0]", "[v1.x]"] },
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
