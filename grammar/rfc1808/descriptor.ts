// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc1808.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc1808.rules";
import { AST, readComponents } from "../../generated/rfc1808.ast";
import type { Rfc1808Ast } from "../../generated/rfc1808.ast";
import type { Revision } from "../../src/revisions/revision";
import { RFC1738_DEFAULT_PORTS } from "../../src/revisions/default-ports";

export const descriptor: Revision<Rfc1808Ast> = {
  id: "rfc1808",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: { algorithm: "rfc1808 §4" },
  // RFC 1808 defines no comparison of URLs (RFC 1738 §2.2's "characters ... may be encoded" is the
  // companion's matter).
  normalization: null,
  // Default ports (src/revisions/default-ports.ts): RFC 1808's net_loc is "as per Section 3.1 of RFC 1738": RFC 1738 §3's defaults.
  defaultPorts: RFC1738_DEFAULT_PORTS,
  readComponents,
  // §2.1's components: <scheme>://<net_loc>/<path>;<params>?<query>#<fragment>. The net_loc is
  // "network location and login information, as per Section 3.1 of RFC 1738" and §2.2 does not
  // parse it: no userinfo or port of its own, and the host (where a host is written) is the whole
  // net_loc, as the flat components read it (grammar/rfc1808/grammar.peggy, @components). No key for <params>: it is part of the path
  // (segments hold ";" params in every revision), and `segment` is §2.2's segment, which has no ";".
  // Character classes: §2.2's safe, extra, national, punctuation, reserved (RFC 1738 §5's, the
  // same lists), escape, unreserved, alpha, digit.
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d", "1"] },
      authority: { rule: "net_loc", name: "net_loc", examples: ["u:p@a.b:1", "a;b?c"] },
      host: { rule: "net_loc", name: "net_loc", examples: ["a.b", "1.2.3.4"] },
      path: {},
      segment: { rule: "segment", examples: ["a:b"] },
      query: { rule: "query", examples: ["q/?;"] },
      fragment: { rule: "fragment", examples: ["f"] },
    },
    classes: ["safe", "extra", "national", "punctuation", "reserved", "escape", "unreserved", "alpha", "digit"],
  },
  characterRules: /* @__PURE__ */ new Set(["alpha", "lowalpha", "hialpha", "digit", "hex", "escape", "uchar", "unreserved", "safe", "extra", "national", "reserved", "punctuation", "pchar"]),
};
