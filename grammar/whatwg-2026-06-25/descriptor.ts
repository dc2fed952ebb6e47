// The revision's generated modules (npm run build), and what the snapshot shares with whatwg (the
// modules of grammar/whatwg/, not its descriptor: an entry of this revision bundles no table of
// whatwg's): the classes of base URL, the components, and the URL parser for resolution (whatwg/url's
// seven commits of 2026-06-30 to 07-02 changed §4.4 by one validation error only, so whatwg-url's
// parser resolves as this snapshot's). Its valid domain has no ends in a number checker.
import * as scanner from "../../generated/whatwg-2026-06-25.scanner";
import { BASE_RULES, DOCUMENT, RULES, TOP_RULE } from "../../generated/whatwg-2026-06-25.rules";
import { AST, readComponents } from "../../generated/whatwg-2026-06-25.ast";
import type { Whatwg20260625Ast } from "../../generated/whatwg-2026-06-25.ast";
import type { Revision } from "../../src/revisions/revision";
import { whatwgDefaultPorts } from "../../src/revisions/default-ports";
import { strictAsciiDomainAt, strictDomain } from "../whatwg/valid-domain";
import { baseRulesOf, WHATWG_FACTS } from "../whatwg/facts";

export const descriptor: Revision<Whatwg20260625Ast> = {
  id: "whatwg-2026-06-25",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  ...WHATWG_FACTS,
  // Default ports: the standard's table of special schemes (URL miscellaneous), in this snapshot's source.
  defaultPorts: whatwgDefaultPorts("../references/whatwg-url-2026-06-25.bs", 1914),
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  readComponents,
  // §3.4 at 3c83874: "A string input is a valid domain if these steps return true: 1. Let domain be
  // the result of running domain parser with input and true. 2. Return false if domain is failure;
  // otherwise true."
  predicates: { "strict-domain": Object.assign((text: string) => strictDomain(text), { passesAt: strictAsciiDomainAt }) },
  baseRules: baseRulesOf(BASE_RULES!),
  // No parser row of its own: whatwg's is the same §4.4.
};
