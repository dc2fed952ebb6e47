// Extract: paste text and see the URL references each revision finds in it (src/ops/extract.ts,
// the same code as `uri-grammars extract --all-specs`): highlighted in place for one revision
// (?spec=), and for every revision in a table, one row per place, with the wrapper, the reference
// as reassembled, the repairs, and the verdict under that revision. The text lives in the address
// (?text=), or, when it is one of the examples, its id (?example=). The examples are the
// documents' own texts about URLs in running text and our edge cases (test/data/extract/).
import { extractAllSpecs, type ExtractedReference, type ReferenceGroup, type Repair } from "../../ops/extract";
import { availableSpecIds, DEFAULT_SPEC, getRevision } from "../../revisions";
import { loadExtractExamples, type ExtractExamples } from "../lib/data";
import { append, fill, h, mainElement, startPage } from "../lib/dom";
import { readParam, writeParams } from "../lib/url-state";

/** The example shown first: draft-1997 Appendix E's, with quotes, angle brackets and whitespace inside them. */
const DEFAULT_EXAMPLE = "d1997-jim";

startPage(async () => {
  const main = mainElement();
  const { examples } = await loadExtractExamples();
  const specs = availableSpecIds();
  const byId = new Map(examples.map((e) => [e.id, e]));
  const initial = readParam("text") ?? byId.get(readParam("example") ?? DEFAULT_EXAMPLE)?.text ?? byId.get(DEFAULT_EXAMPLE)?.text ?? "";

  const text = h("textarea", { id: "text", spellcheck: "false", rows: 6, "aria-describedby": "extract-help" });
  text.value = initial;
  const requested = readParam("spec");
  const picker = h("select", { id: "spec", "aria-label": "revision whose references are highlighted" },
    specs.map((id) => h("option", { value: id, selected: id === (requested && (specs as readonly string[]).includes(requested) ? requested : DEFAULT_SPEC) }, `${id} (${getRevision(id)!.date})`)));
  const summary = h("p", { class: "extract-summary", "aria-live": "polite" });
  const shown = h("div", { class: "extract-text", id: "highlighted" });
  const table = h("div", { class: "table-wrap" });

  main.classList.add("extract");
  append(main, [
    h("p", { class: "intro", id: "extract-help" },
      "Paste text: mail, a README, a page of a document. Each revision finds the URL references in it the way its document says to delimit them ",
      "(<URL:…>, URL:, <…>, double quotes, or whitespace around a bare reference), repairs what line breaks did inside a wrapper, and checks each reference with its own grammar. ",
      "Nothing leaves this page."),
    h("div", { class: "extract-inputs" },
      h("label", {}, "Text", text),
      h("label", {}, "Highlight the references found by", picker)),
    exampleList(examples, (id) => {
      text.value = byId.get(id)!.text;
      update();
      text.focus();
    }),
    summary,
    shown,
    table,
  ]);

  const update = () => {
    // A textarea turns every line break into "\n": an example with CRLF line breaks is read as the
    // example itself (the text its table holds), not as what the textarea shows.
    const example = examples.find((e) => lineBreaksAsTextarea(e.text) === text.value);
    const value = example ? example.text : text.value;
    writeParams({
      example: example && example.id !== DEFAULT_EXAMPLE ? example.id : null,
      text: example ? null : value === "" ? null : value,
      spec: picker.value === DEFAULT_SPEC ? null : picker.value,
    });
    const r = extractAllSpecs(value, { specs });
    if (!r.ok) {
      fill(summary, r.error.message);
      shown.replaceChildren();
      table.replaceChildren();
      return;
    }
    const spec = picker.value;
    const mine = r.groups.map((g) => g.bySpec[spec]).filter((x): x is ExtractedReference => x !== null && x !== undefined);
    const differing = r.groups.filter((g) => g.differences.length > 0).length;
    fill(summary,
      h("strong", {}, spec), ` finds ${count(mine.length, "reference")} in this text (${mine.filter((x) => x.verdict?.valid).length} valid); `,
      `all revisions together find references at ${count(r.groups.length, "place")}, `,
      differing === 0 ? "and agree on every one." : `and differ at ${differing} (rows marked ≠ below).`,
      example ? h("span", { class: "note" }, ` Text: ${example.source} (${example.file}).`) : null);
    fill(shown, ...highlighted(value, mine));
    fill(table, groupTable(r.groups, specs, spec));
  };
  text.addEventListener("input", update);
  picker.addEventListener("change", update);
  update();
});

/** A reference that keeps a line break (draft-1994 repairs none) shows it as ⏎ and breaks the line there too. */
function shownLineBreaks(s: string): string {
  return s.replace(/\r\n|\n|\r/g, "⏎\n");
}

function lineBreaksAsTextarea(s: string): string {
  return s.replace(/\r\n?/g, "\n");
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function exampleList(examples: ExtractExamples["examples"], choose: (id: string) => void): HTMLElement {
  const buttons = (kind: "document" | "own") =>
    examples.filter((e) => e.kind === kind).map((e) => h("button", { type: "button", class: "example", title: e.source, "data-example": e.id, onclick: () => choose(e.id) }, e.id));
  return h("details", { class: "examples" },
    h("summary", {}, "Examples: the documents' own texts, and our edge cases"),
    h("p", {}, h("strong", {}, "From the documents: "), buttons("document")),
    h("p", {}, h("strong", {}, "Edge cases: "), buttons("own")));
}

/** The text with each reference of one revision marked in place: wrapper lighter, the reference itself stronger. */
function highlighted(text: string, refs: ExtractedReference[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  let at = 0;
  for (const r of refs) {
    if (r.start.offset < at) continue; // overlapping (never expected): the first one wins
    out.push(text.slice(at, r.start.offset));
    const valid = r.verdict === null ? null : r.verdict.valid;
    const mark = h("a", {
      class: `ref-mark ${valid === null ? "" : valid ? "valid" : "invalid"}`,
      href: `#place-${r.referenceStart}`,
      "data-start": r.start.offset,
      "data-end": r.end.offset,
      title: `${r.wrapper} ${r.reference}: ${verdictWord(r)}`,
    },
      wrapperPart(text.slice(r.start.offset, r.referenceStart)),
      h("span", { class: "ref-own" }, text.slice(r.referenceStart, r.referenceEnd)),
      wrapperPart(text.slice(r.referenceEnd, r.end.offset)));
    out.push(mark);
    at = r.end.offset;
  }
  out.push(text.slice(at));
  if (text === "") out.push(h("span", { class: "note" }, "(no text)"));
  return out;
}

function wrapperPart(s: string): HTMLElement | null {
  return s === "" ? null : h("span", { class: "ref-wrapper" }, s);
}

function verdictWord(r: ExtractedReference): string {
  const v = r.verdict;
  if (v === null) return "not checked";
  if (v.valid) return `valid${v.production ? ` (${v.production})` : ""}`;
  return v.error ? `invalid at offset ${v.error.offset}` : "invalid";
}

function repairText(r: Repair): string {
  const at = `${r.at.line}:${r.at.column}`;
  switch (r.kind) {
    case "whitespace-removed":
      return `whitespace removed at ${at}${r.lineBreak ? " (a line break)" : ""}`;
    case "padding-removed":
      return `space inside the wrapper removed at ${at}`;
    case "hyphen-at-line-break":
      return `hyphen at a line break (${at}) ${r.kept ? "kept" : "dropped"}: it "may or may not actually be part of" the reference`;
    case "trailing-punctuation":
      return `${JSON.stringify(r.text)} at ${at} left outside`;
    case "truncated":
      return `cut at ${r.limit} characters`;
  }
}

function cell(r: ExtractedReference | null, spec: string): HTMLElement {
  if (!r) return h("td", { class: "none", "data-spec": spec, "data-verdict": "none" }, "not found");
  const valid = r.verdict === null ? null : r.verdict.valid;
  return h("td", { "data-spec": spec, "data-reference": r.reference, "data-verdict": valid === null ? "unchecked" : valid ? "valid" : "invalid", "data-wrapper": r.wrapper },
    h("span", { class: `pill ${valid === null ? "" : valid ? "valid" : "invalid"}` }, `${valid ? "✓" : valid === null ? "?" : "✗"} ${verdictWord(r)}`),
    " ", h("span", { class: "wrapper-style" }, r.wrapper),
    h("div", { class: "mono reference" }, shownLineBreaks(r.reference)),
    r.judged !== undefined ? h("div", { class: "note" }, "judged as ", h("code", {}, r.judged)) : null,
    r.fragment !== undefined ? h("div", { class: "note" }, `fragment #${r.fragment} kept apart: ${spec} judges the URL before "#"`) : null,
    r.verdict && !r.verdict.valid && r.verdict.error ? h("div", { class: "error-sentence" }, r.verdict.error.message) : null,
    r.repairs.length > 0 ? h("ul", { class: "repairs" }, r.repairs.map((x) => h("li", { title: x.kind === "trailing-punctuation" ? x.why : null }, repairText(x), x.kind === "trailing-punctuation" ? h("span", { class: "why", "aria-label": x.why }, " ⓘ") : null))) : null,
    r.alternative ? h("div", { class: "note" }, `Other reading (${r.alternative.why}): `, h("code", {}, r.alternative.reference), r.alternative.verdict ? (r.alternative.verdict.valid ? " valid" : " invalid") : "") : null,
    r.notes.map((n) => h("div", { class: "note" }, n)));
}

function groupTable(groups: ReferenceGroup[], specs: string[], highlightedSpec: string): HTMLElement {
  if (groups.length === 0) return h("p", { class: "note" }, "No revision finds a reference in this text.");
  const first = (g: ReferenceGroup) => specs.map((s) => g.bySpec[s]).find((x): x is ExtractedReference => !!x)!;
  return h("table", { class: "extract-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "where"), specs.map((s) => h("th", { "data-spec": s, class: s === highlightedSpec ? "highlighted-spec" : "" }, s)), h("th", {}, "revisions differ in"))),
    h("tbody", {}, groups.map((g) => {
      const at = first(g).start;
      return h("tr", { id: `place-${g.offset}`, class: g.differences.length > 0 ? "row-differs" : "", "data-offset": g.offset },
        h("th", { scope: "row", class: "mono" }, `${at.line}:${at.column}`),
        specs.map((s) => cell(g.bySpec[s] ?? null, s)),
        h("td", { class: g.differences.length > 0 ? "changed" : "same" }, g.differences.length > 0 ? g.differences.join("; ") : "agree"));
    })));
}
