// Every module that scripts/build-grammars.mjs (and compile-validator/compile-capture) writes under
// generated/ is loaded here and nowhere else, through the static table below: one import per
// revision and module, so that a bundler (esbuild) or a browser build can follow them. A revision's
// descriptor only names its id. A new kind of generated module is one more column (one import per
// revision and one field of GeneratedModules); a new revision is one more row.
import type { GeneratedParser } from "./revision";
import type { RuleInfo } from "./types";

import * as draft1993Ast from "../../generated/draft-1993.ast";
import * as draft1993Trace from "../../generated/draft-1993.trace";
import * as draft1993Diagnose from "../../generated/draft-1993.diagnose";
import * as draft1993Validate from "../../generated/draft-1993.validate";
import * as draft1993Rules from "../../generated/draft-1993.rules";
import * as draft1993Regex from "../../generated/draft-1993.regex";

import * as draft1994Ast from "../../generated/draft-1994.ast";
import * as draft1994Trace from "../../generated/draft-1994.trace";
import * as draft1994Diagnose from "../../generated/draft-1994.diagnose";
import * as draft1994Validate from "../../generated/draft-1994.validate";
import * as draft1994Rules from "../../generated/draft-1994.rules";
import * as draft1994Regex from "../../generated/draft-1994.regex";

import * as rfc1738Ast from "../../generated/rfc1738.ast";
import * as rfc1738Trace from "../../generated/rfc1738.trace";
import * as rfc1738Diagnose from "../../generated/rfc1738.diagnose";
import * as rfc1738Validate from "../../generated/rfc1738.validate";
import * as rfc1738Rules from "../../generated/rfc1738.rules";
import * as rfc1738Regex from "../../generated/rfc1738.regex";

import * as draft1997Ast from "../../generated/draft-1997.ast";
import * as draft1997Trace from "../../generated/draft-1997.trace";
import * as draft1997Diagnose from "../../generated/draft-1997.diagnose";
import * as draft1997Validate from "../../generated/draft-1997.validate";
import * as draft1997Rules from "../../generated/draft-1997.rules";
import * as draft1997Regex from "../../generated/draft-1997.regex";
import * as draft1997Capture from "../../generated/draft-1997.capture";

import * as draft2003Ast from "../../generated/draft-2003.ast";
import * as draft2003Trace from "../../generated/draft-2003.trace";
import * as draft2003Diagnose from "../../generated/draft-2003.diagnose";
import * as draft2003Validate from "../../generated/draft-2003.validate";
import * as draft2003Rules from "../../generated/draft-2003.rules";
import * as draft2003Regex from "../../generated/draft-2003.regex";
import * as draft2003Capture from "../../generated/draft-2003.capture";

/** What the build writes for one revision. `capture` exists only where scripts/compile-capture.mjs writes one. */
interface GeneratedModules {
  ast: GeneratedParser;
  trace: GeneratedParser;
  diagnose: GeneratedParser;
  validate: GeneratedParser;
  rules: { RULES: readonly RuleInfo[] };
  regex: unknown;
  capture: unknown;
}

const GENERATED: Readonly<Record<string, GeneratedModules>> = {
  "draft-1993": { ast: draft1993Ast, trace: draft1993Trace, diagnose: draft1993Diagnose, validate: draft1993Validate, rules: draft1993Rules, regex: draft1993Regex, capture: null },
  "draft-1994": { ast: draft1994Ast, trace: draft1994Trace, diagnose: draft1994Diagnose, validate: draft1994Validate, rules: draft1994Rules, regex: draft1994Regex, capture: null },
  rfc1738: { ast: rfc1738Ast, trace: rfc1738Trace, diagnose: rfc1738Diagnose, validate: rfc1738Validate, rules: rfc1738Rules, regex: rfc1738Regex, capture: null },
  "draft-1997": { ast: draft1997Ast, trace: draft1997Trace, diagnose: draft1997Diagnose, validate: draft1997Validate, rules: draft1997Rules, regex: draft1997Regex, capture: draft1997Capture },
  "draft-2003": { ast: draft2003Ast, trace: draft2003Trace, diagnose: draft2003Diagnose, validate: draft2003Validate, rules: draft2003Rules, regex: draft2003Regex, capture: draft2003Capture },
};

function modulesOf(id: string): GeneratedModules {
  const modules = ownEntry(GENERATED, id);
  if (!modules) throw new Error(`internal: no generated modules for revision "${id}" (src/revisions/generated.ts)`);
  return modules;
}

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
  const m = modulesOf(id);
  return { astParser: m.ast, traceParser: m.trace, diagnoseParser: m.diagnose, validateParser: m.validate };
}

export function generatedRules(id: string): readonly RuleInfo[] {
  return modulesOf(id).rules.RULES;
}

/**
 * A lookup by (revision, rule) into a generated module that a revision may lack (generated/<id>.<variant>:
 * the regex fast paths): each entry is built on first use and kept; null when the module or the rule
 * has none.
 */
export function generatedRuleTable<M, T>(variant: "regex" | "capture", build: (module: M, pegName: string) => T | null): (id: string, pegName: string) => T | null {
  const entries = new Map<string, Map<string, T | null>>();
  return (id, pegName) => {
    let byRule = entries.get(id);
    if (!byRule) entries.set(id, (byRule = new Map()));
    const cached = byRule.get(pegName);
    if (cached !== undefined) return cached;
    const mod = (ownEntry(GENERATED, id)?.[variant] ?? null) as M | null;
    const entry = mod === null ? null : build(mod, pegName);
    byRule.set(pegName, entry);
    return entry;
  };
}

/** `table[key]` when `key` is the table's own property (rule names such as `constructor` are safe). */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
