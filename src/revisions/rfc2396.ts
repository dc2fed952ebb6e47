import { generatedAst, generatedReader, generatedRules, generatedScanner } from "./generated";
import type { Rfc2396Ast } from "../../generated/rfc2396.ast";
import type { Revision } from "./revision";

export const rfc2396: Revision<Rfc2396Ast> = {
  id: "rfc2396",
  title: 'RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax"',
  date: "1998-08",
  // Not one of the five seeds: the RFC as published, in ../shared/references/ (what draft-1997 became).
  seed: "../references/rfc2396.txt",
  notation: "RFC 822-style BNF (with \"|\" for alternatives, §1.6)",
  grammarSection: 'Appendix A "Collected BNF for URI"',
  topRule: "URI-reference",
  rules: generatedRules("rfc2396"),
  scanner: generatedScanner("rfc2396"),
  ast: generatedAst("rfc2396"),
  resolution: { algorithm: "rfc2396 §5.2" },
  normalization: "rfc2396 §6",
  readComponents: generatedReader("rfc2396"),
  // §3 components: scheme (§3.1), authority (§3.2) = server | reg_name with userinfo, host, port
  // (§3.2.2); path (§3.3) of segments with ";" params; query (§3.4); fragment (§4.1). Character
  // classes: §2.2 reserved, §2.3 unreserved and mark, §2.4.3 the excluded control, space, delims
  // and unwise.
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
      authority: { rule: "authority", examples: ["u:p@a.b:1"] },
      userinfo: { rule: "userinfo", examples: ["u:p"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "a.b.", "1.2.3.4"] },
      port: { rule: "port", examples: ["80"] },
      path: {},
      segment: { rule: "segment", examples: ["a;p"] },
      query: { rule: "query", examples: ["q"] },
      fragment: { rule: "fragment", examples: ["f"] },
    },
    classes: ["reserved", "mark", "unreserved", "alpha", "digit", "delims", "unwise", "control", "space"],
  },
  characterRules: new Set(["alpha", "digit", "lowalpha", "upalpha", "alphanum", "hex", "escaped", "unreserved", "mark", "reserved", "pchar", "uric", "uric_no_slash", "control", "space", "delims", "unwise"]),
};
