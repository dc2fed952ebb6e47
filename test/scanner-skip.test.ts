// The sticky regexes that read a self-loop's run at once (src/scanner/skip.ts), in the scanner's
// scan() and in the tagged DFAs' run: each regex reads exactly the characters its state loops on
// (every class, both ends and the middle of each of its ranges), and runs of thousands of characters
// get the answers of a plain table loop (scan: verdict, offset, state; parse: the oracle's AST).
// A planted mistake (regexes made from every transition that does not reject, not only the loops)
// is caught by the same check.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { enumerable } from "./support/plain-ast";
import fc from "fast-check";
import { SPEC_IDS, parse } from "../src";
import { defaultRule, findRule, getRevision } from "../src/revisions";
import { selfLoopSkips, type Skips } from "../src/scanner/skip";
import { runFormOf, type RunForm } from "../src/scanner/tagged";
import type { GeneratedScanner } from "../src/scanner/types";
import { oracleAst } from "./support/peggy-reference";

const ROOT = join(__dirname, "..", "..");
const corpus = readFileSync(join(ROOT, "test", "data", "corpora", "debian-packages.txt"), "utf8").split("\n").filter((l) => l !== "");

/** Where a DFA's skips read a character its state does not loop on, or miss one it does (a few code units per class range). */
function skipProblems(states: number, classRanges: readonly (readonly number[])[], loops: (s: number, k: number) => boolean, skips: Skips, max = 5): string[] {
  const out: string[] = [];
  for (let s = 1; s < states && out.length < max; s++) {
    const index = skips.at[s];
    if (index < 0) continue;
    const re = skips.res[index];
    for (let k = 0; k < classRanges.length; k++) {
      const r = classRanges[k];
      for (let i = 0; i < r.length; i += 2) {
        for (const c of [r[i], (r[i] + r[i + 1]) >> 1, r[i + 1]]) {
          re.lastIndex = 0;
          const reads = re.test(String.fromCharCode(c)) && re.lastIndex === 1;
          if (reads !== loops(s, k)) out.push(`state ${s}, class ${k}, U+${c.toString(16).padStart(4, "0")}: the regex ${reads ? "reads" : "stops at"} it, the table ${loops(s, k) ? "loops" : "does not loop"}`);
        }
      }
    }
  }
  return out;
}

/** fast-check: inputs made of the pieces scan() reads as the table loop does (offset and last state). */
function assertScanAgrees(scanner: GeneratedScanner, start: number, piece: fc.Arbitrary<string>): void {
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
      const input = pieces.join("");
      const offset = scanner.scan(start, input);
      const expected = tableScan(scanner, start, input);
      return offset === expected[0] && scanner.LAST[0] === expected[1];
    }),
    { numRuns: 3000, seed: 1 },
  );
}

/** The scanner's scan() without skips: one table lookup per character. */
function tableScan(scanner: GeneratedScanner, start: number, input: string): [number, number] {
  let s = start;
  for (let p = 0; p < input.length; p++) {
    const next = scanner.TRANS[s * scanner.K + scanner.classOf(input.charCodeAt(p))];
    if (next === 0) return [p, s];
    s = next;
  }
  return [scanner.ACCEPT[s] === 1 ? -1 : input.length, s];
}

/** Inputs with long runs: each character of a corpus line repeated (a run of hundreds where the line had one). */
function stretched(line: string, times: number): string {
  let out = "";
  for (const ch of line) out += /[A-Za-z0-9]/.test(ch) ? ch.repeat(times) : ch;
  return out;
}

describe("self-loop skips read exactly the loop's characters", () => {
  for (const spec of SPEC_IDS) {
    const revision = getRevision(spec)!;
    const scanner = revision.scanner;
    scanner.load(); // TRANS and SKIPS are filled on first use
    const states = scanner.ACCEPT.length;

    it(`${spec}: every scanner state's regex, against its table row`, () => {
      const loops = (s: number, k: number) => scanner.TRANS[s * scanner.K + k] === s;
      let withSkip = 0;
      for (let s = 0; s < states; s++) if (scanner.SKIPS.at[s] >= 0) withSkip++;
      expect(withSkip, "states with a skip").to.be.greaterThan(10);
      expect(skipProblems(states, scanner.CLASS_RANGES, loops, scanner.SKIPS)).to.deep.equal([]);
    });

    it(`${spec}: every acceptance-DFA state's regex (validate() of uri-grammars/${spec}), against its table row`, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const accept = require(join(ROOT, "dist", "generated", `${spec}.accept.js`)) as { TRANS: Uint16Array | Uint32Array; ACCEPT: Uint8Array; SKIPS: Skips; load(): void };
      accept.load();
      const loops = (s: number, k: number) => accept.TRANS[s * scanner.K + k] === s;
      expect(skipProblems(accept.ACCEPT.length, scanner.CLASS_RANGES, loops, accept.SKIPS)).to.deep.equal([]);
    });

    it(`${spec}: every tagged DFA's regexes, against its decoded rows`, () => {
      let checked = 0;
      for (const entry of Object.values(revision.ast)) {
        if (entry.table === null) continue;
        const t = entry.table;
        const form: RunForm = runFormOf(t, scanner.CLASS_RANGES);
        // A transition is (target row * 4) + 1 with operations, + 2 with a skip (its regex in opAt).
        const loops = (s: number, k: number) => form.next[s * t.K + k] >> 2 === s * t.K && (form.next[s * t.K + k] & 1) === 0;
        const at = new Int16Array(t.states).fill(-1);
        for (let i = 0; i < form.next.length; i++) if ((form.next[i] & 3) === 2) at[(i / t.K) | 0] = form.opAt[i];
        expect(skipProblems(t.states, scanner.CLASS_RANGES, loops, { at, res: form.skips })).to.deep.equal([]);
        checked++;
      }
      expect(checked).to.be.greaterThan(0);
    });

    it(`${spec}: long runs get the table loop's scan and the oracle's AST (where it has one)`, () => {
      const inputs = corpus.filter((_, i) => i % 1500 === 0).flatMap((l) => [stretched(l, 300), stretched(l, 300) + "\u0000", l + "a".repeat(5000)]);
      let accepted = 0;
      for (const input of inputs) {
        // The start rule parse() reads it with (by scheme, where the revision says so).
        const name = defaultRule(revision, input).rule;
        const rule = findRule(revision, name)!;
        const start = scanner.START[rule.pegName];
        const expected = tableScan(scanner, start, input);
        const offset = scanner.scan(start, input);
        expect([offset, scanner.LAST[0]], input.slice(0, 80)).to.deep.equal(expected);
        if (offset !== -1) continue;
        accepted++;
        const r = parse(input, { spec, rule: name });
        const oracle = oracleAst(revision, rule.pegName, input);
        // No oracle (a revision added since the ASTs were declared): the walk's AST, as parse() gives it on the short input.
        if (oracle === undefined) expect(r.ok || r.error.code === "predicate", input.slice(0, 80)).to.equal(true);
        else expect(r.ok && isDeepStrictEqual(enumerable(r.ast), oracle), input.slice(0, 80)).to.equal(true);
      }
      expect(accepted).to.be.greaterThan(0);
    });
  }

  it("rfc3987 (code points as surrogate pairs): runs of pairs, halves of pairs and long runs scan as the table loop does (fast-check)", () => {
    // The regexes are code units with no `u` flag, as the tables are: a state loops on a surrogate
    // only where its table row does (checked per state above), so a pair is never read by half.
    const revision = getRevision("rfc3987")!;
    const scanner = revision.scanner;
    const start = scanner.START[findRule(revision, "IRI-reference")!.pegName];
    const piece = fc.constantFrom("http://", "a", "b".repeat(40), "/", "?", "#", "%41", "\u{20000}", "\u{1FFFE}", "パス".repeat(20), "\ud800", "\udc00", "\u{F0000}", "é", " ");
    assertScanAgrees(scanner, start, piece);
  });

  it("generated strings with long runs: scan() agrees with the table loop (fast-check)", () => {
    const scanner = getRevision("rfc3986")!.scanner;
    const start = scanner.START[findRule(getRevision("rfc3986")!, "URI-reference")!.pegName];
    const piece = fc.constantFrom("http://", "a", "b".repeat(40), "/", "?", "#", "%41", "%", "[", "::", ":", "@", "é", "\ud800", " ", "~");
    assertScanAgrees(scanner, start, piece);
  });

  it("the check can fail: regexes made from every transition that does not reject are caught", () => {
    const scanner = getRevision("rfc3986")!.scanner;
    scanner.load();
    const states = scanner.ACCEPT.length;
    const loops = (s: number, k: number) => scanner.TRANS[s * scanner.K + k] === s;
    const planted = selfLoopSkips(states, scanner.CLASS_RANGES, (s, k) => scanner.TRANS[s * scanner.K + k] !== 0);
    expect(skipProblems(states, scanner.CLASS_RANGES, loops, planted)).to.not.deep.equal([]);
  });
});
