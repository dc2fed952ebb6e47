import { generatedParsers, generatedRules } from "./generated";
import { buildRfc1738Ast, type Rfc1738Ast, type Rfc1738Production } from "../ast/rfc1738";
import type { Revision } from "./revision";

/** §5 url: the schemes that have their own production (§3.2-§3.11). */
const SCHEME_PRODUCTIONS: Readonly<Record<string, Rfc1738Production>> = {
  http: "httpurl",
  ftp: "ftpurl",
  news: "newsurl",
  nntp: "nntpurl",
  telnet: "telneturl",
  gopher: "gopherurl",
  wais: "waisurl",
  mailto: "mailtourl",
  file: "fileurl",
  prospero: "prosperourl",
};

/**
 * Scheme-aware conformance (grammar/rfc1738.md, "Scheme-aware checking"). §5 says of otherurl
 * "new schemes follow the general syntax", so a scheme with its own production is judged by that
 * production only. The scheme is the text before the first ":"; §2.1 asks interpreters to treat
 * upper case letters as lower case in scheme names, so `HTTP:` selects httpurl (which then rejects
 * the upper case, because its literal "http://" is lower case: see "Literal case").
 */
export function selectRfc1738Production(input: string): Rfc1738Production {
  const colon = input.indexOf(":");
  const scheme = colon > 0 ? input.slice(0, colon).toLowerCase() : "";
  return Object.prototype.hasOwnProperty.call(SCHEME_PRODUCTIONS, scheme) ? SCHEME_PRODUCTIONS[scheme] : "otherurl";
}

export const rfc1738: Revision<Rfc1738Ast> = {
  id: "rfc1738",
  title: 'RFC 1738, "Uniform Resource Locators (URL)"',
  date: "1994-12",
  seed: "002_3376c89374b224fa.txt",
  notation: "RFC 822-style BNF (with \"|\" for alternatives and [ ] for optional or repeated elements, §5)",
  grammarSection: "section 5 \"BNF for specific URL schemes\"",
  topRule: "url",
  rules: generatedRules("rfc1738"),
  ...generatedParsers("rfc1738"),
  buildAst: buildRfc1738Ast,
  characterRules: new Set(["lowalpha", "hialpha", "alpha", "digit", "alphadigit", "safe", "extra", "national", "punctuation", "reserved", "hex", "escape", "unreserved", "uchar", "xchar"]),
  selectProduction: selectRfc1738Production,
};
