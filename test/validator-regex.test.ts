// The compiled validator regexes (generated/<spec>.regex.ts, scripts/compile-validator.mjs) must give
// exactly the peggy validate parser's verdict, rule by rule: on every table input, and on strings
// derived at random from the PEG grammar itself (then mutated, so both verdicts occur).
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validate, validatorRegex } from "../src/parse";
import { MUTATION_CHARACTERS, prng } from "../src/published/generate";
import { availableSpecIds, findRule, getRevision } from "../src/revisions";
import { DATA_DIR, readTable } from "./support/table";
import { InputFailure, TimedWorker } from "./support/time-limit";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const peggy = require("peggy") as { parser: { parse(source: string): PegGrammar } };

interface PegExpr {
  type: string;
  expression?: PegExpr;
  alternatives?: PegExpr[];
  elements?: PegExpr[];
  name?: string;
  value?: string;
  ignoreCase?: boolean;
  parts?: (string | [string, string])[];
  inverted?: boolean;
  min?: { value: number } | null;
  max?: { value: number | null } | null;
}
interface PegGrammar {
  rules: { name: string; expression: PegExpr }[];
}

const GRAMMAR_DIR = join(__dirname, "..", "..", "grammar");

/** Random strings from the PEG grammar read as a context-free grammar (lookaheads ignored). */
class PegGenerator {
  private readonly rules: Map<string, PegExpr>;
  constructor(grammar: PegGrammar, readonly random: () => number) {
    this.rules = new Map(grammar.rules.map((r) => [r.name, r.expression]));
  }
  private int(n: number): number {
    return Math.floor(this.random() * n);
  }
  private count(min: number, max: number | null): number {
    const hi = Math.min(max ?? min + 6, min + 6);
    const roll = this.random();
    if (roll < 0.2) return min;
    if (roll < 0.3 && max !== null) return max;
    return min + this.int(hi - min + 1);
  }
  derive(rule: string): string {
    const out: string[] = [];
    this.expand(this.rules.get(rule)!, out, 0);
    return out.join("");
  }
  private expand(e: PegExpr, out: string[], depth: number): void {
    if (depth > 60) return;
    switch (e.type) {
      case "literal":
        out.push(e.ignoreCase ? [...e.value!].map((c) => (this.random() < 0.5 ? c.toUpperCase() : c)).join("") : e.value!);
        return;
      case "class": {
        if (e.inverted || e.parts!.length === 0) { out.push(MUTATION_CHARACTERS[this.int(MUTATION_CHARACTERS.length)]); return; }
        const p = e.parts![this.int(e.parts!.length)];
        const [a, b] = typeof p === "string" ? [p, p] : p;
        out.push(String.fromCharCode(a.charCodeAt(0) + this.int(b.charCodeAt(0) - a.charCodeAt(0) + 1)));
        return;
      }
      case "any":
        out.push(MUTATION_CHARACTERS[this.int(MUTATION_CHARACTERS.length)]);
        return;
      case "rule_ref":
        this.expand(this.rules.get(e.name!)!, out, depth + 1);
        return;
      case "sequence":
        for (const x of e.elements!) this.expand(x, out, depth);
        return;
      case "choice":
        this.expand(e.alternatives![this.int(e.alternatives!.length)], out, depth);
        return;
      case "optional":
        if (this.random() < 0.6) this.expand(e.expression!, out, depth);
        return;
      case "zero_or_more":
      case "one_or_more":
      case "repeated": {
        // peggy: `e|n|` has min null (exactly n)
        const max = e.type === "repeated" ? e.max?.value ?? null : null;
        const min = e.type === "one_or_more" ? 1 : e.type === "repeated" ? (e.min === null ? max! : e.min?.value ?? 0) : 0;
        const n = this.count(min, max);
        for (let i = 0; i < n; i++) this.expand(e.expression!, out, depth);
        return;
      }
      case "simple_and":
      case "simple_not":
        return;
      default:
        this.expand(e.expression!, out, depth);
    }
  }
  mutate(s: string): string {
    let out = s;
    for (let k = 1 + this.int(3); k > 0; k--) {
      const pos = this.int(out.length + 1);
      const c = MUTATION_CHARACTERS[this.int(MUTATION_CHARACTERS.length)];
      const op = this.int(3);
      out = op === 0 ? out.slice(0, pos) + c + out.slice(pos) : op === 1 ? out.slice(0, pos) + out.slice(pos + 1) : out.slice(0, pos) + c + out.slice(pos + 1);
    }
    return out;
  }
}

const tableInputs = new Map<string, Set<string>>();
for (const file of readdirSync(DATA_DIR).filter((f) => f.endsWith(".tsv"))) {
  for (const c of readTable(file)) {
    if (!tableInputs.has(c.spec)) tableInputs.set(c.spec, new Set());
    tableInputs.get(c.spec)!.add(c.input);
  }
}

// The regexes run in a worker thread with a time limit per input (test/support/time-limit.ts): a
// regex that backtracks without end (a wrong guard) fails its test naming the input, never hangs.
const CHECKS = join(__dirname, "support", "recognizer-checks.js");
const describeCase = (c: unknown) => JSON.stringify(c);

describe("validator regexes agree with the peggy validate parser", () => {
  for (const spec of availableSpecIds()) {
    describe(spec, () => {
      const revision = getRevision(spec)!;
      const grammar = peggy.parser.parse(readFileSync(join(GRAMMAR_DIR, `${spec}.peggy`), "utf8"));
      const withRegex = revision.rules.map((r) => r.pegName).filter((n) => validatorRegex(spec, n) !== null);
      const regexes = new TimedWorker({ module: CHECKS, factory: "regexAgreesWithPeggy", args: [spec] }, { describe: describeCase });
      const agree = async (cases: { rule: string; input: string }[]) => (await regexes.map<{ rule: string; input: string }, string | null>(cases)).filter((d) => d !== null);
      after(() => regexes.close());

      it("the top rule has a regex", () => {
        expect(withRegex).to.include(findRule(revision, revision.topRule)!.pegName);
      });

      it("on every table input, for every rule with a regex", async () => {
        const inputs = [...(tableInputs.get(spec) ?? [])];
        expect(inputs.length, "table inputs for this revision").to.be.greaterThan(0);
        const bad = await agree(withRegex.flatMap((rule) => inputs.map((input) => ({ rule, input }))));
        expect(bad.slice(0, 10)).to.deep.equal([]);
      });

      it("on strings derived from each rule (and mutated)", async () => {
        const gen = new PegGenerator(grammar, prng(20031));
        const cases: { rule: string; input: string }[] = [];
        for (const rule of withRegex) {
          for (let i = 0; i < 30; i++) {
            const s = gen.derive(rule);
            cases.push({ rule, input: s }, { rule, input: gen.mutate(s) });
          }
        }
        expect((await agree(cases)).slice(0, 10)).to.deep.equal([]);
      });

      // The compiler drops a guard where what follows a construct cannot start where it could
      // continue (scripts/compile-validator.mjs, excludes()): test the boundaries, with strings
      // that join a rule's derivation to another rule's, cut it short, or splice two of them.
      it("on derived strings joined, cut short and spliced at construct boundaries", async () => {
        const gen = new PegGenerator(grammar, prng(2003));
        const names = grammar.rules.map((r) => r.name);
        const pick = (n: number) => Math.floor(gen.random() * n);
        const cases: { rule: string; input: string }[] = [];
        for (const rule of withRegex) {
          for (let i = 0; i < 25; i++) {
            const s = gen.derive(rule);
            const t = gen.derive(names[pick(names.length)]);
            const u = gen.derive(rule);
            for (const input of [s + t, s.slice(0, pick(s.length + 1)), s.slice(0, pick(s.length + 1)) + u.slice(pick(u.length + 1)), s + s, gen.mutate(s + t)]) cases.push({ rule, input });
          }
        }
        expect((await agree(cases)).slice(0, 10)).to.deep.equal([]);
      });

      it("validate() agrees with the peggy parser on 3000 derived and mutated URLs (scheme-aware default rule)", async () => {
        const gen = new PegGenerator(grammar, prng(1993));
        const top = findRule(revision, revision.topRule)!.pegName;
        const inputs: string[] = [];
        for (let i = 0; i < 1500; i++) {
          const s = gen.derive(top);
          inputs.push(s, gen.mutate(s));
        }
        const validateChecks = new TimedWorker({ module: CHECKS, factory: "validateAgreesWithPeggy", args: [spec] });
        try {
          const results = await validateChecks.map<string, { accepted: boolean; difference: string | null }>(inputs);
          expect(results.flatMap((r) => (r.difference === null ? [] : [r.difference])).slice(0, 10)).to.deep.equal([]);
          // both verdicts occur, so the comparison can fail either way
          expect(results.filter((r) => r.accepted).length).to.be.within(300, 2700);
        } finally {
          await validateChecks.close();
        }
      });
    });
  }

  it("an input longer than REGEX_MAX_INPUT falls back to the parser with the same verdict", () => {
    const long = "http://a/" + "b/".repeat(525_000);
    expect(validate(long, { spec: "draft-2003" })).to.equal(true);
    expect(validate(long + " ", { spec: "draft-2003" })).to.equal(false);
  });
});

describe("a regex that backtracks without end fails its test, naming the input (planted mistake)", () => {
  // A wrong guard can make a regex backtrack exponentially; a synchronous regex cannot be stopped by
  // a mocha timeout. Planted: the draft-2003 top rule's regex replaced by one that backtracks 2^40 times.
  it("the time limit stops the worker and the failure names the input", async () => {
    const rule = findRule(getRevision("draft-2003")!, "URI-reference")!.pegName;
    const hostile = "a".repeat(40) + "!";
    const regexes = new TimedWorker({ module: CHECKS, factory: "regexAgreesWithPeggy", args: ["draft-2003", { rule, source: "^(?:[a-z]+)+$" }] }, { perInputMs: 1000, describe: describeCase });
    try {
      const failure = await regexes.map([{ rule, input: "http://a/" }, { rule, input: hostile }]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure).to.be.instanceOf(InputFailure);
      expect((failure as InputFailure).index).to.equal(1);
      expect((failure as InputFailure).message).to.contain(JSON.stringify(hostile)).and.to.contain("no result within 1000 ms");
      // The worker was replaced: the next call answers (the planted regex rejects what peggy accepts).
      expect(await regexes.map([{ rule, input: "http://a/" }])).to.deep.equal([`${rule} "http://a/": peggy accepts`]);
    } finally {
      await regexes.close();
    }
  });
});
