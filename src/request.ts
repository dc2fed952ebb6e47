// What every public operation checks before it works: the options object, the revision, the rule,
// the input's type. Each problem is the error value parse() returns for it (same code, same message),
// so that no operation throws on bad input, an unknown spec or an unknown rule, and all of them
// answer the same way.
import { usageError, type ParseError } from "./errors";
import { availableSpecIds, DEFAULT_SPEC, findRule, getRevision, ruleNames, type Revision } from "./revisions";
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

/** The options argument as an object: a missing or non-object argument reads as no options. */
export function optionsObject<T extends object>(options: T | null | undefined): Partial<T> {
  return typeof options === "object" && options !== null ? options : {};
}

/** The spec asked for, as a string for messages (default DEFAULT_SPEC). */
export function specOf(spec: unknown): string {
  return spec === undefined ? DEFAULT_SPEC : String(spec);
}

/** The revision of `spec` (default DEFAULT_SPEC), or the unknown-spec failure. */
export function requireRevision(spec: unknown, rule: unknown = null): Revision | UsageFailure {
  const specId = specOf(spec);
  const revision = getRevision(specId);
  if (revision) return revision;
  const message = `Unknown spec: there is no revision "${specId}"; available: ${availableSpecIds().join(", ")}.`;
  // A JavaScript caller may pass a rule that is no string: the failure names it as one.
  const ruleName = rule === null || rule === undefined ? null : String(rule);
  return { ok: false, spec: specId, rule: ruleName, error: usageError("unknown-spec", specId, ruleName, message) };
}

/** The rule of `revision` with this published name, or the unknown-rule failure. */
export function requireRule(revision: Revision, rule: string): RuleInfo | UsageFailure {
  const info = findRule(revision, rule);
  if (info) return info;
  const name = String(rule); // a JavaScript caller may pass a number: the failure names it as a string
  return { ok: false, spec: revision.id, rule: name, error: usageError("unknown-rule", revision.id, name, unknownRuleMessage(revision, name)) };
}

/** Null when `input` is a string, else the not-a-string failure. */
export function requireString(input: unknown, spec: string, rule: string | null): UsageFailure | null {
  if (typeof input === "string") return null;
  const got = input === null ? "null" : Array.isArray(input) ? "an array" : typeof input;
  return { ok: false, spec, rule, error: usageError("not-a-string", spec, rule, `The input must be a string, not ${got}.`) };
}

/** A failure for an option value the operation does not know (a policy of check(), a normalization level). */
export function invalidOption(spec: string, rule: string | null, message: string): UsageFailure {
  return { ok: false, spec, rule, error: usageError("invalid-option", spec, rule, message) };
}

export function isFailure(x: unknown): x is UsageFailure {
  return typeof x === "object" && x !== null && (x as UsageFailure).ok === false;
}

export function unknownRuleMessage(revision: Revision, name: string): string {
  const names = ruleNames(revision);
  const lower = String(name).toLowerCase().replace(/_/g, "-");
  const close = names.filter((n) => n.toLowerCase().replace(/_/g, "-") === lower);
  const hint = close.length > 0 ? ` Did you mean ${close.map((n) => `"${n}"`).join(" or ")}?` : "";
  return `${revision.id} has no rule "${name}".${hint} Its rules: ${names.join(", ")}.`;
}
