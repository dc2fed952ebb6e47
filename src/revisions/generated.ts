// Every module the build writes under generated/ that the library runs is loaded here and nowhere
// else, through the static table below: one import per revision and module, so that a bundler
// (esbuild) or a browser build can follow them. A revision's descriptor only names its id. A new
// kind of generated module is one more column (one import per revision and one field of
// GeneratedModules); a new revision is one more row. (generated/<spec>.peggy.ts, peggy's own parser,
// is the tests' reference and is not loaded by the library.)
import type { GeneratedScanner } from "../scanner/types";
import type { AstEntry } from "../scanner/tagged";
import type { ReadComponents } from "../ast/components";
import type { RuleInfo } from "./types";

import * as draft1993Scanner from "../../generated/draft-1993.scanner";
import * as draft1993Rules from "../../generated/draft-1993.rules";
import * as draft1993Ast from "../../generated/draft-1993.ast";

import * as draft1994Scanner from "../../generated/draft-1994.scanner";
import * as draft1994Rules from "../../generated/draft-1994.rules";
import * as draft1994Ast from "../../generated/draft-1994.ast";

import * as rfc1738Scanner from "../../generated/rfc1738.scanner";
import * as rfc1738Rules from "../../generated/rfc1738.rules";
import * as rfc1738Ast from "../../generated/rfc1738.ast";

import * as draft1997Scanner from "../../generated/draft-1997.scanner";
import * as draft1997Rules from "../../generated/draft-1997.rules";
import * as draft1997Ast from "../../generated/draft-1997.ast";

import * as rfc2396Scanner from "../../generated/rfc2396.scanner";
import * as rfc2396Rules from "../../generated/rfc2396.rules";
import * as rfc2396Ast from "../../generated/rfc2396.ast";

import * as rfc2732Scanner from "../../generated/rfc2732.scanner";
import * as rfc2732Rules from "../../generated/rfc2732.rules";
import * as rfc2732Ast from "../../generated/rfc2732.ast";

import * as draft2003Scanner from "../../generated/draft-2003.scanner";
import * as draft2003Rules from "../../generated/draft-2003.rules";
import * as draft2003Ast from "../../generated/draft-2003.ast";

import * as rfc3986Scanner from "../../generated/rfc3986.scanner";
import * as rfc3986Rules from "../../generated/rfc3986.rules";
import * as rfc3986Ast from "../../generated/rfc3986.ast";

/** What the build writes for one revision and the library runs. */
interface GeneratedModules {
  /** generated/<spec>.scanner.ts (scripts/compile-scanner.mjs). */
  scanner: GeneratedScanner;
  /** generated/<spec>.rules.ts (scripts/build-grammars.mjs). */
  rules: { RULES: readonly RuleInfo[] };
  /** generated/<spec>.ast.ts (scripts/compile-scanner.mjs, scripts/ast/): per start rule, its tagged DFA and AST builder. */
  ast: { AST: Readonly<Record<string, AstEntry>>; readComponents?: (ast: unknown) => ReadComponents | null };
}

const GENERATED: Readonly<Record<string, GeneratedModules>> = {
  "draft-1993": { scanner: draft1993Scanner, rules: draft1993Rules, ast: draft1993Ast },
  "draft-1994": { scanner: draft1994Scanner, rules: draft1994Rules, ast: draft1994Ast },
  rfc1738: { scanner: rfc1738Scanner, rules: rfc1738Rules, ast: rfc1738Ast },
  "draft-1997": { scanner: draft1997Scanner, rules: draft1997Rules, ast: draft1997Ast },
  rfc2396: { scanner: rfc2396Scanner, rules: rfc2396Rules, ast: rfc2396Ast },
  rfc2732: { scanner: rfc2732Scanner, rules: rfc2732Rules, ast: rfc2732Ast },
  "draft-2003": { scanner: draft2003Scanner, rules: draft2003Rules, ast: draft2003Ast },
  rfc3986: { scanner: rfc3986Scanner, rules: rfc3986Rules, ast: rfc3986Ast },
};

function modulesOf(id: string): GeneratedModules {
  if (!Object.prototype.hasOwnProperty.call(GENERATED, id)) throw new Error(`internal: no generated modules for revision "${id}" (src/revisions/generated.ts)`);
  return GENERATED[id];
}

/** The revision's scanner (generated/<spec>.scanner.ts, written by scripts/compile-scanner.mjs). */
export function generatedScanner(id: string): GeneratedScanner {
  return modulesOf(id).scanner;
}

export function generatedRules(id: string): readonly RuleInfo[] {
  return modulesOf(id).rules.RULES;
}

/** The revision's AST builders, by start rule (peggy name): generated/<spec>.ast.ts. */
export function generatedAst(id: string): Readonly<Record<string, AstEntry>> {
  return modulesOf(id).ast.AST;
}

/** The revision's components reader (generated from its grammar's @components annotations). */
export function generatedReader(id: string): (ast: unknown) => ReadComponents | null {
  const read = modulesOf(id).ast.readComponents;
  if (!read) throw new Error(`internal: grammar/${id}.peggy has no @components`);
  return read;
}
