// Resolution: both Appendix C tables and RFC 3986 §5.4 (verbatim, in order), our own cases, the lines
// where draft-1997 and draft-2003 (and draft-2003 and rfc3986) differ, and very long runs of "..".
import { SPEC_IDS, type SpecId } from "../src/revisions";
import { expect } from "chai";
import { resolve, resultText, type ResolveResult } from "../src/ops/resolve";
import { merge, removeDotSegments } from "../src/ops/resolve-3986";
import { readLines, readResolutionTable, type ResolutionCase } from "./support/resolution-table";
import { referenceDir, requireReferenceFile, requireSeedFile } from "./support/seeds";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const BASE = "http://a/b/c/d;p?q";

/** The answer in the tables' notation. */
function answer(r: ResolveResult): string {
  if (!r.ok) return `error:${r.error.code}`;
  if (r.kind === "not-defined") return "(not defined)";
  return resultText(r);
}

function runCase(c: ResolutionCase): void {
  const r = resolve(c.base, c.reference, c.options);
  const where = `${c.file}:${c.line} ${c.note}`;
  if (c.algorithm === null) {
    expect(answer(r), where).to.equal(c.expected);
  } else {
    // The document prints one answer and its own algorithm gives another: assert both facts.
    expect(answer(r), where).to.equal(c.algorithm);
    expect(answer(r), where).not.to.equal(c.expected);
  }
}

function seedSection(text: string, start: string, end: string): string {
  const i = text.indexOf(start);
  return text.slice(i, text.indexOf(end, i));
}

const APPENDICES = [
  { file: "appendix-c-draft-1997.tsv", seed: "001_a5df19b9d0d91704.txt", start: "C.1. Normal Examples", end: "D. Embedding", examples: 44, basePrinted: "Content-Base: http://a/b/c/d;p?q the relative URLs" },
  { file: "appendix-c-draft-2003.tsv", seed: "003_7726d06446aa98af.txt", start: "C.1 Normal Examples g:h", end: "Appendix D. Embedding", examples: 42, basePrinted: "base URI of http://a/b/c/d;p?q the relative URI" },
  // A reference document (page breaks and aligned columns): read with its whitespace collapsed.
  { file: "appendix-c-rfc2396.tsv", reference: "rfc2396.txt", start: "C.1. Normal Examples", end: "D. Embedding", examples: 42, basePrinted: "a well-defined base URI of http://a/b/c/d;p?q the relative URI" },
  // RFC 1808 §5 (5.1 and 5.2), printed "REF = <URL:ANSWER>" against a base with a fragment.
  { file: "section-5-rfc1808.tsv", reference: "rfc1808.txt", start: "5.1. Normal Examples", end: "5.3. Recommended Practice", examples: 39, basePrinted: "a well-defined base URL of Base: <URL:http://a/b/c/d;p?q#f> the relative URLs", base: "http://a/b/c/d;p?q#f" },
];

/** The document an Appendix C table was cut from: a seed as it is, a reference with its whitespace collapsed. */
function appendixText(context: Mocha.Context, a: { seed?: string; reference?: string }): string {
  if (a.reference !== undefined) return requireReferenceFile(context, a.reference).replace(/\s+/g, " ");
  return requireSeedFile(context, a.seed ?? "");
}

for (const a of APPENDICES) {
  const cases = readResolutionTable(a.file);
  describe(`resolution: ${a.file}`, () => {
    it(`holds every example of the seed's Appendix C, verbatim and in order (${a.examples})`, function () {
      // The seeds live outside the repository (test/support/seeds.ts finds them).
      const seed = appendixText(this, a);
      expect(seed).to.include(a.basePrinted);
      const section = seedSection(seed, a.start, a.end);
      expect(section.length).to.be.greaterThan(1000);
      // Each example is printed "REF = ANSWER": count the " = " in the section.
      expect(section.split(" = ").length - 1, "examples in the seed").to.equal(a.examples);
      const printed = cases.map((c) => c.printed!).filter((p, i, all) => i === 0 || p !== all[i - 1]);
      expect(printed.length, "distinct printed examples in the table").to.equal(a.examples);
      let at = 0;
      for (const p of printed) {
        const found = section.indexOf(p, at);
        expect(found, `"${p}" after offset ${at}`).to.be.at.least(0);
        at = found + p.length;
      }
      for (const c of cases) {
        expect(c.base).to.equal(a.base ?? BASE);
        const shown = c.reference === "" ? "<>" : c.reference;
        expect(c.printed!.startsWith(`${shown} = `), `${c.file}:${c.line}`).to.equal(true);
        expect(c.printed!.includes(c.expected), `${c.file}:${c.line}`).to.equal(true);
      }
    });
    for (const c of cases) {
      it(`${c.spec}${c.mode === "-" ? "" : ` (${c.mode})`}: ${c.printed}${c.algorithm ? ` [algorithm: ${c.algorithm}]` : ""}`, () => runCase(c));
    }
  });
}

// RFC 1630 "Partial (relative) form", Examples: verbatim and in order, from ../shared/references/rfc1630.txt.
describe("resolution: partial-form-rfc1630.tsv", () => {
  const cases = readResolutionTable("partial-form-rfc1630.tsv");
  it("holds every example of RFC 1630's Partial (relative) form, verbatim and in order (5, and the second context's \"exactly the same\")", function () {
    const text = requireReferenceFile(this, "rfc1630.txt");
    const section = seedSection(text, "In the context of URI", "Fragment-id");
    const flat = (s: string) => s.split(/\s+/).filter((w) => w !== "").join(" ");
    const lines = section.split("\n").map(flat).filter((l) => /^\S+ (magic:\/\/\S+|g:h)$/.test(l));
    expect(lines, "examples printed").to.have.length(5);
    expect(flat(section)).to.include("In the context of URI magic://a/b/c//d/e/f the partial URIs would expand as follows:");
    expect(flat(section)).to.include("and in the context of the URI magic://a/b/c//d/e/ the results would be exactly the same.");
    expect(cases.map((c) => c.printed)).to.deep.equal([...lines, ...lines]);
    expect([...new Set(cases.map((c) => c.base))]).to.deep.equal(["magic://a/b/c//d/e/f", "magic://a/b/c//d/e/"]);
    for (const c of cases) expect(c.printed).to.equal(`${c.reference} ${c.expected}`);
  });
  for (const c of cases) {
    it(`${c.spec}: ${c.reference} against ${c.base} = ${c.expected}${c.algorithm ? ` [rules: ${c.algorithm}]` : ""}`, () => runCase(c));
  }
});

describe("resolution: own-cases.tsv", () => {
  for (const c of readResolutionTable("own-cases.tsv")) {
    it(`${c.spec}${c.mode === "-" ? "" : ` (${c.mode})`}: ${JSON.stringify(c.reference)} against ${c.base} = ${c.expected}`, () => runCase(c));
  }
});

describe("resolution: differences-1997-2003.tsv", () => {
  const rows = readLines("differences-1997-2003.tsv").map(({ line, cols }) => ({ line, reference: cols[0], a1997: cols[1], a2003: cols[2], why: cols[3] }));
  for (const row of rows) {
    it(`${JSON.stringify(row.reference)}: draft-1997 ${row.a1997}, draft-2003 ${row.a2003}`, () => {
      const r1997 = answer(resolve(BASE, row.reference, { spec: "draft-1997" }));
      const r2003 = answer(resolve(BASE, row.reference, { spec: "draft-2003" }));
      expect(r1997, row.why).to.equal(row.a1997);
      expect(r2003, row.why).to.equal(row.a2003);
      expect(r1997).not.to.equal(r2003);
    });
  }
  it("lists every Appendix C reference whose answers differ, and the Appendix C tables agree with it", () => {
    const listed = new Set(rows.map((r) => r.reference));
    const references = new Set<string>();
    for (const a of APPENDICES) for (const c of readResolutionTable(a.file)) references.add(c.reference);
    const differing = [...references].filter((ref) => answer(resolve(BASE, ref, { spec: "draft-1997" })) !== answer(resolve(BASE, ref, { spec: "draft-2003" })));
    expect(differing.sort()).to.deep.equal([...listed].sort());
    // The printed answers say the same: for references printed in both tables (default mode rows).
    const printed = (file: string) => new Map(readResolutionTable(file).filter((c) => c.mode === "-").map((c) => [c.reference, c.expected]));
    const p1997 = printed("appendix-c-draft-1997.tsv");
    const p2003 = printed("appendix-c-draft-2003.tsv");
    const printedDiffering = [...p1997.keys()].filter((ref) => p2003.has(ref) && p1997.get(ref) !== p2003.get(ref));
    expect(printedDiffering.sort()).to.deep.equal(rows.filter((r) => p1997.has(r.reference) && p2003.has(r.reference)).map((r) => r.reference).sort());
  });
});

describe("resolution: results are values", () => {
  it("a reference to the current document is not a string", () => {
    const r = resolve(BASE, "#s", { spec: "draft-1997" });
    expect(r.ok && r.kind).to.equal("current-document");
    expect(r.ok && r.kind === "current-document" && r.fragment).to.equal("s");
    const empty = resolve(BASE, "", { spec: "draft-2003" });
    expect(empty.ok && empty.kind === "current-document" && empty.fragment).to.equal(null);
  });
  it("draft-1994 and rfc1738 answer 'not defined' with the document's words", function () {
    for (const spec of ["draft-1994", "rfc1738"] as const) {
      const r = resolve(BASE, "g", { spec });
      expect(r.ok && r.kind).to.equal("not-defined");
      if (!(r.ok && r.kind === "not-defined")) continue;
      const seed = requireSeedFile(this, r.citation.seed).split("\n");
      expect(seed[r.citation.line! - 1] + (seed[r.citation.line!] ?? "")).to.include(r.citation.quote);
      // A translated seed's citation gives the document's own words too, at their line of the RFC as published.
      const o = r.citation.translated?.original;
      const refs = referenceDir();
      if (o && refs) {
        const lines = readFileSync(join(refs, o.file), "utf8").split("\n");
        expect(`${lines[o.line - 1]} ${lines[o.line] ?? ""}`.replace(/\s+/g, " ")).to.include(o.quote);
      }
    }
    const rfc1738 = resolve(BASE, "g", { spec: "rfc1738" });
    expect(rfc1738.ok && rfc1738.kind === "not-defined" && rfc1738.citation.translated?.language).to.equal("Chinese");
  });
  it("an invalid base or reference is an error value carrying the parse error", () => {
    const r = resolve("not a base", "g", { spec: "draft-2003" });
    expect(r.ok).to.equal(false);
    if (!r.ok) {
      expect(r.error.code).to.equal("invalid-base");
      expect("parseError" in r.error && r.error.parseError?.code).to.equal("syntax");
    }
    const u = resolve(BASE, "g", { spec: "draft-2525" as SpecId });
    expect(!u.ok && u.error.code).to.equal("unknown-spec");
    expect(() => resolve(undefined as unknown as string, "g")).not.to.throw();
  });
});

describe("resolution: rfc2396 §5, an unsuitable (opaque) base", () => {
  // §5: "relative URI cannot be used within a document that has an unsuitable base URI".
  const rows: [base: string, reference: string, answer: string][] = [
    ["news:comp.infosystems.www", ".", "unsuitable-base"],
    ["news:comp.infosystems.www", "g", "unsuitable-base"],
    ["foo:b", "../..", "unsuitable-base"],
    ["news:comp.infosystems.www", "#f", "current-document"],
    ["news:comp.infosystems.www", "//h/g", "unsuitable-base"],
    ["news:comp.infosystems.www", "mailto:a@b", "mailto:a@b"],
    ["http:/a/b", "g", "http:/a/g"],
  ];
  for (const spec of ["rfc2396", "rfc2732"] as const) {
    for (const [base, reference, answer] of rows) {
      it(`${spec}: "${reference}" against "${base}" is ${answer}`, () => {
        const r = resolve(base, reference, { spec });
        const got = r.ok ? (r.kind === "uri" ? r.uri : r.kind) : r.error.code;
        expect(got).to.equal(answer);
        if (!r.ok) expect(r.error.section).to.equal("§5");
      });
    }
  }
});

describe("resolution: thousands of '..' segments", () => {
  const n = 5000;
  // The revisions whose algorithm keeps ".." above the root (Appendix C's "../../../g" = "http://a/../g").
  const keeping = SPEC_IDS.filter((spec) => answer(resolve(BASE, "../../../g", { spec })) === "http://a/../g");
  it("some revisions keep \"..\" above the root", () => expect(keeping.length).to.be.greaterThan(2));
  for (const spec of keeping) {
    it(`${spec}: ${n} "../" above the root, and ${n} that climb back down, without stack overflow`, () => {
      const up = resolve(BASE, "../".repeat(n) + "g", { spec });
      // draft-1993 and the "keep" choice leave the surplus ".." in the path.
      expect(answer(up)).to.equal("http://a/" + "../".repeat(n - 2) + "g");
      const deep = resolve("http://a/" + "x/".repeat(n) + "d", "../".repeat(n) + "g", { spec });
      expect(answer(deep)).to.equal("http://a/g");
    });
  }
  it(`rfc1630: ${n} "../" climb down "xxx/../" by "xxx/../" (the host too: it is a path element of the generic syntax), without stack overflow`, () => {
    const deep = resolve("http://a/" + "x/".repeat(n) + "d", "../".repeat(n) + "g", { spec: "rfc1630" });
    expect(answer(deep)).to.equal("http://a/g");
    expect(answer(resolve(BASE, "../".repeat(n) + "g", { spec: "rfc1630" }))).to.equal("http://" + "../".repeat(n - 3) + "g");
  });
  it(`draft-2003 remove choice drops ${n} leading ".."`, () => {
    expect(answer(resolve(BASE, "../".repeat(n) + "g", { dotSegments: "remove" }))).to.equal("http://a/g");
  });
});

// RFC 3986 §5.4: the examples, verbatim and in order, from ../shared/references/rfc3986.txt.

describe("resolution: section-5.4-rfc3986.tsv", () => {
  const cases = readResolutionTable("section-5.4-rfc3986.tsv");
  it("holds every example line of §5.4.1 and §5.4.2, verbatim and in order (23 normal, 19 abnormal and the second http:g answer)", function () {
    const lines = requireReferenceFile(this, "rfc3986.txt").split("\n");
    const from = lines.findIndex((l) => l.startsWith("5.4.1.  Normal Examples"));
    const to = lines.findIndex((l) => l.startsWith("6.  Normalization and Comparison"));
    const printed = lines.slice(from, to).filter((l) => /^\s+("[^"]*"\s+)?=\s+"/.test(l) || /^\s+\/\s+"/.test(l)).map((l) => l.trim());
    expect(printed.filter((l) => l.startsWith('"')).length, "examples in §5.4").to.equal(23 + 19);
    expect(cases.map((c) => c.printed)).to.deep.equal(printed);
    for (const c of cases) {
      expect(c.base).to.equal(BASE);
      expect(c.printed!.includes(`"${c.expected}"`), `${c.file}:${c.line}`).to.equal(true);
      if (c.printed!.startsWith('"')) expect(c.printed!.startsWith(`"${c.reference}"`), `${c.file}:${c.line}`).to.equal(true);
    }
  });
  for (const c of cases) {
    it(`${c.spec}${c.mode === "-" ? "" : ` (${c.mode})`}: ${c.printed}`, () => runCase(c));
  }
  it("every answer is a valid rfc3986 URI, and resolving it again against the base changes nothing", () => {
    for (const c of cases) {
      const r = resolve(BASE, c.reference, c.options);
      expect(r.ok && r.kind === "uri", c.printed!).to.equal(true);
      const again = resolve(BASE, answer(r), c.options);
      expect(answer(again), c.printed!).to.equal(answer(r));
    }
  });
  it("differs from draft-2003 exactly where RFC 3986 changed the algorithm", () => {
    // The empty and fragment-only references give the base (§5.2.2 "T.path = Base.path; ... T.query =
    // Base.query"), not "the current document"; remove_dot_segments (§5.2.4) drops ".." above the root
    // and applies to absolute paths too; strict is the default (§5.2.2).
    const differing = new Map<string, [string, string]>();
    for (const c of cases) {
      const a = answer(resolve(BASE, c.reference, { spec: "draft-2003" }));
      const b = answer(resolve(BASE, c.reference, { spec: "rfc3986" }));
      if (a !== b) differing.set(c.reference, [a, b]);
    }
    expect(Object.fromEntries(differing)).to.deep.equal({
      "#s": ["(current document)#s", "http://a/b/c/d;p?q#s"],
      "": ["(current document)", "http://a/b/c/d;p?q"],
      "../../../g": ["http://a/../g", "http://a/g"],
      "../../../../g": ["http://a/../../g", "http://a/g"],
      "/./g": ["http://a/./g", "http://a/g"],
      "/../g": ["http://a/../g", "http://a/g"],
      "http:g": ["http://a/b/c/g", "http:g"],
    });
  });
});

describe("resolution: rfc3986 §5.2.3 merge and §5.2.4 remove_dot_segments", () => {
  it("reproduces both buffer traces §5.2.4 prints, step by step", () => {
    // STEP   OUTPUT BUFFER         INPUT BUFFER (the two tables of §5.2.4, as printed)
    const traces: [string, [string, string, string][]][] = [
      ["/a/b/c/./../../g", [["1", "", "/a/b/c/./../../g"], ["2E", "/a", "/b/c/./../../g"], ["2E", "/a/b", "/c/./../../g"], ["2E", "/a/b/c", "/./../../g"], ["2B", "/a/b/c", "/../../g"], ["2C", "/a/b", "/../g"], ["2C", "/a", "/g"], ["2E", "/a/g", ""]]],
      ["mid/content=5/../6", [["1", "", "mid/content=5/../6"], ["2E", "mid", "/content=5/../6"], ["2E", "mid/content=5", "/../6"], ["2C", "mid", "/6"], ["2E", "mid/6", ""]]],
    ];
    for (const [path, want] of traces) {
      const got: [string, string, string][] = [];
      const result = removeDotSegments(path, (s) => got.push([s.step, s.output, s.input]));
      expect(got, path).to.deep.equal(want);
      expect(result).to.equal(want[want.length - 1][1]);
    }
  });
  it("the traces are the RFC's own (the text holds each printed row)", function () {
    const text = requireReferenceFile(this, "rfc3986.txt");
    for (const row of ["1 :                         /a/b/c/./../../g", "2B:   /a/b/c                /../../g", "2C:   /a                    /g", "2E:   /a/g", "2C:   mid                   /6", "2E:   mid/6"]) expect(text).to.include(row);
  });
  it("handles each step's edge: a final \"/.\" and \"/..\", lone \".\" and \"..\", and no \"/\" at all", () => {
    const cases: [string, string][] = [["/a/.", "/a/"], ["/a/..", "/"], ["/..", "/"], [".", ""], ["..", ""], ["../a", "a"], ["./a", "a"], ["a", "a"], ["/a/b/../../..", "/"], ["a/..", "/"], ["a/../b", "/b"], ["/.a/..b/...", "/.a/..b/..."], ["//", "//"], ["/./", "/"], ["", ""]];
    for (const [input, want] of cases) expect(removeDotSegments(input), JSON.stringify(input)).to.equal(want);
  });
  it("merges with a base that has an authority and an empty path (the first rule of §5.2.3)", () => {
    expect(merge("a", "", "g")).to.equal("/g");
    expect(merge(null, "", "g")).to.equal("g");
    expect(merge(null, "b", "g")).to.equal("g");
    expect(merge("a", "/b/c", "g")).to.equal("/b/g");
    expect(answer(resolve("http://a", "g", { spec: "rfc3986" }))).to.equal("http://a/g");
    expect(answer(resolve("foo:b", "g", { spec: "rfc3986" }))).to.equal("foo:g");
  });
  it(`runs in linear time on ${5000} ".." segments above the root and back`, () => {
    const n = 5000;
    expect(answer(resolve(BASE, "../".repeat(n) + "g", { spec: "rfc3986" }))).to.equal("http://a/g");
    expect(answer(resolve("http://a/" + "x/".repeat(n) + "d", "../".repeat(n) + "g", { spec: "rfc3986" }))).to.equal("http://a/g");
  });
  it("an invalid base (a fragment, §5.1) or reference is an error value", () => {
    expect(answer(resolve("http://a/b#f", "g", { spec: "rfc3986" }))).to.equal("error:invalid-base");
    expect(answer(resolve(BASE, "http://a:b/", { spec: "rfc3986" }))).to.equal("error:invalid-reference");
  });
});
