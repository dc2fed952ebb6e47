// Planted mistakes: one site build with a mistake planted in each part a browser check covers
// (scripts/build-site.mjs's `transform`), and each check run against it must fail, naming the
// mistake. The checks are the ones explorer.browser.ts and teaching.browser.ts run on the real site
// (test/browser/support.ts):
//   - the playground drops its last revision's column;
//   - the extract page (its worker) drops a hyphen at a line break instead of keeping it;
//   - the trace's start rule names a rule the grammar does not have;
//   - the trace's character classes leave out the last character of every range ([0-9] without 9);
//   - the notation guide's traps table loses its own scroll box, so the page is wider than a 390 px phone;
//   - the grammar page imports a revision's generated scanner itself (an eager import), so its first
//     load fetches that revision's tables though it shows none;
//   - the sandbox's worker changes a witness before it is checked (the empty string lost becomes
//     "0", which both grammars accept): the page must say "unconfirmed", never show it as lost;
//   - the exercises' check forgets the conditions that want a rejection: a wrong answer passes;
//   - where two traces part skips the first call inside the rule both are in.
import { expect } from "chai";
import { rmSync } from "node:fs";
import { dirname } from "node:path";
import { type ChildProcess } from "node:child_process";
import { chromium, type Browser, type Page } from "playwright-core";
import { availableSpecIds } from "../../src/revisions";
import {
  answerExercise, exerciseProblems, partingShown, sandboxEdit, sandboxProblems, servedExercises,
  buildPlantedSite, chromiumPath, extractExamples, firstLoad, revisionFetchProblems, extractMismatches, grammarPlaces, overflowProblems, playgroundMismatches, readInputs, ready, settled, startServe, stepReferenceProblems, stopServe, traceAgreement, traceOn, visit } from "./support";

const PLANTS: { file: string; from: string; to: string }[] = [
  { file: "pages/playground.ts", from: "const specIds = availableSpecIds();", to: "const specIds = availableSpecIds().slice(0, -1);" },
  { file: "worker/explorer-worker.ts", from: "extractAllSpecs(text, { specs: specs as never })", to: 'extractAllSpecs(text, { specs: specs as never, hyphen: "drop" })' },
  { file: "lib/trace.ts", from: "const entered = cols.push(Step.ENTER, via, rule, pos, pos, frame, depth, -2, -1);", to: "const entered = cols.push(Step.ENTER, via, via < 0 ? g.rules.length : rule, pos, pos, frame, depth, -2, -1);" },
  { file: "lib/trace.ts", from: "} else if (code >= part[0].charCodeAt(0) && code <= part[1].charCodeAt(0)) inside = true;", to: "} else if (code >= part[0].charCodeAt(0) && code < part[1].charCodeAt(0)) inside = true;" },
  { file: "pages/notation.ts", from: 'scrollBox("verdicts of the three readings", ', to: 'h("div", {}, ' },
  { file: "worker/explorer-worker.ts", from: "{ witness: (input) => input }", to: '{ witness: (input) => (input === "" ? "0" : input) }' },
  { file: "lib/exercises.ts", from: "const failing = verdicts.findIndex((v) => v.got !== v.want);", to: "const failing = verdicts.findIndex((v) => v.want && v.got !== v.want);" },
  { file: "lib/trace-model.ts", from: "for (let i = 0; i < Math.max(ca.length, cb.length); i++) {", to: "for (let i = 1; i < Math.max(ca.length, cb.length); i++) {" },
  { file: "pages/grammar.ts", from: 'import { pageLink, readAnchor, readParam, writeParams } from "../lib/url-state";', to: 'import { pageLink, readAnchor, readParam, writeParams } from "../lib/url-state";\nimport * as eagerTables from "../../../generated/rfc3986.scanner";\ndocument.body.dataset.planted = String(Object.keys(eagerTables).length);' },
];

describe("planted mistakes: each browser check fails on a site built with its mistake", function () {
  this.timeout(300_000);
  let serve: { child: ChildProcess; url: string } | undefined;
  let site: string;
  let browser: Browser;
  let page: Page;
  const planted = new Set<number>();

  before(async function () {
    site = await buildPlantedSite((path, source) => {
      let out = source;
      PLANTS.forEach((p, i) => {
        if (!path.replace(/\\/g, "/").endsWith(`src/web/${p.file}`)) return;
        if (out.includes(p.from)) {
          out = out.replace(p.from, p.to);
          planted.add(i);
        }
      });
      return out;
    });
    serve = await startServe(site);
    browser = await chromium.launch({ executablePath: chromiumPath() });
    page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  });
  after(async () => {
    await browser?.close();
    if (serve) await stopServe(serve.child);
    if (site) rmSync(dirname(site), { recursive: true, force: true });
  });

  it("every mistake was planted (the sources still hold what each plant replaces)", () => {
    expect([...planted].sort()).to.deep.equal(PLANTS.map((_, i) => i));
  });

  it("the playground check fails, naming the missing column", async () => {
    await visit(page, `${serve!.url}index.html`);
    await settled(page);
    const problems = await playgroundMismatches(page, readInputs().slice(0, 3));
    const last = availableSpecIds()[availableSpecIds().length - 1];
    expect(problems.length).to.equal(3);
    expect(problems[0]).to.contain(`missing: ${last}`);
  });

  it("the extract check fails, naming the example and the reference", async () => {
    await visit(page, `${serve!.url}extract.html`);
    await settled(page);
    const examples = (await extractExamples(serve!.url)).filter((e) => e.id === "broken-hyphen" || e.id === "d1997-jim");
    const problems = await extractMismatches(page, examples);
    expect(problems.length).to.be.greaterThan(0);
    expect(problems.every((x) => x.startsWith("broken-hyphen"))).to.equal(true);
    expect(problems.join("\n")).to.contain("http://example.com/long-name");
  });

  it("the step check fails on a step naming a rule the grammar does not have; the agreement check fails on character classes that lose a character", async () => {
    await visit(page, `${serve!.url}trace.html`);
    await ready(page);
    const spec = "draft-2003";
    const places = grammarPlaces(spec);
    const row = { line: 0, rule: null, input: "http://a9.example/z9", source: "planted" };
    const shown = await traceOn(page, spec, null, row.input);
    const stepProblems = stepReferenceProblems(places, shown.trace!);
    expect(stepProblems[0]).to.match(/step 1 \(enter\) names rule undefined, which grammar\/draft-2003\.peggy does not have/);
    const agreement = traceAgreement(spec, row, shown);
    expect(agreement.problems.join("\n")).to.contain("the trace says invalid, parse() says valid");
  });

  it("the layout check fails on the notation guide at 390 px, naming the table", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, `${serve!.url}notation.html`);
    await ready(page);
    const problems = await overflowProblems(page, "notation.html");
    expect(problems.length).to.equal(1);
    expect(problems[0]).to.match(/notation\.html at 390 px: the page is \d+ px wide \(<table/);
  });

  it("the revision-chunk check fails on a page that imports a revision's tables eagerly, naming the revision", async () => {
    const load = await firstLoad(browser, serve!.url, "grammar.html?spec=rfc1738");
    expect(revisionFetchProblems("grammar.html?spec=rfc1738", load.revisions, [])).to.deep.equal([
      "grammar.html?spec=rfc1738: its first load fetched the tables of rfc3986, which it does not show (it shows no revision's parse)",
    ]);
  });

  it("the sandbox check fails on a witness changed before it is checked: the page says unconfirmed, naming the string", async () => {
    await visit(page, `${serve!.url}sandbox.html#spec=rfc3986&rule=port`);
    await ready(page);
    const shown = await sandboxEdit(page, "port = 1*DIGIT");
    expect(shown.unconfirmed).to.contain('"0" was found as accepted by rfc3986 only');
    expect(shown.languages.find((l) => l.rule === "port")!.lost).to.not.include("");
    const problems = sandboxProblems("rfc3986", "port = 1*DIGIT", shown);
    expect(problems[0]).to.contain("the page says Unconfirmed");
  });

  it("the exercise check fails on a wrong answer the planted check passes", async () => {
    const exercises = await servedExercises(serve!.url);
    const regName = exercises.find((e) => e.id === "reg-name-not-host")!;
    await visit(page, `${serve!.url}exercises.html`);
    await ready(page);
    // "a": a reg-name of rfc3986, and a host of rfc1738 too, which the exercise wants rejected.
    const shown = await answerExercise(page, regName, "a");
    expect(shown.state).to.equal("correct");
    expect(exerciseProblems(regName, "a", shown)).to.deep.equal(['reg-name-not-host "a": the page says correct, parse() says rfc1738 host accepts it']);
  });

  it("the parting check fails when the first call inside the shared rule is skipped", async () => {
    const shown = await partingShown(page, serve!.url, "http://[::1]/", "rfc3986", "draft-1997");
    expect([shown.a, shown.b]).to.not.deep.equal(["IP-literal", "hostname"]);
  });
});
