// @page 85 confusion.html "Confusion" which parser reads a URL how: every revision and this browser's URL, their hosts side by side
// Confusion: which parser reads a URL how (src/ops/confusion.ts, the same code as `uri-grammars
// confusion`): one row per revision and one for this browser's URL, the scheme, userinfo, host and
// port readings lettered (A, B ...) where they differ, each disagreement with its classes and the
// revisions behind each reading. The input lives in the address (?input=); the examples are the
// published confusion examples of test/data/confusion/published.tsv, each with its source.
import type { ConfusionResult, ConfusionRow } from "../../ops/confusion";
import { availableSpecIds } from "../../revisions";
import { loadConfusionExamples, type ConfusionExamples } from "../lib/data";
import { append, fill, h, mainElement, scrollBox, startPage } from "../lib/dom";
import { readParam, shareNote, throttledWriter } from "../lib/url-state";
import { WorkerClient } from "../lib/worker-client";

/** The input shown first: the backslash example of Claroty and Snyk's backslash confusion class. */
const DEFAULT_INPUT = "http://a\\b@c/";
const COLUMNS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const;

startPage(async () => {
  const main = mainElement();
  const [{ examples, file }] = await Promise.all([loadConfusionExamples()]);
  const specs = availableSpecIds();
  const field = h("input", { id: "input", type: "text", spellcheck: "false", autocomplete: "off", "aria-describedby": "confusion-help", value: readParam("input") ?? DEFAULT_INPUT });
  const summary = h("p", { class: "confusion-summary", "aria-live": "polite" });
  const table = scrollBox("the readings, one row per revision and for this browser's URL");
  const findings = h("div", { class: "confusion-findings" });
  main.classList.add("confusion");
  append(main, [
    h("p", { class: "intro", id: "confusion-help" },
      "Type a URL. Every revision reads it (an input its grammar rejects as its own text prescribes: the URL before \"#\" where the fragment is not part of it, ",
      "the characters it never accepts percent-encoded), and so does this browser's URL. Where the rows read the scheme, userinfo, host or port differently, ",
      "the readings are lettered and each disagreement is classed (Claroty and Snyk's scheme, slash, backslash, URL-encoded data confusion and scheme mix-up, and the classes the corpus shows). ",
      "The command line adds the installed parsers (uri-grammars confusion). Nothing leaves this page."),
    h("label", { class: "confusion-input" }, "URL", field),
    exampleList(examples, file, (input) => {
      field.value = input;
      void update();
      field.focus();
    }),
    summary,
    table,
    findings,
  ]);
  const client = new WorkerClient();
  const shareLine = h("p", { class: "note share-note", role: "status" });
  summary.before(shareLine);
  const writeState = throttledWriter(400, (w) => fill(shareLine, shareNote(w, "input") ?? ""));
  let generation = 0;
  const update = async () => {
    const gen = ++generation;
    const input = field.value;
    writeState({ input: input === DEFAULT_INPUT ? null : input }, input.length > 16 * 1024);
    document.body.dataset.pending = "1";
    const answer = await client.request({ type: "confusion", input, specs });
    if (!answer?.confusion || gen !== generation) return; // a newer input took over
    const r = answer.confusion;
    if (!r.ok) {
      fill(summary, (r as { message: string }).message);
      table.replaceChildren();
      findings.replaceChildren();
    } else {
      const result = r as ConfusionResult;
      fill(summary, summaryLine(result));
      fill(table, rowsTable(result));
      fill(findings, disagreementList(result));
    }
    document.body.dataset.pending = "0";
  };
  field.addEventListener("input", () => void update());
  void update();
});

function summaryLine(r: ConfusionResult): (string | HTMLElement)[] {
  const differing = r.disagreements.map((d) => `${d.component} (${d.readings.length} readings)`);
  if (differing.length === 0) return ["The rows that read it agree on scheme, userinfo, host and port."];
  const host = r.disagreements.find((d) => d.component === "host");
  return [h("strong", {}, host ? `The host is read ${host.readings.length} ways. ` : "The host is read one way. "), `Readings differ on: ${differing.join(", ")}.`];
}

function cell(row: ConfusionRow, key: (typeof COLUMNS)[number]): HTMLElement {
  if (!row.components) return h("td", { class: "none" }, "");
  if ((row.unsplit as string[]).includes(key)) return h("td", { class: "unsplit", title: "this revision does not tell userinfo, host and port apart (its net_loc)" }, "(unsplit)");
  const v = row.components[key];
  const group = (row.groups as Record<string, string | undefined>)[key];
  const marked = (row.marked as string[]).includes(key);
  return h("td", { class: `${marked ? `marked group-${group}` : ""} ${v === null ? "absent" : ""}`.trim(), "data-group": marked ? group ?? "" : "" },
    h("code", {}, v === null ? "–" : v === "" ? "\"\"" : v),
    marked ? h("span", { class: "group-badge", "aria-label": `reading ${group}` }, group ?? "") : null);
}

function verdictText(row: ConfusionRow): string {
  const how = { parsed: "", "fragment-apart": ", # apart", escaped: ", escaped", split: ", splits", none: ", no reading" }[row.reading];
  return `${row.verdict}${how}`;
}

function rowsTable(r: ConfusionResult): HTMLElement {
  return h("table", { class: "confusion-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "row"), h("th", { scope: "col" }, "verdict"), COLUMNS.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, r.rows.map((row) =>
      h("tr", { class: `kind-${row.kind}`, "data-row": row.id, title: row.how ?? row.error ?? "" },
        h("th", { scope: "row" }, row.kind === "revision" ? row.id : row.label),
        h("td", { class: `verdict ${row.verdict}` }, verdictText(row)),
        COLUMNS.map((c) => cell(row, c))))));
}

function disagreementList(r: ConfusionResult): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const d of r.disagreements) {
    out.push(h("section", { class: "disagreement", "data-component": d.component },
      h("h2", {}, `${d.component}: ${d.readings.length} readings`),
      h("ul", {}, d.readings.map((g) => h("li", {},
        h("span", { class: "group-badge" }, g.group), " ", h("code", {}, g.value === null ? "(none)" : g.value),
        ` — read by ${g.rows.join(", ")}`,
        g.revisions.length === 0 ? h("span", { class: "note" }, " (no revision)") : null))),
      h("ul", { class: "classes" }, d.classes.map((c) => h("li", {}, h("strong", {}, c.name), `: ${c.because}`)))));
  }
  const notes = r.rows.filter((x) => x.how || (!x.components && x.error));
  if (notes.length > 0) {
    out.push(h("details", { class: "row-notes" },
      h("summary", {}, "How each row read it"),
      h("ul", {}, notes.map((x) => h("li", {}, h("strong", {}, x.kind === "revision" ? x.id : x.label), `: ${x.how ?? x.error}`)))));
  }
  return out;
}

function exampleList(examples: ConfusionExamples["examples"], file: string, choose: (input: string) => void): HTMLElement {
  return h("details", { class: "examples" },
    h("summary", {}, "Examples: the published confusion examples"),
    h("p", { class: "note" }, `From ${file}: each with its source.`),
    h("p", {}, examples.map((e) => h("button", { type: "button", class: "example", title: `${e.sourceClass}: ${e.source}`, "data-input": e.input, onclick: () => choose(e.input) }, e.input))));
}
