// Every page of the explorer, in Chromium (playwright-core, Debian's browser) against `uri-grammars
// serve`, in the states a class meets them (PAGES, test/browser/support.ts):
//   - at 390 x 844 and 1366 x 900 with no horizontal page scroll;
//   - axe-core on every page (light, and dark on some): no serious or critical violation;
//   - every control reachable by the Tab key, the highlights and the legend usable by keyboard.
// Apart from test/browser/teaching.browser.ts so that the two files run side by side (npm run
// test:browser takes two at a time). Findings go to test-output/browser/pages.md (printed at the end).
import { expect } from "chai";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { axeProblems, closeExplorer, newLog, openExplorer, OUT, overflowProblems, PAGES, ready, ROOT, unreachable, type Explorer, visit } from "./support";

declare const document: any, CSS: any;

describe("every page of the explorer (layout, accessibility, keyboard)", function () {
  this.timeout(600_000);
  const log = newLog();
  const report: string[] = [];
  let x: Explorer;
  let serve: Explorer["serve"];
  let browser: Browser;
  let page: Page;

  before(async () => {
    x = await openExplorer(log, { width: 1366, height: 900 });
    ({ serve, browser, page } = x);
  });

  after(async () => {
    await closeExplorer(x ?? {});
    const text = ["# Every page of the explorer", "", `Measured by \`npm run test:browser\` (test/browser/pages.browser.ts) in Chromium ${browser?.version() ?? "?"}.`, "", ...report, ""].join("\n");
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, "pages.md"), text);
    console.log(`\n${text.replace(/^/gm, "    ")}`);
  });

  describe("every page, at 390 and 1366 px", () => {
    it("no page scrolls sideways at 390 x 844 or 1366 x 900 (a wide diagram or table scrolls in its own box)", async () => {
      const problems: string[] = [];
      for (const [width, height] of [[390, 844], [1366, 900]]) {
        await page.setViewportSize({ width, height });
        for (const address of PAGES) {
          await visit(page, `${serve.url}${address}`);
          await ready(page);
          problems.push(...(await overflowProblems(page, address)));
          // At a laptop's width the header is one line: the title, the pages and the theme button.
          if (width >= 1366) {
            const tops = await page.$$eval(".site-title, .site-header nav, #theme-toggle", (els) => els.map((e: any) => Math.round(e.getBoundingClientRect().top)));
            if (tops.length !== 3 || Math.max(...tops) - Math.min(...tops) > 10) problems.push(`${address} at ${width} px: the header takes more than one line (tops ${tops.join(", ")})`);
          }
        }
      }
      await page.setViewportSize({ width: 1366, height: 900 });
      expect(problems).to.deep.equal([]);
      report.push("## Layout", "", `${PAGES.length} pages at 390 × 844 and at 1366 × 900: none wider than the viewport; at 1366 px each header on one line.`, "");
    });

    it("axe-core finds no serious or critical violation on any page (light; and dark on five)", async () => {
      const a11y = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
      const p = await a11y.newPage();
      const problems: string[] = [];
      for (const address of PAGES) {
        await visit(p, `${serve.url}${address}`);
        await ready(p);
        problems.push(...(await axeProblems(p, address)));
      }
      await p.emulateMedia({ colorScheme: "dark" });
      for (const address of ["index.html", PAGES[5], "grammar.html?spec=draft-2003", "notation.html", "source.html?spec=rfc1738#rule=hostport"]) {
        await visit(p, `${serve.url}${address}`);
        await ready(p);
        problems.push(...(await axeProblems(p, `${address} (dark)`)));
      }
      await a11y.close();
      expect(problems).to.deep.equal([]);
      report.push("## Accessibility", "", `axe-core ${JSON.parse(readFileSync(join(ROOT, "node_modules", "axe-core", "package.json"), "utf8")).version} on ${PAGES.length} pages (and 5 in dark mode): no serious or critical violation.`, "");
    });

    it("every control is reachable with the Tab key, and the highlights and the legend work from the keyboard", async () => {
      const problems: string[] = [];
      let controls = 0;
      for (const address of PAGES.filter((a) => !/grammar\.html\?spec=(?!draft-2003$|rfc1738#)/.test(a) && !/source\.html\?spec=(?!rfc1738)/.test(a))) {
        await visit(page, `${serve.url}${address}`);
        await ready(page);
        const r = await unreachable(page, address);
        controls += r.controls;
        problems.push(...r.problems);
      }
      expect(problems).to.deep.equal([]);
      // A legend item and a derivation node highlight their part of the input when focused.
      await visit(page, `${serve.url}index.html#input=${encodeURIComponent("http://a/b?c")}`);
      await ready(page);
      await page.focus(".column[data-spec='draft-2003'] .legend-item");
      expect(await page.evaluate(() => CSS.highlights.has("span-hover"))).to.equal(true);
      await page.focus(".column[data-spec='draft-2003'] .node-label[tabindex='0']");
      await page.keyboard.press("ArrowDown");
      expect(await page.evaluate(() => document.activeElement.classList.contains("node-label") && CSS.highlights.has("span-hover"))).to.equal(true);
      // The theme button, by keyboard.
      const theme = () => page.evaluate(() => `${document.documentElement.dataset.themeChoice} ${document.documentElement.dataset.theme}`);
      expect(await theme()).to.equal("auto light");
      await page.focus("#theme-toggle");
      await page.keyboard.press("Enter");
      expect(await theme()).to.equal("light light");
      await page.keyboard.press("Enter");
      expect(await theme()).to.equal("dark dark");
      await page.keyboard.press("Enter");
      expect(await theme()).to.equal("auto light");
      report.push("## Keyboard", "", `${controls} controls on ${PAGES.length - 10} pages (every kind of page; one full grammar page), each reached by the Tab key; the trace steps with the arrow keys; legend items and derivation nodes highlight their span when focused.`, "");
    });
  });

  // In a describe of its own, after the one above (mocha runs a suite's own tests before its inner
  // suites: at the top level this ran before any page was visited, and checked nothing).
  describe("finally", () => {
    it("no console error on any page visited, and no request leaves 127.0.0.1", () => {
      expect(log.requests.length, "pages were visited").to.be.greaterThan(0);
      expect(log.errors).to.deep.equal([]);
      expect(log.requests.filter((u) => !u.startsWith(serve.url) && !u.startsWith("data:") && !u.startsWith("blob:"))).to.deep.equal([]);
    });
  });
});
