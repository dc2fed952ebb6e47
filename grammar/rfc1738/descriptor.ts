// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and components reader.
import * as scanner from "../../generated/rfc1738.scanner";
import { DOCUMENT, RULES, TOP_RULE } from "../../generated/rfc1738.rules";
import { AST, readComponents } from "../../generated/rfc1738.ast";
import type { Rfc1738Ast, Rfc1738Production } from "../../generated/rfc1738.ast";
import type { Revision } from "../../src/revisions/revision";
import { RFC1738_DEFAULT_PORTS } from "../../src/revisions/default-ports";

/** §5 url: the schemes that have their own production (§3.2-§3.11). */
export const RFC1738_SCHEME_PRODUCTIONS: ReadonlyMap<string, Rfc1738Production> = /* @__PURE__ */ new Map<string, Rfc1738Production>([
  ["http", "httpurl"],
  ["ftp", "ftpurl"],
  ["news", "newsurl"],
  ["nntp", "nntpurl"],
  ["telnet", "telneturl"],
  ["gopher", "gopherurl"],
  ["wais", "waisurl"],
  ["mailto", "mailtourl"],
  ["file", "fileurl"],
  ["prospero", "prosperourl"],
]);

export const descriptor: Revision<Rfc1738Ast> = {
  id: "rfc1738",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  resolution: {
    notDefined: {
      spec: "rfc1738",
      section: "§2.3 分层方案和关系链接 (Hierarchical schemes and relative links)",
      seed: DOCUMENT.seed,
      line: 122,
      quote: "在这篇文档中没有对关系链接进行描述。",
      translation: "Relative links are not described in this document.",
      // The seed is a Chinese translation; RFC 1738 as published says it in these words.
      translated: { language: "Chinese", original: { file: "rfc1738.txt", line: 199, section: "§2.3 Hierarchical schemes and relative links", quote: "Relative links are not described in this document." } },
    },
  },
  normalization: null,
  // Default ports (src/revisions/default-ports.ts): §3.2-§3.11: "If :<port> is omitted, the port defaults to ...".
  defaultPorts: RFC1738_DEFAULT_PORTS,
  readComponents,
  characterRules: /* @__PURE__ */ new Set(["lowalpha", "hialpha", "alpha", "digit", "alphadigit", "safe", "extra", "national", "punctuation", "reserved", "hex", "escape", "unreserved", "uchar", "xchar"]),
  // Scheme-aware conformance (grammar/rfc1738/README.md, "Scheme-aware checking"). §5 says of otherurl
  // "new schemes follow the general syntax", so a scheme with its own production is judged by that
  // production only. §2.1 asks interpreters to treat upper case letters as lower case in scheme
  // names, so `HTTP:` selects httpurl (which then rejects the upper case, because its literal
  // "http://" is lower case: see "Literal case").
  schemeProductions: { productions: RFC1738_SCHEME_PRODUCTIONS, caseSensitive: false, otherwise: "otherurl" },
  // §5 has no generic component rules: each scheme production names its own. The roles are taken
  // from the http production (§3.3, `"http://" hostport [ "/" hpath [ "?" search ]]`), the scheme
  // compare and the matrix are most often asked about, and from login (§3.1, the Common Internet
  // Scheme Syntax `//<user>:<password>@<host>:<port>/<url-path>`) for user and password, which
  // httpurl does not have:
  // - authority: hostport, the part after "//" that every production with a host has (http,
  //   gopher, nntp, wais, prospero; ftp and telnet wrap it in login). The path then starts where
  //   hostport ends in every production, login or not;
  // - userinfo, password: login's user and password (§3.1; used by ftp, telnet and ip-schemepart);
  // - host, port: hostport's host and port;
  // - segment, query: httpurl's hsegment and search (the document's word: it has no "query");
  //   the path is named after hpath;
  // - no fragment: "#" and what follows are not part of the URL (Appendix; punctuation in §5).
  // Character classes (§5 "Miscellaneous definitions"): safe, extra, national, punctuation,
  // reserved, escape, unreserved, alpha, digit. national and punctuation name characters that must
  // be escaped; escape matches no single character and is listed for completeness.
  components: {
    parts: {
      scheme: { rule: "scheme", examples: ["http", "a+b-c.d"] },
      authority: { rule: "hostport", name: "hostport", examples: ["a.b:1", "1.2.3.4"] },
      userinfo: { rule: "user", name: "user", examples: ["u"] },
      password: { rule: "password", examples: ["p"] },
      host: { rule: "host", examples: ["a.b", "a-b.c", "1.2.3.4"] },
      port: { rule: "port", examples: ["80"] },
      path: { name: "hpath" },
      segment: { rule: "hsegment", name: "hsegment", examples: ["a;b"] },
      query: { rule: "search", name: "search", examples: ["q"] },
    },
    classes: ["safe", "extra", "national", "punctuation", "reserved", "escape", "unreserved", "alpha", "digit"],
  },
};
