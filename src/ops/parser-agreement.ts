// The two definitions of "valid" a document can give (the WHATWG URL Standard: §4.3's writing grammar,
// and §4.4's "the parser returns a URL and reports no validation error"; whatwg/url issue 704 says
// they are unlikely to be equal), compared on strings taken systematically from the grammar's own
// automaton for each class of base URL, and on any strings the caller adds (a generator's, WPT's).
//
// Systematic strings, per start rule (the minimal DFA of the rule, src/ops/language-diff.ts): through
// every transition, each class read at its most typable unit and at the two ends of each of its
// ranges (the boundaries), completed by the shortest way to acceptance (strings of the language); and
// for every transition the automaton lacks, that unit inserted where the state was reached before
// the shortest completion (near misses, one edit from the language). What this proves and what it
// samples: the grammar side is decided by the DFA and the predicate exactly for each string; the
// comparison is as good as the strings: a difference needs a string to show it. Disagreements are
// grouped into classes by what sets them apart (the parser's validation errors, or the grammar rule
// where the string stops being valid), each with its shortest witness.
import type { Dfa } from "../automata/dfa";
import { parse } from "../parse";
import { describeValue, invalidOption, isFailure, optionNames, optionsObject, requireRevision, type UsageFailure } from "../request";
import type { Revision, SpecId } from "../revisions";
import { revisionDfa } from "./language-diff";
import { dfaPaths } from "./predicate-witnesses";

/** One class of strings on which the two definitions answer differently. */
export interface DisagreementClass {
  /** "grammar": valid by the grammar only; "parser": valid by the parser's definition only. */
  validBy: "grammar" | "parser";
  /**
   * What sets the class apart: for validBy "grammar", the parser's answer ("failure", or its
   * validation errors joined by ", "); for "parser", the rule the grammar's error names.
   */
  cause: string;
  /** Strings in the class. */
  count: number;
  /** The shortest string in the class (the first found among the shortest). */
  shortest: string;
  /** Up to three more, shortest first. */
  examples: string[];
}

/** The comparison for one class of base URL. */
export interface BaseAgreement {
  /** The class (the grammar's @base-rule class; "none" without a base). */
  baseClass: string;
  /** The base URL the class was tried with (null: none). */
  base: string | null;
  /** The start rule the class selects. */
  rule: string;
  /** Strings taken from the rule's automaton. */
  systematic: number;
  /** Strings the caller gave. */
  given: number;
  /** Strings valid by the grammar, and by the parser's definition. */
  validByGrammar: number;
  validByParser: number;
  /** Strings on which both answer the same. */
  agree: number;
  /** The disagreements, by class, largest first. */
  classes: DisagreementClass[];
}

export interface ParserAgreement {
  spec: SpecId;
  /** The parser compared with ("WHATWG URL parser (whatwg-url 17.3.0)"). */
  parser: string;
  bases: BaseAgreement[];
  /** Milliseconds taken. */
  ms: number;
}

export interface ParserAgreementOptions {
  /** Take strings from the grammar's automata (default true). */
  systematic: boolean;
  /** More strings for a class of base URL (a generator's, a test suite's). */
  inputs?: (baseClass: string) => Iterable<string>;
  /** Only these classes of base URL (default: every class the grammar names). */
  classes?: readonly string[];
}

/**
 * The grammar of a revision whose document defines a parser too (Revision.parser) against that
 * parser's own definition of valid, for each class of base URL. An error value for a revision with no
 * parser or an option that is not one.
 */
export function parserAgreement(spec: SpecId, options?: Partial<ParserAgreementOptions>): ({ ok: true } & ParserAgreement) | UsageFailure {
  const revision = requireRevision(spec);
  if (isFailure(revision)) return revision;
  return parserAgreementOf(revision, options);
}

/** parserAgreement() on a descriptor (the tests', which may plant a grammar beside a parser it does not follow). */
export function parserAgreementOf(revision: Revision, options?: Partial<ParserAgreementOptions>): ({ ok: true } & ParserAgreement) | UsageFailure {
  const opts = optionsObject(options, PARSER_AGREEMENT_OPTION_NAMES);
  // An option whose getter threw: optionsObject() puts it in `spec` too, which requireRevision() names.
  const readable = requireRevision((opts as { spec?: unknown }).spec ?? revision.id);
  if (isFailure(readable)) return readable;
  const bad = (message: string) => invalidOption(revision.id, null, message);
  if (revision.parser === undefined) return bad(`${revision.id} defines no parser beside its grammar: there is no second definition of valid to compare with (the revisions with one show a parser row in compare()).`);
  if (opts.systematic !== undefined && typeof opts.systematic !== "boolean") return bad(`systematic must be true or false, not ${describeValue(opts.systematic)}.`);
  if (opts.inputs !== undefined && typeof opts.inputs !== "function") return bad(`inputs must be a function from a class of base URL to strings, not ${describeValue(opts.inputs)}.`);
  const classes = classesOf(revision);
  let only: string[] | undefined;
  if (opts.classes !== undefined) {
    const given: unknown = opts.classes;
    let list: unknown[] = [];
    try {
      list = Array.isArray(given) ? [...(given as unknown[])] : [];
    } catch {
      list = [given];
    }
    const unknown = Array.isArray(given) ? list.filter((c) => typeof c !== "string" || !classes.some((k) => k.baseClass === c)) : [given];
    if (unknown.length > 0) return bad(`classes must list classes of base URL of ${revision.id} (${classes.map((k) => k.baseClass).join(", ")}); not ${unknown.map(describeValue).join(", ")}.`);
    only = list as string[];
  }
  const started = Date.now();
  const bases: BaseAgreement[] = [];
  for (const k of classes) {
    if (only !== undefined && !only.includes(k.baseClass)) continue;
    const found = opts.systematic === false ? [] : systematicStrings(revision, k.rule);
    let given: Iterable<string> = [];
    try {
      given = opts.inputs?.(k.baseClass) ?? [];
      bases.push(compareOn(revision, k, found, given));
    } catch (e) {
      return bad(`inputs(${JSON.stringify(k.baseClass)}) failed: ${e instanceof Error ? e.message : String(e)}.`);
    }
  }
  return { ok: true, spec: revision.id, parser: revision.parser.label, bases, ms: Date.now() - started };
}

/** The options parserAgreement() reads (src/request.ts optionsObject). */
const PARSER_AGREEMENT_OPTION_NAMES = /* @__PURE__ */ optionNames<ParserAgreementOptions>({ systematic: true, inputs: true, classes: true });

/** The classes of base URL of a revision with their start rules and example bases ("none" alone without @base-rule). */
function classesOf(revision: Revision): { baseClass: string; base: string | null; rule: string }[] {
  const how = revision.baseRules;
  if (how === undefined) return [{ baseClass: "none", base: null, rule: revision.topRule }];
  return Object.entries(how.rules).map(([baseClass, rule]) => ({ baseClass, base: how.examples[baseClass] ?? null, rule }));
}

/** The strings through every transition of a rule's minimal DFA, and one edit outside it (see the head of the file). */
export function systematicStrings(revision: Revision, rule: string): string[] {
  const dfa = revisionDfa(revision, rule);
  return dfa === null ? [] : transitionCover(dfa.minimal);
}

/** Strings through every transition of a DFA at each class's boundaries, and near misses one unit outside it. */
export function transitionCover(d: Dfa): string[] {
  const { reps, order, prefix, completion } = dfaPaths(d);
  const units = d.classRanges.map((r, c) => {
    const u = new Set([reps[c]]);
    for (let i = 0; i + 1 < r.length; i += 2) (u.add(String.fromCharCode(r[i])), u.add(String.fromCharCode(r[i + 1])));
    return [...u];
  });
  const out = new Set<string>();
  for (const s of order) {
    const here = completion(s);
    if (here === null) continue;
    for (let c = 0; c < d.k; c++) {
      const t = d.next[s * d.k + c];
      const rest = t >= 0 ? completion(t) : here;
      if (rest === null) continue;
      for (const u of t >= 0 ? units[c] : [reps[c]]) out.add(prefix[s] + u + rest);
    }
    out.add(prefix[s] + here);
  }
  return [...out];
}

/** Both definitions on the strings of one class of base URL. */
function compareOn(revision: Revision, k: { baseClass: string; base: string | null; rule: string }, systematic: readonly string[], given: Iterable<string>): BaseAgreement {
  const parser = revision.parser!;
  const result: BaseAgreement = { baseClass: k.baseClass, base: k.base, rule: k.rule, systematic: systematic.length, given: 0, validByGrammar: 0, validByParser: 0, agree: 0, classes: [] };
  const byCause = new Map<string, DisagreementClass>();
  const one = (input: string) => {
    const tree = parse(input, k.base === null ? { spec: revision.id } : { spec: revision.id, base: k.base });
    const byParser = parser.validity(input, k.base ?? undefined);
    const grammarValid = tree.ok;
    const parserValid = byParser !== null && byParser.parsed && byParser.validationErrors.length === 0;
    if (grammarValid) result.validByGrammar++;
    if (parserValid) result.validByParser++;
    if (grammarValid === parserValid) return void result.agree++;
    const cause = grammarValid
      ? byParser === null || !byParser.parsed ? "failure" : [...new Set(byParser.validationErrors)].join(", ")
      : tree.ok ? "" : tree.error.rule ?? "(no rule)";
    const key = `${grammarValid ? "grammar" : "parser"}\u0000${cause}`;
    let entry = byCause.get(key);
    if (!entry) byCause.set(key, (entry = { validBy: grammarValid ? "grammar" : "parser", cause, count: 0, shortest: input, examples: [] }));
    entry.count++;
    entry.examples.push(input);
    entry.examples.sort((x, y) => x.length - y.length || (x < y ? -1 : x > y ? 1 : 0));
    if (entry.examples.length > 4) entry.examples.length = 4;
    entry.shortest = entry.examples[0];
  };
  for (const s of systematic) one(s);
  for (const s of given) {
    if (typeof s !== "string") continue;
    result.given++;
    one(s);
  }
  result.classes = [...byCause.values()].map((c) => ({ ...c, examples: c.examples.slice(1) })).sort((x, y) => y.count - x.count || x.shortest.length - y.shortest.length);
  return result;
}
