// The derivation and the tree searches are the library's (src/scanner/derivation.ts): the generated
// builders read positions, never a derivation, so the oracle's independence is in its builders.
import type { DerivationNode, Span, TextComponent } from "../../../src/scanner/derivation";

export { collectNodes, findAllNodes, findNode } from "../../../src/scanner/derivation";
export type { DerivationNode, Span, TextComponent };

/**
 * The span of a node. The builders write components as object literals with `text` and `span`
 * rather than `{ ...textOf(node, input), more }`: in Node 20 that spread-then-add costs about
 * 0.7 us per object, most of what building an AST took.
 */
export function spanOf(node: DerivationNode): Span {
  return { start: node.start, end: node.end };
}

export function textOf(node: DerivationNode, input: string): TextComponent {
  return { text: input.slice(node.start, node.end), span: { start: node.start, end: node.end } };
}

export function textBetween(input: string, start: number, end: number): TextComponent {
  return { text: input.slice(start, end), span: { start, end } };
}

/**
 * The pieces of input[start, end) between occurrences of `sep` (one character, or a string such as
 * "%23"), with their spans; one piece when `sep` does not occur. The one splitter of the builders:
 * they split a path (at "/"), a search (at "+") or a field list this way where the grammar's rules
 * cannot contain the separator, instead of having the parser build a node per segment (a 10 MB path
 * has 5 million of them).
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

/** What every AST starts with: the revision, the start rule, and the text and span it derived. */
export function astRoot<S extends string>(spec: S, root: DerivationNode, input: string): { spec: S; rule: string; text: string; span: Span } {
  return { spec, rule: root.rule, text: input.slice(root.start, root.end), span: { start: root.start, end: root.end } };
}
