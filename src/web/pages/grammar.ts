// @page 30 grammar.html "Grammars" every rule as published, its PEG and its railroad diagram
// The grammar browser: one revision per address (?spec=), one entry per rule, with the rule as
// published in its own notation, its PEG transcription, railroad diagrams of both (the PEG's only
// where its shape differs, with the reason; each downloadable as SVG or PNG), repairs with the
// seed's words, the section linked to the document's text, and links to the rules it uses and the
// rules that use it, to the playground and to the trace with an input the rule accepts. A search
// box filters the entries and the index (#q=); a rule's entry is its published name (#dec-octet).
import { availableSpecIds, DEFAULT_SPEC, getRevision, type Revision, type RuleInfo } from "../../revisions";
import { loadRevisionData, type RevisionData } from "../lib/data";
import { downloadButtons } from "../lib/diagram-export";
import { diagramKey } from "../lib/diagram-key";
import { fill, h, mainElement, startPage } from "../lib/dom";
import { diagramElement, pegItem, publishedItem, type RuleLinks } from "../lib/railroad";
import { displayName, publishedRule, reshapeReasons, ruleAnchor, ruleHref, ruleLinks, usedBy } from "../lib/rules";
import { sourceHref } from "../lib/sources";
import { pageLink, readAnchor, readParam, writeParams } from "../lib/url-state";
import { annotateFidelity } from "../lib/languages";

startPage(async () => {
  const main = mainElement();
  const requested = readParam("spec") ?? DEFAULT_SPEC;
  const revision = getRevision(requested);
  const picker = h("select", { id: "spec", "aria-label": "revision" },
    availableSpecIds().map((id) => h("option", { value: id, selected: id === revision?.id }, `${id} (${getRevision(id)!.date})`)));
  picker.addEventListener("change", () => {
    location.href = pageLink("grammar.html", { spec: picker.value });
  });
  if (!revision) {
    main.append(h("p", { class: "failure", role: "alert" }, `There is no revision “${requested}”. Choose one: `, picker));
    return;
  }
  document.title = `${revision.id} grammar · uri-grammars explorer`;
  const data = await loadRevisionData(revision.id);
  const search = h("input", { id: "rule-search", type: "search", placeholder: "rule name or text", value: readParam("q") ?? "", "aria-controls": "rule-list" });
  const count = h("span", { class: "note", "aria-live": "polite", id: "rule-count" });
  main.querySelector("h1")!.textContent = `Grammar of ${revision.id}`;
  const top = revision.rules.find((r) => displayName(r) === revision.topRule);
  main.append(
    h("p", { class: "revision-facts" }, `${revision.title}, ${revision.date}. Notation: ${revision.notation}. The grammar is in ${revision.grammarSection}; ${revision.rules.length} rules, top rule `,
      h("a", { href: ruleHref(revision.id, top?.pegName ?? "", true) }, revision.topRule), ". ",
      h("a", { href: pageLink("source.html", { spec: revision.id }) }, "The document's text"), "."),
    h("div", { class: "toolbar" },
      h("label", {}, "Revision", picker),
      h("label", {}, "Search", search),
      count,
      h("a", { href: pageLink("index.html", {}) }, "Try inputs in the playground"),
      h("a", { href: pageLink("trace.html", {}, { spec: revision.id === DEFAULT_SPEC ? null : revision.id }) }, "Trace a parse")),
    diagramKey(),
  );
  const index = h("nav", { class: "rule-index", "aria-label": "rules of this revision" });
  const list = h("div", { id: "rule-list" });
  main.append(index, list);

  const links = ruleLinks(revision);
  const users = usedBy(data);
  const entries = revision.rules.map((rule) => ruleEntry(revision, data, rule, links, users.get(rule.pegName) ?? []));
  fill(index, h("ul", {}, revision.rules.map((r) => h("li", { "data-rule": r.pegName }, h("a", { href: `#${encodeURIComponent(ruleAnchor(r))}`, class: r.kind === "helper" ? "helper" : "" }, displayName(r), r.kind === "helper" ? h("span", { class: "visually-hidden" }, " (helper)") : null)))));
  list.append(...entries);
  const indexItems = Array.from(index.querySelectorAll("li"));

  const filter = (write: boolean) => {
    const q = search.value.trim().toLowerCase();
    if (write) writeParams({ q: search.value.trim() });
    let shown = 0;
    revision.rules.forEach((rule, i) => {
      const hay = [displayName(rule), rule.pegName, ...rule.text, data.peg[rule.pegName]?.source ?? ""].join("\n").toLowerCase();
      const match = q === "" || hay.includes(q);
      entries[i].hidden = !match;
      indexItems[i].hidden = !match;
      if (match) shown++;
    });
    count.textContent = q === "" ? `${revision.rules.length} rules` : `${shown} of ${revision.rules.length} rules match`;
  };
  search.addEventListener("input", () => filter(true));
  filter(false);
  await annotateFidelity(main, revision.id);
  // The entries exist only now: go to the rule the address names. An older address named the
  // entry by its peggy name (#rule-dec_octet): it leads to the same entry.
  const anchor = readAnchor();
  if (anchor) {
    const legacy = /^rule-(.+)$/.exec(anchor);
    const rule = legacy ? revision.rules.find((r) => r.pegName === legacy[1]) : undefined;
    const id = rule ? ruleAnchor(rule) : anchor;
    // Navigating to the fragment again (replacing this history entry) scrolls to it and makes it
    // the :target, which the entry did not exist to become when the page loaded.
    if (document.getElementById(id)) location.replace(`${location.pathname}${location.search}#${encodeURIComponent(id)}`);
  }
});

function ruleEntry(revision: Revision, data: RevisionData, rule: RuleInfo, links: RuleLinks, users: string[]): HTMLElement {
  const name = displayName(rule);
  const peg = data.peg[rule.pegName];
  const pub = publishedRule(data, rule);
  const reasons = reshapeReasons(rule);
  const kind = rule.kind === "core" ? "core rule of the notation" : rule.kind === "helper" ? "helper, not in the document" : null;
  const entry = h("article", { class: `rule${rule.kind === "helper" ? " helper-rule" : ""}`, id: ruleAnchor(rule), "data-rule": rule.pegName });
  const file = `${revision.id}-${name}`;
  entry.append(
    h("h2", {}, h("span", { class: "rule-name" }, name),
      rule.section ? h("a", { class: "section", href: sourceHref(revision.id, rule.section, rule.published), title: `${rule.section} in the document's text` }, rule.section) : null,
      kind ? h("span", { class: "badge" }, kind) : null,
      rule.repairs.length > 0 ? h("span", { class: "badge warn" }, "repaired") : null,
      reasons.length > 0 ? h("span", { class: "badge" }, "PEG reshaped") : null,
      name === revision.topRule ? h("span", { class: "badge" }, "top rule") : null),
  );
  const publishedSide = h("div", { class: "published-side" });
  const pegSide = h("div", { class: "peg-side" });
  if (rule.kind !== "helper") {
    const original = data.original?.rules[rule.pegName];
    if (original) {
      // A translated seed (RFC 1738): the RFC's own lines first, the seed's (with its translated comments) after.
      publishedSide.append(h("h3", {}, `As published (${data.original!.file})`), h("pre", { class: "published-text" }, original.join("\n")));
      if (original.join(" ").replace(/\s+/g, " ") !== rule.text.join(" ").replace(/\s+/g, " ")) publishedSide.append(h("p", { class: "note" }, "In the seed (a Chinese translation): "), h("pre", { class: "seed-text" }, rule.text.join("\n")));
    } else publishedSide.append(h("h3", {}, `As published (${data.publishedFile && pub ? `${data.publishedFile}:${pub.line}` : revision.id})`), h("pre", { class: "published-text" }, rule.text.join("\n")));
    if (pub) {
      const d = diagramElement(publishedItem(pub.expr, links), `railroad diagram of ${name} as published`, "published");
      publishedSide.append(d, downloadButtons(d, `${file}-published`, `the diagram of ${name} as published`, { rule: name, revision: revision.id, section: rule.section, input: null, what: "as published" }));
    }
    if (pub && rule.repairs.length > 0) publishedSide.append(h("p", { class: "note" }, "The diagram draws the rule as repaired (below)."));
  } else {
    publishedSide.append(h("h3", {}, "As published"), h("p", { class: "note" }, "Not in the document: a helper rule of the transcription."));
  }
  if (peg) {
    pegSide.append(h("h3", {}, `PEG transcription (${data.peggyFile}:${peg.line})`), h("pre", { class: "peg-text", tabindex: "0" }, peg.source));
    // The PEG is drawn where its shape differs from the published rule, for helpers (which have no
    // published rule), and when there is no published model to draw.
    if (reasons.length > 0 || rule.kind === "helper" || !pub) {
      const d = diagramElement(pegItem(peg.expr, links), `railroad diagram of the PEG transcription of ${name}`, "peg");
      pegSide.append(d, downloadButtons(d, `${file}-peg`, `the diagram of the PEG of ${name}`, { rule: name, revision: revision.id, section: rule.section, input: null, what: "its PEG transcription" }));
    } else {
      pegSide.append(h("p", { class: "note" }, "Same shape as published: the diagram on the left is also the PEG's."));
    }
  }
  entry.append(h("div", { class: "pair" }, publishedSide, pegSide));
  for (const reason of rule.kind === "helper" ? rule.peg : reasons) entry.append(h("p", { class: "reason" }, reason));
  for (const r of rule.repairs) {
    entry.append(h("div", { class: "repair" }, h("strong", {}, "Repair: "), r.repair, h("br"), h("strong", {}, "The document's words: "), h("code", {}, r.seed)));
  }
  const refList = (names: string[]) =>
    names.length === 0 ? h("span", { class: "none" }, "none") : names.map((n) => h("a", { href: ruleHref(revision.id, n, true), class: "rule-link" }, links.label(n)));
  const example = data.examples[rule.pegName];
  const state = { rule: name, input: example ?? null };
  entry.append(
    h("p", { class: "links uses" }, h("strong", {}, "Uses: "), refList(peg?.uses ?? [])),
    h("p", { class: "links used-by" }, h("strong", {}, "Used by: "), refList(users)),
    h("p", { class: "links try" },
      h("a", { class: "play", href: pageLink("index.html", {}, state) }, `Try ${name} in the playground`),
      h("a", { class: "play", href: pageLink("trace.html", {}, { ...state, spec: revision.id }) }, `Trace ${name}`),
      pub ? h("a", { class: "play", href: pageLink("sandbox.html", {}, { spec: revision.id, rule: pub.name }) }, `Edit ${name} in the sandbox`) : null,
      example !== undefined ? h("span", { class: "note" }, " on ", h("code", { class: "example-input" }, example === "" ? "(the empty input)" : example.length > 60 ? `${example.slice(0, 59)}…` : example), ", an input it accepts") : null),
  );
  return entry;
}
