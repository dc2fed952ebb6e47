// The five parts every resolution and comparison algorithm of draft-1997, draft-2003 and rfc3986
// works on: "the four main components" plus the fragment identifier (draft-1997 §4.4 and §5.2 step 1,
// draft-2003 §5.2 "(R.scheme, R.authority, R.path, R.query, fragment) = parse(R)", rfc3986 §5.2.2
// "(R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R)").
// null = undefined (its separator is absent); "" = present but empty. The path is never undefined.
import { isGenericAst, type Ast } from "../revisions/revision";

/** The five components of a resolved URI (scheme, authority, path, query, fragment), each null when absent. */
export interface UriComponents {
  scheme: string | null;
  /** draft-2003 and rfc3986 authority (§3.2), draft-1997 site (§4.3.1): the text after "//". */
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
  if (!isGenericAst(ast) || ast.kind === undefined) return null;
  // draft-1997 calls the authority `site` (§4.3.1); draft-2003 and rfc3986 call it `authority` (§3.2):
  // the AST's shape says which it has.
  const authority = "site" in ast ? ast.site : "authority" in ast ? ast.authority : null;
  return {
    scheme: ast.scheme ? ast.scheme.text : null,
    authority: authority ? authority.text : null,
    path: ast.path ? ast.path.text : "",
    query: ast.query ? ast.query.text : null,
    fragment: ast.fragment ? ast.fragment.text : null,
  };
}

/**
 * The four main components and the fragment as draft-2003 Appendix B and draft-1997 Appendix B
 * split them ("the following line is the regular expression for breaking-down a URI reference into
 * its components"): ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 * with scheme = $2, authority (site) = $4, path = $5, query = $7, fragment = $9.
 * Call it only on input the grammar has accepted.
 */
export function appendixBComponents(reference: string): UriComponents {
  const m = /^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$/s.exec(reference)!;
  return { scheme: m[2] ?? null, authority: m[4] ?? null, path: m[5], query: m[7] ?? null, fragment: m[9] ?? null };
}

/**
 * The components resolution works on. draft-1997 §5.2 step 1 parses the reference "into the
 * potential four components and fragment identifier, as described in Section 4.4", and §4.4 (like
 * draft-2003 §4.3) points to Appendix B "for a concrete parsing example and test oracle"; draft-1997
 * §4.4 adds "A reference is parsed as if it is a generic-URL, even though it might be considered
 * opaque by later processes". So: the grammar validates and decides whether there is a scheme;
 * the Appendix B expression splits the rest. This differs from the AST (componentsOf) in three
 * places, all tested:
 * - opaque forms (draft-2003 opaque-part, draft-1997 opaque-URL) keep "?query" inside the opaque
 *   text in the grammar; Appendix B splits it off;
 * - draft-1997 only: net_path = "//" site [ abs_path ] cannot be followed by "?" query (the query
 *   belongs to rel_path), so the grammar derives `//g?y` as an abs_path "//g"; Appendix B and §4.4
 *   ("the site component wins") read site "g";
 * - draft-1997 only: the regex's scheme [^:/?#]+ is wider than scheme = 1*( alpha | digit | "+" |
 *   "-" | "." ): `=:g` is a rel_path to the grammar, which decides (no scheme is read here).
 */
export function referenceComponents(ast: Ast): UriComponents | null {
  if (!isGenericAst(ast) || ast.kind === undefined) return null;
  if (ast.scheme) return appendixBComponents(ast.text);
  // No scheme: the same expression without its scheme group.
  const m = /^(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$/s.exec(ast.text)!;
  return { scheme: null, authority: m[2] ?? null, path: m[3], query: m[5] ?? null, fragment: m[7] ?? null };
}
