// RFC 3987 §3.1 and §3.2 (toURI, toIRI) on the document's examples (test/data/iri/), the code-point
// alphabet of rfc3987 (surrogate pairs as one character, lone surrogates rejected at their offset),
// and the UTF-16 encoding of ucschar and iprivate checked against the published ranges.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, toIRI, toURI, validate } from "../src";
import { findRule, getRevision } from "../src/revisions";
import { accepts, expectedAt } from "../src/diagnose";
import { readRows } from "./support/table";

/** XML notation as the document prints it: "&#xE9;" is U+00E9 (the last ";" may be missing). */
function xml(text: string): string {
  return text.replace(/&#x([0-9A-Fa-f]+);?/g, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)));
}

describe("RFC 3987 §3.1 toURI (test/data/iri/to-uri.tsv)", () => {
  for (const { line, cols } of readRows("iri/to-uri.tsv", 3)) {
    const [iri, uri, source] = cols;
    it(`${iri} -> ${uri} (${source})`, () => {
      const r = toURI(xml(iri));
      expect(r.ok && r.uri, `iri/to-uri.tsv:${line}`).to.equal(uri);
      // §3.1: "produces URIs fully conforming to [RFC3986]"; "idempotent".
      expect(validate(uri, { spec: "rfc3986" })).to.equal(true);
      const again = toURI(uri);
      expect(again.ok && again.uri).to.equal(uri);
    });
  }
});

describe("RFC 3987 §3.2 toIRI (test/data/iri/to-iri.tsv)", () => {
  for (const { line, cols } of readRows("iri/to-iri.tsv", 3)) {
    const [uri, iri, source] = cols;
    it(`${uri} -> ${iri} (${source})`, () => {
      const r = toIRI(uri);
      expect(r.ok && r.iri, `iri/to-iri.tsv:${line}`).to.equal(xml(iri));
      // §3.2: the IRI "maps back to the URI used as an input (except for potential case differences
      // in percent-encoding and for potential percent-encoded unreserved characters)".
      const back = toURI(xml(iri));
      expect(back.ok && back.uri.toUpperCase()).to.equal(uri.toUpperCase().replace(/%41/g, "A"));
    });
  }
});

describe("IDNA on request: toURI(x, { idna: true }) and toIRI(x, { idna: true }) (test/data/iri/idna.tsv)", () => {
  for (const { line, cols } of readRows("iri/idna.tsv", 4)) {
    const [fn, input, expected, source] = cols;
    it(`${fn}(${input}, { idna: true }) -> ${expected} (${source})`, () => {
      const r = fn === "toURI" ? toURI(xml(input), { idna: true }) : toIRI(xml(input), { idna: true });
      const got = r.ok ? ("uri" in r ? r.uri : r.iri) : `error:${r.error.code}@${r.error.offset}`;
      expect(got, `iri/idna.tsv:${line}`).to.equal(expected.startsWith("error:") ? expected : xml(expected));
      if (r.ok && fn === "toURI") expect(validate(got, { spec: "rfc3986" }), "a URI").to.equal(true);
      if (r.ok && fn === "toIRI") expect(validate(got, { spec: "rfc3987" }), "an IRI").to.equal(true);
    });
  }
  it('toURI("http://例え.jp/", { idna: true }) gives "http://xn--r8jz45g.jp/"; without idna the host is percent-encoded (the default)', () => {
    expect(toURI("http://例え.jp/", { idna: true })).to.deep.equal({ ok: true, spec: "rfc3987", uri: "http://xn--r8jz45g.jp/" });
    expect(toURI("http://例え.jp/")).to.deep.equal({ ok: true, spec: "rfc3987", uri: "http://%E4%BE%8B%E3%81%88.jp/" });
    expect(toIRI("http://xn--r8jz45g.jp/")).to.deep.equal({ ok: true, spec: "rfc3987", iri: "http://xn--r8jz45g.jp/" });
  });
  it("a label ToASCII refuses is a not-expressible error at its offset, in ireg-name (§3.1: \"the IRI cannot be resolved\")", () => {
    const r = toURI("http://ok.-例.jp/", { idna: true });
    expect(r.ok).to.equal(false);
    if (!r.ok) {
      expect([r.error.code, r.error.offset, r.error.rule, r.error.found]).to.deep.equal(["not-expressible", 10, "ireg-name", "-"]);
      expect(r.error.message).to.contain('The label "-例" at offset 10 cannot be converted by IDNA ToASCII');
    }
  });
  it("idna takes true or false: another value is invalid-option", () => {
    const r = toURI("http://a/", { idna: "yes" as never });
    expect(!r.ok && r.error.code).to.equal("invalid-option");
    expect(!r.ok && r.error.message).to.equal('idna must be true or false, not "yes".');
  });
});

describe("toURI and toIRI never throw and refuse what is no IRI", () => {
  it("an invalid IRI, a non-string, a revision that is not an IRI revision: error values", () => {
    expect(toURI("http://a b/").ok).to.equal(false);
    expect(toIRI(42).ok).to.equal(false);
    const r = toURI("http://a/", { spec: "rfc3986" });
    expect(!r.ok && r.error.message).to.contain("not an IRI revision");
    expect(toIRI("http://a/", { spec: "rfc9999" as never }).ok).to.equal(false);
  });
});

describe("rfc3987: the alphabet is code points", () => {
  it("a character above U+FFFF is accepted where ucschar allows it, with spans in UTF-16 units", () => {
    const r = parse("http://a/\u{20000}?\u{F0000}#x", { spec: "rfc3987" });
    expect(r.ok).to.equal(true);
    if (r.ok && r.ast.kind !== undefined) {
      expect(r.ast.path.span).to.deep.equal({ start: 8, end: 11 });
      expect(r.ast.query!.span).to.deep.equal({ start: 12, end: 14 });
      expect(r.ast.fragment!.span).to.deep.equal({ start: 15, end: 16 });
    }
  });
  for (const [input, offset, found] of [
    ["http://a/\uD800x", 9, "lone surrogate U+D800"],
    ["http://a/\uD800", 9, "lone surrogate U+D800"],
    ["http://a/\uDC00", 9, "lone surrogate U+DC00"],
    ["http://a/\u{1FFFE}", 9, "U+1FFFE"],
    ["http://a/#\u{F0000}", 10, "U+F0000"],
    ["\u{E0001}", 0, "U+E0001"],
  ] as const) {
    it(`${JSON.stringify(input)} is rejected at ${offset}, naming ${found}`, () => {
      const r = parse(input, { spec: "rfc3987" });
      expect(r.ok).to.equal(false);
      if (!r.ok) {
        expect(r.error.offset).to.equal(offset);
        expect(r.error.message).to.contain(found);
      }
    });
  }
  it("rfc3986 keeps its offsets: the error after a high surrogate is where the scanner stops", () => {
    const r = parse("http://a/\uD800x", { spec: "rfc3986" });
    expect(!r.ok && r.error.offset).to.equal(9);
  });
});

describe("rfc3987: ucschar and iprivate spelt as surrogate pairs are the published ranges", () => {
  // §2.2, as published (ranges of code points).
  const UCSCHAR = [[0xa0, 0xd7ff], [0xf900, 0xfdcf], [0xfdf0, 0xffef], ...Array.from({ length: 13 }, (_, k) => [(k + 1) * 0x10000, (k + 1) * 0x10000 + 0xfffd]), [0xe1000, 0xefffd]];
  const IPRIVATE = [[0xe000, 0xf8ff], [0xf0000, 0xffffd], [0x100000, 0x10fffd]];
  const published = (ranges: number[][], cp: number) => ranges.some(([a, b]) => a <= cp && cp <= b);
  /** The code points on which the rule's scanner and the published ranges disagree (every code point above U+007F). */
  function disagreements(rule: string, ranges: number[][], accept: (cp: number) => boolean): number[] {
    const out: number[] = [];
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (accept(cp) !== published(ranges, cp)) out.push(cp);
      if (out.length > 3) break;
    }
    return out;
  }
  const revision = getRevision("rfc3987")!;
  const scannerOf = (rule: string) => (cp: number) => accepts(revision, findRule(revision, rule)!.pegName, String.fromCodePoint(cp));
  for (const [rule, ranges] of [["ucschar", UCSCHAR], ["iprivate", IPRIVATE]] as const) {
    it(`${rule}: every code point above U+007F`, () => {
      expect(disagreements(rule, ranges, scannerOf(rule))).to.deep.equal([]);
    });
  }
  it("an error's expected set names ucschar's published ranges as code points (%x...), no surrogate code unit, in the path and with iprivate in the query", () => {
    const abnf = (ranges: number[][]) => ranges.map(([a, b]) => `%x${a.toString(16).toUpperCase()}-${b.toString(16).toUpperCase()}`);
    const path = parse("http://a/\u{1FFFE}", { spec: "rfc3987" });
    const query = parse("http://a/?\u{1FFFE}", { spec: "rfc3987" });
    if (path.ok || query.ok) throw new Error("U+1FFFE is no ucschar");
    expect(path.error.expected.filter((x) => x.startsWith("%x"))).to.deep.equal(abnf(UCSCHAR));
    // iprivate (%xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD) too; %xE000-F8FF meets ucschar's %xF900-FDCF.
    const merged = [...UCSCHAR, ...IPRIVATE].sort((x, y) => x[0] - y[0]).reduce<number[][]>((out, [a, b]) => {
      const last = out[out.length - 1];
      if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
      else out.push([a, b]);
      return out;
    }, []);
    expect(query.error.expected.filter((x) => x.startsWith("%x"))).to.deep.equal(abnf(merged));
    expect(path.error.message).to.contain("%xE1000-EFFFD").and.not.match(/\\uD[89AB]/);
    // A lone surrogate: named by its code unit, the expected set still in code points.
    const lone = parse("http://a/\uD800x", { spec: "rfc3987" });
    expect(!lone.ok && lone.error.message).to.contain("lone surrogate U+D800").and.contain("%x10000-1FFFD");
    // The URI revisions keep their notation: no code-point items.
    const uri = parse("http://a/\u{1FFFE}", { spec: "rfc3986" });
    expect(!uri.ok && uri.error.expected.some((x) => x.startsWith("%x"))).to.equal(false);
  });
  it("the expected set's code-point reading can fail: as code units (the planted reading) it names surrogate halves", () => {
    const r = parse("http://a/\u{1FFFE}", { spec: "rfc3987" });
    const scanner = revision.scanner;
    // The state the scanner was in before the refused character, read again, as code units.
    scanner.scan(scanner.START[findRule(revision, "IRI-reference")!.pegName], "http://a/");
    const units = expectedAt(scanner, scanner.LAST[0], false);
    expect(units.some((x) => /\\uD[89AB]/.test(x))).to.equal(true);
    expect(!r.ok && r.error.expected).to.deep.equal(expectedAt(scanner, scanner.LAST[0], true));
  });
  it("the check can fail: a planted range that ends one plane early is caught", () => {
    const planted = UCSCHAR.map(([a, b]) => (a === 0xe1000 ? [a, 0xefffc] : [a, b]));
    expect(disagreements("ucschar", planted, scannerOf("ucschar"))).to.deep.equal([0xefffd]);
  });
  it("a lone surrogate is no ucschar", () => {
    expect(accepts(revision, "ucschar", "\uD800")).to.equal(false);
    expect(accepts(revision, "ucschar", "\uDFFF")).to.equal(false);
  });
  it("the grammar file spells them (no hand-edited generated code)", () => {
    const grammar = readFileSync(join(__dirname, "..", "..", "grammar", "rfc3987", "grammar.peggy"), "utf8");
    expect(grammar).to.contain("// @rule ucschar §2.2").and.contain("// @rule iprivate §2.2");
  });
});
