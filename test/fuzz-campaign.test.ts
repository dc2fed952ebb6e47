// The fuzz campaign (test/fuzz/) checks itself: its inputs are reproducible and reach every source,
// its minimiser reaches a 1-minimal input, and planted mistakes (test/support/fuzz-plants.ts) are
// found within a small count, minimised to a short input, written to a regression file and failed
// by the replay; a planted hang is a failure that names its input, not a stuck campaign.
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatSummary, replayRegressions, runCampaign, type CampaignOptions, type CampaignSummary } from "./fuzz/campaign";
import { inputData } from "./fuzz/data";
import { ENTRY_TABLE, entryNames } from "./fuzz/entries";
import { decodeInput, encodeInput, InputMaker, SOURCES, API_VALUES } from "./fuzz/inputs";
import { minimise } from "./fuzz/minimise";
import { MARK } from "./support/fuzz-plants";
import { CaseRun, checkCase, propertyTable } from "./fuzz/properties";
import { readRegressions } from "./fuzz/regressions";
import { availableSpecIds, parse, resolve } from "../src";

const PLANTS = join(__dirname, "support", "fuzz-plants.js");

describe("fuzz campaign: inputs", () => {
  it("input i of a revision depends only on (seed, revision, i), and every source occurs", () => {
    const a = new InputMaker("draft-2003", 7, inputData("draft-2003"));
    const b = new InputMaker("draft-2003", 7, inputData("draft-2003"));
    const c = new InputMaker("draft-2003", 8, inputData("draft-2003"));
    const seen = new Set<string>();
    let differ = 0;
    for (let i = 0; i < 2000; i++) {
      const x = a.make(i);
      seen.add(x.source);
      // out of order, from another maker: the same case
      const y = b.make(1999 - i);
      expect(encodeInput(b.make(i).input), `input ${i}`).to.equal(encodeInput(x.input));
      expect(b.make(i).context).to.deep.equal(x.context);
      void y;
      if (encodeInput(c.make(i).input) !== encodeInput(x.input)) differ++;
    }
    expect([...seen].sort()).to.deep.equal([...SOURCES].sort());
    expect(differ, "another seed gives other inputs").to.be.greaterThan(1500);
  });

  it("the sources make what they say: lone surrogates, astral characters, NUL, no line break from bytes, non-strings", () => {
    const m = new InputMaker("draft-1997", 1, inputData("draft-1997"));
    const found = { lone: 0, astral: 0, nul: 0, bytesWithNewline: 0, nonString: 0, derivedRule: 0, accepted: 0 };
    for (let i = 0; i < 5000; i++) {
      const c = m.make(i);
      if (typeof c.input !== "string") {
        found.nonString++;
        continue;
      }
      const s = c.input;
      if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)) found.lone++;
      if (/[\ud800-\udbff][\udc00-\udfff]/.test(s)) found.astral++;
      if (s.includes("\u0000")) found.nul++;
      if (c.source === "bytes" && (s.includes("\n") || s.endsWith("\r"))) found.bytesWithNewline++;
      if (c.context.rule !== undefined) found.derivedRule++;
    }
    expect(found.lone).to.be.greaterThan(50);
    expect(found.astral).to.be.greaterThan(50);
    expect(found.nul).to.be.greaterThan(50);
    expect(found.bytesWithNewline).to.equal(0);
    expect(found.nonString).to.be.greaterThan(10);
    expect(found.derivedRule).to.be.greaterThan(50);
  });

  it("every API value and every string survives the regression file's encoding", () => {
    for (const name of Object.keys(API_VALUES)) {
      const text = encodeInput(API_VALUES[name]());
      expect(text, name).to.equal(JSON.stringify({ value: name }));
      expect(encodeInput(decodeInput(text!)), name).to.equal(text);
    }
    for (const s of ["", "\ud800", "a\tb\nc", "\udbff\udfff", '"{value}"']) expect(decodeInput(encodeInput(s)!)).to.equal(s);
  });
});

describe("fuzz campaign: minimise", () => {
  it("reaches a 1-minimal input that keeps the failure", async () => {
    const input = "http://user@example.com:8080/a/b/c?query=1&b=2#fragment";
    const fails = (s: string) => s.includes("@") && s.includes("?") && s.indexOf("@") < s.indexOf("?");
    const m = await minimise(input, fails);
    expect(m.input).to.equal("@?");
    expect(m.complete).to.equal(true);
  });
  it("works on code points: a lone surrogate is one character, an astral character is not split", async () => {
    const m = await minimise("ab\ud83d\ude00cd\ud800ef", (s) => s.includes("\ud83d\ude00") && /\ud800(?![\udc00-\udfff])/.test(s));
    expect(m.input).to.equal("\ud83d\ude00\ud800");
  });
  it("stops at its test budget and says so", async () => {
    const m = await minimise("x".repeat(200), (s) => s.length > 10, { maxTests: 5 });
    expect(m.complete).to.equal(false);
    expect(m.tests).to.be.at.most(5);
  });
});

/** A small campaign with a planted mistake, recording into a fresh regression file. */
async function plantedCampaign(plant: string, o: Partial<CampaignOptions> = {}): Promise<{ summary: CampaignSummary; file: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "fuzz-plant-"));
  const file = join(dir, "regressions.tsv");
  const summary = await runCampaign({ specs: ["draft-2003"], count: 400, seed: 1, jobs: 1, timeoutMs: 5000, regressions: file, minimiseSeconds: 30, plant: { module: PLANTS, name: plant }, ...o });
  return { summary, file, dir };
}

describe("fuzz campaign: planted mistakes are caught, minimised and replayed @slow", function () {
  this.timeout(300_000);

  const oneOf = (xs: string[]) => ({ says: `one of ${JSON.stringify(xs.join(""))}`, holds: (s: string) => xs.includes(s) });
  const cases: { plant: string; entry: string; property: string; minimal: { says: string; holds: (s: string) => boolean }; options?: Partial<CampaignOptions> }[] = [
    { plant: "formatDropsTilde", entry: "format", property: "format-round-trip", minimal: oneOf(["~"]) },
    { plant: "validateRejectsMark", entry: "validate", property: "validate-equals-parse", minimal: oneOf([...MARK]) },
    { plant: "resolveThrowsOnBracket", entry: "resolve", property: "no-throw", minimal: oneOf(["["]) },
    // the library's convention: an invalid input's error is parse()'s, an unknown spec is an error value
    { plant: "normalizeOwnError", entry: "normalize", property: "error-is-parse-error", minimal: { says: "one character draft-2003 rejects", holds: (s) => s.length === 1 && !parse(s).ok } },
    { plant: "explainIgnoresUnknownSpec", entry: "explain", property: "bad-options-error-value", minimal: oneOf([""]), options: { every: { explain: 1 } } },
    // the widened campaign (issue 25): edited ASTs, and the hostile option shapes of every export
    { plant: "formatThrowsOnSymbol", entry: "format", property: "no-throw-edited-ast", minimal: oneOf([""]) },
    { plant: "checkThrowsOnStringList", entry: "check", property: "bad-options-error-value", minimal: oneOf([""]), options: { count: 6000, entries: ["check"] } },
  ];
  for (const c of cases) {
    it(`${c.plant}: found in ${c.options?.count ?? 400} inputs, minimised to ${c.minimal.says}, failed by the replay until the mistake is gone`, async () => {
      const { summary, file, dir } = await plantedCampaign(c.plant, c.options);
      try {
        const f = summary.failures.find((x) => x.entry === c.entry && x.property === c.property);
        expect(f, formatSummary(summary)).to.not.equal(undefined);
        expect(f!.status).to.equal("new");
        expect(c.minimal.holds(JSON.parse(f!.minimised)), `${f!.minimised}: ${f!.detail}`).to.equal(true);
        expect(f!.minimiseComplete).to.equal(true);
        // the regression file holds it ...
        const rows = readRegressions(file);
        const row = rows.find((r) => r.entry === c.entry && r.property === c.property);
        expect(row, readFileSync(file, "utf8")).to.not.equal(undefined);
        expect(row!.input).to.equal(f!.minimised);
        expect(row!.foundBy).to.match(/^seed 1 input \d+ \(\w+\)$/);
        // ... the replay fails it while the mistake is there, and passes on the real entry points
        const [broken] = await replayRegressions([row!], { timeoutMs: 5000, plant: { module: PLANTS, name: c.plant } });
        expect(broken.failed, broken.detail).to.equal(true);
        const [fixed] = await replayRegressions([row!], { timeoutMs: 5000 });
        expect(fixed.failed, fixed.detail).to.equal(false);
        expect(fixed.stalled).to.equal(false);
        if (c.plant !== "formatDropsTilde") return;
        // a second run with the same seed finds the same failure and does not write it again ...
        const rerun = () => runCampaign({ specs: ["draft-2003"], count: 400, seed: 1, jobs: 1, timeoutMs: 5000, regressions: file, plant: { module: PLANTS, name: c.plant } });
        const again = await rerun();
        const same = again.failures.find((x) => x.entry === c.entry && x.property === c.property)!;
        expect(same.status).to.equal("recorded");
        expect(again.unexpected).to.equal(summary.unexpected);
        expect(readRegressions(file).length).to.equal(rows.length);
        // ... and once the row is marked as an expected failure, it is "known" and not counted
        const marked = readFileSync(file, "utf8")
          .split("\n")
          .map((line) => (line.split("\t")[1] === "format" ? line.replace(/\t-$/, "\tfails: a planted mistake") : line));
        writeFileSync(file, marked.join("\n"));
        const third = await rerun();
        const known = third.failures.find((x) => x.entry === c.entry && x.property === c.property)!;
        expect(known.status).to.equal("known");
        expect(known.knownReason).to.equal("a planted mistake");
        expect(third.unexpected).to.equal(summary.unexpected - 1);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it("normalizeHangsOnAt: a hang is a failure naming its input and entry point; the campaign finishes every other input", async () => {
    const { summary, file, dir } = await plantedCampaign("normalizeHangsOnAt", { count: 40, timeoutMs: 1000, minimiseSeconds: 60 });
    try {
      const f = summary.failures.find((x) => x.property === "finishes-in-time");
      expect(f, formatSummary(summary)).to.not.equal(undefined);
      expect(f!.entry).to.equal("normalize");
      expect(f!.detail).to.match(/normalize ran over 1000 ms/);
      expect(JSON.parse(f!.input)).to.include("@");
      expect(JSON.parse(f!.minimised)).to.equal("@");
      // every input was answered: none lost with the terminated threads
      expect(summary.perSpec["draft-2003"].inputs).to.equal(40);
      const row = readRegressions(file).find((r) => r.property === "finishes-in-time")!;
      const [replayed] = await replayRegressions([row], { timeoutMs: 1000, plant: { module: PLANTS, name: "normalizeHangsOnAt" } });
      expect(replayed.failed).to.equal(true);
      expect(replayed.stalled).to.equal(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

});

describe("fuzz campaign: the real entry points", function () {
  this.timeout(180_000);
  it("a small run with every entry point on every input checks every property of the table on some input (none is skipped in silence)", async () => {
    const every = Object.fromEntries(entryNames().map((e) => [e, 1]));
    const summary = await runCampaign({ count: 150, seed: 3, jobs: 1, timeoutMs: 10_000, regressions: null, every });
    const checked = new Map<string, number>();
    for (const [k, counts] of Object.entries(summary.outcomes)) {
      const key = k.split("\t")[1];
      const n = Object.entries(counts).reduce((sum, [outcome, c]) => sum + (outcome === "n/a" ? 0 : c), 0);
      checked.set(key, (checked.get(key) ?? 0) + n);
    }
    for (const row of propertyTable(ENTRY_TABLE)) expect(checked.get(`${row.entry} ${row.name}`) ?? 0, `${row.entry} ${row.name}`).to.be.greaterThan(0);
    for (const spec of availableSpecIds()) expect(summary.perSpec[spec].inputs).to.equal(150);
    const text = formatSummary(summary);
    // The documented exceptions are counted in the summary by name.
    expect(text).to.match(/excused/);
    expect(text).to.include("exception resolution-on-strings-without-grammar: in draft-1993");
  });
});

describe("fuzz campaign: documented exceptions", () => {
  it("rfc3986's resolution of ..//c against x:a/b (path //c, no authority) fails resolved-reference-is-absolute, excused by name; draft-2003's holds", () => {
    const rows = propertyTable(ENTRY_TABLE).filter((r) => r.entry === "resolve");
    const outcome = (spec: string) => checkCase(rows, new CaseRun(ENTRY_TABLE, { spec, input: "..//c", context: { base: "x:a/b" } })).outcomes.get("resolve resolved-reference-is-absolute");
    expect(outcome("rfc3986")).to.deep.equal(["excused:rfc3986-resolution-path-begins-with-two-slashes"]);
    expect(outcome("draft-2003")).to.deep.equal(["holds"]);
  });

  it("whatwg-2026-06-25's resolution of .// against http://a (http://a//, no validation error, which its grammar rejects) fails resolved-reference-parses, excused by name; whatwg's holds", () => {
    const rows = propertyTable(ENTRY_TABLE).filter((r) => r.entry === "resolve");
    const outcome = (spec: string, input: string) => checkCase(rows, new CaseRun(ENTRY_TABLE, { spec, input, context: { base: "http://a" } })).outcomes.get("resolve resolved-reference-parses");
    expect(outcome("whatwg-2026-06-25", ".//")).to.deep.equal(["excused:url-standard-parser-output-its-grammar-rejects"]);
    expect(outcome("whatwg", ".//")).to.deep.equal(["holds"]);
  });

  it("rfc8089's resolution of g?y against file:///a/b (file:///a/g?y: a query, which file-URI has not) fails resolved-reference-parses, excused by name; rfc6874's holds, and a base its scheme's production refuses is refused", () => {
    const rows = propertyTable(ENTRY_TABLE).filter((r) => r.entry === "resolve");
    const outcome = (spec: string, input: string) => checkCase(rows, new CaseRun(ENTRY_TABLE, { spec, input, context: { base: "file:///a/b" } })).outcomes.get("resolve resolved-reference-parses");
    expect(outcome("rfc8089", "g?y")).to.deep.equal(["excused:rfc3986-resolution-target-outside-the-schemes-production"]);
    expect(outcome("rfc6874", "g?y")).to.deep.equal(["holds"]);
    // planted: the exception covers only targets the generic syntax accepts: a file base that is no file-URI is refused before resolution
    const r = resolve("file:", "g", { spec: "rfc8089" });
    expect(r.ok === false && r.error.code).to.equal("invalid-base");
    expect(resolve("file:", "g", { spec: "rfc6874" }).ok).to.equal(true);
    const ref = resolve("http://a/", "file:", { spec: "rfc8089" });
    expect(ref.ok === false && ref.error.code).to.equal("invalid-reference");
  });
});

describe("fuzz campaign: the command (npm run fuzz)", function () {
  this.timeout(180_000);
  const CLI = join(__dirname, "fuzz", "cli.js");
  const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });

  it("usage errors exit 2 with a message naming what exists", () => {
    for (const [args, message] of [
      [["--spec", "draft-1999"], /unknown revision draft-1999; available: draft-1993, .* or all/],
      [["--entry", "parse,frobnicate"], /unknown entry point frobnicate; there are: parse, validate/],
      [["--count", "0"], /--count must be a positive integer/],
      [["--jobs", "100000"], /--jobs 100000 is more than the \d+ cores/],
    ] as [string[], RegExp][]) {
      const r = run(args);
      expect(r.status, args.join(" ")).to.equal(2);
      expect(r.stderr).to.match(message);
    }
    expect(run(["--help"]).status).to.equal(0);
  });

  it("a run prints the summary on standard output and exits 0 when it finds nothing unexpected", () => {
    const dir = mkdtempSync(join(tmpdir(), "fuzz-cli-"));
    try {
      const r = run(["--spec", "draft-1997", "--count", "40", "--seed", "5", "--jobs", "1", "--no-progress", "--regressions", join(dir, "none.tsv")]);
      expect(r.status, r.stderr + r.stdout).to.equal(0);
      expect(r.stdout).to.match(/^fuzz: seed 5, 40 inputs in /);
      expect(r.stdout).to.match(/draft-1997 +40 /);
      expect(r.stdout).to.include("failures: none");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
