// `suite --format json-schema-test-suite` (src/conformance/json-schema-suite.ts): the JSON Schema
// Test Suite's file format for the uri, uri-reference, iri and iri-reference formats, validated
// against that suite's own schema for its test files (test/data/json-schema-test-suite/), each test
// holding validate()'s verdict; and the two validators' scoring (test/support/json-schema-validators.ts).
import Ajv2020 from "ajv/dist/2020";
import { expect } from "chai";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validate } from "../src";
import { JSON_SCHEMA_FORMATS, sectionNumber, type JsonSchemaFormat, type JstsTestCase } from "../src/conformance/json-schema-suite";
import { ajvWithFormats, cfworker, scoreFile, type SchemaValidator } from "./support/json-schema-validators";
import { runCli } from "./support/run-cli";

const ROOT = join(__dirname, "..", "..");
const FORMATS = Object.keys(JSON_SCHEMA_FORMATS) as JsonSchemaFormat[];

function suiteSchemaValidator(): (data: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return ajv.compile(JSON.parse(readFileSync(join(ROOT, "test", "data", "json-schema-test-suite", "test-schema.json"), "utf8")) as object);
}

describe("suite --format json-schema-test-suite: the JSON Schema Test Suite's file format", function () {
  this.timeout(120_000);
  const files = new Map<JsonSchemaFormat, JstsTestCase[]>();
  before(async () => {
    for (const f of FORMATS) {
      const r = await runCli(["suite", "--format", "json-schema-test-suite", "--json-format", f]);
      expect(r.code, r.err).to.equal(0);
      files.set(f, JSON.parse(r.out) as JstsTestCase[]);
    }
  });

  it("every file validates against the suite's own test-schema.json", () => {
    const valid = suiteSchemaValidator();
    for (const [f, file] of files) expect(valid(file), f).to.equal(true);
  });

  it("each test is validate() under the format's rule; descriptions name the case, its rule and section; the specification cites §7.3.5 and the RFC", () => {
    for (const [f, file] of files) {
      const { spec, rule } = JSON_SCHEMA_FORMATS[f];
      let tests = 0;
      for (const tc of file) {
        expect(tc.schema).to.deep.equal({ $schema: "https://json-schema.org/draft/2020-12/schema", format: f });
        expect(tc.specification[0]).to.deep.equal({ validation: "7.3.5" });
        for (const t of tc.tests) {
          expect(t.valid, `${f} ${t.data}`).to.equal(validate(t.data, { spec: spec as never, rule: rule as string }));
          expect(t.description).to.match(new RegExp(`^${spec}:\\d+ [a-z-]+, \\S+ \\(${spec} `));
          tests++;
        }
      }
      expect(tests, f).to.be.greaterThan(500);
      expect(file.flatMap((tc) => tc.tests).some((t) => t.valid) && file.flatMap((tc) => tc.tests).some((t) => !t.valid), f).to.equal(true);
    }
    // ajv-formats rejects "a:" (issue 43); the uri file holds it, valid.
    expect(files.get("uri")!.flatMap((tc) => tc.tests).filter((t) => t.data === "a:").map((t) => t.valid)).to.deep.equal([true]);
  });

  it("--output-dir writes the four files; a section becomes the suite's dotted number", async () => {
    const dir = mkdtempSync(join(tmpdir(), "uri-grammars-jsts-"));
    try {
      const r = await runCli(["suite", "--format", "json-schema-test-suite", "--output-dir", dir]);
      expect(r.code).to.equal(0);
      expect(readdirSync(dir).sort()).to.deep.equal(["iri-reference.json", "iri.json", "uri-reference.json", "uri.json"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect([sectionNumber("rfc3986 §3.2.2"), sectionNumber("rfc3986 Appendix A (§4.1)"), sectionNumber("rfc3986 Appendix B"), sectionNumber("somewhere")]).to.deep.equal(["3.2.2", "4.1", "B", null]);
    expect((await runCli(["suite", "--format", "json-schema-test-suite", "--json-format", "url"])).code).to.equal(2);
  });

  it("the check can fail: a test without `valid`, or with a field the suite does not know, is refused by the suite's schema (planted)", () => {
    const valid = suiteSchemaValidator();
    const good = [{ description: "d", schema: { format: "uri" }, tests: [{ description: "t", data: "a:", valid: true }] }];
    expect(valid(good)).to.equal(true);
    expect(valid([{ ...good[0], tests: [{ description: "t", data: "a:" }] }])).to.equal(false);
    expect(valid([{ ...good[0], rule: "URI" }])).to.equal(false);
  });

  it("scoring: two validators run over every file; a planted validator that accepts everything scores exactly the valid tests' share", () => {
    const file = files.get("uri")!;
    const everything: SchemaValidator = { name: "planted", version: "0", validate: () => true, supports: () => true };
    const s = scoreFile(everything, "uri", file);
    const tests = file.flatMap((tc) => tc.tests);
    expect([s.passed, s.total, s.rejectsValid.count]).to.deep.equal([tests.filter((t) => t.valid).length, tests.length, 0]);
    for (const v of [ajvWithFormats(), cfworker()]) {
      const score = scoreFile(v, "uri", file);
      expect(score.total).to.equal(tests.length);
      expect(score.passed, v.name).to.be.within(1, tests.length - 1);
      expect(v.supports("uri") && !v.supports("iri"), v.name).to.equal(true);
    }
  });
});
