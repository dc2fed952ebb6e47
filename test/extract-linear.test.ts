// extract() and its streaming forms are linear in the text, however it is cut (issue 25 item 3:
// a text of one long line was quadratic, LineTracker searching for the next line break to the end of
// the text for every reference; 1-character chunks cost a search and a cut of the whole window per
// push). Checked without a clock: the characters that the string searches (indexOf, lastIndexOf,
// RegExp exec) examine and that slice() copies are counted while extract runs, and must stay within
// a constant per character of the text. The times are bench/extract-linearity.mjs's.
import { expect } from "chai";
import { createExtractor, createMultiExtractor, extract } from "../src";

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** The characters examined by the string searches and copied by slice() while `f` runs. */
function charactersTouched(f: () => void): number {
  let touched = 0;
  const S = String.prototype as unknown as Record<string, Method>;
  const R = RegExp.prototype as unknown as Record<string, Method>;
  const saved = { indexOf: S.indexOf, lastIndexOf: S.lastIndexOf, slice: S.slice, exec: R.exec };
  S.indexOf = function (this: unknown, search: unknown, from?: unknown) {
    const s = String(this);
    const r = saved.indexOf.call(s, search, from) as number;
    touched += (r < 0 ? s.length : r + String(search).length) - Math.max(0, Number(from ?? 0) || 0);
    return r;
  };
  S.lastIndexOf = function (this: unknown, search: unknown, from?: unknown) {
    const s = String(this);
    const r = saved.lastIndexOf.call(s, search, from) as number;
    touched += Math.min(s.length, Number(from ?? s.length)) - Math.max(0, r);
    return r;
  };
  S.slice = function (this: unknown, start?: unknown, end?: unknown) {
    const r = saved.slice.call(this, start, end) as string;
    touched += r.length;
    return r;
  };
  R.exec = function (this: unknown, input: unknown) {
    const re = this as RegExp;
    const s = String(input);
    const from = re.global || re.sticky ? re.lastIndex : 0;
    const m = saved.exec.call(re, s) as RegExpExecArray | null;
    touched += (m ? m.index + m[0].length : s.length) - from;
    return m;
  };
  try {
    f();
  } finally {
    Object.assign(S, { indexOf: saved.indexOf, lastIndexOf: saved.lastIndexOf, slice: saved.slice });
    R.exec = saved.exec;
  }
  return touched;
}

/** A text of one line (no line break at all) with a URL every ~25 characters, about `n` long. */
function oneLine(n: number): string {
  const parts: string[] = [];
  for (let i = 0, len = 0; len < n; i++) {
    const p = `see http://a.b/c${i}, `;
    parts.push(p);
    len += p.length;
  }
  return parts.join("");
}

/** Pushes `text` in chunks of `size` characters; the references, counted. */
function streamed(text: string, size: number): number {
  const c = createExtractor({ check: false });
  if (!c.ok) throw new Error(c.error.message);
  let n = 0;
  for (let i = 0; i < text.length; i += size) n += c.extractor.push(text.slice(i, i + size)).length;
  return n + c.extractor.end().length;
}

/** What a text costs per character, in characters touched. */
const PER_CHARACTER = 16;

describe("extract: linear in the text however it is cut (characters touched, no clock)", function () {
  this.timeout(120_000);
  const text = oneLine(200_000);
  const references = (extract(text, { check: false }) as { references: unknown[] }).references.length;

  it(`extract() of one line of ${text.length} characters (${references} references) touches at most ${PER_CHARACTER} characters per character`, () => {
    let found = 0;
    const touched = charactersTouched(() => {
      const r = extract(text, { check: false });
      found = r.ok ? r.references.length : -1;
    });
    expect(found).to.equal(references);
    expect(touched / text.length).to.be.below(PER_CHARACTER);
  });
  for (const size of [1, 16, 4096]) {
    it(`createExtractor(): the same line in chunks of ${size} character${size === 1 ? "" : "s"} finds the same references within the same bound`, () => {
      let found = 0;
      const touched = charactersTouched(() => (found = streamed(text, size)));
      expect(found).to.equal(references);
    expect(touched / text.length).to.be.below(PER_CHARACTER);
    });
  }
  it("createMultiExtractor(): two revisions in 1-character chunks find every reference once per revision", () => {
    const m = createMultiExtractor({ specs: ["draft-1997", "draft-2003"], check: false });
    if (!m.ok) throw new Error(m.error.message);
    let groups = 0;
    const small = text.slice(0, 50_000);
    const touched = charactersTouched(() => {
      for (const ch of small) groups += m.extractor.push(ch).length;
      groups += m.extractor.end().length;
    });
    expect(groups).to.equal((extract(small, { check: false }) as { references: unknown[] }).references.length);
    expect(touched / small.length).to.be.below(2 * PER_CHARACTER);
  });
  it("planted: a line tracker that searches to the end of the text for every reference is caught by the count", () => {
    // What LineTracker.at did: one unbounded search per position asked for.
    const touched = charactersTouched(() => {
      let from = 0;
      for (let i = 0; i < 2000; i++) {
        text.indexOf("\n", from);
        from += 25;
      }
    });
    expect(touched / text.length).to.be.above(PER_CHARACTER);
  });
});
