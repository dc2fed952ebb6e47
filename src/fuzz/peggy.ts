// peggy's own parser of each grammar (generated/<spec>.peggy.ts, scripts/build-grammars.mjs), as a
// recognizer of the fuzz campaign: the reference the scanner is built to agree with. Its verdict,
// and for an accepted input the AST the revision's builder makes from peggy's derivation (the tree
// kept to the grammar's @ast-nodes rules, as the scanner's walk builds it). The same reading as
// test/support/peggy-reference.ts (src/ does not import from test/). Node: it requires generated files.
import type { DerivationNode } from "../ast/derivation";
import { defaultRule, findRule, getRevision } from "../revisions";

interface PeggyParser {
  parse(input: string, options?: { startRule?: string }): unknown;
}

export type PeggyAnswer = { ok: true; ast: unknown } | { ok: false };

const parsers = new Map<string, PeggyParser>();
const astNodes = new Map<string, Set<string>>();

function peggyParser(spec: string): PeggyParser {
  let p = parsers.get(spec);
  if (!p) parsers.set(spec, (p = require(`../../generated/${spec}.peggy`) as PeggyParser));
  return p;
}

function astNodeRules(spec: string): Set<string> {
  let s = astNodes.get(spec);
  if (!s) astNodes.set(spec, (s = new Set((require(`../../generated/${spec}.rules`) as { AST_NODES: readonly string[] }).AST_NODES)));
  return s;
}

/** The tree with only the @ast-nodes rules kept (their children flattened in). */
function projectToAstNodes(spec: string, tree: DerivationNode): DerivationNode {
  const keep = astNodeRules(spec);
  const project = (n: DerivationNode): DerivationNode[] => {
    const children = n.children.flatMap(project);
    return keep.has(n.rule) ? [{ rule: n.rule, start: n.start, end: n.end, children }] : children;
  };
  const top = project(tree);
  if (top.length === 1 && top[0].rule === tree.rule) return top[0];
  return { rule: tree.rule, start: tree.start, end: tree.end, children: top };
}

/** peggy's answer for `input` under the revision's default rule (scheme-aware) or `rule`; null when there is no such rule. */
export function peggyParse(input: unknown, spec: string, rule?: string): PeggyAnswer | null {
  const revision = getRevision(spec);
  if (!revision || typeof input !== "string") return null;
  const info = findRule(revision, rule ?? defaultRule(revision, input).rule);
  if (!info) return null;
  let tree: DerivationNode;
  try {
    tree = peggyParser(spec).parse(input, { startRule: info.pegName }) as DerivationNode;
  } catch (e) {
    if (typeof e === "object" && e !== null && "location" in e && "expected" in e) return { ok: false };
    throw e;
  }
  return { ok: true, ast: revision.buildAst(projectToAstNodes(spec, tree), input) };
}
