// parse(): run one revision's scanner from one start rule, build the AST, and turn a rejection
// into an error value. Data flow: grammar -> generated scanner -> derivation -> AST.
//
// The scanner (generated/<spec>.scanner.ts, scripts/compile-scanner.mjs) is a DFA per start rule
// and a walk that builds the derivation of an accepted input; both are linear in the input. A
// rejected input is diagnosed from the state the DFA stopped in (src/diagnose.ts).
import { collectNodes, type DerivationNode } from "./ast/derivation";
import { syntaxError } from "./diagnose";
import type { ParseError } from "./errors";
import { defaultRule, findRule, getRevision, type Revision } from "./revisions";
import type { DefaultSpec, RuleName, SpecAst, SpecId } from "./revisions";
import { isFailure, optionsObject, requireRevision, requireRule, requireString, requireTreeInput, specOf } from "./request";
import type { NodeFilter } from "./scanner/types";

export { unknownRuleMessage } from "./request";

/**
 * The options of `parse()`. `S` is the revision, `T` whether the derivation is asked for: both are
 * inferred from the literal you pass, so `parse(x, { spec: "draft-1997", tree: true })` is typed
 * with `Draft1997Ast` and a `tree`.
 */
export interface ParseOptions<S extends SpecId = SpecId, T extends boolean = boolean> {
  /** Revision id; default `draft-2003` (DEFAULT_SPEC). */
  spec?: S;
  /**
   * Start rule, by its published name (`URI-reference`, `IPv6address`, `hostport`); default the
   * revision's top rule (scheme-aware for draft-1993, draft-1994 and rfc1738). The names of the
   * revision are offered; any string is accepted (an unknown one is an error value).
   */
  rule?: RuleName<S> | (string & {});
  /** Also return the concrete derivation (every named rule that matched). */
  tree?: T;
}

/**
 * A successful parse. `rule` is the start rule that was applied. `production` is set when no rule
 * was asked for and the revision is scheme-aware: the scheme's own production (`httpurl`) or the
 * generic one decided. A union of revisions gives a union of successes, narrowed by `spec`.
 */
export type ParseSuccess<S extends SpecId = SpecId> = S extends SpecId
  ? { ok: true; spec: S; rule: string; production?: string; ast: SpecAst<S> }
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

/** What `parse()` returns: `{ ok: true, ast }` (with `tree` when asked for) or `{ ok: false, error }`. */
export type ParseResult<S extends SpecId = SpecId, T extends boolean = boolean> = (ParseSuccess<S> & TreeField<T>) | ParseFailure;

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
export function parse<S extends SpecId = DefaultSpec, T extends boolean = false>(input: unknown, options?: ParseOptions<S, T>): ParseResult<S, T>;
export function parse(input: unknown, options?: ParseOptions): ParseResult {
  const opts = optionsObject(options);
  const revision = requireRevision(opts.spec, opts.rule ?? null);
  if (isFailure(revision)) return revision;
  if (opts.rule === undefined && revision.schemeProductions && typeof input === "string") {
    const { rule, production } = defaultRule(revision, input);
    const r = parseRule(revision, input, rule, opts.tree === true);
    if (production !== undefined) r.production = production;
    return r as ParseResult;
  }
  return parseRule(revision, input, opts.rule ?? revision.topRule, opts.tree === true) as ParseResult;
}

interface RawSuccess {
  ok: true;
  spec: string;
  rule: string;
  production?: string;
  ast: unknown;
  tree?: DerivationNode;
}

/** parse() once the revision and the start rule are known. Results are object literals: spreading one costs more than the scan. */
function parseRule(revision: Revision, input: unknown, ruleName: string, tree: boolean): RawSuccess | ParseFailure {
  const spec = revision.id;
  const rule = requireRule(revision, ruleName);
  if (isFailure(rule)) return rule;
  if (typeof input !== "string") return requireString(input, spec, ruleName)!;
  const scanner = revision.scanner;
  const offset = scanner.scan(scanner.START[rule.pegName], input);
  if (offset >= 0) return { ok: false, spec, rule: ruleName, error: syntaxError(revision, ruleName, input, offset, scanner.LAST[0]) };
  const tooLong = tree ? requireTreeInput(input, spec, ruleName) : null;
  if (tooLong) return tooLong;
  const ast = revision.buildAst(asRoot(scanner.walk(rule.pegName, input, false), ruleName, input), input);
  if (!tree) return { ok: true, spec, rule: ruleName, ast };
  return { ok: true, spec, rule: ruleName, ast, tree: asRoot(scanner.walk(rule.pegName, input, true), ruleName, input) };
}

/**
 * A verdict without an AST: what `check` prints. A success carries the rule and the scheme-aware
 * production but no AST, so a valid line costs the scan alone (a 64 MiB line: no 32 million path
 * segment objects); a failure is parse()'s error value. Internal: the public API is parse() and validate().
 */
export type Verdict = ParseResult | { ok: true; spec: SpecId; rule: string; production?: string; ast: undefined };

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
  const revision = requireRevision(opts.spec, opts.rule ?? null);
  if (isFailure(revision)) return revision;
  let ruleName = opts.rule ?? revision.topRule;
  let production: string | undefined;
  if (opts.rule === undefined && revision.schemeProductions && typeof input === "string") ({ rule: ruleName, production } = defaultRule(revision, input));
  const rule = requireRule(revision, ruleName);
  if (isFailure(rule)) return rule;
  if (typeof input !== "string") return requireString(input, revision.id, ruleName)!;
  const offset = revision.scanner.scan(revision.scanner.START[rule.pegName], input);
  const r: Verdict | PrunedVerdict =
    offset >= 0
      ? { ok: false, spec: revision.id, rule: ruleName, error: syntaxError(revision, ruleName, input, offset, revision.scanner.LAST[0]) }
      : keep === undefined || keep === null
        ? { ok: true, spec: revision.id, rule: ruleName, ast: undefined }
        : { ok: true, spec: revision.id, rule: ruleName, ast: undefined, tree: asRoot(revision.scanner.walk(rule.pegName, input, keep), ruleName, input) };
  if (production !== undefined) r.production = production;
  return r;
}

/** The options of `validate()`: the revision and the start rule, as for `parse()`. */
export interface ValidateOptions<S extends SpecId = SpecId> {
  /** Revision id; default `draft-2003`. */
  spec?: S;
  /** Start rule, by its published name; default the revision's top rule (scheme-aware where parse() is). */
  rule?: RuleName<S> | (string & {});
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
export function validate<S extends SpecId = DefaultSpec>(input: unknown, options?: ValidateOptions<S>): boolean;
export function validate(input: unknown, options?: ValidateOptions): boolean {
  if (typeof input !== "string") return false;
  const opts = optionsObject(options);
  const revision = getRevision(specOf(opts.spec));
  if (!revision) return false;
  const ruleName = opts.rule ?? defaultRule(revision, input).rule;
  const pegName = pegNameOf(revision, ruleName);
  if (pegName === undefined) return false;
  return revision.scanner.scan(revision.scanner.START[pegName], input) === -1;
}

const pegNames = new Map<Revision, Map<string, string>>();

/**
 * findRule() memoised per revision (validate() is called millions of times with a few rule names).
 * Only names that exist are kept, so unknown names from callers cannot grow the memo.
 */
function pegNameOf(revision: Revision, ruleName: string): string | undefined {
  let byName = pegNames.get(revision);
  if (!byName) pegNames.set(revision, (byName = new Map()));
  const known = byName.get(ruleName);
  if (known !== undefined) return known;
  const pegName = findRule(revision, ruleName)?.pegName;
  if (pegName !== undefined) byName.set(ruleName, pegName);
  return pegName;
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
  if (start === undefined || revision.scanner.scan(start, input) !== -1) return null;
  return asRoot(revision.scanner.walk(pegName, input, true), ruleName, input);
}
