// @page 55 sandbox.html "Sandbox" edit a rule and see the strings its language gains and loses
// The grammar sandbox: a rule of any revision, edited in the revision's own notation, and at once
// (in the worker: src/ops/language-edit.ts, as `diff --languages <spec> --with '<rule>'`) whether
// the edited language equals the published one and, where not, the shortest strings it lost and
// gained, for the rule and every rule that reaches it, each one click from the trace. The rule's
// diagram is redrawn from the edit; the project's PEG of the rule stands beside it (what the library
// runs; an edit changes the published rule, not the PEG). State in the address:
// #spec=&rule=&edit= (the edit left out while it is the rule as published).
import { availableSpecIds, DEFAULT_SPEC, getRevision } from "../../revisions";
import type { PublishedGrammar, PublishedRule } from "../../published/model";
import type { LanguageComparison, LanguageWitness } from "../../ops/language-diff";
import type { EditError } from "../../ops/language-edit";
import { caretDisplay } from "../../errors";
import { loadRevisionData, type RevisionData } from "../lib/data";
import { downloadButtons } from "../lib/diagram-export";
import { fill, h, mainElement, startPage } from "../lib/dom";
import { diagramElement, publishedItem } from "../lib/railroad";
import { ruleLinks } from "../lib/rules";
import { sourceHref } from "../lib/sources";
import { pageLink, readParam, writeParams } from "../lib/url-state";
import { WorkerClient } from "../lib/worker-client";
import type { EditAnswer } from "../lib/worker-protocol";

/** The rule the page opens on: RFC 3986's port (its edit to 1*DIGIT loses exactly the empty string); the default revision when RFC 3986 is not registered. */
const OPENING = { spec: "rfc3986", rule: "port" };
/** Witnesses shown per side and language. */
const WITNESSES = 4;
/** Typing settles this long before the edit is compared. */
const DEBOUNCE_MS = 250;

/** A rule's text as an edit starts: its lines in the published-grammar file, without our comment lines. */
function ruleSource(rule: PublishedRule): string {
  return rule.text.filter((l) => !/^\s*;/.test(l)).map((l) => l.replace(/\s+;[^"<>]*$/, "")).join("\n");
}

startPage(async () => {
  const main = mainElement();
  main.classList.add("sandbox-page");
  const specs = availableSpecIds();
  const specParam = readParam("spec");
  const spec = specParam && (specs as string[]).includes(specParam) ? specParam : (specs as string[]).includes(OPENING.spec) ? OPENING.spec : DEFAULT_SPEC;
  const revision = getRevision(spec)!;
  const data = await loadRevisionData(revision.id);
  const picker = h("select", { id: "spec", "aria-label": "revision" }, specs.map((id) => h("option", { value: id, selected: id === revision.id }, `${id} (${getRevision(id)!.date})`)));
  picker.addEventListener("change", () => {
    location.href = pageLink("sandbox.html", {}, { spec: picker.value });
  });
  if (!data.published) {
    main.append(h("div", { class: "toolbar" }, h("label", {}, "Revision", picker)), h("p", { class: "note", role: "status" }, `${revision.id} has no published grammar in the repository, so there is nothing to edit.`));
    return;
  }
  const grammar: PublishedGrammar = data.published;
  const rules = grammar.rules;
  const ruleParam = readParam("rule");
  const find = (name: string | null) => (name ? rules.find((r) => r.name === name) ?? rules.find((r) => grammar.namesIgnoreCase && r.name.toLowerCase() === name.toLowerCase()) : undefined);
  const rule = find(ruleParam) ?? find(OPENING.rule) ?? rules[0]!;
  const rulePicker = h("select", { id: "rule", "aria-label": "rule" }, rules.map((r) => h("option", { value: r.name, selected: r === rule }, r.kind === "core" ? `${r.name} (core rule)` : r.name)));
  rulePicker.addEventListener("change", () => {
    location.href = pageLink("sandbox.html", {}, { spec: revision.id, rule: rulePicker.value });
  });
  const published = ruleSource(rule);
  const editor = h("textarea", { id: "edit", class: "rule-editor", spellcheck: "false", autocomplete: "off", autocapitalize: "off", rows: Math.max(3, published.split("\n").length + 1), "aria-describedby": "edit-help" });
  editor.value = readParam("edit") ?? published;
  const reset = h("button", { type: "button", id: "reset-edit" }, "Back to the rule as published");
  const links = ruleLinks(revision);
  const yourDiagram = h("div", { class: "edit-diagram", id: "edit-diagram" });
  const status = h("p", { class: "edit-status", id: "edit-status", role: "status" });
  const results = h("div", { class: "edit-results", id: "edit-results" });
  const pegName = revision.rules.find((r) => r.published === rule.name || (grammar.namesIgnoreCase && r.published?.toLowerCase() === rule.name.toLowerCase()))?.pegName;
  const peg = pegName ? data.peg[pegName] : undefined;
  const notationHelp = grammar.notation.startsWith("ad-hoc")
    ? "the rule's name alone on the first line, its definition on the indented lines below; \"|\" between alternatives, [ ] around an optional part, single letters stand for themselves"
    : grammar.notation.includes("ABNF")
      ? "name = definition; \"/\" between alternatives, [ ] optional, *x repetition (1*x: one or more), \"...\" literals (either case), %x41-5A code points; indent a line to continue the rule"
      : "name = definition; \"|\" between alternatives, [ ] optional, *x repetition (1*x: one or more), \"...\" literals; indent a line to continue the rule";
  main.append(
    h("p", { class: "intro" }, "Rewrite a rule of any revision in the revision's own notation, and see at once whether its language changed: the rule and every rule that reaches it are compiled to automata, as published and as edited, and compared exactly. Where they differ, the shortest strings the edit lost and gained are listed, each checked by a second, independent recognizer and one click from the trace. The same comparison runs from the command line: ",
      h("code", {}, `uri-grammars diff --languages ${revision.id} --with '${rule.name} = …'`), "."),
    h("div", { class: "toolbar" }, h("label", {}, "Revision", picker), h("label", {}, "Rule", rulePicker)),
    h("div", { class: "sandbox-grid" },
      h("section", { class: "sandbox-edit", "aria-labelledby": "edit-title" },
        h("h2", { id: "edit-title" }, `Your ${rule.name}`),
        h("label", { for: "edit", class: "visually-hidden" }, `your rule, in ${grammar.notation}`),
        editor,
        h("p", { class: "note", id: "edit-help" }, `${grammar.notation}: ${notationHelp}. A rule the grammar does not have is added; refer to any of its rules.`),
        h("p", {}, reset),
        yourDiagram),
      h("section", { class: "sandbox-reference", "aria-labelledby": "published-title" },
        h("h2", { id: "published-title" }, `${rule.name} as published`),
        h("p", { class: "note" }, `${grammar.file}:${rule.line}`, rule.section ? [" · ", h("a", { href: sourceHref(revision.id, rule.section, rule.name) }, rule.section)] : null),
        h("pre", { class: "published-text" }, rule.text.join("\n")),
        h("h2", {}, "The project's PEG of ", rule.name),
        peg
          ? [h("pre", { class: "peg-text", tabindex: "0", "aria-label": `the PEG of ${rule.name}` }, peg.source),
            h("p", { class: "note" }, `What the library runs for ${rule.name}: its transcription in ${data.peggyFile}, a PEG (ordered choice: the first alternative that matches wins; repetitions are greedy and never give back). Your edit changes the rule as published, read the way its document reads it (alternatives unordered, repetitions that give back); the PEG stays as it is. The Grammars page proves the two equal rule by rule (or names why they differ).`)]
          : h("p", { class: "note" }, `${rule.name} has no rule of its own in the PEG transcription.`))),
    status,
    results,
  );

  const client = new WorkerClient();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let generation = 0;
  const run = async () => {
    const gen = ++generation;
    const text = editor.value;
    writeParams({ spec: revision.id, rule: rule.name, edit: text === published ? null : text });
    document.body.dataset.pending = "1";
    status.textContent = "Comparing the languages…";
    const done = await client.request({ type: "edit", spec: revision.id, edits: [text], witnesses: WITNESSES });
    if (gen !== generation || !done?.edit) return;
    draw(done.edit, text);
    document.body.dataset.pending = "0";
  };
  const draw = (answer: EditAnswer, text: string) => {
    const r = answer.result;
    editor.removeAttribute("aria-invalid");
    if (!r.ok) {
      const e = r.error;
      if ("text" in e) {
        editor.setAttribute("aria-invalid", "true");
        status.textContent = "Your rule does not read.";
        const edit = e as EditError;
        fill(results, h("div", { class: "edit-error", role: "alert", "data-offset": edit.offset },
          h("p", {}, edit.message),
          h("pre", { class: "caret" }, caretDisplay(text, edit.offset, 72).replace(/^ {2}/gm, ""))));
        yourDiagram.classList.add("stale");
      } else fill(results, h("p", { class: "failure", role: "alert" }, (e as { message: string }).message));
      return;
    }
    yourDiagram.classList.remove("stale");
    const mine = answer.exprs.find((x) => x.name.toLowerCase() === rule.name.toLowerCase()) ?? answer.exprs[0];
    if (mine) {
      const d = diagramElement(publishedItem(mine.expr, links), `railroad diagram of your ${mine.name}`, "published");
      fill(yourDiagram, d, downloadButtons(d, `${revision.id}-${mine.name}-edited`, `the diagram of your ${mine.name}`, { rule: mine.name, revision: revision.id, section: rule.section, input: null, what: "as edited in the sandbox" }));
    }
    const changed = r.comparisons.filter((c) => c.verdict === "different");
    const unconfirmed = r.comparisons.filter((c) => c.verdict === "unconfirmed");
    const lost = new Set(r.comparisons.flatMap((c) => c.onlyA.map((w) => `${c.name} ${w.input}`))).size;
    const gained = new Set(r.comparisons.flatMap((c) => c.onlyB.map((w) => `${c.name} ${w.input}`))).size;
    status.textContent = r.comparisons.length === 0
      ? "No language of the grammar uses this rule."
      : changed.length === 0 && unconfirmed.length === 0
        ? `The edit changes no language: ${r.comparisons.map((c) => c.name).join(", ")} ${r.comparisons.length === 1 ? "accepts" : "accept"} exactly the same strings (${(r.milliseconds / 1000).toFixed(2)} s).`
        : `The edit changes ${changed.length} of ${r.comparisons.length} languages (${lost} strings lost and ${gained} gained shown below; ${(r.milliseconds / 1000).toFixed(2)} s).`;
    fill(results,
      unconfirmed.length > 0 ? h("p", { class: "failure", role: "alert", id: "edit-unconfirmed" }, `Unconfirmed: a decision and its check disagree (${unconfirmed.map((c) => `${c.name}: ${c.note}`).join("; ")}). This is a bug, not an answer: please report the edit.`) : null,
      r.notes.map((n) => h("p", { class: "note" }, n)),
      r.comparisons.map((c) => languageCard(revision.id, c, r.a)));
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    document.body.dataset.pending = "1";
    timer = setTimeout(() => void run(), DEBOUNCE_MS);
  };
  editor.addEventListener("input", schedule);
  reset.addEventListener("click", () => {
    editor.value = published;
    schedule();
  });
  await run();
});

/** One language compared: its verdict, and the strings lost and gained, each with a link to its trace. */
function languageCard(spec: string, c: LanguageComparison, a: string): HTMLElement {
  const verdict = c.verdict === "equal" ? "the same strings" : c.verdict === "different" ? "different" : c.verdict === "not-compiled" ? `not compiled: ${c.note ?? ""}` : `unconfirmed: ${c.note ?? ""}`;
  const list = (title: string, cls: string, ws: LanguageWitness[], count: number) =>
    ws.length === 0 ? null : h("div", { class: `witnesses ${cls}` },
      h("h4", {}, `${title} (${count} cause${count === 1 ? "" : "s"}${count > ws.length ? `, ${ws.length} shown` : ""})`),
      h("ul", {}, ws.map((w) => h("li", { "data-input": w.input },
        h("code", { class: "witness" }, w.input === "" ? "(the empty string)" : w.input), " ",
        h("span", { class: "note" }, w.sentence), " ",
        h("a", { href: pageLink("trace.html", {}, { spec, rule: c.name, input: w.input === "" ? null : w.input }), class: "trace-link" }, `trace under ${spec}`)))));
  return h("section", { class: `edit-language ${c.verdict}`, "data-rule": c.name, "data-verdict": c.verdict },
    h("h3", {}, h("span", { class: "mono" }, c.name), `: ${verdict}`, c.verdict === "equal" || c.verdict === "different" ? h("span", { class: "note" }, ` (${c.states.a} and ${c.states.b} states)`) : null),
    list(`Lost: ${a} accepts, your edit rejects`, "lost", c.onlyA, c.causes.onlyA),
    list(`Gained: your edit accepts, ${a} rejects`, "gained", c.onlyB, c.causes.onlyB));
}
