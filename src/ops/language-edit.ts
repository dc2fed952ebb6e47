// The grammar sandbox: a revision's published grammar with rules the user rewrote (in the revision's
// own notation, read by its reader: src/published/edit.ts), compared with the grammar as published,
// language by language: the edited rules and every rule that reaches them. Each language is decided
// exactly, as `diff --languages` decides two revisions': both grammars compiled to one minimal DFA
// per rule (src/automata/published.ts: context-free semantics, no ordered choice), their product
// walked breadth first (src/automata/product.ts); where they differ, the shortest strings the edit
// lost and gained, one per cause. Every witness is checked by the Earley recognizer on both grammars
// (src/published/earley.ts, which shares none of the automata's code), and the equality by the
// minimal DFAs' canonical forms; a disagreement makes the language "unconfirmed" (a bug, never an
// answer). The answer has the shape of languageDiff()'s, A the grammar as published, B as edited.
import { PUBLISHED_SOURCES } from "../../generated/published-sources";
import { refine } from "../automata/alphabet";
import { canonicalForm, minimize, stopOffset, type Dfa } from "../automata/dfa";
import { compareDfas, productStep, type Candidate, type ProductStep } from "../automata/product";
import { publishedAutomata } from "../automata/published";
import { compiled, recognize } from "../published/earley";
import { editPublished, type EditedRule, type EditProblem, type PublishedSources } from "../published/edit";
import { findPublishedRule, referencedNames, type PublishedGrammar, type PublishedRule } from "../published/model";
import { characterAt, describeCharacter, lineAndColumn, type PlacedError } from "../errors";
import { describeValue, invalidOption, isFailure, optionNames, optionsObject, readList, requireRevision, type UsageFailure } from "../request";
import type { SpecId } from "../revisions";
import type { RuleSide } from "./diff";
import type { LanguageComparison, LanguageWitness } from "./language-diff";

/** The options of `languageEdit()`. */
export interface LanguageEditOptions {
  /** Only this rule's language (published name): one of the edited rules or a rule that reaches one. */
  rule?: string | undefined;
  /** Witnesses per side and language (default 4). */
  witnesses?: number | undefined;
}

const LANGUAGE_EDIT_OPTION_NAMES = /* @__PURE__ */ optionNames<LanguageEditOptions>({ rule: true, witnesses: true });

/** A rule an edit defines: the published text it replaces (null: a rule the grammar did not have) and the edit's. */
export interface EditedRuleText {
  name: string;
  /** Which edit (0-based). */
  edit: number;
  before: RuleSide | null;
  after: RuleSide;
}

/** What languageEdit() returns: per language, whether the edit changed it, and the shortest strings it lost (onlyA) and gained (onlyB). */
export interface LanguageEdit {
  spec: SpecId;
  /** The published-grammar file edited (relative to the repository). */
  file: string;
  notation: string;
  /** Names the two sides as the witnesses do: `rfc3986` and `rfc3986 as edited`. */
  a: string;
  b: string;
  rules: EditedRuleText[];
  /** The edited rules first, then every rule that reaches one, in the grammar's order. */
  comparisons: LanguageComparison[];
  notes: string[];
  milliseconds: number;
}

/** A parse error in an edit: parse()'s error value (a syntax error, so placed), at its offset in that edit's text. */
export interface EditError extends PlacedError {
  /** Which edit (0-based, in the order given). */
  edit: number;
  /** The edit's text. */
  text: string;
}

/** What languageEdit() returns: the comparison, an edit that does not read (at its offset), or a usage failure. */
export type LanguageEditResult = ({ ok: true } & LanguageEdit) | { ok: false; error: EditError } | UsageFailure;

/** What a test may plant: a product construction with a mistake, or witnesses changed before they are checked. */
export interface LanguageEditInternals {
  step?: ProductStep;
  witness?: (input: string) => string;
  /** The grammars' texts (default: the repository's, generated/published-sources.ts). */
  sources?: PublishedSources;
}

/**
 * The languages of a revision's published grammar with some rules rewritten, against the grammar as
 * published: each edit is one rule in the revision's notation (`port = 1*DIGIT` in ABNF,
 * `port = 1*digit` in RFC 822-style BNF, `port` then an indented definition in the 1993/1994 ad-hoc
 * BNF), replacing the rule of that name or adding a rule the grammar lacks. Never throws: an edit
 * that does not read is an error value at its offset in that edit (`edit`: which one).
 *
 * @example
 * import { languageEdit } from "uri-grammars";
 * const d = languageEdit("rfc3986", ["port = 1*DIGIT"], { rule: "port" });
 * if (d.ok) d.comparisons[0].onlyA.map((w) => w.input); // => [""]
 * const e = languageEdit("rfc3986", ["port = 1*"]);
 * if (!e.ok) e.error.offset; // => 9
 */
export function languageEdit(spec: SpecId, edits: readonly string[], options?: LanguageEditOptions): LanguageEditResult {
  return compareEdit(spec, edits, options);
}

/** languageEdit() with what a test or the explorer's worker may change (src/web/worker). */
export function compareEdit(spec: unknown, edits: unknown, options?: LanguageEditOptions, internals: LanguageEditInternals = {}): LanguageEditResult {
  const started = now();
  const revision = requireRevision(spec);
  if (isFailure(revision)) return revision;
  const opts = optionsObject(options, LANGUAGE_EDIT_OPTION_NAMES) as Partial<LanguageEditOptions>;
  const readable = requireRevision((opts as { spec?: unknown }).spec ?? revision.id);
  if (isFailure(readable)) return readable;
  // The list read once into a plain array (a Proxy may claim any length: readList() stops at MAX_LIST_LENGTH).
  const list = readList(edits);
  if (!list.ok || list.items.length === 0 || !list.items.every((e) => typeof e === "string")) return invalidOption(revision.id, null, `edits must be a non-empty list of rules (strings) in ${revision.id}'s notation, not ${list.ok ? describeValue(edits) : `a list: ${list.why}`}.`);
  if (opts.witnesses !== undefined && !(Number.isInteger(opts.witnesses) && (opts.witnesses as number) >= 0)) return invalidOption(revision.id, null, `witnesses must be a whole number, not ${describeValue(opts.witnesses)}.`);
  if (opts.rule !== undefined && typeof opts.rule !== "string") return invalidOption(revision.id, null, `rule must be a rule's published name (a string), not ${describeValue(opts.rule)}.`);
  const sources = internals.sources ?? PUBLISHED_SOURCES;
  if (!Object.prototype.hasOwnProperty.call(sources, revision.id)) return invalidOption(revision.id, null, `${revision.id} has no published grammar (grammar/${revision.id}/published.*) to edit.`);
  const texts = list.items as string[];
  const r = editPublished(revision.id, sources, texts);
  if (!r.ok) return { ok: false, error: editError(revision.id, texts, r.problems[0]!) };
  const { original, edited } = r;
  const a = revision.id;
  const b = `${revision.id} as edited`;
  const names = comparedRules(original, edited, r.rules);
  const rule = opts.rule === undefined ? undefined : findPublishedRule(edited, opts.rule)?.name;
  if (opts.rule !== undefined && (rule === undefined || !names.includes(rule))) {
    return invalidOption(revision.id, opts.rule, names.length === 0
      ? `${opts.rule} is not a language the edit can change: the edit only adds rules (${r.rules.map((x) => x.name).join(", ")}), and no rule of ${revision.id} uses them.`
      : `${opts.rule} is not a language the edit can change: the edited rules and the rules that reach them are ${names.join(", ")}.`);
  }
  const out: LanguageEdit = {
    spec: revision.id as SpecId,
    file: sources[revision.id]!.file,
    notation: original.notation,
    a,
    b,
    rules: r.rules.map((x) => ruleText(x)),
    comparisons: [],
    notes: [],
    milliseconds: 0,
  };
  for (const x of r.rules) if (x.before === null) out.notes.push(`${x.name} is a new rule (${revision.id} has none of that name): its language is not compared, the rules that use it are`);
  const automataA = publishedAutomata(original);
  const automataB = publishedAutomata(edited);
  const earleyA = compiled(original);
  const earleyB = compiled(edited);
  const witnesses = opts.witnesses ?? 4;
  const step = internals.step ?? productStep;
  const differing = r.rules.filter((x) => x.before !== null);
  for (const name of rule === undefined ? names : [rule]) {
    const c = compareRule(name, a, b, automataA.rule(name), automataB.rule(name), witnesses, step, internals.witness ?? ((s) => s), (input) => [recognize(earleyA, name, input) === true, recognize(earleyB, name, input) === true]);
    // The rules the edit changed that this language reaches (the edited rule itself included).
    const reach = reachable(edited, name);
    const changed = differing.filter((x) => reach.has(x.after.name)).map((x) => ({ name: x.name, a: side(x.before!), b: side(x.after) }));
    for (const w of [...c.onlyA, ...c.onlyB]) w.rulesThatDiffer = changed;
    out.comparisons.push(c);
  }
  out.milliseconds = now() - started;
  return { ok: true, ...out };
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

function side(r: PublishedRule): RuleSide {
  return { section: r.section, text: r.text };
}

function ruleText(x: EditedRule): EditedRuleText {
  return { name: x.name, edit: x.edit, before: x.before ? side(x.before) : null, after: side(x.after) };
}

/** The rules a rule reaches through its references (itself included), by the grammar's own names. */
function reachable(g: PublishedGrammar, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [findPublishedRule(g, from)?.name ?? from];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    const rule = findPublishedRule(g, n);
    if (rule) for (const m of referencedNames(rule.expr)) stack.push(findPublishedRule(g, m)?.name ?? m);
  }
  return seen;
}

/** The languages an edit can change: the edited rules both grammars have, then every rule of both that reaches one, in the edited grammar's order. */
export function comparedRules(original: PublishedGrammar, edited: PublishedGrammar, rules: readonly EditedRule[]): string[] {
  const touched = new Set(rules.map((x) => x.after.name));
  const inBoth = (n: string) => findPublishedRule(original, n) !== undefined;
  const first = rules.filter((x) => x.before !== null).map((x) => x.after.name);
  const rest = edited.rules.filter((x) => !touched.has(x.name) && inBoth(x.name) && [...reachable(edited, x.name)].some((n) => touched.has(n))).map((x) => x.name);
  return [...first, ...rest];
}

function compareRule(
  name: string,
  a: string,
  b: string,
  ra: ReturnType<ReturnType<typeof publishedAutomata>["rule"]>,
  rb: ReturnType<ReturnType<typeof publishedAutomata>["rule"]>,
  witnesses: number,
  step: ProductStep,
  plant: (input: string) => string,
  check: (input: string) => [boolean, boolean],
): LanguageComparison {
  const started = now();
  const c: LanguageComparison = { kind: "rule", name, ruleA: name, ruleB: name, verdict: "equal", states: { a: 0, b: 0, product: 0 }, onlyA: [], onlyB: [], causes: { onlyA: 0, onlyB: 0 }, milliseconds: 0 };
  if (!ra || !rb || !ra.ok || !rb.ok) {
    c.verdict = "not-compiled";
    const why = (x: typeof ra, who: string) => (!x ? `${who} has no rule ${name}` : !x.ok ? `${who}: ${x.reason}` : "");
    c.note = [why(ra, a), why(rb, b)].filter((s) => s !== "").join("; ");
    c.milliseconds = now() - started;
    return c;
  }
  const cmp = compareDfas(ra.dfa, rb.dfa, step);
  c.states = { a: ra.dfa.size, b: rb.dfa.size, product: cmp.pairs };
  c.causes = { onlyA: cmp.onlyA.length, onlyB: cmp.onlyB.length };
  const problems: string[] = [];
  const joint = refine([ra.dfa.classRanges, rb.dfa.classRanges]);
  const sameForm = canonicalForm(minimize(ra.dfa), joint.of[0]!) === canonicalForm(minimize(rb.dfa), joint.of[1]!);
  if (sameForm !== cmp.equal) problems.push(cmp.equal ? "the product found no difference, but the minimal DFAs differ" : "the product found differences, but the minimal DFAs are the same");
  const pick = (list: Candidate[], lost: boolean, into: LanguageWitness[]) => {
    for (const cand of list) {
      const input = plant(cand.input);
      const [inA, inB] = check(input);
      if (inA !== lost || inB !== !lost) {
        problems.push(`${JSON.stringify(input)} was found as accepted ${lost ? `by ${a} only` : `by ${b} only`}, but the Earley recognizer says ${a} ${inA ? "accepts" : "rejects"} and ${b} ${inB ? "accepts" : "rejects"} it`);
        continue;
      }
      if (into.length >= witnesses) continue;
      const rejecting: Dfa = lost ? rb.dfa : ra.dfa;
      const offset = Math.max(0, stopOffset(rejecting, input));
      const who = lost ? b : a;
      const sentence = offset < input.length
        ? `${who}: ${name} cannot take ${describeCharacter(input[offset]!)} at offset ${offset}.`
        : `${who}: ${name} needs more after ${input === "" ? "the empty string" : `offset ${offset}`}.`;
      into.push({ input, acceptedBy: lost ? a : b, rejectedBy: who, offset, rule: name, sentence, rulesThatDiffer: [] });
    }
  };
  pick(cmp.onlyA, true, c.onlyA);
  pick(cmp.onlyB, false, c.onlyB);
  if (problems.length > 0) {
    c.verdict = "unconfirmed";
    c.note = problems.slice(0, 3).join("; ");
  } else c.verdict = cmp.equal ? "equal" : "different";
  c.milliseconds = now() - started;
  return c;
}

/** The first problem of an edit as parse()'s error value, at its offset in that edit. */
function editError(spec: string, edits: readonly string[], p: EditProblem): EditError {
  const text = edits[p.edit] ?? "";
  const offset = Math.max(0, Math.min(p.offset, text.length));
  const { line, column } = lineAndColumn(text, offset);
  const which = edits.length > 1 ? `Edit ${p.edit + 1}` : "The edit";
  return {
    code: "syntax",
    spec,
    startRule: p.rule,
    rule: p.rule,
    section: null,
    ruleStack: p.rule ? [p.rule] : [],
    offset,
    line,
    column,
    found: characterAt(text, offset),
    expected: [],
    message: `${which}${p.rule ? ` of ${p.rule}` : ""} does not read at offset ${offset} (line ${line}, column ${column}): ${p.message}.`,
    edit: p.edit,
    text,
  };
}
