// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc3987.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc3987.rules";
import { AST, readComponents } from "../../generated/rfc3987.ast";
import type { Rfc3987Ast } from "../../generated/rfc3987.ast";
import type { Revision } from "../../src/revisions/revision";
import { SCHEME_DEFAULT_PORTS } from "../../src/revisions/default-ports";

export const descriptor: Revision<Rfc3987Ast> = {
  id: "rfc3987",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  ruleNameCase: "insensitive", // RFC 2234 §2.1
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  // §6.5: "the resolution of relative references ... can be applied to IRIs ... in exactly the same
  // way" (§2.1: "All the operations defined in [RFC3986], such as the resolution of relative
  // references, can be applied to IRIs by IRI-processing software in exactly the same way").
  resolution: { algorithm: "rfc3986 §5.2", rules: { base: "absolute-IRI", reference: "IRI-reference" } },
  // §5.3.2 "Syntax-Based Normalization" is RFC 3986 §6.2.2's ladder (case, percent-encoding, path
  // segments), which is what is implemented; §5.3.2.2's character normalization (NFC) and
  // §5.3.3's are not.
  normalization: "rfc3986 §6.2",
  // Default ports (src/revisions/default-ports.ts): §5.3.3: "the default for the scheme" (none listed): the schemes' definitions.
  defaultPorts: SCHEME_DEFAULT_PORTS,
  readComponents,
  // §2.1: "the syntax and use of components and reserved characters is the same as that in
  // [RFC3986]": RFC 3986 §3's components under their i-names. Character classes: RFC 3986 §2.2's
  // (reserved), §2.3's unreserved widened to iunreserved.
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
      authority: { rule: "iauthority", examples: ["u:p@a.b:1", "[::1]", "[v1.x]", "例え.jp"] },
      userinfo: { rule: "iuserinfo", examples: ["u:p"] },
      host: { rule: "ihost", examples: ["a.b", "a-b.c", "1.2.3.4", "[::1]", "[::1.2.3.4]", "[v1.x]", "例え.jp"] },
      port: { rule: "port", examples: ["80"] },
      path: {},
      segment: { rule: "isegment", examples: ["a", "パス"] },
      query: { rule: "iquery", examples: ["q", "値"] },
      fragment: { rule: "ifragment", examples: ["f"] },
    },
    classes: ["gen-delims", "sub-delims", "reserved", "unreserved", "iunreserved", "ALPHA", "DIGIT"],
  },
  // §2.2 "Character numbers are taken from the UCS": ucschar and iprivate reach U+10FFFD.
  codePoints: true,
  // §3.1: "The above mapping from IRIs to URIs produces URIs fully conforming to [RFC3986]".
  iri: { uri: "rfc3986" },
  characterRules: /* @__PURE__ */ new Set(["ALPHA", "DIGIT", "HEXDIG", "unreserved", "iunreserved", "ucschar", "iprivate", "reserved", "gen-delims", "sub-delims", "pct-encoded", "ipchar"]),
};
