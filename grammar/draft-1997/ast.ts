// draft-1997's path, which its grammar cannot state as a span: abs_path = "/" rel_path and
// rel_path = [ path_segments ] [ "?" query ] (Appendix A), so the rule that derives the path also
// holds the query; and its segments carry ";" params (§4.3.2). Called by the generated builder
// (generated/draft-1997.ast.ts, from grammar/draft-1997/grammar.peggy's @field path).
import { piecesBetween, tc } from "../../src/ast/build";
import type { Span, TextComponent } from "../../src/ast/types";

/** A draft-1997 path segment (§4.3.2): `*pchar *( ";" param )`. */
export interface Draft1997Segment extends TextComponent {
  /** The part before the first ";". */
  name: TextComponent;
  params: TextComponent[];
}

/** A draft-1997 path: its segments, each with its parameters (§3.3). */
export interface Draft1997Path extends TextComponent {
  /** Which rule derived the path: abs_path (starts with "/"), rel_path, or nothing (empty path). */
  form: "abs_path" | "rel_path" | "empty";
  segments: Draft1997Segment[];
}

/**
 * The path: the abs_path or rel_path that matched, up to where its path_segments end (its query
 * is not part of it); a path_segments or segment start rule's own match; for a whole reference
 * without one, the empty path where it would be (`emptyAt`), and for an opaque URL (§4.2
 * `scheme ":" *urlc`) what follows "scheme:", with no segments. Undefined (no path in the AST) for a
 * start rule below a whole reference that holds none.
 */
export function draft1997Path(input: string, scope: Span, abs: Span | null, rel: Span | null, segments: Span | null, opaque: Span | null, emptyAt: number, schemeEnd: number, isSegment: boolean, whole: true): Draft1997Path;
export function draft1997Path(input: string, scope: Span, abs: Span | null, rel: Span | null, segments: Span | null, opaque: Span | null, emptyAt: number, schemeEnd: number, isSegment: boolean, whole: false): Draft1997Path | undefined;
export function draft1997Path(input: string, scope: Span, abs: Span | null, rel: Span | null, segments: Span | null, opaque: Span | null, emptyAt: number, schemeEnd: number, isSegment: boolean, whole: boolean): Draft1997Path | undefined {
  if (opaque !== null) return whole ? { ...tc(input, schemeEnd + 1, opaque.end), form: "rel_path", segments: [] } : undefined;
  const x = abs ?? rel;
  if (x !== null) {
    const end = segments !== null ? segments.end : abs !== null ? x.start + 1 : x.start;
    return { text: input.slice(x.start, end), span: { start: x.start, end }, form: abs !== null ? "abs_path" : "rel_path", segments: segments !== null ? segmentsOf(input, segments) : [] };
  }
  const s = segments ?? (isSegment ? scope : null);
  if (s !== null) return { text: input.slice(s.start, s.end), span: { start: s.start, end: s.end }, form: "rel_path", segments: segmentsOf(input, s) };
  return whole ? { text: "", span: { start: emptyAt, end: emptyAt }, form: "empty", segments: [] } : undefined;
}

function segmentsOf(input: string, node: Span): Draft1997Segment[] {
  // §4.3.2: path_segments = segment *( "/" segment ), segment = *pchar *( ";" param ), param = *pchar.
  // pchar has neither "/" nor ";", so the segments are the pieces between "/" and, in each, the
  // name and the params are the pieces between ";". (No position is recorded per segment or
  // param: a 10 MB path has 5 million of them. One object literal per segment, not a spread:
  // V8's object spread followed by more properties made this loop superlinear.)
  const out: Draft1997Segment[] = [];
  const last = node.end;
  // One pass over the path: each "/" (or the end) closes a segment; the first ";" in it ends the name.
  let start = node.start;
  let semicolon = -1;
  for (let at = node.start; at <= last; at++) {
    const c = at < last ? input.charCodeAt(at) : -1;
    if (c === 59 /* ; */ && semicolon < 0) semicolon = at;
    if (c !== 47 /* / */ && c !== -1) continue;
    const text = input.slice(start, at);
    const span = { start, end: at };
    if (semicolon < 0) {
      // Without params the name is the whole segment: it shares the segment's span object (the
      // same values; a 10 MB path saves 5 million objects).
      out.push({ text, span, name: { text, span }, params: [] });
    } else {
      out.push({ text, span, name: tc(input, start, semicolon), params: piecesBetween(input, semicolon + 1, at, ";") });
    }
    start = at + 1;
    semicolon = -1;
  }
  return out;
}
