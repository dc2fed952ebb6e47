// Components of a parsed reference, read from its derivation through the revision's own component
// map (Revision.components): the same neutral key in every revision, with the revision's own word
// for it (draft-1997 `site`, draft-2003 `authority`).
import { findAllNodes, findNode, type DerivationNode, type TextComponent } from "../scanner/derivation";
import { accepts } from "../diagnose";
import { findRule, type Revision } from "../revisions";
import { COMPONENT_KEYS, type ComponentKey } from "../revisions/revision";
import type { NodeFilter } from "../scanner/types";

export interface ComponentValue extends TextComponent {
  key: ComponentKey;
  /** The revision's name for the component. */
  name: string;
  /** The published rule that matched it (none for `path`). */
  rule: string | null;
}

/** The note given when a revision has no component map. */
export function noComponentsNote(revision: Revision): string {
  return `${revision.id} has no component map (Revision.components) yet: skipped`;
}

/** The revision's word for a component key, or null when the revision does not have it. */
export function componentName(revision: Revision, key: ComponentKey): string | null {
  const part = revision.components?.parts[key];
  return part ? (part.name ?? key) : null;
}

/** The component keys a revision has, in COMPONENT_KEYS order. */
export function componentKeys(revision: Revision): ComponentKey[] {
  const parts = revision.components?.parts ?? {};
  return COMPONENT_KEYS.filter((k) => parts[k] !== undefined);
}

/**
 * The components present in a derivation, in COMPONENT_KEYS order: each one is the first match of
 * its rule (depth first). The path, which needs no rule, is the text between the authority (or
 * "scheme:") and the "?" before the query or the "#" before the fragment. `segment` is left out
 * (use `segmentsOf`). Null when the revision has no component map.
 */
export function componentsOf(revision: Revision, tree: DerivationNode, input: string): ComponentValue[] | null {
  const map = revision.components;
  if (!map) return null;
  const out: ComponentValue[] = [];
  const nodes = new Map<ComponentKey, DerivationNode>();
  for (const key of COMPONENT_KEYS) {
    const part = map.parts[key];
    if (!part?.rule || key === "segment") continue;
    // The component's rule, else (another grammar of the same document) each of `also` in turn.
    let node = findNode(tree, part.rule);
    for (const other of part.also ?? []) node ??= findNode(tree, other);
    if (node) nodes.set(key, node);
  }
  for (const key of COMPONENT_KEYS) {
    const part = map.parts[key];
    if (!part || key === "segment") continue;
    const name = part.name ?? key;
    // A revision may name its path rule (draft-1993, whose scheme productions have no scheme rule
    // to start the path after): then the path is that rule's first match, like the other keys.
    if (key === "path" && !part.rule) {
      const span = pathSpan(revision, tree, input, nodes);
      if (span) out.push({ key, name, rule: null, text: input.slice(span.start, span.end), span });
      continue;
    }
    const node = nodes.get(key);
    if (node) out.push({ key, name, rule: node.rule, text: input.slice(node.start, node.end), span: { start: node.start, end: node.end } });
  }
  return out;
}

function pathSpan(revision: Revision, tree: DerivationNode, input: string, nodes: Map<ComponentKey, DerivationNode>): { start: number; end: number } | null {
  const authority = nodes.get("authority");
  const scheme = nodes.get("scheme");
  const query = nodes.get("query");
  const fragment = nodes.get("fragment");
  let start = tree.start;
  // A revision with no scheme part spells each scheme in its own production (draft-1994): there,
  // without an authority, nothing says where a path would start.
  if (!authority && !revision.components?.parts.scheme) return null;
  if (authority) start = authority.end;
  else if (scheme && input[scheme.end] === ":") start = scheme.end + 1;
  // A revision with a host and no authority rule (the WHATWG URL Standard writes "//", a host and a
  // port, with no word for the two together): after "//", the host and port run to the first "/",
  // "?" or "#", none of which a host or a port holds.
  if (!authority && revision.components?.parts.host && !revision.components.parts.authority && input.startsWith("//", start)) {
    start += 2;
    while (start < tree.end && input[start] !== "/" && input[start] !== "?" && input[start] !== "#") start++;
  }
  let end = tree.end;
  if (query && input[query.start - 1] === "?") end = query.start - 1;
  else if (fragment && input[fragment.start - 1] === "#") end = fragment.start - 1;
  if (end < start) return null;
  return { start, end };
}

/**
 * The nodes componentsOf and lintTree read, as a filter for a pruned derivation (verdictOf's
 * `keep`): every component rule but the segment, and the rules the host rule names (lint reads
 * which one the host matched). With it, a valid 10 MB line costs a few nodes, not several per
 * character. Null when the revision has no component map.
 */
export function componentFilter(revision: Revision): NodeFilter | null {
  const cached = COMPONENT_FILTERS.get(revision);
  if (cached !== undefined) return cached;
  const parts = revision.components?.parts;
  let filter: NodeFilter | null = null;
  if (parts) {
    const rules = new Set<string>();
    for (const key of COMPONENT_KEYS) if (key !== "segment" && parts[key]?.rule) for (const r of [parts[key]!.rule!, ...(parts[key]!.also ?? [])]) rules.add(r);
    const host = parts.host?.rule;
    for (const used of (host ? findRule(revision, host)?.uses : undefined) ?? []) rules.add(used);
    filter = (rule) => rules.has(rule);
  }
  COMPONENT_FILTERS.set(revision, filter);
  return filter;
}
const COMPONENT_FILTERS = /* @__PURE__ */ new WeakMap<Revision, NodeFilter | null>();

/** The path segments of a derivation (every match of the revision's segment rule). */
export function segmentsOf(revision: Revision, tree: DerivationNode, input: string): TextComponent[] {
  const rule = revision.components?.parts.segment?.rule;
  if (!rule) return [];
  return findAllNodes(tree, rule).map((n) => ({ text: input.slice(n.start, n.end), span: { start: n.start, end: n.end } }));
}

/** Whether `input` as a whole matches the rule with this published name (false for an unknown rule). */
export function matchesRule(revision: Revision, published: string, input: string): boolean {
  const rule = findRule(revision, published);
  return rule !== undefined && accepts(revision, rule.pegName, input);
}

/** `Appendix A (§4.3.1)` -> `§4.3.1`; `§2.4.3 (body only ...)` -> `§2.4.3`. */
export function shortSection(section: string | null | undefined): string | null {
  if (!section) return null;
  const m = /§[0-9][0-9.]*[0-9]|§[0-9]/.exec(section);
  return m ? m[0] : section;
}
