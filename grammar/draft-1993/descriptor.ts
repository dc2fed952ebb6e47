// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/draft-1993.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/draft-1993.rules";
import { AST, readComponents } from "../../generated/draft-1993.ast";
import type { Draft1993Ast, Draft1993Address } from "../../generated/draft-1993.ast";
import type { Revision } from "../../src/revisions/revision";
import { RFC1738_DEFAULT_PORTS } from "../../src/revisions/default-ports";

/** The docaddress alternatives ("BNF syntax"), by published name: the `production` of each address record. */
type Draft1993Production = Draft1993Address["production"];

/**
 * The schemes that have their own docaddress alternative in "BNF syntax", spelled as the grammar
 * spells them (`h t t p`). Letters are case-sensitive in this notation ("Single letters stand for
 * single letters"; `alpha` lists a..z and A..Z separately), so `HTTP` is not `http`: it is a scheme
 * without a production of its own, like `x-foo` (see grammar/draft-1993/README.md, "Literal case").
 */
export const DRAFT_1993_SCHEME_PRODUCTIONS: ReadonlyMap<string, Draft1993Production> = /* @__PURE__ */ new Map<string, Draft1993Production>([
  ["http", "httpaddress"],
  ["ftp", "fileaddress"],
  ["news", "newsaddress"],
  ["prospero", "prosperoaddress"],
  ["telnet", "telnetaddress"],
  ["gopher", "gopheraddress"],
  ["wais", "waisaddress"],
  ["afs", "afsaddress"],
]);

export const descriptor: Revision<Draft1993Ast> = {
  id: "draft-1993",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: { algorithm: "draft-1993 Partial form" },
  normalization: null,
  // Default ports (src/revisions/default-ports.ts): draft-1993 says "if it is not the default number for the protocol" and lists none: RFC 1738 §3 collects them.
  defaultPorts: RFC1738_DEFAULT_PORTS,
  readComponents,
  // One character, or a run of them: errors then name the rule the run belongs to (search, path, port ...).
  characterRules: /* @__PURE__ */ new Set(["alpha", "digit", "alphanum", "alphanums", "xalpha", "xalphas", "xpalpha", "xpalphas", "digits", "ialpha", "void"]),
  // Scheme-aware conformance: docaddress lists `generic` (scheme : path [ ? search ]) next to the
  // scheme productions; section "Recommendations" says "The generic syntax provides a framework for
  // new schemes". So the scheme before the first ":" chooses its own production when it has one,
  // generic otherwise; the rule applied is that alternative inside anchoraddress
  // (`httpaddress_anchored` = httpaddress [ # anchorid ]), so an anchor stays allowed.
  schemeProductions: { productions: DRAFT_1993_SCHEME_PRODUCTIONS, caseSensitive: true, otherwise: "generic", ruleSuffix: "_anchored" },
  // Components ("BNF syntax"). The grammar is scheme-specific, so each generic role is played by the
  // rule that the http production (section HTTP: "the path ... The anchorid part ... The search
  // part") shares with the other schemes, under the document's own name:
  // - scheme: `scheme` = ialpha, in `generic` only; the scheme productions spell their scheme as
  //   letters (h t t p :), so there they have no scheme component.
  // - authority: `hostport`, all that follows "//" in httpaddress, waisindex, waisdoc and
  //   gopheraddress (telnetaddress puts `[ user @ ]` before it; fileaddress has `host` alone).
  // - userinfo: `user` (telnetaddress only; the PEG inlines it there, so the matrix runs the rule).
  // - host, port: `host`, `port` of hostport. No password: the grammar has none.
  // - path: the rule `path`, after the "/" that follows hostport (http, ftp, afs, wais) or after "//"
  //   (prospero); newsaddress has none (groupart). Read from the rule, not between "scheme:" and "?",
  //   because the scheme productions have no scheme rule to start from.
  // - segment: `xpalphas` (path = void | xpalphas [ / path ]); query: `search`; fragment: `anchorid`.
  // Character classes: the document defines alpha, digit, alphanum, xalpha and xpalpha (no
  // reserved or unsafe class: what xalpha leaves out is simply not allowed).
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["x", "x-y.z"] },
      authority: { rule: "hostport", name: "hostport", examples: ["a.b:80", "1.2.3.4"] },
      userinfo: { rule: "user", name: "user", examples: ["u"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4"] },
      port: { rule: "port", examples: ["80"] },
      path: { rule: "path", examples: ["a/b", "a+b/", ""] },
      segment: { rule: "xpalphas", name: "xpalphas", examples: ["a+b"] },
      query: { rule: "search", name: "search", examples: ["a+b"] },
      fragment: { rule: "anchorid", name: "anchorid", examples: ["f"] },
    },
    classes: ["alpha", "digit", "alphanum", "xalpha", "xpalpha"],
  },
};
