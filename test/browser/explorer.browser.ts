// The explorer in a real browser: Debian's Chromium, driven by playwright-core (never a browser
// download), against `uri-grammars serve` on a free loopback port. Run with `npm run test:browser`
// (README, "The explorer"). It checks:
//   - the playground gives the verdict and error offset of parse() in every column, for every input
//     of test/data/browser/playground-inputs.tsv;
//   - every rule of every revision has a railroad diagram (an SVG with at least one path);
//   - links between rules resolve; shareable addresses restore their state;
//   - the extract page finds, for every example text, the references extract() finds, under every
//     revision, and marks them in place;
//   - no console errors, and no request leaves 127.0.0.1;
//   - and a planted mistake (a page build that drops one revision's column) makes the playground
//     check fail.
// It saves a screenshot of each page under test-output/screenshots/ and measures the playground's
// weight and keystroke latency (reported in test-output/browser/explorer.md and printed, never
// asserted as timings; UPDATE_BENCH_RESULTS=1 also writes bench/results/explorer.md).
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { parse } from "../../src/parse";
import { availableSpecIds, getRevision } from "../../src/revisions";
import { definesResolution } from "../../src/ops/resolve";
import { extract } from "../../src/ops/extract";

// The callbacks given to page.evaluate run in the page and name its globals, which this Node
// program's compilation (lib ES2022, no DOM) does not declare: declared here, for this file only.
declare const document: any, window: unknown, location: { hash: string; href: string }, requestAnimationFrame: (f: () => void) => number;

const ROOT = join(__dirname, "..", "..", "..");
const OUT = join(ROOT, "test-output", "browser");
const SHOTS = join(ROOT, "test-output", "screenshots");

/** Debian's package installs /usr/bin/chromium; CHROMIUM_PATH overrides. */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no Chromium at ${candidates.join(", ")}: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH`);
  return found;
}

interface InputRow {
  line: number;
  rule: string | null;
  input: string;
  source: string;
}

function readInputs(): InputRow[] {
  const out: InputRow[] = [];
  readFileSync(join(ROOT, "test", "data", "browser", "playground-inputs.tsv"), "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (line.trim() === "" || line.startsWith("#")) return;
      const [rule, field, source] = line.split("\t");
      out.push({ line: i + 1, rule: rule === "*" ? null : rule, input: field.startsWith('"') ? (JSON.parse(field) as string) : field, source });
    });
  return out;
}

/** `uri-grammars serve --port 0` (a free port): resolves to its address once it has printed it. */
function startServe(site?: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const args = [join(ROOT, "bin", "uri-grammars"), "serve", "--port", "0", ...(site ? ["--site", site] : [])];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (m) resolve({ child, url: m[0] });
    });
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

function stopServe(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGINT");
  });
}

/** What a page did that the test must know: console errors, uncaught errors, requests. */
interface PageLog {
  errors: string[];
  requests: string[];
}

function watch(context: BrowserContext, log: PageLog): void {
  context.on("page", (page) => {
    page.on("console", (m) => {
      if (m.type() === "error") log.errors.push(`${page.url()}: console error: ${m.text()}`);
    });
    page.on("pageerror", (e) => log.errors.push(`${page.url()}: uncaught: ${e.message}`));
  });
  context.on("request", (r) => log.requests.push(r.url()));
}

/** Rows where a column differs from parse(), and columns missing or extra, as sentences. */
async function playgroundMismatches(page: Page, inputs: InputRow[]): Promise<string[]> {
  const specs = availableSpecIds();
  const problems: string[] = [];
  for (const row of inputs) {
    await page.fill("#rule", row.rule ?? "");
    await page.fill("#input", row.input);
    const cells = await page.$$eval(".column", (els) => els.map((e) => ({ spec: e.getAttribute("data-spec"), verdict: e.getAttribute("data-verdict"), offset: e.getAttribute("data-offset") })));
    const shown = cells.map((c) => c.spec);
    if (shown.join(" ") !== specs.join(" ")) problems.push(`line ${row.line} ${JSON.stringify(row.input)}: columns ${shown.join(", ")}; expected ${specs.join(", ")} (missing: ${specs.filter((s) => !shown.includes(s)).join(", ") || "none"})`);
    for (const spec of specs) {
      const cell = cells.find((c) => c.spec === spec);
      if (!cell) continue;
      const r = parse(row.input, row.rule ? { spec, rule: row.rule } : { spec });
      const verdict = r.ok ? "valid" : "invalid";
      const offset = r.ok ? null : String(r.error.offset);
      if (cell.verdict !== verdict || cell.offset !== offset) {
        problems.push(`line ${row.line} ${JSON.stringify(row.input)}${row.rule ? ` (rule ${row.rule})` : ""}, ${spec}: page says ${cell.verdict} ${cell.offset ?? ""}, parse() says ${verdict} ${offset ?? ""}`);
      }
    }
  }
  return problems;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

interface ExtractExample {
  id: string;
  text: string;
}

/** The extract page's examples, as the site serves them (data/extract-examples.json). */
async function extractExamples(siteUrl: string): Promise<ExtractExample[]> {
  const r = await fetch(`${siteUrl}data/extract-examples.json`);
  return ((await r.json()) as { examples: ExtractExample[] }).examples;
}

/**
 * For each text typed into the extract page: where the page's table (every revision) or its marks
 * (the highlighted revision) differ from extract() in Node, as sentences.
 */
async function extractMismatches(page: Page, examples: ExtractExample[]): Promise<string[]> {
  const specs = availableSpecIds();
  const problems: string[] = [];
  for (const ex of examples) {
    await page.fill("#text", ex.text);
    const shownSpec = await page.inputValue("#spec");
    const cells = await page.$$eval("table.extract-table td[data-spec]", (tds) => tds.map((td) => ({ spec: td.getAttribute("data-spec")!, reference: td.getAttribute("data-reference"), verdict: td.getAttribute("data-verdict"), wrapper: td.getAttribute("data-wrapper") })));
    const heads = await page.$$eval("table.extract-table thead th[data-spec]", (ths) => ths.map((th) => th.getAttribute("data-spec")));
    const marks = await page.$$eval("#highlighted .ref-mark", (as) => as.map((a) => ({ start: Number(a.getAttribute("data-start")), end: Number(a.getAttribute("data-end")), text: a.textContent })));
    for (const spec of specs) {
      const r = extract(ex.text, { spec });
      const expected = r.ok ? r.references.map((x) => `${x.wrapper} ${x.reference} ${x.verdict?.valid ? "valid" : "invalid"}`) : [];
      const shown = cells.filter((c) => c.spec === spec && c.reference !== null).map((c) => `${c.wrapper} ${c.reference} ${c.verdict}`);
      if (expected.length > 0 && !heads.includes(spec)) problems.push(`${ex.id}: no ${spec} column`);
      else if (shown.join("\n") !== expected.join("\n")) problems.push(`${ex.id}, ${spec}: page shows [${shown.join(" | ")}], extract() gives [${expected.join(" | ")}]`);
      if (spec === shownSpec && r.ok) {
        const want = r.references.map((x) => ({ start: x.start.offset, end: x.end.offset, text: ex.text.slice(x.start.offset, x.end.offset) }));
        if (JSON.stringify(marks) !== JSON.stringify(want)) problems.push(`${ex.id}, ${spec}: marks ${JSON.stringify(marks)}, extract() gives ${JSON.stringify(want)}`);
      }
    }
  }
  return problems;
}

/** The weight and latency figures as a short Markdown report (test-output/browser/explorer.md). */
function metricsReport(m: Record<string, unknown>): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = ["# Explorer: weight and keystroke latency", "", "Measured by `npm run test:browser` (test/browser/explorer.browser.ts) in Chromium driven by playwright-core; reported, never asserted.", ""];
  const machine = m.machine as { cpus: number; cpu: string; loadAverageAtStart: number[] } | undefined;
  lines.push(`Browser: ${String(m.browser ?? "?")}. Machine: ${machine ? `${machine.cpus} × ${machine.cpu}, load average at start ${machine.loadAverageAtStart.join(" / ")}` : "?"} (a shared machine: the timings move with its load).`, "");
  const first = m.firstLoad as { requests: number; transferredBytes: number; uncompressedBytes: number; gzipBytes: number; targetGzipBytes: number } | undefined;
  if (first) {
    lines.push("## First load of the playground (empty cache)", "", "| requests | transferred (gzip, headers included) | gzip of every body | uncompressed | target (gzip) | met |", "|---:|---:|---:|---:|---:|---|");
    lines.push(`| ${first.requests} | ${kb(first.transferredBytes)} | ${kb(first.gzipBytes)} | ${kb(first.uncompressedBytes)} | ≤ ${kb(first.targetGzipBytes)} | ${first.gzipBytes <= first.targetGzipBytes ? "yes" : "no"} |`, "");
  }
  const rows = Object.entries(m).filter(([k]) => k.startsWith("keystroke2KB_")) as [string, { inputLength: number; columns: number; keystrokes: number; updateMs: { median: number; p90: number; min: number }; keyToNextFrameMs: { median: number; p90: number; min: number }; targetMs: number }][];
  if (rows.length > 0) {
    lines.push("## Keystroke to every column updated, 2 KB input", "", "Update: from the input event to every column rebuilt and laid out (the page's own measure); frame: from the key down event to the next frame drawn.", "");
    lines.push("| input | length | columns | keystrokes | update median | update p90 | update min | key to frame median | key to frame p90 | target | met (update median) |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const [k, r] of rows) {
      lines.push(`| ${k.replace("keystroke2KB_", "")} | ${r.inputLength} | ${r.columns} | ${r.keystrokes} | ${r.updateMs.median.toFixed(1)} ms | ${r.updateMs.p90.toFixed(1)} ms | ${r.updateMs.min.toFixed(1)} ms | ${r.keyToNextFrameMs.median.toFixed(1)} ms | ${r.keyToNextFrameMs.p90.toFixed(1)} ms | ≤ ${r.targetMs} ms | ${r.updateMs.median <= r.targetMs ? "yes" : "no"} |`);
    }
    lines.push("");
  }
  if (Array.isArray(m.screenshots)) lines.push(`Screenshots (${m.screenshots.length}): ${(m.screenshots as string[]).join(", ")}.`, "");
  return lines.join("\n");
}

describe("the explorer in Chromium", function () {
  this.timeout(240_000);
  const log: PageLog = { errors: [], requests: [] };
  const metrics: Record<string, unknown> = {};
  let serve: { child: ChildProcess; url: string };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    mkdirSync(OUT, { recursive: true });
    rmSync(SHOTS, { recursive: true, force: true });
    mkdirSync(SHOTS, { recursive: true });
    serve = await startServe();
    browser = await chromium.launch({ executablePath: chromiumPath() });
    metrics.browser = `Chromium ${browser.version()}`;
    metrics.machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? "?", loadAverageAtStart: loadavg().map((x) => Number(x.toFixed(2))) };
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    watch(context, log);
    page = await context.newPage();
  });

  after(async () => {
    await browser?.close();
    if (serve) await stopServe(serve.child);
    writeFileSync(join(OUT, "metrics.json"), JSON.stringify(metrics, null, 2) + "\n");
    const report = metricsReport(metrics);
    writeFileSync(join(OUT, "explorer.md"), report);
    if (process.env.UPDATE_BENCH_RESULTS === "1") writeFileSync(join(ROOT, "bench", "results", "explorer.md"), report);
    console.log(`\n${report.replace(/^/gm, "    ")}`);
  });

  it("the playground gives parse()'s verdict and offset in every column, for every input of the table", async () => {
    const inputs = readInputs();
    expect(inputs.length).to.be.at.least(100);
    // Both verdicts occur, in every revision, so the comparison can fail either way.
    for (const spec of availableSpecIds()) {
      const verdicts = new Set(inputs.map((r) => parse(r.input, r.rule ? { spec, rule: r.rule } : { spec }).ok));
      expect(verdicts.size, spec).to.equal(2);
    }
    await page.goto(`${serve.url}index.html`);
    await page.waitForSelector(".column[data-verdict]");
    expect(await playgroundMismatches(page, inputs)).to.deep.equal([]);
  });

  it("every rule of every revision has a railroad diagram (an SVG with at least one path)", async () => {
    let total = 0;
    for (const spec of availableSpecIds()) {
      await page.goto(`${serve.url}grammar.html?spec=${spec}`);
      await page.waitForSelector("article.rule", { state: "attached" });
      const entries = await page.$$eval("article.rule", (els) => els.map((e) => ({ rule: e.getAttribute("data-rule"), paths: e.querySelectorAll(".diagram svg path").length })));
      const rules = getRevision(spec)!.rules.map((r) => r.pegName);
      expect(entries.map((e) => e.rule), spec).to.deep.equal(rules);
      expect(entries.filter((e) => e.paths === 0).map((e) => e.rule), `${spec}: rules without a diagram`).to.deep.equal([]);
      total += entries.length;
    }
    metrics.rulesWithDiagrams = total;
  });

  it("links between rules resolve (in the text, in the diagrams, across pages)", async () => {
    const broken: string[] = [];
    for (const spec of availableSpecIds()) {
      await page.goto(`${serve.url}grammar.html?spec=${spec}`);
      await page.waitForSelector("article.rule", { state: "attached" });
      const local = await page.$$eval("a[href^='#'], svg a[href^='#']", (els) => els.map((a) => a.getAttribute("href")!));
      expect(local.length, spec).to.be.greaterThan(10);
      for (const href of new Set(local)) {
        if (!(await page.$(`[id="${decodeURIComponent(href.slice(1))}"]`))) broken.push(`${spec}: ${href}`);
      }
    }
    // Links to other revisions' rules (diff page) land on an existing entry.
    await page.goto(`${serve.url}diff.html?a=draft-1997&b=draft-2003`);
    await page.waitForSelector(".change");
    const cross = await page.$$eval(".change a[href^='grammar.html']", (els) => els.map((a) => a.getAttribute("href")!));
    expect(cross.length).to.be.greaterThan(10);
    for (const href of cross.slice(0, 8)) {
      await page.goto(`${serve.url}${href}`);
      await page.waitForSelector("article.rule", { state: "attached" });
      const id = decodeURIComponent(href.split("#")[1]);
      if (!(await page.$(`[id="${id}"]`))) broken.push(`diff: ${href}`);
    }
    expect(broken).to.deep.equal([]);
  });

  it("the Diff page decides each changed rule's language, its witnesses checked and linked to the playground; the grammar pages say each rule is proved equal to the published rule", async () => {
    await page.goto(`${serve.url}diff.html?a=draft-2003&b=rfc3986`);
    await page.waitForSelector("body[data-languages='done']", { state: "attached", timeout: 120_000 });
    const witnesses = await page.$$eval("section.change .witness", (els) =>
      els.map((e) => ({ rule: e.closest("section.change")!.getAttribute("data-rule")!, input: e.getAttribute("data-input")!, only: e.getAttribute("data-only")!, href: e.querySelector("a.play")!.getAttribute("href")! })),
    );
    const future = witnesses.find((w) => w.rule === "host" && w.input.startsWith("[v"));
    expect(future, JSON.stringify(witnesses.filter((w) => w.rule === "host"))).to.not.equal(undefined);
    expect(future!.only).to.equal("rfc3986");
    // Every witness on the page: the revision it names accepts it, the other rejects it.
    for (const w of witnesses) {
      const other = w.only === "rfc3986" ? "draft-2003" : "rfc3986";
      expect([parse(w.input, { spec: w.only as "rfc3986", rule: w.rule }).ok, parse(w.input, { spec: other as "rfc3986", rule: w.rule }).ok], `${w.rule} ${JSON.stringify(w.input)}`).to.deep.equal([true, false]);
    }
    // A rule reworded without changing its language says so.
    expect(await page.$eval('section.change[data-rule="IPv6address"] .languages', (e) => e.getAttribute("data-verdict"))).to.equal("equal");
    // The link opens the playground on that input and rule: rfc3986 accepts, draft-2003 stops at offset 1.
    await page.goto(`${serve.url}${future!.href}`);
    await page.waitForSelector('.column[data-spec="rfc3986"][data-verdict]');
    expect(await page.$eval('.column[data-spec="rfc3986"]', (e) => e.getAttribute("data-verdict"))).to.equal("valid");
    expect(await page.$eval('.column[data-spec="draft-2003"]', (e) => [e.getAttribute("data-verdict"), e.getAttribute("data-offset")])).to.deep.equal(["invalid", "1"]);
    let proved = 0;
    for (const spec of availableSpecIds()) {
      await page.goto(`${serve.url}grammar.html?spec=${spec}`);
      await page.waitForSelector("article.rule .fidelity", { state: "attached" });
      const lines = await page.$$eval("article.rule", (els) => els.map((e) => ({ rule: e.getAttribute("data-rule"), proved: e.querySelector(".fidelity.proved") !== null })));
      const published = getRevision(spec)!.rules.filter((r) => r.kind !== "helper").map((r) => r.pegName);
      expect(lines.filter((l) => l.proved).map((l) => l.rule), spec).to.deep.equal(published);
      proved += published.length;
    }
    metrics.rulesProvedEqual = proved;
  });

  it("the extract page finds what extract() finds, under every revision, for every example text, and marks it in place", async () => {
    const examples = await extractExamples(serve.url);
    expect(examples.length).to.be.at.least(40);
    await page.goto(`${serve.url}extract.html`);
    await page.waitForSelector("#text");
    expect(await extractMismatches(page, examples)).to.deep.equal([]);
    // The same under another highlighted revision (its marks are checked too).
    await page.selectOption("#spec", "draft-1994");
    expect(await extractMismatches(page, examples.filter((e) => /jim|gopher|broken/.test(e.id)))).to.deep.equal([]);
    // Both verdicts and several wrappers occur, so the comparison can fail either way.
    const all = examples.flatMap((e) => availableSpecIds().flatMap((spec) => { const r = extract(e.text, { spec }); return r.ok ? r.references : []; }));
    expect(new Set(all.map((x) => x.verdict?.valid)).size).to.equal(2);
    expect(new Set(all.map((x) => x.wrapper)).size).to.be.at.least(4);
  });

  it("the resolution page shows both Appendix C tables by default, each revision answering what its document prints except where the tables say its algorithm differs", async () => {
    const appendixC = (await (await fetch(`${serve.url}data/appendix-c.json`)).json()) as { base: string; tables: { spec: string }[]; references: { reference: string; printed: Record<string, { algorithm?: string }> }[] };
    expect(appendixC.tables.map((t) => t.spec)).to.deep.equal(["draft-1997", "draft-2003"]);
    await page.goto(`${serve.url}resolution.html`);
    await page.waitForSelector(".resolution-table");
    expect(await page.inputValue("#base")).to.equal(appendixC.base);
    const rows = await page.$$eval(".resolution-table tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-reference")));
    expect(rows).to.deep.equal(appendixC.references.map((r) => r.reference));
    expect(await page.$$eval(".resolution-table td.printed", (tds) => tds.length)).to.equal(2 * rows.length);
    // Marked exactly where the tables (test/data/resolution/appendix-c-*.tsv) say the document's
    // algorithm gives something other than what it prints, and explained there.
    const documented = appendixC.references.flatMap((r) => Object.entries(r.printed).filter(([, p]) => p.algorithm).map(([spec]) => `${r.reference} ${spec}`));
    expect(documented.length).to.be.greaterThan(0);
    const marked = await page.$$eval(".resolution-table td.printed.differs", (tds) => tds.map((td) => ({ reference: td.closest("tr")!.getAttribute("data-reference"), column: td.cellIndex, explained: td.getAttribute("data-explained") })));
    const printedColumn = (await page.$$eval(".resolution-table thead th", (ths) => ths.map((th) => th.textContent ?? ""))).map((t) => /printed in (\S+)/.exec(t)?.[1] ?? null);
    expect(marked.map((m) => `${m.reference} ${printedColumn[m.column]}`)).to.deep.equal(documented);
    expect(marked.every((m) => m.explained === "yes")).to.equal(true);
  });

  it("shareable addresses restore their state", async () => {
    const input = "http://user@[::1]:8080/a/b?c#d";
    await page.goto(`${serve.url}index.html`);
    await page.fill("#input", input);
    await page.fill("#rule", "URI-reference");
    // The address as the page wrote it (history.replaceState); page.url() learns of it later.
    const shared = await page.evaluate(() => location.href);
    expect(shared).to.contain("input=").and.contain("rule=URI-reference");
    const other = await context.newPage();
    await other.goto(shared);
    await other.waitForSelector(".column[data-verdict]");
    expect(await other.inputValue("#input")).to.equal(input);
    expect(await other.inputValue("#rule")).to.equal("URI-reference");
    expect(await other.getAttribute(".column[data-spec='draft-2003']", "data-verdict")).to.equal("valid");
    await other.goto(`${serve.url}grammar.html?spec=rfc1738&q=hostport`);
    await other.waitForSelector("article.rule", { state: "attached" });
    expect(await other.inputValue("#search")).to.equal("hostport");
    expect(await other.$$eval("article.rule:not([hidden])", (els) => els.length)).to.be.within(1, 10);
    expect(await other.inputValue("#spec")).to.equal("rfc1738");
    await other.goto(`${serve.url}grammar.html?spec=draft-2003#rule-dec_octet`);
    await other.waitForSelector("#rule-dec_octet");
    expect(await other.$eval("#rule-dec_octet", (e) => e.matches(":target"))).to.equal(true);
    await other.goto(`${serve.url}diff.html?a=rfc1738&b=rfc3986`);
    await other.waitForSelector(".change");
    expect([await other.inputValue("#spec-a"), await other.inputValue("#spec-b")]).to.deep.equal(["rfc1738", "rfc3986"]);
    await other.goto(`${serve.url}resolution.html?base=${encodeURIComponent("http://x/y/z")}&refs=${encodeURIComponent("../g\n?q")}`);
    await other.waitForSelector(".resolution-table");
    expect(await other.inputValue("#base")).to.equal("http://x/y/z");
    const resolved = await other.$$eval(".resolution-table tbody tr", (rows) => rows.map((r) => r.getAttribute("data-reference")));
    expect(resolved).to.deep.equal(["../g", "?q"]);
    const columns = await other.$$eval(".resolution-table thead th[data-spec]", (ths) => ths.map((t) => t.getAttribute("data-spec")));
    expect(columns).to.deep.equal(availableSpecIds().filter(definesResolution));
    await other.goto(`${serve.url}notation.html?trap.dec-octet=250#trap-dec-octet`);
    await other.waitForSelector("[data-try='trap.dec-octet']");
    expect(await other.inputValue("[data-try='trap.dec-octet']")).to.equal("250");
    const examples = await extractExamples(serve.url);
    await other.goto(`${serve.url}extract.html?example=d1738-jim&spec=rfc1738`);
    await other.waitForSelector("table.extract-table");
    expect(await other.inputValue("#text")).to.equal(examples.find((e) => e.id === "d1738-jim")!.text);
    expect(await other.inputValue("#spec")).to.equal("rfc1738");
    await other.fill("#text", "see <http://a.example/b> and http://c.example/d.");
    const typed = await other.evaluate(() => location.href);
    expect(typed).to.contain("text=");
    const third = await context.newPage();
    await third.goto(typed);
    await third.waitForSelector("table.extract-table");
    expect(await third.inputValue("#text")).to.equal("see <http://a.example/b> and http://c.example/d.");
    expect(await third.inputValue("#spec")).to.equal("rfc1738");
    expect(await third.$$eval("#highlighted .ref-mark", (as) => as.map((a) => a.textContent))).to.deep.equal(["<http://a.example/b>", "http://c.example/d"]);
    await third.close();
    await other.close();
  });

  it("saves a screenshot of each page (test-output/screenshots/)", async () => {
    const shots: [string, string, boolean][] = [
      ["playground-empty.png", "index.html", false],
      ["playground-valid.png", `index.html?input=${encodeURIComponent("http://user:pw@example.com:8080/over/there?name=ferret#nose")}`, false],
      ["playground-invalid.png", `index.html?input=${encodeURIComponent("http://a/b[1]")}`, false],
      ["playground-rule.png", `index.html?rule=IPv4address&input=${encodeURIComponent("192.168.0.255")}`, false],
      ...availableSpecIds().map((s): [string, string, boolean] => [`grammar-${s}.png`, `grammar.html?spec=${s}`, false]),
      ["grammar-dec-octet.png", "grammar.html?spec=draft-2003#rule-dec_octet", false],
      ["grammar-search.png", "grammar.html?spec=rfc1738&q=host", false],
      ["notation.png", "notation.html", false],
      ["notation-traps.png", "notation.html#traps", false],
      ["diff.png", "diff.html?a=draft-1997&b=draft-2003", false],
      ["diff-characters.png", "diff.html?a=draft-1997&b=draft-2003#characters", false],
      ["resolution.png", "resolution.html", true],
      ["extract.png", "extract.html", true],
      ["extract-rfc1738.png", "extract.html?example=d1738-jim&spec=rfc1738", false],
      ["extract-hyphen.png", "extract.html?example=broken-hyphen", false],
    ];
    for (const [file, address, fullPage] of shots) {
      await page.goto(`${serve.url}${address}`);
      await page.waitForSelector("main > :not(.loading):not(h1)");
      await page.waitForLoadState("networkidle");
      if (address.includes("#")) await page.evaluate(() => document.getElementById(location.hash.slice(1))?.scrollIntoView());
      await page.screenshot({ path: join(SHOTS, file), fullPage });
    }
    metrics.screenshots = shots.map(([f]) => `test-output/screenshots/${f}`);
  });

  it("weight of the playground on first load, and keystroke latency with a 2 KB input (measured, not asserted)", async () => {
    // First load: a fresh context has an empty cache.
    const fresh = await browser.newContext();
    watch(fresh, log);
    const first = await fresh.newPage();
    const responses: { url: string; transferred: number; body: number; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    first.on("requestfinished", (req) => {
      pending.push(
        (async () => {
          const res = await req.response();
          if (!res) return;
          const sizes = await req.sizes();
          const body = await res.body();
          responses.push({ url: req.url(), transferred: sizes.responseBodySize + sizes.responseHeadersSize, body: body.length, gzip: gzipSync(body).length });
        })(),
      );
    });
    await first.goto(`${serve.url}index.html`, { waitUntil: "networkidle" });
    await first.waitForSelector(".column[data-verdict]");
    await Promise.all(pending);
    metrics.firstLoad = {
      requests: responses.length,
      transferredBytes: responses.reduce((a, r) => a + r.transferred, 0),
      uncompressedBytes: responses.reduce((a, r) => a + r.body, 0),
      gzipBytes: responses.reduce((a, r) => a + r.gzip, 0),
      targetGzipBytes: 1.5 * 1024 * 1024,
      files: responses.map((r) => ({ file: r.url.replace(serve.url, ""), transferred: r.transferred, uncompressed: r.body })),
    };
    await fresh.close();

    // Keystrokes on a 2 KB input: from the key down event to the end of the page's update of every
    // column (the page measures its own update, layout included, as data-last-update-ms), and to
    // the next frame drawn after it. 30 keystrokes (typing a character, then deleting it), after 4
    // not counted (warm-up).
    await page.bringToFront();
    const base = `http://example.com/${"abcdefghij/".repeat(184)}`.slice(0, 2048);
    for (const [name, input] of [["valid", base], ["invalid", `${base.slice(0, 1024)} ${base.slice(1025)}`]] as const) {
      await page.goto(`${serve.url}index.html?input=${encodeURIComponent(input)}`);
      await page.waitForSelector(".column[data-verdict]");
      await page.focus("#input");
      await page.keyboard.press("End");
      const update: number[] = [];
      const frame: number[] = [];
      for (let i = 0; i < 34; i++) {
        await page.evaluate(() => {
          const w = window as unknown as { keyToFrame: Promise<number> };
          w.keyToFrame = new Promise<number>((resolve) => {
            let t0 = NaN;
            const timeout = setTimeout(() => resolve(NaN), 10_000);
            document.addEventListener("keydown", () => (t0 = performance.now()), { once: true, capture: true });
            // Registered after the page's own listener: runs once every column is updated.
            document.getElementById("input")!.addEventListener(
              "input",
              () =>
                requestAnimationFrame(() =>
                  setTimeout(() => {
                    clearTimeout(timeout);
                    resolve(performance.now() - t0);
                  }, 0),
                ),
              { once: true },
            );
          });
        });
        const renders = Number(await page.evaluate(() => document.body.dataset.renders));
        await page.keyboard.press(i % 2 === 0 ? "x" : "Backspace");
        const toFrame = await page.evaluate(() => (window as unknown as { keyToFrame: Promise<number> }).keyToFrame);
        const after = await page.evaluate(() => ({ renders: Number(document.body.dataset.renders), ms: Number(document.body.dataset.lastUpdateMs) }));
        expect(after.renders, "one update per keystroke").to.equal(renders + 1);
        if (i < 4) continue;
        frame.push(toFrame);
        update.push(after.ms);
      }
      const verdicts = await page.$$eval(".column", (els) => els.map((e) => e.getAttribute("data-verdict")));
      expect(verdicts.length).to.equal(availableSpecIds().length);
      metrics[`keystroke2KB_${name}`] = {
        inputLength: input.length + 1,
        columns: verdicts.length,
        verdicts: verdicts.join(" "),
        keystrokes: update.length,
        updateMs: { median: median(update), p90: quantile(update, 0.9), min: Math.min(...update) },
        keyToNextFrameMs: { median: median(frame), p90: quantile(frame, 0.9), min: Math.min(...frame) },
        targetMs: 50,
      };
    }
    expect((metrics.firstLoad as { requests: number }).requests).to.be.greaterThan(0);
  });

  it("no console errors on any page, and no request leaves 127.0.0.1", async () => {
    // Every page once more, to collect what loading them logs.
    for (const address of ["index.html", "grammar.html", "notation.html", "diff.html", "resolution.html", "extract.html", "grammar.html?spec=no-such-revision"]) {
      await page.goto(`${serve.url}${address}`);
      await page.waitForLoadState("networkidle");
    }
    expect(log.requests.length).to.be.greaterThan(20);
    const outside = log.requests.filter((u) => !u.startsWith(serve.url) && !u.startsWith("data:"));
    expect(outside).to.deep.equal([]);
    expect(log.errors).to.deep.equal([]);
    metrics.requestsChecked = log.requests.length;
  });

  describe("planted mistakes: a page build whose playground drops one revision's column, and whose extract page drops the hyphen at a line break", () => {
    let plantedServe: { child: ChildProcess; url: string } | undefined;
    let dir: string;

    before(async function () {
      this.timeout(180_000);
      dir = mkdtempSync(join(tmpdir(), "planted-site-"));
      const site = join(dir, "site");
      // scripts/build-site.mjs is an ES module: import it as one (this file is compiled to CommonJS).
      const importModule = new Function("url", "return import(url)") as (url: string) => Promise<{ buildSite: (o: object) => Promise<unknown> }>;
      const { buildSite } = await importModule(pathToFileURL(join(ROOT, "scripts", "build-site.mjs")).href);
      let mutations = 0;
      await buildSite({
        outDir: site,
        typecheckSources: false,
        quiet: true,
        transform: (path: string, source: string) => {
          let mutated = source;
          if (path.endsWith("playground.ts")) mutated = source.replace("const specIds = availableSpecIds();", "const specIds = availableSpecIds().slice(0, -1);");
          // The extract page: a hyphen at a line break dropped instead of kept (the default).
          if (path.endsWith("extract.ts")) mutated = source.replace("extractAllSpecs(value, { specs })", 'extractAllSpecs(value, { specs, hyphen: "drop" })');
          if (mutated !== source) mutations++;
          return mutated;
        },
      });
      expect(mutations, "both mistakes were planted").to.equal(2);
      plantedServe = await startServe(site);
    });
    after(async () => {
      if (plantedServe) await stopServe(plantedServe.child);
      rmSync(dir, { recursive: true, force: true });
    });

    it("the playground check fails, naming the missing column", async () => {
      const p = await context.newPage();
      await p.goto(`${plantedServe!.url}index.html`);
      await p.waitForSelector(".column[data-verdict]");
      const problems = await playgroundMismatches(p, readInputs().slice(0, 3));
      await p.close();
      const last = availableSpecIds()[availableSpecIds().length - 1];
      expect(problems.length).to.equal(3);
      expect(problems[0]).to.contain(`missing: ${last}`);
    });

    it("the extract check fails, naming the example and the reference", async () => {
      const p = await context.newPage();
      await p.goto(`${plantedServe!.url}extract.html`);
      await p.waitForSelector("#text");
      const examples = (await extractExamples(plantedServe!.url)).filter((e) => e.id === "broken-hyphen" || e.id === "d1997-jim");
      const problems = await extractMismatches(p, examples);
      await p.close();
      expect(problems.length).to.be.greaterThan(0);
      expect(problems.every((x) => x.startsWith("broken-hyphen"))).to.equal(true);
      expect(problems.join("\n")).to.contain("http://example.com/long-name");
    });
  });
});
