// What the site build precomputes for the browser (scripts/build-site.mjs writes data/<spec>.json,
// data/appendix-c.json and data/extract-examples.json): what only the build can read, the grammar files themselves.
import type { PublishedGrammar } from "../../published/model";

/** A PEG expression, as scripts/site/peg-rules.mjs writes it from peggy's grammar AST. */
export type PegExpr =
  | { t: "seq"; items: PegExpr[] }
  | { t: "choice"; items: PegExpr[] }
  | { t: "opt"; e: PegExpr }
  | { t: "star"; e: PegExpr }
  | { t: "plus"; e: PegExpr }
  | { t: "rep"; min: number; max: number | null; e: PegExpr }
  | { t: "and"; e: PegExpr }
  | { t: "not"; e: PegExpr }
  | { t: "lit"; v: string; i: boolean }
  | { t: "class"; parts: (string | [string, string])[]; inv: boolean; i: boolean }
  | { t: "any" }
  | { t: "ref"; name: string };

export interface PegRule {
  expr: PegExpr;
  /** The rule exactly as it stands in grammar/<spec>.peggy. */
  source: string;
  line: number;
  /** Peggy names of the rules it refers to, in order of first use. */
  uses: string[];
}

export interface RevisionData {
  spec: string;
  peggyFile: string;
  publishedFile: string | null;
  /** The grammar as published, read by its notation's reader (null when there is no file). */
  published: PublishedGrammar | null;
  peg: Record<string, PegRule>;
}

export interface AppendixC {
  base: string;
  tables: { spec: string; file: string }[];
  /** `algorithm` and `note`: where the document's own algorithm does not give what it prints (test table's column). */
  references: { reference: string; printed: Record<string, { answer: string; section: string; algorithm?: string; note?: string }> }[];
}

/** The extract page's example texts (the documents' and our edge cases). */
export interface ExtractExamples {
  examples: { id: string; kind: "document" | "own"; text: string; source: string; file: string }[];
}

const cache = new Map<string, Promise<unknown>>();

function loadJson<T>(path: string): Promise<T> {
  let p = cache.get(path);
  if (!p) {
    p = fetch(path).then((r) => {
      if (!r.ok) throw new Error(`${path}: ${r.status} ${r.statusText}`);
      return r.json();
    });
    cache.set(path, p);
  }
  return p as Promise<T>;
}

export function loadRevisionData(spec: string): Promise<RevisionData> {
  return loadJson<RevisionData>(`data/${encodeURIComponent(spec)}.json`);
}

export function loadAppendixC(): Promise<AppendixC> {
  return loadJson<AppendixC>("data/appendix-c.json");
}

export function loadExtractExamples(): Promise<ExtractExamples> {
  return loadJson<ExtractExamples>("data/extract-examples.json");
}
