// The automata algorithms (src/automata/) on random DFAs, against brute force: minimize() keeps the
// language and leaves no two states with the same future; compareDfas() says equal exactly when
// the languages agree on every string up to a length, and each candidate it gives is accepted by
// exactly one side, and is a shortest such string. Planted mistakes (a minimisation that merges two
// distinguishable states, a product step that drops a transition) are caught by these checks.
import { expect } from "chai";
import { refine, typingRank } from "../src/automata/alphabet";
import { materialize, minimize, stopOffset, type Dfa } from "../src/automata/dfa";
import { compareDfas, productStep, type ProductStep } from "../src/automata/product";
import { prng } from "../src/published/generate";

/** A random DFA over `k` classes of the letters a, b, c ... (the rest of the code units in no class). */
function randomDfa(random: () => number, states: number, k: number): Dfa {
  const classRanges = Array.from({ length: k }, (_, c) => [0x61 + c, 0x61 + c]);
  const rows = Array.from({ length: states * k }, () => (random() < 0.15 ? -1 : Math.floor(random() * states)));
  const accept = Array.from({ length: states }, () => random() < 0.3);
  return materialize({ classRanges, start: 0, transition: (s, c) => (s < 0 ? -1 : rows[s * k + c]), accepting: (s) => s >= 0 && accept[s] });
}

function accepts(d: Dfa, input: string): boolean {
  return d.start >= 0 && stopOffset(d, input) === -1;
}

/** Every string over the first k letters up to `length`, shortest first. */
function strings(k: number, length: number): string[] {
  const out = [""];
  for (let i = 0; out[i] !== undefined && out[i].length < length; i++) for (let c = 0; c < k; c++) out.push(out[i] + String.fromCharCode(0x61 + c));
  return out;
}

const WORDS = strings(3, 7);

describe("automata: minimize()", () => {
  it("keeps the language of 80 random DFAs, and leaves no two states with the same future", () => {
    const random = prng(5);
    for (let n = 0; n < 80; n++) {
      const d = randomDfa(random, 2 + Math.floor(random() * 12), 3);
      const m = minimize(d);
      expect(m.size).to.be.at.most(d.size);
      for (const w of WORDS) expect(accepts(m, w), `dfa ${n}: ${w}`).to.equal(accepts(d, w));
      // Minimal: every two states of m are told apart by some string (a product walk from the pair).
      for (let p = 0; p < m.size; p++)
        for (let q = p + 1; q < m.size; q++) {
          expect(compareDfas({ ...m, start: p }, { ...m, start: q }).equal, `dfa ${n}: states ${p} and ${q} have the same future`).to.equal(false);
        }
    }
  });

  it("planted: a minimisation that merges the last two states is caught by the language check", () => {
    const random = prng(9);
    let caught = 0;
    for (let n = 0; n < 50; n++) {
      const d = minimize(randomDfa(random, 6, 3));
      if (d.size < 2) continue;
      const [x, y] = [d.size - 2, d.size - 1];
      const next = d.next.map((t) => (t === y ? x : t));
      const merged: Dfa = { ...d, next, accept: d.accept.map((a, s) => (s === x ? a | d.accept[y] : a)) };
      if (WORDS.some((w) => accepts(merged, w) !== accepts(d, w))) caught++;
    }
    expect(caught).to.be.above(20);
  });
});

describe("automata: compareDfas()", () => {
  it("on 300 random pairs: never equal when a string up to length 7 tells them apart (both verdicts occur); every candidate is accepted by exactly one side, and the shortest is a shortest such string", () => {
    const random = prng(7);
    let equal = 0;
    for (let n = 0; n < 300; n++) {
      const a = randomDfa(random, 1 + Math.floor(random() * 5), 3);
      // Half the time B is A minimised with a mistake or not at all: equal languages occur.
      const b = random() < 0.5 ? minimize(a) : randomDfa(random, 1 + Math.floor(random() * 5), 3);
      const c = compareDfas(a, b);
      const differing = WORDS.filter((w) => accepts(a, w) !== accepts(b, w));
      // DFAs of at most 5 states that differ, differ on a string of length < 5 * 5.
      if (differing.length === 0 && c.equal) equal++;
      else if (differing.length > 0) expect(c.equal, `pair ${n}`).to.equal(false);
      for (const [list, inA] of [[c.onlyA, true], [c.onlyB, false]] as const)
        for (const cand of list) {
          expect([accepts(a, cand.input), accepts(b, cand.input)], `pair ${n}: ${cand.input}`).to.deep.equal([inA, !inA]);
        }
      if (differing.length > 0) {
        const shortest = Math.min(...[...c.onlyA, ...c.onlyB].map((x) => x.input.length));
        expect(shortest, `pair ${n}`).to.equal(differing[0].length);
      }
    }
    expect(equal).to.be.within(20, 280);
  });

  it("tries characters in the order a person types them: the witness of [a-z] vs [b-z] is \"a\", of any BMP unit vs none is \"a\"", () => {
    const one = (ranges: number[][], accept: number[]) => materialize({ classRanges: ranges, start: 0, transition: (s, c) => (s === 0 && accept.includes(c) ? 1 : -1), accepting: (s) => s === 1 });
    const az = one([[0x61, 0x7a], [0, 0x60, 0x7b, 0xffff]], [0]);
    const bz = one([[0x62, 0x7a], [0, 0x61, 0x7b, 0xffff]], [0]);
    expect(compareDfas(az, bz).onlyA.map((x) => x.input)).to.deep.equal(["a"]);
    const any = one([[0, 0xffff]], [0]);
    const digits = one([[0x30, 0x39], [0, 0x2f, 0x3a, 0xffff]], [0]);
    expect(compareDfas(any, digits).onlyA.map((x) => x.input)).to.deep.equal(["a"]);
    expect(typingRank(0x61)).to.be.below(typingRank(0x30));
    expect(typingRank(0x30)).to.be.below(typingRank(0x2f));
    expect(typingRank(0x7e)).to.be.below(typingRank(0xe9));
    expect(typingRank(0xe9)).to.be.below(typingRank(0x07));
    expect(refine([[[0, 0xffff]], [[0x30, 0x39], [0, 0x2f, 0x3a, 0xffff]]]).size).to.equal(2);
  });

  it("planted: a product step that drops one transition gives a candidate the brute force refutes, or misses a difference", () => {
    const random = prng(3);
    let caught = 0;
    for (let n = 0; n < 100; n++) {
      const a = randomDfa(random, 4, 3);
      const b = minimize(a);
      // Drop B's move on "a" from the start pair: A's strings that start with "a" look like A's only.
      const step: ProductStep = (da, db, p, q, ca, cb) => (p === da.start && q === db.start && ca === 0 ? [productStep(da, db, p, q, ca, cb)[0], -1] : productStep(da, db, p, q, ca, cb));
      const c = compareDfas(a, b, step);
      if (c.onlyA.some((x) => accepts(b, x.input))) caught++;
    }
    expect(caught).to.be.above(30);
  });
});
