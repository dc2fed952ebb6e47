// The compiled validator regexes (generated/<spec>.regex.ts, scripts/compile-validator.mjs) must give
// exactly the peggy validate parser's verdict, rule by rule: on every table input, and on strings
// derived at random from the PEG grammar itself (then mutated, so both verdicts occur).
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validate, validateWithPeggy, validatorRegex } from "../src/parse";
import { MUTATION_CHARACTERS, prng } from "../src/published/generate";
import { availableSpecIds, defaultRule, findRule, getRevision, type Revision } from "../src/revisions";
import { DATA_DIR, readTable } from "./support/table";

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

function agree(revision: Revision, pegName: string, regex: RegExp, inputs: Iterable<string>): string[] {
  const bad: string[] = [];
  for (const input of inputs) {
    const expected = validateWithPeggy(revision, pegName, input);
    if (regex.test(input) !== expected) bad.push(`${pegName} ${JSON.stringify(input)}: peggy ${expected ? "accepts" : "rejects"}`);
  }
  return bad;
}

describe("validator regexes agree with the peggy validate parser", () => {
  for (const spec of availableSpecIds()) {
    describe(spec, () => {
      const revision = getRevision(spec)!;
      const grammar = peggy.parser.parse(readFileSync(join(GRAMMAR_DIR, `${spec}.peggy`), "utf8"));
      const withRegex = revision.rules.map((r) => r.pegName).filter((n) => validatorRegex(spec, n) !== null);

      it("the top rule has a regex", () => {
        expect(withRegex).to.include(findRule(revision, revision.topRule)!.pegName);
      });

      it("on every table input, for every rule with a regex", () => {
        const inputs = [...(tableInputs.get(spec) ?? [])];
        expect(inputs.length, "table inputs for this revision").to.be.greaterThan(0);
        const bad = withRegex.flatMap((n) => agree(revision, n, validatorRegex(spec, n)!, inputs));
        expect(bad.slice(0, 10)).to.deep.equal([]);
      });

      it("on strings derived from each rule (and mutated)", () => {
        const gen = new PegGenerator(grammar, prng(20031));
        const bad: string[] = [];
        for (const n of withRegex) {
          const inputs: string[] = [];
          for (let i = 0; i < 30; i++) {
            const s = gen.derive(n);
            inputs.push(s, gen.mutate(s));
          }
          bad.push(...agree(revision, n, validatorRegex(spec, n)!, inputs));
        }
        expect(bad.slice(0, 10)).to.deep.equal([]);
      });

      // The compiler drops a guard where what follows a construct cannot start where it could
      // continue (scripts/compile-validator.mjs, excludes()): test the boundaries, with strings
      // that join a rule's derivation to another rule's, cut it short, or splice two of them.
      it("on derived strings joined, cut short and spliced at construct boundaries", () => {
        const gen = new PegGenerator(grammar, prng(2003));
        const names = grammar.rules.map((r) => r.name);
        const pick = (n: number) => Math.floor(gen.random() * n);
        const bad: string[] = [];
        for (const n of withRegex) {
          const inputs: string[] = [];
          for (let i = 0; i < 25; i++) {
            const s = gen.derive(n);
            const t = gen.derive(names[pick(names.length)]);
            const u = gen.derive(n);
            inputs.push(s + t, s.slice(0, pick(s.length + 1)), s.slice(0, pick(s.length + 1)) + u.slice(pick(u.length + 1)), s + s, gen.mutate(s + t));
          }
          bad.push(...agree(revision, n, validatorRegex(spec, n)!, inputs));
        }
        expect(bad.slice(0, 10)).to.deep.equal([]);
      });

      it("validate() agrees with the peggy parser on 3000 derived and mutated URLs (scheme-aware default rule)", () => {
        const gen = new PegGenerator(grammar, prng(1993));
        const top = findRule(revision, revision.topRule)!.pegName;
        const bad: string[] = [];
        let accepted = 0;
        for (let i = 0; i < 1500; i++) {
          const s = gen.derive(top);
          for (const input of [s, gen.mutate(s)]) {
            const pegName = findRule(revision, defaultRule(revision, input).rule)!.pegName;
            const expected = validateWithPeggy(revision, pegName, input);
            if (expected) accepted++;
            if (validate(input, { spec }) !== expected) bad.push(`${JSON.stringify(input)}: peggy ${expected ? "accepts" : "rejects"}`);
          }
        }
        expect(bad.slice(0, 10)).to.deep.equal([]);
        // both verdicts occur, so the comparison can fail either way
        expect(accepted).to.be.within(300, 2700);
      });
    });
  }

  it("an input longer than REGEX_MAX_INPUT falls back to the parser with the same verdict", () => {
    const long = "http://a/" + "b/".repeat(525_000);
    expect(validate(long, { spec: "draft-2003" })).to.equal(true);
    expect(validate(long + " ", { spec: "draft-2003" })).to.equal(false);
  });
});
