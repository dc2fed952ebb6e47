// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc1630.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc1630.rules";
import { AST, readComponents } from "../../generated/rfc1630.ast";
import type { Rfc1630Ast } from "../../generated/rfc1630.ast";
import type { Revision } from "../../src/revisions/revision";
import { URL_1994_SCHEME_PRODUCTIONS } from "../draft-1994/scheme-productions";
import { RFC1738_DEFAULT_PORTS } from "../../src/revisions/default-ports";

/**
 * The scheme productions of the URL section's `url` rule (the 1994 draft's), by scheme name as the
 * productions spell it: letters match as written (grammar/rfc1630/README.md "Literal case").
 */
export const RFC1630_SCHEME_PRODUCTIONS = URL_1994_SCHEME_PRODUCTIONS;

export const descriptor: Revision<Rfc1630Ast> = {
  id: "rfc1630",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  // The generic syntax: "The generic syntax provides a framework for new schemes for names to be
  // resolved using as yet undefined protocols" (Recommendations), and fragmentaddress is its top.
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: { algorithm: "rfc1630 Partial form" },
  normalization: null,
  // Default ports (src/revisions/default-ports.ts): RFC 1630 says "if it is not the default number for the protocol" and lists none: RFC 1738 §3 collects them.
  defaultPorts: RFC1738_DEFAULT_PORTS,
  readComponents,
  characterRules: /* @__PURE__ */ new Set([
    "alpha", "digit", "hex", "escape", "safe", "extra", "reserved", "national", "punctuation", "xalpha", "xpalpha", "alphanum", "alphanum2", "void",
    "generic-alpha", "generic-digit", "generic-hex", "generic-escape", "generic-safe", "generic-extra", "generic-reserved", "generic-national", "generic-punctuation", "generic-xalpha", "generic-xpalpha", "generic-void",
  ]),
  // Scheme-aware conformance:
  // - an input that starts with "url:" is decided by `prefixedurl` ("The current IETF URI Working
  //   Group preference is for the prefixedurl production"): url lists only scheme productions, so the
  //   scheme's own production decides (the AST names it in `address.production`);
  // - otherwise the scheme before the first ":" picks its production (`http` -> httpaddress), spelled as
  //   the production spells it (`HTTP` has none: Literal case);
  // - any other scheme (afs, file, urn, x-..., HTTP) is decided by the generic `fragmentaddress`
  //   ("The "generic" production gives a higher level parsing of the same URIs as the other
  //   productions"; "The generic syntax provides a framework for new schemes").
  schemeProductions: { productions: RFC1630_SCHEME_PRODUCTIONS, caseSensitive: true, otherwise: "fragmentaddress", prefix: { text: "url:", production: "prefixedurl" } },
  // Components. The URL section's productions take the roles as in the 1994 draft, whose URL grammar
  // this is (grammar/draft-1994/descriptor.ts): authority `hostport` (what http, gopher, wais and prospero
  // put after "//"), userinfo `user` and `password` (of ftp's and telnet's login), host and port of
  // hostport, segment `segment`, query `search` (http and waisindex: "[ ? search ]"). The generic
  // syntax adds the scheme (`generic-scheme`, as the productions spell theirs letter by letter), its
  // own search (`generic-search`, where the URL section's `search` has no match) and the fragment
  // (`generic-fragmentid` of fragmentaddress: no scheme production joins a URL to one, "Fragment
  // identifiers and relative URIs are not involved in the basic URL definition").
  // Character classes: the URL section's single-character rules, most specific first, then the
  // generic section's safe (without "+", which the URL section's has).
  components: {
    parts: {
      scheme: { rule: "generic-scheme", name: "scheme", examples: ["x", "x-y.z"] },
      authority: { rule: "hostport", name: "hostport", examples: ["a.b:80", "1.2.3.4"] },
      userinfo: { rule: "user", name: "user", examples: ["u-1.x"] },
      password: { rule: "password", examples: ["p+w"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4"] },
      port: { rule: "port", examples: ["80"] },
      path: {},
      segment: { rule: "segment", examples: ["a", "a+b"] },
      query: { rule: "search", also: ["generic-search"], name: "search", examples: ["a+b"] },
      fragment: { rule: "generic-fragmentid", name: "fragmentid", examples: ["f", "a.b"] },
    },
    classes: ["safe", "generic-safe", "extra", "reserved", "national", "punctuation", "alpha", "digit"],
  },
};
