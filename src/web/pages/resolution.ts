// Resolution: a base and references (#base=&refs=, one reference per line), resolved under every
// revision that defines relative resolution (src/ops/resolve.ts), side by side, with the cells that
// differ from the revision to their left marked. The default is the examples the documents print
// for the same base (Appendix C of draft-1997, RFC 2396 and draft-2003, RFC 3986 §5.4), with each document's
// printed answer; a button shows the examples of a document with a base of its own (RFC 1630, RFC 1808).
import { availableSpecIds, type SpecId } from "../../revisions";
import { definesResolution, resolve, resultText } from "../../ops/resolve";
import { loadAppendixC, type AppendixC } from "../lib/data";
import { append, h, mainElement, scrollBox, startPage } from "../lib/dom";
import { readParam, writeParams } from "../lib/url-state";
import { loadRevisions } from "../lib/revision-tables";

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
      update();
    });
    return b;
  });
  const out = scrollBox("resolved references");
  main.classList.add("resolution");
  append(main, [
    h("p", { class: "intro" }, `Each reference is resolved against the base by each revision that defines relative resolution (${specs.join(", ")}), with that revision's own algorithm. A cell marked ≠ differs from the cell to its left (in the printed columns: from our answer for that revision). The default is the examples each document prints for the same base: the Appendix C tables of draft-1997, RFC 2396 and draft-2003 and RFC 3986's §5.4, with each document's printed answer (— where a document has no such example). Write one reference per line; "" is the empty reference.`),
    h("div", { class: "inputs" }, h("label", {}, "Base", base), h("label", {}, "References, one per line", refs)),
    h("p", {}, [reset, ...otherButtons.flatMap((b) => [" ", b])]),
    out,
    others.length > 0 ? h("section", { class: "not-defined" }, h("h2", {}, "Revisions without relative resolution"), others.map((id) => notDefined(id))) : null,
  ]);

  const update = () => {
    const lines = refs.value.split("\n").filter((l) => l.trim() !== "").map(readReference);
    const isDefault = base.value === examples.base && lines.join("\n") === defaultRefs.join("\n");
    writeParams({ base: base.value === examples.base ? null : base.value, refs: isDefault ? null : refs.value });
    // A document's own examples, as it prints them: their printed answers get columns.
    const shown = sets.find((set) => base.value === set.base && lines.join("\n") === set.references.map((r) => r.reference).join("\n")) ?? null;
    out.replaceChildren(resultTable(base.value, lines, specs, shown));
  };
  base.addEventListener("input", update);
  refs.addEventListener("input", update);
  reset.addEventListener("click", () => {
    base.value = examples.base;
    refs.value = defaultRefs.map(showReference).join("\n");
    update();
  });
  update();
});

/** The empty reference is written "" (one per line leaves no other way to write it). */
function showReference(r: string): string {
  return r === "" ? '""' : r;
}

function readReference(line: string): string {
  return line === '""' ? "" : line;
}

function notDefined(spec: SpecId): HTMLElement {
  const r = resolve("http://a/b", "c", { spec });
  if (!r.ok || r.kind !== "not-defined") return h("p", {}, `${spec}: no resolution.`);
  const c = r.citation;
  return h("p", {}, h("strong", {}, `${spec}`), ` (${c.section}): “${c.quote}”`, c.translation ? ` — ${c.translation}` : "");
}

function resultTable(base: string, references: string[], specs: SpecId[], examples: AppendixC | null): HTMLElement {
  const printedSpecs = examples ? examples.tables.map((t) => t.spec) : [];
  const label = (s: string) => examples?.tables.find((t) => t.spec === s)?.label ?? "";
  const head = h("tr", {},
    h("th", {}, "reference"),
    specs.map((s) => h("th", { "data-spec": s }, s)),
    printedSpecs.map((s) => h("th", { "data-printed": s }, `printed in ${s} ${label(s)}`)));
  const rows = references.map((reference) => {
    const answers = specs.map((spec) => {
      const r = resolve(base, reference, { spec });
      return { spec, text: resultText(r), ok: r.ok, result: r };
    });
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
        const algorithmGives = (a: string | undefined) => (a?.startsWith("error:") ? !ours!.result.ok && ours!.result.error.code === a.slice("error:".length) : a === ours!.text);
        const explained = differs && algorithmGives(p.algorithm);
        return h("td", { class: `mono printed${differs ? " differs" : ""}`, "data-explained": explained ? "yes" : null, title: differs ? `our ${s} answer is ${ours!.text}${explained ? `, as the document's algorithm gives: ${p.note}` : ""}` : null },
          p ? p.answer : "—",
          explained ? h("div", { class: "note" }, `the algorithm gives ${ours!.text}: ${p.note}`) : null);
      }));
  });
  const differing = rows.filter((r) => r.classList.contains("row-differs")).length;
  return h("div", {},
    h("p", {}, `Base `, h("code", {}, base), `: ${references.length} reference${references.length === 1 ? "" : "s"}, ${differing} resolved differently by the revisions.`),
    h("table", { class: "resolution-table" }, h("thead", {}, head), h("tbody", {}, rows)));
}

