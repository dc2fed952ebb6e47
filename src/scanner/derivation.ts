/**
 * A derivation node: one named rule that matched, with the half-open span [start, end) of the
 * input it covers and the named rules matched inside it. The generated parsers return these.
 */
export interface DerivationNode {
  rule: string;
  start: number;
  end: number;
  children: DerivationNode[];
}

import type { Span, TextComponent } from "../ast/types";

export type { Span, TextComponent };

/** Flattens a peggy result (nested arrays, strings, nodes) to the nodes it holds, in order. */
export function collectNodes(value: unknown, out: DerivationNode[] = []): DerivationNode[] {
  if (value === null || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, out);
    return out;
  }
  out.push(value as DerivationNode);
  return out;
}

/** The first node named `rule` in depth-first order, the node itself included. */
export function findNode(node: DerivationNode, rule: string): DerivationNode | undefined {
  if (node.rule === rule) return node;
  for (const child of node.children) {
    const found = findNode(child, rule);
    if (found) return found;
  }
  return undefined;
}

/** Every node named `rule` below `node` (not descending into matches), in input order. */
export function findAllNodes(node: DerivationNode, rule: string, out: DerivationNode[] = []): DerivationNode[] {
  for (const child of node.children) {
    if (child.rule === rule) out.push(child);
    else findAllNodes(child, rule, out);
  }
  return out;
}
