// The fuzz campaign's entry points: every public function it calls, as adapters in this one file,
// so that a renamed or reshaped API is a one-line change here (the properties in properties.ts
// call only these). They come from the package's entry (src/index.ts), as a user gets them. Tables:
//   ENTRY_POINTS      the public functions (parse, validate, format, components, check, lint,
//                     resolve, normalize, equivalent, explain (also with the parsed and others a
//                     caller passes), compareInput, and the input as a text for extract,
//                     createExtractor, extractAllSpecs and createMultiExtractor), one adapter each;
//   RAW_ENTRY_POINTS  every export that takes options (those, characterTable, toURI, toIRI,
//                     encodeComponent, decodeComponent, and format, buildReference (the value as
//                     its parts), diffSpecs, delimitingRules, isSpecId with the value in the options' place),
//                     called with an options argument as a JavaScript caller may pass it (null, a
//                     number, an unknown spec, a string for a list, a Symbol, a getter that throws ...);
//   (extractChunks is asynchronous: test/api-options.test.ts checks it);
//   RECOGNIZERS       every accept/reject decider of a revision, which must all agree: parse() (the
//                     scanner's DFA and walk), validate() (the DFA alone), peggy's parser of the
//                     grammar. The first row, parse().ok, is the one the others are compared with;
//                     a new engine is one more row.
// Node: the peggy row requires the generated peggy parsers (peggy.ts).
import {
  buildReference, characterTable, check, decodeComponent, encodeComponent, toIRI, toURI, compareInput, components, createExtractor, createMultiExtractor, delimitingRules, diffSpecs, equivalent, explain, extract, extractAllSpecs,
  format, isSpecId, lint, normalize, parse, resolve, validate,
  type Ast, type CheckResult, type CompareResult, type Components, type ComponentsResult, type EquivalentResult, type ExplainResult, type ExtractedReference,
  type LintResult, type NormalizationLevel, type NormalizeResult, type OtherVerdict, type ParseError, type ParseResult, type ReferenceGroup, type ResolveOptions,
  type ResolveResult, type SpecId, type UsageFailure,
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
  /** check(input, { spec, rule }): no policies, so `valid` is the grammar's verdict. */
  check(input: unknown, spec: string, rule?: string): CheckResult;
  lint(input: unknown, spec: string): LintResult;
  /** parse(input, { spec, tree: true }): what a caller passes to explain() as `parsed`. */
  parseTree(input: unknown, spec: string): ParseResult;
  /** explain(input, { spec, parsed, others }) with what a caller who has them passes. */
  explainGiven(input: unknown, spec: string, parsed: unknown, others: unknown): ExplainResult;
  /** extract(input, { spec }): the input as a text. */
  extract(text: unknown, spec: string): ExtractAnswer;
  /** createExtractor({ spec }) with the text pushed in pieces of `chunk` characters, then end(). */
  createExtractor(text: unknown, spec: string, chunk: number): ExtractAnswer;
  /** extractAllSpecs(input, { specs: [spec, DEFAULT_SPEC] }). */
  extractAllSpecs(text: unknown, spec: string): GroupsAnswer;
  /** createMultiExtractor({ specs: [spec, DEFAULT_SPEC] }) with the text pushed in pieces of `chunk` characters. */
  createMultiExtractor(text: unknown, spec: string, chunk: number): GroupsAnswer;
}

/** What the extractors found in a text, or their error value. */
export type ExtractAnswer = { ok: true; references: ExtractedReference[] } | { ok: false; error: ParseError };
export type GroupsAnswer = { ok: true; groups: ReferenceGroup[] } | { ok: false; error: ParseError };

/** The names the property table and `--entry` use. */
export type EntryName = keyof EntryPoints;

/**
 * The campaign's revision ids come from availableSpecIds() (a regression row's are checked against
 * it by its test), so they are SpecIds; the typed API asks for the narrower type.
 */
const id = (spec: string) => spec as SpecId;
const DEFAULT: SpecId = "draft-2003";

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
  check: (input, spec, rule) => check(input, { spec: id(spec), rule }),
  lint: (input, spec) => lint(input, { spec: id(spec) }),
  parseTree: (input, spec) => parse(input, { spec: id(spec), tree: true }),
  explainGiven: (input, spec, parsed, others) => explain(input, { spec: id(spec), parsed: parsed as ParseResult, others: others as OtherVerdict[] }),
  extract: (text, spec) => extract(text, { spec: id(spec) }),
  createExtractor: (text, spec, chunk) => {
    const c = createExtractor({ spec: id(spec) });
    if (!c.ok) return c;
    const references: ExtractedReference[] = [];
    const whole = typeof text === "string" ? text : null;
    if (whole === null) references.push(...c.extractor.push(text as string));
    else for (let i = 0; i < whole.length; i += chunk) references.push(...c.extractor.push(whole.slice(i, i + chunk)));
    references.push(...c.extractor.end());
    return c.extractor.error ? { ok: false, error: c.extractor.error } : { ok: true, references };
  },
  extractAllSpecs: (text, spec) => extractAllSpecs(text, { specs: [...new Set([id(spec), DEFAULT])] }),
  createMultiExtractor: (text, spec, chunk) => {
    const m = createMultiExtractor({ specs: [...new Set([id(spec), DEFAULT])] });
    if (!m.ok) return m;
    if (typeof text !== "string") return { ok: true, groups: [...m.extractor.push(text as string), ...m.extractor.end()] };
    const groups: ReferenceGroup[] = [];
    for (let i = 0; i < text.length; i += chunk) groups.push(...m.extractor.push(text.slice(i, i + chunk)));
    groups.push(...m.extractor.end());
    return { ok: true, groups };
  },
};

/** The public functions that take an options object, with `options` passed as it is (the extractors also run on the input). */
export interface RawEntryPoints {
  parse(input: unknown, options: unknown): unknown;
  validate(input: unknown, options: unknown): unknown;
  components(input: unknown, options: unknown): unknown;
  check(input: unknown, options: unknown): unknown;
  lint(input: unknown, options: unknown): unknown;
  resolve(base: unknown, reference: unknown, options: unknown): unknown;
  normalize(input: unknown, options: unknown): unknown;
  equivalent(a: unknown, b: unknown, options: unknown): unknown;
  explain(input: unknown, options: unknown): unknown;
  compareInput(input: unknown, options: unknown): unknown;
  characterTable(options: unknown): unknown;
  extract(text: unknown, options: unknown): unknown;
  createExtractor(text: unknown, options: unknown): unknown;
  extractAllSpecs(text: unknown, options: unknown): unknown;
  createMultiExtractor(text: unknown, options: unknown): unknown;
  toURI(input: unknown, options: unknown): unknown;
  toIRI(input: unknown, options: unknown): unknown;
  encodeComponent(input: unknown, options: unknown): unknown;
  decodeComponent(input: unknown, options: unknown): unknown;
  /** The exports that take a value, not options: the options value in its place. */
  format(value: unknown): unknown;
  /** buildReference() with the options value as its parts (its list-valued `path` among them). */
  buildReference(value: unknown): unknown;
  diffSpecs(value: unknown): unknown;
  delimitingRules(value: unknown): unknown;
  isSpecId(value: unknown): unknown;
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
  check: (input, options) => call(check, input, options),
  lint: (input, options) => call(lint, input, options),
  characterTable: (options) => call(characterTable, options),
  extract: (text, options) => call(extract, text, options),
  createExtractor: (text, options) => {
    const c = call(createExtractor, options) as ReturnType<typeof createExtractor>;
    if (c.ok) c.extractor.push(text as string), c.extractor.end();
    return c;
  },
  extractAllSpecs: (text, options) => call(extractAllSpecs, text, options),
  createMultiExtractor: (text, options) => {
    const m = call(createMultiExtractor, options) as ReturnType<typeof createMultiExtractor>;
    if (m.ok) m.extractor.push(text as string), m.extractor.end();
    return m;
  },
  toURI: (input, options) => call(toURI, input, options),
  toIRI: (input, options) => call(toIRI, input, options),
  encodeComponent: (input, options) => call(encodeComponent, input, options),
  decodeComponent: (input, options) => call(decodeComponent, input, options),
  format: (value) => call(format, value),
  buildReference: (value) => call(buildReference, value),
  diffSpecs: (value) => call(diffSpecs, value, DEFAULT),
  delimitingRules: (value) => call(delimitingRules, value),
  isSpecId: (value) => call(isSpecId, value),
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
