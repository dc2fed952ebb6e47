// validate() of a per-revision entry (`uri-grammars/rfc3986` ...): the same verdict as the main
// entry's validate() (src/parse.ts), from the revision's acceptance DFA alone (generated/<spec>.accept.ts)
// and the few facts of its descriptor that choose the start rule, which the build writes in
// (scripts/build-entries.mjs). Issue 27: a web page that imports `validate` from a revision's entry
// bundles this module, that DFA and nothing else: no scanner walk, no error labels, no AST tables,
// no registry. test/validator.test.ts holds it to the main validate() on every revision, every rule
// name and the options a caller may pass.
import { schemeProduction } from "./revisions/scheme-production";
import type { SchemeProductions } from "./revisions/revision";
import type { GeneratedAcceptor } from "./scanner/types";

/** What generated/<spec>.accept.ts exports to validate(). */
export type AcceptanceDfa = GeneratedAcceptor;

/** A revision's facts that choose the start rule, as the build reads them from its descriptor (JSON: Maps as entry lists). */
export interface ValidatorFacts {
  /** The revision's id: the only `spec` this validate() answers for. */
  id: string;
  /** The top rule's name (descriptor `topRule`): the start rule when none is asked for and no scheme decides. */
  topRule: string;
  /** Name a user may give -> the rule's pegName (ruleNameMaps(revision).exact, src/revisions/index.ts). */
  rules: readonly (readonly [string, string])[];
  /** The same by lower-cased name, for a revision whose notation ignores case (ruleNameMaps().folded), else null. */
  foldedRules: readonly (readonly [string, string])[] | null;
  /** The descriptor's schemeProductions, its map as an entry list; null for a revision without. */
  schemeProductions: (Omit<SchemeProductions, "productions"> & { productions: readonly (readonly [string, string])[] }) | null;
}

/** validate(input, options) of one revision: see validate() in src/parse.ts for what it answers. */
export type Validate = (input: unknown, options?: unknown) => boolean;

/**
 * The options as validate() of the main entry reads them (src/request.ts, optionsObject()): a string
 * is the revision; another non-object is no options; of an object, `spec`, `rule` and `tree` are read
 * once, in that order. Null when a read throws (the call is then false).
 */
function readOptions(options: unknown): { spec: unknown; rule: unknown } | null {
  if (typeof options === "string") return { spec: options, rule: undefined };
  if (typeof options !== "object" || options === null) return { spec: undefined, rule: undefined };
  try {
    const o = options as { spec?: unknown; rule?: unknown; tree?: unknown };
    const spec = o.spec;
    const rule = o.rule;
    void o.tree; // read as parse() reads it: a getter that throws makes the call false there too
    return { spec, rule };
  } catch {
    return null;
  }
}

/**
 * The validate() of the revision `facts` describes, over its acceptance DFA. Every step is the main
 * validate()'s (src/parse.ts, src/request.ts), in the same order, so that each answers as it does:
 * - a non-string input: false;
 * - the options: a string is the revision (`validate(x, "rfc3986")`); another non-object is no
 *   options; of an object, `spec`, `rule` and `tree` are read once, in that order, and a read that
 *   throws makes the call false (optionsObject());
 * - `spec` other than this revision's id (or undefined): false (requireRevision(): unknown-spec);
 * - no rule asked (undefined) for a scheme-aware revision: the production the scheme selects
 *   (schemeProduction(), with the descriptor's ruleSuffix); otherwise the rule asked, null or
 *   undefined meaning the top rule (targetOf()); a name no rule has: false (requireRule());
 * - then the rule's DFA over the whole input.
 */
export function validatorFor(dfa: AcceptanceDfa, facts: ValidatorFacts): Validate {
  const exact = new Map(facts.rules);
  const folded = facts.foldedRules === null ? null : new Map(facts.foldedRules);
  const how: SchemeProductions | null = facts.schemeProductions === null ? null : { ...facts.schemeProductions, productions: new Map(facts.schemeProductions.productions) };
  /** The start state of the rule a user names (findNamedRule()), or -1. */
  const startOf = (name: unknown): number => {
    if (typeof name !== "string") return -1;
    const pegName = exact.get(name) ?? folded?.get(name.toLowerCase());
    return pegName === undefined ? -1 : dfa.START[pegName];
  };
  const top = startOf(facts.topRule);
  // The start state of each production a scheme selects, found once (not a name made and looked up per input).
  const startByProduction = new Map<string, number>();
  const productionStart = (production: string): number => {
    let start = startByProduction.get(production);
    if (start === undefined) startByProduction.set(production, (start = startOf(production + (how!.ruleSuffix ?? ""))));
    return start;
  };
  return function validate(input: unknown, options?: unknown): boolean {
    if (typeof input !== "string") return false;
    const read = readOptions(options);
    if (read === null) return false;
    const { spec, rule } = read;
    if (spec !== undefined && spec !== facts.id) return false;
    let start: number;
    if (rule === undefined && how !== null) start = productionStart(schemeProduction(how, input));
    else start = rule === undefined || rule === null ? top : startOf(rule);
    return start >= 0 && dfa.accepts(start, input);
  };
}

/**
 * validate() over several revisions' own validate() (the ES module main entry's, dist/esm/index.mjs:
 * every built-in revision's part, and nothing else, so that a page that imports only `validate` from
 * `uri-grammars` bundles the twelve acceptance DFAs and not the scanners or the AST tables). The
 * options are read once, as validatorFor() reads them; `spec` (default `defaultSpec`) picks the
 * revision, which gets the same rule. An id of no revision given here: false (unknown-spec).
 */
export function validatorOfRevisions(byRevision: Readonly<Record<string, Validate>>, defaultSpec: string): Validate {
  const parts = new Map(Object.entries(byRevision));
  return function validate(input: unknown, options?: unknown): boolean {
    if (typeof input !== "string") return false;
    const read = readOptions(options);
    if (read === null) return false;
    const id = read.spec === undefined ? defaultSpec : read.spec;
    const rule = read.rule;
    const part = typeof id === "string" ? parts.get(id) : undefined;
    return part !== undefined && part(input, { spec: id, rule });
  };
}
