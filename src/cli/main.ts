// The command-line tool: uri-grammars specs | check | parse.
// Exit status: 0 every input valid, 1 some input invalid, 2 usage error (unknown spec, rule, option).
import { Command, CommanderError, Option } from "commander";
import { caretDisplay } from "../errors";
import { parse, unknownRuleMessage, type ParseResult } from "../parse";
import { availableSpecIds, DEFAULT_SPEC, findRule, getRevision, isSpecId, specs } from "../revisions";
import { forEachLine } from "./lines";

export const EXIT_VALID = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/** Thrown for a usage error found after option parsing (unknown spec or rule). */
class UsageError extends Error {}

interface Io {
  out(text: string): Promise<void> | void;
  err(text: string): void;
  stdin: NodeJS.ReadableStream;
}

const defaultIo: Io = {
  out: (text) =>
    new Promise<void>((resolve) => {
      if (process.stdout.write(text)) resolve();
      else process.stdout.once("drain", () => resolve());
    }),
  err: (text) => {
    process.stderr.write(text);
  },
  stdin: process.stdin,
};

function specOption(): Option {
  return new Option("--spec <id>", `revision: ${availableSpecIds().join(", ")}`).default(DEFAULT_SPEC);
}

/** Checks --spec and --rule before any input is read; a problem here is a usage error (exit 2). */
function resolveSpecAndRule(spec: string, rule: string | undefined): { spec: string; rule: string } {
  const revision = getRevision(spec);
  if (!revision) {
    const why = isSpecId(spec) ? `the ${spec} grammar is not transcribed yet` : `unknown spec "${spec}"`;
    throw new UsageError(`${why}; available: ${availableSpecIds().join(", ")}`);
  }
  const ruleName = rule ?? revision.topRule;
  if (!findRule(revision, ruleName)) {
    throw new UsageError(unknownRuleMessage(revision, ruleName));
  }
  return { spec, rule: ruleName };
}

function verdictLine(input: string, r: ParseResult): string {
  if (r.ok) return `valid    ${JSON.stringify(input)} is a ${r.spec} ${r.rule}\n`;
  const e = r.error;
  return `invalid  ${JSON.stringify(input)} is not a ${r.spec} ${r.rule}\n  ${e.message}\n${caretDisplay(input, e.offset)}\n`;
}

function jsonLine(input: string, r: ParseResult): string {
  const record: Record<string, unknown> = { input, spec: r.spec, rule: r.rule, valid: r.ok };
  if (!r.ok) record.error = r.error;
  return JSON.stringify(record) + "\n";
}

/** For one input on the default top rule: how the other available revisions judge it. */
function otherRevisions(input: string, spec: string): string {
  const parts = availableSpecIds()
    .filter((id) => id !== spec)
    .map((id) => {
      const r = parse(input, { spec: id });
      return r.ok ? `${id} valid (${r.rule})` : `${id} invalid at offset ${r.error.offset}`;
    });
  return parts.length > 0 ? `  other revisions: ${parts.join("; ")}\n` : "";
}

export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command("uri-grammars")
    .description("Check URLs and URIs against the grammars of 1993-2003: draft-1993, draft-1994, rfc1738, draft-1997, draft-2003.")
    .showHelpAfterError()
    .configureOutput({ writeOut: (s) => void io.out(s), writeErr: (s) => io.err(s) });
  program.addHelpText(
    "after",
    `
Examples:
  $ uri-grammars check 'http://[::1]:8080/a/b?c#d'
  $ uri-grammars check --spec draft-1997 'http://a/b;p?q'
  $ uri-grammars check --rule IPv6address '1::2::3'
  $ uri-grammars parse --tree 'http://a/b?c'
  $ uri-grammars specs`,
  );

  program
    .command("specs")
    .description("list the revisions: id, date, notation, top rule, number of rules")
    .option("--json", "print the registry as JSON (with every rule)")
    .addHelpText("after", "\nExamples:\n  $ uri-grammars specs\n  $ uri-grammars specs --json")
    .action(async (opts: { json?: boolean }) => {
      if (opts.json) {
        await io.out(JSON.stringify(specs(), null, 2) + "\n");
      } else {
        for (const s of specs()) {
          await io.out(`${s.id.padEnd(11)} ${s.date}  ${s.notation}; top rule ${s.topRule}; ${s.rules.length} rules\n            ${s.title}\n`);
        }
      }
      setExit(EXIT_VALID);
    });

  program
    .command("check")
    .description("check inputs against a revision's rule (default: the revision's top rule)")
    .argument("<input...>", "inputs to check; a single '-' reads standard input, one input per line, verbatim")
    .addOption(specOption())
    .option("--rule <name>", "start rule, by its published name (URI-reference, IPv6address, hostport ...)")
    .option("--json", "one JSON object per input: {input, spec, rule, valid, error?}")
    .addHelpText(
      "after",
      `
Exit status: 0 when every input is valid, 1 when any is invalid, 2 on a usage error.

Examples:
  $ uri-grammars check 'http://[::1]:8080/a/b?c#d'
  $ uri-grammars check --spec draft-2003 --rule IPv4address 255.255.255.255
  $ uri-grammars check --json --spec draft-1997 'http://a/~b' 'http://[::1]/'
  $ printf 'http://a/\\nhttp://a b/\\n' | uri-grammars check -`,
    )
    .action(async (inputs: string[], opts: { spec: string; rule?: string; json?: boolean }) => {
      const { spec, rule } = resolveSpecAndRule(opts.spec, opts.rule);
      let anyInvalid = false;
      const checkOne = async (input: string, single: boolean) => {
        const r = parse(input, { spec, rule });
        if (!r.ok) anyInvalid = true;
        if (opts.json) await io.out(jsonLine(input, r));
        else await io.out(verdictLine(input, r) + (single && opts.rule === undefined ? otherRevisions(input, spec) : ""));
      };
      if (inputs.length === 1 && inputs[0] === "-") {
        await forEachLine(io.stdin, (line) => checkOne(line, false));
      } else {
        for (const input of inputs) await checkOne(input, inputs.length === 1);
      }
      setExit(anyInvalid ? EXIT_INVALID : EXIT_VALID);
    });

  program
    .command("parse")
    .description("print the AST of one input as JSON (or the error)")
    .argument("<input>", "the input")
    .addOption(specOption())
    .option("--rule <name>", "start rule, by its published name")
    .option("--tree", "also print the derivation: every named rule that matched, with its span")
    .addHelpText(
      "after",
      `
Exit status: 0 when the input is valid, 1 when not, 2 on a usage error.

Examples:
  $ uri-grammars parse 'http://user@[v6::1]:80/p?q#f'
  $ uri-grammars parse --spec draft-1997 'ftp://u:pw@host/a;type=i'
  $ uri-grammars parse --tree --rule authority 'a@b:1'`,
    )
    .action(async (input: string, opts: { spec: string; rule?: string; tree?: boolean }) => {
      const { spec, rule } = resolveSpecAndRule(opts.spec, opts.rule);
      const r = parse(input, { spec, rule, tree: opts.tree });
      if (r.ok) {
        await io.out(JSON.stringify(opts.tree ? { ast: r.ast, tree: r.tree } : r.ast, null, 2) + "\n");
        setExit(EXIT_VALID);
      } else {
        await io.out(JSON.stringify({ input, spec, rule, valid: false, error: r.error }, null, 2) + "\n");
        io.err(verdictLine(input, r));
        setExit(EXIT_INVALID);
      }
    });

  return program;
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit status. */
export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  let code = EXIT_VALID;
  const program = buildProgram(io, (c) => (code = c));
  program.exitOverride();
  for (const sub of program.commands) sub.exitOverride();
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT_USAGE;
    }
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.help" || e.code === "commander.version") return EXIT_VALID;
      return EXIT_USAGE;
    }
    if (e instanceof UsageError) {
      io.err(`uri-grammars: ${e.message}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
