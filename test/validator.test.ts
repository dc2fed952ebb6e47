// validate() of a per-revision entry (src/validator.ts over generated/<spec>.accept.ts, issue 27)
// against the scanner that the main entry's validate() and every parse() run:
// - the acceptance DFA accepts exactly what the scanner's DFA accepts, for every start rule: proved
//   by walking the product of the two DFAs (every pair of states reachable from a rule's two start
//   states must agree on acceptance), with a planted mistake (one state's acceptance flipped) that
//   the walk finds, with the input that shows it;
// - the ES module main entry's validate() (every revision's part) answers as the CommonJS main
//   entry's (src/parse.ts), for every revision;
// - the entry's validate() routes every name a caller may give, every options shape and every spec
//   as the entry's parse() does (validate() promises parse(input, options).ok): the same verdict on every rule's random derivations and their mutations
//   (test/support/peg-generator.ts), under every name of every rule (as published, as PEG names it,
//   in other cases), under unknown names, and with options that are strings, null, numbers, objects
//   whose getters throw, and other revisions' ids;
// - the CommonJS main entry's validate() runs a built-in revision's acceptance DFA (acceptorOf(),
//   src/parse.ts makeTarget()) and answers its parse(input, options).ok, which runs the tagged DFA
//   (planted: the DFA's verdict flipped on some inputs is caught).
import { expect } from "chai";
import { join } from "node:path";
import { SPEC_IDS, parse as mainParse, validate as mainValidate } from "../src";
import { acceptorOf, getRevision, ruleNameMaps } from "../src/revisions";
import type { GeneratedScanner } from "../src/scanner/types";
import type { AcceptanceDfa } from "../src/validator";
import { PegGenerator, pegGrammar } from "./support/peg-generator";

const ROOT = join(__dirname, "..", "..");

/** What generated/<spec>.accept.ts exports. */
interface AcceptModule extends AcceptanceDfa {
  readonly TRANS: Uint16Array | Uint32Array;
  readonly ACCEPT: Uint8Array;
  load(): void;
}

type Validate = (input: unknown, options?: unknown) => boolean;

/** A DFA as the product walk reads it: transitions (state * K + class), acceptance, start states by pegName. */
interface Dfa {
  trans: ArrayLike<number>;
  accept: ArrayLike<number>;
  start: Readonly<Record<string, number>>;
}

/**
 * The first input (as classes, then as characters) on which the two DFAs disagree from some rule's
 * start states, or null: a breadth-first walk of the pairs of states both reach on the same input.
 */
function disagreement(a: Dfa, b: Dfa, K: number, classRanges: readonly (readonly number[])[]): string | null {
  const seen = new Set<number>();
  const wide = b.accept.length;
  const queue: { x: number; y: number; rule: string; path: number[] }[] = [];
  for (const rule of Object.keys(b.start)) queue.push({ x: a.start[rule], y: b.start[rule], rule, path: [] });
  for (let i = 0; i < queue.length; i++) {
    const { x, y, rule, path } = queue[i];
    if (x === undefined) return `${rule}: no start state in the acceptance DFA`;
    const key = x * wide + y;
    if (seen.has(key)) continue;
    seen.add(key);
    if (a.accept[x] !== b.accept[y]) {
      const input = path.map((k) => String.fromCharCode(classRanges[k][0])).join("");
      return `${rule}: ${JSON.stringify(input)} is ${a.accept[x] ? "accepted" : "rejected"} by the acceptance DFA, ${b.accept[y] ? "accepted" : "rejected"} by the scanner`;
    }
    for (let k = 0; k < K; k++) queue.push({ x: a.trans[x * K + k], y: b.trans[y * K + k], rule, path: [...path, k] });
  }
  return null;
}

/** Every name a caller might give the rules of a revision: each name that finds one, in other cases, with "_" for "-", and names that find none. */
function ruleNameVariants(spec: string): string[] {
  const revision = getRevision(spec)!;
  const names = new Set<string>();
  for (const name of ruleNameMaps(revision).exact.keys()) for (const v of [name, name.toLowerCase(), name.toUpperCase(), name.replace(/-/g, "_")]) names.add(v);
  for (const r of revision.rules) names.add(r.pegName);
  for (const v of ["", "nosuchrule", "__proto__", "constructor", "toString", " URI"]) names.add(v);
  return [...names];
}

/** Per rule of the grammar: random derivations and mutations of them (seeded). */
function samples(spec: string, perRule: number): string[] {
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
  const grammar = pegGrammar(spec);
  const g = new PegGenerator(grammar, random);
  const out: string[] = ["", "a", "a:", ":", "http://a/b?c#d", "HTTP://A/", "URL:http://a/", "url:HTTP://a", "mailto:a@b", "news:a.b", "ftp://u:p@h/a;type=i", "\u0130:x", "http\u0131://a", "[::1]", "//h", "%41", "x".repeat(300)];
  for (const r of grammar.rules) {
    for (let i = 0; i < perRule; i++) {
      const s = g.derive(r.name);
      out.push(s, g.mutate(s));
    }
  }
  return out;
}

const THROWS = (name: string) => ({
  get [name]() {
    throw new Error(`${name} read`);
  },
});

describe("validate() of the main entry as an ES module: every revision's part, as the CommonJS main entry answers", function () {
  this.timeout(120000);
  it("the same verdict as validate() of src/parse.ts for every revision, rule name and options shape", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const esmValidate = (require(join(ROOT, "dist", "entries", "parts", "all.validate.js")) as { validate: Validate }).validate;
    const main = mainValidate as Validate;
    const problems: string[] = [];
    const compare = (input: unknown, options: unknown, label: string) => {
      const want = main(input, options);
      if (esmValidate(input, options) !== want && problems.length < 10) problems.push(`${label}: ${JSON.stringify(input)?.slice(0, 60)}: ES module entry ${!want}, CommonJS ${want}`);
    };
    const optionShapes: unknown[] = [undefined, null, 7, "nosuchspec", {}, { spec: 5 }, { rule: null }, { rule: 5 }, THROWS("spec"), THROWS("rule"), THROWS("tree"), () => 0, ["rfc3986"], ...SPEC_IDS, ...SPEC_IDS.map((spec) => ({ spec }))];
    for (const spec of SPEC_IDS) {
      const inputs = samples(spec, 1);
      optionShapes.forEach((options, i) => {
        for (const input of [...inputs, 5, null]) compare(input, options, `${spec} inputs, options shape #${i}`);
      });
      for (const rule of ruleNameVariants(spec)) for (const input of inputs.filter((_, i) => i % 4 === 0)) compare(input, { spec, rule }, `${spec} rule ${rule}`);
    }
    expect(problems).to.deep.equal([]);
  });
});

describe("validate() of a per-revision entry: the acceptance DFA, as the scanner answers", function () {
  this.timeout(120000);
  for (const spec of SPEC_IDS) {
    const scanner = getRevision(spec)!.scanner as GeneratedScanner;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const accept = require(join(ROOT, "dist", "generated", `${spec}.accept.js`)) as AcceptModule;

    it(`${spec}: the acceptance DFA accepts exactly what the scanner's DFA accepts, from every rule's start`, () => {
      scanner.load();
      accept.load();
      expect(accept.TRANS.length / accept.ACCEPT.length).to.equal(scanner.K);
      expect(Object.keys(accept.START).sort()).to.deep.equal(Object.keys(scanner.START).sort());
      expect(accept.ACCEPT.length, "fewer states than the scanner").to.be.lessThan(scanner.ACCEPT.length);
      expect(disagreement({ trans: accept.TRANS, accept: accept.ACCEPT, start: accept.START }, { trans: scanner.TRANS, accept: scanner.ACCEPT, start: scanner.START }, scanner.K, scanner.CLASS_RANGES)).to.equal(null);
    });

    if (spec === "rfc3986")
      it(`${spec}: the product walk finds a state whose acceptance is flipped (planted), with an input that shows it`, () => {
        accept.load();
        const flipped = Uint8Array.from(accept.ACCEPT);
        const state = accept.START["IPv4address"];
        // A state after "1.2.3." : not accepting; planted: accepting.
        let s = state;
        for (const c of "1.2.3.") s = accept.TRANS[s * scanner.K + scanner.classOf(c.charCodeAt(0))];
        expect(flipped[s]).to.equal(0);
        flipped[s] = 1;
        const found = disagreement({ trans: accept.TRANS, accept: flipped, start: accept.START }, { trans: scanner.TRANS, accept: scanner.ACCEPT, start: scanner.START }, scanner.K, scanner.CLASS_RANGES);
        expect(found).to.be.a("string").and.match(/is accepted by the acceptance DFA, rejected by the scanner/);
      });

    it(`${spec}: the entry's validate() answers parse(input, options).ok for every rule name, options shape and spec`, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const entry = require(join(ROOT, "dist", "entries", `${spec}.js`)) as { validate: Validate; parse(input: unknown, options?: unknown): { ok: boolean } };
      const entryValidate = entry.validate;
      const inputs = samples(spec, 4);
      const other = SPEC_IDS.find((id) => id !== spec)!;
      const optionShapes: unknown[] = [undefined, null, 7, spec, other, "nosuchspec", {}, { spec }, { spec: other }, { spec: 5 }, { rule: null }, { rule: 5 }, { rule: undefined, spec }, THROWS("spec"), THROWS("rule"), THROWS("tree"), () => 0, [spec]];
      const problems: string[] = [];
      // The reference: the same entry's parse(input, options).ok, which validate() promises to equal
      // (src/parse.ts); the entry's parse() runs the main entry's code (src/request.ts, the scanner)
      // with this revision as the default and alone (another revision's id is unknown there).
      const reference = (input: unknown, options: unknown): boolean => entry.parse(input, options as never).ok;
      const compare = (input: unknown, options: unknown, label: string) => {
        const want = reference(input, options);
        const got = entryValidate(input, options);
        if (want !== got && problems.length < 10) problems.push(`${label}: ${JSON.stringify(input)?.slice(0, 60)}: validate ${got}, parse().ok ${want}`);
      };
      optionShapes.forEach((options, i) => {
        for (const input of [...inputs, 5, null, undefined, {}]) compare(input, options, `options shape #${i}`);
      });
      const some = inputs.filter((_, i) => i % 3 === 0);
      for (const rule of ruleNameVariants(spec)) {
        for (const input of some) {
          compare(input, { rule }, `rule ${rule}`);
          compare(input, { spec, rule }, `spec+rule ${rule}`);
        }
      }
      expect(problems).to.deep.equal([]);
    });
  }
});

/** Where the main entry's validate() and parse().ok disagree on a revision's samples, under every rule name and with none. */
function mainDisagreements(spec: string, inputs: readonly string[]): string[] {
  const problems: string[] = [];
  const names: (string | undefined)[] = [undefined, ...getRevision(spec)!.rules.map((r) => r.published ?? r.pegName)];
  for (const rule of names) {
    const options = { spec, rule };
    for (const input of inputs) {
      const want = mainParse(input, options as never).ok;
      if (mainValidate(input, options as never) !== want && problems.length < 10) problems.push(`rule ${rule}: ${JSON.stringify(input).slice(0, 60)}: validate ${!want}, parse().ok ${want}`);
    }
  }
  return problems;
}

describe("validate() of the CommonJS main entry: a built-in revision's acceptance DFA, as parse() answers", function () {
  this.timeout(120000);
  for (const spec of SPEC_IDS) {
    it(`${spec}: acceptorOf() is generated/${spec}.accept for the built-in descriptor, none for a copy; validate() answers parse().ok for every rule`, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const accept = require(join(ROOT, "dist", "generated", `${spec}.accept.js`)) as AcceptModule;
      const revision = getRevision(spec)!;
      expect(acceptorOf(revision)).to.equal(accept);
      expect(acceptorOf({ ...revision })).to.equal(undefined);
      expect(mainDisagreements(spec, samples(spec, 2))).to.deep.equal([]);
    });
  }

  it("the check finds an acceptance DFA that answers otherwise (planted: rfc3986's verdict flipped where an input holds a digit)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const accept = require(join(ROOT, "dist", "generated", "rfc3986.accept.js")) as { accepts: (start: number, input: string) => boolean };
    const real = accept.accepts;
    accept.accepts = (start, input) => real(start, input) !== /[0-9]/.test(input);
    try {
      expect(mainDisagreements("rfc3986", samples("rfc3986", 2))).to.not.deep.equal([]);
    } finally {
      accept.accepts = real;
    }
    expect(mainDisagreements("rfc3986", samples("rfc3986", 2))).to.deep.equal([]);
  });
});
