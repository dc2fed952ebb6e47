// The fuzz campaign's entry points: every public function it calls, as adapters in this one file,
// so that a renamed or reshaped API is a one-line change here (the properties in properties.ts
// call only these). They come from the package's entry (src/index.ts), as a user gets them. Tables:
//   ENTRY_POINTS      the public functions (parse, validate, format, components, resolve,
//                     normalize, equivalent, explain, compareInput), one adapter each;
//   RAW_ENTRY_POINTS  the same functions called with an options argument as a JavaScript caller
//                     may pass it (null, a number, an unknown spec ...);
//   RECOGNIZERS       every accept/reject decider of a revision, which must all agree: parse() (the
//                     scanner's DFA and walk), validate() (the DFA alone), peggy's parser of the
//                     grammar. The first row, parse().ok, is the one the others are compared with;
//                     a new engine is one more row.
// Node: the peggy row requires the generated peggy parsers (peggy.ts).
import {
  compareInput, components, equivalent, explain, format, normalize, parse, resolve, validate,
  type Ast, type CompareResult, type Components, type ComponentsResult, type EquivalentResult, type ExplainResult, type NormalizationLevel,
  type NormalizeResult, type ParseResult, type ResolveOptions, type ResolveResult, type SpecId, type UsageFailure,
} from "../../src";
import { peggyParse, type PeggyAnswer } from "./peggy";

export interface EntryPoints {
  parse(input: unknown, spec: string, rule?: string): ParseResult<SpecId, boolean, string>;
  validate(input: unknown, spec: string, rule?: string): boolean;
  /** format() of a parse's AST or of components()'s answer. */
  format(x: Ast | Components): string | null;
  /** components(input, { spec }): the flat component view, or parse()'s error value. */
  components(input: unknown, spec: string): ComponentsResult;
  resolve(base: unknown, reference: unknown, spec: string, options?: Omit<ResolveOptions, "spec">): ResolveResult;
  normalize(input: unknown, spec: string, level?: NormalizationLevel): NormalizeResult;
  equivalent(a: unknown, b: unknown, spec: string, level?: NormalizationLevel): EquivalentResult;
  explain(input: unknown, spec: string): ExplainResult;
  /** compareInput(input, { specs: [spec] }): one cell, or parse()'s error value. */
  compareInput(input: unknown, spec: string): CompareResult | UsageFailure;
}

/** The names the property table and `--entry` use. */
export type EntryName = keyof EntryPoints;

/**
 * The campaign's revision ids come from availableSpecIds() (a regression row's are checked against
 * it by its test), so they are SpecIds; the typed API asks for the narrower type.
 */
const id = (spec: string) => spec as SpecId;

export const ENTRY_POINTS: EntryPoints = {
  parse: (input, spec, rule) => parse(input, { spec: id(spec), rule }),
  validate: (input, spec, rule) => validate(input, { spec: id(spec), rule }),
  format: (x) => format(x),
  components: (input, spec) => components(input, { spec: id(spec) }),
  resolve: (base, reference, spec, options = {}) => resolve(base, reference, { ...options, spec: id(spec) }),
  normalize: (input, spec, level) => normalize(input, { spec: id(spec), level }),
  equivalent: (a, b, spec, level) => equivalent(a, b, { spec: id(spec), level }),
  explain: (input, spec) => explain(input, { spec: id(spec) }),
  compareInput: (input, spec) => compareInput(input, { specs: [id(spec)] }),
};

/** The public functions that take an options object, with `options` passed as it is. */
export interface RawEntryPoints {
  parse(input: unknown, options: unknown): unknown;
  validate(input: unknown, options: unknown): unknown;
  components(input: unknown, options: unknown): unknown;
  resolve(base: unknown, reference: unknown, options: unknown): unknown;
  normalize(input: unknown, options: unknown): unknown;
  equivalent(a: unknown, b: unknown, options: unknown): unknown;
  explain(input: unknown, options: unknown): unknown;
  compareInput(input: unknown, options: unknown): unknown;
}

type AnyFunction = (...args: unknown[]) => unknown;
const call = (f: unknown, ...args: unknown[]) => (f as AnyFunction)(...args);

export const RAW_ENTRY_POINTS: RawEntryPoints = {
  parse: (input, options) => call(parse, input, options),
  validate: (input, options) => call(validate, input, options),
  components: (input, options) => call(components, input, options),
  resolve: (base, reference, options) => call(resolve, base, reference, options),
  normalize: (input, options) => call(normalize, input, options),
  equivalent: (a, b, options) => call(equivalent, a, b, options),
  explain: (input, options) => call(explain, input, options),
  compareInput: (input, options) => call(compareInput, input, options),
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
  { name: "parse", api: true, accepts: (input, spec, rule) => parse(input, { spec: id(spec), rule }).ok },
  { name: "validate", api: true, accepts: (input, spec, rule) => validate(input, { spec: id(spec), rule }) },
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
