// The fuzz campaign's entry points: every public function it calls, as adapters in this one file,
// so that a renamed or reshaped API is a one-line change here (the properties in properties.ts
// call only these). Two tables:
//   ENTRY_POINTS  the public functions (parse, validate, format, the flat component view, resolve,
//                 normalize, equivalent, explain, compareInput), one adapter each;
//   RECOGNIZERS   every accept/reject decider of a revision, which must all agree: parse() (the
//                 scanner's DFA and walk), validate() (the DFA alone), peggy's parser of the
//                 grammar. The first row, parse().ok, is the one the others are compared with; a
//                 new engine is one more row.
// Node: the peggy row requires the generated peggy parsers (peggy.ts).
import type { Ast } from "../ast/types";
import { compareInput, explain, type CompareResult, type Explanation } from "../ops";
import { componentsOf, equivalent, format, normalize, resolve, type EquivalentResult, type NormalizationLevel, type NormalizeResult, type ResolveOptions, type ResolveResult, type UriComponents } from "../ops/reference-ops";
import { parse, validate, type ParseResult } from "../parse";
import { peggyParse, type PeggyAnswer } from "./peggy";

export interface EntryPoints {
  parse(input: unknown, spec: string, rule?: string): ParseResult;
  validate(input: unknown, spec: string, rule?: string): boolean;
  /** format() of a parse's AST. */
  format(ast: Ast): string | null;
  /** The flat component view of an input: its five parts (null = absent), or null when the revision has none. */
  components(input: unknown, spec: string): UriComponents | null;
  resolve(base: unknown, reference: unknown, spec: string, options?: Omit<ResolveOptions, "spec">): ResolveResult;
  normalize(input: unknown, spec: string, level?: NormalizationLevel): NormalizeResult;
  equivalent(a: unknown, b: unknown, spec: string, level?: NormalizationLevel): EquivalentResult;
  explain(input: unknown, spec: string): Explanation;
  compareInput(input: unknown, spec: string): CompareResult;
}

/** The names the property table and `--entry` use. */
export type EntryName = keyof EntryPoints;

// The public functions take `unknown` at the API level (a JavaScript caller can pass anything);
// the casts below only silence the declared `string` parameter types.
export const ENTRY_POINTS: EntryPoints = {
  parse: (input, spec, rule) => parse(input, { spec, rule }),
  validate: (input, spec, rule) => validate(input, { spec, rule }),
  format: (ast) => format(ast),
  // componentsOf today; the library's components(input, { spec }) replaces this one line.
  components: (input, spec) => {
    const r = parse(input, { spec });
    return r.ok ? componentsOf(r.ast) : null;
  },
  resolve: (base, reference, spec, options = {}) => resolve(base as string, reference as string, { ...options, spec }),
  normalize: (input, spec, level) => normalize(input as string, { spec, level }),
  equivalent: (a, b, spec, level) => equivalent(a as string, b as string, { spec, level }),
  explain: (input, spec) => explain(input as string, spec),
  compareInput: (input, spec) => compareInput(input as string, [spec]),
};

/**
 * The same public functions with their options argument as a JavaScript caller may pass it (null,
 * a number, an unknown spec ...): `options` is passed as it is. explain() and compareInput() take
 * a spec and a list of specs instead of an options object: an object's `spec` is passed (in a list
 * for compareInput), any other value as it is.
 */
export interface RawEntryPoints {
  parse(input: unknown, options: unknown): unknown;
  validate(input: unknown, options: unknown): unknown;
  resolve(base: unknown, reference: unknown, options: unknown): unknown;
  normalize(input: unknown, options: unknown): unknown;
  equivalent(a: unknown, b: unknown, options: unknown): unknown;
  explain(input: unknown, options: unknown): unknown;
  compareInput(input: unknown, options: unknown): unknown;
}

const specOf = (options: unknown): unknown => (typeof options === "object" && options !== null && "spec" in options ? (options as { spec: unknown }).spec : options);
const specsOf = (options: unknown): unknown => (typeof options === "object" && options !== null && !Array.isArray(options) && "spec" in options ? [(options as { spec: unknown }).spec] : options);

type AnyFunction = (...args: unknown[]) => unknown;
const call = (f: unknown, ...args: unknown[]) => (f as AnyFunction)(...args);

export const RAW_ENTRY_POINTS: RawEntryPoints = {
  parse: (input, options) => call(parse, input, options),
  validate: (input, options) => call(validate, input, options),
  resolve: (base, reference, options) => call(resolve, base, reference, options),
  normalize: (input, options) => call(normalize, input, options),
  equivalent: (a, b, options) => call(equivalent, a, b, options),
  explain: (input, options) => call(explain, input, specOf(options)),
  compareInput: (input, options) => call(compareInput, input, specsOf(options)),
};

export interface Recognizer {
  name: string;
  /** A public function: it must also answer non-string inputs (false). Reference parsers take strings only. */
  api: boolean;
  /** Accept or reject `input` by the revision's default rule (scheme-aware) or `rule`; null when this recognizer does not exist for the revision. */
  accepts(input: unknown, spec: string, rule?: string): boolean | null;
  /** A recognizer that also builds the AST: its verdict and AST (which must be parse()'s); null as for accepts. */
  parse?(input: unknown, spec: string, rule?: string): PeggyAnswer | null;
}

export const RECOGNIZERS: readonly Recognizer[] = [
  { name: "parse", api: true, accepts: (input, spec, rule) => parse(input, { spec, rule }).ok },
  { name: "validate", api: true, accepts: (input, spec, rule) => validate(input, { spec, rule }) },
  // The peggy reference parsers (src/parse.ts), which the regex fast paths are tested against.
  // peggy's parser of the grammar (generated/<spec>.peggy.ts): the reference the scanner is built to agree with.
  { name: "peggy", api: false, accepts: (input, spec, rule) => peggyParse(input, spec, rule)?.ok ?? null, parse: (input, spec, rule) => peggyParse(input, spec, rule) },
];

/** What a campaign calls: the entry points and the recognizers (a planted mistake replaces one of them). */
export interface EntryTable {
  entries: EntryPoints;
  raw: RawEntryPoints;
  recognizers: readonly Recognizer[];
}

export const ENTRY_TABLE: EntryTable = { entries: ENTRY_POINTS, raw: RAW_ENTRY_POINTS, recognizers: RECOGNIZERS };

/** Every name `--entry` accepts: the entry points and the recognizers after the first (the reference). */
export function entryNames(table: EntryTable = ENTRY_TABLE): string[] {
  return [...new Set([...Object.keys(table.entries), ...table.recognizers.slice(1).map((r) => r.name)])];
}
