// peggy's own parser of each grammar (generated/<spec>.peggy.ts, scripts/build-grammars.mjs), as a
// recognizer of the fuzz campaign: the reference the scanner is built to agree with. Its verdict,
// and for an accepted input the AST the oracle builder (test/support/oracle) makes from peggy's
// derivation (the tree kept to the rules that builder reads), read as the scanner's
// tests read it (test/support/peggy-reference.ts). Node: it requires generated files.
import { defaultRule, findRule, getRevision } from "../../src/revisions";
import { peggyRun, projectToAstNodes } from "../support/peggy-reference";
import { ORACLE_BUILDERS } from "../support/oracle/builders";

export type PeggyAnswer = { ok: true; ast: unknown } | { ok: false };

/** peggy's answer for `input` under the revision's default rule (scheme-aware) or `rule`; null when there is no such rule. */
export function peggyParse(input: unknown, spec: string, rule?: string): PeggyAnswer | null {
  const revision = getRevision(spec);
  if (!revision || typeof input !== "string") return null;
  const info = findRule(revision, rule ?? defaultRule(revision, input).rule);
  if (!info) return null;
  const r = peggyRun(revision, info.pegName, input);
  return r.ok ? { ok: true, ast: ORACLE_BUILDERS[spec](projectToAstNodes(spec, r.tree), input) } : { ok: false };
}
