// The playground: one input, one column per revision of the registry. Each column shows the
// verdict (and, for the scheme-aware revisions, the production that decided it), the error with a
// caret, the components coloured in the input, the derivation tree and what `explain` says. Every
// keystroke updates every column; the input and the start rule live in the address.
import type { DerivationNode } from "../../scanner/derivation";
import { caretDisplay } from "../../errors";
import { componentsOf, type ComponentValue } from "../../ops/components";
import { explain, type Explanation, type OtherVerdict } from "../../ops/explain";
import { parse, type AnyParseResult as ParseResult } from "../../parse";
import { availableSpecIds, getRevision, type Revision } from "../../revisions";
import { COMPONENT_KEYS, type ComponentKey } from "../../revisions/revision";
import { componentText, installComponentColours } from "../lib/components";
import { h, fill, mainElement, startPage } from "../lib/dom";
import { clearHighlight, highlightSpan, type TextMap } from "../lib/highlight";
import { displayName, ruleHref } from "../lib/rules";
import { readParam, writeParams, pageLink } from "../lib/url-state";

/** Inputs that the revisions judge differently: the empty state offers them. */
const EXAMPLES = [
  "http://[::1]:8080/a/b?c#d",
  "http://a/~b",
  "http://user:pw@example.com:8080/over/there?name=ferret#nose",
  "ftp://ftp.is.co.za/rfc/rfc1808.txt",
  "mailto:John.Doe@example.com",
  "http://exa_mple/",
  "http://a/b[1]",
  "news:comp.infosystems.www.servers.unix",
];

/** Below this depth the derivation tree starts folded; its children are built when opened. */
const OPEN_DEPTH = 2;
/** Node text longer than this is shortened in the tree (the span is always given). */
const NODE_TEXT_MAX = 40;
/** A node shows at most this many children at first; a button builds the rest (a 2 KB path has hundreds). */
const TREE_CHILDREN_FIRST = 24;
/** A legend value longer than this is shortened (the whole value is its title, the span is highlighted on hover). */
const LEGEND_TEXT_MAX = 160;

interface Column {
  revision: Revision;
  el: HTMLElement;
  textMap: TextMap;
}

startPage(() => {
  installComponentColours();
  const main = mainElement();
  const specIds = availableSpecIds();
  const revisions = specIds.map((id) => getRevision(id)!);

  const input = h("input", { id: "input", type: "text", class: "url-input", spellcheck: "false", autocomplete: "off", autocapitalize: "off", "aria-describedby": "input-help", placeholder: "Type a URL or URI, e.g. http://a/b?c" });
  const ruleNames = [...new Set(revisions.flatMap((r) => r.rules.map(displayName)))].sort((a, b) => a.localeCompare(b));
  const rule = h("input", { id: "rule", type: "text", list: "rule-names", spellcheck: "false", autocomplete: "off", placeholder: "each revision's own" });
  const datalist = h("datalist", { id: "rule-names" }, ruleNames.map((n) => h("option", { value: n })));
  const help = h("div", { id: "input-help", class: "empty-state" });
  const columns = h("div", { class: "columns" });

  main.append(
    h("p", { class: "intro" }, `Every revision of the grammar judges the same input, in this page. Type, and all ${revisions.length} columns follow.`),
    h("div", { class: "controls" },
      h("label", { class: "input-label" }, "Input", input),
      h("label", { class: "rule-label" }, "Start rule (optional)", rule, datalist),
    ),
    help,
    columns,
  );

  const cols: Column[] = revisions.map((revision) => {
    const el = h("section", { class: "column", "data-spec": revision.id, "aria-label": revision.id });
    columns.appendChild(el);
    return { revision, el, textMap: { nodes: [] } };
  });

  let renders = 0;
  const update = () => {
    const t0 = performance.now();
    const text = input.value;
    const startRule = rule.value.trim();
    writeParams({ input: text, rule: startRule });
    fill(help, ...emptyState(text, (example) => {
      input.value = example;
      update();
      input.focus();
    }));
    // Each revision parses the input once; explain reuses these results (the other revisions'
    // verdicts included) instead of parsing again.
    const results = cols.map((col) => parse(text, startRule ? { spec: col.revision.id, rule: startRule, tree: true } : { spec: col.revision.id, tree: true }));
    const verdicts: OtherVerdict[] = results.map((r, i) => (r.ok ? { spec: specIds[i], valid: true } : { spec: specIds[i], valid: false, offset: r.error.offset }));
    cols.forEach((col, i) => renderColumn(col, text, startRule, results[i], verdicts.filter((v) => v.spec !== col.revision.id)));
    // Layout now, so the time measured is the time until the columns can be drawn.
    void columns.offsetHeight;
    renders++;
    document.body.dataset.renders = String(renders);
    document.body.dataset.lastUpdateMs = (performance.now() - t0).toFixed(2);
  };

  input.value = readParam("input") ?? "";
  rule.value = readParam("rule") ?? "";
  input.addEventListener("input", update);
  rule.addEventListener("input", update);
  update();
  input.focus();
});

function emptyState(text: string, choose: (example: string) => void): (Node | string)[] {
  if (text !== "") return [];
  return [
    h("p", {}, "Type a URL or URI in the box above. Each column below is one revision, from the 1993 draft to RFC 3986: it says whether that revision's grammar accepts the input, and why. Hover over a component or a node of the derivation to see its part of the input. The address of this page keeps what you typed, so you can share it."),
    h("p", {}, "Or try one of these: ", EXAMPLES.map((e) => h("button", { type: "button", class: "example", onclick: () => choose(e) }, e))),
    h("p", { class: "note" }, "The columns below judge the empty input: some revisions allow an empty relative reference."),
  ];
}

function renderColumn(col: Column, input: string, startRule: string, r: ParseResult, others: OtherVerdict[]): void {
  const { revision, el } = col;
  el.dataset.verdict = r.ok ? "valid" : "invalid";
  if (r.ok) delete el.dataset.offset;
  else el.dataset.offset = String(r.error.offset);
  // "unknown-rule": the revision has no such start rule; nothing was judged (drawn neutral).
  if (!r.ok && r.error.code === "unknown-rule") el.dataset.outcome = "no-such-rule";
  else delete el.dataset.outcome;
  col.textMap = { nodes: [] };
  fill(el,
    h("header", { class: "column-head" },
      h("h2", {}, h("a", { href: pageLink("grammar.html", { spec: revision.id }) }, revision.id)),
      h("p", { class: "meta" }, `${revision.date} · ${shortNotation(revision.notation)}`),
    ),
    verdictLine(revision, r),
    r.ok ? validBody(col, input, r, startRule) : invalidBody(revision, input, r),
    startRule ? null : explainSection(revision, input, r, others),
  );
}

function shortNotation(notation: string): string {
  return notation.replace(/\s*\(.*$/, "").replace(/:.*$/, "");
}

function verdictLine(revision: Revision, r: ParseResult): HTMLElement {
  const rule = r.production ?? r.rule;
  const ruleInfo = rule ? revision.rules.find((x) => displayName(x) === rule) : undefined;
  const ruleEl = ruleInfo ? h("a", { href: ruleHref(revision.id, ruleInfo.pegName) }, rule) : h("code", {}, rule ?? "");
  if (!r.ok && r.error.code === "unknown-rule") {
    return h("div", { class: "verdict-block" }, h("p", { class: "verdict none" }, h("span", { class: "mark", "aria-hidden": "true" }, "— "), "no such rule"));
  }
  const verdict = r.ok
    ? h("p", { class: "verdict valid" }, h("span", { class: "mark", "aria-hidden": "true" }, "✓ "), "valid")
    : h("p", { class: "verdict invalid" }, h("span", { class: "mark", "aria-hidden": "true" }, "✗ "), r.error.code === "syntax" ? `invalid at offset ${r.error.offset}` : "not checked");
  // Scheme-aware revisions: the scheme picked the production that decided (parse()'s `production`).
  const how = r.production ? h("p", { class: "production" }, "decided by the scheme's production ", ruleEl) : h("p", { class: "production" }, "start rule ", ruleEl);
  return h("div", { class: "verdict-block" }, verdict, how);
}

function invalidBody(revision: Revision, input: string, r: ParseResult & { ok: false }): HTMLElement {
  const e = r.error;
  if (e.code !== "syntax") return h("p", { class: "error-sentence" }, e.code === "unknown-rule" ? `${revision.id} has no rule “${e.startRule}”.` : e.message);
  return h("div", { class: "error" },
    h("pre", { class: "caret", "aria-label": `the input with a caret under offset ${e.offset}` }, caretDisplay(input, e.offset, 48).replace(/^ {2}/gm, "")),
    h("p", { class: "error-sentence" }, e.message),
  );
}

function validBody(col: Column, input: string, r: ParseResult & { ok: true }, startRule: string): (HTMLElement | null)[] {
  const { revision } = col;
  // The component map reads a whole reference: a match of another start rule (IPv4address, say)
  // has no scheme, authority or path to show.
  const whole = startRule === "" || startRule === revision.topRule;
  const components = r.tree && whole ? (componentsOf(revision, r.tree, input) ?? []) : [];
  const shown = h("div", { class: "input-display" }, componentText(input, components, col.textMap.nodes));
  const none = !whole
    ? `Components are shown for whole references: clear the start rule, or use ${revision.topRule}.`
    : revision.components
      ? "No components in this match."
      : "This revision has no component map.";
  return [
    shown,
    components.length > 0 ? legend(col, components) : h("p", { class: "note" }, none),
    r.tree ? treeSection(col, r.tree, input) : null,
  ];
}

/** A key that occurs more often than this (path segments) shows its first few and a count. */
const LEGEND_REPEAT_MAX = 3;

function legend(col: Column, components: ComponentValue[]): HTMLElement {
  const byKey = new Map<ComponentKey, ComponentValue[]>();
  for (const c of components) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  const items: HTMLElement[] = [];
  for (const [key, all] of byKey) {
    const shown = all.length > LEGEND_REPEAT_MAX ? all.slice(0, LEGEND_REPEAT_MAX - 1) : all;
    for (const c of shown) items.push(legendItem(col, key, c.name, legendValue(c.text), [c.span]));
    const rest = all.slice(shown.length);
    if (rest.length > 0) items.push(legendItem(col, key, `${rest.length} more`, h("em", {}, `${rest[0].name} ${rest.length === 1 ? "" : "each "}highlighted on hover`), rest.map((c) => c.span)));
  }
  return h("dl", { class: "legend" }, items);
}

function legendValue(text: string): Node | string {
  if (text === "") return h("em", {}, "(empty)");
  if (text.length <= LEGEND_TEXT_MAX) return text;
  return h("span", { title: text }, `${text.slice(0, LEGEND_TEXT_MAX - 1)}…`, h("em", { class: "note" }, ` (${text.length} characters)`));
}

function legendItem(col: Column, key: ComponentKey, name: string, value: Node | string, spans: { start: number; end: number }[]): HTMLElement {
  const item = h("div", { class: `legend-item c-${key}`, tabindex: "0", "data-key": key, "data-start": spans[0].start, "data-end": spans[spans.length - 1].end },
    h("dt", {}, h("span", { class: "swatch", "aria-hidden": "true" }), name),
    h("dd", {}, value),
  );
  hoverable(item, col, spans);
  return item;
}

function hoverable(el: HTMLElement, col: Column, spans: { start: number; end: number }[]): void {
  const on = () => highlightSpan(col.textMap, spans);
  el.addEventListener("mouseenter", on);
  el.addEventListener("focus", on);
  el.addEventListener("mouseleave", clearHighlight);
  el.addEventListener("blur", clearHighlight);
}

/** The component a rule's match is, by the revision's component map (the innermost one wins below). */
function componentRules(revision: Revision): Map<string, ComponentKey> {
  const out = new Map<string, ComponentKey>();
  for (const key of COMPONENT_KEYS) {
    const rule = revision.components?.parts[key]?.rule;
    if (rule && !out.has(rule)) out.set(rule, key);
  }
  return out;
}

function treeSection(col: Column, tree: DerivationNode, input: string): HTMLElement {
  const { revision } = col;
  const components = componentRules(revision);
  const count = { nodes: 0 };
  const list = h("ul", { class: "tree", role: "tree" }, treeNode(col, tree, input, components, 0, count));
  return h("details", { class: "tree-section", open: true },
    h("summary", {}, "Derivation ", h("span", { class: "note" }, "(one-character rules left out; hover a node to see its span)")),
    list,
  );
}

function visibleChildren(revision: Revision, node: DerivationNode): DerivationNode[] {
  return node.children.filter((c) => !revision.characterRules.has(c.rule));
}

function treeNode(col: Column, node: DerivationNode, input: string, components: Map<string, ComponentKey>, depth: number, count: { nodes: number }): HTMLElement {
  count.nodes++;
  const text = input.slice(node.start, node.end);
  const shown = text.length > NODE_TEXT_MAX ? `${text.slice(0, NODE_TEXT_MAX - 1)}…` : text;
  const key = components.get(node.rule);
  const label = h("span", { class: key ? `node-label c-${key}` : "node-label", "data-start": node.start, "data-end": node.end },
    h("span", { class: "node-rule" }, node.rule),
    " ",
    h("code", { class: "node-text" }, JSON.stringify(shown)),
    " ",
    h("span", { class: "node-span" }, `[${node.start},${node.end})`),
    key ? h("span", { class: `node-component c-${key}` }, ` ${key}`) : null,
  );
  hoverable(label, col, [{ start: node.start, end: node.end }]);
  const children = visibleChildren(col.revision, node);
  if (children.length === 0) return h("li", { role: "treeitem" }, label);
  const details = h("details", { open: depth < OPEN_DEPTH }, h("summary", {}, label));
  const build = () => {
    if (details.dataset.built) return;
    details.dataset.built = "1";
    const group = h("ul", { role: "group" }, children.slice(0, TREE_CHILDREN_FIRST).map((c) => treeNode(col, c, input, components, depth + 1, count)));
    const rest = children.slice(TREE_CHILDREN_FIRST);
    if (rest.length > 0) {
      const more: HTMLElement = h("li", { class: "tree-more" },
        h("button", { type: "button", onclick: () => more.replaceWith(...rest.map((c) => treeNode(col, c, input, components, depth + 1, count))) }, `show ${rest.length} more ${node.rule} children`),
      );
      group.appendChild(more);
    }
    details.appendChild(group);
  };
  if (depth < OPEN_DEPTH) build();
  else details.addEventListener("toggle", build);
  return h("li", { role: "treeitem" }, details);
}

function explainSection(revision: Revision, input: string, parsed: ParseResult, others: OtherVerdict[]): HTMLElement {
  const result = explain(input, { spec: revision.id, parsed, others });
  if (!result.ok) return h("p", { class: "error-sentence" }, result.error.message);
  const x: Explanation = result;
  const body: (HTMLElement | null)[] = [];
  if (!x.valid && x.sentence) body.push(h("p", {}, x.sentence));
  if (x.valid) {
    body.push(h("p", {}, `${JSON.stringify(x.input)} is a valid ${x.spec} ${x.production ?? ""}.`.replace(" .", ".")));
    if (x.notes.length > 0) {
      body.push(h("p", {}, "Security notes (warnings; the input stays valid):"));
      body.push(h("ul", { class: "notes" }, x.notes.map((n) => h("li", {}, n.message))));
    }
    const others = x.others.map((o) => `${o.spec} ${o.valid ? "valid" : `invalid at offset ${o.offset}`}`);
    if (others.length > 0) body.push(h("p", {}, `Other revisions: ${others.join("; ")}.`));
  }
  for (const r of x.remarks) body.push(h("p", { class: "note" }, `Note: ${r}`));
  return h("details", { class: "explain", open: !x.valid || x.notes.length > 0 },
    h("summary", {}, "Explain", x.notes.length > 0 ? h("span", { class: "badge warn" }, `${x.notes.length} security note${x.notes.length === 1 ? "" : "s"}`) : null),
    body,
  );
}


