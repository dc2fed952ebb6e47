import type { Command } from "commander";
import { suiteJson, suiteTsv } from "../../conformance/suite-format";
import { EXIT_VALID, UsageError, type CommandContext } from "../io";
import { loadSuite } from "../conformance-data";
import { resolveSpecAndRule, specOption } from "../options";

export function registerSuite(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("suite")
    .description("write the conformance suite of a revision: cases for every rule, alternative, repetition bound, character-class boundary, PEG trap and document example")
    .addOption(specOption())
    .option("--rule <name>", "only the cases about this rule (its published name)")
    .option("--format <format>", "json (docs/conformance-suite.schema.json) or tsv", "json")
    .addHelpText(
      "after",
      `
Each case has its input, start rule, expected verdict (and components, for a whole reference), the
section and a one-line reason; resolution and normalization cases come from the document's tables.
The same version of uri-grammars writes the same suite. Run an implementation over it with
'uri-grammars audit' (docs/conformance.md).

Examples:
  $ uri-grammars suite --spec rfc3986 --format json > suite.json
  $ uri-grammars suite --spec rfc3986 --rule IPv4address --format tsv
  $ uri-grammars suite --spec draft-1997 | jq '.coverage'`,
    )
    .action(async (opts: { spec: string; rule?: string; format: string }) => {
      const { spec, rule } = resolveSpecAndRule(opts.spec, opts.rule);
      if (opts.format !== "json" && opts.format !== "tsv") throw new UsageError(`--format must be json or tsv, not "${opts.format}"`);
      const suite = loadSuite(spec, rule);
      await io.out(opts.format === "json" ? suiteJson(suite) : suiteTsv(suite));
      setExit(EXIT_VALID);
    });
}
