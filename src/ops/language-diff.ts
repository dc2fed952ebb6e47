// The language difference of two revisions: for each rule they share, each component both have and
// the whole reference, whether the two accept exactly the same strings, decided on the scanners'
// DFAs (src/automata/product.ts), and where they do not, the shortest strings only one accepts:
// several per side, one per cause, each run through validate() of both revisions before it is
// shown, and explained (explain()'s sentence for the revision that rejects it, and the rules of the
// accepting derivation whose published text differs).
import { canonicalForm, materialize, minimize, type Dfa } from "../automata/dfa";
import { refine } from "../automata/alphabet";
import { compareDfas, productStep, type Candidate, type ProductStep } from "../automata/product";
import type { DerivationNode } from "../scanner/derivation";
import { parse, validate } from "../parse";
import { describeValue, invalidOption, isFailure, optionNames, optionsObject, requireRevision, requireRule, type UsageFailure } from "../request";
import { findRule, type Revision, type SpecId } from "../revisions";
import { COMPONENT_KEYS, type ComponentKey } from "../revisions/revision";
import { diffRules, type RuleSide } from "./diff";
import { explain } from "./explain";
import { referenceAutomaton, ruleAutomaton } from "./rule-automaton";
import { predicateWitnesses } from "./predicate-witnesses";

/** A string one revision accepts and the other rejects, checked with validate() of both. */
export interface LanguageWitness {
  input: string;
  acceptedBy: string;
  rejectedBy: string;
  /** Where the rejecting revision gives up: the offset of the character it cannot take, or the input's length. */
  offset: number;
  /** The rule the rejecting revision was in there (its error's rule). */
  rule: string | null;
  /** explain()'s sentence for the rejecting revision. */
  sentence: string;
  /** Rules of the accepting revision's derivation (and the rejecting rule) whose published text differs between the two, or that only one has. */
  rulesThatDiffer: { name: string; a: RuleSide | null; b: RuleSide | null }[];
}

/** One language compared: a shared rule, a component (each revision's rule for it), or the whole reference. */
export interface LanguageComparison {
  kind: "reference" | "component" | "rule";
  /** The rule's published name, the component key, or "reference". */
  name: string;
  /** The rule each revision runs ("(scheme-aware)" after a rule the scheme selects among). */
  ruleA: string;
  ruleB: string;
  /**
   * `equal`: the same strings; `different`: witnesses on at least one side; `not-compiled`: no
   * automaton for a side; `unconfirmed`: the decision and its check disagree (a bug, see `note`);
   * `undecided`: a revision checks some rule's matches by a predicate (the WHATWG valid domain),
   * which no automaton holds, and where the grammars differ or the predicates do, no witness was
   * found (see `note`).
   */
  verdict: "equal" | "different" | "not-compiled" | "unconfirmed" | "undecided";
  note?: string;
  /** Live states of each side's DFA and the pairs of the product walk. */
  states: { a: number; b: number; product: number };
  /** Strings only A accepts, only B accepts: shortest first, one per cause. */
  onlyA: LanguageWitness[];
  onlyB: LanguageWitness[];
  /** How many distinct causes each side has (witnesses shown: at most `witnesses` of them). */
  causes: { onlyA: number; onlyB: number };
  milliseconds: number;
}

/** What languageDiff() returns: whether two revisions' rules accept the same strings, with the shortest witnesses. */
export interface LanguageDiff {
  a: SpecId;
  b: SpecId;
  comparisons: LanguageComparison[];
  notes: string[];
  milliseconds: number;
}

/** The options languageDiff() reads (src/request.ts optionsObject). */
const LANGUAGE_DIFF_OPTION_NAMES = /* @__PURE__ */ optionNames<LanguageDiffOptions>({ rule: true, component: true, witnesses: true });

/** The options of `languageDiff()`. */
export interface LanguageDiffOptions {
  /** Only this rule (published name; both revisions must have it). */
  rule?: string | undefined;
  /** Only this component (`host`, `port` ...; `reference` for the whole reference). */
  component?: string | undefined;
  /** Witnesses per side and language (default 4). */
  witnesses?: number | undefined;
}

/** What a test may plant: a product construction with a mistake in it. */
export interface LanguageDiffInternals {
  step?: ProductStep;
}

/**
 * Whether two revisions accept exactly the same strings, rule by rule (every rule both have),
 * component by component and for the whole reference (scheme-aware where validate() is), decided on
 * the DFAs the scanners run; where not, the shortest strings only one accepts, several per side
 * (one per cause, the most typable first), each checked with validate() of both revisions and
 * explained. Never throws: an unknown spec, rule or component is an error value.
 *
 * @example
 * import { languageDiff } from "uri-grammars";
 * const d = languageDiff("draft-2003", "rfc3986", { rule: "host" });
 * if (d.ok) d.comparisons[0].verdict; // => "different"
 * if (d.ok) d.comparisons[0].onlyB.map((w) => w.input).includes("[va.a]"); // => true
 * const p = languageDiff("draft-2003", "rfc3986", { rule: "port" });
 * if (p.ok) p.comparisons[0].verdict; // => "equal"
 */
export function languageDiff(a: SpecId, b: SpecId, options?: LanguageDiffOptions): ({ ok: true } & LanguageDiff) | UsageFailure {
  const ra = requireRevision(a);
  if (isFailure(ra)) return ra;
  const rb = requireRevision(b);
  if (isFailure(rb)) return rb;
  const opts = optionsObject(options, LANGUAGE_DIFF_OPTION_NAMES);
  const problem = languageDiffProblem(ra, rb, opts);
  if (problem !== null) return problem;
  return { ok: true, ...compareLanguages(ra, rb, opts) };
}

/**
 * Why these options cannot be answered for these two revisions, as the error value (null: they
 * can): a rule one side lacks is parse()'s unknown-rule error for that side; a component neither
 * maps, or a witness count that is no whole number, is an invalid option.
 */
export function languageDiffProblem(a: Revision, b: Revision, opts: Partial<LanguageDiffOptions>): UsageFailure | null {
  // An option whose getter threw: optionsObject() puts it in `spec` too, which requireRevision() names.
  const readable = requireRevision((opts as { spec?: unknown }).spec ?? a.id);
  if (isFailure(readable)) return readable;
  if (opts.rule !== undefined && typeof opts.rule !== "string") return invalidOption(a.id, null, `rule must be a rule's published name (a string), not ${describeValue(opts.rule)}.`);
  const rule = opts.rule === undefined ? null : opts.rule;
  if (opts.witnesses !== undefined && !(Number.isInteger(opts.witnesses) && (opts.witnesses as number) >= 0)) return invalidOption(a.id, rule, `witnesses must be a whole number, not ${describeValue(opts.witnesses)}.`);
  if (opts.component !== undefined && typeof opts.component !== "string") return invalidOption(a.id, rule, `component must be a component's name (a string), not ${describeValue(opts.component)}.`);
  if (rule !== null) {
    for (const side of [a, b]) {
      const info = requireRule(side, rule);
      if (isFailure(info)) return info;
    }
  }
  if (opts.component !== undefined) {
    const key = String(opts.component);
    const both = sharedComponents(a, b);
    if (key !== "reference" && !both.includes(key as ComponentKey)) return invalidOption(a.id, rule, `"${key}" is no component both ${a.id} and ${b.id} map to a rule; components both have: reference, ${both.join(", ")}.`);
  }
  return null;
}

function publishedRule(r: Revision, name: string) {
  const info = findRule(r, name);
  return info && info.kind !== "helper" ? info : undefined;
}

/** Published rule names both revisions have, in A's grammar order. */
export function sharedRules(a: Revision, b: Revision): string[] {
  return a.rules.filter((r) => r.kind !== "helper" && r.published !== null && publishedRule(b, r.published)).map((r) => r.published!);
}

/** Components both revisions map to a rule. */
export function sharedComponents(a: Revision, b: Revision): ComponentKey[] {
  return COMPONENT_KEYS.filter((k) => a.components?.parts[k]?.rule && b.components?.parts[k]?.rule);
}

const dfaCache = /* @__PURE__ */ new WeakMap<Revision, Map<string, { trimmed: Dfa; minimal: Dfa } | null>>();

/** The trimmed and the minimal DFA of a rule ("" : the whole reference), once per revision and rule. */
export function revisionDfa(revision: Revision, rule: string | null): { trimmed: Dfa; minimal: Dfa } | null {
  let m = dfaCache.get(revision);
  if (!m) dfaCache.set(revision, (m = new Map()));
  const key = rule ?? "";
  if (!m.has(key)) {
    const automaton = rule === null ? referenceAutomaton(revision) : ruleAutomaton(revision, rule);
    if (automaton === null) m.set(key, null);
    else {
      const trimmed = materialize(automaton);
      m.set(key, { trimmed, minimal: minimize(trimmed) });
    }
  }
  return m.get(key)!;
}

/** Candidates (one per cause, shortest first) explained to choose the witnesses shown among; all are checked. */
const CANDIDATES_EXPLAINED = 2000;

/** languageDiff() on two descriptors (the CLI's, and the tests', which may plant a mistake). */
export function compareLanguages(a: Revision, b: Revision, opts: Partial<LanguageDiffOptions> = {}, internals: LanguageDiffInternals = {}): LanguageDiff {
  const started = now();
  const witnesses = opts.witnesses ?? 4;
  const out: LanguageDiff = { a: a.id as SpecId, b: b.id as SpecId, comparisons: [], notes: [], milliseconds: 0 };
  const texts = diffRules(a, b);
  const differing = new Map<string, { a: RuleSide | null; b: RuleSide | null }>();
  for (const x of texts.changed) differing.set(x.name, { a: x.a, b: x.b });
  for (const x of texts.added) differing.set(x.name, { a: null, b: x.b });
  for (const x of texts.removed) differing.set(x.name, { a: x.a, b: null });
  const one = (kind: LanguageComparison["kind"], name: string, ruleA: string | null, ruleB: string | null) =>
    out.comparisons.push(compareOne(a, b, kind, name, ruleA, ruleB, witnesses, differing, internals.step ?? productStep));
  const rule = opts.rule === undefined ? undefined : String(opts.rule);
  const component = opts.component === undefined ? undefined : String(opts.component);
  if (rule === undefined) {
    if (component === undefined || component === "reference") one("reference", "reference", null, null);
    for (const key of sharedComponents(a, b)) if (component === undefined || component === key) one("component", key, a.components!.parts[key]!.rule!, b.components!.parts[key]!.rule!);
    if (component === undefined) {
      for (const side of [a, b]) if (!side.components) out.notes.push(`${side.id} has no component map: only the whole reference and the rules are compared`);
      for (const key of COMPONENT_KEYS) {
        const inA = a.components?.parts[key];
        const inB = b.components?.parts[key];
        if (inA && inB && !(inA.rule && inB.rule)) out.notes.push(`${key}: ${!inA.rule ? a.id : b.id} reads it by position, without a rule of its own, so it is not compared`);
      }
    }
  }
  if (component === undefined) for (const name of rule === undefined ? sharedRules(a, b) : [rule]) one("rule", name, name, name);
  out.milliseconds = now() - started;
  return out;
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

/** Whether parse() refuses the input at a predicate (the grammar accepts it). */
function refusedByPredicate(revision: Revision, rule: string | null, input: string): boolean {
  const r = rule === null ? parse(input, { spec: revision.id as SpecId }) : parse(input, { spec: revision.id as SpecId, rule });
  return !r.ok && r.error.code === "predicate";
}

/** validate() under a rule, or without one for the whole reference. */
function accepts(spec: string, rule: string | null, input: string): boolean {
  return rule === null ? validate(input, { spec: spec as SpecId }) : validate(input, { spec: spec as SpecId, rule });
}

function compareOne(
  a: Revision,
  b: Revision,
  kind: LanguageComparison["kind"],
  name: string,
  ruleA: string | null,
  ruleB: string | null,
  witnesses: number,
  differing: Map<string, { a: RuleSide | null; b: RuleSide | null }>,
  step: ProductStep,
): LanguageComparison {
  const started = now();
  const shown = (r: Revision, rule: string | null) => rule ?? (r.schemeProductions ? `${r.topRule} (scheme-aware)` : r.topRule);
  const c: LanguageComparison = { kind, name, ruleA: shown(a, ruleA), ruleB: shown(b, ruleB), verdict: "equal", states: { a: 0, b: 0, product: 0 }, onlyA: [], onlyB: [], causes: { onlyA: 0, onlyB: 0 }, milliseconds: 0 };
  const da = revisionDfa(a, ruleA);
  const db = revisionDfa(b, ruleB);
  if (!da || !db) {
    c.verdict = "not-compiled";
    c.note = `no automaton for ${!da ? `${a.id} ${c.ruleA}` : `${b.id} ${c.ruleB}`}`;
    c.milliseconds = now() - started;
    return c;
  }
  const cmp = compareDfas(da.trimmed, db.trimmed, step);
  c.states = { a: da.minimal.size, b: db.minimal.size, product: cmp.pairs };
  c.causes = { onlyA: cmp.onlyA.length, onlyB: cmp.onlyB.length };
  // The decision checked two ways: an equality against the minimal DFAs' canonical forms (a second,
  // independent decision), every witness against validate() of both revisions.
  const joint = refine([da.minimal.classRanges, db.minimal.classRanges]);
  const sameForm = canonicalForm(da.minimal, joint.of[0]) === canonicalForm(db.minimal, joint.of[1]);
  const problems: string[] = [];
  // Candidates the accepting side's grammar takes and one of its predicates refuses (src/predicates.ts):
  // the automata hold the grammar alone, so these are no witnesses, and no mistake either.
  const refused = { onlyA: 0, onlyB: 0 };
  if (sameForm !== cmp.equal) problems.push(cmp.equal ? "the product found no difference, but the minimal DFAs differ" : "the product found differences, but the minimal DFAs are the same");
  const pick = (list: Candidate[], acc: Revision, accRule: string | null, rej: Revision, rejRule: string | null, into: LanguageWitness[], side: "onlyA" | "onlyB") => {
    // Every candidate is checked; the witnesses shown cover different causes: first one for each set
    // of differing rules the accepting derivation goes through (why one side accepts), then one for
    // each rule the rejecting side stops in (why the other does not), shortest first.
    const checked: { input: string; why: string; where: string; offset: number; rule: string | null; used: string[] }[] = [];
    for (const cand of list) {
      if (acc.predicates !== undefined && !accepts(acc.id, accRule, cand.input) && refusedByPredicate(acc, accRule, cand.input)) {
        refused[side]++;
        continue;
      }
      if (!accepts(acc.id, accRule, cand.input) || accepts(rej.id, rejRule, cand.input)) {
        problems.push(`${JSON.stringify(cand.input)} was found as accepted by ${acc.id} only, but validate() says ${acc.id} ${accepts(acc.id, accRule, cand.input) ? "accepts" : "rejects"} and ${rej.id} ${accepts(rej.id, rejRule, cand.input) ? "accepts" : "rejects"} it`);
        continue;
      }
      if (checked.length >= CANDIDATES_EXPLAINED) continue;
      const failure = rejRule === null ? parse(cand.input, { spec: rej.id as SpecId }) : parse(cand.input, { spec: rej.id as SpecId, rule: rejRule });
      if (failure.ok || failure.error.offset === null) continue; // validate() said no, on a rule it has: a syntax error
      const used = derivationRules(acc, accRule, cand.input);
      checked.push({
        input: cand.input,
        why: used.filter((n) => differing.has(n)).join(" "),
        where: `${failure.error.rule}|${failure.error.found === null ? "end" : "char"}`,
        offset: failure.error.offset,
        rule: failure.error.rule,
        used,
      });
    }
    const chosen = new Set<number>();
    for (const by of ["why", "where"] as const) {
      const seen = new Set([...chosen].map((i) => checked[i][by]));
      checked.forEach((x, i) => {
        if (chosen.size >= witnesses || chosen.has(i) || seen.has(x[by])) return;
        seen.add(x[by]);
        chosen.add(i);
      });
    }
    for (const i of [...chosen].sort((x, y) => x - y)) {
      const x = checked[i];
      into.push(explainWitness(x.input, acc, rej, rejRule, x.offset, x.rule, x.used, differing));
    }
  };
  pick(cmp.onlyA, a, ruleA, b, ruleB, c.onlyA, "onlyA");
  pick(cmp.onlyB, b, ruleB, a, ruleA, c.onlyB, "onlyB");
  // Where the predicates differ, the strings they answer differently on (a search, not a decision).
  const notes: string[] = [];
  if (refused.onlyA + refused.onlyB > 0) notes.push(`${refused.onlyA + refused.onlyB} of the grammars' shortest differences are refused by a predicate of the revision whose grammar accepts them (${[...new Set([a, b].filter((r) => r.predicates).flatMap((r) => Object.keys(r.predicates!)))].join(", ")}), so they are no witnesses`);
  if (a.predicates !== undefined || b.predicates !== undefined) {
    const found = predicateWitnesses(a, b, ruleA, ruleB, (r, rule) => revisionDfa(r, rule)?.trimmed ?? null, accepts, Math.max(1, witnesses));
    if (found.rules.length > 0) {
      const explained = (input: string, acc: Revision, rej: Revision, rejRule: string | null, accRule: string | null) => {
        const failure = rejRule === null ? parse(input, { spec: rej.id as SpecId }) : parse(input, { spec: rej.id as SpecId, rule: rejRule });
        return explainWitness(input, acc, rej, rejRule, failure.ok ? input.length : (failure.error.offset ?? 0), failure.ok ? null : failure.error.rule, derivationRules(acc, accRule, input), differing);
      };
      // Within the witnesses asked for, at least one of the predicates' (another cause) when found.
      const add = (into: LanguageWitness[], xs: string[], make: (x: string) => LanguageWitness) => {
        const fresh = xs.filter((x) => !into.some((w) => w.input === x));
        if (fresh.length === 0 || witnesses === 0) return;
        if (into.length >= witnesses) into.splice(witnesses - 1);
        for (const x of fresh) if (into.length < witnesses) into.push(make(x));
      };
      add(c.onlyA, found.onlyA, (x) => explained(x, a, b, ruleB, ruleA));
      add(c.onlyB, found.onlyB, (x) => explained(x, b, a, ruleA, ruleB));
      const n = found.onlyA.length + found.onlyB.length;
      notes.push(`the predicates differ on ${found.rules.join(", ")}: ${found.probes} of its shortest strings are answered differently; spliced into ${found.contexts} strings both accept, they gave ${n} witness${n === 1 ? "" : "es"} (a search, not a decision)`);
    }
  }
  if (problems.length > 0) {
    c.verdict = "unconfirmed";
    c.note = problems.slice(0, 3).join("; ");
  } else if (c.onlyA.length + c.onlyB.length > 0) c.verdict = "different";
  else if (cmp.equal && !notes.some((n) => n.startsWith("the predicates differ"))) c.verdict = "equal";
  else {
    // The grammars differ only where a predicate refuses, or are the same and the predicates differ
    // with no witness found: the automata cannot decide the languages.
    c.verdict = "undecided";
  }
  if (notes.length > 0) c.note = [c.note, ...notes].filter(Boolean).join("; ");
  c.milliseconds = now() - started;
  return c;
}

/** The rules of the derivation of an accepted input, in the order the derivation meets them. */
function derivationRules(revision: Revision, rule: string | null, input: string): string[] {
  const used: string[] = [];
  const tree = rule === null ? parse(input, { spec: revision.id as SpecId, tree: true }) : parse(input, { spec: revision.id as SpecId, rule, tree: true });
  const walk = (n: DerivationNode) => {
    if (!used.includes(n.rule)) used.push(n.rule);
    n.children.forEach(walk);
  };
  if (tree.ok) walk(tree.tree);
  return used;
}

function explainWitness(
  input: string,
  acc: Revision,
  rej: Revision,
  rejRule: string | null,
  offset: number,
  rule: string | null,
  used: string[],
  differing: Map<string, { a: RuleSide | null; b: RuleSide | null }>,
): LanguageWitness {
  const x = explain(input, { spec: rej.id as SpecId, ...(rejRule === null ? {} : { rule: rejRule }), others: [{ spec: acc.id, valid: true }] });
  const sentence = x.ok && x.sentence ? x.sentence : `${rej.id} rejects it at offset ${offset}.`;
  // The rules the accepting revision used for it, then the rule the rejecting one stopped in.
  const names = rule !== null && !used.includes(rule) ? [...used, rule] : used;
  const rulesThatDiffer = names.filter((n) => differing.has(n)).map((n) => ({ name: n, ...differing.get(n)! }));
  return { input, acceptedBy: acc.id, rejectedBy: rej.id, offset, rule, sentence, rulesThatDiffer };
}
