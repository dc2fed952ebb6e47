// What a command needs from the process: output with back-pressure, error output, standard input,
// and a way to set the exit status. Tests pass their own.
export interface Io {
  out(text: string): Promise<void> | void;
  err(text: string): void;
  stdin: NodeJS.ReadableStream;
}

export const EXIT_VALID = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/** A usage error found after option parsing (unknown spec or rule): exit status 2. */
export class UsageError extends Error {}

/** Standard input could not be read (a batch answers the lines read before, then exits 2 with this message). */
export class InputError extends Error {}

/** SIGINT (exit status 130 = 128 + 2) or SIGTERM (143 = 128 + 15) stopped a batch: nothing more written. */
export class Interrupted extends Error {
  constructor(readonly signal: "SIGINT" | "SIGTERM" = "SIGINT") {
    super(signal === "SIGINT" ? "interrupted" : "terminated");
  }
  get exitCode(): number {
    return this.signal === "SIGINT" ? EXIT_INTERRUPTED : EXIT_TERMINATED;
  }
}
export const EXIT_INTERRUPTED = 130;
export const EXIT_TERMINATED = 143;

/**
 * Standard output could not be written (a full disk: ENOSPC; an I/O error; a file too large): one
 * line on standard error and this exit status, also with --exit-zero. Not 1 ("some input invalid"),
 * not 3 (an internal error). A reader that went away (EPIPE, `... | head -1`) is no error: the run
 * ends quietly.
 */
export const EXIT_OUTPUT = 4;

/** The one line said when standard output cannot be written. */
export function outputErrorMessage(err: unknown): string {
  const e = err as Partial<NodeJS.ErrnoException> | null;
  const code = typeof e?.code === "string" ? e.code : null;
  const why = code === "ENOSPC" ? "no space left on the device" : code === "EFBIG" ? "the file is too large" : code === "EIO" ? "an input/output error" : typeof e?.message === "string" ? e.message.replace(/^[A-Z]+: /, "").split("\n")[0] : String(err);
  return `uri-grammars: cannot write standard output: ${why}${code ? ` (${code})` : ""}; the answers written before it stand, the rest were not written\n`;
}

/**
 * What the executable (bin/uri-grammars) does when a standard stream fails: a closed standard output
 * (EPIPE) ends the run quietly with the exit status so far (0 unless set); any other write error on
 * standard output is one line on standard error and EXIT_OUTPUT; a failing standard error is
 * ignored (nothing can be said there). process.exit() runs the 'exit' hooks, which stop the batch's
 * child processes (src/cli/batch-supervisor.ts).
 */
export function handleStandardStreams(): void {
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err?.code === "EPIPE") process.exit(process.exitCode ?? 0);
    try {
      process.stderr.write(outputErrorMessage(err));
    } finally {
      process.exit(EXIT_OUTPUT);
    }
  });
  process.stderr.on("error", () => undefined);
}

export interface CommandContext {
  io: Io;
  setExit(code: number): void;
}

export const processIo: Io = {
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
