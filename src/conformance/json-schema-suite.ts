// `suite --format json-schema-test-suite`: the conformance suite's cases for JSON Schema's resource
// identifier formats, in the file format of the JSON Schema Test Suite (json-schema-org/
// JSON-Schema-Test-Suite, tests/<draft>/optional/format/<format>.json; its test-schema.json is the
// schema of those files: test/data/json-schema-test-suite/). JSON Schema Validation 2020-12 §7.3.5
// "Resource Identifiers" names the documents:
//   "uri": "a valid URI, according to [RFC3986]"; "uri-reference": "a valid URI Reference (either
//   a URI or a relative-reference), according to [RFC3986]"; "iri": "a valid IRI, according to
//   [RFC3987]"; "iri-reference": "a valid IRI Reference (either an IRI or a relative-reference),
//   according to [RFC3987]".
// The inputs are the revision's top-rule check cases (every rule, alternative, repetition bound,
// character-class boundary, PEG trap and document example inside a whole reference; see
// docs/conformance.md), each once; a case's expected verdict is validate() under the format's rule.
// One test case (a schema and its tests) per rule the cases exercise; each test's description names
// the case, its rule and section, and what it exercises.
import { validate } from "../index";
import type { Suite, SuiteCase } from "./suite";

/** JSON Schema's resource identifier formats: the revision and the rule each one names (Validation 2020-12 §7.3.5). */
export const JSON_SCHEMA_FORMATS = {
  uri: { spec: "rfc3986", rule: "URI" },
  "uri-reference": { spec: "rfc3986", rule: "URI-reference" },
  iri: { spec: "rfc3987", rule: "IRI" },
  "iri-reference": { spec: "rfc3987", rule: "IRI-reference" },
} as const;
export type JsonSchemaFormat = keyof typeof JSON_SCHEMA_FORMATS;

/** The JSON Schema draft the files are written for (the `$schema` of every test case's schema). */
export const JSON_SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema";
/** Where JSON Schema Validation (2020-12) says which document a format follows. */
export const VALIDATION_SECTION = "7.3.5";

export interface JstsTest {
  description: string;
  data: string;
  valid: boolean;
}

export interface JstsTestCase {
  description: string;
  comment?: string;
  schema: { $schema: string; format: string };
  tests: JstsTest[];
  specification: Record<string, string>[];
}

/** "rfc3986 §3.2.2", "rfc3986 Appendix A (§3.2.2)" -> "3.2.2"; "Appendix B" -> "B"; null when none fits the suite's pattern. */
export function sectionNumber(section: string): string | null {
  const s = /§([0-9]+(?:\.[0-9]+)*)/.exec(section)?.[1] ?? /Appendix ([A-Z](?:\.[0-9]+)*)/.exec(section)?.[1] ?? null;
  return s !== null && /^[0-9a-zA-Z]+(\.[0-9a-zA-Z]+)*$/.test(s) ? s : null;
}

/** A JSON string can carry it: no lone surrogate (which no JSON Schema implementation can be handed as text). */
function representable(s: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

/**
 * The test file of one format, from the suite of the revision it names (`suite.spec` must be that
 * revision): an array of test cases, one per rule the cases exercise, in the order the suite first
 * meets each rule.
 */
export function jsonSchemaTestFile(format: JsonSchemaFormat, suite: Suite): JstsTestCase[] {
  const { spec, rule } = JSON_SCHEMA_FORMATS[format];
  if (suite.spec !== spec) throw new Error(`the "${format}" format is ${spec}'s; the suite is ${suite.spec}'s`);
  const byRule = new Map<string, { section: string; cases: SuiteCase[] }>();
  const seen = new Set<string>();
  for (const c of suite.cases) {
    if (c.op !== "check" || !c.top || seen.has(c.input) || !representable(c.input)) continue;
    seen.add(c.input);
    const key = c.exercises ?? suite.topRule;
    const entry = byRule.get(key) ?? { section: c.section, cases: [] };
    byRule.set(key, entry);
    entry.cases.push(c);
  }
  const out: JstsTestCase[] = [];
  for (const [exercised, { section, cases }] of byRule) {
    const number = sectionNumber(section);
    out.push({
      description: `${format} (${spec} ${rule}): the cases about ${exercised} (${section})`,
      comment: `From uri-grammars ${suite.generator.version} (suite --format json-schema-test-suite): ${spec}'s conformance suite, its ${suite.topRule} cases about ${exercised}; valid is validate(data, { spec: "${spec}", rule: "${rule}" }).`,
      schema: { $schema: JSON_SCHEMA_DRAFT, format },
      tests: cases.map((c) => ({ description: `${c.id} ${c.kind}, ${c.exercises ?? suite.topRule} (${c.section}): ${c.reason}`, data: c.input, valid: validate(c.input, { spec: spec as never, rule: rule as string }) })),
      specification: [{ validation: VALIDATION_SECTION }, ...(number !== null ? [{ [spec]: number }] : [])],
    });
  }
  return out;
}
