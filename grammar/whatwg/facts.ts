// What the two WHATWG revisions state alike beside their generated modules: whatwg's facts, which
// the snapshot of 2026-06-25 shares (grammar/whatwg-2026-06-25/descriptor.ts says why).
import type { Revision } from "../../src/revisions/revision";
import { BASE_EXAMPLES, classifyBase, parseAgainst, PARSER } from "./parser";
import { WHATWG_CHARACTER_RULES, WHATWG_COMPONENTS } from "./components";

export const WHATWG_FACTS = {
  // §4.4: the standard resolves by parsing a string against a base URL (the basic URL parser with
  // base); it defines no resolution of its own. The base and the reference are judged by the
  // writing grammar first (a base: an absolute-URL-with-fragment string; the reference: a valid URL
  // string against that base), as every revision's resolve() judges them by its own grammar.
  resolution: { algorithm: "URL Standard §4.4", byParser: { label: PARSER.label, parse: parseAgainst } },
  // §4.4 produces a serialized URL that is already lower-cased, percent-encoded, with dot segments
  // and the default port gone; §4.6 "URL equivalence" compares serializations. It defines no
  // normalization ladder of its own.
  normalization: null,
  // §4.1 URL record's components under the writing grammar's names.
  components: WHATWG_COMPONENTS,
  // §4.3 "The URL code points are ... code points in the range U+00A0 to U+10FFFD, inclusive,
  // excluding surrogates and noncharacters".
  codePoints: true,
  characterRules: WHATWG_CHARACTER_RULES,
} as const satisfies Partial<Revision>;

/** §4.3: the relative strings switch on the base URL (its opaque path, its scheme): the start rule of each class. */
export function baseRulesOf(rules: Readonly<Record<string, string>>): NonNullable<Revision["baseRules"]> {
  return { rules, classify: classifyBase, examples: BASE_EXAMPLES };
}
