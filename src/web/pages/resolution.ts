// @page 70 resolution.html "Resolution" relative references resolved by every revision that defines it
// Resolution: a base and references (#base=&refs=, one reference per line), resolved under every
// revision that defines relative resolution (src/ops/resolve.ts), side by side, with the cells that
// differ from the revision to their left marked. The default is the examples the documents print
// for the same base (Appendix C of draft-1997, RFC 2396 and draft-2003, RFC 3986 §5.4), with each document's
// printed answer; a button shows the examples of a document with a base of its own (RFC 1630, RFC 1808).
// The resolving runs in the worker, once typing pauses (a paste of 10,000 references never blocks the
// page); past FULL_TABLE rows the table draws only the rows in view (a virtual list).
import { availableSpecIds, type SpecId } from "../../revisions";
import { definesResolution, resolve } from "../../ops/resolve";
import { loadAppendixC, type AppendixC } from "../lib/data";
import { append, fill, h, mainElement, scrollBox, startPage } from "../lib/dom";
import { readParam, shareNote, throttledWriter } from "../lib/url-state";
import { loadRevisions } from "../lib/revision-tables";
import { WorkerClient } from "../lib/worker-client";
import { resolvedError, resolvedText, type ResolveAnswer } from "../lib/worker-protocol";

/** Up to this many references the table is drawn whole; past it, only the rows in view. */
const FULL_TABLE = 300;
/** Typing settles this long before the references are resolved again. */
const DEBOUNCE_MS = 200;
/** The height of a row of the virtual table, in pixels (one line of text each). */
const ROW_HEIGHT = 30;

startPage(async () => {
  const main = mainElement();
  const specs = availableSpecIds().filter(definesResolution);
  // Every column parses with its revision: the tables of the revisions that define resolution.
  const [examples] = await Promise.all([loadAppendixC(), loadRevisions(specs)]);
  const defaultRefs = examples.references.map((r) => r.reference);
  const others = availableSpecIds().filter((id) => !definesResolution(id));

  const base = h("input", { id: "base", type: "text", class: "url-input", spellcheck: "false", autocomplete: "off", value: readParam("base") ?? examples.base });
  const refs = h("textarea", { id: "refs", spellcheck: "false", rows: 8 });
  const refsParam = readParam("refs");
  refs.value = refsParam ?? defaultRefs.map(showReference).join("\n");
  const reset = h("button", { type: "button" }, "Back to the documents' examples");
  // The documents whose examples have a base of their own (RFC 1630's Partial form): a button each.
  const sets = [examples, ...(examples.others ?? [])];
  const otherButtons = (examples.others ?? []).map((set) => {
    const b = h("button", { type: "button", "data-examples": set.tables.map((t) => t.spec).join(" ") }, `${set.tables.map((t) => `${t.spec} ${t.label}`).join(", ")} examples (base ${set.base})`);
    b.addEventListener("click", () => {
      base.value = set.base;
      refs.value = set.references.map((r) => showReference(r.reference)).join("\n");
    });
    return b;
  });
  const out = scrollBox("resolved references");
  const shareLine = h("p", { class: "note share-note", role: "status" });
  main.classList.add("resolution");
  append(main, [
    h("p", { class: "intro" }, `Each reference is resolved against the base by each revision that defines relative resolution (${specs.join(", ")}), with that revision's own algorithm. A cell marked ≠ differs from the cell to its left (in the printed columns: from our answer for that revision). The default is the examples each document prints for the same base: the Appendix C tables of draft-1997, RFC 2396 and draft-2003 and RFC 3986's §5.4, with each document's printed answer (— where a document has no such example). Write one reference per line; "" is the empty reference.`),
    h("div", { class: "inputs" }, h("label", {}, "Base", base), h("label", {}, "References, one per line", refs)),
    h("p", {}, [reset, ...otherButtons.flatMap((b) => [" ", b])]),
    shareLine,
    out,
    others.length > 0 ? h("section", { class: "not-defined" }, h("h2", {}, "Revisions without relative resolution"), others.map((id) => notDefined(id))) : null,
  ]);

  const client = new WorkerClient();
  const writeState = throttledWriter(500, (w) => fill(shareLine, shareNote(w, "list of references") ?? ""));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;
  const update = async () => {
    const gen = ++generation;
    const baseValue = base.value;
    const text = refs.value;
    const lines = text.split("\n").filter((l) => l.trim() !== "").map(readReference);
    const isDefault = baseValue === examples.base && lines.join("\n") === defaultRefs.join("\n");
    writeState({ base: baseValue === examples.base ? null : baseValue, refs: isDefault ? null : text }, text.length > 4096);
    // A document's own examples, as it prints them: their printed answers get columns.
    const shown = sets.find((set) => baseValue === set.base && lines.join("\n") === set.references.map((r) => r.reference).join("\n")) ?? null;
    document.body.dataset.pending = "1";
    out.classList.add("stale");
    const done = await client.request({ type: "resolve", base: baseValue, references: lines, specs });
    if (gen !== generation || !done?.resolve) return;
    out.classList.remove("stale");
    out.replaceChildren(lines.length <= FULL_TABLE ? resultTable(baseValue, lines, specs, shown, done.resolve) : virtualTable(baseValue, lines, specs, done.resolve));
    document.body.dataset.pending = "0";
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    document.body.dataset.pending = "1";
    timer = setTimeout(() => void update(), DEBOUNCE_MS);
  };
  base.addEventListener("input", schedule);
  refs.addEventListener("input", schedule);
  reset.addEventListener("click", () => {
    base.value = examples.base;
    refs.value = defaultRefs.map(showReference).join("\n");
    void update();
  });
  for (const b of otherButtons) b.addEventListener("click", () => void update());
  await update();
});

/** The empty reference is written "" (one per line leaves no other way to write it). */
function showReference(r: string): string {
  return r === "" ? '""' : r;
}

function readReference(line: string): string {
  return line === '""' ? "" : line;
}

/** The error code of a resolution that failed (the printed tables write an error as "error:<code>"): a few rows, resolved again here. */
function errorCode(base: string, reference: string, spec: string): string | null {
  const r = resolve(base, reference, { spec: spec as SpecId });
  return r.ok ? null : r.error.code;
}

/**
 * The table of many references: its header, and a scrolling body that holds a row element only
 * for the rows in view (and a few around them), each a fixed ROW_HEIGHT, placed over a spacer as
 * tall as every row together.
 */
function virtualTable(base: string, references: string[], specs: SpecId[], answer: ResolveAnswer): HTMLElement {
  const columns = `minmax(12em, 1.2fr) repeat(${specs.length}, minmax(12em, 1fr))`;
  const head = h("div", { role: "row", class: "vrow vhead", style: null }, h("span", { role: "columnheader" }, "reference"), specs.map((s) => h("span", { role: "columnheader", "data-spec": s }, s)));
  head.style.gridTemplateColumns = columns;
  const spacer = h("div", { class: "vspacer", role: "presentation" });
  spacer.style.height = `${references.length * ROW_HEIGHT}px`;
  const body = h("div", { class: "vbody", role: "rowgroup", tabindex: "0", "aria-label": `${references.length.toLocaleString("en")} references (scroll to see more)` }, spacer);
  const table = h("div", { class: "vtable", role: "table", "aria-rowcount": references.length + 1, "aria-label": "resolved references" }, h("div", { role: "rowgroup" }, head), body);
  let drawn = "";
  const draw = () => {
    const first = Math.max(0, Math.floor(body.scrollTop / ROW_HEIGHT) - 10);
    const last = Math.min(references.length, Math.ceil((body.scrollTop + body.clientHeight) / ROW_HEIGHT) + 10);
    if (`${first}-${last}` === drawn) return;
    drawn = `${first}-${last}`;
    const rows: HTMLElement[] = [];
    for (let k = first; k < last; k++) {
      const texts = specs.map((_, j) => resolvedText(answer, k, j));
      const row = h("div", { role: "row", class: `vrow${new Set(texts).size > 1 ? " row-differs" : ""}`, "aria-rowindex": k + 2, "data-reference": references[k] },
        h("span", { role: "rowheader", class: "mono", title: showReference(references[k]!) }, showReference(references[k]!)),
        texts.map((text, j) => h("span", { role: "cell", class: `mono${j > 0 && text !== texts[j - 1] ? " differs" : ""}${resolvedError(answer, k, j) ? " error-cell" : ""}`, "data-spec": specs[j], title: text }, text)));
      row.style.gridTemplateColumns = columns;
      row.style.top = `${k * ROW_HEIGHT}px`;
      rows.push(row);
    }
    spacer.replaceChildren(...rows);
  };
  body.addEventListener("scroll", () => requestAnimationFrame(draw), { passive: true });
  requestAnimationFrame(draw);
  return h("div", {},
    h("p", { class: "resolution-summary" }, `Base `, h("code", {}, base), `: ${references.length.toLocaleString("en")} references, ${answer.differing.toLocaleString("en")} resolved differently by the revisions (resolved in ${(answer.milliseconds / 1000).toFixed(1)} s, in the background; the table draws the rows in view).`),
    table);
}

function notDefined(spec: SpecId): HTMLElement {
  const r = resolve("http://a/b", "c", { spec });
  if (!r.ok || r.kind !== "not-defined") return h("p", {}, `${spec}: no resolution.`);
  const c = r.citation;
  // A translated seed (RFC 1738's is Chinese): the RFC's own words first, the translation's after, said to be one.
  if (c.translated) {
    const o = c.translated.original;
    return h("p", { "data-spec": spec }, h("strong", {}, spec), ` (${o.section}): “${o.quote}” `,
      h("span", { class: "note" }, `(the RFC as published, ${o.file} line ${o.line}; the project's seed is a ${c.translated.language} translation, which reads: “${c.quote}”)`));
  }
  return h("p", { "data-spec": spec }, h("strong", {}, `${spec}`), ` (${c.section}): “${c.quote}”`, c.translation ? h("span", { class: "note" }, ` — ${c.translation}`) : "");
}

function resultTable(base: string, references: string[], specs: SpecId[], examples: AppendixC | null, answer: ResolveAnswer): HTMLElement {
  const printedSpecs = examples ? examples.tables.map((t) => t.spec) : [];
  const label = (s: string) => examples?.tables.find((t) => t.spec === s)?.label ?? "";
  const head = h("tr", {},
    h("th", {}, "reference"),
    specs.map((s) => h("th", { "data-spec": s }, s)),
    printedSpecs.map((s) => h("th", { "data-printed": s }, `printed in ${s} ${label(s)}`)));
  const rows = references.map((reference, k) => {
    const answers = specs.map((spec, j) => ({ spec, text: resolvedText(answer, k, j), ok: !resolvedError(answer, k, j) }));
    const rowDiffers = new Set(answers.map((x) => x.text)).size > 1;
    const printed = examples?.references.find((x) => x.reference === reference)?.printed ?? {};
    return h("tr", { class: rowDiffers ? "row-differs" : "", "data-reference": reference },
      h("th", { class: "mono", scope: "row" }, showReference(reference)),
      answers.map((x, i) => {
        const differs = i > 0 && x.text !== answers[i - 1].text;
        return h("td", { class: `mono${differs ? " differs" : ""}${x.ok ? "" : " error-cell"}`, "data-spec": x.spec }, x.text);
      }),
      printedSpecs.map((s) => {
        // What the document prints, marked where our resolver (same revision) answers otherwise;
        // where the document's own algorithm gives our answer (its table says so), the note says why.
        const p = printed[s];
        const ours = answers.find((x) => x.spec === s);
        const differs = p !== undefined && ours !== undefined && ours.text !== p.answer;
        // The tables write an error as "error:<code>" (test/data/resolution/*.tsv).
        const algorithmGives = (a: string | undefined) => (a?.startsWith("error:") ? !ours!.ok && errorCode(base, reference, s) === a.slice("error:".length) : a === ours!.text);
        const explained = differs && algorithmGives(p.algorithm);
        return h("td", { class: `mono printed${differs ? " differs" : ""}`, "data-explained": explained ? "yes" : null, title: differs ? `our ${s} answer is ${ours!.text}${explained ? `, as the document's algorithm gives: ${p.note}` : ""}` : null },
          p ? p.answer : "—",
          explained ? h("div", { class: "note" }, `the algorithm gives ${ours!.text}: ${p.note}`) : null);
      }));
  });
  const differing = answer.differing;
  return h("div", {},
    h("p", {}, `Base `, h("code", {}, base), `: ${references.length} reference${references.length === 1 ? "" : "s"}, ${differing} resolved differently by the revisions.`),
    h("table", { class: "resolution-table" }, h("thead", {}, head), h("tbody", {}, rows)));
}

