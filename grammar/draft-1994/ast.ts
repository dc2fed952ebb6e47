// What the 1994 draft's grammar ("BNF for specific URL schemes") cannot state as a rule's match,
// for the generated builder (generated/draft-1994.ast.ts, from grammar/draft-1994/grammar.peggy's @field
// annotations): an ftp path's CWD arguments and file name (FTP section, "Path"), mailto's address
// (its xalphas have no rule), the WAIS path's fields, and the gopher command's %09 parts.
import { piecesBetween, tc } from "../../src/ast/build";
import type { Host, Span, TextComponent } from "../../src/ast/types";

/** A path (`path = void | segment [ / path ]`), split at "/". */
export interface Draft1994Path extends TextComponent {
  segments: TextComponent[];
}

/** FTP section, "Path": a CWD command for each segment but the last. */
export function directories(_input: string, _scope: Span, path: Draft1994Path): TextComponent[] {
  return path.segments.slice(0, -1);
}

/** The last segment, the RETR/NLIST argument; empty (at the path's end) for `ftp://h/` or `ftp://h/pub/`. */
export function fileName(input: string, _scope: Span, path: Draft1994Path): TextComponent {
  return path.segments.length > 0 ? path.segments[path.segments.length - 1] : tc(input, path.span.end, path.span.end);
}

/** `m a i l t o : xalphas @ hostname`: the address is everything after "mailto:", its local part the xalphas before the "@". */
export function mailtoAddress(input: string, scope: Span, host: Host): TextComponent & { local: TextComponent; host: Host } {
  const start = scope.start + "mailto:".length;
  return { text: input.slice(start, scope.end), span: { start, end: scope.end }, local: tc(input, start, host.span.start - 1), host };
}

/** One `digits = path ;` field of a wpath. */
export interface Draft1994WaisField extends TextComponent {
  number: TextComponent;
  value: Draft1994Path;
}

/**
 * wpath = digits = path ; [ wpath ]: neither digits nor a path holds "=" or ";" (reserved), so the
 * fields are the pieces ending in ";", each split at its "=". (No position is recorded per field: a
 * repetition.)
 */
export function waisFields(input: string, scope: Span): Draft1994WaisField[] {
  const out: Draft1994WaisField[] = [];
  let at = scope.start;
  while (at < scope.end) {
    const eq = input.indexOf("=", at);
    const semicolon = input.indexOf(";", eq);
    const value = tc(input, eq + 1, semicolon);
    out.push({ ...tc(input, at, semicolon + 1), number: tc(input, at, eq), value: { ...value, segments: value.text === "" ? [] : piecesBetween(input, eq + 1, semicolon, "/") } });
    at = semicolon + 1;
  }
  return out;
}

/**
 * Gopher section, parts 2-6: the command after the type is selector %09 search %09 gopher+ string;
 * parts 3-6 are optional. `part`: 0 the selector (up to the first "%09"), 1 the search (between the
 * first and the second), 2 the gopher+ string (after the second; it may hold more "%09").
 */
export function gopherPart(input: string, _scope: Span, command: TextComponent | null, part: number): TextComponent | null {
  if (command === null) return null;
  const { start, end } = command.span;
  const text = command.text;
  const tab1 = text.indexOf("%09");
  const tab2 = tab1 < 0 ? -1 : text.indexOf("%09", tab1 + 3);
  if (part === 0) return tc(input, start, tab1 < 0 ? end : start + tab1);
  if (part === 1) return tab1 < 0 ? null : tc(input, start + tab1 + 3, tab2 < 0 ? end : start + tab2);
  return tab2 < 0 ? null : tc(input, start + tab2 + 3, end);
}
