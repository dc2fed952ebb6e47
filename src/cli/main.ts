// The command-line tool. Exit status: 0 every input valid, 1 some input invalid, 2 usage error (or
// unreadable standard input), 3 internal error, 4 standard output could not be written (src/cli/io.ts
// EXIT_OUTPUT), 130 interrupted (SIGINT) and 143 terminated (SIGTERM) during a batch.
import { Command, CommanderError } from "commander";
import { COMMANDS } from "./commands";
import { packageVersion } from "./version";
import { availableSpecIds, specs } from "../revisions";
import { BatchWorkerError } from "./batch-supervisor";
import { EXIT_USAGE, EXIT_VALID, InputError, Interrupted, processIo, UsageError, type Io } from "./io";

export { handleStandardStreams } from "./io";

/** The program's one-line description, from the registry: its years and every revision. */
export function programDescription(): string {
  const all = specs();
  const years = all.map((s) => s.date.slice(0, 4));
  return `Check URLs and URIs against the grammars of ${years[0]}-${years[years.length - 1]}: ${all.map((s) => s.id).join(", ")}.`;
}

export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command("uri-grammars")
    .description(programDescription())
    .version(packageVersion(), "-V, --version", "print the version of uri-grammars")
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
  for (const register of COMMANDS) register(program, { io, setExit });
  return program;
}


/**
 * Revision ids on the command line are taken in any case (issue 41 item 7: `--spec RFC3986` got a
 * suggestion and a refusal): the values of --spec and --specs (`--spec X`, `--spec=X`, a
 * comma-separated list) that are a revision's id but for case become that id. Arguments after "--"
 * are inputs and stay as they are; an id that matches none is left for the usual error.
 */
export function specIdsInAnyCase(argv: readonly string[]): string[] {
  const ids = new Map(availableSpecIds().map((id) => [id.toLowerCase(), id]));
  const canonical = (list: string) => list.split(",").map((x) => ids.get(x.trim().toLowerCase()) ?? x).join(",");
  const out: string[] = [];
  let inputs = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (inputs || a === "--") {
      inputs = true;
      out.push(a);
      continue;
    }
    const eq = /^(--specs?)=(.*)$/s.exec(a);
    if (eq) out.push(`${eq[1]}=${canonical(eq[2]!)}`);
    else if ((a === "--spec" || a === "--specs") && i + 1 < argv.length) out.push(a, canonical(argv[++i]!));
    else out.push(a);
  }
  return out;
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit status. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  let code = EXIT_VALID;
  const program = buildProgram(io, (c) => (code = c));
  program.exitOverride();
  // A command answers every input it is given, or refuses the extra ones (exit 2): `parse a b`
  // and `explain a b` take one input, and would otherwise answer only the first.
  for (const sub of program.commands) sub.exitOverride().allowExcessArguments(false);
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT_USAGE;
    }
    await program.parseAsync(specIdsInAnyCase(argv), { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === "commander.helpDisplayed" || e.code === "commander.help" || e.code === "commander.version") return EXIT_VALID;
      // An input that starts with "-" is read as an option: say how to pass it (POSIX guideline 10).
      if (e.code === "commander.unknownOption") io.err(`uri-grammars: an input that starts with "-" is read as an option; put "--" before the inputs: uri-grammars ${argv.find((a) => program.commands.some((c) => c.name() === a)) ?? "check"} -- '-a/b'\n`);
      return EXIT_USAGE;
    }
    if (e instanceof UsageError || e instanceof InputError) {
      io.err(`uri-grammars: ${e.message}\n`);
      return EXIT_USAGE;
    }
    if (e instanceof Interrupted) return e.exitCode;
    if (e instanceof BatchWorkerError) {
      io.err(`uri-grammars: internal error: ${e.message}\n`);
      return 3;
    }
    throw e;
  }
}
