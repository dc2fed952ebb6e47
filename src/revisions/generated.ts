// Loads what scripts/build-grammars.mjs writes for one revision under generated/ (compiled to
// dist/generated/). One place, so a revision's descriptor only names its id.
import type { GeneratedParser } from "./revision";
import type { RuleInfo } from "./types";

export interface GeneratedParsers {
  /** Fast parser: only the @ast-nodes rules build derivation nodes. */
  astParser: GeneratedParser;
  /** Every rule builds a node and calls the tracer (tree: true). */
  traceParser: GeneratedParser;
  /** Calls the tracer, builds no nodes: names the failing rule of a rejected input. */
  diagnoseParser: GeneratedParser;
  /** Builds no nodes and calls no tracer: accept or reject only. */
  validateParser: GeneratedParser;
}

export function generatedParsers(id: string): GeneratedParsers {
  const load = (variant: string) => require(`../../generated/${id}.${variant}`) as GeneratedParser;
  return { astParser: load("ast"), traceParser: load("trace"), diagnoseParser: load("diagnose"), validateParser: load("validate") };
}

export function generatedRules(id: string): readonly RuleInfo[] {
  return (require(`../../generated/${id}.rules`) as { RULES: readonly RuleInfo[] }).RULES;
}
