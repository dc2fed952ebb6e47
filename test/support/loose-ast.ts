// The AST types the tests read through: the hand-written ones of old (test/support/oracle), one per
// revision with every field optional. A test walks ASTs of many start rules with one helper, and the
// generated ASTs are deep-equal to the oracle's (npm run differential), so these describe them;
// the exact types (one per start rule, generated from the grammars' @ast annotations) are checked
// by test/types.test.ts.
import { parse } from "../../src";
import type { SpecId } from "../../src/revisions";
export type { Draft2003Ast, Rfc3986Ast, Draft1997Ast, GenericAst } from "./oracle/types";
export type { Draft1993Ast, Draft1993Address } from "./oracle/draft-1993";
export type { Draft1994Ast } from "./oracle/draft-1994";
export type { Rfc1738Ast, Rfc1738Url } from "./oracle/rfc1738";

/**
 * The AST of an input that must parse under a revision (and a rule): the tests of one revision's
 * ASTs read it loosely typed (the `A` they name).
 */
export function astOf<A>(spec: SpecId, input: string, rule?: string): A {
  const r = parse(input, { spec, rule });
  if (!r.ok) throw new Error(`expected ${JSON.stringify(input)} to parse under ${spec}${rule ? ` as ${rule}` : ""}: ${r.error.message}`);
  return r.ast as A;
}
