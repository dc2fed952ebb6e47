// The explorer as a teacher prepares a class with it, in Chromium against `uri-grammars serve`:
//   - the grammar sandbox: RFC 3986's port edited to 1*DIGIT loses exactly the empty string, as
//     languageEdit() and `diff --languages rfc3986 --with` say; an edit that does not read is shown
//     at its offset; the edit lives in the address (planted.browser.ts: a wrong witness is caught);
//   - exercises: three answered right and one wrong, the wrong one with the step where it fails,
//     each verdict the library's; a hint gives a string that meets every condition;
//   - the trace lands on decisions: where rfc3986 and draft-1997 part on http://[::1]/ (IP-literal and
//     hostname, the same names in the box and the card), the error jump of http://a/b[1] under
//     draft-1997 (segment, explain()'s rule), step over / out / next decision, the whole-parse tree,
//     and the diagram and the steps exported with their caption;
//   - a page that stays responsive: 10,000 references pasted into the resolution page, the longest
//     main-thread task (Chromium's long-task observer) at most 200 ms;
//   - the documents in headings, paragraphs and pages, each § of a grammar page landing on a heading;
//     RFC 1738's translated seed labelled as one, the original beside it;
//   - access: a skip link first, the landmarks, on a phone a folded header, rule texts that scroll
//     rather than wrap, menus as wide as their longest choice; the footer's years the registry's.
// Findings and measures go to test-output/browser/lessons.md (printed at the end).
import { expect } from "chai";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { languageEdit } from "../../src/ops/language-edit";
import { availableSpecIds, getRevision } from "../../src/revisions";
import {
  answerExercise, closeExplorer, exerciseProblems, longestTask, newLog, openExplorer, OUT, ROOT, partingShown, pasteThenType, ready, sandboxEdit, sandboxProblems, servedExercises, settled, visit, type Explorer,
} from "./support";

declare const document: any, location: { hash: string; href: string }, performance: any, getComputedStyle: any;

/** A document as the documents page reads it (site/data/docs/<spec>.json). */
interface DocData {
  title?: string;
  sectionIds: Record<string, string>;
  blocks: { kind: string; id?: string }[];
  original?: DocData | null;
  borrowed?: DocData[] | null;
}

describe("the explorer teaches: edits, exercises, decisions, responsive pages, documents, access", function () {
  this.timeout(600_000);
  const log = newLog();
  const report: string[] = [];
  const metrics: Record<string, unknown> = {};
  let x: Explorer;
  let url: string;
  let browser: Browser;
  let page: Page;

  before(async () => {
    mkdirSync(OUT, { recursive: true });
    x = await openExplorer(log, { width: 1366, height: 900 });
    url = x.serve.url;
    browser = x.browser;
    page = x.page;
    metrics.machine = x.machine;
  });

  after(async () => {
    await closeExplorer(x ?? {});
    const text = ["# The explorer teaches: edits, exercises, decisions", "", `Measured by test/browser/lessons.browser.ts in Chromium ${browser?.version() ?? "?"}. Machine: ${JSON.stringify(metrics.machine)}.`, "", ...report, ""].join("\n");
    writeFileSync(join(OUT, "lessons.md"), text);
    writeFileSync(join(OUT, "lessons.json"), JSON.stringify(metrics, null, 2) + "\n");
    console.log(`\n${text.replace(/^/gm, "    ")}`);
  });

  describe("the grammar sandbox", () => {
    it("rfc3986 port edited to 1*DIGIT: the empty string is lost (as languageEdit() says), and every language that reaches port too", async () => {
      await visit(page, `${url}sandbox.html#spec=rfc3986&rule=port`);
      await ready(page);
      const shown = await sandboxEdit(page, "port = 1*DIGIT");
      const port = shown.languages.find((l) => l.rule === "port")!;
      expect(port).to.deep.equal({ rule: "port", verdict: "different", lost: [""], gained: [] });
      expect(shown.languages.map((l) => l.rule)).to.include.members(["authority", "URI"]);
      expect(sandboxProblems("rfc3986", "port = 1*DIGIT", shown)).to.deep.equal([]);
      // The CLI's own answer, the same strings.
      const cli = languageEdit("rfc3986", ["port = 1*DIGIT"], { rule: "port" });
      expect(cli.ok && cli.comparisons[0]!.onlyA.map((w) => w.input)).to.deep.equal([""]);
      // The edit lives in the address: a reload shows the same edit and the same answer.
      const href = await page.evaluate(() => location.href);
      expect(decodeURIComponent(new URL(href).hash)).to.contain("edit=port+=+1*DIGIT");
      await visit(page, href);
      await ready(page);
      expect(await page.inputValue("#edit")).to.equal("port = 1*DIGIT");
      await page.waitForSelector(".edit-language[data-rule='port'] .lost li");
      // Each witness is one click from the trace, on the revision as published.
      const trace = await page.$eval(".edit-language[data-rule='port'] .lost li a.trace-link", (a: any) => a.getAttribute("href"));
      expect(trace).to.match(/^trace\.html#/).and.contain("rule=port");
    });

    it("an edit that does not read is shown at its offset, with the caret under it; other revisions' notations read too", async () => {
      await visit(page, `${url}sandbox.html#spec=rfc3986&rule=port`);
      await ready(page);
      const bad = await sandboxEdit(page, "port = 1*(DIGIT");
      expect(bad.error?.offset).to.equal(15);
      expect(bad.error?.text).to.contain("does not read at offset 15");
      expect(await page.getAttribute("#edit", "aria-invalid")).to.equal("true");
      await visit(page, `${url}sandbox.html#spec=draft-1997&rule=port`);
      await ready(page);
      const bnf = await sandboxEdit(page, "port = 1*digit");
      expect(sandboxProblems("draft-1997", "port = 1*digit", bnf)).to.deep.equal([]);
      await visit(page, `${url}sandbox.html#spec=draft-1993&rule=digits`);
      await ready(page);
      const adhoc = await sandboxEdit(page, "digits\n    digit [ digit ]");
      expect(adhoc.languages.find((l) => l.rule === "digits")!.lost).to.include("000");
      expect(sandboxProblems("draft-1993", "digits\n    digit [ digit ]", adhoc)).to.deep.equal([]);
      // The project's PEG of the rule stands beside it, said to be the PEG.
      expect(await page.$eval(".sandbox-reference", (el: any) => el.textContent)).to.contain("The project's PEG of digits").and.contain("What the library runs");
    });
  });

  describe("exercises", () => {
    it("at least 30 exercises, across the three notations; three answered right and one wrong, the wrong one with the step where it fails, each verdict the library's", async () => {
      const exercises = await servedExercises(url);
      expect(exercises.length).to.be.at.least(30);
      const notations = new Set((await (await fetch(`${url}data/exercises.json`)).json() as { exercises: { notations: string[] }[] }).exercises.flatMap((e) => e.notations));
      expect(notations.size).to.be.at.least(3);
      await visit(page, `${url}exercises.html`);
      await ready(page);
      const problems: string[] = [];
      const strings = exercises.filter((e) => e.kind === "string" && e.hint !== null && e.hint !== "");
      const right = [strings[0]!, strings[Math.floor(strings.length / 2)]!];
      for (const e of right) {
        const shown = await answerExercise(page, e, e.hint!);
        expect(shown.state, `${e.id} ${JSON.stringify(e.hint)}: ${shown.text}`).to.equal("correct");
        problems.push(...exerciseProblems(e, e.hint!, shown));
      }
      const choice = exercises.find((e) => e.id === "host-commit-3986-2")!;
      const rightChoice = await answerExercise(page, choice, "reg-name");
      expect(rightChoice.state, rightChoice.text).to.equal("correct");
      problems.push(...exerciseProblems(choice, "reg-name", rightChoice));
      // A wrong answer: a reg-name with a space (rfc3986 stops at the space, in reg-name).
      const regName = exercises.find((e) => e.id === "reg-name-not-host")!;
      const wrong = await answerExercise(page, regName, "a b");
      expect(wrong.state).to.equal("wrong");
      expect(wrong.failing).to.deep.equal({ spec: "rfc3986", rule: "reg-name", offset: 1 });
      expect(wrong.text).to.contain("Where it fails: rfc3986 stops at offset 1 in reg-name");
      expect(wrong.traceHref).to.contain("step=error");
      problems.push(...exerciseProblems(regName, "a b", wrong));
      expect(problems).to.deep.equal([]);
      // The failing step opens in the trace, on the rule explain() names.
      await visit(page, `${url}${wrong.traceHref}`);
      await ready(page);
      expect(await page.$eval(".rule-card", (el: any) => el.dataset.rule)).to.equal("reg_name");
      // The hint: the shortest string, which meets every condition.
      await visit(page, `${url}exercises.html#${right[0]!.id}`);
      await ready(page);
      await page.click(`[id="${right[0]!.id}"] .show-hint`);
      expect(await page.$eval(`[id="${right[0]!.id}"] .hint-witness`, (el: any) => el.textContent)).to.equal(right[0]!.hint);
      report.push("## Exercises", "", `${exercises.length} exercises (${[...notations].join(", ")}); answered right: ${right.map((e) => `${e.id} with its hint ${JSON.stringify(e.hint)}`).join(", ")}, ${choice.id} (reg-name); wrong: ${regName.id} with "a b", shown failing at offset 1 in reg-name, the trace opened there.`, "");
    });
  });

  describe("the trace lands on decisions", () => {
    it("http://[::1]/, rfc3986 beside draft-1997: they part where host tries IP-literal and hostname, the same names in the box and the card", async () => {
      const shown = await partingShown(page, url, "http://[::1]/", "rfc3986", "draft-1997");
      expect([shown.common, shown.a, shown.b]).to.deep.equal(["host", "IP-literal", "hostname"]);
      expect(shown.text).to.contain("host at offset 7").and.contain("IP-literal").and.contain("hostname");
      expect(shown.cardNames).to.deep.equal(["host", "IP-literal", "host", "hostname"]);
      expect(shown.partedRows, "each side's call marked").to.equal(2);
      const other = await partingShown(page, url, "http://[::1]/", "draft-1997", "draft-2003");
      expect([other.common, other.a, other.b]).to.deep.equal(["host", "hostname", "IPv6reference"]);
    });

    it("http://a/b[1] under draft-1997: the error jump lands on segment, the rule explain() names, with the failed attempts folded beneath it", async () => {
      await visit(page, `${url}trace.html#input=${encodeURIComponent("http://a/b[1]")}&spec=draft-1997`);
      await ready(page);
      expect(await page.textContent(".jump-error")).to.contain("segment");
      await page.click(".jump-error");
      expect(await page.$eval(".rule-card", (el: any) => el.dataset.rule)).to.equal("segment");
      expect(await page.textContent(".step-sentence")).to.contain("segment matched “b”");
      const folds = await page.$$eval(".timeline li.fold", (els) => els.map((e: any) => e.textContent));
      expect(folds.length, "failed attempts folded").to.be.greaterThan(0);
      expect(folds.join(" ")).to.contain("at offset 10");
      // The same step from the address (#step=error, as the playground links it).
      const step = await page.$eval("#trace-a", (el: any) => el.dataset.step);
      await visit(page, `${url}trace.html#input=${encodeURIComponent("http://a/b[1]")}&spec=draft-1997&step=error`);
      await ready(page);
      expect(await page.$eval("#trace-a", (el: any) => el.dataset.step)).to.equal(step);
    });

    it("step over, step out and next decision move by the rules; the whole parse is a tree beside the steps; the diagram and the steps export with their caption", async () => {
      await visit(page, `${url}trace.html#input=${encodeURIComponent("http://a/b")}&spec=rfc3986`);
      await ready(page);
      const step = () => page.$eval("#trace-a", (el: any) => Number(el.dataset.step));
      const sentence = () => page.textContent(".step-sentence");
      expect(await step()).to.equal(0);
      expect(await sentence()).to.contain("Enter URI-reference");
      // Over the start rule's call: to its end, the last step.
      await page.click(".step-over");
      expect(await sentence()).to.contain("URI-reference matched “http://a/b”");
      await page.click(".stepper button[aria-label='first step']");
      for (let i = 0; i < 3; i++) await page.click(".stepper button[aria-label='next step']");
      const inside = await step();
      await page.click(".step-out");
      const out = await step();
      expect(out).to.be.greaterThan(inside);
      expect(await sentence()).to.match(/ matched “| failed at offset/);
      await page.click(".stepper button[aria-label='first step']");
      await page.click(".next-decision");
      expect(await sentence()).to.match(/commits|ends after|absent|lookahead (holds|does not hold)|needs more/);
      // The whole parse: a tree of the rules that matched; a node leads to its call.
      const nodes = await page.$$eval("#whole-parse button.tree-node.ok", (els) => els.map((e: any) => e.textContent));
      expect(nodes.some((n) => n.startsWith("scheme"))).to.equal(true);
      expect(nodes.some((n) => n.startsWith("host"))).to.equal(true);
      // Only the calls the parse kept: userinfo matches "a" before "@" fails, and is given back.
      expect(nodes.filter((n) => n.startsWith("userinfo"))).to.deep.equal([]);
      expect(await page.$$eval("#whole-parse button.tree-node.fail", (els) => els.map((e: any) => e.textContent))).to.include("✗ userinfo “a”, given back");
      const hostNode = page.locator("#whole-parse button.tree-node.ok", { hasText: /^host/ }).first();
      const hostStep = Number(await hostNode.getAttribute("data-step"));
      await hostNode.click();
      expect(await step()).to.equal(hostStep);
      // Exports: the diagram with its path, captioned; the steps as Markdown.
      const [svg] = await Promise.all([page.waitForEvent("download"), page.click(".rule-card .downloads button:text('SVG')")]);
      const svgText = readFileSync((await svg.path())!, "utf8");
      expect(svgText).to.contain("<title>rfc3986 host").and.contain("http://a/b").and.contain('class="caption"');
      const [md] = await Promise.all([page.waitForEvent("download"), page.click("#export-steps")]);
      const mdText = readFileSync((await md.path())!, "utf8");
      expect(mdText).to.match(/^# rfc3986 URI-reference: the trace of "http:\/\/a\/b"/).and.contain("Enter URI-reference at offset 0");
      const [png] = await Promise.all([page.waitForEvent("download"), page.click(".rule-card .downloads button:text('PNG')")]);
      expect([...readFileSync((await png.path())!).subarray(0, 4)]).to.deep.equal([0x89, 0x50, 0x4e, 0x47]);
      // The grammar page's pictures carry the rule, the revision and the section.
      await visit(page, `${url}grammar.html?spec=draft-2003#dec-octet`);
      await ready(page);
      const [g] = await Promise.all([page.waitForEvent("download"), page.click("#dec-octet .downloads button:text('SVG')")]);
      expect(readFileSync((await g.path())!, "utf8")).to.contain("<title>draft-2003 dec-octet (");
    });
  });

  describe("a page that stays responsive", () => {
    it("10,000 references pasted into the resolution page: the longest main-thread task and the key latency in the base field are measured (target 200 ms), and the table draws only the rows in view", async () => {
      const refs = Array.from({ length: 10_000 }, (_, i) => ["g", "./g", "../g", "?y", "#s", "g;x", "//g", "/g", "..", "g/../h"][i % 10] + (i % 7 === 0 ? "" : String(i))).join("\n");
      await visit(page, `${url}resolution.html`);
      await ready(page);
      // Keys typed in the base field while it works: from each key to the next frame drawn.
      const { t0, frames } = await pasteThenType(page, "#refs", refs, "#base", ["x", "Backspace", "y", "Backspace"]);
      await settled(page);
      await page.waitForSelector(".vtable");
      await page.$eval(".vbody", (el: any) => (el.scrollTop = 150_000));
      await page.waitForTimeout(300);
      const tasks = await longestTask(page, t0);
      const elapsed = await page.evaluate((since: number) => performance.now() - since, t0);
      const rows = await page.$$eval(".vbody .vrow", (els) => els.length);
      const summary = await page.textContent(".resolution-summary");
      expect(summary).to.contain("10,000 references");
      expect(rows).to.be.within(1, 200);
      expect(await page.$eval(".vbody .vrow", (el: any) => Number(el.getAttribute("aria-rowindex")))).to.be.greaterThan(4000);
      metrics.resolution10k = { longestTaskMs: tasks.longest, longTasks: tasks.count, keyToFrameMs: frames, settledMs: elapsed, rowsInDocument: rows, loadAverage: loadavg()[0], targetMs: 200 };
      report.push("## 10,000 references in the resolution page", "", `Longest main-thread task from the paste until the table was drawn (and scrolled to row 5,000): ${tasks.longest.toFixed(0)} ms (${tasks.count} long tasks; target ≤ 200 ms, ${tasks.longest <= 200 ? "met" : "not met"}). Four keys typed in the base field meanwhile: key to next frame ${frames.map((f) => f.toFixed(0)).join(", ")} ms. Drawn ${(elapsed / 1000).toFixed(1)} s after the paste, in the worker; ${rows} rows in the document. Load average ${loadavg()[0].toFixed(2)}.`, "");
      // Generous bounds (the targets are measured, not asserted, on a shared machine): before the
      // worker, one block took 2,019 ms and each key 4.5-6.5 s.
      expect(tasks.longest).to.be.at.most(1000);
      expect(Math.max(...frames)).to.be.at.most(1000);
    });
  });

  describe("the documents", () => {
    it("each document in headings, paragraphs and pages; every § of a grammar page lands on a heading of its document; RFC 1738's translation labelled, the original beside it", async () => {
      const problems: string[] = [];
      const elsewhere = new Set<string>();
      let checked = 0;
      for (const spec of availableSpecIds()) {
        await visit(page, `${url}grammar.html?spec=${spec}`);
        await ready(page);
        const links = [...new Set(await page.$$eval("article.rule h2 a.section", (as) => as.map((a: any) => a.getAttribute("href"))))];
        if (links.length === 0) continue;
        // Every § of the page: the heading the documents page marks for its section (the data the
        // page reads: each cited section's heading, in the document or the one it borrows from).
        const doc = JSON.parse(readFileSync(join(ROOT, "site", "data", "docs", `${spec}.json`), "utf8")) as DocData;
        const columns = [doc, doc.original, ...(doc.borrowed ?? [])].filter((d): d is DocData => !!d);
        const titles = columns.map((d) => d.title ?? "").join(" ");
        for (const href of links) {
          const section = new URLSearchParams(href.split("#")[1]!).get("section")!;
          // A section of a document the repository does not hold (rfc2732's "RFC 2234 §6.1", the
          // WHATWG revisions' "Infra §4.6"): its page says the heading is not in this text.
          const named = /^([A-Z][A-Za-z]*(?: \d+)?) §/.exec(section)?.[1];
          if (named && !titles.includes(named)) {
            elsewhere.add(`${spec} ${named}`);
            continue;
          }
          const marked = columns.some((d) => d.sectionIds[section] !== undefined && d.blocks.some((b) => b.kind === "h" && b.id === d.sectionIds[section]));
          if (!marked) problems.push(`${spec}: the § ${section} (${href}) leads to no heading of its document`);
          checked++;
        }
        // One of them followed: the heading marked, and the rule (else the heading) scrolled into view.
        await visit(page, `${url}${links[0]}`);
        await ready(page);
        const shown = await page.evaluate(() => {
          const heading = document.querySelector(".doc-heading.section-here");
          const el = document.querySelector("mark.rule-here") ?? heading;
          if (!heading || !el) return null;
          const r = el.getBoundingClientRect();
          const box = el.closest(".document-text").getBoundingClientRect();
          return { inView: r.top >= box.top - 1 && r.top <= box.bottom };
        });
        if (!shown?.inView) problems.push(`${spec}: following ${links[0]} shows ${shown ? "its place out of view" : "no heading marked"}`);
      }
      expect(problems).to.deep.equal([]);
      expect(checked).to.be.at.least(availableSpecIds().length);
      // The one-line draft-2003 seed: many paragraphs and pages, not one line.
      await visit(page, `${url}source.html?spec=draft-2003`);
      await ready(page);
      const shape = await page.evaluate(() => ({ paragraphs: document.querySelectorAll(".document[data-doc='doc'] .doc-para").length, pages: document.querySelectorAll(".document[data-doc='doc'] .doc-page").length, headings: document.querySelectorAll(".document[data-doc='doc'] .doc-heading").length, longest: Math.max(...Array.from(document.querySelectorAll(".doc-para")).map((p: any) => p.textContent.length)) }));
      expect(shape.paragraphs).to.be.greaterThan(50);
      expect(shape.pages).to.be.greaterThan(40);
      expect(shape.headings).to.be.greaterThan(30);
      expect(shape.longest).to.be.lessThan(20_000);
      await visit(page, `${url}source.html?spec=rfc1738#s-5&section=%C2%A75&rule=hostport`);
      await ready(page);
      const columns = await page.$$eval(".document", (els) => els.map((e: any) => ({ doc: e.dataset.doc, title: e.querySelector("h2").textContent })));
      expect(columns.map((c) => c.doc)).to.deep.equal(["doc", "original"]);
      expect(columns[0]!.title).to.contain("Chinese translation");
      expect(columns[1]!.title).to.contain("as published");
      expect(await page.textContent(".intro")).to.contain("Chinese translation");
      // A column without the rule says which column holds it (rfc8089's IPv6address: RFC 3986's text, not RFC 6874's or RFC 8089's).
      await visit(page, `${url}source.html?spec=rfc8089&rule=IPv6address`);
      await ready(page);
      const notes = await page.$$eval(".document", (els) => els.map((e: any) => ({ title: e.querySelector("h2").textContent, note: e.querySelector(".note").textContent, links: Array.from(e.querySelectorAll(".note a[href^='#']")).map((a: any) => a.getAttribute("href")), marked: e.querySelector("mark.rule-here")?.id ?? null })));
      const holding = notes.filter((n) => n.marked !== null);
      expect(holding.map((n) => n.title)).to.have.length(1).and.satisfy((ts: string[]) => ts[0]!.includes("3986"));
      // Each other column names it and links to its highlight.
      for (const n of notes.filter((x) => x.marked === null)) {
        expect(n.note, n.title).to.contain(`the rule is in ${holding[0]!.title})`);
        expect(n.links, n.title).to.deep.equal([`#${holding[0]!.marked}`]);
      }
      // Resolution's note for RFC 1738: the RFC's own words first, the translation said to be one.
      await visit(page, `${url}resolution.html`);
      await ready(page);
      expect(await page.$eval(".not-defined [data-spec='rfc1738']", (el: any) => el.textContent)).to.contain("Relative links are not described in this document.").and.contain("Chinese translation");
      report.push("## Documents", "", `${checked} section links from the grammar pages, each landing on a heading of its document (and the links to documents the repository does not hold: ${[...elsewhere].join(", ") || "none"}). draft-2003's one-line seed shown as ${shape.paragraphs} paragraphs, ${shape.headings} headings and ${shape.pages} page breaks.`, "");
    });
  });

  describe("access", () => {
    it("the first Tab reaches a skip link that moves to the content; the landmarks are there; the footer's years are the registry's", async () => {
      const years = availableSpecIds().map((id) => getRevision(id)!.date.slice(0, 4)).sort();
      let tabs = 0;
      for (const address of ["index.html", "trace.html", "sandbox.html", "exercises.html"]) {
        await visit(page, `${url}${address}`);
        await ready(page);
        // From the top of the document (the playground puts the focus in its input on load).
        await page.evaluate(() => {
          document.activeElement?.blur?.();
          document.body.setAttribute("tabindex", "-1");
          document.body.focus();
          document.body.removeAttribute("tabindex");
        });
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.className), address).to.equal("skip-link");
        await page.keyboard.press("Enter");
        expect(await page.evaluate(() => document.activeElement?.id), address).to.equal("main");
        const landmarks = await page.evaluate(() => ["body > header", "header nav", "main", "body > footer"].map((t) => document.querySelectorAll(t).length));
        expect(landmarks, address).to.deep.equal([1, 1, 1, 1]);
        expect(await page.textContent(".site-footer"), address).to.contain(`${years[0]}–${years[years.length - 1]}`);
        if (address !== "trace.html") continue;
        // From the skip link, the trace's input is the next stop (no walk through the navigation).
        while (tabs < 20 && (await page.evaluate(() => document.activeElement?.id)) !== "trace-input") {
          await page.keyboard.press("Tab");
          tabs++;
        }
      }
      expect(tabs).to.be.at.most(8);
      metrics.tabsToTraceInput = tabs + 2;
      report.push("## Keyboard", "", `On every page the first Tab reaches the skip link, which moves the focus to the content; on the trace page the input is then ${tabs} Tab${tabs === 1 ? "" : "s"} away (${tabs + 2} key presses from the top, where the navigation took 14 Tabs).`, "");
    });

    it("on a 390 px phone: the header folds into one line, rule texts scroll rather than wrap, menus are as wide as their longest choice", async () => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const p = await phone.newPage();
      await visit(p, `${url}grammar.html?spec=rfc3986`);
      await ready(p);
      const header = await p.$eval(".site-header", (el: any) => el.getBoundingClientRect().height);
      expect(header).to.be.at.most(80);
      expect(await p.$eval(".published-text", (el: any) => getComputedStyle(el).whiteSpace)).to.equal("pre");
      await p.click("#menu-toggle");
      expect(await p.$$eval("#site-nav a", (els) => els.filter((e: any) => e.getBoundingClientRect().height > 0).length)).to.be.greaterThan(5);
      // Every select shows its chosen option whole.
      const cut: string[] = [];
      for (const address of ["trace.html", "grammar.html?spec=draft-2003", "sandbox.html", "source.html?spec=draft-2003"]) {
        await visit(p, `${url}${address}`);
        await ready(p);
        cut.push(...(await p.$$eval("select", (els) => els.filter((s: any) => {
          const span = document.createElement("span");
          span.style.cssText = `font: ${getComputedStyle(s).font}; position: absolute; white-space: pre; visibility: hidden`;
          span.textContent = s.options[s.selectedIndex]?.textContent ?? "";
          document.body.appendChild(span);
          const w = span.getBoundingClientRect().width;
          span.remove();
          return w > s.clientWidth - 16;
        }).map((s: any) => `${s.id}: ${s.options[s.selectedIndex]?.textContent}`))).map((m) => `${address} ${m}`));
      }
      await phone.close();
      expect(cut).to.deep.equal([]);
      report.push("## Phone", "", `At 390 px the header is ${header.toFixed(0)} px tall (its page menu folded behind one button); rule texts keep their alignment and scroll.`, "");
    });
  });

  describe("finally", () => {
    it("no console error on any page visited, and no request leaves 127.0.0.1", () => {
      expect(log.errors).to.deep.equal([]);
      expect(log.requests.filter((u) => !u.startsWith(url) && !u.startsWith("data:") && !u.startsWith("blob:"))).to.deep.equal([]);
    });
  });
});
