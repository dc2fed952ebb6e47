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

/**
 * A lookup by (revision, rule) into a generated module that may be absent (generated/<id>.<variant>:
 * the regex fast paths): each entry is built on first use and kept; null when the module or the rule
 * has none.
 */
export function generatedRuleTable<M, T>(variant: string, build: (module: M, pegName: string) => T | null): (id: string, pegName: string) => T | null {
  const modules = new Map<string, M | null>();
  const entries = new Map<string, Map<string, T | null>>();
  return (id, pegName) => {
    let byRule = entries.get(id);
    if (!byRule) entries.set(id, (byRule = new Map()));
    const cached = byRule.get(pegName);
    if (cached !== undefined) return cached;
    let mod = modules.get(id);
    if (mod === undefined) {
      try {
        mod = require(`../../generated/${id}.${variant}`) as M;
      } catch {
        mod = null;
      }
      modules.set(id, mod);
    }
    const entry = mod === null ? null : build(mod, pegName);
    byRule.set(pegName, entry);
    return entry;
  };
}

/** `table[key]` when `key` is the table's own property (rule names such as `constructor` are safe). */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
