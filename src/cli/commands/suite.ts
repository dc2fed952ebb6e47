import type { Command } from "commander";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { suiteJson, suiteTsv } from "../../conformance/suite-format";
import { JSON_SCHEMA_FORMATS, jsonSchemaTestFile, type JsonSchemaFormat } from "../../conformance/json-schema-suite";
import { EXIT_VALID, UsageError, type CommandContext } from "../io";
import { loadSuite } from "../conformance-data";
import { resolveSpecAndRule, specOption } from "../options";

const FORMATS = Object.keys(JSON_SCHEMA_FORMATS) as JsonSchemaFormat[];

/** One JSON Schema Test Suite file, as the suite writes its files (four-space indent, a final newline). */
function testFileText(format: JsonSchemaFormat): string {
  return JSON.stringify(jsonSchemaTestFile(format, loadSuite(JSON_SCHEMA_FORMATS[format].spec)), null, 4) + "\n";
}

export function registerSuite(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("suite")
    .description("write the conformance suite of a revision: cases for every rule, alternative, repetition bound, character-class boundary, PEG trap and document example")
    .addOption(specOption())
    .option("--rule <name>", "only the cases about this rule (its published name)")
    .option("--format <format>", "json (docs/conformance-suite.schema.json), tsv, or json-schema-test-suite (the JSON Schema Test Suite's file format, for the uri, uri-reference, iri and iri-reference formats)", "json")
    .option("--json-format <name>", `with --format json-schema-test-suite: which JSON Schema format's file to write (${FORMATS.join(", ")})`, "uri")
    .option("--output-dir <dir>", "with --format json-schema-test-suite: write all four files (uri.json, uri-reference.json, iri.json, iri-reference.json) into DIR instead")
    .addHelpText(
      "after",
      `
Each case has its input, start rule, expected verdict (and components, for a whole reference), the
section and a one-line reason; resolution and normalization cases come from the document's tables.
The same version of uri-grammars writes the same suite. Run an implementation over it with
'uri-grammars audit' (docs/conformance.md).

--format json-schema-test-suite writes the cases for JSON Schema's resource identifier formats in
the JSON Schema Test Suite's file format (tests/<draft>/optional/format/<format>.json): "uri" and
"uri-reference" are RFC 3986's URI and URI-reference, "iri" and "iri-reference" RFC 3987's IRI and
IRI-reference (JSON Schema Validation 2020-12 §7.3.5); --spec and --rule are not used. One test case
per rule the cases exercise; each test's description names the case, its rule and section.

Examples:
  $ uri-grammars suite --spec rfc3986 --format json > suite.json
  $ uri-grammars suite --spec rfc3986 --rule IPv4address --format tsv
  $ uri-grammars suite --spec draft-1997 | jq '.coverage'
  $ uri-grammars suite --format json-schema-test-suite --json-format iri-reference > iri-reference.json
  $ uri-grammars suite --format json-schema-test-suite --output-dir JSON-Schema-Test-Suite/tests/draft2020-12/optional/format`,
    )
    .action(async (opts: { spec: string; rule?: string; format: string; jsonFormat: string; outputDir?: string }) => {
      if (opts.format === "json-schema-test-suite") {
        if (!FORMATS.includes(opts.jsonFormat as JsonSchemaFormat)) throw new UsageError(`--json-format must be one of ${FORMATS.join(", ")}, not "${opts.jsonFormat}"`);
        if (opts.outputDir === undefined) {
          await io.out(testFileText(opts.jsonFormat as JsonSchemaFormat));
        } else {
          try {
            mkdirSync(opts.outputDir, { recursive: true });
            for (const f of FORMATS) writeFileSync(join(opts.outputDir, `${f}.json`), testFileText(f));
          } catch (e) {
            throw new UsageError(`--output-dir ${opts.outputDir}: cannot write there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
          }
          io.err(`wrote ${FORMATS.map((f) => `${f}.json`).join(", ")} into ${opts.outputDir}\n`);
        }
        setExit(EXIT_VALID);
        return;
      }
      const { spec, rule } = resolveSpecAndRule(opts.spec, opts.rule);
      if (opts.format !== "json" && opts.format !== "tsv") throw new UsageError(`--format must be json, tsv or json-schema-test-suite, not "${opts.format}"`);
      const suite = loadSuite(spec, rule);
      await io.out(opts.format === "json" ? suiteJson(suite) : suiteTsv(suite));
      setExit(EXIT_VALID);
    });
}
