// Components as the explorer draws them: one colour per neutral key (src/revisions/revision.ts),
// chosen from Paul Tol's "muted" scheme, which stays distinguishable for colour-blind readers;
// every coloured span also carries its name (legend, title), so colour is never the only cue.
import type { ComponentKey } from "../../revisions/revision";
import type { ComponentValue } from "../../ops/components";
import { h } from "./dom";

export const COMPONENT_COLOURS: Record<ComponentKey, string> = {
  scheme: "#332288",
  authority: "#999933",
  userinfo: "#CC6677",
  password: "#882255",
  host: "#117733",
  port: "#DDCC77",
  path: "#88CCEE",
  segment: "#88CCEE",
  query: "#44AA99",
  fragment: "#AA4499",
};

/**
 * Gives every element of class `c-<key>` its component's colour as `--c`: one style rule per key,
 * added once per page, so that the hundreds of spans of a long input share their style (an inline
 * style on each would make the browser compute each one's style apart). A constructed style sheet,
 * not a <style> element: the server's Content-Security-Policy (style-src 'self') allows it.
 */
export function installComponentColours(): void {
  const rules = Object.entries(COMPONENT_COLOURS).map(([key, colour]) => `.c-${key} { --c: ${colour}; }`);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(rules.join("\n"));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/**
 * The input as text with each component wrapped in a span of its colour; components nest
 * (authority holds userinfo, host and port). `textNodes` receives each text node with the input
 * offset it starts at, so a span of the input can later be highlighted (lib/highlight.ts).
 */
export function componentText(input: string, components: ComponentValue[], textNodes: { node: Text; start: number }[]): HTMLElement {
  const sorted = [...components].sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const root = h("span", { class: "input-text" });
  const put = (parent: HTMLElement, start: number, end: number) => {
    if (end <= start) return;
    const node = document.createTextNode(input.slice(start, end));
    textNodes.push({ node, start });
    parent.appendChild(node);
  };
  // The spans come from one derivation, so they nest; sorted by start (longest first), each one's
  // children are the spans after it that start before it ends.
  const build = (parent: HTMLElement, start: number, end: number, spans: ComponentValue[]) => {
    let at = start;
    let k = 0;
    while (k < spans.length) {
      const c = spans[k];
      if (c.span.start < at) {
        k++; // crosses the previous span: left out
        continue;
      }
      put(parent, at, c.span.start);
      const el = h("span", { class: `component c-${c.key}`, title: `${c.name} [${c.span.start},${c.span.end})`, "data-key": c.key });
      const inner: ComponentValue[] = [];
      let j = k + 1;
      for (; j < spans.length && spans[j].span.start < c.span.end; j++) if (spans[j].span.end <= c.span.end) inner.push(spans[j]);
      build(el, c.span.start, c.span.end, inner);
      parent.appendChild(el);
      at = c.span.end;
      k = j;
    }
    put(parent, at, end);
  };
  build(root, 0, input.length, sorted);
  if (input.length === 0) root.appendChild(h("span", { class: "empty-input" }, "(empty input)"));
  return root;
}
