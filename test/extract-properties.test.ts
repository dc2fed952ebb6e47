// extract(): properties over generated texts (fast-check) and a moderately large streamed input.
// Timings and memory are measured by the bench (bench/extract.mjs), never asserted here.
import { SPEC_IDS, type SpecId } from "../src/revisions";
import { expect } from "chai";
import fc from "fast-check";
import { lineAndColumn } from "../src/errors";
import { createExtractor, delimitingRules, extract, type ExtractedReference, type ExtractOptions } from "../src/ops/extract";

/**
 * One revision for each way of delimiting references the rows describe (the first revision of each
 * combination of wrappers, prefix, whitespace, hyphen, fragment, run ends and non-ASCII reading).
 */
const SPECS: SpecId[] = (() => {
  const seen = new Set<string>();
  return SPEC_IDS.filter((spec) => {
    const r = delimitingRules(spec);
    const shape = JSON.stringify([r.wrappers, r.urlPrefix.status, r.urlPrefix.trailingSpace, r.whitespaceInAngle, r.hyphenAtLineBreak, r.fragment, r.runEnds, r.nonAscii.run, r.trailing.excluded]);
    return !seen.has(shape) && seen.add(shape) !== undefined;
  });
})();

// Texts made of the pieces extraction cares about: schemes, wrappers, whitespace and line breaks,
// hyphens, punctuation, non-ASCII (CJK, an astral character, a lone surrogate), and plain words.
const PIECES = [
  "http://a.example/b", "ftp://h/p;type=d", "mailto:x@y.z", "news:c.d", "URL:", "URL: ", "<", ">", '"', "'", "`", "<URL:",
  " ", "  ", "\n", "\r\n", "\r", "\t", "\u00a0", "\n\n", "-", "-\n  ", "(", ")", "[", "]", "{", "}", "|", ".", ",", ";", ":", "!", "?",
  "#frag", "%41", "/", "//", "x", "word", "Note:", "e.g.", "é", "路", "。", "🙂", "\ud800", "\u0000", "a-b", "http:", "gopher://g/1",
];
// A URL, possibly broken by whitespace, a line break or a hyphen and a line break, inside a wrapper.
const urlArb = fc.constantFrom("http://a.example/b-c/d", "ftp://h/p;type=d", "mailto:x@y.z", "news:c.d", "gopher://g/1s", "http://[::1]/x#f", "foo:bar", "http://a/b|c");
const breakArb = fc.constantFrom(" ", "\n  ", "\r\n ", "-\n ", "-  \n", "\u00a0", "\n\n", "\t", '"');
const brokenUrlArb = fc
  .tuple(urlArb, fc.array(fc.tuple(fc.nat(), breakArb), { maxLength: 2 }))
  .map(([u, breaks]) => breaks.reduce((acc, [at, b]) => acc.slice(0, at % (acc.length + 1)) + b + acc.slice(at % (acc.length + 1)), u));
const wrappedArb = fc
  .tuple(fc.constantFrom("<", "<URL:", "< ", "<URL: ", '"', "URL:", "URL: ", "(", "", "'", "«"), brokenUrlArb, fc.constantFrom(">", '"', ")", ".", "", ">.", "),", " >", "'", "»"))
  .map((parts) => parts.join(""));
const textArb = fc
  .array(
    fc.oneof(
      { arbitrary: wrappedArb, weight: 4 },
      { arbitrary: fc.constantFrom(...PIECES), weight: 6 },
      { arbitrary: fc.string({ maxLength: 4 }), weight: 1 },
      { arbitrary: fc.string({ unit: "binary", maxLength: 3 }), weight: 1 },
    ),
    { maxLength: 30 },
  )
  .map((a) => a.join(""));
const specArb = fc.constantFrom(...SPECS);

function references(text: string, options: ExtractOptions): ExtractedReference[] {
  const r = extract(text, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.references;
}

describe("extract: properties", () => {
  it("the generated texts hold every wrapper and every kind of repair (the properties below are not vacuous)", () => {
    const seen = new Set<string>();
    for (const text of fc.sample(textArb, { numRuns: 300, seed: 7 }))
      for (const spec of SPECS)
        for (const r of references(text, { spec })) {
          seen.add(r.wrapper);
          for (const x of r.repairs) seen.add(x.kind);
          if (r.alternative) seen.add("alternative");
          if (r.verdict && !r.verdict.valid) seen.add("invalid");
        }
    expect([...seen].sort()).to.deep.equal(['"..."', "<...>", "<URL:...>", "URL:", "alternative", "bare", "hyphen-at-line-break", "invalid", "padding-removed", "trailing-punctuation", "whitespace-removed"]);
  });

  it("never throws, whatever the text (lone surrogates, NUL, any code unit)", () => {
    fc.assert(
      fc.property(fc.oneof(textArb, fc.string({ unit: "binary" }), fc.string({ unit: "binary-ascii" })), specArb, (text, spec) => {
        expect(extract(text, { spec }).ok).to.equal(true);
      }),
      { numRuns: 400, seed: 20 },
    );
  });

  it("offsets point at the text they report: the wrapped text, the reference's source, every repair; lines and columns agree", () => {
    fc.assert(
      fc.property(textArb, specArb, (text, spec) => {
        let last = 0;
        for (const r of references(text, { spec })) {
          expect(r.start.offset).to.be.at.least(last);
          last = r.end.offset;
          expect(text.slice(r.start.offset, r.end.offset)).to.equal(r.text);
          expect(text.slice(r.referenceStart, r.referenceEnd)).to.equal(r.source);
          expect(r.start.offset <= r.referenceStart && r.referenceStart < r.referenceEnd && r.referenceEnd <= r.end.offset).to.equal(true);
          for (const p of [r.start, r.end, ...r.repairs.map((x) => x.at)]) expect({ line: p.line, column: p.column }).to.deep.equal(lineAndColumn(text, p.offset));
          for (const x of r.repairs) {
            if (x.kind === "trailing-punctuation") expect(text[x.at.offset]).to.equal(x.text);
            if (x.kind === "hyphen-at-line-break") expect(text[x.at.offset]).to.equal("-");
            if (x.kind === "whitespace-removed" || x.kind === "padding-removed") expect(text.slice(x.at.offset, x.at.offset + x.length)).to.match(/^\s+$/);
          }
        }
      }),
      { numRuns: 600, seed: 1994 },
    );
  });

  it("a bare reference has no whitespace and stops before any character the revision ends a run at", () => {
    fc.assert(
      fc.property(textArb, specArb, (text, spec) => {
        const rules = delimitingRules(spec);
        const ends = rules.runEnds + rules.nonAscii.ends;
        for (const r of references(text, { spec })) {
          if (r.wrapper !== "bare" && r.wrapper !== "URL:") continue;
          expect(r.reference).to.not.match(/\s/);
          // A non-ASCII character ends the run unless the row says it goes on (an IRI: rfc3987 §7.3).
          if (rules.nonAscii.run === "end") expect(r.reference).to.match(/^[\x21-\x7e]+$/);
          else expect(r.reference).to.not.match(/[\x00-\x20\x7f]/);
          for (const ch of ends) expect(r.reference.includes(ch), `${spec}: ${JSON.stringify(r.reference)}`).to.equal(false);
        }
      }),
      { numRuns: 600, seed: 1738 },
    );
  });

  it("a reference in <...> is its source with whitespace removed or as written, as the revision's row says", () => {
    fc.assert(
      fc.property(textArb, specArb, (text, spec) => {
        const removes = delimitingRules(spec).whitespaceInAngle === "removed";
        for (const r of references(text, { spec, hyphen: "keep" })) {
          if (r.wrapper !== "<...>" && r.wrapper !== "<URL:...>") continue;
          expect(r.reference).to.equal(removes ? r.source.replace(/\s+/g, "") : r.source);
          if (r.alternative) expect(r.alternative.reference.length).to.equal(r.reference.length - r.repairs.filter((x) => x.kind === "hyphen-at-line-break").length);
        }
      }),
      { numRuns: 600, seed: 1997 },
    );
  });

  it("streaming gives extract()'s references, however the text is cut into chunks", () => {
    // Cut at a few random places, or after every character (every boundary a chunk can make).
    const cutsArb = fc.oneof(fc.array(fc.nat(), { maxLength: 8 }), fc.constant("each" as const));
    fc.assert(
      // Texts longer than the extractor's window (maxReferenceLength + 80), so that the region
      // boundaries fall inside them.
      fc.property(fc.tuple(textArb, textArb, textArb).map((t) => t.join(" ")), specArb, cutsArb, fc.integer({ min: 16, max: 48 }), (text, spec, cuts, max) => {
        const options = { spec, maxReferenceLength: max };
        const whole = references(text, options);
        const c = createExtractor(options);
        if (!c.ok) throw new Error("not ok");
        const chosen = cuts === "each" ? Array.from({ length: text.length }, (_, i) => i) : cuts;
        const points = [...new Set(chosen.map((n) => n % (text.length + 1)))].sort((a, b) => a - b);
        const got: ExtractedReference[] = [];
        let from = 0;
        for (const p of [...points, text.length]) {
          got.push(...c.extractor.push(text.slice(from, p)));
          from = p;
        }
        got.push(...c.extractor.end());
        expect(got).to.deep.equal(whole);
      }),
      { numRuns: 500, seed: 2003 },
    );
  });
});

describe("extract: a moderately large text, streamed", () => {
  // Block i holds three references: a <...> broken after a hyphen, a bare one with a trailing ".",
  // a quoted one; one block in 100 holds a reference longer than the limit.
  function block(i: number): string {
    const long = i % 100 === 99 ? ` http://long${i}.example/${"x".repeat(300)}` : "";
    return `Line ${i}: see <http://host${i}.example/path-\n  ${i}/x> and http://a${i}.example/q?i=${i}. Also "ftp://f${i}.example/" ok.${long}\n`;
  }

  it("finds every reference of a 2 MB text fed in uneven chunks, with the lines and verdicts of extract()", () => {
    const blocks: string[] = [];
    let size = 0;
    for (let i = 0; size < 2_000_000; i++) {
      blocks.push(block(i));
      size += blocks[i].length;
    }
    const text = blocks.join("");
    const options: ExtractOptions = { spec: "draft-2003", maxReferenceLength: 256 };
    const c = createExtractor(options);
    if (!c.ok) throw new Error("not ok");
    const got: ExtractedReference[] = [];
    const sizes = [65536, 1, 4093, 7, 30000];
    for (let at = 0, k = 0; at < text.length; k++) {
      const n = sizes[k % sizes.length];
      got.push(...c.extractor.push(text.slice(at, at + n)));
      at += n;
    }
    got.push(...c.extractor.end());
    const n = blocks.length;
    const longs = Math.floor(n / 100);
    expect(got).to.have.length(3 * n + longs);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const line = 1 + 2 * i;
      const [a, b, q] = [got[k], got[k + 1], got[k + 2]];
      expect([a.wrapper, a.reference, a.start.line, a.verdict!.valid, a.alternative!.reference]).to.deep.equal(["<...>", `http://host${i}.example/path-${i}/x`, line, true, `http://host${i}.example/path${i}/x`]);
      expect([b.wrapper, b.reference, b.start.line, b.repairs.map((r) => r.kind)]).to.deep.equal(["bare", `http://a${i}.example/q?i=${i}`, line + 1, ["trailing-punctuation"]]);
      expect([q.wrapper, q.reference, q.verdict!.valid]).to.deep.equal(['"..."', `ftp://f${i}.example/`, true]);
      k += 3;
      if (i % 100 === 99) {
        expect([got[k].reference.length, got[k].verdict!.error!.code]).to.deep.equal([256, "reference-too-long"]);
        k++;
      }
    }
    // And the one-shot form agrees on the whole text.
    const whole = extract(text, options);
    expect(whole.ok && whole.references.length).to.equal(got.length);
    expect(whole.ok && whole.references[whole.references.length - 1]).to.deep.equal(got[got.length - 1]);
  });
});
