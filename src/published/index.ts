// The published grammars: each revision's folder holds its grammar as the document publishes it,
// `grammar/<spec>/published.<notation>`, whose extension names the reader of its notation (a new
// revision adds its file, nothing here). An amendment's file may be a delta of its base's
// (`@amends`, read-published.ts composes it).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReadResult } from "./model";
import { composePublished } from "./compose";
import { READERS, type Reader } from "./readers";

export { READERS, type Reader } from "./readers";

/** A revision's published-grammar file (relative to grammar/) and its notation, or undefined when it has none. */
export function publishedGrammarFile(spec: string): { file: string; notation: string; read: Reader } | undefined {
  const dir = join(GRAMMAR_DIR, spec);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(spec) || !existsSync(dir)) return undefined;
  const files = readdirSync(dir).filter((f) => f.startsWith("published."));
  if (files.length !== 1) return undefined;
  const notation = files[0]!.slice("published.".length);
  const read = READERS[notation];
  return read === undefined ? undefined : { file: `${spec}/${files[0]}`, notation, read };
}

/** grammar/ at the repository root, which the package ships too (this file runs from dist/src/published/). */
export const GRAMMAR_DIR = join(__dirname, "..", "..", "..", "grammar");

/**
 * The PEG transcription of a revision as the build composed it (generated/<spec>.composed.peggy, copied to
 * dist/generated/: an amendment spliced into its base, scripts/revisions.mjs), or undefined.
 */
export function pegGrammarSource(spec: string): string | undefined {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(spec)) return undefined;
  try {
    return readFileSync(join(__dirname, "..", "..", "generated", `${spec}.composed.peggy`), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * A rule's definition in a revision's PEG transcription: the file and line where it is written
 * (an amendment's composed text names them, `// @origin FILE:LINE`; otherwise the revision's own
 * grammar/<spec>/grammar.peggy) and its lines, from the name line up to a blank line.
 */
export function pegRuleText(spec: string, pegName: string): { file: string; line: number; text: string[] } | null {
  const source = pegGrammarSource(spec);
  if (source === undefined) return null;
  const lines = source.split(/\r?\n/);
  const start = lines.findIndex((l) => l.startsWith(pegName) && !/[A-Za-z0-9_]/.test(l.charAt(pegName.length)));
  if (start < 0) return null;
  const text: string[] = [];
  for (let i = start; i < lines.length && lines[i]!.trim() !== "" && !lines[i]!.startsWith("//"); i++) text.push(lines[i]!);
  let origin: RegExpExecArray | null = null;
  for (let i = start - 1; i >= 0 && lines[i]!.startsWith("//") && origin === null; i--) origin = /^\/\/ @origin (\S+):(\d+)$/.exec(lines[i]!);
  return origin ? { file: origin[1]!, line: Number(origin[2]), text } : { file: `grammar/${spec}/grammar.peggy`, line: start + 1, text };
}

const cache = new Map<string, ReadResult>();

/** Reads (once) the published grammar of a revision; undefined when the revision has none yet. */
export function loadPublishedGrammar(spec: string): ReadResult | undefined {
  const entry = publishedGrammarFile(spec);
  if (!entry) return undefined;
  let r = cache.get(spec);
  if (!r) {
    const rel = `grammar/${entry.file}`;
    let source: string;
    try {
      source = readFileSync(join(GRAMMAR_DIR, entry.file), "utf8");
    } catch (e) {
      return { ok: false, errors: [`${rel}: ${(e as Error).message}`] };
    }
    r = composePublished(entry.read(source, rel, spec), source, rel, loadPublishedGrammar);
    cache.set(spec, r);
  }
  return r;
}

export * from "./model";
