// Reads a stream one line at a time, verbatim: only the line ending ("\n" or "\r\n") is removed;
// spaces, tabs and a lone "\r" inside a line are data. Lines are decoded as UTF-8 (an invalid byte
// becomes U+FFFD, which every grammar rejects, so the line is reported, never dropped). The callback
// is awaited before the next line is handled, so output keeps input order and back-pressure holds.
import { StringDecoder } from "node:string_decoder";

export async function forEachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => Promise<void> | void): Promise<void> {
  let pending: Buffer[] = [];
  const flush = async (end: number, chunk: Buffer, from: number) => {
    pending.push(chunk.subarray(from, end));
    let bytes = Buffer.concat(pending);
    pending = [];
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    await onLine(new StringDecoder("utf8").end(bytes));
  };
  for await (const raw of stream as AsyncIterable<Buffer | string>) {
    const chunk = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
    let from = 0;
    for (let nl = chunk.indexOf(0x0a, from); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
      await flush(nl, chunk, from);
      from = nl + 1;
    }
    if (from < chunk.length) pending.push(chunk.subarray(from));
  }
  if (pending.length > 0) {
    const rest = Buffer.concat(pending);
    pending = [];
    if (rest.length > 0) await flush(rest.length, rest, 0);
  }
}
