// What the pages ask the explorer's worker (src/web/worker/explorer-worker.ts) and what it answers.
// The worker runs the library (parse, explain, extract, the trace) off the page's thread; the page
// only draws. What crosses is small whatever the input: derivations and component lists are cut to
// what a page can show, and a trace's steps travel as transferred typed arrays.
import type { ComponentValue } from "../../ops/components";
import type { ExtractedReference, ReferenceGroup } from "../../ops/extract";
import type { ConfusionResult } from "../../ops/confusion";
import type { TraceResult } from "./trace";
import type { Expr } from "../../published/model";
import type { LanguageEditResult } from "../../ops/language-edit";
import type { Exercise, ExerciseVerdict } from "./exercises";

/** A derivation node as the playground draws it: one-character rules left out, cut to a node budget. */
export interface ShownNode {
  rule: string;
  start: number;
  end: number;
  children: ShownNode[];
  /** Children left out by the node budget. */
  hidden: number;
}

/** One revision's column of the playground. */
export interface ColumnResult {
  spec: string;
  ok: boolean;
  /** The start rule applied (published name), and the scheme's production where one decided. */
  rule: string | null;
  production: string | null;
  /** The error (invalid input), with the sentence the page shows and the input with a caret. */
  error: { code: string; offset: number | null; sentence: string; caret: string; startRule: string | null } | null;
  /** Components in the first DISPLAY_LIMIT characters, and how many there are in all. */
  components: ComponentValue[];
  componentCount: number;
  /** The derivation (null when the input is too long for one, or invalid). */
  tree: ShownNode | null;
  treeNodes: number;
  treeNote: string | null;
  /** What explain says beyond the error sentence. */
  explain: { valid: boolean; production: string | null; sentence: string | null; notes: string[]; others: string | null; remarks: string[] } | null;
  /**
   * The parser the revision's document defines beside its grammar (Revision.parser: the WHATWG URL
   * parser), on the same input without a base: a row of its own under the column's verdict.
   */
  parser: { label: string; parsed: boolean; validationErrors: string[]; components: string | null } | null;
}

/** The verdict parse() gives, next to a trace. */
export interface ParseVerdict {
  ok: boolean;
  /** Published name of the start rule parse() applied. */
  rule: string | null;
  production: string | null;
  offset: number | null;
  /** The error's rule (published name) and sentence. */
  errorRule: string | null;
  /** The rule explain() names for the error (the one being extended where the input stopped matching), for the trace's error jump. */
  explainRule: string | null;
  message: string | null;
  code: string | null;
}

export type WorkerRequest =
  | { type: "judge"; input: string; rule: string; specs: string[] }
  /** Load the revisions' tables ahead (a spare worker): no answer. */
  | { type: "load"; specs: string[] }
  | { type: "trace"; spec: string; rule: string; input: string }
  | { type: "extract"; text: string; specs: string[]; spec: string; rows: number }
  /** The grammar sandbox: a revision's published grammar with rules rewritten, compared with it (src/ops/language-edit.ts). */
  | { type: "edit"; spec: string; edits: string[]; witnesses: number }
  /** An exercise's answer, checked (lib/exercises.ts): a string, or a choice exercise's alternative (its rule). */
  | { type: "exercise"; exercise: Exercise; answer: string }
  /** References resolved against a base by each revision (src/ops/resolve.ts). */
  | { type: "resolve"; base: string; references: string[]; specs: string[] }
  /** confusion() of every revision, with this browser's URL as a row source. */
  | { type: "confusion"; input: string; specs: string[] };

/** The revisions whose tables a request needs (a spare worker loads them ahead). */
export function requestSpecs(req: WorkerRequest): string[] {
  switch (req.type) {
    case "trace":
      return [req.spec];
    case "edit":
      return [];
    case "exercise":
      return [...new Set(req.exercise.constraints.map((c) => c.spec))];
    default:
      return req.specs;
  }
}

/** The sandbox's answer: languageEdit()'s, and the edited rules' expressions (the diagrams redrawn). */
export interface EditAnswer {
  result: LanguageEditResult;
  exprs: { name: string; expr: Expr }[];
}

/**
 * Every reference resolved by every revision, in a shape that crosses to the page in one piece
 * (10,000 references by 12 revisions as arrays of strings took the page's thread about 100 ms to
 * receive): per revision (in the order asked), its results' texts one after another in one string,
 * where each ends (`ends[j][k]`), and per reference and revision whether it is an error
 * (`errors[k * revisions + j]`). resolvedText() and resolvedError() read them.
 */
export interface ResolveAnswer {
  columns: string[];
  ends: Uint32Array[];
  errors: Uint8Array;
  /** How many references the revisions resolve differently. */
  differing: number;
  milliseconds: number;
}

/** Reference k's result under revision j (its index in the order asked). */
export function resolvedText(a: ResolveAnswer, k: number, j: number): string {
  const ends = a.ends[j]!;
  return a.columns[j]!.slice(k === 0 ? 0 : ends[k - 1], ends[k]);
}

/** Whether reference k's result under revision j is an error. */
export function resolvedError(a: ResolveAnswer, k: number, j: number): boolean {
  return a.errors[k * a.columns.length + j] === 1;
}

export interface TraceAnswer {
  /** The start rule as asked (published name) or parse()'s default, with its peggy name. */
  startRule: string | null;
  startPeg: string | null;
  production: string | null;
  /** The input was longer than TRACE_INPUT_LIMIT: no trace. */
  tooLong: boolean;
  trace: TraceResult | null;
  parse: ParseVerdict;
  /** Why there is no trace (unknown rule, unknown revision). */
  problem: string | null;
}

export interface ExtractAnswer {
  ok: boolean;
  message: string | null;
  specs: string[];
  /** Every place (all revisions together): how many, and how many differ. */
  places: number;
  differing: number;
  /** The highlighted revision's references: where each is, and its verdict (1 valid, 0 invalid, -1 unchecked). */
  marks: { start: number; end: number; referenceStart: number; referenceEnd: number; valid: number; title: string }[];
  /** The first `rows` places of the table. */
  groups: ReferenceGroup[];
  /** The highlighted revision: how many references, how many valid. */
  found: number;
  valid: number;
}

export type WorkerAnswer =
  | { id: number; type: "column"; column: ColumnResult }
  | { id: number; type: "done"; trace?: TraceAnswer; extract?: ExtractAnswer; edit?: EditAnswer; exercise?: ExerciseVerdict; resolve?: ResolveAnswer; confusion?: ConfusionResult | { ok: false; message: string } }
  | { id: number; type: "failed"; message: string };

export type { ExtractedReference };
