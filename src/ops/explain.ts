// explain: why a revision accepts or rejects an input. A valid input gets its derivation (the
// rules that matched, each with the substring it covers, tagged with the component it belongs
// to); an invalid one gets one sentence a person can act on: the character, its offset, the rule
// that needed something else, what that rule allows there, the character's class in this revision,
// and how the other revisions judge the input.
import type { DerivationNode } from "../scanner/derivation";
import { describeCharacter, percentEncode, summarizeExpected, type ParseError, type PlacedError } from "../errors";
import { parse, verdictOf, type AnyParseResult as ParseResult, type PrunedVerdict } from "../parse";
import { describeValue, invalidOption, isFailure, listSentence, optionNames, optionsObject, readList, requireRevision, requireString, requireTreeInput, thrownText, MAX_TREE_INPUT, type UsageFailure } from "../request";
import { availableSpecIds, findRule, getRevision, type Revision, type SpecId } from "../revisions";
import { COMPONENT_KEYS, type ComponentKey } from "../revisions/revision";
import { classesOf, componentsAllowing } from "./characters";
import { componentFilter, componentsOf, noComponentsNote, shortSection, type ComponentValue } from "./components";
import { lintTree, type LintNote } from "./lint";

/** One node of explain()'s derivation: the rule, its span and its children. */
export interface ExplainNode {
  rule: string;
  start: number;
  end: number;
  text: string;
  /** The innermost component this node belongs to (by the revision's component map), if any. */
  component: ComponentKey | null;
  children: ExplainNode[];
}

/** Another revision's verdict on the same input (explain()). */
export interface OtherVerdict {
  spec: string;
  valid: boolean;
  offset?: number;
}

/** What explain() says about an input: the verdict, the components or the error, notes, and what the other revisions say. */
export interface Explanation {
  input: string;
  spec: string;
  valid: boolean;
  /** The production that decided. */
  production: string | null;
  /** Valid input: the derivation, without the one-character rules (alpha, pchar ...) unless asked. */
  tree?: ExplainNode;
  components?: ComponentValue[];
  /** Invalid input: the sentence to act on. */
  sentence?: string;
  /**
   * Invalid input, for a revision whose document defines a parser beside its grammar (the WHATWG URL
   * Standard): what that parser does with the input under the top rule (no base URL), with the
   * validation errors it reports, by the standard's names (a sentence).
   */
  parser?: string;
  notes: LintNote[];
  others: OtherVerdict[];
  /** Things left out (no component map; a derivation pruned to the components). */
  remarks: string[];
  /**
   * True when `tree` holds only the component rules' nodes: a valid input over MAX_TREE_INPUT
   * characters, whose full derivation (several nodes per character) would not fit in memory.
   */
  pruned?: boolean;
}

/** The options of `explain()`. */
export interface ExplainOptions {
  /** Revision id; default `draft-2003`. */
  spec?: SpecId | undefined;
  /**
   * Start rule, by its published name (`host`, `IPv6address`); default the revision's top rule
   * (scheme-aware where parse() is). The other revisions are judged under the same rule, those
   * that have it.
   */
  rule?: string | undefined;
  /** Keep the one-character rules (alpha, pchar ...) in the derivation. */
  full?: boolean | undefined;
  /**
   * What the caller already has, so that explain does not compute it again (the explorer explains
   * every revision on every keystroke): `parse(input, { spec, tree: true })` for this input and
   * revision, and the other revisions' verdicts on the input under their default rules.
   */
  parsed?: ParseResult | undefined;
  others?: OtherVerdict[] | undefined;
}

/** An explanation (`ok: true`, for a valid and for an invalid input alike), or a usage error as parse() returns it. */
export type ExplainResult = ({ ok: true } & Explanation) | UsageFailure;

/**
 * Why a revision accepts or rejects an input. A valid input gets its derivation (every rule that
 * matched, tagged with the component it belongs to), its components and the security notes; an
 * invalid one gets one sentence to act on (the character, the rule that needed something else, what
 * it allows there, the character's class, where it may appear unescaped, how the other revisions
 * judge the input). Never throws: a non-string input or an unknown spec is parse()'s error value.
 *
 * @example
 * import { explain } from "uri-grammars";
 * const x = explain("http://a/b[1]", { spec: "draft-1997" });
 * if (x.ok && !x.valid) x.sentence?.startsWith('"[" at offset 10 stops the draft-1997 parse'); // => true
 */
export function explain(input: unknown, options?: ExplainOptions): ExplainResult;
/** @deprecated Pass the revision in the options: `explain(input, { spec, full })`. */
export function explain(input: unknown, spec: string, options?: { full?: boolean | undefined }): ExplainResult;
export function explain(input: unknown, specOrOptions?: ExplainOptions | string, legacy?: { full?: boolean | undefined }): ExplainResult {
  const options = typeof specOrOptions === "string" ? { ...optionsObject(legacy, EXPLAIN_OPTION_NAMES), spec: specOrOptions } : optionsObject(specOrOptions, EXPLAIN_OPTION_NAMES);
  const revision = requireRevision(options.spec);
  if (isFailure(revision)) return revision;
  const spec = revision.id;
  const notString = requireString(input, spec, null);
  if (notString || typeof input !== "string") return notString!;
  const given = typeof specOrOptions === "string" ? {} : readGiven(revision, input, options as Partial<ExplainOptions>);
  if (typeof given === "string") return invalidOption(spec, null, `explain() ${given}`);
  const asked: unknown = "rule" in options ? options.rule : undefined;
  if (asked !== undefined && typeof asked !== "string") return invalidOption(spec, null, `explain() takes rule as a rule's published name (a string), not ${describeValue(asked)}.`);
  const rule = asked;
  let r: GivenParse | ParseResult | PrunedVerdict = given.parsed ?? parse(input, { spec, rule, tree: true });
  if (!r.ok && r.error.code === "unknown-rule") return { ok: false, spec, rule: r.rule, error: r.error };
  // A valid input over MAX_TREE_INPUT: parse() refused its derivation. A given one is refused; our
  // own is pruned to the component rules (a few nodes, whatever the length), as compare and lint read it.
  let pruned = false;
  if (!r.ok && r.error.code === "input-too-long" && given.parsed === undefined) {
    r = verdictOf(input, { spec, rule }, componentFilter(revision) ?? (() => false));
    pruned = true;
  }
  if (!r.ok && r.error.code === "input-too-long") return { ok: false, spec, rule: r.rule, error: r.error };
  const tooLong = r.ok && !pruned ? requireTreeInput(input, spec, null) : null;
  if (tooLong) return tooLong;
  const others: OtherVerdict[] =
    given.others ??
    availableSpecIds()
      .filter((id) => id !== spec && (rule === undefined || findRule(getRevision(id)!, rule) !== undefined))
      .map((id) => {
        const o = verdictOf(input, { spec: id, rule }); // the verdict only: no AST
        return o.ok ? { spec: id, valid: true } : o.error.offset === null ? { spec: id, valid: false } : { spec: id, valid: false, offset: o.error.offset };
      });
  const out: { ok: true } & Explanation = { ok: true, input, spec, valid: r.ok, production: r.production ?? r.rule, notes: [], others, remarks: [] };
  if (!revision.components) out.remarks.push(noComponentsNote(revision));
  if (pruned) {
    out.pruned = true;
    out.remarks.push(`The input is ${input.length} characters long, over the ${MAX_TREE_INPUT} of a full derivation (MAX_TREE_INPUT: several nodes per character would not fit in memory): the derivation shows the components' rules only. Explain a part of it (a component, with rule) for every rule that matched.`);
  }
  if (r.ok && r.tree) {
    const componentOf = new Map<string, ComponentKey>();
    for (const key of COMPONENT_KEYS) {
      const part = revision.components?.parts[key];
      for (const rule of part?.rule ? [part.rule, ...(part.also ?? [])] : []) if (!componentOf.has(rule)) componentOf.set(rule, key);
    }
    out.tree = explainNode(revision, r.tree, input, componentOf, null, options.full === true);
    out.components = componentsOf(revision, r.tree, input) ?? undefined;
    out.notes = lintTree(revision, r.tree, input);
  } else if (!r.ok) {
    out.sentence = errorSentence(revision, input, r.error, others, rule);
    const said = rule === undefined || rule === revision.topRule ? parserSentence(revision, input) : null;
    if (said !== null) out.parser = said;
  }
  return out;
}

/** What the parser a revision's document defines (Revision.parser) says of an input without a base URL, as a sentence; null without one. */
function parserSentence(revision: Revision, input: string): string | null {
  const parser = revision.parser;
  const v = parser?.validity(input);
  if (!parser || !v) return null;
  const errors = [...new Set(v.validationErrors)];
  const named = errors.length === 0 ? "" : `, reporting the validation error${errors.length > 1 ? "s" : ""} ${errors.join(", ")}`;
  return v.parsed
    ? `The ${parser.label} returns a URL for it${named === "" ? " with no validation error: the two definitions of valid part here" : named}.`
    : `The ${parser.label} returns failure${named}.`;
}

/** The options explain() reads (src/request.ts optionsObject). */
const EXPLAIN_OPTION_NAMES = /* @__PURE__ */ optionNames<ExplainOptions>({ spec: true, rule: true, full: true, parsed: true, others: true });

/** What explain() reads of a `parsed` a caller passed: parse()'s answer, copied. */
type GivenParse = { ok: true; spec: string; rule: string | null; production?: string; tree: DerivationNode } | { ok: false; spec: string; rule: string | null; production?: string; error: ParseError };

/**
 * The `parsed` and `others` a caller passed, checked and copied (so that no getter of theirs runs
 * twice, and a later read cannot throw), or what is wrong with them as the end of a sentence
 * starting "explain() ". They stand for what explain computes itself, so they must have its shape:
 * `parsed` is parse(input, { spec, tree: true })'s answer for this input and revision (a success
 * with its derivation inside the input, or a failure with an error), `others` a list of
 * { spec, valid, offset? } (issue 25 item 4: a wrong one threw).
 */
function readGiven(revision: Revision, input: string, given: Partial<ExplainOptions>): { parsed?: GivenParse; others?: OtherVerdict[] } | string {
  const out: { parsed?: GivenParse; others?: OtherVerdict[] } = {};
  const takesParsed = `takes parsed as parse(input, { spec: "${revision.id}", tree: true })'s answer for this input`;
  const takesOthers = "takes others as a list of { spec, valid, offset? }, the other revisions' verdicts";
  let reading = takesParsed;
  try {
    const parsed: unknown = given.parsed;
    if (parsed !== undefined) {
      if (typeof parsed !== "object" || parsed === null) return `${takesParsed}, not ${describeValue(parsed)}.`;
      const p = parsed as Record<string, unknown>;
      const [ok, spec, rule, production] = [p.ok, p.spec, p.rule, p.production];
      if (spec !== revision.id) return `${takesParsed}; this one is for ${describeValue(spec)}.`;
      if (rule !== undefined && rule !== null && typeof rule !== "string") return `${takesParsed}; its rule is ${describeValue(rule)}.`;
      if (production !== undefined && typeof production !== "string") return `${takesParsed}; its production is ${describeValue(production)}.`;
      const head = { spec: revision.id, rule: (rule as string | undefined) ?? null, ...(production !== undefined ? { production: production as string } : {}) };
      if (ok === true) {
        const tree = copyTree(p.tree, input.length);
        if (typeof tree === "string") return `${takesParsed}; its tree ${tree}.`;
        out.parsed = { ok: true, ...head, tree };
      } else if (ok === false) {
        const error = copyParseError(p.error, input.length);
        if (error === null) return `${takesParsed}; its error is no parse error (code, offset in the input, rule, section, found, expected, message).`;
        out.parsed = { ok: false, ...head, error };
      } else return `${takesParsed}; its ok is ${describeValue(ok)}, not true or false.`;
    }
    reading = takesOthers;
    const others: unknown = given.others;
    if (others !== undefined) {
      // Read once into a plain array (a hole, a Proxy, a length that throws: no list).
      const list = readList(others);
      if (!list.ok) return `${listSentence(takesOthers, list.why)}.`;
      out.others = [];
      for (let i = 0; i < list.items.length; i++) {
        const o: unknown = list.items[i];
        const [spec, valid, offset] = typeof o === "object" && o !== null ? [(o as OtherVerdict).spec, (o as OtherVerdict).valid, (o as OtherVerdict).offset] : [];
        if (typeof spec !== "string" || typeof valid !== "boolean" || !(offset === undefined || Number.isInteger(offset))) {
          return `${takesOthers}; element ${i} is ${describeValue(o)}${typeof o === "object" && o !== null ? " without a string spec, a boolean valid and a whole-number offset (or none)" : ""}.`;
        }
        out.others.push(offset === undefined ? { spec, valid } : { spec, valid, offset });
      }
    }
  } catch (e) {
    return `${reading}; reading it threw ${thrownText(e)}.`;
  }
  return out;
}

/** A copy of a derivation a caller passed, or where it is broken (a node without a rule, a span outside the input). */
function copyTree(tree: unknown, length: number): DerivationNode | string {
  // A derivation has a few nodes per character; many more is no derivation of this input (or a cycle).
  let budget = 64 * (length + 1);
  const copy = (n: unknown): DerivationNode | string => {
    if (typeof n !== "object" || n === null) return `has a node that is ${describeValue(n)}`;
    const { rule, start, end, children } = n as Partial<DerivationNode>;
    if (typeof rule !== "string") return "has a node without a rule name";
    if (!Number.isInteger(start) || !Number.isInteger(end) || start! < 0 || end! < start! || end! > length) return `has a node (${rule}) whose span is not inside the input`;
    if (!Array.isArray(children)) return `has a node (${rule}) without a list of children`;
    if ((budget -= children.length + 1) < 0) return "has more nodes than a derivation of this input can";
    const out: DerivationNode = { rule, start: start!, end: end!, children: [] };
    for (let i = 0; i < children.length; i++) {
      const c = copy(i in children ? children[i] : null);
      if (typeof c === "string") return c;
      out.children.push(c);
    }
    return out;
  };
  return copy(tree);
}

/** A copy of a parse error a caller passed, or null when it is none (the fields errorSentence() reads). */
function copyParseError(e: unknown, length: number): ParseError | null {
  if (typeof e !== "object" || e === null) return null;
  const x = e as Record<keyof ParseError, unknown>;
  const [code, spec, startRule, rule, section, ruleStack, offset, line, column, found, expected, message] = [x.code, x.spec, x.startRule, x.rule, x.section, x.ruleStack, x.offset, x.line, x.column, x.found, x.expected, x.message];
  const stringOrNull = (v: unknown): v is string | null => v === null || typeof v === "string";
  // summarizeExpected() reads an item that starts with a quote as a JSON string.
  const item = (v: unknown) => typeof v === "string" && (!v.startsWith('"') || isJsonString(v));
  if (typeof code !== "string" || typeof message !== "string" || !Number.isInteger(offset) || (offset as number) < 0 || (offset as number) > length) return null;
  // The lists read once into plain arrays (a Proxy may claim any length: readList() stops at MAX_LIST_LENGTH).
  const expectedList = readList(expected);
  const ruleStackList = readList(ruleStack);
  if (!stringOrNull(rule) || !stringOrNull(section) || !stringOrNull(found) || !expectedList.ok || !expectedList.items.every(item)) return null;
  return {
    // A given error with an offset in the input is read as one at that place.
    code: code as PlacedError["code"],
    spec: typeof spec === "string" ? spec : "",
    startRule: typeof startRule === "string" ? startRule : null,
    rule,
    section,
    ruleStack: ruleStackList.ok ? ruleStackList.items.filter((r): r is string => typeof r === "string") : [],
    offset: offset as number,
    line: Number.isInteger(line) ? (line as number) : 1,
    column: Number.isInteger(column) ? (column as number) : 1,
    found,
    expected: expectedList.items as string[],
    message,
  };
}

function isJsonString(item: string): boolean {
  try {
    return typeof JSON.parse(item) === "string";
  } catch {
    return false;
  }
}

function explainNode(revision: Revision, node: DerivationNode, input: string, componentOf: Map<string, ComponentKey>, inherited: ComponentKey | null, full: boolean): ExplainNode {
  const component = componentOf.get(node.rule) ?? inherited;
  const children = node.children.filter((c) => full || !revision.characterRules.has(c.rule)).map((c) => explainNode(revision, c, input, componentOf, component, full));
  return { rule: node.rule, start: node.start, end: node.end, text: input.slice(node.start, node.end), component, children };
}


function othersSentence(input: string, others: OtherVerdict[]): string {
  if (others.length === 0) return "No other revision is available to compare.";
  const accept = others.filter((o) => o.valid).map((o) => o.spec);
  const reject = others.filter((o) => !o.valid).map((o) => `${o.spec} (offset ${o.offset})`);
  const parts: string[] = [];
  if (accept.length > 0) parts.push(`${accept.join(", ")} accept${accept.length === 1 ? "s" : ""} it`);
  if (reject.length > 0) parts.push(`${reject.join(", ")} reject${reject.length === 1 ? "s" : ""} it too`);
  return `Other revisions: ${parts.join("; ")}.`;
}

function errorSentence(revision: Revision, input: string, e: import("../errors").ParseError, others: OtherVerdict[], rule: string | undefined): string {
  if (e.code !== "syntax") return `${e.message} ${othersSentence(input, others)}`;
  const allows = summarizeExpected(e.expected);
  const before = ruleBefore(revision, input, e.offset, rule);
  let where: string;
  if (before) {
    const section = shortSection(findRule(revision, before.rule)?.section);
    const matched = before.text === "" ? "which starts there" : `which matched ${JSON.stringify(before.text)} before it`;
    where = `${before.rule}${section ? ` (${revision.id} ${section})` : ""}, ${matched}, cannot take it; the grammar allows ${allows} there`;
  } else {
    const section = shortSection(e.section);
    where = `${e.rule ?? "the grammar"}${section ? ` (${revision.id} ${section})` : ""} needed ${allows} there`;
  }
  if (e.found === null) {
    return `The input ends too early at offset ${e.offset}: ${where}. ${othersSentence(input, others)}`;
  }
  const ch = e.found;
  const shown = describeCharacter(ch);
  const head = `${capitalize(shown)} at offset ${e.offset} stops the ${revision.id} parse: ${where}.`;
  // draft-1997 §2.4.1 / draft-2003 §2.4.1: escaped = "%" hex hex.
  const pct = input.lastIndexOf("%", e.offset - 1);
  if (pct >= 0 && e.offset - pct <= 2) {
    return `${head} "%" at offset ${pct} starts an escape and must be followed by two hex digits; write \`%25\` for a literal percent sign. ${othersSentence(input, others)}`;
  }
  const escape = percentEncode(ch);
  const classes = classesOf(revision, ch);
  let cls: string;
  if (!revision.components) cls = "";
  else if (classes.length === 0) cls = `${capitalize(shown)} belongs to no character class of ${revision.id}`;
  else {
    const sec = shortSection(findRule(revision, classes[0])?.section);
    cls = `${capitalize(shown)} is \`${classes[0]}\` in ${revision.id}${sec ? ` ${sec}` : ""}`;
  }
  const where2 = componentsAllowing(revision, ch);
  let advice: string;
  if (escape === null) advice = "a lone surrogate cannot be escaped: repair the text";
  else if (where2.length === 0) advice = `escape it as \`${escape}\``;
  else advice = `it may appear unescaped only in: ${where2.join(", ")}; if it is data here, escape it as \`${escape}\``;
  const middle = cls ? `${cls}: ${advice}.` : `${capitalize(advice)}.`;
  return `${head} ${middle} ${othersSentence(input, others)}`;
}

/**
 * The rule that was being extended where the input stopped matching: the deepest rule (above the
 * one-character rules) that ends at `offset` in the derivation of the input before it. Null when
 * that prefix is not itself valid (then the parser's own failing rule is used).
 */
export function ruleBefore(revision: Revision, input: string, offset: number, rule?: string): { rule: string; text: string } | null {
  // Only nodes that end at `offset` can be the answer, and their ancestors all end there too (the
  // prefix ends there): a derivation pruned to them has the same nodes at the same depths, in the
  // same order, and costs a handful of nodes instead of several per character of the prefix.
  const p = verdictOf(input.slice(0, offset), { spec: revision.id, rule }, (_rule, _start, end) => end === offset);
  if (!p.ok) return null;
  let best: DerivationNode | null = null;
  let bestDepth = -1;
  const walk = (n: DerivationNode, depth: number) => {
    if (n.end === offset && !revision.characterRules.has(n.rule) && depth > bestDepth) {
      best = n;
      bestDepth = depth;
    }
    for (const c of n.children) if (c.start <= offset && c.end >= offset) walk(c, depth + 1);
  };
  walk(p.tree, 0);
  const found = best as DerivationNode | null;
  return found ? { rule: found.rule, text: input.slice(found.start, found.end) } : null;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export { summarizeExpected };
