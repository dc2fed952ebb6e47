// What the fuzz sources draw from, read from the repository (Node): the real-world corpus
// (test/data/corpora/real-world.txt), the bases and references of the resolution tables
// (test/data/resolution/*.tsv), and each revision's published grammar (grammar/<spec>/published.*).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPublishedGrammar } from "../../src/published";
import { findPublishedRule } from "../../src/published/model";
import { getRevision } from "../../src/revisions";
import type { InputData } from "./inputs";

/** The repository root (this file runs from dist/test/fuzz/). */
export const REPO_ROOT = join(__dirname, "..", "..", "..");
export const CORPUS_FILE = join(REPO_ROOT, "test", "data", "corpora", "real-world.txt");
export const RESOLUTION_DIR = join(REPO_ROOT, "test", "data", "resolution");
export const REGRESSION_FILE = join(REPO_ROOT, "test", "data", "fuzz", "regressions.tsv");

let corpus: string[] | null = null;
let tables: { bases: string[]; references: string[] } | null = null;

function readCorpus(): string[] {
  if (!corpus) corpus = readFileSync(CORPUS_FILE, "utf8").split("\n").map((l) => l.replace(/\r$/, "")).filter((l) => l !== "");
  return corpus;
}

/** Every base and reference of the resolution tables (a JSON field when quoted), without the "(...)" answers. */
function readResolutionTables(): { bases: string[]; references: string[] } {
  if (tables) return tables;
  const bases = new Set<string>();
  const references = new Set<string>();
  const field = (s: string) => (s.startsWith('"') ? (JSON.parse(s) as string) : s);
  for (const file of readdirSync(RESOLUTION_DIR).filter((f) => f.endsWith(".tsv")).sort()) {
    for (const raw of readFileSync(join(RESOLUTION_DIR, file), "utf8").split("\n")) {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "" || line.startsWith("#")) continue;
      const cols = line.split("\t");
      // appendix-c-*.tsv and own-cases.tsv: spec mode base reference ...; differences-1997-2003.tsv: reference ...
      if (cols.length >= 8) {
        bases.add(field(cols[2]));
        references.add(field(cols[3]));
      } else references.add(field(cols[0]));
    }
  }
  tables = { bases: [...bases].sort(), references: [...references].sort() };
  return tables;
}

/** The sources' data for one revision. */
export function inputData(spec: string): InputData {
  const revision = getRevision(spec);
  if (!revision) throw new Error(`unknown revision ${spec}`);
  const read = loadPublishedGrammar(spec);
  const grammar = read && read.ok && findPublishedRule(read.grammar, revision.topRule) ? read.grammar : null;
  const rules = grammar
    ? revision.rules.filter((r) => r.kind !== "helper" && r.published !== null && r.published !== revision.topRule && findPublishedRule(grammar, r.published)).map((r) => r.published!)
    : [];
  const { bases, references } = readResolutionTables();
  return { grammar, topRule: revision.topRule, rules, corpus: readCorpus(), bases, references };
}
