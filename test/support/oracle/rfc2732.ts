// rfc2732's oracle: RFC 2396's builder over RFC 2732's derivation (test/support/oracle/rfc2396.ts).
import { buildRfc2732Ast, RFC_2732_AST_NODES } from "./rfc2396";

/** rfc2732's oracle, found by this file's name (test/support/oracle/builders.ts). */
export const ORACLE = { build: buildRfc2732Ast, astNodes: RFC_2732_AST_NODES as readonly string[] };
