// Railroad diagrams (railroad-diagrams, Tab Atkins Jr.) of a rule as published (the grammar model
// of src/published, context-free: choices unordered, repetitions give back) and of its PEG
// transcription (ordered choice, its alternatives numbered in the order they are tried; greedy
// repetition; lookaheads drawn as dashed boxes). Rule references are links to the rule's entry.
// Every item of a PEG diagram carries the offsets of its piece of the grammar file (`data-at`,
// "start-end"), so the trace can draw an input's path over it (lib/diagram-path.ts).
import * as rr from "railroad-diagrams";
import type { RailroadItem } from "railroad-diagrams";
import type { Expr } from "../../published/model";
import type { PegExpr } from "./data";
import { h } from "./dom";

/** How a diagram names and links rule references. */
export interface RuleLinks {
  /** The name to show for a reference (published name), or null when no such rule. */
  label(name: string): string;
  /** Where a reference points (a URL), or null for no link. */
  href(name: string): string | null;
}

function ref(name: string, links: RuleLinks): RailroadItem {
  const item = rr.NonTerminal(links.label(name));
  const href = links.href(name);
  if (href) item.attrs["data-href"] = href;
  return item;
}

/** `n*m` as words, for the loop of a repetition. */
function timesComment(min: number, max: number | null): string | undefined {
  if (max === min) return min === 1 ? undefined : `${min} times`;
  if (max === null) return min <= 1 ? undefined : `at least ${min} times`;
  return min === 0 ? `at most ${max} times` : `${min} to ${max} times`;
}

function repetition(item: RailroadItem, min: number, max: number | null): RailroadItem {
  if (max === 0) return rr.Skip();
  if (min === 0 && max === 1) return rr.Optional(item);
  if (min === 1 && max === 1) return item;
  const comment = timesComment(min, max);
  const loop = rr.OneOrMore(item, comment ? rr.Comment(comment) : undefined);
  return min === 0 ? rr.Optional(loop) : loop;
}

/** A literal as the diagrams show it: in double quotes, or in single quotes when it holds a double quote (as peggy allows). */
function quoted(text: string): string {
  return text.includes('"') && !text.includes("'") && !/[\\\x00-\x1f\x7f]/.test(text) ? `'${text}'` : JSON.stringify(text);
}

function hex(n: number): string {
  return n.toString(16).toUpperCase().padStart(2, "0");
}

/** A rule as published: the model every notation reader produces. */
export function publishedItem(e: Expr, links: RuleLinks): RailroadItem {
  switch (e.type) {
    case "seq":
      return e.items.length === 0 ? rr.Skip() : e.items.length === 1 ? publishedItem(e.items[0], links) : rr.Sequence(...e.items.map((x) => publishedItem(x, links)));
    case "alt":
      return rr.Choice(0, ...e.items.map((x) => publishedItem(x, links)));
    case "opt":
      return rr.Optional(publishedItem(e.expr, links));
    case "rep":
      return repetition(publishedItem(e.expr, links), e.min, e.max);
    case "lit":
      return rr.Terminal(quoted(e.text));
    case "chars":
      return rr.Terminal(`%x${e.ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join(" / ")}`);
    case "ref":
      return ref(e.name, links);
  }
}

/** A PEG expression as peggy writes it, for the labels of lookaheads. */
export function pegText(e: PegExpr, label: (name: string) => string = (n) => n, endWord = "!."): string {
  const inner = (x: PegExpr) => (x.t === "seq" || x.t === "choice" ? `(${pegText(x, label, endWord)})` : pegText(x, label, endWord));
  switch (e.t) {
    case "seq":
      return e.items.map(inner).join(" ");
    case "choice":
      return e.items.map((x) => pegText(x, label, endWord)).join(" / ");
    case "opt":
      return `${inner(e.e)}?`;
    case "star":
      return `${inner(e.e)}*`;
    case "plus":
      return `${inner(e.e)}+`;
    case "rep":
      return `${inner(e.e)}|${e.min === e.max ? e.min : `${e.min}..${e.max ?? ""}`}|`;
    case "and":
      return `&${inner(e.e)}`;
    case "not":
      return e.e.t === "any" ? endWord : `!${inner(e.e)}`;
    case "lit":
      return `${quoted(e.v)}${e.i ? "i" : ""}`;
    case "class":
      return `[${e.inv ? "^" : ""}${e.parts.map((p) => (typeof p === "string" ? classChar(p) : `${classChar(p[0])}-${classChar(p[1])}`)).join("")}]${e.i ? "i" : ""}`;
    case "any":
      return ".";
    case "ref":
      return label(e.name);
  }
}

function classChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return `\\x${hex(code)}`;
  return c === "]" || c === "\\" || c === "-" || c === "^" ? `\\${c}` : c;
}

/** A lookahead matches nothing: a dashed box saying what must (or must not) come next. */
function lookahead(e: PegExpr & { t: "and" | "not" }, links: RuleLinks): RailroadItem {
  const shown = pegText(e.e, (n) => links.label(n), "end");
  const text = e.t === "not" && e.e.t === "any" ? "end of input" : `${e.t === "and" ? "followed by" : "not followed by"} ${shown}`;
  const item = rr.NonTerminal(text);
  item.attrs.class = "lookahead";
  return item;
}

/** The key of a PEG node in a diagram's `data-at`, `data-skip` and `data-loop` attributes. */
export function atKey(e: { at: [number, number] }): string {
  return `${e.at[0]}-${e.at[1]}`;
}

function tag(item: RailroadItem, attr: "data-at" | "data-skip" | "data-loop", key: string): RailroadItem {
  const had = item.attrs[attr];
  item.attrs[attr] = had ? `${had} ${key}` : key;
  return item;
}

/** The mark of the n-th alternative of an ordered choice (1-based): ① … ⑳, then "21." */
export function altMark(n: number): string {
  return n <= 20 ? String.fromCharCode(0x2460 + n - 1) : `${n}.`;
}

/**
 * A PEG expression as a railroad item. An ordered choice numbers its alternatives (①, ②, …: the
 * order they are tried in; the first that matches wins), which the published diagrams never do.
 */
export function pegItem(e: PegExpr, links: RuleLinks): RailroadItem {
  const key = atKey(e);
  switch (e.t) {
    case "seq":
      return tag(e.items.length === 1 ? pegItem(e.items[0], links) : rr.Sequence(...e.items.map((x) => pegItem(x, links))), "data-at", key);
    case "choice": {
      const choice = rr.Choice(0, ...e.items.map((x, i) => tag(rr.Sequence(orderMark(i + 1), pegItem(x, links)), "data-at", atKey(x))));
      choice.attrs["data-choice"] = "ordered";
      return tag(choice, "data-at", key);
    }
    case "opt": {
      const skip = tag(rr.Skip(), "data-skip", key);
      const choice = rr.Choice(1, skip, pegItem(e.e, links));
      choice.attrs["data-choice"] = "option";
      return tag(choice, "data-at", key);
    }
    case "star":
    case "plus":
    case "rep": {
      const min = e.t === "star" ? 0 : e.t === "plus" ? 1 : e.min;
      const max = e.t === "rep" ? e.max : null;
      return tag(pegRepetition(pegItem(e.e, links), min, max, key), "data-at", key);
    }
    case "and":
    case "not":
      return tag(lookahead(e, links), "data-at", key);
    case "lit":
    case "class":
      return tag(rr.Terminal(pegText(e)), "data-at", key);
    case "any":
      return tag(rr.Terminal("any character"), "data-at", key);
    case "ref":
      return tag(ref(e.name, links), "data-at", key);
  }
}

function orderMark(n: number): RailroadItem {
  const c = rr.Comment(altMark(n));
  c.attrs.class = "alt-order";
  return c;
}

/** A PEG repetition, its loop (`data-loop`) and its way around (`data-skip`) tagged for the trace. */
function pegRepetition(item: RailroadItem, min: number, max: number | null, key: string): RailroadItem {
  if (max === 0) return rr.Skip();
  if (min === 1 && max === 1) return item;
  if (min === 0 && max === 1) {
    const choice = rr.Choice(1, tag(rr.Skip(), "data-skip", key), item);
    choice.attrs["data-choice"] = "option";
    return choice;
  }
  const comment = timesComment(min, max);
  const loop = tag(rr.OneOrMore(item, comment ? rr.Comment(comment) : undefined), "data-loop", key);
  if (min > 0) return loop;
  const choice = rr.Choice(1, tag(rr.Skip(), "data-skip", key), loop);
  choice.attrs["data-choice"] = "option";
  return choice;
}

const MIN_DIAGRAM_SCALE = 0.7;

/**
 * The diagram as an element: the SVG the library writes (its text escaped by the library), with
 * each rule reference made a link.
 */
export function diagramElement(item: RailroadItem, label: string, kind: "published" | "peg"): HTMLElement {
  // Focusable, as a wide diagram scrolls sideways in its own box (a keyboard must reach it).
  const wrapper = h("div", { class: `diagram diagram-${kind}`, tabindex: "0", role: "region", "aria-label": label });
  const rows = diagramRows(item);
  wrapper.innerHTML = rows.map((d) => d.toString()).join("");
  Array.from(wrapper.querySelectorAll("svg")).forEach((svg, i) => {
    // Wide diagrams shrink to fit their column, down to MIN_DIAGRAM_SCALE of their size (below that
    // the text gets too small to read, and the diagram scrolls sideways instead).
    const width = Number(svg.getAttribute("width"));
    if (width > 0) svg.style.minWidth = `${Math.round(width * MIN_DIAGRAM_SCALE)}px`;
    // A picture, or, when it holds links to other rules, a group of them (an image holds no controls).
    svg.setAttribute("role", svg.querySelector("g[data-href]") ? "group" : "img");
    svg.setAttribute("aria-label", rows.length === 1 ? label : `${label}, part ${i + 1} of ${rows.length}`);
    for (const g of Array.from(svg.querySelectorAll("g[data-href]"))) {
      const a = document.createElementNS("http://www.w3.org/2000/svg", "a");
      a.setAttribute("href", g.getAttribute("data-href")!);
      g.removeAttribute("data-href");
      g.replaceWith(a);
      a.appendChild(g);
    }
  });
  return wrapper;
}

/** A row of a wrapped diagram is at most this wide (px): about half the page, where diagrams stand side by side. */
const MAX_ROW_WIDTH = 520;

type DiagramParts = RailroadItem & { items: RailroadItem[]; needsSpace?: boolean };

/**
 * The diagram, or, when the rule is a sequence too wide for its column, the sequence cut into rows
 * drawn one under the other: a row that goes on ends with "↴" and the next starts with "↳" where
 * the track continues, and only the first row has the start mark and only the last the end mark.
 */
function diagramRows(item: RailroadItem): RailroadItem[] {
  const whole = rr.Diagram(item) as unknown as DiagramParts;
  if (whole.width <= MAX_ROW_WIDTH || !(item instanceof (rr.Sequence as unknown as new () => RailroadItem))) return [whole];
  const parts = (item as DiagramParts).items;
  const cost = (x: RailroadItem & { needsSpace?: boolean }) => x.width + (x.needsSpace ? 20 : 0);
  const rows: RailroadItem[][] = [[]];
  let width = 60; // start or end mark, and a continuation mark
  for (const part of parts) {
    const row = rows[rows.length - 1];
    if (row.length > 0 && width + cost(part) > MAX_ROW_WIDTH) {
      rows.push([]);
      width = 60;
    }
    rows[rows.length - 1].push(part);
    width += cost(part);
  }
  if (rows.length === 1) return [whole];
  return rows.map((row, i) => {
    const d = rr.Diagram(...row) as unknown as DiagramParts;
    if (i > 0) d.items[0] = rr.Comment("↳");
    if (i < rows.length - 1) d.items[d.items.length - 1] = rr.Comment("↴");
    d.width = d.items.reduce((sum, x) => sum + cost(x), 0) + 1;
    d.up = Math.max(...d.items.map((x) => x.up));
    d.down = Math.max(...d.items.map((x) => x.down));
    return d;
  });
}
