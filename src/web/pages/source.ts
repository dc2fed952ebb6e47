// @page 90 source.html "Documents" the documents' own text, at the section a rule comes from
// The documents: each revision's own text in its pages and paragraphs, its section headings as
// anchors (#s-3.2.2: every "§" of the explorer links there, lib/sources.ts), opened at the section a
// rule cites with the rule's published text highlighted (?spec=, #s-3.2.2&section=&rule=). RFC 1738's
// seed is a Chinese translation whose BNF is the original English: it is labelled as one, and the RFC
// as published stands next to it, at the same place.
// The text is the build's copy of ../shared/seeds and ../shared/references (scripts/site/documents.mjs).
import { DEFAULT_SPEC, type Revision } from "../../revisions";
import { loadDocumentIndex, loadDocuments, type DocumentText } from "../lib/data";
import { fill, h, mainElement, startPage } from "../lib/dom";
import { pageRevision } from "../lib/revision-picker";
import { ruleHref } from "../lib/rules";
import { pageLink, readAnchor, readParam, writeParams } from "../lib/url-state";

startPage(async () => {
  const main = mainElement();
  main.classList.add("source-page");
  const spec = readParam("spec") ?? DEFAULT_SPEC;
  const { revision, picker } = pageRevision(main, "source.html", spec, "document");
  if (!revision) return;
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
  const received = doc.translation
    ? `a ${doc.translation} translation of it, the seed the project received (its BNF is in the original English); the RFC as published stands beside it`
    : doc.flattened
      ? "as the project received it, which lost its line breaks: its paragraphs are shown where its numbered sections begin, its pages where “[Page N]” stands"
      : "as the project received it, its pages and paragraphs as published";
  main.append(
    h("p", { class: "intro" }, `${revision.title}, ${revision.date}: ${received}. A rule's section on the grammar page (every “§” of the explorer) leads here, to the section's heading, with the rule highlighted.`),
    h("div", { class: "toolbar" }, h("label", {}, "Document", picker), h("label", {}, "Highlight a rule", rulePicker)),
    body);

  const show = (rule: string | null, section: string | null) => {
    rulePicker.value = rule ?? "";
    const info = rule ? revision.rules.find((r) => r.published === rule) : undefined;
    const cited = section ?? info?.section ?? null;
    const anchor = readAnchor();
    writeParams({ rule, section: cited });
    const columns: Column[] = [{ doc, title: doc.translation ? `${revision.title}: the seed, a ${doc.translation} translation` : doc.title, kind: "doc", idPrefix: "" }];
    if (doc.original) columns.push({ doc: doc.original, title: doc.original.title, kind: "original", idPrefix: "original-" });
    // One column for each earlier RFC whose rules the revision keeps (rfc8089: RFC 3986 and RFC 6874).
    (doc.borrowed ?? []).forEach((b, i) => {
      const kind = i === 0 ? "borrowed" : `borrowed-${i + 1}`;
      columns.push({ doc: b, title: b.title, kind, idPrefix: `${kind}-` });
    });
    const parts = columns.map((col) => documentColumn(revision, col, columns, rule, cited));
    body.classList.toggle("two", parts.length === 2);
    fill(body, parts);
    // Each column scrolls to its own highlight (the rule, else the section's heading); the page to the first.
    for (const col of Array.from(body.querySelectorAll<HTMLElement>(".document-text"))) {
      const m = col.querySelector("mark.rule-here") ?? col.querySelector(".section-here") ?? (anchor ? col.querySelector(`[id="${CSS.escape(anchor)}"]`) : null);
      if (m) col.scrollTop = Math.max(0, (m as HTMLElement).offsetTop - col.offsetTop - 80);
    }
    const target = body.querySelector("mark.rule-here") ?? body.querySelector(".section-here") ?? (anchor ? document.getElementById(anchor) : null);
    target?.closest(".document")?.scrollIntoView({ block: "start" });
  };
  rulePicker.addEventListener("change", () => show(rulePicker.value || null, null));
  show(readParam("rule"), readParam("section"));
});

/** One column of the page: a document, its title, and the prefix that keeps its anchors apart. */
interface Column {
  doc: DocumentText;
  title: string;
  kind: string;
  idPrefix: string;
}

/**
 * One document in its blocks (scripts/site/documents.mjs): headings with their anchors (`idPrefix`
 * keeps a second column's apart), paragraphs (a text with lines keeps them), page breaks as
 * markers; the cited section's heading marked, the rule's text highlighted where it stands.
 */
function documentColumn(revision: Revision, column: Column, columns: readonly Column[], rule: string | null, section: string | null): HTMLElement {
  const { doc, title, kind, idPrefix } = column;
  const text = doc.text;
  const span = rule ? doc.rules[rule] : undefined;
  const sectionId = section !== null ? doc.sectionIds?.[section] ?? null : null;
  /** A block's text, the rule's span inside it highlighted. */
  const pieces = (from: number, to: number): (HTMLElement | string)[] => {
    if (!span || span[1] <= from || span[0] >= to) return [text.slice(from, to)];
    const a = Math.max(from, span[0]);
    const b = Math.min(to, span[1]);
    return [text.slice(from, a), h("mark", { class: "rule-here", id: a === span[0] ? `${kind}-rule` : null }, text.slice(a, b)), text.slice(b, to)];
  };
  const blocks = (doc.blocks ?? [{ kind: "pre" as const, start: 0, end: text.length }]).map((b) => {
    switch (b.kind) {
      case "h": {
        const tag = b.level <= 2 ? "h3" : b.level === 3 ? "h4" : "h5";
        return h(tag, { id: `${idPrefix}${b.id}`, class: `doc-heading${b.id === sectionId ? " section-here" : ""}` }, h("a", { href: `#${idPrefix}${b.id}`, class: "doc-anchor", "aria-hidden": "true", tabindex: "-1" }, "§"), " ", pieces(b.start, b.end));
      }
      case "page":
        return h("div", { class: "doc-page", role: "separator", "aria-label": `page ${b.n}` }, h("span", {}, `page ${b.n} ends`));
      case "p":
        return h("p", { class: "doc-para" }, pieces(b.start, b.end));
      default:
        return h("pre", { class: "doc-block" }, pieces(b.start, b.end));
    }
  });
  const info = rule ? revision.rules.find((r) => r.published === rule) : undefined;
  const heads = (doc.blocks ?? []).filter((b): b is Extract<typeof b, { kind: "h" }> => b.kind === "h");
  return h("section", { class: "document", "data-doc": kind, "aria-label": title },
    h("h2", {}, title),
    h("p", { class: "note" }, `The project's copy: ${doc.file}`,
      section ? [` · ${section}`, ...(sectionId === null ? [" (", ...whereElse(columns, column, (c) => { const id = c.doc.sectionIds?.[section]; return id === undefined ? null : `${c.idPrefix}${id}`; }, "heading"), ")"] : [])] : "",
      rule ? [" · ", info ? h("a", { href: ruleHref(revision.id, info.pegName) }, rule) : rule, ...(span ? [" highlighted"] : [" (", ...whereElse(columns, column, (c) => (c.doc.rules[rule] === undefined ? null : `${c.kind}-rule`), "rule"), ")"])] : ""),
    heads.length > 0 ? h("details", { class: "doc-contents" }, h("summary", {}, `Sections (${heads.length})`), h("ul", {}, heads.map((b) => h("li", { class: `level-${b.level}` }, h("a", { href: `#${idPrefix}${b.id}` }, b.label.length > 70 ? `${b.label.slice(0, 69)}…` : b.label))))) : null,
    h("div", { class: "document-text", tabindex: "0", role: "region", "aria-label": `the text of ${title}` }, blocks));
}

/**
 * Where a heading or rule this column lacks stands instead: a link to it in each other column that
 * holds it (`anchorIn` gives its id there, or null where the column lacks it), or that none does.
 */
function whereElse(columns: readonly Column[], column: Column, anchorIn: (c: Column) => string | null, what: string): (HTMLElement | string)[] {
  const others = columns.filter((c) => c !== column).flatMap((c) => {
    const id = anchorIn(c);
    return id === null ? [] : [h("a", { href: `#${id}` }, c.title)];
  });
  if (others.length === 0) return ["not found in this text"];
  return [`not in this text: the ${what} is in `, ...others.flatMap((a, i) => (i === 0 ? [a] : [" and ", a]))];
}
