// Hover highlighting of a span of the input, with the CSS Custom Highlight API: no change to the
// page's elements, so hovering costs nothing however long the input is.

export interface TextMap {
  nodes: { node: Text; start: number }[];
}

/** Highlights [start, end) of the input in every registered text map (one per column). */
export function highlightSpan(map: TextMap, start: number, end: number): void {
  const registry = (CSS as unknown as { highlights?: Map<string, unknown> }).highlights;
  const HighlightCtor = (window as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (!registry || !HighlightCtor) return;
  const ranges: Range[] = [];
  for (const { node, start: s } of map.nodes) {
    const e = s + node.length;
    const from = Math.max(start, s);
    const to = Math.min(end, e);
    if (from >= to) continue;
    const r = new Range();
    r.setStart(node, from - s);
    r.setEnd(node, to - s);
    ranges.push(r);
  }
  registry.set("span-hover", new HighlightCtor(...ranges));
}

export function clearHighlight(): void {
  (CSS as unknown as { highlights?: Map<string, unknown> }).highlights?.delete("span-hover");
}
