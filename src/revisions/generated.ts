// Loads what scripts/build-grammars.mjs writes for one revision under generated/ (compiled to
// dist/generated/). One place, so a revision's descriptor only names its id.
import type { GeneratedScanner } from "../scanner/types";
import type { RuleInfo } from "./types";

/** The revision's scanner (generated/<spec>.scanner.ts, written by scripts/compile-scanner.mjs). */
export function generatedScanner(id: string): GeneratedScanner {
  return require(`../../generated/${id}.scanner`) as GeneratedScanner;
}

export function generatedRules(id: string): readonly RuleInfo[] {
  return (require(`../../generated/${id}.rules`) as { RULES: readonly RuleInfo[] }).RULES;
}
