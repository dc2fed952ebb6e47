// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and
// components reader; and what the standard defines beside its grammar: the valid domain check
// (./valid-domain.ts) and, through whatwg-url, the URL parser (./parser.ts), with the facts the
// snapshot of 2026-06-25 shares (./facts.ts: resolution, normalization, components, code points).
import * as scanner from "../../generated/whatwg.scanner";
import { BASE_RULES, DOCUMENT, RULES, TOP_RULE } from "../../generated/whatwg.rules";
import { AST, readComponents } from "../../generated/whatwg.ast";
import type { WhatwgAst } from "../../generated/whatwg.ast";
import type { Revision } from "../../src/revisions/revision";
import { whatwgDefaultPorts } from "../../src/revisions/default-ports";
import { validAsciiDomainAt, validDomain } from "./valid-domain";
import { PARSER } from "./parser";
import { baseRulesOf, WHATWG_FACTS } from "./facts";

export const descriptor: Revision<WhatwgAst> = {
  id: "whatwg",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  ...WHATWG_FACTS,
  // Default ports: the standard's table of special schemes (URL miscellaneous), in this snapshot's source.
  defaultPorts: whatwgDefaultPorts("../references/whatwg-url-2026-07-02.bs", 1964),
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  readComponents,
  // §3.4 valid domain: UTS #46 ToASCII (strict), then the ends in a number checker; its ASCII
  // shortcut read in place where it answers (valid-domain.ts, validAsciiDomainAt).
  predicates: { "valid-domain": Object.assign((text: string) => validDomain(text), { passesAt: validAsciiDomainAt }) },
  baseRules: baseRulesOf(BASE_RULES!),
  // §4.4: the basic URL parser reads any string, valid or not; shown beside the grammar's row.
  parser: PARSER,
};
