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

/** SIGINT stopped a batch: exit status 130 (128 + SIGINT), nothing more written. */
export class Interrupted extends Error {}
export const EXIT_INTERRUPTED = 130;

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
