// What the generated AST builders (generated/<spec>.ast.ts) assemble values with: a text and its
// span, a port, a number, a host with its kind, a path with its segments. The builders pass
// positions the tagged DFA recorded; nothing here reads a derivation.
import type { Host, HostKind, Port, TextComponent } from "./types";

export function tc(input: string, start: number, end: number): TextComponent {
  return { text: input.slice(start, end), span: { start, end } };
}

/** A port: its digits and their value (null for an empty port, which the generic grammars allow). */
export function portOf(input: string, start: number, end: number): Port {
  const text = input.slice(start, end);
  return { text, span: { start, end }, number: text === "" ? null : Number.parseInt(text, 10) };
}

/** A run of digits and its value. */
export function numberOf(input: string, start: number, end: number): TextComponent & { number: number } {
  const text = input.slice(start, end);
  return { text, span: { start, end }, number: Number.parseInt(text, 10) };
}

/** A host of a kind; `address` (the text inside brackets) when addressStart >= 0. */
export function hostOf(input: string, start: number, end: number, kind: HostKind, addressStart: number, addressEnd: number): Host {
  const text = input.slice(start, end);
  if (addressStart < 0) return { text, span: { start, end }, kind };
  return { text, span: { start, end }, kind, address: tc(input, addressStart, addressEnd) };
}

/**
 * How a path's segments are read (the segment rules hold no "/", so they are the pieces between
 * "/"): `split` every piece, an empty path one empty segment; `split-nonempty` the same, but an
 * empty path has none; `split-after-slash` after a leading "/" (its first segment starts after
 * it), an empty path has none; `none` no segments (an opaque or empty path).
 */
export type SegmentMode = "split" | "split-nonempty" | "split-after-slash" | "none";

export function pathOf<F extends string>(input: string, start: number, end: number, form: F, mode: SegmentMode): TextComponent & { form: F; segments: TextComponent[] };
export function pathOf(input: string, start: number, end: number, form: undefined, mode: SegmentMode): TextComponent & { segments: TextComponent[] };
export function pathOf(input: string, start: number, end: number, form: string | undefined, mode: SegmentMode): TextComponent & { form?: string; segments: TextComponent[] } {
  const text = input.slice(start, end);
  const span = { start, end };
  let segments: TextComponent[];
  if (mode === "none" || (start === end && mode !== "split")) segments = [];
  else segments = piecesBetween(input, mode === "split-after-slash" && input.charCodeAt(start) === 47 ? start + 1 : start, end, "/");
  return form === undefined ? { text, span, segments } : { text, span, form, segments };
}

/**
 * The pieces of input[start, end) between occurrences of `sep` (one character, or a string such as
 * "%23"), with their spans; one piece when `sep` does not occur. The one splitter of the builders:
 * a path (at "/"), a search (at "+") or a field list is split this way where the grammar's rules
 * cannot contain the separator, instead of recording a position per repetition (a 10 MB path has
 * 5 million segments).
 */
export function piecesBetween(input: string, start: number, end: number, sep: string): TextComponent[] {
  // A bounded scan: input.indexOf(sep, from) would search past `end` to the end of the input each
  // time `sep` does not occur, which is O(n) per call and O(n^2) over a path's segments.
  const code = sep.charCodeAt(0);
  const out: TextComponent[] = [];
  let from = start;
  for (let at = start; at + sep.length <= end; at++) {
    if (input.charCodeAt(at) !== code || (sep.length > 1 && !input.startsWith(sep, at))) continue;
    out.push({ text: input.slice(from, at), span: { start: from, end: at } });
    from = at + sep.length;
    at += sep.length - 1;
  }
  out.push({ text: input.slice(from, end), span: { start: from, end } });
  return out;
}

/**
 * components()' lean builders (generated/<spec>.ast.ts, lean_*) hand their pieces straight to the
 * revision's reader (src/ast/components.ts), which copies out the strings and positions it needs and
 * keeps none of the pieces: so each place in a lean builder that makes a piece fills one piece of its
 * own, made once (a module constant), instead of a new object per call. A piece reads as a text
 * component (`text`, computed when read; `span`), a host (`kind`, `address`) or a record (the fields
 * its builder sets). Nothing else may keep one: the next call of the same builder refills it.
 */
export class LeanPiece {
  input = "";
  readonly span = { start: 0, end: 0 };
  kind: HostKind | undefined = undefined;
  address: TextComponent | undefined = undefined;
  get text(): string {
    return this.input.slice(this.span.start, this.span.end);
  }
}

/** A lean builder's piece, made once per place that fills it. */
export function leanPiece(): any {
  return new LeanPiece();
}

/** tc() for a lean builder: `piece`, refilled (typed as the builders' lean values are: any). */
export function lp(piece: LeanPiece, input: string, start: number, end: number): any {
  piece.input = input;
  piece.span.start = start;
  piece.span.end = end;
  return piece;
}

/** hostOf() for a lean builder: `piece`, refilled (its address, when there is one, a new text component). */
export function lh(piece: LeanPiece, input: string, start: number, end: number, kind: HostKind, addressStart: number, addressEnd: number): any {
  lp(piece, input, start, end);
  piece.kind = kind;
  piece.address = addressStart < 0 ? undefined : tc(input, addressStart, addressEnd);
  return piece;
}
