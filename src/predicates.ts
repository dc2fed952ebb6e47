// The checks a grammar names with `@predicate NAME` on a rule (Revision.predicates): what the
// document states in words that no grammar states (the WHATWG URL Standard's "valid domain", §3.4:
// UTS #46 ToASCII with strict flags, then the ends in a number checker). The rule matches a superset
// of what the check accepts; once the scanner accepts an input, each match of such a rule is read off
// the scanner's walk (pruned to those rules) and handed to its predicate, and the first refusal is
// the input's error, at the match's offset. A revision without predicates pays nothing.
import { characterAt, lineAndColumn, type ParseError } from "./errors";
import type { Predicate, Revision } from "./revisions/revision";
import type { DerivationNode } from "./scanner/derivation";

/** A revision's predicate rules: published name -> the predicate's name and function. */
interface PredicateRules {
  readonly byRule: ReadonlyMap<string, { name: string; check: Predicate; section: string | null }>;
  readonly names: ReadonlySet<string>;
  /** checkedSlots()' answers, per list of slots. */
  readonly resolved: WeakMap<readonly (readonly [number, string])[], readonly CheckedSlot[]>;
}

const cache = /* @__PURE__ */ new WeakMap<Revision, PredicateRules | null>();

/** The predicate rules of a revision (null when it has none), made once per revision. */
export function predicateRules(revision: Revision): PredicateRules | null {
  let p = cache.get(revision);
  if (p !== undefined) return p;
  const byRule = new Map<string, { name: string; check: Predicate; section: string | null }>();
  for (const r of revision.rules) {
    if (r.predicate === undefined) continue;
    const check = revision.predicates?.[r.predicate];
    // A grammar that names a predicate its descriptor does not give is a build mistake: the rule is
    // then read as the grammar states it (the test of every descriptor holds the two in step).
    if (check !== undefined) byRule.set(r.published ?? r.pegName, { name: r.predicate, check, section: r.section });
  }
  p = byRule.size === 0 ? null : { byRule, names: new Set(byRule.keys()), resolved: new WeakMap() };
  cache.set(revision, p);
  return p;
}

/**
 * The error of an input the scanner accepted from `pegName` (published name `startRule`) when a
 * predicate refuses one of its matches (the first, in input order), or null when every match passes
 * or the revision has no predicates.
 */
export function predicateFailure(revision: Revision, startRule: string, pegName: string, input: string): ParseError | null {
  const rules = predicateRules(revision);
  if (rules === null) return null;
  const stack: DerivationNode[] = revision.scanner.walk(pegName, input, rules.names).slice().reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    const rule = rules.byRule.get(node.rule);
    if (rule !== undefined) {
      const refused = refusal(revision, startRule, node.rule, rule, input, node.start, node.end);
      if (refused !== null) return refused;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return null;
}

/** A capture slot of a start rule's tagged DFA whose match a predicate checks, its rule resolved (checkedSlots()). */
export interface CheckedSlot {
  readonly slot: number;
  readonly name: string;
  readonly rule: { name: string; check: Predicate; section: string | null };
}

/**
 * The slots of an AstEntry's `predicates` (capture slots and rule names) whose rule has a predicate
 * in the revision, resolved once per list: a start rule's target keeps them, so that an input's
 * check looks nothing up.
 */
export function checkedSlots(revision: Revision, slots: readonly (readonly [number, string])[]): readonly CheckedSlot[] {
  const rules = predicateRules(revision);
  if (rules === null) return [];
  let out = rules.resolved.get(slots);
  if (out !== undefined) return out;
  out = slots.filter(([, name]) => rules.byRule.has(name)).map(([slot, name]) => ({ slot, name, rule: rules.byRule.get(name)! }));
  rules.resolved.set(slots, out);
  return out;
}

/**
 * predicateFailure() for a start rule whose tagged DFA records the checked rules' matches (AstEntry's
 * `predicates`: capture slots and rule names; `c`: the capture array of the input): the same error,
 * without the walk. The matches are checked in input order, as the walk meets them.
 */
export function predicateFailureAt(revision: Revision, startRule: string, input: string, c: Int32Array, slots: readonly (readonly [number, string])[]): ParseError | null {
  return predicateFailureAtSlots(revision, startRule, input, c, checkedSlots(revision, slots));
}

/** predicateFailureAt() over the slots checkedSlots() resolved. */
export function predicateFailureAtSlots(revision: Revision, startRule: string, input: string, c: Int32Array, slots: readonly CheckedSlot[]): ParseError | null {
  // Most start rules hold one checked match (a host): no list to sort.
  let first: CheckedSlot | null = null;
  let firstStart = -1;
  let matched = 0;
  for (let k = 0; k < slots.length; k++) {
    const start = c[slots[k].slot];
    if (start < 0) continue;
    matched++;
    if (first === null || start < firstStart) (first = slots[k]), (firstStart = start);
  }
  if (first === null) return null;
  if (matched === 1) return refusal(revision, startRule, first.name, first.rule, input, firstStart, c[first.slot + 1]);
  const order = slots.filter((s) => c[s.slot] >= 0).sort((a, b) => c[a.slot] - c[b.slot]);
  for (const { slot, name, rule } of order) {
    const refused = refusal(revision, startRule, name, rule, input, c[slot], c[slot + 1]);
    if (refused !== null) return refused;
  }
  return null;
}

/** The error of a checked rule's match its predicate refuses (null when it passes). */
function refusal(revision: Revision, startRule: string, ruleName: string, rule: { name: string; check: Predicate; section: string | null }, input: string, start: number, end: number): ParseError | null {
  // The predicate's shortcut, where it has one, on the match in place (Predicate.passesAt).
  const passesAt = rule.check.passesAt;
  if (passesAt !== undefined && passesAt(input, start, end)) return null;
  const text = input.slice(start, end);
  const r = safely(rule.check, text);
  if (r.ok) return null;
  const { line, column } = lineAndColumn(input, start);
  return {
    code: "predicate",
    spec: revision.id,
    startRule,
    rule: ruleName,
    section: rule.section,
    ruleStack: [startRule, ruleName].filter((x, i, a) => a.indexOf(x) === i),
    offset: start,
    line,
    column,
    found: characterAt(input, start),
    expected: [],
    message: `At offset ${start}, ${JSON.stringify(text)} is a ${ruleName} by the grammar, but not a valid one (${rule.name}, ${r.step}): ${r.message}`,
    predicate: { name: rule.name, check: r.check, step: r.step },
  };
}

/** A predicate's answer; a predicate that throws (it must not) refuses with what it threw. */
function safely(check: Predicate, text: string): ReturnType<Predicate> {
  try {
    return check(text);
  } catch (e) {
    return { ok: false, check: "internal", step: "none", message: `the check threw: ${String(e)}` };
  }
}
