// Random strings from a PEG grammar read as a context-free grammar (lookaheads ignored), and their
// mutations: inputs that exercise every construct of the PEG, with both verdicts.
import { pegGrammarSource } from "../../src/published";
import { MUTATION_CHARACTERS } from "../../src/published/generate";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const peggy = require("peggy") as { parser: { parse(source: string): PegGrammar } };

export interface PegExpr {
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
export interface PegGrammar {
  rules: { name: string; expression: PegExpr }[];
}


/** Random strings from the PEG grammar read as a context-free grammar (lookaheads ignored). */
export class PegGenerator {
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



/** The PEG grammar of a revision as the build composed it (generated/<spec>.composed.peggy), read by peggy. */
export function pegGrammar(spec: string): PegGrammar {
  return peggy.parser.parse(pegGrammarSource(spec)!);
}
