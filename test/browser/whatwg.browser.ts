// The WHATWG revisions in the explorer (issue 42): the playground's whatwg column shows the grammar's
// verdict and, as a row of its own under it, what the standard's parser does with the same input (its
// validation errors, its components), as compare() does; the RFC columns have no such row. Screenshots
// at a desktop and a phone width go to test-output/browser/ (whatwg-1366.png, whatwg-390.png).
import { expect } from "chai";
import { join } from "node:path";
import { closeExplorer, newLog, openExplorer, OUT, settled, visit, type Explorer } from "./support";

// The page's globals, inside page.evaluate (the tests compile without the DOM library).
declare const document: any;

describe("the explorer shows the WHATWG revisions and the standard's parser beside them", function () {
  this.timeout(240_000);
  const log = newLog();
  let x: Explorer;

  before(async () => {
    x = await openExplorer(log, { width: 1366, height: 900 });
  });

  after(async () => {
    await closeExplorer(x ?? {});
  });

  /** The parser row of a revision's column, as the page shows it ("" when there is none). */
  const parserRow = (spec: string) => x.page.evaluate((s) => document.querySelector(`section.column[data-spec="${s}"] .parser-row`)?.textContent ?? "", spec);

  it("the whatwg column has the parser's row with the validation error it reports; rfc3986's has none", async () => {
    await visit(x.page, `${x.serve.url}index.html#input=${encodeURIComponent("foo://u@h/")}`);
    await settled(x.page);
    const verdict = await x.page.evaluate(() => document.querySelector('section.column[data-spec="whatwg"]')?.getAttribute("data-verdict"));
    expect(verdict).to.equal("invalid");
    const row = await parserRow("whatwg");
    expect(row).to.match(/^WHATWG URL parser \(whatwg-url \d+\.\d+\.\d+\): returns a URL, with validation errors/);
    expect(row).to.contain("invalid-credentials");
    expect(row).to.contain('userinfo "u"');
    expect(await parserRow("rfc3986")).to.equal("");
    await x.page.evaluate(() => document.querySelector('section.column[data-spec="whatwg-2026-06-25"]')?.scrollIntoView());
    await x.page.screenshot({ path: join(OUT, "whatwg-1366.png"), fullPage: false });
  });

  it("a valid URL string: both definitions say valid, no validation error (at a phone's width)", async () => {
    await x.page.setViewportSize({ width: 390, height: 844 });
    await visit(x.page, `${x.serve.url}index.html#input=${encodeURIComponent("https://example.org//a?b#c")}`);
    await settled(x.page);
    await x.page.evaluate(() => document.querySelector('section.column[data-spec="whatwg"]')?.scrollIntoView());
    expect(await parserRow("whatwg")).to.contain("returns a URL, no validation error");
    const verdict = await x.page.evaluate(() => document.querySelector('section.column[data-spec="whatwg"]')?.getAttribute("data-verdict"));
    expect(verdict).to.equal("valid");
    await x.page.screenshot({ path: join(OUT, "whatwg-390.png"), fullPage: false });
    expect(await x.page.evaluate(() => document.querySelector(".site-footer")?.textContent ?? "")).to.match(/1993–2026/);
    expect(log.errors).to.deep.equal([]);
  });
});
