/// <reference path="../grammar/whatwg/whatwg-url.d.ts" />
// The WHATWG revisions (grammar/whatwg, grammar/whatwg-2026-06-25) against readings of the standard
// that are not ours: whatwg-url 17.3.0's validator (isValidURLString, its own reading of §4.3) and
// parser (§4.4), and the web-platform-tests' URL data (test/data/wpt/urltestdata.json, whose
// expectations whatwg-url reproduces). Planted: the older snapshot's grammar must disagree with the
// later validator, so each comparison can fail.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { basicURLParse, isValidURLString, parseURLWithValidationErrors, type UrlRecord } from "whatwg-url";
import { compareInput, explain, parse, resolve, validate } from "../src";
import { getRevision, type SpecId } from "../src/revisions";
import { classifyBase } from "../grammar/whatwg/parser";
import { parserAgreement, parserAgreementOf } from "../src/ops/parser-agreement";
import { readTable } from "./support/table";
import { whatwgStrings } from "./support/whatwg-strings";

const ROOT = join(__dirname, "..", "..");
const WHATWG = "whatwg" as SpecId;
const OLDER = "whatwg-2026-06-25" as SpecId;

/** One base URL of each class the grammar's @base-rule lines name (none: no base), as the descriptor gives them. */
const BASES: readonly [string, string | undefined][] = Object.entries(getRevision(WHATWG)!.baseRules!.examples).map(([cls, base]) => [cls, base ?? undefined]);

interface WptTest { input: string; base: string | null; href?: string; failure?: boolean }

function wptTests(): WptTest[] {
  const data = JSON.parse(readFileSync(join(ROOT, "test", "data", "wpt", "urltestdata.json"), "utf8")) as unknown[];
  return data.filter((t): t is WptTest => typeof t === "object" && t !== null && typeof (t as WptTest).input === "string");
}

/** The standard's validator (whatwg-url's reading of §4.3) on an input against a base (undefined: none). */
function validatorSays(input: string, base: string | undefined): boolean {
  const baseURL: UrlRecord | null = base === undefined ? null : basicURLParse(base);
  return isValidURLString(input, { baseURL });
}

/** The inputs (with their bases) on which a revision's grammar and the validator answer differently. */
function disagreements(spec: SpecId, cases: Iterable<[string, string | undefined]>): string[] {
  const out: string[] = [];
  for (const [input, base] of cases) {
    const ours = validate(input, base === undefined ? { spec } : { spec, base });
    if (ours !== validatorSays(input, base)) out.push(`${JSON.stringify(input)}${base === undefined ? "" : ` against ${base}`}: grammar ${ours ? "valid" : "invalid"}`);
  }
  return out;
}

describe("whatwg: the URL Standard's valid URL string", () => {
  it("classes each base as the standard switches on it (opaque path first, then the scheme, then a file URL's host)", () => {
    for (const [cls, base] of BASES) {
      if (base === undefined) continue;
      const c = classifyBase(base);
      expect(c.ok && c.class, base).to.equal(cls);
    }
    const none = classifyBase("not a url");
    expect(none.ok).to.equal(false);
  });

  it("the document's examples with a base name the start rule of that base's class", () => {
    const rows = readTable("grammar/whatwg/examples.tsv").filter((r) => r.source.includes(", base "));
    expect(rows.length).to.be.at.least(5);
    const rules = getRevision(WHATWG)!.baseRules!.rules;
    for (const r of rows) {
      const base = /, base (\S+):/.exec(r.source)![1];
      const c = classifyBase(base);
      expect(c.ok && rules[c.class], `${r.file}:${r.line}`).to.equal(r.rule);
      // The base option picks the same rule, and gives the table's verdict.
      expect(validate(r.input, { spec: WHATWG, base }), `${r.file}:${r.line}`).to.equal(r.valid);
    }
  });

  it("the own cases agree with whatwg-url's validator, an independent reading of §4.3", () => {
    const rows = readTable("grammar/whatwg/edges.tsv");
    expect(rows.length).to.be.greaterThan(60);
    const cases = rows.map((r): [string, string | undefined] => [r.input, /^base (\S+):/.exec(r.source)?.[1]]);
    expect(disagreements(WHATWG, cases)).to.deep.equal([]);
  });

  // WPT: 891 inputs with a base or none. The grammar must answer as the validator on every one, and
  // (the claim of whatwg/url's commits of 2026-06-30 to 07-02) a valid URL string is exactly an input
  // the parser reads without a validation error.
  it("answers as the validator on every web-platform-tests URL input, and valid is exactly 'parses with no validation error'", () => {
    const tests = wptTests();
    expect(tests).to.have.length(891);
    const cases = tests.map((t): [string, string | undefined] => [t.input, t.base ?? undefined]);
    expect(disagreements(WHATWG, cases)).to.deep.equal([]);
    let valid = 0;
    const gaps: string[] = [];
    for (const [input, base] of cases) {
      const baseURL = base === undefined ? null : basicURLParse(base);
      if (base !== undefined && baseURL === null) continue;
      const { url, validationErrors } = parseURLWithValidationErrors(input, { baseURL });
      const clean = url !== null && validationErrors.length === 0;
      const ours = validate(input, base === undefined ? { spec: WHATWG } : { spec: WHATWG, base });
      if (ours) valid++;
      if (ours !== clean) gaps.push(JSON.stringify(input));
    }
    expect(gaps).to.deep.equal([]);
    expect(valid).to.equal(355);
  });

  it("the 2026-06-25 snapshot disagrees with the later validator on WPT inputs (planted: the comparison can fail)", () => {
    const cases = wptTests().map((t): [string, string | undefined] => [t.input, t.base ?? undefined]);
    expect(disagreements(OLDER, cases).length).to.be.greaterThan(0);
  });

  it("agrees with the validator on 3,000 generated strings per class of base URL", () => {
    for (const [cls, base] of BASES) {
      const next = whatwgStrings(cls.length * 7919 + 42);
      const cases = Array.from({ length: 3000 }, (): [string, string | undefined] => [next(), base]);
      expect(disagreements(WHATWG, cases), cls).to.deep.equal([]);
    }
  });

  it("the generated strings find the 2026-06-25 snapshot's differences (planted)", () => {
    const found = BASES.flatMap(([cls, base]) => {
      const next = whatwgStrings(cls.length * 7919 + 42);
      return disagreements(OLDER, Array.from({ length: 3000 }, (): [string, string | undefined] => [next(), base]));
    });
    expect(found.length).to.be.greaterThan(0);
  });

  // Resolution is the parser's (§4.4 with a base): on every WPT input that is a valid URL string
  // against a base that is one too, resolve() gives the href WPT expects.
  it("resolves as WPT expects where the base and the reference are valid URL strings", () => {
    let n = 0;
    for (const t of wptTests()) {
      if (t.base === null || t.failure === true || !validate(t.base, { spec: WHATWG }) || !validate(t.input, { spec: WHATWG, base: t.base })) continue;
      const r = resolve(t.base, t.input, { spec: WHATWG });
      expect(r.ok && r.kind === "uri" && r.uri, `${t.input} against ${t.base}`).to.equal(t.href);
      n++;
    }
    expect(n).to.be.greaterThan(100);
  });

  it("resolve() refuses an invalid base and an invalid reference with the grammar's error", () => {
    const base = resolve("https:example.org", "x", { spec: WHATWG });
    expect(!base.ok && "error" in base && base.error.code).to.equal("invalid-base");
    const ref = resolve("https://example.org/", "a b", { spec: WHATWG });
    expect(!ref.ok && "error" in ref && ref.error.code).to.equal("invalid-reference");
    const ok = resolve("file:///C:/demo", "..", { spec: WHATWG });
    expect(ok.ok && ok.kind === "uri" && ok.uri).to.equal("file:///C:/");
  });

  it("the base option: a base that is no URL is an error value; without a base, a relative string is invalid and the message says why", () => {
    const bad = parse("x", { spec: WHATWG, base: "no base" });
    expect(!bad.ok && bad.error.code).to.equal("invalid-base");
    const rel = parse("x", { spec: WHATWG });
    expect(!rel.ok && rel.error.message).to.contain("base");
    expect(validate("x", { spec: WHATWG, base: "https://example.org/" })).to.equal(true);
  });

  it("the parser row reads what the standard's parser reads, with its validation errors", () => {
    const p = getRevision(WHATWG)!.parser!;
    expect(p.label).to.match(/^WHATWG URL parser \(whatwg-url \d+\.\d+\.\d+\)$/);
    const r = p.read("HTTP://EXAMPLE.com:80/a/../b\\c");
    expect(r.verdict).to.equal("valid");
    expect(r.components).to.deep.equal({ scheme: "http", userinfo: null, host: "example.com", port: null, path: "/b/c", query: null, fragment: null });
    expect(r.how).to.contain("invalid-reverse-solidus");
    expect(p.read("https://ex ample.org/").verdict).to.equal("invalid");
  });

  // §4.3's grammar against §4.4's "no validation error" (docs/whatwg.md has the full run, with a
  // million generated strings per class): on the strings through every transition of each start
  // rule's DFA, the two definitions agree in every class of base URL.
  it("the writing grammar and the parser's definition of valid agree on every transition of each class's DFA", () => {
    const r = parserAgreement(WHATWG);
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.bases.map((b) => b.baseClass)).to.deep.equal(BASES.map(([cls]) => cls));
    for (const b of r.bases) {
      expect(b.systematic, b.baseClass).to.be.greaterThan(10_000);
      expect(b.classes, b.baseClass).to.deep.equal([]);
    }
  });

  it("the comparison finds the 2026-06-25 snapshot's grammar apart from the later parser, in classes with witnesses (planted)", () => {
    const planted = { ...getRevision(OLDER)!, parser: getRevision(WHATWG)!.parser! };
    const r = parserAgreementOf(planted, { classes: ["special"] });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    const causes = r.bases[0].classes.map((c) => `${c.validBy}: ${c.cause}`);
    expect(causes.length, causes.join("; ")).to.be.greaterThan(0);
    expect(r.bases[0].classes.every((c) => c.shortest.length <= Math.min(...c.examples.map((e) => e.length), Infinity))).to.equal(true);
  });

  it("parserAgreement answers a revision without a parser, and bad options, with error values", () => {
    for (const [spec, options] of [["rfc3986", {}], [WHATWG, { classes: ["nope"] }], [WHATWG, { systematic: "yes" }], [WHATWG, { inputs: 3 }]] as const) {
      const r = parserAgreement(spec as SpecId, options as never);
      expect(!r.ok && r.error.code, JSON.stringify(options)).to.equal("invalid-option");
    }
    const thrown = parserAgreement(WHATWG, { classes: ["none"], systematic: false, inputs: () => { throw new Error("boom"); } });
    expect(!thrown.ok && thrown.error.message).to.contain("boom");
  });

  it("compare shows the parser as a row of its own beside the revisions, with its validation errors; none for the RFCs alone", () => {
    const r = compareInput("foo://h@x", { specs: ["rfc3986", WHATWG, OLDER] });
    expect(r.ok && r.cells.map((c) => [c.spec, c.valid])).to.deep.equal([["rfc3986", true], [OLDER, false], [WHATWG, false]]);
    expect(r.ok && r.parsers.map((p) => [p.of, p.verdict, p.components?.userinfo, p.validationErrors])).to.deep.equal([[[WHATWG], "valid", "h", ["invalid-credentials"]]]);
    const rfc = compareInput("foo://h@x", { specs: ["rfc3986"] });
    expect(rfc.ok && rfc.parsers).to.deep.equal([]);
  });

  it("explain names the validation error the parser would report, beside the grammar's sentence; no such line for the RFCs", () => {
    const x = explain("foo://u@h/", { spec: WHATWG });
    expect(x.ok && x.parser).to.match(/returns a URL for it, reporting the validation error invalid-credentials\.$/);
    const failure = explain("http://a b/", { spec: WHATWG });
    expect(failure.ok && failure.parser).to.match(/returns failure, reporting the validation error domain-to-ASCII\.$/);
    const rfc = explain("http://a b/", { spec: "rfc3986" });
    expect(rfc.ok && rfc.parser).to.equal(undefined);
  });
});
