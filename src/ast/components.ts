// The flat components of a whole reference (scheme, userinfo, host, port, path, query, fragment),
// read from an AST by position. Each revision says where its pieces are (its grammar's @components
// annotations, from which the build writes its reader, generated/<spec>.ast.ts): the scheme, the
// authority (the text after "//" that holds the host), the host in it, the query, the fragment.
// Everything else follows from the spans, the way every one of the five documents lays a reference out: [ scheme ":" ] [ "//" [ userinfo "@" ] host [ ":" port ] ]
// path [ "?" query ] [ "#" fragment ] (draft-2003 §3, draft-1997 §4.3, rfc1738 §3.1; draft-1993 and
// draft-1994 spell the same order in each scheme's production). The path is what lies between the
// authority (or "scheme:") and the query or fragment.
import type { Components, HostKind, TextComponent } from "./types";

/** What a revision's reader returns: the components, and text before the scheme that is none of them (draft-1994's "URL:"). */
export interface ReadComponents {
  components: Components;
  prefix: string;
}

/**
 * Components from the pieces of one reference, in the offsets of the input (the AST's spans): where
 * the reference starts (after a prefix) and ends; the scheme name (the ":" after it is not part of
 * it); where the authority starts and ends (the text after "//" up to the path, empty when "//" is
 * followed by the path; -1 when there is none) and the host in it; the query (after a "?") and the
 * fragment (after a "#"), each ignored when the character before it is not that one. The userinfo is
 * the authority's text before the host (without its "@"), the port its text after the host (without
 * its ":"), the path the text between the authority (or "scheme:", or the start) and the query or the
 * fragment. The pieces are arguments, and the spans pairs of positions, not objects: components()
 * calls this once per input.
 */
export function componentsFromPieces(
  text: string,
  textStart: number,
  spanStart: number,
  spanEnd: number,
  scheme: TextComponent | null,
  authorityStart: number,
  authorityEnd: number,
  host: (TextComponent & { kind: HostKind }) | null,
  queryPiece: TextComponent | null,
  fragmentPiece: TextComponent | null,
): ReadComponents {
  const query = queryPiece && text.charCodeAt(queryPiece.span.start - 1 - textStart) === 0x3f /* ? */ ? queryPiece : null;
  const fragment = fragmentPiece && text.charCodeAt(fragmentPiece.span.start - 1 - textStart) === 0x23 /* # */ ? fragmentPiece : null;
  let userinfo: string | null = null;
  let hostText: string | null = null;
  let port: string | null = null;
  let hostKind: HostKind | null = null;
  let pathStart = scheme ? scheme.span.end + 1 : spanStart;
  if (authorityStart >= 0 && authorityEnd >= authorityStart) {
    pathStart = authorityEnd;
    hostText = host ? host.text : "";
    hostKind = host ? host.kind : null;
    if (host && host.span.start > authorityStart) userinfo = text.slice(authorityStart - textStart, host.span.start - 1 - textStart);
    if (host && host.span.end < authorityEnd) port = text.slice(host.span.end + 1 - textStart, authorityEnd - textStart);
  }
  const pathEnd = query ? query.span.start - 1 : fragment ? fragment.span.start - 1 : spanEnd;
  return {
    prefix: text.slice(0, spanStart - textStart),
    components: {
      scheme: scheme ? scheme.text : null,
      userinfo,
      host: hostText,
      port,
      path: text.slice(pathStart - textStart, pathEnd - textStart),
      query: query ? query.text : null,
      fragment: fragment ? fragment.text : null,
      hostKind,
    },
  };
}

/** The authority text of flat components, as a reference writes it: `[ userinfo "@" ] host [ ":" port ]`; null without a host. */
export function authorityOf(c: Components): string | null {
  if (c.host === null) return null;
  return (c.userinfo !== null ? c.userinfo + "@" : "") + c.host + (c.port !== null ? ":" + c.port : "");
}
