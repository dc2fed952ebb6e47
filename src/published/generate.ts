// Test strings from the grammar model: random derivations with a length bound, and mutations of
// them (insert, delete or replace one character, drawn from the characters that matter to URL
// grammars). Seeded: the same seed gives the same strings.
import { findPublishedRule, type Expr, type PublishedGrammar } from "./model";

/** mulberry32: a small, fast, seedable PRNG (32-bit state). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters that decide between rules: delimiters, "%", "-", digits, brackets, ":" ... */
export const MUTATION_CHARACTERS = ":/?#[]@;&=+$,%-.0123456789aAfFgGzZ_~!*'()\"<>{}|\\^` ";

/** The shortest string each rule derives (Infinity: the rule derives nothing finite). */
export function minimumLengths(g: PublishedGrammar): Map<string, number> {
  const min = new Map<string, number>(g.rules.map((r) => [r.name, Infinity]));
  const len = (e: Expr): number => {
    switch (e.type) {
      case "seq": return e.items.reduce((s, x) => s + len(x), 0);
      case "alt": return Math.min(...e.items.map(len));
      case "opt": return 0;
      case "rep": return e.min === 0 ? 0 : e.min * len(e.expr);
      case "lit": return e.text.length;
      case "chars": return 1;
      case "ref": return min.get(findPublishedRule(g, e.name)!.name)!;
    }
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of g.rules) {
      const l = len(r.expr);
      if (l < min.get(r.name)!) { min.set(r.name, l); changed = true; }
    }
  }
  return min;
}

export class Generator {
  private readonly min: Map<string, number>;
  private readonly random: () => number;
  /**
   * `seed` seeds the generator's own prng; a function is used as the random source instead (the fuzz
   * campaign reseeds it per input, so input i of a run depends only on the seed and i).
   */
  constructor(private readonly grammar: PublishedGrammar, seed: number | (() => number)) {
    this.min = minimumLengths(grammar);
    this.random = typeof seed === "number" ? prng(seed) : seed;
  }

  private int(n: number): number {
    return Math.floor(this.random() * n);
  }

  private minLength(e: Expr): number {
    switch (e.type) {
      case "seq": return e.items.reduce((s, x) => s + this.minLength(x), 0);
      case "alt": return Math.min(...e.items.map((x) => this.minLength(x)));
      case "opt": return 0;
      case "rep": return e.min * this.minLength(e.expr);
      case "lit": return e.text.length;
      case "chars": return 1;
      case "ref": return this.min.get(findPublishedRule(this.grammar, e.name)!.name)!;
    }
  }

  /** One random derivation of `rule`, about `budget` characters at most (the minimum if longer). */
  derive(rule: string, budget: number): string {
    const r = findPublishedRule(this.grammar, rule);
    if (!r) throw new Error(`${this.grammar.spec}: no rule ${rule}`);
    const out: string[] = [];
    this.expand(r.expr, budget, out);
    return out.join("");
  }

  private expand(e: Expr, budget: number, out: string[]): void {
    switch (e.type) {
      case "lit": {
        let s = e.text;
        if (e.caseInsensitive) s = [...s].map((c) => (this.random() < 0.5 ? c.toLowerCase() : c.toUpperCase())).join("");
        out.push(s);
        return;
      }
      case "chars": {
        const [a, b] = e.ranges[this.int(e.ranges.length)];
        out.push(String.fromCharCode(a + this.int(b - a + 1)));
        return;
      }
      case "ref":
        this.expand(findPublishedRule(this.grammar, e.name)!.expr, budget, out);
        return;
      case "seq": {
        // Share the budget: each item gets its minimum plus a random part of what is left over.
        const mins = e.items.map((x) => this.minLength(x));
        let spare = Math.max(0, budget - mins.reduce((s, m) => s + m, 0));
        e.items.forEach((x, i) => {
          const extra = i === e.items.length - 1 ? spare : this.int(spare + 1);
          spare -= extra;
          this.expand(x, mins[i] + extra, out);
        });
        return;
      }
      case "alt": {
        const fitting = e.items.filter((x) => this.minLength(x) <= budget);
        const pool = fitting.length > 0 ? fitting : [e.items.reduce((a, b) => (this.minLength(a) <= this.minLength(b) ? a : b))];
        this.expand(pool[this.int(pool.length)], budget, out);
        return;
      }
      case "opt":
        if (this.minLength(e.expr) <= budget && this.random() < 0.6) this.expand(e.expr, budget, out);
        return;
      case "rep": {
        const each = Math.max(1, this.minLength(e.expr));
        const room = Math.floor(Math.max(0, budget - e.min * this.minLength(e.expr)) / each);
        const maxExtra = Math.min(e.max === null ? Infinity : e.max - e.min, room);
        // Favour short and boundary counts: 0, 1, a few, and the maximum allowed.
        const roll = this.random();
        let count: number;
        if (maxExtra <= 0) count = 0;
        else if (roll < 0.15) count = 0;
        else if (roll < 0.3) count = Math.min(1, maxExtra);
        else if (roll < 0.4 && Number.isFinite(maxExtra)) count = maxExtra;
        else count = this.int(Math.min(maxExtra, 8) + 1);
        const total = e.min + count;
        const share = Math.max(each, Math.floor(budget / Math.max(1, total)));
        for (let i = 0; i < total; i++) this.expand(e.expr, share, out);
        return;
      }
    }
  }

  /** One to three edits: insert, delete or replace a character (from MUTATION_CHARACTERS or a neighbour). */
  mutate(s: string): string {
    let out = s;
    const edits = 1 + this.int(3);
    for (let k = 0; k < edits; k++) {
      const pos = this.int(out.length + 1);
      const pick = () => (out.length > 0 && this.random() < 0.2 ? out[this.int(out.length)] : MUTATION_CHARACTERS[this.int(MUTATION_CHARACTERS.length)]);
      const op = out.length === 0 ? 0 : this.int(3);
      if (op === 0) out = out.slice(0, pos) + pick() + out.slice(pos);
      else if (op === 1) out = out.slice(0, Math.min(pos, out.length - 1)) + out.slice(Math.min(pos, out.length - 1) + 1);
      else { const p = Math.min(pos, out.length - 1); out = out.slice(0, p) + pick() + out.slice(p + 1); }
    }
    return out;
  }

  /** A test string: a derivation (half the time) or a mutated derivation, bounded by `maxLength`. */
  next(rule: string, maxLength: number): { input: string; mutated: boolean } {
    const budget = 1 + this.int(maxLength);
    const base = this.derive(rule, budget);
    if (this.random() < 0.5) return { input: base, mutated: false };
    return { input: this.mutate(base), mutated: true };
  }
}
