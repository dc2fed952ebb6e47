// Hover highlighting of a span of the input, with the CSS Custom Highlight API: no change to the
// page's elements, so hovering costs nothing however long the input is.

export interface TextMap {
  nodes: { node: Text; start: number }[];
}

/** Highlights each [start, end) of the input in a column's text map. */
export function highlightSpan(map: TextMap, spans: { start: number; end: number }[]): void {
  const registry = (CSS as unknown as { highlights?: Map<string, unknown> }).highlights;
  const HighlightCtor = (window as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (!registry || !HighlightCtor) return;
  const ranges: Range[] = [];
  for (const { start, end } of spans) {
    for (const { node, start: s } of map.nodes) {
      const from = Math.max(start, s);
      const to = Math.min(end, s + node.length);
      if (from >= to) continue;
      const r = new Range();
      r.setStart(node, from - s);
      r.setEnd(node, to - s);
      ranges.push(r);
    }
  }
  registry.set("span-hover", new HighlightCtor(...ranges));
}

export function clearHighlight(): void {
  (CSS as unknown as { highlights?: Map<string, unknown> }).highlights?.delete("span-hover");
}
