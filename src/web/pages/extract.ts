// @page 80 extract.html "Extract" paste text and see the URLs each revision finds in it
// Extract: paste text and see the URL references each revision finds in it (src/ops/extract.ts,
// the same code as `uri-grammars extract --all-specs`): highlighted in place for one revision
// (?spec=), and for every revision in a table, one row per place, with the wrapper, the reference
// as reassembled, the repairs, and the verdict under that revision. The text lives in the address
// (?text=), or, when it is one of the examples, its id (?example=). The examples are the
// documents' own texts about URLs in running text and our edge cases (test/data/extract/).
import type { ExtractedReference, ReferenceGroup, Repair } from "../../ops/extract";
import { availableSpecIds, DEFAULT_SPEC, getRevision } from "../../revisions";
import { loadExtractExamples, type ExtractExamples } from "../lib/data";
import { append, fill, h, mainElement, scrollBox, startPage } from "../lib/dom";
import { readParam, shareNote, throttledWriter } from "../lib/url-state";
import { WorkerClient } from "../lib/worker-client";
import type { ExtractAnswer } from "../lib/worker-protocol";

/** Rows of the table drawn at first (and added by each "show more"): 10,000 places would be 60,000 cells. */
const TABLE_ROWS = 100;

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
  const table = scrollBox("references by place");

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
      void update();
      text.focus();
    }),
    summary,
    shown,
    table,
  ]);

  // A mark leads to its row of the table without touching the address (whose fragment holds the text).
  shown.addEventListener("click", (ev) => {
    const a = (ev.target as Element).closest("a.ref-mark");
    if (!a) return;
    ev.preventDefault();
    const row = document.getElementById(a.getAttribute("href")!.slice(1));
    for (const t of Array.from(table.querySelectorAll("tr.targeted"))) t.classList.remove("targeted");
    if (row) {
      row.classList.add("targeted");
      row.scrollIntoView({ block: "center" });
    }
  });
  const client = new WorkerClient();
  const shareLine = h("p", { class: "note share-note", role: "status" });
  summary.before(shareLine);
  const writeState = throttledWriter(400, (w) => fill(shareLine, shareNote(w, "text") ?? ""));
  let rows = TABLE_ROWS;
  let generation = 0;
  const update = async (more = false) => {
    const gen = ++generation;
    if (!more) rows = TABLE_ROWS;
    // A textarea turns every line break into "\n": an example with CRLF line breaks is read as the
    // example itself (the text its table holds), not as what the textarea shows.
    const example = examples.find((e) => lineBreaksAsTextarea(e.text) === text.value);
    const value = example ? example.text : text.value;
    writeState({
      example: example && example.id !== DEFAULT_EXAMPLE ? example.id : null,
      text: example ? null : value === "" ? null : value,
      spec: picker.value === DEFAULT_SPEC ? null : picker.value,
    }, value.length > 16 * 1024);
    document.body.dataset.pending = "1";
    const spec = picker.value;
    const answer = await client.request({ type: "extract", text: value, specs, spec, rows });
    if (!answer?.extract || gen !== generation) return; // a newer text took over
    const r = answer.extract;
    if (!r.ok) {
      fill(summary, r.message ?? "");
      shown.replaceChildren();
      table.replaceChildren();
      document.body.dataset.pending = "0";
      return;
    }
    fill(summary,
      h("strong", {}, spec), ` finds ${count(r.found, "reference")} in this text (${r.valid} valid); `,
      `all revisions together find references at ${count(r.places, "place")}, `,
      r.differing === 0 ? "and agree on every one." : `and differ at ${r.differing} (rows marked ≠ below).`,
      example ? h("span", { class: "note" }, ` Text: ${example.source} (${example.file}).`) : null);
    fill(table,
      groupTable(r.groups, r.specs, spec),
      r.places > r.groups.length ? h("p", {}, `The first ${r.groups.length.toLocaleString("en")} of ${r.places.toLocaleString("en")} places. `, h("button", { type: "button", id: "more-rows", onclick: () => { rows += TABLE_ROWS; void update(true); } }, `Show ${Math.min(TABLE_ROWS, r.places - r.groups.length)} more`)) : null);
    if (!more) await highlighted(shown, value, r.marks, () => gen !== generation);
    if (gen === generation) document.body.dataset.pending = "0";
  };
  text.addEventListener("input", () => void update());
  picker.addEventListener("change", () => void update());
  void update();
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

/** Marks drawn per task: 10,000 references are drawn in slices, so the page answers in between. */
const MARKS_PER_SLICE = 400;

/**
 * The text with each reference of one revision marked in place (wrapper lighter, the reference
 * itself stronger), drawn in slices; stops when `stale()` says a newer text came.
 */
async function highlighted(el: HTMLElement, text: string, marks: ExtractAnswer["marks"], stale: () => boolean): Promise<void> {
  el.replaceChildren();
  if (text === "") {
    el.append(h("span", { class: "note" }, "(no text)"));
    return;
  }
  let at = 0;
  for (let k = 0; k < marks.length; k += MARKS_PER_SLICE) {
    if (k > 0) {
      await new Promise((r) => setTimeout(r, 0));
      if (stale()) return;
    }
    const part = document.createDocumentFragment();
    for (const r of marks.slice(k, k + MARKS_PER_SLICE)) {
      if (r.start < at) continue; // overlapping (never expected): the first one wins
      part.append(text.slice(at, r.start));
      const mark = h("a", {
        class: `ref-mark ${r.valid < 0 ? "" : r.valid ? "valid" : "invalid"}`,
        href: `#place-${r.referenceStart}`,
        "data-start": r.start,
        "data-end": r.end,
        title: r.title,
      },
        wrapperPart(text.slice(r.start, r.referenceStart)),
        h("span", { class: "ref-own" }, text.slice(r.referenceStart, r.referenceEnd)),
        wrapperPart(text.slice(r.referenceEnd, r.end)));
      part.append(mark);
      at = r.end;
    }
    el.append(part);
  }
  el.append(text.slice(at));
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
