// The five parts every resolution and comparison algorithm of draft-1997 and draft-2003 works on:
// "the four main components" plus the fragment identifier (draft-1997 §4.4 and §5.2 step 1,
// draft-2003 §5.2 "(R.scheme, R.authority, R.path, R.query, fragment) = parse(R)").
// null = undefined (its separator is absent); "" = present but empty. The path is never undefined.
import type { Ast } from "../ast/types";

export interface UriComponents {
  scheme: string | null;
  /** draft-2003 authority (§3.2), draft-1997 site (§4.3.1): the text after "//". */
  authority: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

/**
 * The components of a parsed whole reference (an AST with `kind`), or null for an AST of a smaller
 * start rule (host, port ...), which has no such five parts.
 */
export function componentsOf(ast: Ast): UriComponents | null {
  if (ast.kind === undefined) return null;
  const authority = ast.spec === "draft-2003" ? ast.authority : ast.site;
  return {
    scheme: ast.scheme ? ast.scheme.text : null,
    authority: authority ? authority.text : null,
    path: ast.path ? ast.path.text : "",
    query: ast.query ? ast.query.text : null,
    fragment: ast.fragment ? ast.fragment.text : null,
  };
}
