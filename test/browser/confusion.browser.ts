// The confusion page (src/web/pages/confusion.ts) in Chromium (playwright-core, Debian's browser)
// against `uri-grammars serve`: on the published examples (test/data/confusion/published.tsv), every
// revision's row reads what confusion() reads in Node, the browser's own URL is a row, the readings
// that differ are lettered and marked and each disagreement names its classes; an example button
// sets the input and the address; no horizontal page scroll and no serious axe-core violation at 390
// and 1366 px; screenshots at both widths (test-output/screenshots/confusion-*.png).
import { expect } from "chai";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { confusion } from "../../src/ops/confusion";
import { parsePublished } from "../../src/conformance/confusion-doc";
import { availableSpecIds, getRevision } from "../../src/revisions";
import { axeProblems, closeExplorer, newLog, openExplorer, OUT, overflowProblems, ready, ROOT, type Explorer, visit } from "./support";

declare const document: any;

interface ShownRow {
  id: string;
  hosts: string;
  groups: string;
}

/** The table as the page draws it: per row, its host cell's text and the letters of its marked cells. */
async function shownRows(page: Page): Promise<ShownRow[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".confusion-table tbody tr")).map((tr: any) => ({
      id: tr.dataset.row,
      hosts: tr.querySelectorAll("td")[3]?.querySelector("code")?.textContent ?? "",
      groups: Array.from(tr.querySelectorAll("td.marked")).map((td: any) => td.dataset.group).join(""),
    })),
  );
}

/** Where the page's revision rows differ from confusion() in Node: each a sentence (empty when they agree). */
export function rowProblems(input: string, shown: readonly ShownRow[]): string[] {
  const r = confusion(input);
  if (!r.ok) return [`${input}: confusion() failed`];
  const problems: string[] = [];
  for (const row of r.rows) {
    const s = shown.find((x) => x.id === row.id);
    const host = row.components === null ? "" : row.unsplit.includes("host") ? "" : row.components.host === null ? "–" : row.components.host === "" ? '""' : row.components.host;
    if (!s) problems.push(`${input}: no row ${row.id}`);
    else if (s.hosts !== host) problems.push(`${input}: ${row.id} shows host ${JSON.stringify(s.hosts)}, confusion() reads ${JSON.stringify(host)}`);
  }
  return problems;
}

describe("the confusion page: every revision and this browser's URL, their readings side by side", function () {
  this.timeout(300_000);
  const log = newLog();
  let x: Explorer;
  let page: Page;
  const published = parsePublished(readFileSync(join(ROOT, "test", "data", "confusion", "published.tsv"), "utf8"));

  before(async () => {
    mkdirSync(OUT, { recursive: true });
    x = await openExplorer(log, { width: 1366, height: 900 });
    page = x.page;
  });
  after(async () => closeExplorer(x ?? {}));

  it("on every published example, each revision's row shows the host confusion() reads, and the browser's URL is a row", async () => {
    const problems: string[] = [];
    for (const p of published) {
      await visit(page, `${x.serve.url}confusion.html#input=${encodeURIComponent(p.input)}`);
      await ready(page);
      const shown = await shownRows(page);
      problems.push(...rowProblems(p.input, shown));
      if (!shown.some((s) => s.id === "browser-url")) problems.push(`${p.input}: no row for the browser's URL`);
    }
    expect(problems).to.deep.equal([]);
    expect(log.errors).to.deep.equal([]);
  });

  it("http://a\\b@c/: the RFCs read host c, the browser a; both lettered and marked, the disagreement classed backslash confusion", async () => {
    await visit(page, `${x.serve.url}confusion.html`);
    await ready(page);
    expect(await page.inputValue("#input")).to.equal("http://a\\b@c/");
    const shown = await shownRows(page);
    const rfc3986 = shown.find((s) => s.id === "rfc3986")!;
    const browser = shown.find((s) => s.id === "browser-url")!;
    expect([rfc3986.hosts, browser.hosts]).to.deep.equal(["c", "a"]);
    expect(rfc3986.groups).to.not.equal(browser.groups);
    const host = await page.textContent('.disagreement[data-component="host"]');
    expect(host).to.contain("backslash confusion").and.contain("rfc3986");
    // A row per revision, the browser's URL, and a row per parser a revision's document defines (Revision.parser).
    const parsers = new Set(availableSpecIds().map((id) => getRevision(id)?.parser?.label).filter((l) => l !== undefined));
    expect(shown.length).to.equal(availableSpecIds().length + 1 + parsers.size);
  });

  it("an example button sets the input and the address", async () => {
    await visit(page, `${x.serve.url}confusion.html`);
    await ready(page);
    await page.click("details.examples summary");
    const example = published.find((p) => p.input.includes("1.1.1.1"))!;
    await page.click(`button.example[data-input="${example.input.replace(/"/g, '\\"')}"]`);
    await page.waitForFunction((v: string) => document.querySelector("#input").value === v && document.body.dataset.pending === "0", example.input);
    expect(decodeURIComponent(new URL(page.url()).hash)).to.contain("1.1.1.1");
    expect(rowProblems(example.input, await shownRows(page))).to.deep.equal([]);
  });

  it("at 390 x 844 and 1366 x 900: no sideways page scroll, no serious axe-core violation; screenshots", async () => {
    const problems: string[] = [];
    const a11y = await x.browser.newContext({ bypassCSP: true });
    const p = await a11y.newPage();
    for (const [width, height] of [[390, 844], [1366, 900]]) {
      await p.setViewportSize({ width, height });
      const address = "confusion.html";
      await visit(p, `${x.serve.url}${address}`);
      await ready(p);
      problems.push(...(await overflowProblems(p, `${address} at ${width}`)), ...(await axeProblems(p, `${address} at ${width}`)));
      // In test-output/browser/ (teaching.browser.ts empties test-output/screenshots/ when it starts, maybe while this file runs beside it).
      await p.screenshot({ path: join(OUT, `confusion-${width}.png`), fullPage: true });
    }
    await a11y.close();
    expect(problems).to.deep.equal([]);
  });

  it("the check can fail: a planted host in a drawn row is reported", () => {
    const input = "http://a\\b@c/";
    const r = confusion(input);
    if (!r.ok) throw new Error("not ok");
    const honest = r.rows.map((row) => ({ id: row.id, hosts: row.components === null || row.unsplit.includes("host") ? "" : (row.components.host ?? "–"), groups: "" }));
    expect(rowProblems(input, honest)).to.deep.equal([]);
    const planted = honest.map((s) => (s.id === "rfc3986" ? { ...s, hosts: "a" } : s));
    expect(rowProblems(input, planted)).to.deep.equal([`${input}: rfc3986 shows host "a", confusion() reads "c"`]);
  });
});
