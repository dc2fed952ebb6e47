// What the browser tests share (test/browser/*.browser.ts): Debian's Chromium, `uri-grammars serve`
// on a free loopback port, a log of what pages did, the input tables, the site build with planted
// mistakes, and the checks themselves (each a function returning its problems as sentences, so
// that a planted mistake can show that it fails).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { extract } from "../../src/ops/extract";
import { parse } from "../../src/parse";
import { availableSpecIds, findRule, getRevision, type SpecId } from "../../src/revisions";
import { peggyRun } from "../support/peggy-reference";

// The callbacks given to page.evaluate run in the page and name its globals, which this Node
// program's compilation (lib ES2022, no DOM) does not declare.
declare const document: any, getComputedStyle: any, window: any, performance: any, PerformanceObserver: any, requestAnimationFrame: (f: () => void) => number;

export const ROOT = join(__dirname, "..", "..", "..");
export const OUT = join(ROOT, "test-output", "browser");
export const SHOTS = join(ROOT, "test-output", "screenshots");

/** Debian's package installs /usr/bin/chromium; CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no Chromium at ${candidates.join(", ")}: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH`);
  return found;
}

export interface InputRow {
  line: number;
  rule: string | null;
  input: string;
  source: string;
}

/** test/data/browser/playground-inputs.tsv: the inputs typed into the playground and traced. */
export function readInputs(): InputRow[] {
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
export function startServe(site?: string): Promise<{ child: ChildProcess; url: string }> {
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

export function stopServe(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGINT");
  });
}

/** What a page did that the test must know: console errors, uncaught errors, requests and their statuses. */
export interface PageLog {
  errors: string[];
  requests: string[];
  statuses: { url: string; status: number }[];
}

export function newLog(): PageLog {
  return { errors: [], requests: [], statuses: [] };
}

export function watch(context: BrowserContext, log: PageLog): void {
  context.on("page", (page) => {
    page.on("console", (m) => {
      if (m.type() === "error") log.errors.push(`${page.url()}: console error: ${m.text()}`);
    });
    page.on("pageerror", (e) => log.errors.push(`${page.url()}: uncaught: ${e.message}`));
  });
  context.on("request", (r) => log.requests.push(r.url()));
  context.on("response", (r) => log.statuses.push({ url: r.url(), status: r.status() }));
}

/** A served site, a browser, a context watched into a log, and one page: what each browser test file starts with. */
export interface Explorer {
  serve: { child: ChildProcess; url: string };
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The machine and the browser, for the reports. */
  machine: { cpus: number; cpu: string; loadAverageAtStart: number[]; browser: string };
}

export async function openExplorer(log: PageLog, viewport: { width: number; height: number }): Promise<Explorer> {
  mkdirSync(OUT, { recursive: true });
  const serve = await startServe();
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  watch(context, log);
  const page = await context.newPage();
  const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? "?", loadAverageAtStart: loadavg().map((x) => Number(x.toFixed(2))), browser: browser.version() };
  return { serve, browser, context, page, machine };
}

export async function closeExplorer(x: Partial<Explorer>): Promise<void> {
  await x.browser?.close();
  if (x.serve) await stopServe(x.serve.child);
}

/**
 * Opens an address afresh. A page reloads itself when only its fragment changes (the fragment holds
 * its state), and a test going on before that reload would race it: passing by about:blank makes
 * every visit a new document.
 */
export async function visit(page: Page, url: string) {
  await page.goto("about:blank");
  return page.goto(url);
}

/** Puts a text into a text field as a paste does: the whole text in one input event. */
export async function paste(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate(([sel, t]) => {
    const el = document.querySelector(sel);
    el.value = t;
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }, [selector, text] as const);
}

/** Waits until the page has drawn what its worker answered for the latest input (body[data-pending="0"]). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.pending === "0", undefined, { timeout: 60_000 });
}

/** The site built again into a temporary folder, each source file of src/web passed through `transform` first. */
export async function buildPlantedSite(transform: (path: string, source: string) => string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "planted-site-"));
  const site = join(dir, "site");
  // scripts/build-site.mjs is an ES module: import it as one (this file is compiled to CommonJS).
  const importModule = new Function("url", "return import(url)") as (url: string) => Promise<{ buildSite: (o: object) => Promise<unknown> }>;
  const { buildSite } = await importModule(pathToFileURL(join(ROOT, "scripts", "build-site.mjs")).href);
  await buildSite({ outDir: site, typecheckSources: false, quiet: true, transform });
  return site;
}

// ---- The playground and the extract page against the library ----

/** Rows where a column differs from parse(), and columns missing or extra, as sentences. */
export async function playgroundMismatches(page: Page, inputs: InputRow[]): Promise<string[]> {
  const specs = availableSpecIds();
  const problems: string[] = [];
  let rule = await page.inputValue("#rule");
  for (const row of inputs) {
    if ((row.rule ?? "") !== rule) {
      rule = row.rule ?? "";
      await page.fill("#rule", rule);
    }
    await page.fill("#input", row.input);
    await settled(page);
    const cells = await page.$$eval(".column", (els) => els.map((e) => ({ spec: e.getAttribute("data-spec"), verdict: e.getAttribute("data-verdict"), offset: e.getAttribute("data-offset") })));
    const shown = cells.map((c) => c.spec);
    if (shown.join(" ") !== specs.join(" ")) problems.push(`line ${row.line} ${JSON.stringify(row.input)}: columns ${shown.join(", ")}; expected ${specs.join(", ")} (missing: ${specs.filter((s) => !shown.includes(s)).join(", ") || "none"})`);
    for (const spec of specs) {
      const cell = cells.find((c) => c.spec === spec);
      if (!cell) continue;
      const r = parse(row.input, row.rule ? { spec, rule: row.rule } : { spec });
      const verdict = r.ok ? "valid" : "invalid";
      // An error with no place in the input (an unknown rule: offset null) has no offset on the page either.
      const offset = r.ok || r.error.offset === null ? null : String(r.error.offset);
      if (cell.verdict !== verdict || cell.offset !== offset) {
        problems.push(`line ${row.line} ${JSON.stringify(row.input)}${row.rule ? ` (rule ${row.rule})` : ""}, ${spec}: page says ${cell.verdict} ${cell.offset ?? ""}, parse() says ${verdict} ${offset ?? ""}`);
      }
    }
  }
  return problems;
}

export interface ExtractExample {
  id: string;
  text: string;
}

/** The extract page's examples, as the site serves them (data/extract-examples.json). */
export async function extractExamples(siteUrl: string): Promise<ExtractExample[]> {
  const r = await fetch(`${siteUrl}data/extract-examples.json`);
  return ((await r.json()) as { examples: ExtractExample[] }).examples;
}

/**
 * For each text typed into the extract page: where the page's table (every revision) or its marks
 * (the highlighted revision) differ from extract() in Node, as sentences.
 */
export async function extractMismatches(page: Page, examples: ExtractExample[]): Promise<string[]> {
  const specs = availableSpecIds();
  const problems: string[] = [];
  for (const ex of examples) {
    await page.fill("#text", ex.text);
    await settled(page);
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

// ---- The trace against parse(), peggy, and the grammar file ----

/** A step as the trace page exports it (src/web/pages/trace.ts, exportSteps). */
export interface ExportedStep {
  kind: string;
  rule: string;
  at: [number, number] | null;
  in: string | null;
  pos: number;
  end: number;
  arg: number;
}

export interface ExportedTrace {
  spec: string;
  startRule: string;
  input: string;
  ok: boolean;
  farthest: number;
  steps: ExportedStep[];
}

/** What the trace page shows for one input, read from its attributes and its exported steps. */
export interface TraceShown {
  outcome: string | null;
  startRule: string | null;
  farthest: number | null;
  parseOk: string | null;
  parseOffset: string | null;
  trace: ExportedTrace | null;
}

/** Types an input (and a start rule) into the trace page and waits for its trace. */
export async function traceOn(page: Page, spec: string, rule: string | null, input: string): Promise<TraceShown> {
  if ((await page.inputValue("#trace-spec")) !== spec) await page.selectOption("#trace-spec", spec);
  if ((await page.inputValue("#trace-rule")) !== (rule ?? "")) await page.fill("#trace-rule", rule ?? "");
  await page.fill("#trace-input", input);
  await page.waitForFunction(
    ([s, x]) => {
      const out = document.querySelector(".trace-out");
      const side = document.querySelector("#trace-a");
      return out?.dataset.state === "done" && out.dataset.input === x && side?.dataset.spec === s;
    },
    [spec, input] as const,
    { timeout: 60_000 },
  );
  return page.$eval("#trace-a", (el: any) => ({
    outcome: el.getAttribute("data-outcome"),
    startRule: el.getAttribute("data-start-rule"),
    farthest: el.getAttribute("data-farthest") === null || el.getAttribute("data-farthest") === "" ? null : Number(el.getAttribute("data-farthest")),
    parseOk: el.getAttribute("data-parse-ok"),
    parseOffset: el.getAttribute("data-parse-offset"),
    trace: el.exportSteps ? el.exportSteps() : null,
  }));
}

/**
 * Where the trace page disagrees with the library for one input and revision: the verdict and the
 * start rule must be parse()'s; the error offset peggy's own parser's (the trace runs the same
 * PEG), never after parse()'s (the scanner names the first character after which nothing can be
 * accepted, peggy the farthest failure: docs/architecture.md, "The scanner").
 */
export function traceAgreement(spec: SpecId, row: InputRow, shown: TraceShown): { problems: string[]; sameOffset: boolean | null } {
  const where = `${spec} line ${row.line} ${JSON.stringify(row.input)}${row.rule ? ` (rule ${row.rule})` : ""}`;
  const r = parse(row.input, row.rule ? { spec, rule: row.rule } : { spec });
  const problems: string[] = [];
  if (!r.ok && r.error.code === "predicate") {
    // The PEG matched and a predicate (the WHATWG valid domain) refused a match after the parse: the
    // trace follows the PEG, so only its start rule is parse()'s to compare.
    if (shown.trace && shown.startRule !== r.rule) problems.push(`${where}: the trace starts from ${shown.startRule}, parse() from ${r.rule}`);
    return { problems, sameOffset: null };
  }
  if (!r.ok && r.error.code !== "syntax") {
    // No such start rule in this revision: the page says so and traces nothing.
    if (shown.trace) problems.push(`${where}: parse() has no rule to apply, the page traced ${shown.trace.startRule}`);
    return { problems, sameOffset: null };
  }
  const verdict = r.ok ? "valid" : "invalid";
  if (shown.outcome !== verdict) problems.push(`${where}: the trace says ${shown.outcome}, parse() says ${verdict}`);
  if (shown.startRule !== r.rule) problems.push(`${where}: the trace starts from ${shown.startRule}, parse() from ${r.rule}`);
  const revision = getRevision(spec)!;
  const peggy = peggyRun(revision, findRule(revision, r.rule ?? "")!.pegName, row.input);
  if (!peggy.ok && shown.farthest !== peggy.offset) problems.push(`${where}: the trace's farthest failure is ${shown.farthest}, peggy's parser reports ${peggy.offset}`);
  if (!r.ok && shown.farthest !== null && r.error.offset !== null && r.error.offset < shown.farthest) problems.push(`${where}: parse()'s offset ${r.error.offset} is before the trace's farthest failure ${shown.farthest}`);
  return { problems, sameOffset: r.ok ? null : r.error.offset === shown.farthest };
}

interface PeggyNode {
  type: string;
  location: { start: { offset: number }; end: { offset: number } };
  name?: string;
  expression?: PeggyNode;
  elements?: PeggyNode[];
  alternatives?: PeggyNode[];
}

/** What stands at each place of a grammar file, rule by rule: "type" per node, "alt i" per alternative. */
export interface GrammarPlaces {
  rules: Set<string>;
  /** rule -> "start-end" -> the node kinds found there (after groups and labels). */
  at: Map<string, Map<string, Set<string>>>;
}

const TRANSPARENT = new Set(["group", "labeled", "text", "named"]);

/** Reads the grammar as composed (generated/<spec>.composed.peggy) with peggy's own grammar parser (independently of the site build). */
export function grammarPlaces(spec: string): GrammarPlaces {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const peggy = require("peggy") as { parser: { parse(s: string, o: object): { rules: { name: string; expression: PeggyNode }[] } } };
  const file = join(ROOT, "generated", `${spec}.composed.peggy`);
  const ast = peggy.parser.parse(readFileSync(file, "utf8"), { grammarSource: file });
  const out: GrammarPlaces = { rules: new Set(ast.rules.map((r) => r.name)), at: new Map() };
  for (const rule of ast.rules) {
    const places = new Map<string, Set<string>>();
    const add = (n: PeggyNode, what: string) => {
      const key = `${n.location.start.offset}-${n.location.end.offset}`;
      if (!places.has(key)) places.set(key, new Set());
      places.get(key)!.add(what);
    };
    const inner = (n: PeggyNode): PeggyNode => (TRANSPARENT.has(n.type) && n.expression ? inner(n.expression) : n);
    const visit = (n: PeggyNode) => {
      const e = inner(n);
      add(n, e.type === "rule_ref" ? `rule_ref ${e.name}` : e.type);
      if (e.type === "choice") e.alternatives!.forEach((a, i) => add(a, `alt ${i}`));
      for (const c of [...(e.elements ?? []), ...(e.alternatives ?? []), ...(e.expression ? [e.expression] : [])]) visit(c);
    };
    visit(rule.expression);
    out.at.set(rule.name, places);
  }
  return out;
}

/** The node kinds a step of each kind must stand on (in the grammar file, at its `at`). */
const STEP_PLACES: Record<string, (s: ExportedStep) => string[]> = {
  enter: (s) => [`rule_ref ${s.rule}`],
  match: (s) => [`rule_ref ${s.rule}`],
  fail: (s) => [`rule_ref ${s.rule}`],
  try: (s) => [`alt ${s.arg}`],
  commit: (s) => [`alt ${s.arg}`],
  "alt-fail": (s) => [`alt ${s.arg}`],
  "no-alt": () => ["choice"],
  iteration: () => ["zero_or_more", "one_or_more", "repeated"],
  "iteration-ok": () => ["zero_or_more", "one_or_more", "repeated"],
  "iteration-fail": () => ["zero_or_more", "one_or_more", "repeated"],
  "loop-end": () => ["zero_or_more", "one_or_more", "repeated"],
  "loop-fail": () => ["zero_or_more", "one_or_more", "repeated"],
  "option-absent": () => ["optional"],
  lookahead: () => ["simple_and", "simple_not"],
  "lookahead-holds": () => ["simple_and", "simple_not"],
  "lookahead-fails": () => ["simple_and", "simple_not"],
  "char-ok": () => ["literal", "class", "any"],
  "char-fail": () => ["literal", "class", "any"],
};

/**
 * Steps that do not stand on the grammar file: a rule it does not have, a place in a rule that is
 * not the piece the step says it took (an alternative, a loop, a literal ...). At most `max` reported.
 */
export function stepReferenceProblems(places: GrammarPlaces, t: ExportedTrace, max = 5): string[] {
  const problems: string[] = [];
  t.steps.forEach((s, i) => {
    if (problems.length >= max) return;
    const where = `${t.spec} ${JSON.stringify(t.input)} step ${i + 1} (${s.kind})`;
    if (!places.rules.has(s.rule)) {
      problems.push(`${where} names rule ${s.rule}, which grammar/${t.spec}.peggy does not have`);
      return;
    }
    if (s.at === null) {
      if (!(s.kind === "end-expected" || (["enter", "match", "fail"].includes(s.kind) && s.rule === t.startRule))) problems.push(`${where} stands on no place of the grammar`);
      return;
    }
    if (s.in === null || !places.rules.has(s.in)) {
      problems.push(`${where} is in rule ${s.in}, which grammar/${t.spec}.peggy does not have`);
      return;
    }
    const found = places.at.get(s.in)!.get(`${s.at[0]}-${s.at[1]}`);
    const want = (STEP_PLACES[s.kind] ?? (() => ["?"]))(s);
    if (!found || !want.some((w) => found.has(w))) problems.push(`${where} says it took ${want.join(" or ")} at ${s.at.join("-")} of rule ${s.in}; the grammar file has ${found ? [...found].join(", ") : "nothing"} there`);
  });
  return problems;
}

/** Waits until a page has drawn what it draws (its main content, and the worker's answer where it has one). */
export async function ready(page: Page): Promise<void> {
  await page.waitForSelector("main > :not(.loading):not(h1)", { state: "attached" });
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => document.body.dataset.pending !== "1" && document.querySelector(".trace-out")?.dataset.state !== "running", undefined, { timeout: 60_000 });
}

// ---- Revision chunks: a page fetches the tables of the revisions it shows, and no other ----

/** By revision id, the files of the site that hold its tables (assets/revision-chunks.json, written by scripts/build-site.mjs). */
export async function revisionChunks(siteUrl: string): Promise<Map<string, string>> {
  const r = await fetch(`${siteUrl}assets/revision-chunks.json`);
  const byId = (await r.json()) as Record<string, string[]>;
  return new Map(Object.entries(byId).flatMap(([id, files]) => files.map((f) => [`${siteUrl}${f}`, id] as [string, string])));
}

/** What one page's first load fetched (its worker's requests too), in a fresh context: every response, and the revisions whose tables came. */
export interface FirstLoad {
  responses: { url: string; body: number; gzip: number; revision: string | null }[];
  revisions: string[];
  /** The revisions the page shows, as its DOM names them (the notation guide's examples and traps), or null. */
  shownInPage: string[] | null;
}

/** Opens `address` with an empty cache and waits until it has drawn everything (its worker's answers too). */
export async function firstLoad(browser: Browser, siteUrl: string, address: string): Promise<FirstLoad> {
  const owner = await revisionChunks(siteUrl);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const responses: FirstLoad["responses"] = [];
  const pending: Promise<void>[] = [];
  // The context's events: a page's worker fetches the tables, and its requests are not the page's.
  context.on("requestfinished", (req) => {
    pending.push(
      (async () => {
        const res = await req.response();
        if (!res) return;
        const body = await res.body();
        responses.push({ url: req.url(), body: body.length, gzip: gzipSync(body).length, revision: owner.get(req.url()) ?? null });
      })(),
    );
  });
  const page = await context.newPage();
  await page.goto(`${siteUrl}${address}`, { waitUntil: "networkidle" });
  await ready(page);
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);
  const shownInPage = (await page.$$eval("[data-example], [data-trap][data-spec]", (els) => els.map((e) => e.getAttribute("data-spec") ?? e.getAttribute("data-example")!.split(" ")[0]))) as string[];
  await context.close();
  const revisions = [...new Set(responses.map((r) => r.revision).filter((x): x is string => x !== null))];
  return { responses, revisions: availableSpecIds().filter((id) => revisions.includes(id)), shownInPage: shownInPage.length > 0 ? [...new Set(shownInPage)] : null };
}

/** The revisions a page fetched the tables of but does not show, and those it shows but did not fetch, as sentences. */
export function revisionFetchProblems(address: string, fetched: readonly string[], shown: readonly string[]): string[] {
  const extra = fetched.filter((id) => !shown.includes(id));
  const missing = shown.filter((id) => !fetched.includes(id));
  return [
    ...(extra.length > 0 ? [`${address}: its first load fetched the tables of ${extra.join(", ")}, which it does not show (it shows ${shown.join(", ") || "no revision's parse"})`] : []),
    ...(missing.length > 0 ? [`${address}: shows ${missing.join(", ")} but did not fetch their tables`] : []),
  ];
}

/** Where a page scrolls sideways at this viewport: the document's width, and the outermost elements that stick out. */
export async function overflowProblems(page: Page, address: string): Promise<string[]> {
  const r = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const sw = document.documentElement.scrollWidth;
    const out: string[] = [];
    if (sw > w) {
      for (const el of Array.from(document.querySelectorAll("body *")) as any[]) {
        const rect = el.getBoundingClientRect();
        if (rect.right <= w + 0.5 || rect.width === 0) continue;
        let clipped = false;
        for (let a = el.parentElement; a; a = a.parentElement) {
          if (getComputedStyle(a).overflowX !== "visible" && a.getBoundingClientRect().right <= w + 0.5) {
            clipped = true;
            break;
          }
        }
        if (!clipped && (!el.parentElement || el.parentElement.getBoundingClientRect().right <= w + 0.5)) out.push(`<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ends at ${Math.round(rect.right)} px`);
      }
    }
    return { w, sw, out: out.slice(0, 4) };
  });
  return r.sw > r.w ? [`${address} at ${r.w} px: the page is ${r.sw} px wide (${r.out.join("; ") || "?"})`] : [];
}

/** The longest tasks of the page's thread, as Chromium's long-task observer sees them, from `start` on. */
export async function installLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list: any) => {
      for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

export async function longestTask(page: Page, since: number): Promise<{ longest: number; count: number; total: number }> {
  return page.evaluate((t0: number) => {
    const tasks = window.longTasks.filter((t: any) => t.start >= t0);
    return { longest: Math.max(0, ...tasks.map((t: any) => t.duration)), count: tasks.length, total: tasks.reduce((a: number, t: any) => a + t.duration, 0) };
  }, since);
}

/** From a key press to the next frame the page draws (its own thread answering). */
export async function keyToFrame(page: Page, key: string): Promise<number> {
  await page.evaluate(() => {
    window.keyFrame = new Promise((resolve) => {
      let t0 = NaN;
      document.addEventListener("keydown", () => (t0 = performance.now()), { once: true, capture: true });
      document.addEventListener("keyup", () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0)), { once: true, capture: true });
    });
  });
  await page.keyboard.press(key);
  return page.evaluate(() => window.keyFrame);
}

/** axe-core's serious and critical violations on the page as it stands (the context must bypass the page's CSP to inject it). */
export async function axeProblems(page: Page, address: string): Promise<string[]> {
  if (!(await page.evaluate(() => typeof window.axe !== "undefined"))) await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const violations = (await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }).then((r: any) => r.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n: any) => n.target.join(" ")) }))))) as { id: string; impact: string; help: string; nodes: string[] }[];
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${address}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.join(", ")}`);
}

/** Every page, in the states a class meets them. */
export const PAGES: string[] = [
  "index.html",
  `index.html#input=${encodeURIComponent("http://a/b c")}`,
  `index.html#rule=IPv4address&input=192.168.0.255`,
  "trace.html",
  `trace.html#input=${encodeURIComponent("http://a/b c")}&spec=draft-1993`,
  `trace.html#input=${encodeURIComponent("http://[::1]/")}&spec=draft-1997&b=draft-2003`,
  ...availableSpecIds().map((s) => `grammar.html?spec=${s}`),
  "grammar.html?spec=rfc1738#q=host",
  "notation.html",
  "diff.html?a=draft-1997&b=draft-2003",
  "diff.html?a=draft-1993&b=rfc3986",
  "resolution.html",
  "sandbox.html",
  `sandbox.html#spec=rfc3986&rule=port&edit=${encodeURIComponent("port = 1*DIGIT")}`,
  "exercises.html",
  "extract.html",
  "extract.html?example=broken-hyphen",
  "confusion.html",
  ...availableSpecIds().map((s) => `source.html?spec=${s}`),
  "source.html?spec=rfc1738#rule=hostport",
];

/** Controls a keyboard user must reach with Tab, and those the Tab key did not reach. */
export async function unreachable(page: Page, address: string): Promise<{ controls: number; problems: string[] }> {
  const controls = await page.evaluate(() => {
    const sel = "a[href], button, input, select, textarea, summary, [tabindex]";
    let n = 0;
    for (const el of Array.from(document.querySelectorAll(sel)) as any[]) {
      if (el.disabled || el.getAttribute("tabindex") === "-1" || el.closest("[hidden]") || el.closest("details:not([open]) > :not(summary)")) continue;
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === "hidden") continue;
      // A group of radio buttons is one Tab stop (the arrow keys move inside it): its first counts.
      if (el.type === "radio" && el.name && document.querySelector(`input[type=radio][name="${el.name}"]`) !== el) continue;
      el.dataset.kb = String(n++);
    }
    return n;
  });
  const reached = new Set<string>();
  await page.evaluate(() => {
    (document.activeElement as any)?.blur?.();
    window.scrollTo(0, 0);
  });
  await page.keyboard.press("Tab");
  for (let i = 0; i < controls + 20; i++) {
    const kb = await page.evaluate(() => document.activeElement?.closest("[data-kb]")?.dataset?.kb ?? null);
    if (kb !== null) reached.add(kb);
    if (reached.size >= controls) break;
    await page.keyboard.press("Tab");
  }
  const missed = await page.evaluate((seen: string[]) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll("[data-kb]")) as any[]) if (!seen.includes(el.dataset.kb)) out.push(`<${el.tagName.toLowerCase()}> ${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}`);
    return out;
  }, [...reached]);
  return { controls, problems: missed.slice(0, 5).map((m) => `${address}: Tab never reaches ${m}`) };
}

// ---- Round two: the sandbox, the exercises, where two traces part ----

/** What the sandbox shows for an edit: each language's verdict and the strings lost and gained. */
export interface SandboxShown {
  status: string;
  unconfirmed: string | null;
  error: { offset: number; text: string } | null;
  languages: { rule: string; verdict: string; lost: string[]; gained: string[] }[];
}

/** Types an edit into the sandbox (open on its revision and rule) and waits for the worker's answer. */
export async function sandboxEdit(page: Page, edit: string): Promise<SandboxShown> {
  await page.fill("#edit", edit);
  await page.waitForFunction((text) => document.body.dataset.pending === "0" && document.querySelector("#edit").value === text && (document.querySelector(".edit-error") || document.querySelector("#edit-results section") || document.querySelector("#edit-unconfirmed")), edit, { timeout: 60_000 });
  return page.evaluate(() => ({
    status: document.querySelector("#edit-status")?.textContent ?? "",
    unconfirmed: document.querySelector("#edit-unconfirmed")?.textContent ?? null,
    error: document.querySelector(".edit-error") ? { offset: Number(document.querySelector(".edit-error").dataset.offset), text: document.querySelector(".edit-error").textContent } : null,
    languages: Array.from(document.querySelectorAll(".edit-language")).map((s: any) => ({
      rule: s.dataset.rule,
      verdict: s.dataset.verdict,
      lost: Array.from(s.querySelectorAll(".lost li")).map((li: any) => li.dataset.input),
      gained: Array.from(s.querySelectorAll(".gained li")).map((li: any) => li.dataset.input),
    })),
  }));
}

/** Where the sandbox disagrees with languageEdit() in Node on the same edit, as sentences (an unconfirmed language is one). */
export function sandboxProblems(spec: SpecId, edit: string, shown: SandboxShown): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { languageEdit } = require("../../src/ops/language-edit") as typeof import("../../src/ops/language-edit");
  const problems: string[] = [];
  if (shown.unconfirmed) problems.push(`${spec} ${JSON.stringify(edit)}: the page says ${shown.unconfirmed}`);
  const d = languageEdit(spec, [edit], { witnesses: 4 });
  if (!d.ok) {
    if (!shown.error) problems.push(`${spec} ${JSON.stringify(edit)}: languageEdit() says the edit does not read at offset ${"offset" in d.error ? d.error.offset : "?"}, the page shows no error`);
    else if ("text" in d.error && shown.error.offset !== d.error.offset) problems.push(`${spec} ${JSON.stringify(edit)}: the page's error is at offset ${shown.error.offset}, languageEdit()'s at ${d.error.offset}`);
    return problems;
  }
  for (const c of d.comparisons) {
    const s = shown.languages.find((x) => x.rule === c.name);
    if (!s) {
      problems.push(`${spec} ${JSON.stringify(edit)}: no ${c.name} on the page`);
      continue;
    }
    const want = { verdict: c.verdict, lost: c.onlyA.map((w) => w.input), gained: c.onlyB.map((w) => w.input) };
    const got = { verdict: s.verdict, lost: s.lost, gained: s.gained };
    if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`${spec} ${JSON.stringify(edit)} ${c.name}: the page shows ${JSON.stringify(got)}, languageEdit() gives ${JSON.stringify(want)}`);
  }
  return problems;
}

/** An exercise of data/exercises.json, as the site serves it. */
export interface ServedExercise {
  id: string;
  kind: "string" | "choice";
  constraints: { spec: string; rule: string | null; want: boolean }[];
  hint: string | null;
  choice?: { spec: string; rule: string; input: string; options: { label: string; rule: string }[] };
}

export async function servedExercises(siteUrl: string): Promise<ServedExercise[]> {
  const r = await fetch(`${siteUrl}data/exercises.json`);
  return ((await r.json()) as { exercises: ServedExercise[] }).exercises;
}

/** What the exercises page says of an answer: right or wrong, and for a wrong one the step where it fails. */
export interface ExerciseShown {
  state: string;
  text: string;
  failing: { spec: string; rule: string; offset: number | null } | null;
  traceHref: string | null;
}

/** Answers an exercise on the exercises page (a string, or a choice exercise's alternative) and reads the verdict. */
export async function answerExercise(page: Page, x: ServedExercise, answer: string): Promise<ExerciseShown> {
  const card = `[id="${x.id}"]`;
  await page.evaluate((c) => {
    const el = document.querySelector(c);
    el.dataset.state = "";
    el.scrollIntoView();
  }, card);
  if (x.kind === "choice") await page.check(`${card} input[value="${answer}"]`);
  else await page.fill(`${card} .exercise-answer`, answer);
  await page.click(`${card} .check-answer`);
  await page.waitForFunction((c) => ["correct", "wrong"].includes(document.querySelector(c).dataset.state), card, { timeout: 60_000 });
  return page.$eval(card, (el: any) => {
    const f = el.querySelector(".failing-step");
    return {
      state: el.dataset.state,
      text: el.querySelector(".exercise-result").textContent,
      failing: f ? { spec: f.dataset.failingSpec, rule: f.dataset.failingRule, offset: f.dataset.failingOffset === "" ? null : Number(f.dataset.failingOffset) } : null,
      traceHref: el.querySelector(".exercise-result a.trace-link")?.getAttribute("href") ?? null,
    };
  });
}

/** Where the exercises page's verdict disagrees with the library: every condition judged by parse() here. */
export function exerciseProblems(x: ServedExercise, answer: string, shown: ExerciseShown): string[] {
  if (x.kind === "choice") {
    const r = parse(x.choice!.input, { spec: x.choice!.spec as SpecId, rule: x.choice!.rule, tree: true });
    const committed = r.ok ? (r as { tree?: { children: { rule: string }[] } }).tree?.children[0]?.rule : null;
    const right = committed === answer;
    return (shown.state === "correct") === right ? [] : [`${x.id} ${answer}: the page says ${shown.state}, the derivation commits to ${committed}`];
  }
  const verdicts = x.constraints.map((c) => ({ c, got: parse(answer, c.rule === null ? { spec: c.spec as SpecId } : { spec: c.spec as SpecId, rule: c.rule }) }));
  const first = verdicts.find((v) => v.got.ok !== v.c.want);
  const problems: string[] = [];
  if ((shown.state === "correct") !== (first === undefined)) problems.push(`${x.id} ${JSON.stringify(answer)}: the page says ${shown.state}, parse() says ${first ? `${first.c.spec} ${first.c.rule ?? ""} ${first.got.ok ? "accepts" : "rejects"} it` : "every condition holds"}`);
  if (first && !first.got.ok && first.got.error.code === "syntax") {
    if (!shown.failing || shown.failing.spec !== first.c.spec || shown.failing.offset !== first.got.error.offset) problems.push(`${x.id} ${JSON.stringify(answer)}: the failing step shown is ${JSON.stringify(shown.failing)}, parse() stops ${first.c.spec} at offset ${first.got.error.offset}`);
  }
  return problems;
}

/** Where they part, as the trace's compare view names it: the rule both are in, and the rule each side tries first there. */
export async function partingShown(page: Page, siteUrl: string, input: string, a: string, b: string): Promise<{ common: string; a: string; b: string; text: string; cardNames: string[]; partedRows: number }> {
  await visit(page, `${siteUrl}trace.html#input=${encodeURIComponent(input)}&spec=${a}&b=${b}`);
  await ready(page);
  return page.$eval(".divergence", (el: any) => ({
    common: el.dataset.common,
    a: el.dataset.ruleA,
    b: el.dataset.ruleB,
    text: el.querySelector("p").textContent,
    cardNames: Array.from(el.querySelectorAll(".diff-side h4 a.mono")).map((x: any) => x.textContent),
    partedRows: (document.querySelector("[data-parted-rows]")?.dataset.partedRows ?? "").split(" ").filter(Boolean).length,
  }));
}
