// What every public operation checks before it works: the options object, the revision, the rule,
// the input's type. Each problem is the error value parse() returns for it (same code, same message),
// so that no operation throws on bad input, an unknown spec or an unknown rule, and all of them
// answer the same way.
import { usageError, type ParseError } from "./errors";
import { availableSpecIds, defaultSpec, findNamedRule, getRevision, ruleNames, unknownSpecNote, type Revision } from "./revisions";
import type { RuleInfo } from "./revisions/types";

/** The failure every operation returns for a usage problem (and parse() for a rejected input too). */
export interface UsageFailure {
  ok: false;
  /** The revision asked for (as given: it may be no revision id). */
  spec: string;
  /** The start rule asked for, or null. */
  rule: string | null;
  error: ParseError;
}

/**
 * The options parse() and validate() read; the other operations name theirs when they call
 * optionsObject() (each list is checked against its options interface by the compiler).
 */
const PARSE_OPTION_NAMES = ["spec", "rule", "tree"] as const;

/**
 * An option whose value could not be read: its getter (or the options' Proxy) threw. optionsObject()
 * puts it in `spec`, so that the first thing every operation does, requireRevision(), answers it
 * with an invalid-option error naming the option (and validate(), which finds no revision, false).
 */
class UnreadableOption {
  constructor(readonly name: string, readonly thrown: unknown) {
    UNREADABLE.add(this);
  }
  toString(): string {
    return `(the option ${this.name} could not be read)`;
  }
}
/** The UnreadableOptions: a brand that, unlike instanceof, runs no trap of a caller's Proxy. */
const UNREADABLE = /* @__PURE__ */ new WeakSet<object>();
const isUnreadable = (x: unknown): x is UnreadableOption => typeof x === "object" && x !== null && UNREADABLE.has(x);

/**
 * The options argument as a plain object holding the options `names` (default: parse()'s), each read
 * once, so that a getter is not run twice and no later read can throw. Conventions (docs/api.md):
 * - a string in place of the options is the revision: `validate(x, "rfc1738")` is
 *   `validate(x, { spec: "rfc1738" })`, in every function (issue 25 item 6: it used to be ignored);
 * - any other non-object (null, a number) reads as no options;
 * - an option whose getter throws (or an options Proxy that throws) makes the call an invalid-option
 *   error naming it (UnreadableOption, in `spec` and in that option).
 */
export function optionsObject<T extends object>(options: T | string | null | undefined, names: readonly string[] = PARSE_OPTION_NAMES): Partial<T> {
  if (typeof options === "string") return { spec: options } as unknown as Partial<T>;
  if (typeof options !== "object" || options === null) return {};
  if (names === PARSE_OPTION_NAMES) return parseOptions(options as Record<string, unknown>) as Partial<T>;
  const out: Record<string, unknown> = {};
  for (const name of names) {
    let value: unknown;
    try {
      value = (options as Record<string, unknown>)[name];
    } catch (e) {
      // In `spec`, which nearly every operation reads first, and in the option itself, for those that do not.
      const unreadable = new UnreadableOption(name, e);
      return { spec: unreadable, [name]: unreadable } as unknown as Partial<T>;
    }
    if (value !== undefined) out[name] = value;
  }
  return out as Partial<T>;
}

/**
 * optionsObject() for parse()'s options, which parse(), validate() and components() read once per
 * input: the three read straight into an object of one shape (an option not given is undefined), not
 * a loop that adds keys one by one (measured: the loop cost validate() a third of the scan's time).
 */
function parseOptions(options: Record<string, unknown>): { spec?: unknown; rule?: unknown; tree?: unknown; base?: unknown } {
  let name = "spec";
  try {
    const spec = options.spec;
    name = "rule";
    const rule = options.rule;
    name = "tree";
    const tree = options.tree;
    name = "base";
    const base = options.base;
    return { spec, rule, tree, base };
  } catch (e) {
    const unreadable = new UnreadableOption(name, e);
    return { spec: unreadable, [name]: unreadable };
  }
}

/** The names of an options interface, as optionsObject() takes them: a record of every key, so the compiler keeps the list whole. */
export function optionNames<T extends object>(record: Record<keyof T, true>): readonly string[] {
  return Object.keys(record);
}

/**
 * A value as a message names it, without running the caller's code (a toString that throws, an
 * object without a prototype, a Symbol, a BigInt: String() or a template literal would throw on
 * some of them).
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value.length > 64 ? value.slice(0, 61) + "..." : value);
    case "number":
    case "boolean":
    case "undefined":
      return String(value);
    case "bigint":
      return `${value.toString()}n (a BigInt)`;
    case "symbol":
      return `${value.toString()} (a Symbol)`;
    case "function":
      return "a function";
  }
  if (value === null) return "null";
  if (isUnreadable(value)) return value.toString();
  try {
    if (Array.isArray(value)) return `a list of ${describeValue(value.length)}`;
    return Object.getPrototypeOf(value) === null ? "an object without a prototype" : "an object";
  } catch {
    return "an object"; // a Proxy whose traps throw, or a revoked one
  }
}

/** `value` as the string a failure records for it: itself when a string, else describeValue(). */
export function textOf(value: unknown): string {
  return typeof value === "string" ? value : describeValue(value);
}

/** The spec asked for, as a string for messages (default defaultSpec()). */
export function specOf(spec: unknown): string {
  return spec === undefined ? defaultSpec() : textOf(spec);
}

/** The revision of `spec` (default defaultSpec()), or the unknown-spec failure (invalid-option for an option that could not be read). */
export function requireRevision(spec: unknown, rule: unknown = null): Revision | UsageFailure {
  if (isUnreadable(spec)) return unreadable(spec);
  const revision = getRevision(spec === undefined ? defaultSpec() : spec);
  if (revision) return revision;
  const specId = specOf(spec);
  const message =
    typeof spec === "string"
      ? `Unknown spec: there is no revision "${spec}";${specSuggestion(spec)} available: ${availableSpecIds().join(", ")}.${unknownSpecNote()}`
      : `Unknown spec: a revision is named by a string, not ${describeValue(spec)}; available: ${availableSpecIds().join(", ")}.${unknownSpecNote()}`;
  // A JavaScript caller may pass a rule that is no string: the failure names it as one.
  const ruleName = rule === null || rule === undefined ? null : textOf(rule);
  return { ok: false, spec: specId, rule: ruleName, error: usageError("unknown-spec", specId, ruleName, message) };
}

function unreadable(option: UnreadableOption): UsageFailure {
  return invalidOption(defaultSpec(), null, `The option ${option.name} could not be read: reading it threw ${thrownText(option.thrown)}. Pass the options as a plain object.`);
}

/** What a caller's code threw, for a message: `Error: its first line`, or the value described. */
export function thrownText(e: unknown): string {
  try {
    if (e instanceof Error) return `${e.name}: ${String(e.message).split("\n")[0]}`;
  } catch {
    // a Proxy thrown, whose traps throw
  }
  return describeValue(e);
}

/** The rule of `revision` with this published name, or the unknown-rule failure. */
export function requireRule(revision: Revision, rule: string): RuleInfo | UsageFailure {
  const info = typeof rule === "string" ? findNamedRule(revision, rule) : undefined;
  if (info) return info;
  const name = textOf(rule); // a JavaScript caller may pass a number: the failure names it as a string
  return { ok: false, spec: revision.id, rule: name, error: usageError("unknown-rule", revision.id, name, unknownRuleMessage(revision, rule)) };
}

/** Null when `input` is a string, else the not-a-string failure. */
export function requireString(input: unknown, spec: string, rule: string | null): UsageFailure | null {
  if (typeof input === "string") return null;
  return { ok: false, spec, rule, error: usageError("not-a-string", spec, rule, `The input must be a string, not ${kindOf(input)}.`) };
}

/**
 * What a value that should have been a string is, for a message: "null", "an array", "object" ...
 * (typeof's word). Runs no code of the caller's: Array.isArray() of a revoked Proxy throws, and is
 * then "a revoked Proxy".
 */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  try {
    if (Array.isArray(value)) return "an array";
  } catch {
    return "a revoked Proxy";
  }
  return typeof value;
}

/** Array.isArray(), false for a revoked Proxy (whose Array.isArray() throws). */
export function isList(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The most elements a list argument is read for (a `specs` option, check()'s policies, a path given
 * as segments, explain()'s `others`): a Proxy can claim any length, and reading 2^32 elements would
 * hang the call.
 */
export const MAX_LIST_LENGTH = 1 << 20;

/** A list argument read once (see readList()): its elements as a plain array, or why it is none, as the end of a sentence. */
export type ListReading = { ok: true; items: unknown[] } | { ok: false; why: string };

/** `head` ("takes schemes as a list of schemes") and readList()'s `why` as one sentence, without its full stop. */
export function listSentence(head: string, why: string): string {
  return `${head}${why.startsWith("not ") ? "," : ";"} ${why}`;
}

/**
 * A list argument read once, element by element, into a plain array that the caller's code can no
 * longer change or make throw: a non-list, a hole (a sparse list: `[, "a"]`), a length or an element
 * whose reading throws (a getter, a Proxy, a revoked Proxy, whose Array.isArray() throws), or a length
 * over MAX_LIST_LENGTH is `why` it is not one. Never throws.
 */
export function readList(value: unknown): ListReading {
  try {
    if (!Array.isArray(value)) return { ok: false, why: `not ${describeValue(value)}` };
    const length: unknown = value.length;
    if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0) return { ok: false, why: `its length is ${describeValue(length)}` };
    if (length > MAX_LIST_LENGTH) return { ok: false, why: `it has ${length} elements, more than the ${MAX_LIST_LENGTH} a list argument may have` };
    const items: unknown[] = [];
    for (let i = 0; i < length; i++) {
      if (!(i in value)) return { ok: false, why: `it has a hole at index ${i}` };
      items.push(value[i]);
    }
    return { ok: true, items };
  } catch (e) {
    return { ok: false, why: `reading it threw ${thrownText(e)}` };
  }
}

/** A failure for an option value the operation does not know (a policy of check(), a normalization level). */
export function invalidOption(spec: string, rule: string | null, message: string): UsageFailure {
  return { ok: false, spec, rule, error: usageError("invalid-option", spec, rule, message) };
}

/**
 * The revisions of a `specs` option: null for none given (every revision), the failure for one
 * that is no list of revision ids (a hole, a non-string: invalid-option; an unknown id: unknown-spec).
 */
export function requireSpecList(specs: unknown): string[] | null | UsageFailure {
  if (specs === undefined || specs === null) return null;
  if (isUnreadable(specs)) return unreadable(specs);
  const available = availableSpecIds();
  const list = readList(specs);
  if (!list.ok) return invalidOption(available[0], null, `${listSentence("specs must be a list of revision ids", list.why)}; available: ${available.join(", ")}.`);
  for (const spec of list.items) {
    const revision = requireRevision(spec);
    if (isFailure(revision)) return revision;
  }
  return list.items as string[];
}

/**
 * The longest valid input (in UTF-16 units, as `length` counts) whose full derivation explain() and
 * parse(x, { tree: true }) build: 2^20, a million characters. The derivation takes up to about 1,800
 * bytes per character of a valid input at its peak (a node per rule match; explain() adds a text and
 * a component per node; bench/results/tree-memory.md, the largest explain() with full), so a 10 MB
 * input needed gigabytes and ended the process (issue 25 item 5); a million characters take at most
 * about 1.8 GB. For a longer valid input, parse(x, { tree: true }) answers
 * `input-too-long` after the scan (linear, constant memory), before the derivation, and explain()
 * shows the derivation pruned to the components' rules (`pruned: true`, a few nodes whatever the
 * length); an invalid input of any length gets its syntax error (no derivation is built for it).
 * validate(), check(), parse() without a tree, compareInput() and lint() take any length.
 *
 * @example
 * import { explain, parse, MAX_TREE_INPUT } from "uri-grammars";
 * MAX_TREE_INPUT; // => 1048576
 * const long = "http://a/" + "b".repeat(MAX_TREE_INPUT);
 * const t = parse(long, { tree: true });
 * if (!t.ok) t.error.code; // => "input-too-long"
 * const x = explain(long);
 * if (x.ok) x.pruned; // => true
 */
export const MAX_TREE_INPUT = 1 << 20;

/** Null when a valid `input` is short enough for a derivation (MAX_TREE_INPUT), else the input-too-long failure. */
export function requireTreeInput(input: string, spec: string, rule: string | null): UsageFailure | null {
  if (input.length <= MAX_TREE_INPUT) return null;
  const message = `The input is valid and ${input.length} characters long, and a derivation (explain(), parse() with tree: true) is built for valid inputs of at most ${MAX_TREE_INPUT} characters: it takes up to about 1,800 bytes per character (bench/results/tree-memory.md). Judge it with validate(), check() or parse() without tree, which take any length.`;
  return { ok: false, spec, rule, error: usageError("input-too-long", spec, rule, message) };
}

export function isFailure(x: unknown): x is UsageFailure {
  return typeof x === "object" && x !== null && (x as UsageFailure).ok === false;
}

/**
 * ` Did you mean "rfc1738"?` for an id that is a revision's once case and punctuation are set aside
 * (`rfc-1738`, `RFC1738`, `draft2003`), else "".
 */
export function specSuggestion(spec: string): string {
  const key = (id: string) => id.toLowerCase().replace(/[^a-z0-9]/g, "");
  const close = availableSpecIds().filter((id) => key(id) === key(spec));
  return close.length > 0 ? ` Did you mean ${close.map((id) => `"${id}"`).join(" or ")}?` : "";
}

export function unknownRuleMessage(revision: Revision, name: unknown): string {
  const names = ruleNames(revision);
  if (typeof name !== "string") return `${revision.id} has no rule ${describeValue(name)}: a rule is named by a string. Its rules: ${names.join(", ")}.`;
  const lower = name.toLowerCase().replace(/_/g, "-");
  const close = names.filter((n) => n.toLowerCase().replace(/_/g, "-") === lower);
  // A BNF revision's names are case-sensitive: say so when only the case differs (ABNF ones find such a name).
  const caseOnly = close.some((n) => n.toLowerCase() === name.toLowerCase()) && revision.ruleNameCase !== "insensitive";
  const hint = close.length > 0 ? ` Did you mean ${close.map((n) => `"${n}"`).join(" or ")}?${caseOnly ? ` Rule names are case-sensitive in ${revision.id}'s notation (${revision.notation}); only ABNF (RFC 2234 §2.1) ignores case.` : ""}` : "";
  return `${revision.id} has no rule "${name}".${hint} Its rules: ${names.join(", ")}.`;
}
