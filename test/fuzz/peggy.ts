// peggy's own parser of each grammar (generated/<spec>.peggy.ts, scripts/build-grammars.mjs), as a
// recognizer of the fuzz campaign: the reference the scanner is built to agree with. Its verdict,
// and for an accepted input the AST the oracle builder (test/support/oracle) makes from peggy's
// derivation (the tree kept to the rules that builder reads), read as the scanner's
// tests read it (test/support/peggy-reference.ts). Node: it requires generated files.
import { defaultRule, findRule, getRevision } from "../../src/revisions";
import { peggyRun, projectToAstNodes } from "../support/peggy-reference";
import { ORACLE_BUILDERS } from "../support/oracle/builders";
import type { DerivationNode } from "../../src/scanner/derivation";

/** peggy's verdict, and the oracle's AST where the revision has an oracle (test/support/oracle; none for a revision added since). */
export type PeggyAnswer = { ok: true; ast?: unknown } | { ok: false };

/** peggy's answer for `input` under the revision's default rule (scheme-aware) or `rule`; null when there is no such rule. */
export function peggyParse(input: unknown, spec: string, rule?: string): PeggyAnswer | null {
  const revision = getRevision(spec);
  if (!revision || typeof input !== "string") return null;
  const info = findRule(revision, rule ?? defaultRule(revision, input).rule);
  if (!info) return null;
  const r = peggyRun(revision, info.pegName, input);
  if (!r.ok) return { ok: false };
  // A rule with `@predicate NAME` (the WHATWG URL Standard's valid domain): each of its matches in
  // peggy's derivation must pass the descriptor's predicate, read here from the tree, apart from
  // src/predicates.ts (which reads the scanner's walk).
  if (revision.predicates !== undefined) {
    const predicateOf = new Map(revision.rules.filter((x) => x.predicate !== undefined).flatMap((x) => [[x.pegName, x.predicate!], [x.published ?? x.pegName, x.predicate!]]));
    const refused = (n: DerivationNode): boolean => {
      const name = predicateOf.get(n.rule);
      const check = name === undefined ? undefined : revision.predicates![name];
      return (check !== undefined && !check(input.slice(n.start, n.end)).ok) || n.children.some(refused);
    };
    if (refused(r.tree)) return { ok: false };
  }
  const build = ORACLE_BUILDERS[spec];
  return build === undefined ? { ok: true } : { ok: true, ast: build(projectToAstNodes(spec, r.tree), input) };
}
