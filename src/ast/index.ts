// The AST of every revision, as one union. Kept apart from ./types so that the builders, which
// import ./types, are never imported back by it: the imports in src/ast flow one way
// (derivation, types -> port, components -> builders -> this module).
import type { Draft1993Ast } from "./draft-1993";
import type { Draft1994Ast } from "./draft-1994";
import type { Rfc1738Ast } from "./rfc1738";
import type { GenericAst } from "./types";

export type Ast = GenericAst | Draft1994Ast | Rfc1738Ast | Draft1993Ast;

const GENERIC: ReadonlySet<string> = new Set<GenericAst["spec"]>(["draft-1997", "draft-2003", "rfc3986"]);

/** Whether an AST is one of the generic syntax's (draft-1997, draft-2003, rfc3986), the ones resolution and normalization read. */
export function isGenericAst(ast: Ast): ast is GenericAst {
  return GENERIC.has(ast.spec);
}
