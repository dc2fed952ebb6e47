// The grammar browser: one revision per address (?spec=), one entry per rule, with the rule as
// published in its own notation, its PEG transcription, railroad diagrams of both (the PEG's only
// where its shape differs, with the reason), repairs with the seed's words, and links to the rules
// it uses and the rules that use it. A search box filters the entries (?q=).
import { availableSpecIds, DEFAULT_SPEC, getRevision, type Revision, type RuleInfo } from "../../revisions";
import { loadRevisionData, type RevisionData } from "../lib/data";
import { fill, h, mainElement, startPage } from "../lib/dom";
import { diagramElement, pegItem, publishedItem, type RuleLinks } from "../lib/railroad";
import { displayName, publishedRule, reshapeReasons, ruleAnchor, ruleHref, ruleLinks, usedBy } from "../lib/rules";
import { pageLink, readParam, writeParams } from "../lib/url-state";
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
  const search = h("input", { id: "search", type: "search", placeholder: "rule name or text", value: readParam("q") ?? "", "aria-controls": "rules" });
  const count = h("span", { class: "note", "aria-live": "polite" });
  main.querySelector("h1")!.textContent = `Grammar of ${revision.id}`;
  main.append(
    h("p", { class: "revision-facts" }, `${revision.title}, ${revision.date}. Notation: ${revision.notation}. The grammar is in ${revision.grammarSection}; ${revision.rules.length} rules, top rule `,
      h("a", { href: ruleHref(revision.id, revision.rules.find((r) => displayName(r) === revision.topRule)?.pegName ?? "", true) }, revision.topRule), "."),
    h("div", { class: "toolbar" },
      h("label", {}, "Revision", picker),
      h("label", {}, "Search", search),
      count,
      h("a", { href: pageLink("index.html", { input: "" }) }, "Try inputs in the playground"),
    ),
  );
  const index = h("nav", { class: "rule-index", "aria-label": "rules of this revision" });
  const list = h("div", { id: "rules" });
  main.append(index, list);

  const links = ruleLinks(revision);
  const users = usedBy(data);
  const entries = revision.rules.map((rule) => ruleEntry(revision, data, rule, links, users.get(rule.pegName) ?? []));
  fill(index, revision.rules.map((r) => h("a", { href: `#${ruleAnchor(r.pegName)}`, "data-rule": r.pegName }, displayName(r))));
  list.append(...entries);

  const filter = () => {
    const q = search.value.trim().toLowerCase();
    writeParams({ q: search.value.trim() });
    let shown = 0;
    revision.rules.forEach((rule, i) => {
      const hay = [displayName(rule), rule.pegName, ...rule.text, data.peg[rule.pegName]?.source ?? ""].join("\n").toLowerCase();
      const match = q === "" || hay.includes(q);
      entries[i].hidden = !match;
      (index.children[i] as HTMLElement).hidden = !match;
      if (match) shown++;
    });
    count.textContent = q === "" ? `${revision.rules.length} rules` : `${shown} of ${revision.rules.length} rules match`;
  };
  search.addEventListener("input", filter);
  filter();
  await annotateFidelity(main, revision.id);
  // The entries exist only now: go to the rule the address names.
  // Navigating to the fragment again (replacing this history entry) scrolls to it and makes it
  // the :target, which the entry did not exist to become when the page loaded.
  if (location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))) location.replace(location.href);
});

function ruleEntry(revision: Revision, data: RevisionData, rule: RuleInfo, links: RuleLinks, users: string[]): HTMLElement {
  const name = displayName(rule);
  const peg = data.peg[rule.pegName];
  const pub = publishedRule(data, rule);
  const reasons = reshapeReasons(rule);
  const kind = rule.kind === "core" ? "core rule of the notation" : rule.kind === "helper" ? "helper, not in the document" : null;
  const entry = h("article", { class: "rule", id: ruleAnchor(rule.pegName), "data-rule": rule.pegName });
  entry.append(
    h("h2", {}, name, h("span", { class: "section" }, rule.section ?? ""),
      kind ? h("span", { class: "badge" }, kind) : null,
      rule.repairs.length > 0 ? h("span", { class: "badge warn" }, "repaired") : null,
      reasons.length > 0 ? h("span", { class: "badge" }, "PEG reshaped") : null,
      name === revision.topRule ? h("span", { class: "badge" }, "top rule") : null),
  );
  const publishedSide = h("div", { class: "published-side" });
  const pegSide = h("div", { class: "peg-side" });
  if (rule.kind !== "helper") {
    publishedSide.append(h("h3", {}, `As published (${data.publishedFile && pub ? `${data.publishedFile}:${pub.line}` : revision.id})`), h("pre", { class: "published-text" }, rule.text.join("\n")));
    if (pub) publishedSide.append(diagramElement(publishedItem(pub.expr, links), `railroad diagram of ${name} as published`, "published"));
    if (pub && rule.repairs.length > 0) publishedSide.append(h("p", { class: "note" }, "The diagram draws the rule as repaired (below)."));
  } else {
    publishedSide.append(h("h3", {}, "As published"), h("p", { class: "note" }, "Not in the document: a helper rule of the transcription."));
  }
  if (peg) {
    pegSide.append(h("h3", {}, `PEG transcription (${data.peggyFile}:${peg.line})`), h("pre", { class: "peg-text" }, peg.source));
    // The PEG is drawn where its shape differs from the published rule, for helpers (which have no
    // published rule), and when there is no published model to draw.
    if (reasons.length > 0 || rule.kind === "helper" || !pub) {
      pegSide.append(diagramElement(pegItem(peg.expr, links), `railroad diagram of the PEG transcription of ${name}`, "peg"));
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
  entry.append(
    h("p", { class: "links uses" }, h("strong", {}, "Uses: "), refList(peg?.uses ?? [])),
    h("p", { class: "links used-by" }, h("strong", {}, "Used by: "), refList(users)),
    h("p", { class: "links" }, h("a", { class: "play", href: pageLink("index.html", { rule: name }) }, `Try ${name} as the start rule in the playground`)),
  );
  return entry;
}
