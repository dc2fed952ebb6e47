// @page 10 index.html "Playground" one input, every revision side by side
// The playground: one input, one column per revision of the registry. Each column shows the
// verdict (and, for the scheme-aware revisions, the production that decided it), the error with a
// caret, the components coloured in the input, the derivation tree and what `explain` says, and
// links to the trace of the same input. The library runs in the explorer's worker
// (src/web/worker/explorer-worker.ts): a keystroke stops a parse its input has made stale, so a
// 2 MB paste never blocks typing. The input and the start rule live in the address's fragment.
// The worker loads each revision's tables when it first judges with it (lib/revision-tables.ts):
// on the first input a column shows its revision's heading and "loading" until its chunk arrives.
import { availableSpecIds, findRule, getRevision, type Revision } from "../../revisions";
import { COMPONENT_KEYS, type ComponentKey } from "../../revisions/revision";
import type { ComponentValue } from "../../ops/components";
import { componentText, installComponentColours } from "../lib/components";
import { h, fill, mainElement, startPage } from "../lib/dom";
import { clearHighlight, highlightSpan, type TextMap } from "../lib/highlight";
import { shownName } from "../lib/published-names";
import { displayName, ruleHref } from "../lib/rules";
import { TRACE_INPUT_LIMIT } from "../lib/trace";
import { pageLink, readParam, shareNote, throttledWriter } from "../lib/url-state";
import { WorkerClient } from "../lib/worker-client";
import type { ColumnResult, ShownNode } from "../lib/worker-protocol";

/** Inputs that the revisions judge differently: the page opens on the first, the empty state offers them all. */
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
/** The coloured input shows at most this many characters (the worker lists components there only). */
const DISPLAY_LIMIT = 4000;
/** Above this length the address is written at most every 400 ms (encoding it costs). */
const LARGE_INPUT = 16 * 1024;

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
  const ruleNames = [...new Set(revisions.flatMap((r) => r.rules.filter((x) => x.kind !== "helper").map(displayName)))].sort((a, b) => a.localeCompare(b));
  const rule = h("input", { id: "rule", type: "text", list: "rule-names", spellcheck: "false", autocomplete: "off", placeholder: "each revision's own" });
  const datalist = h("datalist", { id: "rule-names" }, ruleNames.map((n) => h("option", { value: n })));
  const help = h("div", { id: "input-help", class: "empty-state" });
  const shareLine = h("p", { class: "note share-note", id: "share-note", role: "status" });
  const status = h("p", { class: "note working", "aria-live": "polite" });
  const columns = h("div", { class: "columns" });

  main.append(
    h("p", { class: "intro" }, `Every revision of the grammar judges the same input, in this page. Type, and all ${revisions.length} columns follow. `,
      "Each column links to the trace of its parse, step by step. ", h("a", { href: "notation.html#glossary" }, "Glossary"), "."),
    h("div", { class: "controls" },
      h("label", { class: "input-label" }, "Input", input),
      h("label", { class: "rule-label" }, "Start rule (optional)", rule, datalist),
    ),
    help,
    shareLine,
    status,
    columns,
  );

  const cols: Column[] = revisions.map((revision) => {
    const el = h("section", { class: "column", "data-spec": revision.id, "aria-label": revision.id, "data-state": "loading" },
      columnHead(revision),
      h("p", { class: "verdict loading" }, "loading this revision's tables…"),
    );
    columns.appendChild(el);
    return { revision, el, textMap: { nodes: [] } };
  });

  const client = new WorkerClient();
  const writeState = throttledWriter(400, (w) => fill(shareLine, shareNote(w, "input") ?? ""));
  let renders = 0;
  const update = async () => {
    const t0 = performance.now();
    const text = input.value;
    const startRule = rule.value.trim();
    writeState({ input: text, rule: startRule }, text.length > LARGE_INPUT);
    fill(help, ...emptyState(text, (example) => {
      input.value = example;
      void update();
      input.focus();
    }));
    document.body.dataset.pending = "1";
    columns.classList.add("stale");
    const slow = setTimeout(() => {
      const loading = cols.filter((c) => c.el.dataset.state === "loading").length;
      fill(status, loading > 0 ? `Loading the tables of ${loading} revision${loading === 1 ? "" : "s"}…` : `Parsing ${text.length.toLocaleString("en")} characters under ${revisions.length} revisions…`);
    }, 300);
    const done = new Set<string>();
    let answer;
    try {
      answer = await client.request({ type: "judge", input: text, rule: startRule, specs: specIds }, (c) => {
        const col = cols.find((x) => x.revision.id === c.spec);
        if (!col) return;
        renderColumn(col, text, startRule, c);
        done.add(c.spec);
      });
    } catch (e) {
      clearTimeout(slow);
      fill(status, `The parse failed: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    clearTimeout(slow);
    if (answer === null) return; // a newer input took over
    fill(status);
    columns.classList.remove("stale");
    // Layout now, so the time measured is the time until the columns can be drawn.
    void columns.offsetHeight;
    renders++;
    document.body.dataset.renders = String(renders);
    document.body.dataset.lastUpdateMs = (performance.now() - t0).toFixed(2);
    document.body.dataset.pending = "0";
  };

  const given = readParam("input");
  input.value = given ?? (readParam("rule") ? "" : EXAMPLES[0]);
  rule.value = readParam("rule") ?? "";
  input.addEventListener("input", () => void update());
  rule.addEventListener("input", () => void update());
  void update();
  input.focus();
});

function emptyState(text: string, choose: (example: string) => void): (Node | string)[] {
  if (text !== "") return [];
  return [
    h("p", {}, "Type a URL or URI in the box above. Each column below is one revision, from the 1993 draft to RFC 3986: it says whether that revision's grammar accepts the input, and why. Hover over (or tab to) a component or a node of the derivation to see its part of the input. The address of this page keeps what you typed, so you can share it."),
    h("p", {}, "Or try one of these, each judged differently by the revisions: ", EXAMPLES.map((e) => h("button", { type: "button", class: "example", onclick: () => choose(e) }, e))),
    h("p", { class: "note" }, "The columns below judge the empty input: some revisions allow an empty relative reference."),
  ];
}

function renderColumn(col: Column, input: string, startRule: string, r: ColumnResult): void {
  const { revision, el } = col;
  delete el.dataset.state;
  el.dataset.verdict = r.ok ? "valid" : "invalid";
  if (r.ok || !r.error || r.error.offset === null) delete el.dataset.offset;
  else el.dataset.offset = String(r.error.offset);
  // "unknown-rule": the revision has no such start rule; nothing was judged (drawn neutral).
  if (r.error?.code === "unknown-rule") el.dataset.outcome = "no-such-rule";
  else delete el.dataset.outcome;
  col.textMap = { nodes: [] };
  fill(el,
    columnHead(revision),
    verdictLine(revision, r, input, startRule),
    parserLine(r),
    r.ok ? validBody(col, input, r, startRule) : invalidBody(revision, r),
    startRule || !r.explain ? null : explainSection(r),
  );
}

/** The document's own parser on the input (the WHATWG URL parser): what browsers do with it, beside the grammar's verdict. */
function parserLine(r: ColumnResult): HTMLElement | null {
  const p = r.parser;
  if (!p) return null;
  const said = !p.parsed ? "returns failure" : p.validationErrors.length === 0 ? "returns a URL, no validation error" : "returns a URL, with validation errors";
  return h("div", { class: "parser-row", "data-parsed": String(p.parsed) },
    h("p", { class: "parser-label" }, h("strong", {}, p.label), `: ${said}`),
    p.validationErrors.length > 0 ? h("p", { class: "parser-errors" }, p.validationErrors.join(", ")) : null,
    p.components !== null ? h("p", { class: "parser-components" }, p.components) : null,
  );
}

function columnHead(revision: Revision): HTMLElement {
  return h("header", { class: "column-head" },
    h("h2", {}, h("a", { href: pageLink("grammar.html", { spec: revision.id }) }, revision.id)),
    h("p", { class: "meta" }, `${revision.date} · ${shortNotation(revision.notation)}`),
  );
}

function shortNotation(notation: string): string {
  return notation.replace(/\s*\(.*$/, "").replace(/:.*$/, "");
}

function verdictLine(revision: Revision, r: ColumnResult, input: string, startRule: string): HTMLElement {
  const rule = r.production ?? r.rule;
  // A helper (a scheme-aware entry point) is named by the published rule it stands for.
  const shown = rule ? shownName(revision, rule) : null;
  const ruleInfo = shown ? revision.rules.find((x) => displayName(x) === shown) : undefined;
  const ruleEl = ruleInfo ? h("a", { href: ruleHref(revision.id, ruleInfo.pegName) }, shown) : h("code", {}, shown ?? "");
  if (r.error?.code === "unknown-rule") {
    return h("div", { class: "verdict-block" }, h("p", { class: "verdict none" }, h("span", { class: "mark", "aria-hidden": "true" }, "— "), "no such rule"));
  }
  const verdict = r.ok
    ? h("p", { class: "verdict valid" }, h("span", { class: "mark", "aria-hidden": "true" }, "✓ "), "valid")
    : h("p", { class: "verdict invalid" }, h("span", { class: "mark", "aria-hidden": "true" }, "✗ "), r.error?.code === "syntax" ? `invalid at offset ${r.error.offset}` : "not checked");
  // Scheme-aware revisions: the scheme picked the production that decided (parse()'s `production`).
  const how = r.production ? h("p", { class: "production" }, "decided by the scheme's production ", ruleEl) : h("p", { class: "production" }, "start rule ", ruleEl);
  const trace = input.length <= TRACE_INPUT_LIMIT
    ? r.ok || r.error?.code !== "syntax"
      ? h("a", { class: "trace-link", href: pageLink("trace.html", {}, { input, spec: revision.id, rule: startRule }) }, "Trace it step by step")
      : h("a", { class: "trace-link", href: pageLink("trace.html", {}, { input, spec: revision.id, rule: startRule, step: "error" }) }, "Trace it: the step that decided the error")
    : h("span", { class: "note" }, `(no trace above ${TRACE_INPUT_LIMIT.toLocaleString("en")} characters)`);
  return h("div", { class: "verdict-block" }, verdict, how, h("p", { class: "production" }, trace));
}

function invalidBody(revision: Revision, r: ColumnResult): HTMLElement {
  const e = r.error!;
  if (e.code !== "syntax") return h("p", { class: "error-sentence" }, e.code === "unknown-rule" ? `${revision.id} has no rule “${e.startRule ?? ""}”.` : e.sentence);
  return h("div", { class: "error" },
    h("pre", { class: "caret", "aria-label": `the input with a caret under offset ${e.offset}` }, e.caret),
    h("p", { class: "error-sentence" }, e.sentence),
  );
}

function validBody(col: Column, input: string, r: ColumnResult, startRule: string): (HTMLElement | null)[] {
  const { revision } = col;
  // The component map reads a whole reference: a match of another start rule (IPv4address, say)
  // has no scheme, authority or path to show.
  const whole = startRule === "" || startRule === revision.topRule;
  const components = whole ? r.components : [];
  const shownText = input.length > DISPLAY_LIMIT ? input.slice(0, DISPLAY_LIMIT) : input;
  const inside = components.map((c) => (c.span.end > DISPLAY_LIMIT ? { ...c, span: { start: c.span.start, end: DISPLAY_LIMIT } } : c));
  const shown = h("div", { class: "input-display" }, componentText(shownText, inside, col.textMap.nodes),
    input.length > DISPLAY_LIMIT ? h("span", { class: "note" }, ` … and ${(input.length - DISPLAY_LIMIT).toLocaleString("en")} more characters`) : null);
  const none = !whole
    ? `Components are shown for whole references: clear the start rule, or use ${revision.topRule}.`
    : revision.components
      ? "No components in this match."
      : "This revision has no component map.";
  return [
    shown,
    components.length > 0 ? legend(col, components, r.componentCount) : h("p", { class: "note" }, none),
    r.tree ? treeSection(col, r.tree, input, r.treeNodes) : r.treeNote ? h("p", { class: "note" }, r.treeNote) : null,
  ];
}

/** A key that occurs more often than this (path segments) shows its first few and a count. */
const LEGEND_REPEAT_MAX = 3;

function legend(col: Column, components: ComponentValue[], total: number): HTMLElement {
  const byKey = new Map<ComponentKey, ComponentValue[]>();
  for (const c of components) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  const items: HTMLElement[] = [];
  for (const [key, all] of byKey) {
    const shown = all.length > LEGEND_REPEAT_MAX ? all.slice(0, LEGEND_REPEAT_MAX - 1) : all;
    for (const c of shown) items.push(legendItem(col, key, c.name, legendValue(c.text), [c.span]));
    const rest = all.slice(shown.length);
    if (rest.length > 0) items.push(legendItem(col, key, `${rest.length} more`, h("em", {}, `${rest[0].name} ${rest.length === 1 ? "" : "each "}highlighted on hover or focus`), rest.map((c) => c.span)));
  }
  return h("div", {},
    h("dl", { class: "legend" }, items),
    total > components.length ? h("p", { class: "note" }, `${(total - components.length).toLocaleString("en")} more components past the first ${DISPLAY_LIMIT.toLocaleString("en")} characters.`) : null);
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

function treeSection(col: Column, tree: ShownNode, input: string, nodes: number): HTMLElement {
  const { revision } = col;
  const components = componentRules(revision);
  const list = h("ul", { class: "tree", "aria-label": `derivation under ${revision.id}` }, treeNode(col, tree, input, components, 0));
  rovingFocus(list);
  return h("details", { class: "tree-section", open: true },
    h("summary", {}, "Derivation ", h("span", { class: "note" }, `(one-character rules left out; hover or focus a node to see its span; arrow keys move${nodes >= 4000 ? "; the first 4,000 nodes" : ""})`)),
    list,
  );
}

/** One tab stop for the whole tree: ↑/↓ move between the visible nodes, → and ← open and close. */
function rovingFocus(tree: HTMLElement): void {
  const labels = () => Array.from(tree.querySelectorAll<HTMLElement>(".node-label")).filter((x) => x.getClientRects().length > 0);
  const first = tree.querySelector<HTMLElement>(".node-label");
  if (first) first.tabIndex = 0;
  tree.addEventListener("keydown", (ev) => {
    const target = ev.target as HTMLElement;
    if (!target.classList.contains("node-label")) return;
    const all = labels();
    const k = all.indexOf(target);
    let next: HTMLElement | undefined;
    const details = target.tagName === "SUMMARY" ? (target.parentElement as HTMLDetailsElement) : undefined;
    if (ev.key === "ArrowDown") next = all[k + 1];
    else if (ev.key === "ArrowUp") next = all[k - 1];
    else if (ev.key === "Home") next = all[0];
    else if (ev.key === "End") next = all[all.length - 1];
    else if (ev.key === "ArrowRight" && details && !details.open) details.open = true;
    else if (ev.key === "ArrowLeft" && details?.open) details.open = false;
    else if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") return;
    else return;
    ev.preventDefault();
    if (next) {
      target.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    }
  });
}

function treeNode(col: Column, node: ShownNode, input: string, components: Map<string, ComponentKey>, depth: number): HTMLElement {
  const text = input.slice(node.start, Math.min(node.end, node.start + NODE_TEXT_MAX + 1));
  const shown = node.end - node.start > NODE_TEXT_MAX ? `${text.slice(0, NODE_TEXT_MAX - 1)}…` : text;
  const key = components.get(node.rule);
  const ruleName = shownName(col.revision, node.rule);
  const ruleInfo = findRule(col.revision, node.rule);
  const content = [
    h("span", { class: `node-rule${ruleInfo?.kind === "helper" ? " helper" : ""}` }, ruleName),
    " ",
    h("code", { class: "node-text" }, JSON.stringify(shown)),
    " ",
    h("span", { class: "node-span" }, `[${node.start},${node.end})`),
    key ? h("span", { class: `node-component c-${key}` }, ` ${key}`) : null,
  ];
  // The label is the node's one focusable element: the summary of a node with children, a span for
  // a leaf; one tab stop for the whole tree (rovingFocus), the arrow keys move between them.
  const labelAttrs = { class: key ? `node-label c-${key}` : "node-label", "data-start": node.start, "data-end": node.end, tabindex: "-1" };
  const children = node.children;
  const hidden = node.hidden > 0 ? h("li", { class: "note" }, `${node.hidden} more not shown (a derivation is shown up to 4,000 nodes)`) : null;
  if (children.length === 0 && !hidden) {
    const leaf = h("span", labelAttrs, content);
    hoverable(leaf, col, [{ start: node.start, end: node.end }]);
    return h("li", {}, leaf);
  }
  const summary = h("summary", labelAttrs, content);
  hoverable(summary, col, [{ start: node.start, end: node.end }]);
  const details = h("details", { open: depth < OPEN_DEPTH }, summary);
  const build = () => {
    if (details.dataset.built) return;
    details.dataset.built = "1";
    const group = h("ul", {}, children.slice(0, TREE_CHILDREN_FIRST).map((c) => treeNode(col, c, input, components, depth + 1)));
    const rest = children.slice(TREE_CHILDREN_FIRST);
    if (rest.length > 0) {
      const more: HTMLElement = h("li", { class: "tree-more" },
        h("button", { type: "button", onclick: () => more.replaceWith(...rest.map((c) => treeNode(col, c, input, components, depth + 1))) }, `show ${rest.length} more ${ruleName} children`),
      );
      group.appendChild(more);
    }
    if (hidden) group.appendChild(hidden);
    details.appendChild(group);
  };
  if (depth < OPEN_DEPTH) build();
  else details.addEventListener("toggle", build);
  return h("li", {}, details);
}

function explainSection(r: ColumnResult): HTMLElement {
  const x = r.explain!;
  const body: (HTMLElement | null)[] = [];
  // An invalid input's sentence is the column's error line already (one rule named, in one place).
  if (x.valid) {
    if (x.notes.length > 0) {
      body.push(h("p", {}, "Security notes (warnings; the input stays valid):"));
      body.push(h("ul", { class: "notes" }, x.notes.map((n) => h("li", {}, n))));
    } else body.push(h("p", {}, "No security notes."));
  }
  if (x.others) body.push(h("p", {}, `Other revisions: ${x.others}.`));
  for (const remark of x.remarks) body.push(h("p", { class: "note" }, `Note: ${remark}`));
  return h("details", { class: "explain", open: x.notes.length > 0 },
    h("summary", {}, x.valid ? "Explain" : "Other revisions", x.notes.length > 0 ? h("span", { class: "badge warn" }, `${x.notes.length} security note${x.notes.length === 1 ? "" : "s"}`) : null),
    body,
  );
}
