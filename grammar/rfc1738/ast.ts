// What RFC 1738's grammar (§5) cannot state as a rule's match, for the generated builder
// (generated/rfc1738.ast.ts, from grammar/rfc1738/grammar.peggy's @field annotations): the CWD arguments and
// file name of an ftp or file path (§3.2.2), file's "localhost" and empty host (§3.10), the gopher
// selector's %09 parts (§3.4.1), telnet's trailing "/", and prospero's field list (§3.11).
import { piecesBetween, tc } from "../../src/ast/build";
import type { Host, Span, TextComponent } from "../../src/ast/types";

/** A `/`-separated path (hpath, fpath, ppath) and its segments. */
export interface Rfc1738Path extends TextComponent {
  segments: TextComponent[];
}

/** A prospero `";" fieldname "=" fieldvalue`. */
export interface Rfc1738Field extends TextComponent {
  name: TextComponent;
  value: TextComponent;
}

/** §3.2.2: <cwd1>/<cwd2>/.../<cwdN>/<name>: every segment but the last is a CWD argument. */
export function directories(_input: string, _scope: Span, path: Rfc1738Path | null): TextComponent[] {
  return path ? path.segments.slice(0, -1) : [];
}

/** §3.2.2: the last segment is the file's <name> (possibly empty); null without a path. */
export function fileName(input: string, scope: Span, path: Rfc1738Path): TextComponent;
export function fileName(input: string, scope: Span, path: Rfc1738Path | null): TextComponent | null;
export function fileName(_input: string, _scope: Span, path: Rfc1738Path | null): TextComponent | null {
  return path ? path.segments[path.segments.length - 1] : null;
}

/** §3.10 `"file://" [ host | "localhost" ] "/" fpath`: a host, the string "localhost", or nothing. */
export function fileHostForm(_input: string, scope: Span, host: Host | null, fpath: Span): "host" | "localhost" | "empty" {
  return host !== null ? "host" : fpath.start - 1 > scope.start + "file://".length ? "localhost" : "empty";
}

/** §3.10: the host, or the literal "localhost" as a hostname, or null for the empty host. */
export function fileHost(input: string, scope: Span, host: Host | null, fpath: Span): Host | null {
  if (host !== null) return host;
  const afterPrefix = scope.start + "file://".length;
  return fpath.start - 1 > afterPrefix ? { ...tc(input, afterPrefix, fpath.start - 1), kind: "hostname" } : null;
}

/** §3.4.1: everything after the "/" that follows the hostport (the <gopher-path>); null without it. */
export function gopherPath(input: string, scope: Span, hostport: Span): TextComponent | null {
  return hostport.end < scope.end ? tc(input, hostport.end + 1, scope.end) : null;
}

/** §3.4.1's <selector>: the selector's text up to the "%09" that starts the search, when there is one. */
export function gopherSelector(input: string, _scope: Span, selector: Span | null): TextComponent | null {
  return selector ? splitGopherSelector(selector.start, selector.end, input).selector : null;
}

/** §3.4.1's <search>: after the selector's first fitting "%09". */
export function gopherSearch(input: string, _scope: Span, selector: Span | null): TextComponent | null {
  return selector ? splitGopherSelector(selector.start, selector.end, input).search : null;
}

/** §3.4.1's <gopher+_string>: after the search's "%09". */
export function gopherPlus(input: string, _scope: Span, selector: Span | null): TextComponent | null {
  return selector ? splitGopherSelector(selector.start, selector.end, input).gopherPlus : null;
}

/**
 * §3.4.1: <gophertype><selector>%09<search>%09<gopher+_string>. The grammar's selector = *xchar also
 * matches "%09", so the PEG's greedy selector holds the whole rest (grammar/rfc1738/grammar.peggy, gopherurl).
 * The published rule derives the split too; this picks the derivation with the leftmost separators
 * that the rule allows: the first "%09" after which the rest is `search [ "%09" gopher+_string ]`
 * (search has no "/" or "?", gopher+_string any xchar). Every "%" in a selector starts an escape, so
 * a "%09" substring is always a whole escape.
 */
export function splitGopherSelector(start: number, end: number, input: string): { selector: TextComponent; search: TextComponent | null; gopherPlus: TextComponent | null } {
  const text = input.slice(start, end);
  for (let i = text.indexOf("%09"); i >= 0; i = text.indexOf("%09", i + 3)) {
    const rest = text.slice(i + 3);
    const sep = rest.indexOf("%09");
    const bad = rest.search(/[/?]/);
    if (bad >= 0 && (sep < 0 || sep > bad)) continue;
    const searchEnd = sep < 0 ? rest.length : sep;
    const at = start + i + 3;
    return { selector: tc(input, start, start + i), search: tc(input, at, at + searchEnd), gopherPlus: sep < 0 ? null : tc(input, at + sep + 3, end) };
  }
  return { selector: tc(input, start, end), search: null, gopherPlus: null };
}

/** §3.8 `"telnet://" login [ "/" ]`: whether the "/" is there. */
export function trailingSlash(_input: string, scope: Span, login: Span): boolean {
  return login.end < scope.end;
}

/**
 * §3.11 `"prospero://" hostport "/" ppath *[ fieldspec ]`, fieldspec = ";" fieldname "=" fieldvalue:
 * neither fieldname nor fieldvalue holds ";", and fieldname no "=", so the fields are the pieces
 * between ";" after the ppath, each split at its first "=". (No position is recorded per field: a
 * repetition.)
 */
export function prosperoFields(input: string, scope: Span, ppath: Span): Rfc1738Field[] {
  if (ppath.end === scope.end) return [];
  return piecesBetween(input, ppath.end + 1, scope.end, ";").map((piece) => {
    const eq = input.indexOf("=", piece.span.start);
    return { text: input.slice(piece.span.start - 1, piece.span.end), span: { start: piece.span.start - 1, end: piece.span.end }, name: tc(input, piece.span.start, eq), value: tc(input, eq + 1, piece.span.end) };
  });
}
