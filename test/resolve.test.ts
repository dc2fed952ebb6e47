// Resolution: both Appendix C tables (verbatim, in order), our own cases, the lines where draft-1997
// and draft-2003 differ, and very long runs of "..".
import type { SpecId } from "../src/revisions";
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { resolve, resultText, type ResolveResult } from "../src/ops/resolve";
import { readLines, readResolutionTable, type ResolutionCase } from "./support/resolution-table";

// The seeds live outside the repository (see /work/shared/seeds/README.md).
const SEEDS = process.env.URI_GRAMMARS_SEEDS ?? "/work/shared/seeds";
const haveSeeds = existsSync(SEEDS);
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

function seedSection(seed: string, start: string, end: string): string {
  const text = readFileSync(join(SEEDS, seed), "utf8");
  const i = text.indexOf(start);
  return text.slice(i, text.indexOf(end, i));
}

const APPENDICES = [
  { file: "appendix-c-draft-1997.tsv", seed: "001_a5df19b9d0d91704.txt", start: "C.1. Normal Examples", end: "D. Embedding", examples: 44, basePrinted: "Content-Base: http://a/b/c/d;p?q the relative URLs" },
  { file: "appendix-c-draft-2003.tsv", seed: "003_7726d06446aa98af.txt", start: "C.1 Normal Examples g:h", end: "Appendix D. Embedding", examples: 42, basePrinted: "base URI of http://a/b/c/d;p?q the relative URI" },
];

for (const a of APPENDICES) {
  const cases = readResolutionTable(a.file);
  describe(`resolution: ${a.file}`, () => {
    it(`holds every example of the seed's Appendix C, verbatim and in order (${a.examples})`, function () {
      if (!haveSeeds) this.skip();
      expect(readFileSync(join(SEEDS, a.seed), "utf8")).to.include(a.basePrinted);
      const section = seedSection(a.seed, a.start, a.end);
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
        expect(c.base).to.equal(BASE);
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
    if (!haveSeeds) this.skip();
    for (const spec of ["draft-1994", "rfc1738"] as const) {
      const r = resolve(BASE, "g", { spec });
      expect(r.ok && r.kind).to.equal("not-defined");
      if (!(r.ok && r.kind === "not-defined")) continue;
      const seed = readFileSync(join(SEEDS, r.citation.seed), "utf8").split("\n");
      expect(seed[r.citation.line! - 1] + (seed[r.citation.line!] ?? "")).to.include(r.citation.quote);
    }
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

describe("resolution: thousands of '..' segments", () => {
  const n = 5000;
  for (const spec of ["draft-1993", "draft-1997", "draft-2003"] as const) {
    it(`${spec}: ${n} "../" above the root, and ${n} that climb back down, without stack overflow`, () => {
      const up = resolve(BASE, "../".repeat(n) + "g", { spec });
      // draft-1993 and the "keep" choice leave the surplus ".." in the path.
      expect(answer(up)).to.equal("http://a/" + "../".repeat(n - 2) + "g");
      const deep = resolve("http://a/" + "x/".repeat(n) + "d", "../".repeat(n) + "g", { spec });
      expect(answer(deep)).to.equal("http://a/g");
    });
  }
  it(`draft-2003 remove choice drops ${n} leading ".."`, () => {
    expect(answer(resolve(BASE, "../".repeat(n) + "g", { dotSegments: "remove" }))).to.equal("http://a/g");
  });
});
