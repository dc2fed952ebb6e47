// The exact language answers on the explorer's pages (docs/languages.md), added to what a page has
// already drawn, so that a page calls one function:
// - the Diff page: `annotateWitnesses(main, a, b)`: beside each changed rule both revisions have,
//   whether the two accept the same strings, and where not, the shortest strings only one accepts
//   (languageDiff(), computed in the page, one rule at a time after the page is drawn), each with
//   where the other revision stops and a link into the playground with that input and rule;
// - the grammar pages: `annotateFidelity(main, spec)`: under each rule's heading, the verdict of
//   `fidelity --prove` (data/fidelity.json, written by the site build: the proof reads the
//   published grammar files), "proved equal to the published rule" or the difference.
import { languageDiff, type LanguageComparison, type LanguageWitness } from "../../ops/language-diff";
import type { Revision, SpecId } from "../../revisions";
import { h } from "./dom";
import { pageLink } from "./url-state";

/** One rule's line of data/fidelity.json. */
export interface FidelityEntry {
  verdict: "equal" | "documented" | "undocumented" | "not-compiled" | "unconfirmed";
  states: { peg: number; published: number };
  reason?: string;
  witnesses: { input: string; peg: boolean; published: boolean; sentence: string }[];
}

/** data/fidelity.json: revision -> peggy rule name -> its verdict. */
export type FidelityData = Record<string, Record<string, FidelityEntry>>;

/** Where a witness can be looked at: the playground judges it under the rule in every revision (the derivation of the one that accepts it, the caret of the other). */
export function witnessLinks(w: LanguageWitness, rule: string | null): HTMLElement[] {
  return [h("a", { class: "play", href: pageLink("index.html", { input: w.input, rule }) }, "in the playground")];
}

function show(input: string): string {
  return JSON.stringify(input);
}

function witnessItem(w: LanguageWitness, rule: string | null): HTMLElement {
  return h("li", { class: "witness", "data-input": w.input, "data-only": w.acceptedBy },
    h("code", {}, show(w.input)), ` only ${w.acceptedBy}: ${w.rejectedBy} stops at offset ${w.offset}${w.rule ? ` in ${w.rule}` : ""}. `,
    witnessLinks(w, rule),
    h("details", {}, h("summary", {}, "why"), h("p", {}, w.sentence), w.rulesThatDiffer.length > 0 ? h("p", { class: "note" }, `Rules on its way whose published text differs: ${w.rulesThatDiffer.map((r) => r.name).join(", ")}.`) : null),
  );
}

/** The language verdict of one rule, with its witnesses. */
export function comparisonElement(a: string, b: string, c: LanguageComparison): HTMLElement {
  const box = h("div", { class: "languages", "data-verdict": c.verdict });
  const rule = c.kind === "reference" ? null : c.ruleB;
  if (c.verdict === "equal") {
    box.append(h("p", {}, h("strong", {}, "Same language: "), `${a} and ${b} accept exactly the same strings as ${c.name} (decided on the two DFAs: ${c.states.a} and ${c.states.b} states), though the published texts differ.`));
    return box;
  }
  if (c.verdict !== "different") {
    box.append(h("p", { class: "note" }, `Languages not decided: ${c.note ?? c.verdict}.`));
    return box;
  }
  box.append(h("p", {}, h("strong", {}, "Different languages. "), `The shortest strings only one revision accepts as ${c.name}, one per cause, each checked with validate() of both:`));
  box.append(h("ul", { class: "witnesses" }, [...c.onlyA, ...c.onlyB].map((w) => witnessItem(w, rule))));
  return box;
}

/** Adds the language verdict to each changed rule of the Diff page (`section.change[data-rule]` with both sides). */
export function annotateWitnesses(main: HTMLElement, a: Revision, b: Revision): void {
  const sections = Array.from(main.querySelectorAll<HTMLElement>("section.change[data-rule]")).filter((s) => s.querySelectorAll(".diff-side").length === 2);
  const placeholders = sections.map((s) => {
    const p = h("div", { class: "languages pending" }, h("p", { class: "note" }, "Deciding whether the languages differ…"));
    s.append(p);
    return p;
  });
  // One rule per task, so the page stays responsive while the automata are built.
  let i = 0;
  const next = () => {
    if (i >= sections.length) {
      document.body.dataset.languages = "done";
      return;
    }
    const name = sections[i].dataset.rule!;
    const d = languageDiff(a.id as SpecId, b.id as SpecId, { rule: name, witnesses: 3 });
    placeholders[i].replaceWith(d.ok ? comparisonElement(a.id, b.id, d.comparisons[0]) : h("p", { class: "note" }, d.error.message));
    i++;
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

let fidelity: Promise<FidelityData> | null = null;

function loadFidelity(): Promise<FidelityData> {
  if (!fidelity) fidelity = fetch("data/fidelity.json").then((r) => (r.ok ? (r.json() as Promise<FidelityData>) : {}));
  return fidelity;
}

/** Adds, under each rule's heading on a grammar page (`article.rule[data-rule]`), what `fidelity --prove` says of it. */
export async function annotateFidelity(main: HTMLElement, spec: string): Promise<void> {
  const data = (await loadFidelity())[spec];
  if (!data) return;
  for (const entry of Array.from(main.querySelectorAll<HTMLElement>("article.rule[data-rule]"))) {
    const f = data[entry.dataset.rule!];
    if (!f) continue;
    const line =
      f.verdict === "equal"
        ? h("p", { class: "fidelity proved" }, `✓ Proved equal to the published rule: the PEG accepts exactly the strings the rule as published accepts (fidelity --prove; the same minimal DFA, ${f.states.peg} states).`)
        : h("p", { class: "fidelity differs" }, `Fidelity: ${f.verdict}${f.reason ? ` (${f.reason})` : ""}. `, f.witnesses.map((w) => h("span", {}, h("code", {}, show(w.input)), ` the PEG ${w.peg ? "accepts" : "rejects"}, the published rule ${w.published ? "accepts" : "rejects"}. `)));
    entry.querySelector("h2")?.after(line);
  }
}
