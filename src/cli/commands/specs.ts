import type { Command } from "commander";
import { specs } from "../../revisions";
import { EXIT_VALID, type CommandContext } from "../io";
import { jsonAnswer } from "../json";

export function registerSpecs(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("specs")
    .description("list the revisions: id, date, notation, top rule, number of rules")
    .option("--json", "print the registry as JSON: {version, ok, specs: [...]} with every rule (docs/schemas/specs.schema.json)")
    .addHelpText("after", "\nExamples:\n  $ uri-grammars specs\n  $ uri-grammars specs --json")
    .action(async (opts: { json?: boolean }) => {
      if (opts.json) {
        await io.out(jsonAnswer(true, { specs: specs() }, 2));
      } else {
        for (const s of specs()) {
          await io.out(`${s.id.padEnd(11)} ${s.date}  ${s.notation}; top rule ${s.topRule}; ${s.rules.length} rules\n            ${s.title}\n`);
        }
      }
      setExit(EXIT_VALID);
    });
}
