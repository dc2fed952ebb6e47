import { generatedParsers, generatedRules } from "./generated";
import { buildDraft1993Ast, type Draft1993Ast, type Draft1993Production } from "../ast/draft-1993";
import type { Revision } from "./revision";

/**
 * The schemes that have their own docaddress alternative in "BNF syntax", spelled as the grammar
 * spells them (`h t t p`). Letters are case-sensitive in this notation ("Single letters stand for
 * single letters"; `alpha` lists a..z and A..Z separately), so `HTTP` is not `http`: it is a scheme
 * without a production of its own, like `x-foo` (see grammar/draft-1993.md, "Literal case").
 */
export const DRAFT_1993_SCHEME_PRODUCTIONS: ReadonlyMap<string, Draft1993Production> = new Map<string, Draft1993Production>([
  ["http", "httpaddress"],
  ["ftp", "fileaddress"],
  ["news", "newsaddress"],
  ["prospero", "prosperoaddress"],
  ["telnet", "telnetaddress"],
  ["gopher", "gopheraddress"],
  ["wais", "waisaddress"],
  ["afs", "afsaddress"],
]);

/**
 * Scheme-aware conformance (issue 4, item 3). docaddress lists `generic` (scheme : path [ ? search ])
 * next to the scheme productions; section "Recommendations" says "The generic syntax provides a
 * framework for new schemes". So the scheme before the first ":" chooses: its own production when
 * it has one, generic otherwise. The rule returned is that alternative inside anchoraddress
 * (`httpaddress_anchored` = httpaddress [ # anchorid ]), so an anchor stays allowed.
 */
export function selectDraft1993Production(input: string): { rule: string; production: string } {
  // scheme = ialpha, and ":" is not an xalpha: the scheme is everything before the first ":".
  const colon = input.indexOf(":");
  const production = (colon < 0 ? undefined : DRAFT_1993_SCHEME_PRODUCTIONS.get(input.slice(0, colon))) ?? "generic";
  return { rule: `${production}_anchored`, production };
}

export const draft1993: Revision<Draft1993Ast> = {
  id: "draft-1993",
  title: 'T. Berners-Lee, "Uniform Resource Locators", Internet-Draft "url4" (ID 00)',
  date: "1993-03",
  seed: "000_8d5ef9870e7fee48.txt",
  notation: 'BNF-like ("|" alternatives, [ ] optional, single letters stand for themselves, case-sensitive); the lost "|" restored',
  grammarSection: 'section "BNF syntax"',
  topRule: "anchoraddress",
  rules: generatedRules("draft-1993"),
  ...generatedParsers("draft-1993"),
  buildAst: buildDraft1993Ast,
  // One character, or a run of them: errors then name the rule the run belongs to (search, path, port ...).
  characterRules: new Set(["alpha", "digit", "alphanum", "alphanums", "xalpha", "xalphas", "xpalpha", "xpalphas", "digits", "ialpha", "void"]),
  selectProduction: selectDraft1993Production,
};
