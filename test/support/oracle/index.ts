// The AST of every revision, as one union. Kept apart from ./types so that the builders, which
// import ./types, are never imported back by it: the imports in src/ast flow one way
// (derivation, types -> port, components -> builders -> this module).
import type { Draft1993Ast } from "./draft-1993";
import type { Draft1994Ast } from "./draft-1994";
import type { Rfc1738Ast } from "./rfc1738";
import type { GenericAst } from "./types";

export type Ast = GenericAst | Draft1994Ast | Rfc1738Ast | Draft1993Ast;

/**
 * Whether an AST is a whole reference of the generic syntax (draft-1997, draft-2003, rfc3986, or a
 * revision built like them): it has a reference `kind`, which the scheme-specific ASTs never have.
 * The ones resolution, normalization and the components read.
 */
export function isGenericAst(ast: Ast): ast is GenericAst {
  return "kind" in ast && ast.kind !== undefined;
}
