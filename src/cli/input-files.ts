// `--input FILE` (repeatable; `-` is standard input): the commands that judge inputs read them from
// files, one input per line, as they read standard input with `-` (the same batch engine, the same
// answers), like ripgrep's and jq's file arguments. Positional inputs stay inputs, never file names.
import { accessSync, constants, createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import { Option, type Command } from "commander";
import { UsageError, type Io } from "./io";

/** Adds --input to a command (its positional inputs become optional: --input can stand for them). */
export function addInputOption(command: Command): Command {
  return command.addOption(
    new Option("--input <file>", "read inputs from FILE, one per line, as with '-' ('-' is standard input); repeatable, read in order").argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
  );
}

/** One byte stream of the files in order; a file that does not end with "\n" gets one, so its last line stays its own. */
function concatenated(files: string[], stdin: NodeJS.ReadableStream): Readable {
  return Readable.from(
    (async function* () {
      for (const file of files) {
        let last = 0x0a;
        for await (const chunk of file === "-" ? stdin : createReadStream(file)) {
          const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
          if (b.length > 0) last = b[b.length - 1];
          yield b;
        }
        if (last !== 0x0a) yield Buffer.from("\n");
      }
    })(),
    { objectMode: false },
  );
}

/**
 * The inputs of a command and the Io to read a batch from: with --input, the files' lines through
 * the batch (inputs become ["-"], standard input the files); without, the positional inputs. A file
 * that cannot be read, inputs given both ways, or none at all: a usage error (exit 2).
 */
export function inputsAndIo(inputs: string[], files: string[] | undefined, io: Io): { inputs: string[]; io: Io } {
  if (files === undefined || files.length === 0) {
    if (inputs.length === 0) throw new UsageError("no input: give the inputs, '-' to read standard input, or --input FILE");
    return { inputs, io };
  }
  if (inputs.length > 0) throw new UsageError(`give the inputs either as arguments or with --input, not both (arguments: ${inputs.map((i) => JSON.stringify(i)).join(" ")})`);
  for (const file of files) {
    if (file === "-") continue;
    try {
      if (statSync(file).isDirectory()) throw new UsageError(`--input ${JSON.stringify(file)}: a directory, not a file`);
      accessSync(file, constants.R_OK);
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`--input ${JSON.stringify(file)}: cannot read it (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
  }
  return { inputs: ["-"], io: { ...io, stdin: concatenated(files, io.stdin) } };
}
