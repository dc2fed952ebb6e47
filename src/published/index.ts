// The published grammars, one file per revision under grammar/published/, each with the reader for
// its notation. Adding a revision is one line here (and its file).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReadResult } from "./model";
import { readAbnf } from "./read-abnf";
import { readAdhocBnf } from "./read-adhoc-bnf";
import { readRfc822Bnf } from "./read-rfc822-bnf";

export type Reader = (source: string, file: string, spec: string) => ReadResult;

export const PUBLISHED_GRAMMARS: Readonly<Record<string, { file: string; read: Reader }>> = {
  "draft-1993": { file: "draft-1993.bnf", read: readAdhocBnf },
  "draft-1994": { file: "draft-1994.bnf", read: readAdhocBnf },
  rfc1630: { file: "rfc1630.bnf", read: readAdhocBnf },
  "draft-1997": { file: "draft-1997.bnf", read: readRfc822Bnf },
  rfc2396: { file: "rfc2396.bnf", read: readRfc822Bnf },
  rfc2732: { file: "rfc2732.bnf", read: readRfc822Bnf },
  "draft-2003": { file: "draft-2003.abnf", read: readAbnf },
  rfc3986: { file: "rfc3986.abnf", read: readAbnf },
  rfc3987: { file: "rfc3987.abnf", read: readAbnf },
  rfc6874: { file: "rfc6874.abnf", read: readAbnf },
  rfc1738: { file: "rfc1738.bnf", read: readRfc822Bnf },
  rfc1808: { file: "rfc1808.bnf", read: readRfc822Bnf },
};

/** grammar/ at the repository root (this file runs from dist/src/published/). */
export const GRAMMAR_DIR = join(__dirname, "..", "..", "..", "grammar");

const cache = new Map<string, ReadResult>();

/** Reads (once) the published grammar of a revision; undefined when the revision has none yet. */
export function loadPublishedGrammar(spec: string): ReadResult | undefined {
  const entry = PUBLISHED_GRAMMARS[spec];
  if (!entry) return undefined;
  let r = cache.get(spec);
  if (!r) {
    const rel = `grammar/published/${entry.file}`;
    let source: string;
    try {
      source = readFileSync(join(GRAMMAR_DIR, "published", entry.file), "utf8");
    } catch (e) {
      return { ok: false, errors: [`${rel}: ${(e as Error).message}`] };
    }
    r = entry.read(source, rel, spec);
    cache.set(spec, r);
  }
  return r;
}

export * from "./model";
