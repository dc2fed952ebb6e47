import { generatedParsers, generatedRules } from "./generated";
import { buildDraft1994Ast, type Draft1994Ast } from "../ast/draft-1994";
import type { Revision } from "./revision";

/**
 * The scheme productions of the draft's `url` rule, by scheme name (lower case: the spelled letters of
 * a scheme name match either case, see grammar/draft-1994.md "Literal case"). afsaddress is not here:
 * "The "afsaddress" is left in as historical note, but is not a url production".
 */
export const DRAFT_1994_SCHEME_PRODUCTIONS: ReadonlyMap<string, string> = new Map([
  ["http", "httpaddress"],
  ["ftp", "ftpaddress"],
  ["news", "newsaddress"],
  ["nntp", "nntpaddress"],
  ["prospero", "prosperoaddress"],
  ["telnet", "telnetaddress"],
  ["gopher", "gopheraddress"],
  ["wais", "waisaddress"],
  ["mailto", "mailtoaddress"],
  ["mid", "midaddress"],
  ["cid", "cidaddress"],
]);

/**
 * Scheme-aware conformance (issue 4, item 3) for draft-1994:
 * - an input that starts with the PrePrefix "URL:" (any case, as `u r l :` matches) is decided by
 *   `prefixedurl`: url lists only scheme productions, no catch-all, so applying it literally already
 *   makes the scheme's own production decide (the AST names it in `address.production`);
 * - otherwise the scheme before the first ":" picks its production (`http` -> httpaddress). The draft
 *   quotes its URLs without the prefix ("some URLs may have been quoted throughout without this
 *   preprefix"), so a bare `http://...` is judged by httpaddress;
 * - any other scheme (afs, rlogin, tn3270, x-..., none) is decided by `url`, which rejects it: the draft
 *   has no generic production ("Other schemes may be specified by future specifications").
 */
export function selectDraft1994Production(input: string): string {
  if (/^url:/i.test(input)) return "prefixedurl";
  const colon = input.indexOf(":");
  if (colon < 0) return "url";
  return DRAFT_1994_SCHEME_PRODUCTIONS.get(input.slice(0, colon).toLowerCase()) ?? "url";
}

export const draft1994: Revision<Draft1994Ast> = {
  id: "draft-1994",
  title: 'URL Internet-Draft 03, "Uniform Resource Locators" (T. Berners-Lee, editor)',
  date: "1994-03",
  seed: "004_06ae430307648ea6.txt",
  notation: 'BNF-like: "|" alternatives, [ ] optional, single letters stand for themselves (either case), words name entities',
  grammarSection: 'section "BNF for specific URL schemes"',
  // The draft's definition of a URL: "the whole string must start with a constant prefix "URL:""
  // (PrePrefix), and "The current IETF URI working group preference is for the prefixedurl production".
  topRule: "prefixedurl",
  rules: generatedRules("draft-1994"),
  ...generatedParsers("draft-1994"),
  buildAst: buildDraft1994Ast,
  characterRules: new Set(["alpha", "digit", "hex", "escape", "safe", "extra", "reserved", "national", "punctuation", "xalpha", "xpalpha", "alphanum", "alphanum2", "void"]),
  selectProduction: selectDraft1994Production,
};
