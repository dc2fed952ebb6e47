// What the site build precomputes for the browser (scripts/build-site.mjs writes data/<spec>.json,
// data/appendix-c.json and data/extract-examples.json): what only the build can read, the grammar files themselves.
import type { PublishedGrammar } from "../../published/model";

/**
 * A PEG expression, as scripts/site/peg-rules.mjs writes it from peggy's grammar AST. `at`: its
 * offsets in the .peggy file (the outermost peggy node it stands for, parentheses included).
 */
export type PegExpr = PegNode & { at: [number, number] };

type PegNode =
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
  /** The rule exactly as it stands in grammar/<spec>/grammar.peggy. */
  source: string;
  line: number;
  /** The rule's offsets in the .peggy file (its name included). */
  at: [number, number];
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
  /** Per rule (peggy name), an input it accepts (scripts/site/rule-examples.mjs); missing when none was found. */
  examples: Record<string, string>;
  /** Where the seed is a translation (RFC 1738): each rule's lines in the original document, by peggy name. */
  original: { file: string; rules: Record<string, string[]> } | null;
}

export interface AppendixC {
  base: string;
  /** Each document's table of printed answers, and what it is called there (Appendix C, §5.4). */
  tables: { spec: string; file: string; label: string }[];
  /** `algorithm` and `note`: where the document's own algorithm does not give what it prints (test table's column). */
  references: { reference: string; printed: Record<string, { answer: string; section: string; algorithm?: string; note?: string }> }[];
  /** Documents whose examples have a base of their own (RFC 1630's Partial form): one set each. */
  others?: Omit<AppendixC, "others">[];
}

/** The extract page's example texts (the documents' and our edge cases). */
export interface ExtractExamples {
  examples: { id: string; kind: "document" | "own"; text: string; source: string; file: string }[];
}

const cache = new Map<string, Promise<unknown>>();

/**
 * The address of a file of the site's data/ folder: relative to the page, or, in the worker (whose
 * own address is assets/worker.js), to the folder above it.
 */
function dataUrl(path: string): string {
  return typeof document === "undefined" ? new URL(`../${path}`, self.location.href).href : path;
}

function loadJson<T>(path: string): Promise<T> {
  let p = cache.get(path);
  if (!p) {
    p = fetch(dataUrl(path)).then((r) => {
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

/** The exercises, expanded from their templates by the site build (scripts/site/exercises.mjs). */
export function loadExercises(): Promise<import("./exercises").ExerciseSet> {
  return loadJson<import("./exercises").ExerciseSet>("data/exercises.json");
}

/** The confusion page's examples (test/data/confusion/published.tsv). */
export interface ConfusionExamples {
  examples: { input: string; sourceClass: string; source: string; readIn: string; note: string }[];
  file: string;
}

export function loadConfusionExamples(): Promise<ConfusionExamples> {
  return loadJson<ConfusionExamples>("data/confusion-examples.json");
}

export function loadExtractExamples(): Promise<ExtractExamples> {
  return loadJson<ExtractExamples>("data/extract-examples.json");
}

/** A piece of a document as the page shows it (scripts/site/documents.mjs documentBlocks): offsets into its text. */
export type DocumentBlock =
  | { kind: "h"; level: number; id: string; label: string; start: number; end: number }
  | { kind: "pre" | "p"; start: number; end: number }
  | { kind: "page"; n: number; start: number; end: number };

/** One document's text, and where each rule (published name) and each cited section stands in it. */
export interface DocumentText {
  title: string;
  /** Where the build read it, relative to the repository. */
  file: string;
  text: string;
  rules: Record<string, [number, number]>;
  sections: Record<string, number>;
  /** The text in headings, paragraphs and page breaks. */
  blocks: DocumentBlock[];
  /** The heading (its id) each cited section begins at. */
  sectionIds: Record<string, string>;
}

/**
 * A revision's document (scripts/site/documents.mjs), and for RFC 1738 the original English next to
 * the seed's translation; for a revision that keeps an earlier RFC's rules (rfc6874), that RFC.
 */
export interface RevisionDocuments extends DocumentText {
  spec: string;
  /** The seed lost its line breaks (its paragraphs are where its sections begin). */
  flattened: boolean;
  /** The seed is a translation: into which language (the original is `original`). */
  translation: string | null;
  original: DocumentText | null;
  /** The earlier RFCs whose rules the revision keeps (rfc6874: RFC 3986; rfc8089: RFC 6874 and RFC 3986), each shown beside its document. */
  borrowed?: DocumentText[];
}

/** Which revisions' documents the build found. */
export function loadDocumentIndex(): Promise<Record<string, boolean>> {
  return loadJson<Record<string, boolean>>("data/docs/index.json");
}

export function loadDocuments(spec: string): Promise<RevisionDocuments> {
  return loadJson<RevisionDocuments>(`data/docs/${encodeURIComponent(spec)}.json`);
}
