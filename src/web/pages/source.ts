// The documents: each revision's own text, opened at the section a rule cites with the rule's
// published text highlighted (?spec=, #section=&rule=). RFC 1738's seed is a Chinese translation
// whose BNF is the original English: the RFC as published stands next to it, at the same place.
// The text is the build's copy of ../shared/seeds and ../shared/references (scripts/site/documents.mjs).
import { availableSpecIds, DEFAULT_SPEC, getRevision, type Revision } from "../../revisions";
import { loadDocumentIndex, loadDocuments, type DocumentText } from "../lib/data";
import { fill, h, mainElement, startPage } from "../lib/dom";
import { ruleHref } from "../lib/rules";
import { pageLink, readParam, writeParams } from "../lib/url-state";

startPage(async () => {
  const main = mainElement();
  main.classList.add("source-page");
  const spec = readParam("spec") ?? DEFAULT_SPEC;
  const revision = getRevision(spec);
  const picker = h("select", { id: "spec", "aria-label": "document" },
    availableSpecIds().map((id) => h("option", { value: id, selected: id === revision?.id }, `${id}: ${getRevision(id)!.title}`)));
  picker.addEventListener("change", () => {
    location.href = pageLink("source.html", { spec: picker.value });
  });
  if (!revision) {
    main.append(h("p", { class: "failure", role: "alert" }, `There is no revision “${spec}”. Choose one: `, picker));
    return;
  }
  const index = await loadDocumentIndex();
  main.querySelector("h1")!.textContent = `The document of ${revision.id}`;
  if (!index[revision.id]) {
    main.append(h("div", { class: "toolbar" }, h("label", {}, "Document", picker)),
      h("p", { class: "note", role: "status" }, `This site was built without the source documents (../shared/seeds and ../shared/references beside the repository), so ${revision.id}'s text is not here. Its grammar is: `, h("a", { href: pageLink("grammar.html", { spec: revision.id }) }, `${revision.id} grammar`), "."));
    return;
  }
  const doc = await loadDocuments(revision.id);
  const rules = revision.rules.filter((r) => r.kind !== "helper" && r.published && doc.rules[r.published]);
  const rulePicker = h("select", { id: "rule-pick", "aria-label": "rule to highlight" },
    h("option", { value: "" }, "—"), rules.map((r) => h("option", { value: r.published! }, `${r.published} (${r.section ?? ""})`)));
  const body = h("div", { class: "document-columns" });
  main.append(
    h("p", { class: "intro" }, `${revision.title}, ${revision.date}, as the project received it (${doc.file}). A rule's section on the grammar page leads here, with the rule highlighted.`),
    h("div", { class: "toolbar" }, h("label", {}, "Document", picker), h("label", {}, "Highlight a rule", rulePicker)),
    body);

  const show = (rule: string | null, section: string | null) => {
    rulePicker.value = rule ?? "";
    const info = rule ? revision.rules.find((r) => r.published === rule) : undefined;
    const cited = section ?? info?.section ?? null;
    writeParams({ rule, section: cited });
    const parts = [documentColumn(revision, doc, doc.original ? "The seed: a Chinese translation (its BNF is the original English)" : doc.title, rule, cited, "doc")];
    if (doc.original) parts.push(documentColumn(revision, doc.original, doc.original.title, rule, cited, "original"));
    (doc.borrowed ?? []).forEach((b, i) => parts.push(documentColumn(revision, b, b.title, rule, cited, i === 0 ? "borrowed" : `borrowed-${i + 1}`)));
    body.classList.toggle("two", parts.length === 2);
    fill(body, parts);
    const target = body.querySelector("mark.rule-here") ?? body.querySelector(".section-here");
    // Each column scrolls to its own highlight; the page to the first.
    for (const col of Array.from(body.querySelectorAll<HTMLElement>(".document-text"))) {
      const m = col.querySelector("mark.rule-here") ?? col.querySelector(".section-here");
      if (m) col.scrollTop = Math.max(0, (m as HTMLElement).offsetTop - col.offsetTop - 80);
    }
    target?.closest(".document")?.scrollIntoView({ block: "start" });
  };
  rulePicker.addEventListener("change", () => show(rulePicker.value || null, null));
  show(readParam("rule"), readParam("section"));
});

function documentColumn(revision: Revision, doc: DocumentText, title: string, rule: string | null, section: string | null, kind: string): HTMLElement {
  const text = doc.text;
  const span = rule ? doc.rules[rule] : undefined;
  const head = section !== null ? doc.sections[section] : undefined;
  // The text in pieces: the section's heading marked where it starts, the rule highlighted.
  const cuts: { at: number; el: (t: string) => HTMLElement | string; end?: number }[] = [];
  if (head !== undefined) cuts.push({ at: head, el: () => h("span", { class: "section-here", id: `${kind}-section` }, "§") });
  if (span) cuts.push({ at: span[0], end: span[1], el: (t) => h("mark", { class: "rule-here", id: `${kind}-rule` }, t) });
  cuts.sort((a, b) => a.at - b.at);
  const pieces: (HTMLElement | string)[] = [];
  let at = 0;
  for (const c of cuts) {
    if (c.at < at) continue;
    pieces.push(text.slice(at, c.at));
    if (c.end !== undefined) {
      pieces.push(c.el(text.slice(c.at, c.end)));
      at = c.end;
    } else {
      pieces.push(c.el(""));
      at = c.at;
    }
  }
  pieces.push(text.slice(at));
  const info = rule ? revision.rules.find((r) => r.published === rule) : undefined;
  return h("section", { class: "document", "data-doc": kind, "aria-label": title },
    h("h2", {}, title),
    h("p", { class: "note" }, doc.file,
      section ? [` · ${section}`, head === undefined ? " (heading not found in this text)" : ""] : "",
      rule ? [" · ", info ? h("a", { href: ruleHref(revision.id, info.pegName) }, rule) : rule, span ? " highlighted" : " (not found in this text)"] : ""),
    h("pre", { class: "document-text", tabindex: "0" }, pieces));
}
