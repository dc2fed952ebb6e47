// peggy's own parser of each grammar (generated/<spec>.peggy.ts, scripts/build-grammars.mjs): the
// reference the scanner is tested against. Every rule builds a derivation node there, so the full
// tree is peggy's; the derivation the AST builders read is that tree with only the grammar's
// @ast-nodes rules kept (what the scanner's walk builds without `tree`).
import { ORACLE_AST_NODES, ORACLE_BUILDERS } from "./oracle/builders";
import type { DerivationNode } from "../../src/scanner/derivation";
import type { Revision } from "../../src/revisions";

interface PeggyParser {
  parse(input: string, options?: { startRule?: string }): unknown;
}

interface PeggyFailure {
  location: { start: { offset: number } };
  expected: unknown;
}

const parsers = new Map<string, PeggyParser>();
const astNodes = new Map<string, Set<string>>();

export function peggyParser(spec: string): PeggyParser {
  let p = parsers.get(spec);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (!p) parsers.set(spec, (p = require(`../../generated/${spec}.peggy`) as PeggyParser));
  return p;
}

/** The rules the oracle AST builder of a revision reads (published names; test/support/oracle). */
export function astNodeRules(spec: string): Set<string> {
  let s = astNodes.get(spec);
  if (!s) astNodes.set(spec, (s = new Set(ORACLE_AST_NODES[spec] ?? [])));
  return s;
}

/**
 * The oracle's AST of an input: the hand-written builder on peggy's derivation (null when peggy
 * rejects it). Undefined for a revision without an oracle (one added after the ASTs were declared in
 * the grammars: its ASTs are checked otherwise, the WHATWG revisions' against the standard's parser).
 */
export function oracleAst(revision: Revision, pegName: string, input: string): unknown {
  const build = ORACLE_BUILDERS[revision.id];
  if (build === undefined) return undefined;
  const r = peggyRun(revision, pegName, input);
  if (!r.ok) return null;
  return build(projectToAstNodes(revision.id, r.tree), input);
}

/** peggy's verdict and, on success, its full derivation tree (the start rule's node). */
export function peggyRun(revision: Revision, pegName: string, input: string): { ok: true; tree: DerivationNode } | { ok: false; offset: number } {
  try {
    return { ok: true, tree: peggyParser(revision.id).parse(input, { startRule: pegName }) as DerivationNode };
  } catch (e) {
    const f = e as PeggyFailure;
    if (f && typeof f === "object" && "location" in f && "expected" in f) return { ok: false, offset: f.location.start.offset };
    throw e;
  }
}

/** The tree with only the @ast-nodes rules kept (their children flattened in): the AST derivation. */
export function projectToAstNodes(spec: string, tree: DerivationNode): DerivationNode {
  const keep = astNodeRules(spec);
  const project = (n: DerivationNode): DerivationNode[] => {
    const children = n.children.flatMap(project);
    return keep.has(n.rule) ? [{ rule: n.rule, start: n.start, end: n.end, children }] : children;
  };
  const [only, ...more] = project(tree);
  if (only && more.length === 0 && only.rule === tree.rule) return only;
  return { rule: tree.rule, start: tree.start, end: tree.end, children: project(tree) };
}
