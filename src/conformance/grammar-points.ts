// The places of a published grammar a conformance suite must exercise, and strings that exercise
// them. Works on the published model (src/published/model.ts: the document's grammar in its own
// shape, context-free, no PEG devices), so the points are the document's: every alternative, every
// option, every repetition bound, every literal whose letter case matters, every character class
// (a rule or an inline set whose strings are single characters) with the characters just inside and
// just outside it.
//
// A point's string is a *witness*: the rule rendered with the point forced (this alternative, that
// many repetitions, this character here) and everything else at its shortest derivation. A witness
// placed in a *context* (the shortest text around one occurrence of the rule in the top rule's
// derivations) is a whole reference, for implementations that judge only whole references.
import { findPublishedRule, type Expr, type PublishedGrammar, type PublishedRule } from "../published/model";

/** Characters a shortest derivation prefers, in order, where a set allows them (readable witnesses). */
const PREFERRED = "a1b2c3";

/** One place in a rule's published expression that a case must exercise. */
export type Point =
  | { kind: "alternative"; rule: string; node: Expr; path: Expr[]; index: number; of: number }
  | { kind: "option"; rule: string; node: Expr; path: Expr[]; present: boolean }
  | { kind: "repetition"; rule: string; node: Expr; path: Expr[]; count: number; bound: string }
  | { kind: "letter-case"; rule: string; node: Expr; path: Expr[]; text: string }
  | { kind: "class"; rule: string; node: Expr; path: Expr[]; cls: CharClass; char: number; inside: boolean };

/** A set of single characters: a rule whose every string is one character, or an inline set. */
export interface CharClass {
  /** The rule's published name, or `<rule>: <the set as published>` for an inline set. */
  name: string;
  /** The rule that holds it (the class rule itself for a named class). */
  rule: string;
  named: boolean;
  /** Sorted, merged, inclusive code-point ranges. */
  ranges: [number, number][];
  /** The characters just inside (each range's ends) and just outside (their neighbours) the set. */
  boundaries: { char: number; inside: boolean }[];
}

/** A rule's expression with the witness for one point, or the shortest derivation. */
export class GrammarPoints {
  /** The shortest derivation of each rule (null: none found, e.g. a rule that derives nothing finite). */
  private readonly shortest = new Map<string, string | null>();
  private readonly charsets = new Map<string, [number, number][] | null>();

  constructor(readonly grammar: PublishedGrammar) {
    for (const r of grammar.rules) this.shortest.set(r.name, null);
    // Fixpoint: a rule's shortest string from its items' shortest strings; replaced only when
    // strictly shorter, so ties keep the first found (deterministic).
    for (let changed = true; changed; ) {
      changed = false;
      for (const r of grammar.rules) {
        const s = this.minimal(r.expr);
        const old = this.shortest.get(r.name)!;
        if (s !== null && (old === null || s.length < old.length)) {
          this.shortest.set(r.name, s);
          changed = true;
        }
      }
    }
  }

  rule(name: string): PublishedRule | undefined {
    return findPublishedRule(this.grammar, name);
  }

  /** The shortest derivation of a rule, or null. */
  shortestOf(name: string): string | null {
    const r = this.rule(name);
    return r ? this.shortest.get(r.name) ?? null : null;
  }

  private minimal(e: Expr): string | null {
    switch (e.type) {
      case "lit":
        return e.text;
      case "chars":
        return String.fromCodePoint(preferredChar(e.ranges));
      case "ref": {
        const r = this.rule(e.name);
        return r ? this.shortest.get(r.name) ?? null : null;
      }
      case "seq": {
        let out = "";
        for (const x of e.items) {
          const s = this.minimal(x);
          if (s === null) return null;
          out += s;
        }
        return out;
      }
      case "alt": {
        let best: string | null = null;
        for (const x of e.items) {
          const s = this.minimal(x);
          if (s !== null && (best === null || s.length < best.length)) best = s;
        }
        return best;
      }
      case "opt":
        return "";
      case "rep": {
        if (e.min === 0) return "";
        const s = this.minimal(e.expr);
        return s === null ? null : s.repeat(e.min);
      }
    }
  }

  /**
   * The expression rendered with `point` forced: the nodes on its path take the branch that leads to
   * it, the point's node its variant, everything else its shortest derivation. Null when some part
   * has no finite derivation.
   */
  witness(e: Expr, point: { node: Expr; path: Expr[] } & ({ text: string } | Point)): string | null {
    const onPath = new Set(point.path);
    const render = (x: Expr): string | null => {
      if (x === point.node) return this.variant(x, point);
      if (!onPath.has(x)) return this.minimal(x);
      switch (x.type) {
        case "seq": {
          let out = "";
          for (const y of x.items) {
            const s = render(y);
            if (s === null) return null;
            out += s;
          }
          return out;
        }
        case "alt":
          return render(x.items.find((y) => y === point.node || onPath.has(y))!);
        case "opt":
          return render(x.expr);
        case "rep": {
          const inner = render(x.expr);
          const rest = this.minimal(x.expr);
          if (inner === null || rest === null) return null;
          return inner + rest.repeat(Math.max(0, x.min - 1));
        }
        default:
          return this.minimal(x);
      }
    };
    return render(e);
  }

  private variant(x: Expr, point: { text: string } | Point): string | null {
    if (!("kind" in point)) return point.text;
    switch (point.kind) {
      case "alternative":
        return this.minimal((x as Extract<Expr, { type: "alt" }>).items[point.index]);
      case "option":
        return point.present ? this.minimal((x as Extract<Expr, { type: "opt" }>).expr) : "";
      case "repetition": {
        const body = this.minimal((x as Extract<Expr, { type: "rep" }>).expr);
        return body === null ? null : body.repeat(point.count);
      }
      case "letter-case":
        return point.text;
      case "class":
        return String.fromCodePoint(point.char);
    }
  }

  /** The single characters an expression derives, when every string it derives is one character. */
  charset(e: Expr, seen: Set<string> = new Set()): [number, number][] | null {
    switch (e.type) {
      case "chars":
        return mergeRanges(e.ranges);
      case "lit": {
        const cps = [...e.text];
        if (cps.length !== 1) return null;
        const c = cps[0];
        const all = e.caseInsensitive ? [c, c.toLowerCase(), c.toUpperCase()] : [c];
        return mergeRanges(all.map((x) => [x.codePointAt(0)!, x.codePointAt(0)!] as [number, number]));
      }
      case "alt": {
        const parts: [number, number][] = [];
        for (const y of e.items) {
          const s = this.charset(y, seen);
          if (s === null) return null;
          parts.push(...s);
        }
        return mergeRanges(parts);
      }
      case "seq":
        return e.items.length === 1 ? this.charset(e.items[0], seen) : null;
      case "ref": {
        const r = this.rule(e.name);
        if (!r || seen.has(r.name)) return null;
        if (this.charsets.has(r.name)) return this.charsets.get(r.name)!;
        const s = this.charset(r.expr, new Set([...seen, r.name]));
        if (seen.size === 0) this.charsets.set(r.name, s);
        return s;
      }
      default:
        return null;
    }
  }

  /** Every point of one rule, in the order of its expression. */
  pointsOf(rule: PublishedRule): Point[] {
    const out: Point[] = [];
    const ruleClass = this.charset(rule.expr);
    if (ruleClass && countChars(ruleClass) > 1) {
      const cls = makeClass(rule.name, rule.name, true, ruleClass);
      this.classPoints(rule.name, rule.expr, [], cls, out);
      return out;
    }
    const visit = (e: Expr, path: Expr[]) => {
      const here = [...path, e];
      // An inline set of characters (not a named class: that one is the referenced rule's).
      if (e.type === "alt" || e.type === "chars") {
        const set = this.charset(e);
        if (set && countChars(set) > 1) {
          this.classPoints(rule.name, e, path, makeClass(`${rule.name}: ${describeSet(set)}`, rule.name, false, set), out);
          return;
        }
      }
      switch (e.type) {
        case "alt":
          e.items.forEach((_, index) => out.push({ kind: "alternative", rule: rule.name, node: e, path, index, of: e.items.length }));
          e.items.forEach((x) => visit(x, here));
          return;
        case "opt":
          out.push({ kind: "option", rule: rule.name, node: e, path, present: true }, { kind: "option", rule: rule.name, node: e, path, present: false });
          visit(e.expr, here);
          return;
        case "rep":
          for (const [count, bound] of repetitionCounts(e.min, e.max)) out.push({ kind: "repetition", rule: rule.name, node: e, path, count, bound });
          visit(e.expr, here);
          return;
        case "seq":
          e.items.forEach((x) => visit(x, here));
          return;
        case "lit":
          if (/[A-Za-z]/.test(e.text)) out.push({ kind: "letter-case", rule: rule.name, node: e, path, text: flipCase(e.text) });
          return;
        default:
          return;
      }
    };
    visit(rule.expr, []);
    return out;
  }

  /**
   * A class's points: each boundary character, and one character of each alternative of the set
   * that no boundary character already stands for (`*` in `"!" / "$" / "&" / "'" / "(" / ...`).
   */
  private classPoints(rule: string, node: Expr, path: Expr[], cls: CharClass, out: Point[]): void {
    const chars = cls.boundaries.map((b) => ({ ...b }));
    const body = node.type === "seq" && node.items.length === 1 ? node.items[0] : node;
    if (body.type === "alt") {
      for (const item of body.items) {
        const set = this.charset(item);
        if (!set || chars.some((c) => c.inside && set.some(([a, b]) => a <= c.char && c.char <= b))) continue;
        chars.push({ char: preferredChar(set), inside: true });
      }
    }
    for (const c of chars) out.push({ kind: "class", rule, node, path, cls, char: c.char, inside: c.inside });
  }

  /** Every occurrence of a reference to `target` in `rule`'s expression, with the path to it. */
  occurrences(rule: PublishedRule, target: string): { node: Expr; path: Expr[] }[] {
    const out: { node: Expr; path: Expr[] }[] = [];
    const t = this.rule(target)?.name;
    const visit = (e: Expr, path: Expr[]) => {
      if (e.type === "ref" && this.rule(e.name)?.name === t) out.push({ node: e, path });
      const here = [...path, e];
      if (e.type === "seq" || e.type === "alt") e.items.forEach((x) => visit(x, here));
      else if (e.type === "opt" || e.type === "rep") visit(e.expr, here);
    };
    visit(rule.expr, []);
    return out;
  }

  /**
   * The shortest context of each rule inside `top`: the text before and after one occurrence of it in
   * a derivation of `top`, everything else shortest (Dijkstra over "rule R occurs in rule P").
   * Rules that cannot occur in `top` have no context.
   */
  contexts(top: string): Map<string, { before: string; after: string; via: string[] }> {
    const out = new Map<string, { before: string; after: string; via: string[] }>();
    const start = this.rule(top);
    if (!start) return out;
    out.set(start.name, { before: "", after: "", via: [start.name] });
    const queue = [start.name];
    while (queue.length > 0) {
      queue.sort((a, b) => length(out.get(a)!) - length(out.get(b)!));
      const p = queue.shift()!;
      const pc = out.get(p)!;
      const prule = this.rule(p)!;
      for (const r of this.grammar.rules) {
        for (const occ of this.occurrences(prule, r.name).slice(0, 1)) {
          const hole = "\u0000HOLE\u0000";
          const w = this.witness(prule.expr, { ...occ, text: hole });
          if (w === null) continue;
          const [before, after] = w.split(hole);
          const cand = { before: pc.before + before, after: after + pc.after, via: [...pc.via, r.name] };
          const old = out.get(r.name);
          if (!old || length(cand) < length(old)) {
            out.set(r.name, cand);
            if (!queue.includes(r.name)) queue.push(r.name);
          }
        }
      }
    }
    return out;
  }

  /** The rules whose expression refers to `name` directly, in grammar order. */
  parentsOf(name: string): PublishedRule[] {
    return this.grammar.rules.filter((r) => this.occurrences(r, name).length > 0);
  }

  /** Every character class: the named ones (rules) and the inline ones, each once. */
  classes(): CharClass[] {
    const seen = new Map<string, CharClass>();
    for (const r of this.grammar.rules) for (const p of this.pointsOf(r)) if (p.kind === "class" && !seen.has(p.cls.name)) seen.set(p.cls.name, p.cls);
    return [...seen.values()];
  }
}

function length(c: { before: string; after: string }): number {
  return c.before.length + c.after.length;
}

/** The repetition counts that exercise `min*max`: just below, at and just above each bound. */
export function repetitionCounts(min: number, max: number | null): [number, string][] {
  const out: [number, string][] = [];
  const add = (n: number, bound: string) => {
    if (n >= 0 && !out.some(([m]) => m === n)) out.push([n, bound]);
  };
  if (min > 0) add(min - 1, `min-1 (${min - 1} of at least ${min})`);
  add(min, `min (${min})`);
  if (max === null) {
    add(min + 1, `min+1 (${min + 1}, no upper bound)`);
  } else {
    if (max > min) add(max, `max (${max})`);
    add(max + 1, `max+1 (${max + 1} of at most ${max})`);
  }
  return out;
}

function preferredChar(ranges: [number, number][]): number {
  for (const c of PREFERRED) {
    const cp = c.codePointAt(0)!;
    if (ranges.some(([a, b]) => a <= cp && cp <= b)) return cp;
  }
  return ranges[0][0];
}

export function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function countChars(ranges: [number, number][]): number {
  return ranges.reduce((s, [a, b]) => s + b - a + 1, 0);
}

/** Lone surrogates cannot travel as UTF-8 lines: a boundary there is left out. */
function isSurrogate(cp: number): boolean {
  return cp >= 0xd800 && cp <= 0xdfff;
}

function makeClass(name: string, rule: string, named: boolean, ranges: [number, number][]): CharClass {
  const boundaries: { char: number; inside: boolean }[] = [];
  const add = (char: number, inside: boolean) => {
    if (char < 0 || char > 0x10ffff || isSurrogate(char) || boundaries.some((b) => b.char === char)) return;
    boundaries.push({ char, inside });
  };
  for (const [a, b] of ranges) {
    add(a - 1, false);
    add(a, true);
    add(b, true);
    add(b + 1, false);
  }
  boundaries.sort((x, y) => x.char - y.char);
  return { name, rule, named, ranges, boundaries };
}

/** `%x30-39/41-5A`-style text of a set, as ABNF would write it. */
export function describeSet(ranges: [number, number][]): string {
  const h = (n: number) => n.toString(16).toUpperCase().padStart(2, "0");
  return `%x${ranges.map(([a, b]) => (a === b ? h(a) : `${h(a)}-${h(b)}`)).join("/")}`;
}

function flipCase(text: string): string {
  return /[a-z]/.test(text) ? text.toUpperCase() : text.toLowerCase();
}
