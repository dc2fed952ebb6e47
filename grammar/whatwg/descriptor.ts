// The revision's generated modules (npm run build): its scanner, rule inventory, AST builders and
// components reader; and what the standard defines beside its grammar: the valid domain check
// (./valid-domain.ts) and, through whatwg-url, the URL parser (./parser.ts).
import * as scanner from "../../generated/whatwg.scanner";
import { BASE_RULES, DOCUMENT, RULES, TOP_RULE } from "../../generated/whatwg.rules";
import { AST, readComponents } from "../../generated/whatwg.ast";
import type { WhatwgAst } from "../../generated/whatwg.ast";
import type { Revision } from "../../src/revisions/revision";
import { validDomain } from "./valid-domain";
import { BASE_EXAMPLES, classifyBase, parseAgainst, PARSER } from "./parser";
import { WHATWG_CHARACTER_RULES, WHATWG_COMPONENTS } from "./components";

export const descriptor: Revision<WhatwgAst> = {
  id: "whatwg",
  // The document (title, date, seed, notation, grammarSection): the grammar header states it.
  ...DOCUMENT,
  topRule: TOP_RULE,
  rules: RULES,
  scanner,
  ast: AST,
  readComponents,
  // §4.4: the standard resolves by parsing a string against a base URL (the basic URL parser with
  // base); it defines no resolution of its own. The base and the reference are judged by the
  // writing grammar first (a base: an absolute-URL-with-fragment string; the reference: a valid URL
  // string against that base), as every revision's resolve() judges them by its own grammar.
  resolution: { algorithm: "URL Standard §4.4", byParser: { label: PARSER.label, parse: parseAgainst } },
  // §4.4 produces a serialized URL that is already lower-cased, percent-encoded, with dot segments
  // and the default port gone; §4.6 "URL equivalence" compares serializations. It defines no
  // normalization ladder of its own.
  normalization: null,
  // §3.4 valid domain: UTS #46 ToASCII (strict), then the ends in a number checker.
  predicates: { "valid-domain": (text) => validDomain(text) },
  // §4.3: the relative strings switch on the base URL (its opaque path, its scheme).
  baseRules: { rules: BASE_RULES!, classify: classifyBase, examples: BASE_EXAMPLES },
  // §4.4: the basic URL parser reads any string, valid or not; shown beside the grammar's row.
  parser: PARSER,
  // §4.1 URL record's components under the writing grammar's names.
  components: WHATWG_COMPONENTS,
  // §4.3 "The URL code points are ... code points in the range U+00A0 to U+10FFFD, inclusive,
  // excluding surrogates and noncharacters".
  codePoints: true,
  characterRules: WHATWG_CHARACTER_RULES,
};
