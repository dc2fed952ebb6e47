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
