// Two JSON Schema validators from npm (pinned devDependencies) run over the JSON Schema Test Suite
// files `suite --format json-schema-test-suite` writes (src/conformance/json-schema-suite.ts): each
// test's data validated against its test case's schema, with the format asserted, and the answer
// held to the test's `valid`. Read by test/json-schema-suite.test.ts and scripts/conformance.mjs
// (docs/conformance.md, "JSON Schema validators").
//   - ajv 8 with ajv-formats 3 (its 2020-12 validator; ajv-formats' "full" formats);
//   - @cfworker/json-schema 4 (draft 2020-12; it asserts formats).
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { JstsTestCase } from "../../src/conformance/json-schema-suite";

export interface SchemaValidator {
  name: string;
  version: string;
  /** Whether `data` is valid against `schema` (format asserted); a throw is a failed test. */
  validate(schema: object, data: unknown): boolean;
  /** Whether it knows the format at all (one it does not know is ignored: every string passes). */
  supports(format: string): boolean;
}

const versionOf = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;

export function ajvWithFormats(): SchemaValidator {
  // An unknown format is a schema error (strictSchema), not a warning: supports() says which are known.
  const ajv = new Ajv2020({ strict: false, validateFormats: true, logger: false });
  addFormats(ajv);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const known = Object.keys((require("ajv-formats/dist/formats") as { fullFormats: object }).fullFormats);
  const compiled = new Map<string, (d: unknown) => boolean>();
  return {
    name: "ajv + ajv-formats",
    version: `${versionOf("ajv")} + ${versionOf("ajv-formats")}`,
    supports: (format) => known.includes(format),
    validate: (schema, data) => {
      const key = JSON.stringify(schema);
      let v = compiled.get(key);
      if (!v) {
        v = ajv.compile(schema) as (d: unknown) => boolean;
        compiled.set(key, v);
      }
      return v(data);
    },
  };
}

export function cfworker(): SchemaValidator {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Validator, format: formats } = require("@cfworker/json-schema") as { Validator: new (schema: object, draft: string, shortCircuit?: boolean) => { validate(data: unknown): { valid: boolean } }; format: object };
  const made = new Map<string, { validate(data: unknown): { valid: boolean } }>();
  return {
    name: "@cfworker/json-schema",
    version: versionOf("@cfworker/json-schema"),
    supports: (format) => format in formats,
    validate: (schema, data) => {
      const key = JSON.stringify(schema);
      let v = made.get(key);
      if (!v) {
        v = new Validator(schema, "2020-12");
        made.set(key, v);
      }
      return v.validate(data).valid;
    },
  };
}

export interface ValidatorScore {
  validator: string;
  version: string;
  format: string;
  passed: number;
  total: number;
  /** The validator does not know the format: it ignores it, and every string passes. */
  unsupported: boolean;
  /** Tests failed with valid data (rejected), and with invalid data (accepted), with a few inputs each. */
  rejectsValid: { count: number; samples: string[] };
  acceptsInvalid: { count: number; samples: string[] };
}

const SAMPLES = 3;

/** One validator over one test file. */
export function scoreFile(v: SchemaValidator, format: string, file: readonly JstsTestCase[]): ValidatorScore {
  const s: ValidatorScore = { validator: v.name, version: v.version, format, unsupported: !v.supports(format), passed: 0, total: 0, rejectsValid: { count: 0, samples: [] }, acceptsInvalid: { count: 0, samples: [] } };
  for (const tc of file)
    for (const t of tc.tests) {
      s.total++;
      let answer: boolean;
      try {
        answer = v.validate(tc.schema, t.data);
      } catch {
        answer = !t.valid;
      }
      if (answer === t.valid) {
        s.passed++;
        continue;
      }
      const bucket = t.valid ? s.rejectsValid : s.acceptsInvalid;
      bucket.count++;
      if (bucket.samples.length < SAMPLES) bucket.samples.push(t.data);
    }
  return s;
}

/** The Markdown table of docs/conformance.md: one row per validator and format. */
export function scoresMarkdown(scores: readonly ValidatorScore[]): string {
  const pct = (n: number, d: number) => `${(Math.floor((n / d) * 1000) / 10).toFixed(1)}%`;
  const code = (s: string) => {
    const j = JSON.stringify(s.length > 40 ? `${s.slice(0, 39)}…` : s).replace(/\|/g, "\\|");
    return j.includes("`") ? `\`\` ${j} \`\`` : `\`${j}\``;
  };
  const out = ["| validator | format | tests passed | rejects valid: samples | accepts invalid: samples |", "|---|---|--:|---|---|"];
  for (const s of scores) {
    const samples = (b: { count: number; samples: string[] }) => (b.count === 0 ? "0" : `${b.count}: ${b.samples.map(code).join(", ")}`);
    const passed = `${pct(s.passed, s.total)} (${s.passed}/${s.total})${s.unsupported ? ": the format is unknown to it, so ignored (every string passes)" : ""}`;
    out.push(`| ${s.validator} ${s.version} | \`${s.format}\` | ${passed} | ${samples(s.rejectsValid)} | ${s.unsupported ? `${s.acceptsInvalid.count}` : samples(s.acceptsInvalid)} |`);
  }
  return out.join("\n");
}
