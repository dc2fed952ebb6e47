// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/draft-1994.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/draft-1994.rules";
import { AST, readComponents } from "../../generated/draft-1994.ast";
import type { Draft1994Ast } from "../../generated/draft-1994.ast";
import type { Revision } from "../../src/revisions/revision";
import { URL_1994_SCHEME_PRODUCTIONS } from "./scheme-productions";
import { RFC1738_DEFAULT_PORTS } from "../../src/revisions/default-ports";

/**
 * The scheme productions of the draft's `url` rule, by scheme name (lower case: the spelled letters of
 * a scheme name match either case, see grammar/draft-1994/README.md "Literal case").
 */
export const DRAFT_1994_SCHEME_PRODUCTIONS = URL_1994_SCHEME_PRODUCTIONS;

export const descriptor: Revision<Draft1994Ast> = {
  id: "draft-1994",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  // The draft's definition of a URL: "the whole string must start with a constant prefix "URL:""
  // (PrePrefix), and "The current IETF URI working group preference is for the prefixedurl production".
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: {
    // The document promises partial forms but never gives their rules.
    notDefined: {
      spec: "draft-1994",
      section: 'Recommendations, "URL syntax"',
      seed: DOCUMENT.seed,
      line: 35,
      quote: "Fragment identifiers and partial URLs are not involved in the basic URL definition.",
      translation:
        'The introduction (line 31) promises "the rules under which parts of the name may be omitted in a well-defined context", but the document never gives them; its WAIS section (line 294) still refers to "the partial form rules".',
    },
  },
  normalization: null,
  // Default ports (src/revisions/default-ports.ts): draft-1994 says "if it is not the default number for the protocol" and lists none: RFC 1738 §3 collects them.
  defaultPorts: RFC1738_DEFAULT_PORTS,
  readComponents,
  characterRules: /* @__PURE__ */ new Set(["alpha", "digit", "hex", "escape", "safe", "extra", "reserved", "national", "punctuation", "xalpha", "xpalpha", "alphanum", "alphanum2", "void"]),
  // Scheme-aware conformance:
  // - an input that starts with the PrePrefix "URL:" (any case, as `u r l :` matches) is decided by
  //   `prefixedurl`: url lists only scheme productions, no catch-all, so applying it literally already
  //   makes the scheme's own production decide (the AST names it in `address.production`);
  // - otherwise the scheme before the first ":" picks its production (`http` -> httpaddress). The draft
  //   quotes its URLs without the prefix ("some URLs may have been quoted throughout without this
  //   preprefix"), so a bare `http://...` is judged by httpaddress;
  // - any other scheme (afs, rlogin, tn3270, x-..., none) is decided by `url`, which rejects it: the draft
  //   has no generic production ("Other schemes may be specified by future specifications").
  schemeProductions: { productions: DRAFT_1994_SCHEME_PRODUCTIONS, caseSensitive: false, otherwise: "url", prefix: { text: "url:", production: "prefixedurl" } },
  // The draft has no generic production, only scheme productions ("BNF for specific URL schemes"),
  // so each generic role is played by the rule the http production uses for it, which the other
  // productions share where they have the part:
  //   httpaddress = h t t p : / / hostport [ / path ] [ ? search ]
  // - authority: `hostport`, what http (and gopher, wais, prospero) put after "//"; ftp and telnet
  //   put `login` = [ user [ : password ] @ ] hostport there, whose user and password are the
  //   userinfo and password parts below (a `login` authority would leave http without one);
  // - host, port: `host` and `port` of hostport (mailtoaddress and addr-spec use hostname, and
  //   have no host part);
  // - path: the text after the authority, up to "?" (http's "/ path"); segment: `segment`;
  // - query: `search`, the draft's own word (http and waisindex: "[ ? search ]");
  // - no scheme: every production spells its scheme name letter by letter (`h t t p :`); the rule
  //   named `scheme` (= ialpha) is used by no production. No fragment: `fragmentid` is used by no
  //   production either ("Fragment identifiers and partial URLs are not involved in the basic URL
  //   definition"). Without a scheme, a production without "//" (news, mailto ...) has no path.
  // Character classes: the draft's single-character rules, most specific first (safe, extra,
  // reserved, national, punctuation), then alpha and digit.
  components: {
    parts: {
      authority: { rule: "hostport", name: "hostport", examples: ["a.b:80", "1.2.3.4"] },
      userinfo: { rule: "user", name: "user", examples: ["u-1.x"] },
      password: { rule: "password", examples: ["p+w"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4"] },
      port: { rule: "port", examples: ["80"] },
      path: {},
      segment: { rule: "segment", examples: ["a", "a+b"] },
      query: { rule: "search", name: "search", examples: ["a+b"] },
    },
    classes: ["safe", "extra", "reserved", "national", "punctuation", "alpha", "digit"],
  },
};
