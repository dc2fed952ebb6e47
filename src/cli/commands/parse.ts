import type { Command } from "commander";
import { parse } from "../../parse";
import { EXIT_INVALID, EXIT_VALID, type CommandContext } from "../io";
import { baseOption, resolveSpecAndRule, specOption } from "../options";
import { verdictText } from "./check";

export function registerParse(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("parse")
    .description("print the AST of one input as JSON (or the error)")
    .argument("<input>", "the input")
    .addOption(specOption())
    .option("--rule <name>", "start rule, by its published name")
    .addOption(baseOption())
    .option("--tree", "also print the derivation: every named rule that matched, with its span")
    .addHelpText(
      "after",
      `
Exit status: 0 when the input is valid, 1 when not, 2 on a usage error.

Examples:
  $ uri-grammars parse 'http://user@[::1]:80/p?q#f'
  $ uri-grammars parse --spec draft-1997 'ftp://u:pw@host/a;type=i'
  $ uri-grammars parse --tree --rule authority 'a@b:1'
  $ uri-grammars parse --spec whatwg --base file:///C:/demo ..`,
    )
    .action(async (input: string, opts: { spec: string; rule?: string; base?: string; tree?: boolean }) => {
      const { spec, rule } = resolveSpecAndRule(opts.spec, opts.rule, opts.base);
      const r = parse(input, { spec, rule, tree: opts.tree });
      if (r.ok) {
        await io.out(JSON.stringify(opts.tree ? { ast: r.ast, tree: r.tree } : r.ast, null, 2) + "\n");
        setExit(EXIT_VALID);
      } else {
        await io.out(JSON.stringify({ input, spec: r.spec, rule: r.rule, valid: false, error: r.error }, null, 2) + "\n");
        io.err(verdictText(input, r));
        setExit(EXIT_INVALID);
      }
    });
}
