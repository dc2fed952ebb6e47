// A key to the shapes of the railroad diagrams, each drawn by the same code as the rules' own
// diagrams: terminal, rule reference, choice (published: any alternative; PEG: ordered, numbered),
// optional part, repetitions (with bounds), lookahead, and the path the trace draws.
import * as rr from "railroad-diagrams";
import type { RailroadItem } from "railroad-diagrams";
import type { PegExpr } from "./data";
import { h } from "./dom";
import { diagramElement, pegItem, type RuleLinks } from "./railroad";

const at: [number, number] = [0, 0];
const noLinks: RuleLinks = { label: (n) => n, href: () => null };

function shape(item: RailroadItem, caption: string, kind: "published" | "peg"): HTMLElement {
  return h("figure", { class: "key-shape" }, diagramElement(item, caption, kind), h("figcaption", {}, caption));
}

const lit = (v: string): PegExpr => ({ t: "lit", v, i: false, at });
const ref = (name: string): PegExpr => ({ t: "ref", name, at });

export function diagramKey(open = false): HTMLElement {
  return h("details", { class: "diagram-key", open },
    h("summary", {}, "Key to the diagrams"),
    h("p", { class: "note" }, "Read a diagram from left to right along the track; every way through it is an input the rule accepts. The left column of a grammar page draws the rule as published (a context-free grammar: any way through that fits), the right one its PEG transcription where the shape differs."),
    h("div", { class: "key-shapes" },
      shape(rr.Terminal('"http"'), "terminal (rounded): these characters, literally; [0-9] is one character of a class", "published"),
      shape(rr.NonTerminal("hostport"), "rule (square): another rule here; click it to go to its entry", "published"),
      shape(rr.Choice(0, rr.NonTerminal("hostname"), rr.NonTerminal("IPv4address")), "choice, as published: any one of the branches", "published"),
      shape(pegItem({ t: "choice", items: [ref("IPv6reference"), ref("IPv4address"), ref("hostname")], at }, noLinks), "ordered choice (PEG): branches tried in the order ①②③; the first that matches wins and the rest are never tried", "peg"),
      shape(rr.Optional(rr.NonTerminal("port")), "optional: the upper track skips it", "published"),
      shape(rr.ZeroOrMore(rr.NonTerminal("segment")), "zero or more: the lower track loops back", "published"),
      shape(rr.OneOrMore(rr.NonTerminal("DIGIT")), "one or more", "published"),
      shape(rr.OneOrMore(rr.NonTerminal("HEXDIG"), rr.Comment("1 to 4 times")), "repetition with bounds (ABNF 1*4HEXDIG, peggy |1..4|)", "published"),
      shape(pegItem({ t: "not", e: lit("."), at }, noLinks), "lookahead (dashed, PEG only): checks what comes next without reading it", "peg"),
    ),
    h("p", { class: "note" }, "On the trace page the input's path is drawn over the PEG diagram: green for what matched, red and dashed with ✗ for what failed, orange for what is being tried, and ×n under a loop for its iterations."));
}
