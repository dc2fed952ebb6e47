// parse(): run one revision's scanner from one start rule, build the AST, and turn a rejection
// into an error value. Data flow: grammar -> generated scanner -> derivation -> AST.
//
// The scanner (generated/<spec>.scanner.ts, scripts/compile-scanner.mjs) is a DFA per start rule
// and a walk that builds the derivation of an accepted input; both are linear in the input. A
// rejected input is diagnosed from the state the DFA stopped in (src/diagnose.ts).
import { collectNodes, type DerivationNode } from "./scanner/derivation";
import { syntaxError } from "./diagnose";
import type { ParseError } from "./errors";
import { acceptorOf, defaultRule, registryVersion, schemeProduction, type Revision } from "./revisions";
import { registryInForce, type Registry } from "./revisions/scope";
import type { DefaultSpec, RuleName, SpecId } from "./revisions";
import type { RuleAst, TopAst } from "./revisions/revision";
import { isFailure, optionsObject, requireRevision, requireRule, requireString, requireTreeInput, specOf } from "./request";
import type { GeneratedScanner, NodeFilter } from "./scanner/types";
import { capture, wholeMatch, type AstEntry } from "./scanner/tagged";
import { walkCaptures } from "./scanner/walk-captures";
import { checkedSlots, predicateFailure, predicateFailureAtSlots, predicateRules, type CheckedSlot } from "./predicates";
import { ruleForBase } from "./base";

export { unknownRuleMessage } from "./request";

/**
 * The options of `parse()`. `S` is the revision, `R` the start rule, `T` whether the derivation is
 * asked for: all are inferred from the literals you pass, so `parse(x, { spec: "draft-1997", tree:
 * true })` is typed with draft-1997's URL-reference AST and a `tree`, and `parse(x, { spec:
 * "rfc3986", rule: "authority" })` with the AST of rfc3986's authority rule.
 */
export interface ParseOptions<S extends SpecId = SpecId, T extends boolean = boolean, R extends string = string> {
  /** Revision id; default `draft-2003` (DEFAULT_SPEC). Every revision is offered (NoInfer: S comes from what you pass). */
  spec?: S | NoInfer<SpecId> | undefined;
  /**
   * Start rule, by its published name (`URI-reference`, `IPv6address`, `hostport`); default the
   * revision's top rule (scheme-aware for draft-1993, draft-1994 and rfc1738). The names of the
   * revision are offered; any string is accepted (an unknown one is an error value).
   */
  rule?: R | NoInfer<RuleName<S>> | undefined;
  /** Also return the concrete derivation (every named rule that matched). */
  tree?: T | undefined;
  /**
   * The base URL the input is resolved against, for a revision whose grammar depends on it (the
   * WHATWG URL Standard's relative-URL strings: Revision.baseRules): its class picks the start rule
   * (`rule` still picks any). Without it such a revision takes absolute-URL-with-fragment strings
   * only. An error value for a revision whose grammar does not depend on a base, or a base that is
   * no URL.
   */
  base?: string | undefined;
}

/**
 * What a literal `rule` must be: one of the revision's rule names, compared without case (an ABNF
 * revision's names are case-insensitive, RFC 2234 §2.1; a BNF revision refuses a name in another case
 * at run time, with a suggestion). A misspelt name does not compile (issue 41 item 6); a rule held in a
 * `string` is accepted as it is (an unknown one is an error value at run time). `unknown` when the
 * rule passes; otherwise an object whose `rule` the literal is not, so the options do not type-check.
 */
export type KnownRule<S extends SpecId, R extends string> = [R] extends [never] ? unknown : string extends R ? unknown : Lowercase<R> extends Lowercase<RuleName<S>> ? unknown : { rule: RuleName<S> };

/** The AST parse() builds: that of the rule asked for (`R`), or without one (`never`) the top rule's (TopAst). */
export type AstFor<S extends SpecId, R extends string = never> = [R] extends [never] ? TopAst<S> : RuleAst<S, R>;

/**
 * A successful parse. `rule` is the start rule that was applied. `production` is set when no rule
 * was asked for and the revision is scheme-aware: the scheme's own production (`httpurl`) or the
 * generic one decided. A union of revisions gives a union of successes, narrowed by `spec`.
 */
export type ParseSuccess<S extends SpecId = SpecId, R extends string = never> = S extends SpecId
  ? { ok: true; spec: S; rule: string; production?: string; ast: AstFor<S, R> }
  : never;

/** A rejected input, a non-string input, an unknown revision or rule: never thrown, always this value. */
export interface ParseFailure {
  ok: false;
  /** The revision asked for (as given: it may be no revision id). */
  spec: string;
  /** The start rule that was applied or asked for; null when the spec is unknown and no rule was given. */
  rule: string | null;
  production?: string;
  error: ParseError;
}

/** `tree` is on the success exactly when `tree: true` was passed (optional when the flag is not known statically). */
export type TreeField<T extends boolean> = [T] extends [true] ? { tree: DerivationNode } : [T] extends [false] ? { tree?: undefined } : { tree?: DerivationNode };

/** What `parse()` returns for any revision and any start rule. */
export type AnyParseResult = ParseResult<SpecId, boolean, string>;

/** What `parse()` returns: `{ ok: true, ast }` (with `tree` when asked for) or `{ ok: false, error }`. */
export type ParseResult<S extends SpecId = SpecId, T extends boolean = boolean, R extends string = never> = (ParseSuccess<S, R> & TreeField<T>) | ParseFailure;

/**
 * Parses `input` with one revision's grammar from one start rule and builds that revision's AST.
 * Never throws: a rejected input, a non-string input, an unknown revision or rule all come back as
 * `{ ok: false, error }` with the offset, the rule that was being tried, what was expected there and
 * a sentence to act on.
 *
 * @example
 * import { parse } from "uri-grammars";
 * const r = parse("http://a/b?c#d", { spec: "draft-1997" });
 * if (r.ok) {
 *   r.ast.kind;          // => "absolute"
 *   r.ast.site?.text;    // => "a"
 *   r.ast.query?.text;   // => "c"
 * }
 * const bad = parse("1::2::3", { spec: "draft-2003", rule: "IPv6address" });
 * if (!bad.ok) bad.error.offset; // => 5
 */
export function parse<S extends SpecId = DefaultSpec, R extends string = never, T extends boolean = false>(input: unknown, options?: ParseOptions<S, T, R> & KnownRule<S, R>): ParseResult<S, T, R>;
export function parse(input: unknown, options?: ParseOptions): ParseResult<SpecId, boolean, string> {
  const opts = optionsObject(options);
  const tree = opts.tree === true;
  const r = readInput(input, opts);
  if (!r.ok) return r;
  const { revision, target } = r;
  const text = input as string;
  // A valid input over MAX_TREE_INPUT gets no derivation (a node per rule match would not fit).
  const tooLong = tree ? requireTreeInput(text, revision.id, target.ruleName) : null;
  if (tooLong) return tooLong;
  const out: RawSuccess = { ok: true, spec: revision.id, rule: target.ruleName, ast: target.entry.build(text, r.c) };
  if (target.production !== undefined) out.production = target.production;
  if (tree) out.tree = asRoot(revision.scanner.walk(target.pegName, text, true), target.ruleName, text);
  return out as ParseResult<SpecId, boolean, string>;
}

interface RawSuccess {
  ok: true;
  spec: string;
  rule: string;
  production?: string;
  ast: unknown;
  tree?: DerivationNode;
}

/**
 * What readInput() found for an accepted input: the revision, the start rule as applied and the
 * positions the tagged DFA recorded. One object, reused by the next call (as the positions are):
 * read it before calling again.
 */
export interface Read {
  ok: true;
  revision: Revision;
  target: Target;
  c: Int32Array;
}

const lastRead: Read = { ok: true, revision: undefined as unknown as Revision, target: undefined as unknown as Target, c: /* @__PURE__ */ new Int32Array(0) };

/**
 * The request checks of parse() (options, revision, rule, input type; the scheme-aware production
 * when no rule is given), then one pass of the start rule's tagged DFA: the positions it recorded,
 * from which parse() builds the AST and components() only the components (for a start rule without
 * a tagged DFA: the scanner's scan, then its walk pruned to the rules the positions are at). Internal.
 */
export function readInput(input: unknown, opts: ParseOptions): Read | ParseFailure {
  const target = request(opts.spec, opts.rule, input, opts.base);
  if (isFailure(target)) return target;
  const revision = target.revision;
  if (typeof input !== "string") return failing(requireString(input, revision.id, target.ruleName)!, target.production);
  const c = capturesOf(target.entry, revision.scanner, target.pegName, target.start, input);
  if (c === null) return failing(rejected(revision, target.ruleName, target.pegName, input), target.production);
  const refused = target.checked ? checkedFailure(target, input, c) : null;
  if (refused !== null) return failing({ ok: false, spec: revision.id, rule: target.ruleName, error: refused }, target.production);
  lastRead.revision = revision;
  lastRead.target = target;
  lastRead.c = c;
  return lastRead;
}

/**
 * The positions a start rule's AST reads in an input (the capture array its builders read), or null
 * when the rule rejects the input: one pass of its tagged DFA (the start rules parse() applies by
 * default); else the scanner's scan, then, on an accepted input, its walk pruned to the rules the
 * positions are at (or, when the AST reads no position, the match itself). Reused by the next call.
 */
export function capturesOf(entry: AstEntry, scanner: GeneratedScanner, pegName: string, start: number, input: string): Int32Array | null {
  // One pass: the tagged DFA validates and records the positions.
  if (entry.table !== null) return capture(entry.table, scanner, input);
  if (scanner.scan(start, input) !== -1) return null;
  return entry.walk !== undefined ? walkCaptures(entry.walk, scanner, pegName, input) : wholeMatch(input);
}

/**
 * The predicates' verdict on an input the target's rule accepted (`c`: capturesOf()'s array): from
 * the positions its tagged DFA recorded when it records the checked rules' matches, else from the walk.
 */
function checkedFailure(target: Target, input: string, c: Int32Array): ParseError | null {
  const slots = target.checkedSlots;
  return slots !== null ? predicateFailureAtSlots(target.revision, target.ruleName, input, c, slots) : predicateFailure(target.revision, target.ruleName, target.pegName, input);
}

/**
 * A start rule as a request applies it, made once per revision and name: the name asked for (or
 * the one the scheme selects), the production that selected it, its PEG name, its scanner start
 * state and its AST entry. validate(), parse() and components() look it up once per input.
 */
export interface Target {
  revision: Revision;
  ruleName: string;
  /** The scheme-aware production that selected the rule (undefined when none did). */
  production: string | undefined;
  pegName: string;
  start: number;
  entry: AstEntry;
  /** The revision names predicates (src/predicates.ts): an accepted input is checked by them too. */
  checked: boolean;
  /** A checked start rule whose tagged DFA records the checked rules' matches: those slots, resolved (null: the walk finds the matches). */
  checkedSlots: readonly CheckedSlot[] | null;
  /**
   * validate()'s verdict for this start rule: a function of its own per target, holding the scanner
   * and start state, so that validate() reads one field of one object shape whichever revision it
   * is called for (the revisions' descriptors have many shapes: reading `revision.scanner` at one
   * site over several revisions was a megamorphic load that cost the main entry's validate() a
   * third more than a revision's own entry's).
   */
  accepts: (input: string) => boolean;
}

/** Per revision: the targets by the rule name asked for, and by scheme-aware production. Only names that exist are kept. */
interface Targets {
  byRule: Map<unknown, Target>;
  byProduction: Map<string, Target>;
  /**
   * Scheme-aware revisions: per first character (ASCII), the schemes of the revision's table that
   * start with it, and their targets (schemeTarget()).
   */
  byFirstCharacter: ({ scheme: string; target: Target }[] | undefined)[] | null;
  /** Scheme-aware revisions: the target of the production for any other scheme, once made. */
  other: Target | null;
  /** Scheme-aware revisions with a prefix before the scheme: the target of its production, once made. */
  prefix: Target | null;
}

const targetsByRevision = /* @__PURE__ */ new WeakMap<Revision, Targets>();

/**
 * The revision and start rule of a request (the options' spec and rule, and the input when a scheme
 * decides), or the failure: requireRevision() then targetOf(). The last request's answer is kept:
 * a loop over inputs with the same options (the usual case: a batch, a filter) skips the lookups.
 * Only answers are kept (a failure is made again), and a change to the registry, or another registry
 * in force (another entry's call: src/revisions/scope.ts), drops them.
 */
function request(spec: unknown, asked: unknown, input: unknown, base?: unknown): Target | ParseFailure {
  // The same request as the last: its target, or where the scheme decides (no rule asked, a
  // scheme-aware revision), the scheme's. (A small function of its own, which the callers inline;
  // the rest is requestAnew().)
  if (last.revision !== null && spec === last.spec && asked === last.asked && base === last.base && last.generation === registryVersion() && last.registry === registryInForce()) {
    if (last.target !== null) return last.target;
    if (typeof input === "string") return schemeAwareTarget(last.revision, last.targets!, input);
  }
  return requestAnew(spec, asked, input, base);
}

function requestAnew(spec: unknown, asked: unknown, input: unknown, base: unknown): Target | ParseFailure {
  const registry = registryInForce();
  if (last.revision !== null && spec === last.spec && asked === last.asked && base === last.base && last.generation === registryVersion() && last.registry === registry) {
    const rule = last.rule;
    if (last.target !== null) return last.target;
    // The scheme decides (no rule asked, a scheme-aware revision): its targets are kept with it.
    return typeof input === "string" ? schemeAwareTarget(last.revision, last.targets!, input) : targetOf(last.revision, rule, input);
  }
  const revision = requireRevision(spec, asked ?? null);
  if (isFailure(revision)) return revision;
  // A base URL picks the start rule of a revision whose grammar depends on one (src/base.ts).
  let rule = asked;
  if (base !== undefined) {
    const chosen = ruleForBase(revision, asked, base);
    if (!chosen.ok) return chosen;
    rule = chosen.rule;
  }
  const target = targetOf(revision, rule, input);
  if (isFailure(target)) return target;
  last.spec = spec;
  last.asked = asked;
  last.base = base;
  last.rule = rule;
  last.revision = revision;
  last.generation = registryVersion();
  last.registry = registry;
  last.targets = targetsByRevision.get(revision)!;
  // Where the scheme decides, the target depends on the input: only the revision is kept.
  last.target = rule === undefined && revision.schemeProductions ? null : target;
  return target;
}

const last: { spec: unknown; asked: unknown; base: unknown; rule: unknown; revision: Revision | null; targets: Targets | null; target: Target | null; generation: number; registry: Registry | null } = {
  spec: undefined,
  asked: undefined,
  base: undefined,
  rule: undefined,
  revision: null,
  targets: null,
  target: null,
  generation: -1,
  registry: null,
};

/**
 * The start rule a request applies (one statement of the choice for every request function): the
 * rule asked for; without one, for a scheme-aware revision and a string input, the production its
 * scheme selects (defaultRule); otherwise the top rule. Or the unknown-rule failure.
 */
function targetOf(revision: Revision, asked: unknown, input: unknown): Target | ParseFailure {
  let targets = targetsByRevision.get(revision);
  if (targets === undefined) targetsByRevision.set(revision, (targets = { byRule: new Map(), byProduction: new Map(), byFirstCharacter: null, other: null, prefix: null }));
  const how = revision.schemeProductions;
  if (asked === undefined && how && typeof input === "string") return schemeAwareTarget(revision, targets, input);
  const name = asked ?? revision.topRule;
  const known = targets.byRule.get(name);
  if (known !== undefined) return known;
  const made = makeTarget(revision, name as string, undefined);
  if (!isFailure(made)) targets.byRule.set(name, made);
  return made;
}

/**
 * The production a scheme-aware revision's scheme selects (no rule asked, a string input): by
 * schemeTarget() for most inputs, else by schemeProduction() (defaultRule's statement of the choice).
 */
function schemeAwareTarget(revision: Revision, targets: Targets, input: string): Target | ParseFailure {
  const found = schemeTarget(revision, targets, input);
  if (found !== null) return found;
  const production = schemeProduction(revision.schemeProductions!, input);
  const known = targets.byProduction.get(production);
  if (known !== undefined) return known;
  const made = makeTarget(revision, defaultRule(revision, input).rule, production);
  if (!isFailure(made)) targets.byProduction.set(production, made);
  return made;
}

/**
 * The target schemeProduction() selects, found without copying the scheme out (most inputs): by the
 * scheme's first character and length among the table's schemes, else the production for any other
 * scheme; a prefix before the scheme (draft-1994's "URL:", in either case) selects its own
 * production first. Null where the general path must decide: no ":" or nothing before it, or a
 * non-ASCII character before it or in the prefix's place (toLowerCase() may turn one into a letter
 * of the table or of the prefix).
 */
function schemeTarget(revision: Revision, targets: Targets, input: string): Target | null {
  const how = revision.schemeProductions!;
  if (how.prefix !== undefined) {
    const prefix = how.prefix.text;
    const n = Math.min(prefix.length, input.length);
    let i = 0;
    for (; i < n; i++) {
      const c = input.charCodeAt(i);
      if (c >= 128) return null;
      if (schemeCode(c, false) !== schemeCode(prefix.charCodeAt(i), false)) break;
    }
    if (i === prefix.length) return prefixTarget(revision, targets);
  }
  const table = (targets.byFirstCharacter ??= schemesByFirstCharacter(revision));
  let colon = 0;
  for (; colon < input.length; colon++) {
    const c = input.charCodeAt(colon);
    if (c === 0x3a /* : */) break;
    if (c >= 128) return null;
    // A character no scheme name has: the text before the first ":" is no scheme of the table.
    if (SCHEME_CHARACTER[c] === 0) return colon === 0 ? null : otherTarget(revision, targets);
  }
  if (colon === 0 || colon === input.length) return null;
  const candidates = table[schemeCode(input.charCodeAt(0), how.caseSensitive)];
  if (candidates !== undefined) {
    for (let k = 0; k < candidates.length; k++) {
      const scheme = candidates[k].scheme;
      if (scheme.length !== colon) continue;
      let i = 1;
      while (i < colon && schemeCode(input.charCodeAt(i), how.caseSensitive) === scheme.charCodeAt(i)) i++;
      if (i === colon) return candidates[k].target;
    }
  }
  return otherTarget(revision, targets);
}

/** The characters of a scheme name (RFC 1738 §2.1, RFC 2396 §3.1: letters, digits, "+", "-", "."), as 1. */
const SCHEME_CHARACTER = /* @__PURE__ */ Uint8Array.from({ length: 128 }, (_, c) => (/[A-Za-z0-9+.-]/.test(String.fromCharCode(c)) ? 1 : 0));

/** The target of the production a prefix before the scheme selects (draft-1994's "URL:" -> prefixedurl). */
function prefixTarget(revision: Revision, targets: Targets): Target | null {
  if (targets.prefix !== null) return targets.prefix;
  const how = revision.schemeProductions!;
  const made = makeTarget(revision, how.prefix!.production + (how.ruleSuffix ?? ""), how.prefix!.production);
  if (isFailure(made)) return null;
  targets.prefix = made;
  return made;
}

/** The target of the production for any other scheme. */
function otherTarget(revision: Revision, targets: Targets): Target | null {
  if (targets.other !== null) return targets.other;
  const how = revision.schemeProductions!;
  const made = makeTarget(revision, how.otherwise + (how.ruleSuffix ?? ""), how.otherwise);
  if (isFailure(made)) return null;
  targets.other = made;
  return made;
}

/** An ASCII character of a scheme as the table spells it: lower case unless the revision compares as written. */
function schemeCode(c: number, caseSensitive: boolean): number {
  return !caseSensitive && c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}

/** Targets.byFirstCharacter: per first character (ASCII), the schemes of the revision's table that start with it. */
function schemesByFirstCharacter(revision: Revision): ({ scheme: string; target: Target }[] | undefined)[] {
  const table: ({ scheme: string; target: Target }[] | undefined)[] = new Array(128).fill(undefined);
  const how = revision.schemeProductions!;
  for (const [scheme, production] of how.productions) {
    // A scheme name of the table with another character would be missed by schemeTarget()'s loop.
    if (![...scheme].every((ch) => ch.charCodeAt(0) < 128 && SCHEME_CHARACTER[ch.charCodeAt(0)] === 1)) throw new Error(`internal: scheme "${scheme}" of ${revision.id} has a character no scheme name has`);
    const c = scheme.charCodeAt(0);
    const target = makeTarget(revision, production + (how.ruleSuffix ?? ""), production);
    if (!isFailure(target)) (table[c] ??= []).push({ scheme, target });
  }
  return table;
}

function makeTarget(revision: Revision, ruleName: string, production: string | undefined): Target | ParseFailure {
  const rule = requireRule(revision, ruleName);
  if (isFailure(rule)) return failing(rule, production);
  // The rule by its own name: an ABNF revision finds `uri-reference` as URI-reference (RFC 2234 §2.1).
  const scanner = revision.scanner;
  const start = scanner.START[rule.pegName];
  const checked = predicateRules(revision) !== null;
  const published = rule.published ?? ruleName;
  const entry = revision.ast[rule.pegName];
  // A checked rule's matches, where the tagged DFA records them, come from its one pass (no walk).
  const table = entry?.table ?? null;
  const slots = checked && table !== null && entry.predicates !== undefined ? checkedSlots(revision, entry.predicates) : null;
  // An unchecked rule's verdict from the revision's acceptance DFA where it has one: the scanner's
  // DFA keeps apart states that only its error labels tell apart (rfc1738's otherurl follows a
  // hostname's labels there; the acceptance DFA reads its schemepart as one run of xchar).
  const acceptor = checked ? undefined : acceptorOf(revision);
  const acceptStart = acceptor?.START[rule.pegName];
  const accepts = !checked
    ? acceptor !== undefined && acceptStart !== undefined
      ? (input: string) => acceptor.accepts(acceptStart, input)
      : (input: string) => scanner.scan(start, input) === -1
    : table !== null && slots !== null
      ? (input: string) => {
          const c = capture(table, scanner, input);
          return c !== null && predicateFailureAtSlots(revision, published, input, c, slots) === null;
        }
      : (input: string) => scanner.scan(start, input) === -1 && predicateFailure(revision, published, rule.pegName, input) === null;
  return { revision, ruleName: published, production, pegName: rule.pegName, start, entry, checked, checkedSlots: slots, accepts };
}

/** A failure, with the scheme-aware production that was applied when there was one. */
function failing(f: ParseFailure, production: string | undefined): ParseFailure {
  if (production !== undefined) f.production = production;
  return f;
}

/**
 * The error of an input the start rule rejects: where the scanner's DFA stops, and why. Made when
 * first read (DeferredRejection): a program that parses a list keeps every failure, and most never
 * read their error (draft-1993 rejects 97 in 100 of the docs corpus).
 */
function rejected(revision: Revision, ruleName: string, pegName: string, input: string): ParseFailure {
  return { ok: false, spec: revision.id, rule: ruleName, error: new DeferredRejection(revision, ruleName, pegName, input) as unknown as ParseError };
}

/**
 * A syntax error made on the first read of any of its fields: the scan again (to where the DFA
 * stops, and its state there), then rejection(), kept. Reading it shows exactly that error: its
 * fields, in order, are enumerable getters (and setters: `error.message += ...` edits it) on the
 * prototype, for ... in and chai's deep equality see them, JSON.stringify writes them (toJSON), and
 * node's util.inspect shows them. Like the lazy AST (src/ast/lazy.ts), Object.keys(), a spread and
 * structuredClone() see none: copy `plainError(error)` (src/errors.ts) first.
 */
class DeferredRejection {
  #revision: Revision | null;
  #ruleName: string;
  #pegName: string;
  #input: string;
  #error: ParseError | null = null;

  constructor(revision: Revision, ruleName: string, pegName: string, input: string) {
    this.#revision = revision;
    this.#ruleName = ruleName;
    this.#pegName = pegName;
    this.#input = input;
  }

  /** The error, made now if it was not (then the revision and the input are let go). */
  static error(e: DeferredRejection): ParseError {
    if (e.#error !== null) return e.#error;
    const revision = e.#revision!;
    const scanner = revision.scanner;
    const offset = scanner.scan(scanner.START[e.#pegName], e.#input);
    e.#error = rejection(revision, e.#ruleName, e.#input, offset);
    e.#revision = null;
    e.#input = "";
    return e.#error;
  }

  /** The error as a plain object (what JSON.stringify writes). */
  toJSON(): ParseError {
    return { ...DeferredRejection.error(this) };
  }

  [Symbol.for("nodejs.util.inspect.custom")](): ParseError {
    return this.toJSON();
  }
}

/** The fields of a syntax error (diagnose.ts, syntaxError()), in its order. */
const SYNTAX_ERROR_FIELDS = ["code", "spec", "startRule", "rule", "section", "ruleStack", "offset", "line", "column", "found", "expected", "message"] as const;
for (const name of SYNTAX_ERROR_FIELDS) {
  Object.defineProperty(DeferredRejection.prototype, name, {
    get(this: DeferredRejection) {
      return (DeferredRejection.error(this) as unknown as Record<string, unknown>)[name];
    },
    set(this: DeferredRejection, value: unknown) {
      (DeferredRejection.error(this) as unknown as Record<string, unknown>)[name] = value;
    },
    enumerable: true,
    configurable: true,
  });
}

/**
 * The error of an input the scanner stopped on at `offset` (parse(), and verdictOf() for check and
 * lint: one sentence whichever asked). A revision whose grammar depends on a base URL, asked at its
 * top rule without one, also says what the base would change.
 */
function rejection(revision: Revision, ruleName: string, input: string, offset: number): ParseError {
  const error = syntaxError(revision, ruleName, input, offset, revision.scanner.LAST[0]);
  if (revision.baseRules !== undefined && ruleName === revision.topRule) error.message += ` Without a base URL only ${ruleName}s are valid: a relative string needs one (the base option, --base).`;
  return error;
}

/**
 * A verdict without an AST: what `check` prints. A success carries the rule and the scheme-aware
 * production but no AST, so a valid line costs the scan alone (a 64 MiB line: no 32 million path
 * segment objects); a failure is parse()'s error value. Internal: the public API is parse() and validate().
 */
export type Verdict = ParseResult<SpecId, boolean, string> | { ok: true; spec: SpecId; rule: string; production?: string; ast: undefined };

/** A verdict with a pruned derivation (see `verdictOf`'s `keep`): a success has its `tree`. */
export type PrunedVerdict = ParseFailure | { ok: true; spec: SpecId; rule: string; production?: string; ast: undefined; tree: DerivationNode };

/** parse() without building the AST (see Verdict). */
export function verdictOf(input: unknown, options?: ParseOptions): Verdict;
/**
 * With `keep`: a success also carries the derivation pruned to the nodes `keep` accepts (no AST).
 * compare and lint read components from it: memory for the components, not a node per character,
 * so a multi-megabyte line is affordable.
 */
export function verdictOf(input: unknown, options: ParseOptions | undefined, keep: NodeFilter): PrunedVerdict;
/** `keep` null (a revision without a component map has no filter): no derivation, as without it. */
export function verdictOf(input: unknown, options: ParseOptions | undefined, keep: NodeFilter | null): Verdict | PrunedVerdict;
export function verdictOf(input: unknown, options?: ParseOptions, keep?: NodeFilter | null): Verdict | PrunedVerdict {
  const opts = optionsObject(options);
  const target = request(opts.spec, opts.rule, input, opts.base);
  if (isFailure(target)) return target;
  const revision = target.revision;
  const ruleName = target.ruleName;
  if (typeof input !== "string") return failing(requireString(input, revision.id, ruleName)!, target.production);
  const offset = revision.scanner.scan(target.start, input);
  const refused = offset < 0 && target.checked ? predicateFailure(revision, ruleName, target.pegName, input) : null;
  const r: Verdict | PrunedVerdict =
    offset >= 0
      ? { ok: false, spec: revision.id, rule: ruleName, error: rejection(revision, ruleName, input, offset) }
      : refused !== null
        ? { ok: false, spec: revision.id, rule: ruleName, error: refused }
        : keep === undefined || keep === null
        ? { ok: true, spec: revision.id, rule: ruleName, ast: undefined }
        : { ok: true, spec: revision.id, rule: ruleName, ast: undefined, tree: asRoot(revision.scanner.walk(target.pegName, input, keep), ruleName, input) };
  if (target.production !== undefined) r.production = target.production;
  return r;
}

/** The options of `validate()`: the revision, the start rule and the base URL, as for `parse()`. */
export interface ValidateOptions<S extends SpecId = SpecId, R extends string = string> {
  /** Revision id; default `draft-2003`. */
  spec?: S | NoInfer<SpecId> | undefined;
  /** Start rule, by its published name; default the revision's top rule (scheme-aware where parse() is). A literal must be a rule of the revision (KnownRule). */
  rule?: R | NoInfer<RuleName<S>> | undefined;
  /** The base URL, for a revision whose grammar depends on it (ParseOptions.base). */
  base?: string | undefined;
}

/**
 * Accept or reject only: the fastest path (no AST, no error), for filtering many inputs. The same
 * verdict as `parse(input, options).ok`, scheme-aware like parse() when no rule is given. Never
 * throws: false for a non-string input, an unknown spec or an unknown rule (parse() says which).
 *
 * @example
 * import { validate } from "uri-grammars";
 * validate("http://[::1]/");                         // => true
 * validate("http://[::1]/", { spec: "draft-1997" }); // => false
 * validate("255.255.255.255", { rule: "IPv4address" }); // => true
 */
export function validate<S extends SpecId = DefaultSpec, R extends string = never>(input: unknown, options?: ValidateOptions<S, R> & KnownRule<S, R>): boolean;
export function validate(input: unknown, options?: ValidateOptions): boolean {
  if (typeof input !== "string") return false;
  // The options as optionsObject() reads them (a string is the revision; of an object, spec, rule,
  // tree and base, once each, in that order; a read that throws: false, as its unknown-spec error
  // would be), read here into locals: no object per call (measured: a tenth of a short input's time).
  let spec: unknown;
  let rule: unknown;
  let base: unknown;
  if (typeof options === "string") spec = options;
  else if (typeof options === "object" && options !== null) {
    try {
      spec = options.spec;
      rule = options.rule;
      void (options as ParseOptions).tree;
      base = options.base;
    } catch {
      return false;
    }
  }
  const target = request(spec, rule, input, base);
  return !isFailure(target) && target.accepts(input);
}

/** The walk's nodes for a start rule: the start rule's own node, or a node wrapping what it holds. */
function asRoot(nodes: DerivationNode[], rule: string, input: string): DerivationNode {
  if (nodes.length === 1 && nodes[0].rule === rule && nodes[0].start === 0 && nodes[0].end === input.length) return nodes[0];
  return { rule, start: 0, end: input.length, children: collectNodes(nodes) };
}

/**
 * The concrete derivation of an input the rule accepts: every named rule that matched (null when
 * the rule rejects the input).
 */
export function derivationTree(revision: Revision, pegName: string, ruleName: string, input: string): DerivationNode | null {
  const start = revision.scanner.START[pegName];
  if (start === undefined || revision.scanner.scan(start, input) !== -1 || predicateFailure(revision, ruleName, pegName, input) !== null) return null;
  return asRoot(revision.scanner.walk(pegName, input, true), ruleName, input);
}
