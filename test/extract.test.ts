// extract(): the documents' own examples and our edge cases (test/data/extract/), the delimiting
// table checked against the documents (quotes) and the grammars (characters), the API's error values
// and options, and the `extract` command.
import type { SpecId } from "../src/revisions";
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "../src/parse";
import { availableSpecIds, getRevision, SPEC_IDS } from "../src/revisions";
import {
  createExtractor,
  DELIMITING_RULES,
  delimitingRules,
  extract,
  extractAllSpecs,
  extractChunks,
  type ExtractedReference,
  type Repair,
} from "../src/ops/extract";
import { readRows } from "./support/table";
import { requireSeeds } from "./support/seeds";
import { runCliWithInput } from "./support/run-cli";

/** Every revision: a table row for "*" applies to each. */
const ALL: readonly SpecId[] = SPEC_IDS;

// ---- the tables ----

interface TextCase {
  id: string;
  seed: string;
  text: string;
  seedText: string | null;
  source: string;
  line: number;
}

function readTexts(file: string): Map<string, TextCase> {
  const out = new Map<string, TextCase>();
  for (const { line, cols } of readRows(`extract/${file}`, 5)) {
    const [id, seed, text, seedText, source] = cols;
    if (out.has(id)) throw new Error(`extract/${file}:${line}: id ${id} twice`);
    out.set(id, { id, seed, text, seedText: seedText === "=" ? text : seedText === "-" ? null : seedText, source, line });
  }
  return out;
}

interface Expected {
  line: number;
  at: string;
  wrapper: string;
  reference: string;
  verdict: string;
  repairs: string;
}

/**
 * (id, spec) -> the references expected, in order (an empty list: none); and the revisions the
 * table names by id (a row for "*" names none: it applies to every revision).
 */
function readExpectations(file: string): { expectations: Map<string, Expected[]>; named: Set<SpecId> } {
  const out = new Map<string, Expected[]>();
  const named = new Set<SpecId>();
  for (const { line, cols } of readRows(`extract/${file}`, 8)) {
    const [id, specField, at, wrapper, reference, verdict, repairs] = cols;
    const specs = specField === "*" ? ALL : (specField.split(",") as SpecId[]);
    if (specField !== "*") for (const spec of specs) named.add(spec);
    for (const spec of specs) {
      if (!ALL.includes(spec)) throw new Error(`extract/${file}:${line}: unknown revision ${spec}`);
      const key = `${id}\t${spec}`;
      if (!out.has(key)) out.set(key, []);
      if (at !== "-") out.get(key)!.push({ line, at, wrapper, reference, verdict, repairs });
    }
  }
  return { expectations: out, named };
}

function repairToken(r: Repair): string {
  switch (r.kind) {
    case "whitespace-removed":
      return r.lineBreak ? "ws-nl" : "ws";
    case "padding-removed":
      return "pad";
    case "hyphen-at-line-break":
      return r.kept ? "hyphen-kept" : "hyphen-dropped";
    case "trailing-punctuation":
      return `trail:${r.text}`;
    case "truncated":
      return "cut";
  }
}

function row(r: ExtractedReference): Omit<Expected, "line"> {
  return {
    at: `${r.start.line}:${r.start.column}`,
    wrapper: r.wrapper,
    reference: r.reference,
    verdict: r.verdict!.valid ? "valid" : `invalid@${r.verdict!.error!.offset}`,
    repairs: r.repairs.map(repairToken).join(",") || "-",
  };
}

function checkTable(textsFile: string, refsFile: string): void {
  const texts = readTexts(textsFile);
  const { expectations, named } = readExpectations(refsFile);
  it(`lists every text of ${textsFile} under every revision it names, and only those texts`, () => {
    for (const key of expectations.keys()) expect(texts.has(key.split("\t")[0]), `${refsFile}: ${key}`).to.equal(true);
    for (const id of texts.keys()) for (const spec of named) expect(expectations.has(`${id}\t${spec}`), `${refsFile} has no row for ${id} under ${spec}`).to.equal(true);
  });
  for (const [key, expected] of expectations) {
    const [id, spec] = key.split("\t") as [string, SpecId];
    it(`${id} under ${spec}: ${expected.length === 0 ? "no reference" : expected.map((e) => e.reference).join(" | ")}`, () => {
      const r = extract(texts.get(id)!.text, { spec });
      if (!r.ok) throw new Error(r.error.message);
      const where = `${refsFile} (${id}, ${spec}), lines ${expected.map((e) => e.line).join(",") || "-"}`;
      expect(r.references.map(row), where).to.deep.equal(expected.map(({ line, ...e }) => e));
    });
  }
}

describe("extract: the documents' own examples (test/data/extract/document-*.tsv)", () => {
  checkTable("document-texts.tsv", "document-references.tsv");

  it("takes every document text verbatim from its seed (a repaired text: the seed's words it repairs)", function () {
    const dir = requireSeeds(this);
    for (const t of readTexts("document-texts.tsv").values()) {
      const seed = readFileSync(join(dir, t.seed), "utf8");
      expect(seed.includes(t.seedText!), `${t.id}: not in ${t.seed}`).to.equal(true);
      if (t.seedText !== t.text) {
        // The only repair: restoring <...> references the seed's conversion dropped.
        expect(t.source.startsWith("@repair"), t.id).to.equal(true);
        expect(t.text.replace(/<[^<>]*>/g, ""), t.id).to.equal(t.seedText!.replace(/<[^<>]*>/g, ""));
      }
    }
  });

  it("extracts from the draft-2003 example exactly the references the document lists", () => {
    const texts = readTexts("document-texts.tsv");
    const list = texts.get("d2003-jim-list")!.text.replace("contains the URI references ", "").split(" ");
    expect(list).to.have.length(3);
    const found = extract(texts.get("d2003-jim-repaired")!.text, { spec: "draft-2003" });
    expect(found.ok && found.references.map((r) => r.reference)).to.deep.equal(list);
  });
});

describe("extract: our own edge cases (test/data/extract/own-*.tsv)", () => {
  checkTable("own-texts.tsv", "own-references.tsv");
});

// ---- the delimiting table against the documents and the grammars ----

describe("extract: the delimiting rules (src/revisions/delimiting.ts)", () => {
  it("has one row for each revision, in registry order (the build refuses a folder without its delimiting.ts)", () => {
    expect(DELIMITING_RULES.map((r) => r.spec)).to.deep.equal(ALL);
  });

  it("quotes each document word for word (whitespace aside), at the line it names", function () {
    const dir = requireSeeds(this);
    const squeeze = (s: string) => s.replace(/\s+/g, "");
    for (const rules of DELIMITING_RULES) {
      for (const q of rules.quotes) {
        const seed = readFileSync(join(dir!, q.seed), "utf8");
        const fromLine = seed.split("\n").slice(q.line - 1).join("\n");
        expect(squeeze(fromLine).includes(squeeze(q.text)), `${rules.spec} ${q.section}: ${q.text.slice(0, 60)}`).to.equal(true);
        // The quote starts on that line.
        const first = squeeze(seed.split("\n")[q.line - 1]);
        expect(first.includes(squeeze(q.text).slice(0, 12)), `${rules.spec} line ${q.line}`).to.equal(true);
        if (/[^\x00-\x7f“”]/.test(q.text.replace(/[\u00a0]/g, ""))) expect(q.gloss, `${rules.spec}: a non-English quote needs a gloss`).to.be.a("string");
      }
    }
  });

  // A character listed as "never part of a URL" of a revision must be rejected wherever it is put
  // into valid references of that revision.
  const PROBES = ["http://a.b/c/d?e", "http://a.b:80/", "ftp://u@h.c/p/q", "news:a.b", "mailto:x@y.z", "gopher://h.c/1s", "http://a.b/c/d#f"];
  function neverAccepted(spec: SpecId, ch: string): boolean {
    const bases = PROBES.filter((p) => parse(p, { spec }).ok);
    if (bases.length < 3) throw new Error(`${spec}: fewer than 3 valid probes`);
    for (const b of bases) for (let i = 0; i <= b.length; i++) if (parse(b.slice(0, i) + ch + b.slice(i), { spec }).ok) return false;
    return true;
  }

  for (const rules of DELIMITING_RULES) {
    it(`${rules.spec}: the grammar rejects every "excluded" trailing character and every run-ending one`, () => {
      for (const ch of rules.trailing.excluded + rules.runEnds) expect(neverAccepted(rules.spec as SpecId, ch), `${rules.spec} accepts ${JSON.stringify(ch)} somewhere`).to.equal(true);
    });
  }

  it("the check above catches a character the grammar does accept (planted: '~' in draft-2003, '\"' in draft-1994)", () => {
    expect(neverAccepted("draft-2003", "~")).to.equal(false);
    expect(neverAccepted("draft-1994", '"')).to.equal(false);
    expect(neverAccepted("draft-2003", "|")).to.equal(true);
  });

  it("the revisions differ where the documents do: the \"URL:\" prefix, whitespace, hyphens, fragments (test/data/extract/delimiting.tsv)", () => {
    const rows = readRows("extract/delimiting.tsv", 5);
    expect(rows.length).to.be.greaterThan(3);
    for (const { line, cols: [spec, prefix, whitespace, hyphen, fragment] } of rows) {
      const r = DELIMITING_RULES.find((x) => x.spec === spec);
      expect(r, `delimiting.tsv:${line}: no revision ${spec}`).to.not.equal(undefined);
      expect([r!.urlPrefix.status, r!.whitespaceInAngle, r!.hyphenAtLineBreak, r!.fragment], `delimiting.tsv:${line} (${spec})`).to.deep.equal([prefix, whitespace, hyphen, fragment]);
    }
    expect(delimitingRules("draft-2003").urlPrefix.note).to.contain("no longer recommended");
    expect(delimitingRules("draft-1993").quotes.length).to.be.greaterThan(0); // it says why whitespace is never part of a URL
  });

  it("the revisions over code points keep non-ASCII characters in a run (rfc3987 §7.3; the WHATWG URL code points), and rfc3987 ends it at the seven bidi formatting characters §4.1 names", () => {
    expect(DELIMITING_RULES.filter((r) => r.nonAscii.run === "continue").map((r) => r.spec)).to.deep.equal(availableSpecIds().filter((id) => getRevision(id)!.codePoints === true)).and.include("rfc3987");
    expect(DELIMITING_RULES.filter((r) => r.nonAscii.ends !== "").map((r) => r.spec)).to.deep.equal(["rfc3987"]);
    const iri = delimitingRules("rfc3987");
    // LRM, RLM, LRE, RLE, PDF, LRO, RLO (Unicode's names for U+200E, U+200F, U+202A-U+202E).
    expect([...iri.nonAscii.ends].map((c) => c.codePointAt(0)!.toString(16))).to.deep.equal(["200e", "200f", "202a", "202b", "202c", "202d", "202e"]);
    expect(iri.quotes.map((q) => q.section)).to.include.members(["4.1. Logical Storage and Visual Presentation", "7.3. URI/IRI Transfer between Applications"]);
    // Each of them ends a bare IRI, one by one; a character that is not one (U+200D, ZERO WIDTH JOINER, a ucschar) does not.
    for (const ch of [...iri.nonAscii.ends, "\u3000"]) {
      const r = extract(`x http://例え.jp/パス${ch}次 y`, { spec: "rfc3987" });
      expect(r.ok && r.references.map((x) => x.reference), JSON.stringify(ch)).to.deep.equal(["http://例え.jp/パス"]);
    }
    const zwj = extract("x http://例え.jp/パス\u200d次 y", { spec: "rfc3987" });
    expect(zwj.ok && zwj.references.map((x) => x.reference)).to.deep.equal(["http://例え.jp/パス\u200d次"]);
  });

  it("gives a revision without a row the minimal rules, saying so", () => {
    const r = delimitingRules("rfc9999");
    expect(r.spec).to.equal("rfc9999");
    expect(r.wrappers).to.deep.equal({ angle: false, quotes: false });
    expect(r.summary).to.contain("No delimiting rules recorded");
  });

  it("the core imports no Node module (it runs in the explorer)", () => {
    for (const f of ["src/ops/extract.ts", "src/ops/extract-rules.ts", "src/revisions/delimiting.ts"]) {
      const source = readFileSync(join(__dirname, "..", "..", f), "utf8");
      expect(source, f).to.not.match(/from "node:|require\("node:|from "(fs|path|stream|string_decoder)"/);
    }
  });
});

// ---- the API ----

describe("extract: API", () => {
  it("never throws: a non-string text or an unknown revision is the error value parse() gives", () => {
    for (const bad of [undefined, null, 42, {}, ["http://a/"], Symbol("x")]) {
      const r = extract(bad as unknown);
      expect(r.ok).to.equal(false);
      if (!r.ok) expect(r.error.code).to.equal("not-a-string");
    }
    const unknown = extract("http://a/", { spec: "rfc9999" as SpecId });
    const parsed = parse("http://a/", { spec: "rfc9999" as SpecId });
    expect(unknown.ok).to.equal(false);
    if (!unknown.ok && !parsed.ok) expect(unknown.error).to.deep.equal(parsed.error);
    expect(extract("http://a.b/", null as never).ok).to.equal(true);
  });

  it("reports the hyphen at a line break both ways: kept (default) or dropped, the other reading as the alternative", () => {
    const text = "see <http://example.com/long-\n   name>";
    const kept = extract(text, { spec: "draft-2003" });
    const dropped = extract(text, { spec: "draft-2003", hyphen: "drop" });
    if (!kept.ok || !dropped.ok) throw new Error("not ok");
    expect(kept.references[0].reference).to.equal("http://example.com/long-name");
    expect(kept.references[0].alternative).to.deep.include({ reference: "http://example.com/longname", why: "the hyphen at the line break dropped" });
    expect(kept.references[0].alternative!.verdict!.valid).to.equal(true);
    expect(dropped.references[0].reference).to.equal("http://example.com/longname");
    expect(dropped.references[0].alternative!.reference).to.equal("http://example.com/long-name");
    expect(dropped.references[0].repairs.find((r) => r.kind === "hyphen-at-line-break")).to.deep.include({ kept: false, ambiguous: true });
  });

  it("judges the URL without its fragment where the revision keeps fragments apart, and draft-1994's \"URL:\" as part of the URL", () => {
    const text = "<URL:http://a.example/b#frag>";
    const r1738 = extract(text, { spec: "rfc1738" });
    const r1994 = extract(text, { spec: "draft-1994" });
    const r2003 = extract(text, { spec: "draft-2003" });
    if (!r1738.ok || !r1994.ok || !r2003.ok) throw new Error("not ok");
    expect(r1738.references[0]).to.deep.include({ reference: "http://a.example/b#frag", fragment: "frag", judged: "http://a.example/b" });
    expect(r1738.references[0].verdict).to.deep.include({ valid: true, rule: "httpurl" });
    expect(r1994.references[0]).to.deep.include({ judged: "URL:http://a.example/b", fragment: "frag" });
    expect(r1994.references[0].verdict).to.deep.include({ valid: true, rule: "prefixedurl" });
    expect(r2003.references[0].judged).to.equal(undefined);
    expect(r2003.references[0].fragment).to.equal(undefined);
    expect(r2003.references[0].notes[0]).to.contain("no longer recommended");
  });

  it("cuts a bare reference longer than maxReferenceLength and reports it invalid, not judged", () => {
    const long = "http://a.example/" + "x".repeat(200);
    const r = extract(`see ${long} end`, { maxReferenceLength: 100 });
    if (!r.ok) throw new Error("not ok");
    expect(r.references).to.have.length(1);
    expect(r.references[0].reference).to.equal(long.slice(0, 100));
    expect(r.references[0].verdict!.error!.code).to.equal("reference-too-long");
    expect(r.references[0].repairs.map((x) => x.kind)).to.deep.equal(["truncated"]);
    // A "<" whose ">" is further than the limit is not a wrapper.
    const angle = extract(`<${long}>`, { maxReferenceLength: 100 });
    expect(angle.ok && angle.references[0].wrapper).to.equal("bare");
  });

  it("takes any scheme without \"//\" only when asked (anyScheme)", () => {
    const text = "call tel:+1-555-0100 or see Note:this";
    expect(extract(text).ok && (extract(text) as { references: unknown[] }).references).to.have.length(0);
    const any = extract(text, { anyScheme: true });
    expect(any.ok && any.references.map((r) => r.reference)).to.deep.equal(["tel:+1-555-0100", "Note:this"]);
  });

  it("skips the verdicts when check is false", () => {
    const r = extract("see http://a.example/b", { check: false });
    expect(r.ok && r.references[0].verdict).to.equal(null);
  });

  it("streams: the same references however the text is cut, and settled never goes back", () => {
    // Among them, a scheme glued to a word and a quote pairing with the character before a reference:
    // both look at the character before a candidate, which a chunk boundary must not hide.
    const own = readTexts("own-texts.tsv");
    // (The text is longer than the extractor's window, so the chunk boundaries fall inside it.)
    const cases = ["word-start", "single-quoted", "quoted-quote", "broken-hyphen"].map((id) => own.get(id)!.text);
    const text = [...cases, readTexts("document-texts.tsv").get("d1738-gopher-plus")!.text, "filler ".repeat(40)].join("\n");
    const whole = extract(text, { spec: "rfc1738", maxReferenceLength: 40 });
    for (const size of [1, 2, 3, 7, 50]) {
      const c = createExtractor({ spec: "rfc1738", maxReferenceLength: 40 });
      if (!c.ok) throw new Error("not ok");
      const got: ExtractedReference[] = [];
      let settled = 0;
      for (let i = 0; i < text.length; i += size) {
        got.push(...c.extractor.push(text.slice(i, i + size)));
        expect(c.extractor.settled).to.be.at.least(settled);
        settled = c.extractor.settled;
      }
      got.push(...c.extractor.end());
      expect(got, `chunks of ${size}`).to.deep.equal(whole.ok && whole.references);
    }
  });

  it("streams from an async iterable (extractChunks), and a non-string chunk is an error, not a crash", async () => {
    const got: string[] = [];
    const gen = extractChunks((async function* () { yield "see <http://a.exa"; yield "mple/b> and "; yield 7 as unknown as string; yield "http://c.example/"; })(), { spec: "draft-2003" });
    let step = await gen.next();
    while (!step.done) {
      got.push(step.value.reference);
      step = await gen.next();
    }
    expect(got).to.deep.equal(["http://a.example/b", "http://c.example/"]);
    expect(step.value.ok).to.equal(false);
    const bad = extractChunks(["x"], { spec: "nope" as SpecId });
    const first = await bad.next();
    expect(first.done && !first.value.ok && first.value.error.code).to.equal("unknown-spec");
  });

  it("--all-specs groups the revisions' readings by place and names what differs", () => {
    const r = extractAllSpecs("Note <URL:ftp://ds.internic.\n net/rfc/> and http://a.example/b.");
    if (!r.ok) throw new Error("not ok");
    expect(r.groups.map((g) => g.offset)).to.deep.equal([10, 44]);
    expect(r.groups[0].differences).to.include.members(["wrapper", "reference", "verdict", "URL: prefix"]);
    expect(r.groups[0].bySpec["draft-1993"]!.reference).to.equal("ftp://ds.internic");
    expect(r.groups[0].bySpec["draft-2003"]!.reference).to.equal("ftp://ds.internic.net/rfc/");
    expect(r.groups[1].differences).to.deep.equal([]);
    const onlyIn1994 = extractAllSpecs('x "http://a/"c" y', { specs: ["draft-1994", "draft-2003"] });
    expect(onlyIn1994.ok && onlyIn1994.groups[0].differences).to.deep.equal(["wrapper", "reference", "judged text"]);
  });
});

// ---- the command ----

/** The CLI in this process, with this standard input (test/support/run-cli.ts). */
const run = (argv: string[], stdin = "") => runCliWithInput(argv, stdin);

describe("uri-grammars extract", () => {
  const jim = 'Yes, Jim, I found it under "http://www.w3.org/Addressing/",\nbut you can probably pick it up from <URL:ftp://ds.internic.\n   net/rfc/>.\n';

  it("reads standard input, prints each reference with its place, wrapper, repairs and verdict, and exits 0 when all are valid", async () => {
    const r = await run(["extract"], jim);
    expect(r.code).to.equal(0);
    expect(r.out).to.contain('valid    1:28-1:59       "..."     http://www.w3.org/Addressing/');
    expect(r.out).to.contain("<URL:...> ftp://ds.internic.net/rfc/");
    expect(r.out).to.contain("whitespace removed at 2:61 (line break)");
    expect(r.out).to.contain("no longer recommended");
    expect(r.err).to.contain("2 references under draft-2003: 2 valid, 0 invalid");
  });

  it("exits 1 when a reference is invalid, with the error and a caret; 0 for a text without references", async () => {
    const bad = await run(["extract", "--spec", "draft-1997", "-"], "see <http://a/b|c> now");
    expect(bad.code).to.equal(1);
    expect(bad.out).to.contain("invalid");
    expect(bad.out).to.contain("At offset 10");
    expect(bad.out).to.contain("           ^");
    const none = await run(["extract"], "nothing here, e.g. 3:2");
    expect(none.code).to.equal(0);
    expect(none.out).to.equal("");
    expect(none.err).to.contain("no references found");
  });

  it("writes one JSON object per reference with --json", async () => {
    const r = await run(["extract", "--json", "--spec", "rfc1738"], jim);
    const lines = r.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.wrapper, l.reference, l.verdict.valid])).to.deep.equal([
      ['"..."', "http://www.w3.org/Addressing/", true],
      ["<URL:...>", "ftp://ds.internic.net/rfc/", true],
    ]);
    expect(lines[1].start).to.deep.equal({ offset: 97, line: 2, column: 38 });
    expect(lines[1].repairs[0]).to.deep.include({ kind: "whitespace-removed", lineBreak: true });
  });

  it("--all-specs shows where the revisions differ, with the \"URL:\" notes, and exits 1 when any revision rejects a reference", async () => {
    const r = await run(["extract", "--all-specs"], jim);
    expect(r.code).to.equal(1);
    expect(r.out).to.contain("≠ wrapper, reference, judged text, verdict, URL: prefix");
    expect(r.out).to.match(/draft-1993 +bare +invalid ftp:\/\/ds\.internic at offset 17/);
    expect(r.out).to.contain('draft-2003 Appendix E: the prefix "URL:" "was formerly recommended ... and is no longer recommended"');
    const json = await run(["extract", "--all-specs", "--json"], jim);
    const groups = json.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(groups).to.have.length(2);
    expect(Object.keys(groups[1].bySpec)).to.deep.equal(availableSpecIds());
  });

  it("reads a file, and exits 2 on a missing file, an unknown spec or a bad option", async () => {
    const file = join(__dirname, "..", "..", "test", "data", "extract", "own-texts.tsv");
    const r = await run(["extract", "--json", file]);
    expect(r.out.split("\n").length).to.be.greaterThan(10);
    expect((await run(["extract", "/nonexistent/file.txt"])).code).to.equal(2);
    expect((await run(["extract", "--spec", "rfc9999"], "x")).code).to.equal(2);
    expect((await run(["extract", "--hyphen", "maybe"], "x")).code).to.equal(2);
    expect((await run(["extract", "--max-reference-length", "3"], "x")).code).to.equal(2);
  });

  it("--spec rfc3987 finds an IRI in running text as RFC 3987 §7.3 says (a non-ASCII character does not end it); rfc3986 does not", async () => {
    const text = "The page is at http://例え.jp/パス, and the zone-scoped one at <http://[fe80::1%25en0]/>.\n";
    const iri = await run(["extract", "--spec", "rfc3987", "--json"], text);
    const found = iri.out.trim().split("\n").map((l) => JSON.parse(l) as ExtractedReference);
    expect(found.map((r) => [r.wrapper, r.reference, r.verdict!.valid])).to.deep.equal([
      ["bare", "http://例え.jp/パス", true],
      ["<...>", "http://[fe80::1%25en0]/", false],
    ]);
    expect(found[0].start).to.deep.equal({ offset: 15, line: 1, column: 16 });
    expect(iri.code).to.equal(1);
    const uri = await run(["extract", "--spec", "rfc3986", "--json"], text);
    expect(uri.out.trim().split("\n").map((l) => (JSON.parse(l) as ExtractedReference).reference)).to.deep.equal(["http://[fe80::1%25en0]/"]);
    const zone = await run(["extract", "--spec", "rfc6874"], text);
    expect(zone.code).to.equal(0);
    expect(zone.out).to.contain("http://[fe80::1%25en0]/");
  });

  it("prints help with examples", async () => {
    const r = await run(["extract", "--help"]);
    expect(r.code).to.equal(0);
    expect(r.out).to.contain("Examples:");
    expect(r.out).to.contain("--all-specs");
    expect(r.out).to.contain("a non-ASCII character ends a bare reference except in rfc3987");
  });
});

describe("extract: the README's example text (docs/extract.md, as `extract --all-specs docs/extract.md` reads it)", () => {
  it("holds no reference with a backslash-n written out (issue 41 item 7: the example's string held a literal \\n, judged invalid by every revision)", () => {
    const text = readFileSync(join(__dirname, "..", "..", "docs", "extract.md"), "utf8");
    const r = extractAllSpecs(text);
    expect(r.ok).to.equal(true);
    const found = r.ok ? r.groups.flatMap((g) => Object.values(g.bySpec).filter((x): x is NonNullable<typeof x> => x !== null).map((x) => x.reference)) : [];
    expect(found.some((f) => f.startsWith("ftp://ds.internic.net/rfc/"))).to.equal(true);
    expect(found.filter((f) => f.includes("\\n"))).to.deep.equal([]);
  });
});
