// The properties the fuzz campaign checks, as one table. Each row names the entry point it tests
// (entries.ts), what it says, and the context keys it reads. A check returns NOT_APPLICABLE (say, a
// round trip of a rejected input), null (it holds) or a sentence (it does not). Where a property
// cannot hold today for a documented reason, the row carries a named exception with that reason:
// a violation the exception covers is counted under the exception's name in the summary (never
// skipped in silence), and the exception is deleted when the reason goes away.
// Any entry point that throws, in any check, is a violation of its "no-throw" row.
import { availableSpecIds, DEFAULT_SPEC, parse, type ParseError, type AnyParseResult as ParseResult, type ResolveResult } from "../../src";
import { ALWAYS_PLACED_CODES } from "../../src/errors";
import { recombine } from "../../src/ops/format";
import { getRevision, type ResolutionAlgorithm } from "../../src/revisions";
import type { EntryName, EntryTable, ExtractAnswer, GroupsAnswer, RawEntryPoints, Recognizer } from "./entries";
import type { PeggyAnswer } from "./peggy";
import type { CaseContext, FuzzCase } from "./inputs";
import { API_OPTIONS, editedAst, showInput } from "./inputs";

export const NOT_APPLICABLE = Symbol("not applicable");
export type Outcome = null | string | typeof NOT_APPLICABLE;

/** A documented reason a property does not hold yet for some inputs. */
export interface PropertyException {
  name: string;
  reason: string;
  /** Whether this violation is the documented one. */
  covers(run: CaseRun, detail: string): boolean;
}

export interface Property {
  name: string;
  /** The entry point under test (an EntryName or a recognizer's name). */
  entry: string;
  says: string;
  /** Context keys the check reads; "rule": checked under the default rule and again under the case's rule. */
  uses: (keyof CaseContext)[];
  check(run: CaseRun, rule: string | undefined): Outcome;
  exceptions?: PropertyException[];
}

/** A property that did not hold for one case. */
export interface Violation {
  spec: string;
  entry: string;
  property: string;
  detail: string;
  /** The context keys the property read (and the rule, when it ran under one). */
  context: CaseContext;
}

/** A memo key for an input: the case's own input, or another string. */
function inputKey(input: unknown, own: unknown): string {
  return input === own ? "\u0001case" : `\u0002${String(input)}`;
}

/** Thrown by CaseRun.call after an entry point threw: the property cannot be judged. */
class EntryThrew {
  constructor(readonly entry: string) {}
}

/** One case under way: the entry points' answers, memoised, and the throws seen. */
export class CaseRun {
  private readonly memo = new Map<string, { value?: unknown; threw?: string }>();
  /** Per entry point, the first throw: its message and the rule it ran under. */
  readonly thrown = new Map<string, { message: string; rule?: string }>();
  /** Called before each entry point runs (the campaign's worker reports it to the watchdog). */
  onEnter: (entry: string) => void = () => {};

  constructor(readonly table: EntryTable, readonly fuzzCase: FuzzCase) {}

  get spec(): string {
    return this.fuzzCase.spec;
  }
  get input(): unknown {
    return this.fuzzCase.input;
  }
  get context(): CaseContext {
    return this.fuzzCase.context;
  }

  /** Runs `f` as entry point `entry` once per `key`; a throw is remembered and aborts the check. */
  call<T>(entry: string, key: string, f: () => T, rule?: string): T {
    let m = this.memo.get(key);
    if (!m) {
      this.onEnter(entry);
      try {
        m = { value: f() };
      } catch (e) {
        const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        m = { threw: message };
        if (!this.thrown.has(entry)) this.thrown.set(entry, { message, rule });
      }
      this.memo.set(key, m);
    }
    if (m.threw !== undefined) throw new EntryThrew(entry);
    return m.value as T;
  }

  parse(rule?: string, input: unknown = this.input): ParseResult {
    return this.call("parse", `parse\0${rule ?? ""}\0${inputKey(input, this.input)}`, () => this.table.entries.parse(input, this.spec, rule), rule);
  }

  recognize(r: Recognizer, rule?: string, input: unknown = this.input, spec: string = this.spec): boolean | null {
    if (r.parse && spec === this.spec && input === this.input) return this.recognizerParse(r, rule)?.ok ?? null;
    return this.call(r.name, `rec\0${r.name}\0${spec}\0${rule ?? ""}\0${inputKey(input, this.input)}`, () => r.accepts(input, spec, rule), rule);
  }

  /** The answer of a recognizer that builds an AST (null for one that does not, or has no such rule). */
  recognizerParse(r: Recognizer, rule?: string): PeggyAnswer | null {
    const parseWith = r.parse;
    if (!parseWith) return null;
    return this.call(r.name, `recparse\0${r.name}\0${rule ?? ""}`, () => parseWith(this.input, this.spec, rule), rule);
  }

  entry<K extends EntryName>(name: K, key: string, ...args: Parameters<EntryTable["entries"][K]>): ReturnType<EntryTable["entries"][K]> {
    const f = this.table.entries[name] as (...a: unknown[]) => unknown;
    return this.call(name, `${name}\0${key}`, () => f(...args)) as ReturnType<EntryTable["entries"][K]>;
  }
}

const isString = (x: unknown): x is string => typeof x === "string";

/** The revisions that define normalization (their descriptors name its algorithm: draft-2003 §6, rfc3986 §6, draft-1997 §6 ...); docs/api.md, normalize. */
const NORMALIZING = new Set<string>(availableSpecIds().filter((id) => getRevision(id)!.normalization !== null));
const show = (x: unknown) => showInput(x);

/** Where two values first differ (a path such as `ast.path.segments[1].text`), or null when they are equal. */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`);
    if (d !== null) return d;
  }
  return null;
}

/** The first { text, span } in an AST whose text is not the input at its span, or null. */
function spanMismatch(node: unknown, input: string, path: string): string | null {
  if (typeof node !== "object" || node === null) return null;
  const n = node as { text?: unknown; span?: { start?: unknown; end?: unknown } };
  if (typeof n.text === "string" && typeof n.span === "object" && n.span !== null) {
    const { start, end } = n.span;
    if (typeof start !== "number" || typeof end !== "number" || start < 0 || end < start || end > input.length) return `${path}.span is ${JSON.stringify(n.span)} in an input of length ${input.length}`;
    if (input.slice(start, end) !== n.text) return `${path}.text is ${JSON.stringify(n.text)}, the input at [${start}, ${end}) is ${JSON.stringify(input.slice(start, end))}`;
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === "span") continue;
    const d = spanMismatch(v, input, Array.isArray(node) ? `${path}[${k}]` : `${path}.${k}`);
    if (d !== null) return d;
  }
  return null;
}

/** The line and column of an offset, counted here without errors.ts: lines end at "\n". */
function expectedLineColumn(input: string, offset: number): { line: number; column: number } {
  const before = input.slice(0, offset);
  const lastBreak = before.lastIndexOf("\n");
  return { line: before.split("\n").length, column: offset - (lastBreak + 1) + 1 };
}

/** The whole code point at an offset (a lone surrogate alone), or null at the end. */
function expectedFound(input: string, offset: number): string | null {
  if (offset >= input.length) return null;
  const hi = input.charCodeAt(offset);
  const lo = input.charCodeAt(offset + 1);
  return hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff ? input.slice(offset, offset + 2) : input[offset];
}

/** A result object with a boolean `ok`, as every API function returns. */
function isResult(x: unknown): boolean {
  return typeof x === "object" && x !== null && typeof (x as { ok?: unknown }).ok === "boolean";
}

function returnsValue(what: string, value: unknown, ok: (v: unknown) => boolean): Outcome {
  return ok(value) ? null : `${what} returned ${value === undefined ? "undefined" : JSON.stringify(value)?.slice(0, 200)}`;
}

/** A failure value as the API conventions make it (docs/api.md, Errors): the fields a caller reads, with their types; null when it is one. */
function failureShape(x: unknown): string | null {
  const f = x as { spec?: unknown; rule?: unknown; error?: { code?: unknown; message?: unknown; startRule?: unknown } };
  const e = f.error;
  const wrong = [
    typeof f.spec === "string" ? null : `spec ${JSON.stringify(f.spec)}`,
    !("rule" in f) || f.rule === null || typeof f.rule === "string" ? null : `rule ${JSON.stringify(f.rule)} (not a string or null)`,
    typeof e === "object" && e !== null ? null : "no error",
    typeof e?.code === "string" ? null : "an error without a code",
    typeof e?.message === "string" && e.message.length > 0 ? null : "an error without a message",
    e === undefined || !("startRule" in e) || e.startRule === null || typeof e.startRule === "string" ? null : `error.startRule ${JSON.stringify(e.startRule)} (not a string or null)`,
  ].filter((w) => w !== null);
  return wrong.length === 0 ? null : `a failure with ${wrong.join(", ")}`;
}

/** What a public function answers: { ok, ... }, a boolean (validate, isSpecId), or any value (format: a string or null; delimitingRules: its rules). */
type Answer = "result" | "boolean" | "value";

/**
 * Every export called with a raw options argument (the exports that take a value, with the options
 * value in its place): entry, how the call reads, the call, and what it answers.
 */
const BAD_OPTIONS_CALLS: [string, string, (raw: RawEntryPoints, input: unknown, options: unknown) => unknown, Answer][] = [
  ["parse", "parse(x, options)", (raw, x, o) => raw.parse(x, o), "result"],
  ["validate", "validate(x, options)", (raw, x, o) => raw.validate(x, o), "boolean"],
  ["components", "components(x, options)", (raw, x, o) => raw.components(x, o), "result"],
  ["check", "check(x, options)", (raw, x, o) => raw.check(x, o), "result"],
  ["lint", "lint(x, options)", (raw, x, o) => raw.lint(x, o), "result"],
  ["resolve", "resolve(base, x, options)", (raw, x, o) => raw.resolve("http://a/b/c/d;p?q", x, o), "result"],
  ["normalize", "normalize(x, options)", (raw, x, o) => raw.normalize(x, o), "result"],
  ["equivalent", "equivalent(x, x, options)", (raw, x, o) => raw.equivalent(x, x, o), "result"],
  ["explain", "explain(x, options)", (raw, x, o) => raw.explain(x, o), "result"],
  ["compareInput", "compareInput(x, options)", (raw, x, o) => raw.compareInput(x, o), "result"],
  ["characterTable", "characterTable(options)", (raw, _x, o) => raw.characterTable(o), "result"],
  ["extract", "extract(x, options)", (raw, x, o) => raw.extract(x, o), "result"],
  ["createExtractor", "createExtractor(options), x pushed", (raw, x, o) => raw.createExtractor(x, o), "result"],
  ["extractAllSpecs", "extractAllSpecs(x, options)", (raw, x, o) => raw.extractAllSpecs(x, o), "result"],
  ["createMultiExtractor", "createMultiExtractor(options), x pushed", (raw, x, o) => raw.createMultiExtractor(x, o), "result"],
  ["toURI", "toURI(x, options)", (raw, x, o) => raw.toURI(x, o), "result"],
  ["toIRI", "toIRI(x, options)", (raw, x, o) => raw.toIRI(x, o), "result"],
  ["encodeComponent", "encodeComponent(x, options)", (raw, x, o) => raw.encodeComponent(x, o), "result"],
  ["decodeComponent", "decodeComponent(x, options)", (raw, x, o) => raw.decodeComponent(x, o), "result"],
  ["format", "format(options)", (raw, _x, o) => raw.format(o), "value"],
  ["buildReference", "buildReference(options as the parts)", (raw, _x, o) => raw.buildReference(o), "result"],
  ["diffSpecs", "diffSpecs(options, DEFAULT_SPEC)", (raw, _x, o) => raw.diffSpecs(o), "result"],
  ["delimitingRules", "delimitingRules(options)", (raw, _x, o) => raw.delimitingRules(o), "value"],
  ["isSpecId", "isSpecId(options)", (raw, _x, o) => raw.isSpecId(o), "boolean"],
];

/** An error value as parse()'s, in the fields the conventions promise to keep: code, offset, message. */
function sameError(what: string, got: ParseError | { code: string; message: string } | undefined, want: ParseError): string | null {
  if (!got) return `${what} has no error, parse() says ${want.code}: ${want.message}`;
  const g = got as Partial<ParseError>;
  if (g.code !== want.code) return `${what} is ${JSON.stringify(g.code)}, parse() says ${JSON.stringify(want.code)} (${want.message})`;
  if (g.offset !== want.offset) return `${what} has offset ${g.offset}, parse()'s ${want.offset}`;
  return g.message === want.message ? null : `${what} says ${JSON.stringify(g.message)}, parse() says ${JSON.stringify(want.message)}`;
}

/**
 * A prefix before the scheme that selects a production of its own (the descriptor's
 * schemeProductions.prefix: draft-1994's PrePrefix "URL:", in either case; rfc1630's prefixedurl
 * "url:", as written) is no component: format(components(x)) leaves it out.
 */
function formatPrefix(spec: string, input: string, formatted: string): boolean {
  if (!input.endsWith(formatted)) return false;
  const prefix = input.slice(0, input.length - formatted.length);
  const how = getRevision(spec)?.schemeProductions;
  if (prefix === "") return true;
  if (how?.prefix === undefined) return false;
  return how.caseSensitive ? prefix === how.prefix.text : prefix.toLowerCase() === how.prefix.text;
}

/** The resolution algorithms that work on strings: their documents give partial forms no grammar. */
const PARTIAL_FORMS_ON_STRINGS: readonly ResolutionAlgorithm[] = ["draft-1993 Partial form", "rfc1630 Partial form"];

/** Whether a revision's descriptor names one of PARTIAL_FORMS_ON_STRINGS as its resolution. */
function resolvesOnStrings(spec: string): boolean {
  const how = getRevision(spec)?.resolution;
  return how !== undefined && "algorithm" in how && PARTIAL_FORMS_ON_STRINGS.includes(how.algorithm);
}

/**
 * draft-1993's "Partial form" rules and RFC 1630's "Partial (relative) form" rules work on strings:
 * the documents give partial forms no grammar, so their resolvers validate neither the context nor
 * the partial form (docs/resolution.md, "Readings where the text is silent"). The other resolvers
 * reject what their grammar rejects.
 */
function unvalidatedResolution(base: (run: CaseRun) => unknown, reference: (run: CaseRun) => unknown): PropertyException {
  return {
    name: "resolution-on-strings-without-grammar",
    reason:
      "draft-1993 and rfc1630 resolve partial forms as strings (their documents give them no grammar, docs/resolution.md), so a base or reference the grammar rejects still resolves, to a string the grammar may reject",
    covers: (run) => resolvesOnStrings(run.spec) && [base(run), reference(run)].some((x) => run.recognize(run.table.recognizers[0], undefined, x) === false),
  };
}


/**
 * RFC 3986 §5.2.2 with §5.2.4 can give a target without an authority whose path begins with "//":
 * base `x:a/b`, reference `..//c`: §5.2.3 merges the paths to `a/..//c`, remove_dot_segments gives
 * `//c`, and §5.3 recomposes `x://c`, which reads back with the authority `c` (or, for `..//::`,
 * not at all), though §3.3 says "When authority is not present, the path cannot begin with two slash
 * characters". The resolver follows the text (draft-2003's merge does not do this).
 * `resolution(run)`: the resolve() answer the property read.
 */
function pathWithTwoSlashes(resolution: (run: CaseRun) => ResolveResult): PropertyException {
  return {
    name: "rfc3986-resolution-path-begins-with-two-slashes",
    reason:
      "(rfc3986 and the revisions that resolve by it) RFC 3986 §5.2.2 and §5.2.4 can give a target with no authority whose path begins with \"//\" (x:a/b and ..//c give path //c), which §5.3 recomposes as x://c, against §3.3; the resolver follows the text",
    covers: (run) => {
      // Every revision whose descriptor resolves by RFC 3986 §5.2 (rfc3986; rfc3987 and rfc6874 keep it).
      const follows = getRevision(run.spec)?.resolution;
      if (!follows || !("algorithm" in follows) || follows.algorithm !== "rfc3986 §5.2") return false;
      const r = resolution(run);
      return r.ok && r.kind === "uri" && r.components !== null && r.components.authority === null && r.components.path.startsWith("//");
    },
  };
}

/**
 * RFC 1808 §4 step 6a, "All occurrences of "./", where "." is a complete path segment, are removed",
 * can leave a merged path that begins with "//" where the result has no net_loc: base `a:/b`,
 * reference `.//` give the path `/.//`, then `//`, and step 7 recombines `a://`, which reads back
 * with an (empty) net_loc (§2.4.3). The resolver follows the text. Covers every revision whose
 * descriptor resolves by RFC 1808 §4.
 */
function rfc1808PathWithTwoSlashes(resolution: (run: CaseRun) => ResolveResult): PropertyException {
  return {
    name: "rfc1808-resolution-path-begins-with-two-slashes",
    reason: "RFC 1808 §4 step 6a can turn a merged path /.// into //, which step 7 recombines after the scheme with no net_loc (a:/b and .// give a://); the resolver follows the text",
    covers: (run) => {
      const follows = getRevision(run.spec)?.resolution;
      if (!follows || !("algorithm" in follows) || follows.algorithm !== "rfc1808 §4") return false;
      const r = resolution(run);
      return r.ok && r.kind === "uri" && r.components !== null && r.components.authority === null && r.components.path.startsWith("//");
    },
  };
}

/**
 * RFC 3986 §5.2 is the generic syntax's resolution: it takes the reference's query and fragment into
 * the target whatever the scheme, and an authority without a path. A scheme-aware revision that
 * resolves by it (rfc8089: a file-URI has no query, no fragment, and a path after its authority) can
 * get a target its scheme's production refuses though the generic syntax accepts it (base
 * `file:///a`, reference `g?y`, target `file:///g?y`). Covers exactly those: a target the revision's
 * generic rule (schemeProductions.otherwise) accepts.
 */
function schemeProductionRefusesGenericTarget(resolution: (run: CaseRun) => ResolveResult): PropertyException {
  return {
    name: "rfc3986-resolution-target-outside-the-schemes-production",
    reason: "RFC 3986 §5.2 resolves by the generic syntax: in a scheme-aware revision (rfc8089), a target can carry a query or a fragment, or lack a path, where the scheme's production (file-URI) has none, though the generic URI-reference accepts it",
    covers: (run) => {
      const revision = getRevision(run.spec);
      const follows = revision?.resolution;
      if (!revision?.schemeProductions || !follows || !("algorithm" in follows) || follows.algorithm !== "rfc3986 §5.2") return false;
      const r = resolution(run);
      return r.ok && r.kind === "uri" && parse(r.uri, { spec: revision.id, rule: revision.schemeProductions.otherwise }).ok;
    },
  };
}

/**
 * The URL Standard resolves by its parser (§4.4), and at some snapshots its two definitions of valid
 * differ: whatwg-2026-06-25's writing grammar rejects an empty path segment after a host
 * ("https://example.org//", one of the classes the editors closed on 2026-06-30 to 07-02, docs/whatwg.md)
 * while its parser serializes one with no validation error. Covers a resolved URL the parser reads
 * with no validation error, so a resolved URL the parser itself flags (or one the July grammar and
 * parser both reject) is still a failure.
 */
function parserValidGrammarRejects(resolution: (run: CaseRun) => ResolveResult): PropertyException {
  return {
    name: "url-standard-parser-output-its-grammar-rejects",
    reason:
      "(the WHATWG revisions) the URL Standard resolves by its parser (§4.4); where a snapshot's writing grammar and its parser's validation errors differ (whatwg-2026-06-25: \"https://example.org//\"), the parser serializes URLs with no validation error that the grammar rejects",
    covers: (run) => {
      const how = getRevision(run.spec)?.resolution;
      if (!how || !("byParser" in how) || how.byParser === undefined) return false;
      const r = resolution(run);
      if (!r.ok || r.kind !== "uri") return false;
      const parser = availableSpecIds().map((id) => getRevision(id)?.parser).find((p) => p?.label === how.byParser!.label);
      const validity = parser?.validity(r.uri);
      return validity !== undefined && validity !== null && validity.parsed && validity.validationErrors.length === 0;
    },
  };
}

/** For non-string inputs, the error properties read the input as empty: offset 0, line 1, column 1, found null. */
const textOf = (input: unknown): string => (isString(input) ? input : "");

/** resolve(base, x) and resolve(x, reference) as the resolution rows call them (memoised: the same answers). */
const asReference = (run: CaseRun) => run.entry("resolve", "as-reference", run.context.base, run.input, run.spec, resolveOptions(run.context));
const asBase = (run: CaseRun) => run.entry("resolve", "as-base", run.input, run.context.reference ?? "", run.spec, resolveOptions(run.context));

function resolveOptions(c: CaseContext): { strict?: boolean; dotSegments?: CaseContext["dotSegments"] } {
  return { ...(c.strict !== undefined ? { strict: c.strict } : {}), ...(c.dotSegments !== undefined ? { dotSegments: c.dotSegments } : {}) };
}

/** `result` (from components() or normalize()) fails exactly when parse() does, with parse()'s error. */
function sameVerdict(what: string, result: { ok: true } | { ok: false; error: { code: string; message: string } }, p: ParseResult): Outcome {
  if (result.ok !== p.ok) return `${what} says ${result.ok ? "ok" : `${result.error.code}: ${result.error.message}`}, parse() says ${p.ok ? "ok" : p.error.code}`;
  return p.ok || result.ok ? null : sameError(`${what}'s error`, result.error, p.error);
}

/**
 * explain() and compareInput() on a non-string: parse()'s error, as a finished outcome; on a string,
 * a failure is one; `undefined` when the answer is ok and the caller goes on to compare verdicts.
 */
function failureOrNonString(what: string, result: { ok: true } | { ok: false; error: { code: string; message: string } }, p: ParseResult, input: unknown): Outcome | undefined {
  if (!result.ok) return isString(input) ? `${what} failed on a string: ${result.error.code}: ${result.error.message}` : p.ok ? "parse() accepts a non-string" : sameError(`${what}'s error`, result.error, p.error);
  return isString(input) ? undefined : `${what} answers a non-string with ok: true`;
}

/** The resolved URI, or NOT_APPLICABLE when resolution gave none (an error, or not a URI). */
function resolvedUri(r: ResolveResult): string | typeof NOT_APPLICABLE {
  return r.ok && r.kind === "uri" ? r.uri : NOT_APPLICABLE;
}

/** A string the revision should accept, with what made it (`resolved to`, `normalized to`). */
function acceptedBy(run: CaseRun, madeBy: string, text: string): Outcome {
  const p = run.parse(undefined, text);
  return p.ok ? null : `${madeBy} ${JSON.stringify(text)}, which ${run.spec} rejects: ${p.error.message}`;
}

/** The property table: one row per (entry point, property). */
export function propertyTable(table: EntryTable): Property[] {
  const [reference, ...others] = table.recognizers;
  const rows: Property[] = [
    // ---- nothing throws: every public function returns a value for any input ----
    {
      name: "no-throw",
      entry: "parse",
      says: "parse() returns { ok, ... } for any input, also under the rule the input was derived from",
      uses: ["rule"],
      check: (run, rule) => returnsValue("parse()", run.parse(rule), isResult),
    },
    {
      name: "no-throw",
      entry: "validate",
      says: "validate() returns a boolean for any input",
      uses: ["rule"],
      check: (run, rule) => returnsValue("validate()", run.entry("validate", `${rule}`, run.input, run.spec, rule), (v) => typeof v === "boolean"),
    },
    {
      name: "no-throw",
      entry: "format",
      says: "format() of an accepted input's AST returns a string or null",
      uses: [],
      check: (run) => {
        const p = run.parse();
        if (!p.ok) return NOT_APPLICABLE;
        return returnsValue("format()", run.entry("format", "", p.ast), (v) => v === null || isString(v));
      },
    },
    {
      name: "no-throw",
      entry: "components",
      says: "components() returns { ok, ... } for any input",
      uses: [],
      check: (run) => returnsValue("components()", run.entry("components", "", run.input, run.spec), isResult),
    },
    {
      name: "no-throw",
      entry: "resolve",
      says: "resolve() returns { ok, ... } with the input as the reference and as the base",
      uses: ["base", "reference", "strict", "dotSegments"],
      check: (run) => {
        const c = run.context;
        if (c.base !== undefined) {
          const bad = returnsValue("resolve(base, input)", run.entry("resolve", "as-reference", c.base, run.input, run.spec, resolveOptions(c)), isResult);
          if (bad) return bad;
        }
        return returnsValue("resolve(input, reference)", run.entry("resolve", "as-base", run.input, c.reference ?? "", run.spec, resolveOptions(c)), isResult);
      },
    },
    {
      name: "no-throw",
      entry: "normalize",
      says: "normalize() returns { ok, ... } for any input",
      uses: ["level"],
      check: (run) => returnsValue("normalize()", run.entry("normalize", "", run.input, run.spec, run.context.level), isResult),
    },
    {
      name: "no-throw",
      entry: "equivalent",
      says: "equivalent() returns { ok, ... } for any input",
      uses: ["level"],
      check: (run) => returnsValue("equivalent(x, x)", run.entry("equivalent", "x,x", run.input, run.input, run.spec, run.context.level), isResult),
    },
    {
      name: "no-throw",
      entry: "explain",
      says: "explain() returns an explanation ({ ok: true, valid, ... }) or parse()'s error value for any input",
      uses: [],
      check: (run) => returnsValue("explain()", run.entry("explain", "", run.input, run.spec), (v) => isResult(v) && (!(v as { ok: boolean }).ok || typeof (v as { valid?: unknown }).valid === "boolean")),
    },
    {
      name: "no-throw",
      entry: "compareInput",
      says: "compareInput() returns one cell per revision asked for, or parse()'s error value, for any input",
      uses: [],
      check: (run) =>
        returnsValue("compareInput()", run.entry("compareInput", "", run.input, run.spec), (v) => isResult(v) && (!(v as { ok: boolean }).ok || (Array.isArray((v as { cells?: unknown }).cells) && (v as { cells: unknown[] }).cells.length === 1))),
    },

    {
      name: "no-throw",
      entry: "check",
      says: "check() returns { ok, valid, ... } for any input, also under the rule the input was derived from",
      uses: ["rule"],
      check: (run, rule) => returnsValue("check()", run.entry("check", `${rule}`, run.input, run.spec, rule), (v) => isResult(v) && typeof (v as { valid?: unknown }).valid === "boolean"),
    },
    {
      name: "no-throw",
      entry: "lint",
      says: "lint() returns { ok, ... } for any input",
      uses: [],
      check: (run) => returnsValue("lint()", run.entry("lint", "", run.input, run.spec), isResult),
    },
    {
      name: "no-throw",
      entry: "explainGiven",
      says: "explain(x, { parsed, others }) with parse(x, { tree: true }) and the other revisions' verdicts returns an explanation or parse()'s error value",
      uses: [],
      check: (run) => {
        const x = run.entry("explain", "", run.input, run.spec);
        const parsed = run.entry("parseTree", "", run.input, run.spec);
        const others = x.ok ? x.others : undefined;
        return returnsValue("explain(x, { parsed, others })", run.entry("explainGiven", "", run.input, run.spec, parsed, others), isResult);
      },
    },
    {
      name: "no-throw-edited-ast",
      entry: "format",
      says: "format() of an accepted input's AST with one field edited (null, a wrong type, a Symbol, a BigInt, a null-prototype object, a span outside the text, a getter that throws) returns a string or null",
      uses: ["edit"],
      check: (run) => {
        const p = run.parse();
        if (!p.ok || run.context.edit === undefined) return NOT_APPLICABLE;
        const edited = editedAst(p.ast, run.context.edit);
        // Called here, not through run.call: a throw is this row's violation, with the edit in its context.
        run.onEnter("format");
        let value: unknown;
        try {
          value = run.table.entries.format(edited.ast as never);
        } catch (e) {
          return `format() of the AST with ${edited.path} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
        }
        return returnsValue(`format() of the AST with ${edited.path}`, value, (v) => v === null || isString(v));
      },
    },
    ...(["extract", "createExtractor", "extractAllSpecs", "createMultiExtractor"] as const).map(
      (entry): Property => ({
        name: "no-throw",
        entry,
        says: `${entry}() of the input as a text${entry.startsWith("create") ? ", pushed in pieces," : ""} returns its references or the error value (not-a-string) for any input`,
        uses: entry.startsWith("create") ? ["chunk"] : [],
        check: (run) => returnsValue(`${entry}()`, extractAnswer(run, entry), isResult),
      }),
    ),

    // ---- an options argument a caller got wrong: an error value, never a throw ----
    ...BAD_OPTIONS_CALLS.map(
      ([entry, says, callRaw, answer]): Property => ({
        name: "bad-options-error-value",
        entry,
        says: `${says} with an options argument a caller got wrong (null, a number, an unknown spec, rule, level, a string for a list, a null-prototype object, a Symbol, a BigInt, a sparse list, a getter or a Proxy that throws ...) returns ${answer === "boolean" ? "a boolean, false when an option it reads is wrong" : answer === "value" ? "a value, never a throw" : "{ ok, ... }; an option it reads with a value it does not know gives ok: false with that error code (unknown-spec, unknown-rule, invalid-option) and, for a spec or a rule, parse()'s message; every failure has the documented fields"}`,
        uses: ["options"],
        check: (run) => {
          const name = run.context.options;
          // The options decide the revision (or leave the default): checked on the default revision's cases only.
          if (name === undefined || run.spec !== DEFAULT_SPEC) return NOT_APPLICABLE;
          const options = API_OPTIONS[name];
          if (!options) return `no options value named ${JSON.stringify(name)}`;
          const problem = options.problem !== null && options.problem.entries.includes(entry) ? options.problem : null;
          const call = `${says} with options ${name}`;
          // Called here, not through run.call: a throw is this row's violation, with the options in its context.
          run.onEnter(entry);
          let value: unknown;
          try {
            value = callRaw(run.table.raw, run.input, options.make());
          } catch (e) {
            return `${call} threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
          }
          if (answer === "value") return null;
          if (answer === "boolean") {
            if (typeof value !== "boolean") return returnsValue(call, value, () => false);
            return problem && value ? `${call} is true` : null;
          }
          const bad = returnsValue(call, value, isResult);
          if (bad) return bad;
          const r = value as { ok: boolean; error?: { code?: unknown; message?: unknown } };
          if (!r.ok) {
            const shape = failureShape(r);
            if (shape) return `${call} gave ${shape}`;
          }
          if (!problem) return null;
          if (r.ok || r.error?.code !== problem.code) return `${call} gave ${r.ok ? "ok: true" : `the error code ${JSON.stringify(r.error?.code)}`}, not ${problem.code}`;
          if (problem.code === "invalid-option" || entry === "parse" || !options.problem!.entries.includes("parse")) return null;
          // parse() reads the same option: the same message.
          const p = run.table.raw.parse(run.input, options.make()) as ParseResult;
          return p.ok || p.error.message === r.error.message ? null : `${call} says ${JSON.stringify(r.error.message)}, parse() says ${JSON.stringify(p.error.message)}`;
        },
      }),
    ),

    // ---- every recognizer agrees with parse().ok ----
    ...others.map(
      (r): Property => ({
        name: r.name === "validate" ? "validate-equals-parse" : "recognizers-agree",
        entry: r.name,
        says: `${r.name}(x) === ${reference.name}(x).ok, under the default rule and under the rule x was derived from${r.api ? "" : " (strings only)"}`,
        uses: ["rule"],
        check: (run, rule) => {
          if (!r.api && !isString(run.input)) return NOT_APPLICABLE;
          const want = run.recognize(reference, rule);
          const got = run.recognize(r, rule);
          if (got === null || want === null) return NOT_APPLICABLE;
          return got === want ? null : `${r.name} ${got ? "accepts" : "rejects"} it, ${reference.name} ${want ? "accepts" : "rejects"} it`;
        },
      }),
    ),

    // ---- a recognizer that builds an AST builds parse()'s ----
    ...others
      .filter((r) => r.parse)
      .map(
        (r): Property => ({
          name: "same-ast-as-parse",
          entry: r.name,
          says: `${r.name}(x).ast deep-equals ${reference.name}(x).ast for every accepted x (strings only)`,
          uses: ["rule"],
          check: (run, rule) => {
            if (!isString(run.input)) return NOT_APPLICABLE;
            const want = run.parse(rule);
            const got = run.recognizerParse(r, rule);
            if (!want.ok || !got?.ok || !("ast" in got)) return NOT_APPLICABLE;
            const where = firstDifference(got.ast, want.ast, "ast");
            return where === null ? null : `the ASTs differ at ${where}`;
          },
        }),
      ),

    // ---- an accepted input's AST: every component's text is the input at its span ----
    {
      name: "ast-spans",
      entry: "parse",
      says: "in an accepted x's AST, the root spans x and every { text, span } is x.slice(span.start, span.end)",
      uses: ["rule"],
      check: (run, rule) => {
        const p = run.parse(rule);
        if (!p.ok || !isString(run.input)) return NOT_APPLICABLE;
        const ast = p.ast as { text?: unknown; span?: { start: number; end: number } };
        if (ast.text !== run.input || !ast.span || ast.span.start !== 0 || ast.span.end !== run.input.length) return `the root is ${JSON.stringify({ text: ast.text, span: ast.span })}`;
        return spanMismatch(p.ast, run.input, "ast");
      },
    },

    // ---- a rejection's error lies in the input ----
    {
      name: "error-offset-in-input",
      entry: "parse",
      says: "a rejection's error.offset is an integer in [0, input.length] for a syntax or predicate error (ALWAYS_PLACED_CODES), null for a usage error (no place in the input: not a string, an unknown spec or rule)",
      uses: ["rule"],
      check: (run, rule) => {
        const p = run.parse(rule);
        if (p.ok) return NOT_APPLICABLE;
        const n = textOf(run.input).length;
        const o = p.error.offset;
        // An error whose code is always placed (src/errors.ts) has an offset in the input; parse()'s others have none.
        if (!(ALWAYS_PLACED_CODES as readonly string[]).includes(p.error.code)) return o === null && p.error.line === null && p.error.column === null ? null : `a ${p.error.code} error has offset ${o}, line ${p.error.line}, column ${p.error.column}: a usage error has no place in the input`;
        return o !== null && Number.isInteger(o) && o >= 0 && o <= n ? null : `error.offset ${o} is outside [0, ${n}]`;
      },
    },
    {
      name: "error-line-column",
      entry: "parse",
      says: "a rejection's error.line and error.column are those of error.offset (lines end at \"\\n\")",
      uses: ["rule"],
      check: (run, rule) => {
        const p = run.parse(rule);
        if (p.ok) return NOT_APPLICABLE;
        const e = p.error;
        if (e.offset === null) return NOT_APPLICABLE; // a usage error: error-offset-in-input checks its line and column are null
        const want = expectedLineColumn(textOf(run.input), e.offset);
        return e.line === want.line && e.column === want.column ? null : `offset ${e.offset} is line ${want.line} column ${want.column}, the error says line ${e.line} column ${e.column}`;
      },
    },
    {
      name: "error-found",
      entry: "parse",
      says: "a rejection's error.found is the code point at error.offset (null at the end)",
      uses: ["rule"],
      check: (run, rule) => {
        const p = run.parse(rule);
        if (p.ok) return NOT_APPLICABLE;
        if (p.error.offset === null) return p.error.found === null ? null : `no offset, but found ${JSON.stringify(p.error.found)}`;
        const want = expectedFound(textOf(run.input), p.error.offset);
        return p.error.found === want ? null : `error.found is ${JSON.stringify(p.error.found)}, the input has ${JSON.stringify(want)} at offset ${p.error.offset}`;
      },
    },

    {
      name: "error-is-complete",
      entry: "parse",
      says: "a rejected string's error is a syntax error (or, where the revision names a predicate, a predicate error naming its check and step) with a rule, a section or null, an expected list, a rule stack and a message",
      uses: ["rule"],
      check: (run, rule) => {
        const p = run.parse(rule);
        if (p.ok) return NOT_APPLICABLE;
        const e = p.error;
        if (!isString(run.input)) return e.code === "not-a-string" && typeof e.message === "string" && e.message.length > 0 ? null : `a non-string gave ${JSON.stringify(e)}`;
        const missing = [
          e.code === "syntax" || (e.code === "predicate" && getRevision(run.spec)?.predicates !== undefined) ? null : `code ${JSON.stringify(e.code)}`,
          e.code !== "predicate" || (isString(e.predicate?.name) && isString(e.predicate?.check) && isString(e.predicate?.step)) ? null : "a predicate error without its predicate",
          typeof e.rule === "string" && e.rule.length > 0 ? null : "no rule",
          e.section === null || typeof e.section === "string" ? null : "a section that is not a string",
          Array.isArray(e.expected) && e.expected.every(isString) ? null : "no expected list",
          Array.isArray(e.ruleStack) && e.ruleStack.length > 0 ? null : "no rule stack",
          typeof e.message === "string" && e.message.length > 0 ? null : "no message",
        ].filter((x) => x !== null);
        return missing.length === 0 ? null : `the error has ${missing.join(", ")}`;
      },
    },

    // ---- round trips ----
    {
      name: "format-round-trip",
      entry: "format",
      says: "format(parse(x).ast) === x for every accepted x",
      uses: [],
      check: (run) => {
        const p = run.parse();
        if (!p.ok) return NOT_APPLICABLE;
        const f = run.entry("format", "", p.ast);
        return f === run.input ? null : `format() gave ${JSON.stringify(f)}`;
      },
    },
    {
      name: "components-round-trip",
      entry: "components",
      says: "format(components(x)) === x for every accepted x (draft-1994's PrePrefix \"URL:\", no component, aside)",
      uses: [],
      check: (run) => {
        const p = run.parse();
        if (!p.ok || !isString(run.input)) return NOT_APPLICABLE;
        const c = run.entry("components", "", run.input, run.spec);
        if (!c.ok) return `components() failed: ${c.error.code}: ${c.error.message}`;
        const f = run.entry("format", "components", c);
        return f !== null && formatPrefix(run.spec, run.input, f) ? null : `format() of the components ${JSON.stringify(c)} gave ${JSON.stringify(f)}`;
      },
    },
    {
      name: "error-is-parse-error",
      entry: "components",
      says: "components(x).ok is parse(x).ok, and a rejection is parse()'s error (same code, offset, message)",
      uses: [],
      check: (run) => {
        return sameVerdict("components()", run.entry("components", "", run.input, run.spec), run.parse());
      },
    },

    // ---- resolution ----
    {
      name: "resolved-reference-parses",
      entry: "resolve",
      says: "resolve(base, x) against a base from the resolution tables, when it gives a URI, gives one the revision accepts",
      uses: ["base", "strict", "dotSegments"],
      check: (run) => {
        if (run.context.base === undefined) return NOT_APPLICABLE;
        const uri = resolvedUri(asReference(run));
        return uri === NOT_APPLICABLE ? uri : acceptedBy(run, "resolved to", uri);
      },
      exceptions: [unvalidatedResolution((run) => run.context.base, (run) => run.input), pathWithTwoSlashes(asReference), rfc1808PathWithTwoSlashes(asReference), parserValidGrammarRejects(asReference), schemeProductionRefusesGenericTarget(asReference)],
    },
    {
      name: "resolved-reference-is-absolute",
      entry: "resolve",
      says: "resolve(base, x), when it gives a URI, gives an absolute one: its components have a scheme, no path beginning with \"//\" without an authority, and recombine to it (draft-2003 §5.2 always sets T.scheme; draft-1997 §5.2), or (draft-1993, no components) it is a full form, a scheme and a colon before any slash",
      uses: ["base", "strict", "dotSegments"],
      check: (run) => {
        if (run.context.base === undefined) return NOT_APPLICABLE;
        const r = asReference(run);
        if (!r.ok || r.kind !== "uri") return NOT_APPLICABLE;
        if (r.components) {
          if (r.components.scheme === null) return `resolved to ${JSON.stringify(r.uri)}, whose components have no scheme`;
          // draft-2003 §3.3 / rfc3986 §3.3: without an authority, the path cannot begin with "//" (it would read back as one).
          if (r.components.authority === null && r.components.path.startsWith("//")) return `resolved to ${JSON.stringify(r.uri)}, whose components have no authority and the path ${JSON.stringify(r.components.path)}: it reads back with an authority`;
          const back = recombine(r.components);
          return back === r.uri ? null : `resolved to ${JSON.stringify(r.uri)}, whose components recombine to ${JSON.stringify(back)}`;
        }
        return /^[^:/]+:/.test(r.uri) ? null : `resolved to ${JSON.stringify(r.uri)}, which has no scheme`;
      },
      exceptions: [unvalidatedResolution((run) => run.context.base, (run) => run.input), pathWithTwoSlashes(asReference), rfc1808PathWithTwoSlashes(asReference)],
    },
    {
      name: "resolved-reference-parses-input-as-base",
      entry: "resolve",
      says: "resolve(x, reference) with a reference from the resolution tables, when it gives a URI, gives one the revision accepts",
      uses: ["reference", "strict", "dotSegments"],
      check: (run) => {
        const uri = resolvedUri(asBase(run));
        return uri === NOT_APPLICABLE ? uri : acceptedBy(run, "resolved to", uri);
      },
      exceptions: [unvalidatedResolution((run) => run.input, (run) => run.context.reference ?? ""), pathWithTwoSlashes(asBase), rfc1808PathWithTwoSlashes(asBase), parserValidGrammarRejects(asBase), schemeProductionRefusesGenericTarget(asBase)],
    },

    // ---- normalization and equivalence ----
    {
      name: "normalize-result-parses",
      entry: "normalize",
      says: "normalize(x).normalized is accepted by the revision",
      uses: ["level"],
      check: (run) => {
        const n = run.entry("normalize", "", run.input, run.spec, run.context.level);
        return n.ok ? acceptedBy(run, "normalized to", n.normalized) : NOT_APPLICABLE;
      },
    },
    {
      name: "error-is-parse-error",
      entry: "normalize",
      says: "normalize(x) under a revision that defines normalization fails exactly when parse(x) does, with parse()'s error; under one that defines none, it is not-defined",
      uses: ["level"],
      check: (run) => {
        const n = run.entry("normalize", "", run.input, run.spec, run.context.level);
        if (!NORMALIZING.has(run.spec)) return !n.ok && n.error.code === "not-defined" ? null : `normalize() under ${run.spec} gave ${n.ok ? "ok: true" : n.error.code}, not not-defined`;
        return sameVerdict("normalize()", n, run.parse());
      },
    },
    {
      name: "normalize-idempotent",
      entry: "normalize",
      says: "normalize(normalize(x).normalized).normalized === normalize(x).normalized",
      uses: ["level"],
      check: (run) => {
        const n = run.entry("normalize", "", run.input, run.spec, run.context.level);
        if (!n.ok) return NOT_APPLICABLE;
        const again = run.entry("normalize", "again", n.normalized, run.spec, run.context.level);
        if (!again.ok) return `normalized to ${JSON.stringify(n.normalized)}, which normalize() rejects: ${again.error.message}`;
        return again.normalized === n.normalized ? null : `normalized to ${JSON.stringify(n.normalized)}, then to ${JSON.stringify(again.normalized)}`;
      },
    },
    {
      name: "equivalent-reflexive",
      entry: "equivalent",
      says: "equivalent(x, x) is true for every x normalize() accepts, and an error exactly when normalize() gives one",
      uses: ["level"],
      check: (run) => {
        const n = run.entry("normalize", "", run.input, run.spec, run.context.level);
        const e = run.entry("equivalent", "x,x", run.input, run.input, run.spec, run.context.level);
        if (e.ok !== n.ok) return `equivalent(x, x).ok is ${e.ok}, normalize(x).ok is ${n.ok}`;
        return !e.ok || e.equivalent ? null : `equivalent(x, x) is false (normal forms ${JSON.stringify(e.a)} and ${JSON.stringify(e.b)})`;
      },
    },
    {
      name: "equivalent-symmetric",
      entry: "equivalent",
      says: "equivalent(x, y) and equivalent(y, x) agree, for y = x in upper case and y = x's normal form",
      uses: ["level"],
      check: (run) => {
        if (!isString(run.input)) return NOT_APPLICABLE;
        // One y per input, so the row costs four normalizations: odd lengths take the normal form.
        const n = run.entry("normalize", "", run.input, run.spec, run.context.level);
        const y = n.ok && run.input.length % 2 === 1 ? n.normalized : run.input.toUpperCase();
        const xy = run.entry("equivalent", `x,${y}`, run.input, y, run.spec, run.context.level);
        const yx = run.entry("equivalent", `${y},x`, y, run.input, run.spec, run.context.level);
        const a = xy.ok ? String(xy.equivalent) : "an error";
        const b = yx.ok ? String(yx.equivalent) : "an error";
        return a === b ? null : `with y = ${JSON.stringify(y)}: equivalent(x, y) is ${a}, equivalent(y, x) is ${b}`;
      },
    },
    {
      name: "equivalent-to-normal-form",
      entry: "equivalent",
      says: "equivalent(x, normalize(x).normalized) is true",
      uses: ["level"],
      check: (run) => {
        const n = run.entry("normalize", "", run.input, run.spec, run.context.level);
        if (!n.ok) return NOT_APPLICABLE;
        const e = run.entry("equivalent", `x,${n.normalized}`, run.input, n.normalized, run.spec, run.context.level);
        return e.ok && e.equivalent ? null : `equivalent(x, ${JSON.stringify(n.normalized)}) is ${e.ok ? "false" : `an error: ${e.error.message}`}`;
      },
    },

    // ---- explain and compare say what parse says ----
    {
      name: "explain-verdict",
      entry: "explain",
      says: "explain(x).valid is parse(x).ok, and its verdicts of the other revisions are theirs; a non-string is parse()'s error",
      uses: [],
      check: (run) => {
        const p = run.parse();
        const x = run.entry("explain", "", run.input, run.spec);
        const failed = failureOrNonString("explain()", x, p, run.input);
        if (failed !== undefined || !x.ok) return failed ?? null;
        if (x.valid !== p.ok) return `explain says ${x.valid ? "valid" : "invalid"}, parse says ${p.ok ? "valid" : "invalid"}`;
        for (const o of x.others) {
          const want = run.recognize(reference, undefined, run.input, o.spec);
          if (want !== null && o.valid !== want) return `explain says ${o.spec} finds it ${o.valid ? "valid" : "invalid"}, parse under ${o.spec} says ${want ? "valid" : "invalid"}`;
        }
        const missing = availableSpecIds().filter((id) => id !== run.spec && !x.others.some((o) => o.spec === id));
        return missing.length === 0 ? null : `explain leaves out ${missing.join(", ")}`;
      },
    },
    {
      name: "compare-verdict",
      entry: "compareInput",
      says: "compareInput(x)'s cell is valid exactly when parse(x).ok, with parse's error offset; a non-string is parse()'s error",
      uses: [],
      check: (run) => {
        const p = run.parse();
        const r = run.entry("compareInput", "", run.input, run.spec);
        const failed = failureOrNonString("compareInput()", r, p, run.input);
        if (failed !== undefined || !r.ok) return failed ?? null;
        const cell = r.cells[0];
        if (cell.valid !== p.ok) return `compare says ${cell.valid ? "valid" : "invalid"}, parse says ${p.ok ? "valid" : "invalid"}`;
        if (!p.ok && cell.error?.offset !== p.error.offset) return `compare's offset ${cell.error?.offset} differs from parse's ${p.error.offset}`;
        const production = p.production ?? p.rule;
        return cell.production === production ? null : `compare's production ${JSON.stringify(cell.production)} differs from parse's ${JSON.stringify(production)}`;
      },
    },

    // ---- check, lint and the extractors say what parse and extract say ----
    {
      name: "check-verdict",
      entry: "check",
      says: "check(x) without policies is valid exactly when parse(x).ok, with parse()'s error (also under the rule x was derived from)",
      uses: ["rule"],
      check: (run, rule) => {
        const c = run.entry("check", `${rule}`, run.input, run.spec, rule);
        const p = run.parse(rule);
        if (c.valid !== p.ok) return `check says ${c.valid ? "valid" : "invalid"}, parse says ${p.ok ? "valid" : "invalid"}`;
        if (!p.ok) return sameError("check()'s error", c.error ?? undefined, p.error);
        return c.ok || c.error !== null ? null : "check() of a valid input without policies is not ok";
      },
    },
    {
      name: "error-is-parse-error",
      entry: "lint",
      says: "lint(x).ok is parse(x).ok, and a rejection is parse()'s error",
      uses: [],
      check: (run) => sameVerdict("lint()", run.entry("lint", "", run.input, run.spec), run.parse()),
    },
    {
      name: "explain-given-same",
      entry: "explainGiven",
      says: "explain(x, { parsed: parse(x, { tree: true }), others: explain(x).others }) deep-equals explain(x)",
      uses: [],
      check: (run) => {
        const x = run.entry("explain", "", run.input, run.spec);
        if (!x.ok) return NOT_APPLICABLE;
        const given = run.entry("explainGiven", "", run.input, run.spec, run.entry("parseTree", "", run.input, run.spec), x.others);
        const where = firstDifference(given, x, "explanation");
        return where === null ? null : `given what it computes, explain() answers otherwise: ${where}`;
      },
    },
    {
      name: "streaming-same-as-whole",
      entry: "createExtractor",
      says: "createExtractor() with the text pushed in pieces (1, 3, 16 or 4096 characters) finds what extract() finds in the whole text",
      uses: ["chunk"],
      check: (run) => {
        if (!isString(run.input)) return NOT_APPLICABLE;
        const whole = extractAnswer(run, "extract") as ExtractAnswer;
        const pieces = extractAnswer(run, "createExtractor") as ExtractAnswer;
        const where = firstDifference(pieces.ok ? pieces.references : pieces, whole.ok ? whole.references : whole, "references");
        return where === null ? null : `in pieces of ${run.context.chunk}: ${where}`;
      },
    },
    {
      name: "groups-same-as-single",
      entry: "extractAllSpecs",
      says: "extractAllSpecs(x, { specs: [spec, DEFAULT_SPEC] }) holds, for the case's revision, the references extract(x) finds, in order",
      uses: [],
      check: (run) => {
        if (!isString(run.input)) return NOT_APPLICABLE;
        const all = extractAnswer(run, "extractAllSpecs") as GroupsAnswer;
        const one = extractAnswer(run, "extract") as ExtractAnswer;
        if (!all.ok || !one.ok) return all.ok === one.ok ? null : `extractAllSpecs ok is ${all.ok}, extract ok is ${one.ok}`;
        const mine = all.groups.map((g) => g.bySpec[run.spec]).filter((r) => r !== null && r !== undefined);
        const where = firstDifference(mine, one.references, "references");
        return where === null ? null : where;
      },
    },
    {
      name: "streaming-same-as-whole",
      entry: "createMultiExtractor",
      says: "createMultiExtractor() with the text pushed in pieces gives the groups extractAllSpecs() gives for the whole text",
      uses: ["chunk"],
      check: (run) => {
        if (!isString(run.input)) return NOT_APPLICABLE;
        const pieces = extractAnswer(run, "createMultiExtractor") as GroupsAnswer;
        const whole = extractAnswer(run, "extractAllSpecs") as GroupsAnswer;
        const where = firstDifference(pieces.ok ? pieces.groups : pieces, whole.ok ? whole.groups : whole, "groups");
        return where === null ? null : `in pieces of ${run.context.chunk}: ${where}`;
      },
    },
  ];
  return rows;
}

/** The extractors' answers on the case's input as a text (memoised per entry). */
function extractAnswer(run: CaseRun, entry: "extract" | "createExtractor" | "extractAllSpecs" | "createMultiExtractor"): ExtractAnswer | GroupsAnswer {
  const chunk = run.context.chunk ?? 16;
  switch (entry) {
    case "extract":
      return run.entry("extract", "", run.input, run.spec);
    case "createExtractor":
      return run.entry("createExtractor", `${chunk}`, run.input, run.spec, chunk);
    case "extractAllSpecs":
      return run.entry("extractAllSpecs", "", run.input, run.spec);
    case "createMultiExtractor":
      return run.entry("createMultiExtractor", `${chunk}`, run.input, run.spec, chunk);
  }
}

/**
 * A failure's identity: one minimised input is kept per key. A wrong options argument is part of
 * it (parse(x, null) and parse(x, { rule: 3 }) are two bugs).
 */
export function failureKey(f: { spec: string; entry: string; property: string; context: CaseContext }): string {
  return [f.spec, f.entry, f.property, ...(f.context.options !== undefined ? [f.context.options] : [])].join("\t");
}

/** A row's identity in the summary and the regression file. */
export function propertyKey(p: { entry: string; property?: string; name?: string }): string {
  return `${p.entry} ${p.property ?? p.name}`;
}

export interface CaseReport {
  violations: Violation[];
  /** Per property key: "holds", "n/a", "violated" or "excused:<name>" (for the summary's counts). */
  outcomes: Map<string, string[]>;
}

/**
 * Checks the properties `rows` on one case. A row with "rule" in `uses` runs under the default rule
 * and, when the case has one, under the case's rule. Throws of an entry point become violations of
 * that entry's "no-throw" row.
 */
export function checkCase(rows: readonly Property[], run: CaseRun): CaseReport {
  const violations: Violation[] = [];
  const outcomes = new Map<string, string[]>();
  const note = (key: string, outcome: string) => {
    const list = outcomes.get(key);
    if (list) list.push(outcome);
    else outcomes.set(key, [outcome]);
  };
  for (const row of rows) {
    const rules = row.uses.includes("rule") && run.context.rule !== undefined ? [undefined, run.context.rule] : [undefined];
    for (const rule of rules) {
      let outcome: Outcome;
      try {
        outcome = row.check(run, rule);
      } catch (e) {
        if (!(e instanceof EntryThrew)) throw e;
        outcome = NOT_APPLICABLE; // reported below as the throwing entry's no-throw violation
      }
      const key = propertyKey(row);
      if (outcome === null) note(key, "holds");
      else if (outcome === NOT_APPLICABLE) note(key, "n/a");
      else {
        const excuse = row.exceptions?.find((x) => x.covers(run, outcome as string));
        if (excuse) note(key, `excused:${excuse.name}`);
        else {
          note(key, "violated");
          violations.push({ spec: run.spec, entry: row.entry, property: row.name, detail: outcome, context: contextFor(row, run.context, rule) });
        }
      }
    }
  }
  for (const [entry, { message, rule }] of run.thrown) {
    note(`${entry} no-throw`, "violated");
    violations.push({ spec: run.spec, entry, property: "no-throw", detail: `${entry} threw ${message}`, context: contextFor({ uses: ["base", "reference", "strict", "dotSegments", "level", "chunk", "edit"] }, run.context, rule) });
  }
  return { violations, outcomes };
}

function contextFor(row: { uses: (keyof CaseContext)[] }, context: CaseContext, rule: string | undefined): CaseContext {
  const out: CaseContext = {};
  for (const k of row.uses) {
    if (k === "rule") continue;
    if (context[k] !== undefined) (out as Record<string, unknown>)[k] = context[k];
  }
  if (rule !== undefined) out.rule = rule;
  return out;
}

export { show };
