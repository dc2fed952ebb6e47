// Port reading, shared by every revision's AST builder: the digits as written and their number
// (null for an empty port, which draft-1997 §3.2.2, draft-2003 §3.2.3 and RFC 3986 §3.2.3 allow).
import { textOf, type DerivationNode } from "./derivation";
import type { Port } from "./types";

export function portOf(node: DerivationNode, input: string): Port {
  const t = textOf(node, input);
  return { text: t.text, span: t.span, number: t.text === "" ? null : Number.parseInt(t.text, 10) };
}
