// An input's path drawn over a rule's railroad diagram (lib/railroad.ts tags every item of a PEG
// diagram with its piece of the grammar file): the branches taken so far in green, those that
// failed in red and dashed with a ✗ where the last failure happened, the piece being tried in
// orange, the way around an absent option, and each loop's iteration count.
import { atKey } from "./railroad";
import type { DiagramState, PathStatus } from "./trace-model";
import type { TraceGrammar } from "./trace";

const SVG_NS = "http://www.w3.org/2000/svg";
const CLASSES = ["tp-ok", "tp-fail", "tp-try", "tp-skip", "tp-current"];

/** Removes what drawPath drew. */
export function clearPath(diagram: Element): void {
  for (const el of Array.from(diagram.querySelectorAll(CLASSES.map((c) => `.${c}`).join(",")))) el.classList.remove(...CLASSES);
  for (const el of Array.from(diagram.querySelectorAll(".tp-label"))) el.remove();
}

/** Marks an item and the two track pieces that lead into and out of it in its choice (or loop). */
function mark(el: Element, cls: string): void {
  el.classList.add(cls);
  const parent = el.parentElement;
  // An alternative (or the way around an option) sits between its connectors: a path before and after it.
  if (parent && parent.hasAttribute("data-choice")) {
    const before = el.previousElementSibling;
    const after = el.nextElementSibling;
    if (before?.tagName === "path") before.classList.add(cls);
    if (after?.tagName === "path") after.classList.add(cls);
  }
}

function label(svg: SVGSVGElement, el: SVGGraphicsElement, text: string, cls: string): void {
  let box: DOMRect;
  try {
    box = el.getBBox();
  } catch {
    return; // not rendered (a closed section): no label
  }
  const t = document.createElementNS(SVG_NS, "text");
  // The ✗ right of the item it marks, a count under the right end of its loop.
  const beside = cls === "tp-x";
  t.setAttribute("x", String(beside ? box.x + box.width + 1 : box.x + box.width - 4));
  t.setAttribute("y", String(beside ? box.y + 2 : box.y + box.height + 2));
  t.setAttribute("class", `tp-label ${cls}`);
  t.textContent = text;
  // Into the item's own coordinate system (its group may be translated).
  (el.closest("g") ?? svg).appendChild(t);
}

/** Draws `state` over every SVG of a diagram element (a wide rule may be drawn in several rows). */
export function drawPath(diagram: Element, g: TraceGrammar, state: DiagramState): void {
  clearPath(diagram);
  const cls: Record<PathStatus, string> = { ok: "tp-ok", fail: "tp-fail", try: "tp-try", skip: "tp-skip" };
  for (const [node, status] of state.status) {
    const key = atKey(g.nodes[node]);
    if (status === "skip") {
      for (const el of Array.from(diagram.querySelectorAll(`[data-skip~="${key}"]`))) mark(el, "tp-ok");
      continue;
    }
    for (const el of Array.from(diagram.querySelectorAll(`[data-at~="${key}"]`))) mark(el, cls[status]);
  }
  for (const [node, count] of state.loops) {
    const key = atKey(g.nodes[node]);
    for (const el of Array.from(diagram.querySelectorAll(`[data-loop~="${key}"]`))) {
      el.classList.add(count > 1 ? "tp-ok" : "tp-try");
      label(el.closest("svg")!, el as SVGGraphicsElement, `×${count}`, "tp-count");
    }
  }
  if (state.current >= 0) {
    const key = atKey(g.nodes[state.current]);
    const el = diagram.querySelector(`[data-at~="${key}"]`);
    if (el) {
      el.classList.add("tp-current");
      revealInBox(el);
    }
  }
  if (state.failedAt >= 0) {
    const el = diagram.querySelector(`[data-at~="${atKey(g.nodes[state.failedAt])}"]`);
    if (el) label(el.closest("svg")!, el as SVGGraphicsElement, "✗", "tp-x");
  }
}

/** Scrolls a wide diagram's own box (never the page) so that `el` is in view. */
function revealInBox(el: Element): void {
  const box = el.closest(".diagram");
  if (!box) return;
  const r = el.getBoundingClientRect();
  const c = box.getBoundingClientRect();
  if (r.left < c.left || r.right > c.right) box.scrollLeft += r.left - c.left - c.width / 3;
}
