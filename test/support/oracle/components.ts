// The flat components of a whole reference (scheme, userinfo, host, port, path, query, fragment),
// read from an AST by position. Each revision says where its pieces are (grammar/<spec>/ast.ts,
// `read<Spec>Components`): the scheme, the authority (the text after "//" that holds the host), the
// host in it, the query, the fragment. Everything else follows from the spans, the way every one of
// the five documents lays a reference out: [ scheme ":" ] [ "//" [ userinfo "@" ] host [ ":" port ] ]
// path [ "?" query ] [ "#" fragment ] (draft-2003 §3, draft-1997 §4.3, rfc1738 §3.1; draft-1993 and
// draft-1994 spell the same order in each scheme's production). The path is what lies between the
// authority (or "scheme:") and the query or fragment.
import type { Span, TextComponent } from "./derivation";
import type { Components, GenericAst, HostKind } from "./types";

/** What a revision's reader returns: the components, and text before the scheme that is none of them (draft-1994's "URL:"). */
export interface ReadComponents {
  components: Components;
  prefix: string;
}

/** Where the pieces of one reference are, in the offsets of the input (the AST's spans). */
export interface ReferencePieces {
  /** Where the reference starts (after a prefix) and ends. */
  span: Span;
  /** The scheme name; the ":" after it is not part of it. */
  scheme: TextComponent | null;
  /** The authority: the text after "//" up to the path (empty when "//" is followed by the path), and the host in it. */
  authority: { span: Span; host: (TextComponent & { kind: HostKind }) | null } | null;
  /** After a "?"; ignored when the character before it is not "?". */
  query: TextComponent | null;
  /** After a "#"; ignored when the character before it is not "#". */
  fragment: TextComponent | null;
}

/**
 * Components from pieces: the userinfo is the authority's text before the host (without its "@"),
 * the port its text after the host (without its ":"), the path the text between the authority (or
 * "scheme:", or the start) and the query or the fragment.
 */
export function componentsFromPieces(text: string, textStart: number, p: ReferencePieces): ReadComponents {
  const slice = (start: number, end: number) => text.slice(start - textStart, end - textStart);
  const charAt = (at: number) => text.charAt(at - textStart);
  const query = p.query && charAt(p.query.span.start - 1) === "?" ? p.query : null;
  const fragment = p.fragment && charAt(p.fragment.span.start - 1) === "#" ? p.fragment : null;
  let userinfo: string | null = null;
  let host: string | null = null;
  let port: string | null = null;
  let hostKind: HostKind | null = null;
  let pathStart = p.scheme ? p.scheme.span.end + 1 : p.span.start;
  if (p.authority) {
    const a = p.authority.span;
    pathStart = a.end;
    const h = p.authority.host;
    host = h ? h.text : "";
    hostKind = h ? h.kind : null;
    if (h && h.span.start > a.start) userinfo = slice(a.start, h.span.start - 1);
    if (h && h.span.end < a.end) port = slice(h.span.end + 1, a.end);
  }
  const pathEnd = query ? query.span.start - 1 : fragment ? fragment.span.start - 1 : p.span.end;
  return {
    prefix: slice(textStart, p.span.start),
    components: {
      scheme: p.scheme ? p.scheme.text : null,
      userinfo,
      host,
      port,
      path: slice(pathStart, pathEnd),
      query: query ? query.text : null,
      fragment: fragment ? fragment.text : null,
      hostKind,
    },
  };
}

/**
 * The generic revisions (draft-1997, draft-2003, rfc3986): an AST of a reference rule (one with `kind`) has
 * the scheme, the authority (draft-1997: site) with its host, the query and the fragment. Null for
 * an AST of a smaller rule.
 */
export function readGenericComponents(ast: GenericAst): ReadComponents | null {
  if (ast.kind === undefined) return null;
  // draft-1997 calls the authority its site (§3.1); the AST's shape says which it has.
  const authority = "site" in ast ? ast.site : "authority" in ast ? ast.authority : null;
  return componentsFromPieces(ast.text, ast.span.start, {
    span: ast.span,
    scheme: ast.scheme ?? null,
    authority: authority ? { span: authority.span, host: authority.host } : null,
    query: ast.query ?? null,
    fragment: ast.fragment ?? null,
  });
}

/** The authority text of flat components, as a reference writes it: `[ userinfo "@" ] host [ ":" port ]`; null without a host. */
export function authorityOf(c: Components): string | null {
  if (c.host === null) return null;
  return (c.userinfo !== null ? c.userinfo + "@" : "") + c.host + (c.port !== null ? ":" + c.port : "");
}
