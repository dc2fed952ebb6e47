// The reader of each notation, by the extension of a `published.<notation>` file
// (grammar/<spec>/published.abnf ...): the one table of notations, which the file-reading loader
// (./index.ts) and the grammar sandbox (./edit.ts, which reads a grammar and its edits from text in
// the browser too) share. A new notation is a reader and one line here.
import type { ReadResult } from "./model";
import { readAbnf } from "./read-abnf";
import { readAdhocBnf } from "./read-adhoc-bnf";
import { readRfc822Bnf } from "./read-rfc822-bnf";

export type Reader = (source: string, file: string, spec: string) => ReadResult;

/** The reader of each notation, by the extension of a `published.<notation>` file. */
export const READERS: Readonly<Record<string, Reader>> = {
  /** RFC 2234 ABNF (draft-2003, RFC 3986 ...). */
  abnf: readAbnf,
  /** RFC 822-style BNF with "|" (RFC 1738, draft-1997, RFC 2396 ...). */
  bnf: readRfc822Bnf,
  /** The ad-hoc BNF of the 1993 and 1994 drafts and RFC 1630. */
  "adhoc-bnf": readAdhocBnf,
};

/** The notation of a published-grammar file, by its name (`grammar/rfc3986/published.abnf` -> `abnf`), when a reader knows it. */
export function notationOfFile(file: string): string | null {
  const m = /(?:^|\/)published\.([a-z0-9-]+)$/.exec(file);
  return m && Object.prototype.hasOwnProperty.call(READERS, m[1]!) ? m[1]! : null;
}
