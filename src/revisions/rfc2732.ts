import { generatedAst, generatedReader, generatedRules, generatedScanner } from "./generated";
import type { Rfc2732Ast } from "../../generated/rfc2732.ast";
import type { Revision } from "./revision";

export const rfc2732: Revision<Rfc2732Ast> = {
  id: "rfc2732",
  title: 'RFC 2396 as amended by RFC 2732, "Format for Literal IPv6 Addresses in URL\'s"',
  date: "1999-12",
  // The amendment, in ../shared/references/; the rest of the grammar is RFC 2396's (rfc2396.txt).
  seed: "../references/rfc2732.txt",
  notation: "RFC 822-style BNF (RFC 2396 §1.6), with RFC 2373's IPv6 rules in RFC 2234 ABNF",
  grammarSection: 'RFC 2396 Appendix A with RFC 2732 §3 "Changes to RFC 2396" (and RFC 2373 Appendix B)',
  topRule: "URI-reference",
  rules: generatedRules("rfc2732"),
  scanner: generatedScanner("rfc2732"),
  ast: generatedAst("rfc2732"),
  // RFC 2732 changes the syntax only: resolution (§5.2), normalization (§6) and the security notes
  // (§7) stay RFC 2396's (RFC 2732 §4: "does not introduce any known new security concerns").
  resolution: { algorithm: "rfc2396 §5.2" },
  normalization: "rfc2396 §6",
  readComponents: generatedReader("rfc2732"),
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
      authority: { rule: "authority", examples: ["u:p@a.b:1", "[::FFFF:1.2.3.4]:80"] },
      userinfo: { rule: "userinfo", examples: ["u:p"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4", "[1080::8:800:200C:417A]", "[::FFFF:129.144.52.38]"] },
      port: { rule: "port", examples: ["80"] },
      path: {},
      segment: { rule: "segment", examples: ["a;p"] },
      query: { rule: "query", examples: ["q"] },
      fragment: { rule: "fragment", examples: ["f"] },
    },
    classes: ["reserved", "mark", "unreserved", "alpha", "digit", "delims", "unwise", "control", "space"],
  },
  characterRules: new Set(["alpha", "digit", "lowalpha", "upalpha", "alphanum", "hex", "escaped", "unreserved", "mark", "reserved", "pchar", "uric", "uric_no_slash", "control", "space", "delims", "unwise", "DIGIT", "HEXDIG"]),
};
