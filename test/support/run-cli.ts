// Runs the CLI in this process, as the tests of its commands do: the arguments, empty standard
// input, and what it wrote to standard output and standard error with its exit status.
import { PassThrough, Readable } from "node:stream";
import { main } from "../../src/cli/main";
import type { Io } from "../../src/cli/io";

export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdin: new PassThrough() };
  const code = await main(argv, io);
  return { code, out, err };
}

/** runCli() with this standard input (ended after it): for '-' and --input -. */
export async function runCliWithInput(argv: string[], stdin: string | Buffer): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdin: Readable.from([typeof stdin === "string" ? Buffer.from(stdin) : stdin]) };
  const code = await main(argv, io);
  return { code, out, err };
}
