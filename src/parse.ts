// parse(): run one revision's scanner from one start rule, build the AST, and turn a rejection
// into an error value. Data flow: grammar -> generated scanner -> derivation -> AST.
//
// The scanner (generated/<spec>.scanner.ts, scripts/compile-scanner.mjs) is a DFA per start rule
// and a walk that builds the derivation of an accepted input; both are linear in the input. A
// rejected input is diagnosed from the state the DFA stopped in (src/diagnose.ts).
import { collectNodes, type DerivationNode } from "./ast/derivation";
import type { Ast } from "./ast/types";
import { syntaxError } from "./diagnose";
import { usageError, type ParseError } from "./errors";
import { availableSpecIds, DEFAULT_SPEC, defaultRule, findRule, getRevision, isSpecId, ruleNames, type Revision } from "./revisions";

export interface ParseOptions {
  /** Revision id; default `draft-2003`. */
  spec?: string;
  /** Start rule, by its published name; default the revision's top rule. */
  rule?: string;
  /** Also return the concrete derivation (every named rule that matched). */
  tree?: boolean;
}

/**
 * `rule` is the start rule that was applied. `production` is set when no rule was asked for and the
 * revision is scheme-aware: the scheme's own production (`httpurl`) or the generic one decided.
 */
export type ParseResult =
  | { ok: true; spec: string; rule: string; production?: string; ast: Ast; tree?: DerivationNode }
  | { ok: false; spec: string; rule: string | null; production?: string; error: ParseError };

/**
 * Parses `input` with one revision's grammar. Never throws: a rejected input, a non-string input,
 * an unknown revision or rule all come back as `{ ok: false, error }`.
 */
export function parse(input: unknown, options?: ParseOptions | null): ParseResult {
  const opts = options ?? {};
  const specId = opts.spec ?? DEFAULT_SPEC;
  const revision = getRevision(specId);
  if (!revision) {
    const why = isSpecId(specId)
      ? `the ${specId} grammar is not transcribed yet`
      : `there is no revision "${specId}"`;
    return { ok: false, spec: specId, rule: opts.rule ?? null, error: usageError("unknown-spec", specId, opts.rule ?? null, `Unknown spec: ${why}; available: ${availableSpecIds().join(", ")}.`) };
  }
  if (opts.rule === undefined && revision.selectProduction && typeof input === "string") {
    const { rule, production } = defaultRule(revision, input);
    const r = parseRule(revision, input, rule, opts.tree === true);
    if (production !== undefined) r.production = production;
    return r;
  }
  return parseRule(revision, input, opts.rule ?? revision.topRule, opts.tree === true);
}

/** parse() once the revision and the start rule are known. Results are object literals: spreading one costs more than the scan. */
function parseRule(revision: Revision, input: unknown, ruleName: string, tree: boolean): ParseResult {
  const spec = revision.id;
  const rule = findRule(revision, ruleName);
  if (!rule) {
    return { ok: false, spec, rule: ruleName, error: usageError("unknown-rule", spec, ruleName, unknownRuleMessage(revision, ruleName)) };
  }
  if (typeof input !== "string") {
    const got = input === null ? "null" : Array.isArray(input) ? "an array" : typeof input;
    return { ok: false, spec, rule: ruleName, error: usageError("not-a-string", spec, ruleName, `The input must be a string, not ${got}.`) };
  }
  const scanner = revision.scanner;
  const offset = scanner.scan(scanner.START[rule.pegName], input);
  if (offset >= 0) return { ok: false, spec, rule: ruleName, error: syntaxError(revision, ruleName, input, offset, scanner.LAST[0]) };
  const ast = revision.buildAst(asRoot(scanner.walk(rule.pegName, input, false), ruleName, input), input) as Ast;
  if (!tree) return { ok: true, spec, rule: ruleName, ast };
  return { ok: true, spec, rule: ruleName, ast, tree: asRoot(scanner.walk(rule.pegName, input, true), ruleName, input) };
}

/**
 * Accept or reject only: the fastest path (no AST, no error). Scheme-aware like parse() when no
 * rule is given. Returns false for a non-string input, an unknown spec or an unknown rule.
 */
export function validate(input: unknown, options?: { spec?: string; rule?: string } | null): boolean {
  if (typeof input !== "string") return false;
  const opts = options ?? {};
  const revision = getRevision(opts.spec ?? DEFAULT_SPEC);
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

export function unknownRuleMessage(revision: Revision, name: string): string {
  const names = ruleNames(revision);
  const lower = name.toLowerCase().replace(/_/g, "-");
  const close = names.filter((n) => n.toLowerCase().replace(/_/g, "-") === lower);
  const hint = close.length > 0 ? ` Did you mean ${close.map((n) => `"${n}"`).join(" or ")}?` : "";
  return `${revision.id} has no rule "${name}".${hint} Its rules: ${names.join(", ")}.`;
}
