// A published grammar (src/published's model) compiled to one minimal DFA per rule, with the
// grammar's own semantics and none of the PEG's: alternation is union, repetition is star (bounded
// repetition unrolled), an option is union with the empty string, a quoted literal matches each
// character in either case when the notation says so (RFC 2234 §2.3) - exactly what the Earley
// recognizer (src/published/earley.ts) reads.
//
// Rules are compiled callees first; a reference embeds the callee's minimal DFA. A recursive rule
// is regular when its recursion is right-linear (every reference back into its group of mutually
// recursive rules is the last thing the rule does: draft-1993's `xalphas = xalpha [ xalphas ]`);
// such a group is compiled into one automaton whose recursive references are jumps. Any other
// recursion (self-embedding, or left-recursive) is not compiled, and the rule is named with why.
import { findPublishedRule, type Expr, type PublishedGrammar } from "../published/model";
import type { ClassRanges } from "./alphabet";
import { MAX_CODE_UNIT } from "./alphabet";
import { minimize, trim, type Dfa } from "./dfa";

export type RuleDfa = { ok: true; dfa: Dfa } | { ok: false; reason: string };

/** More subset states than this for one rule and the rule is reported as not compiled. */
export const SUBSET_LIMIT = 200_000;

export interface PublishedAutomata {
  grammar: PublishedGrammar;
  /** The grammar's alphabet: the coarsest partition its terminals are unions of. */
  classRanges: ClassRanges;
  /** The rule's minimal DFA, or why it has none (by name as written; the grammar's case rule applies). */
  rule(name: string): RuleDfa | null;
}

/** Compiles rules on demand (each once). `transform` rewrites a rule's expression first (a test plants a mistake with it). */
export function publishedAutomata(grammar: PublishedGrammar, transform?: (rule: string, e: Expr) => Expr): PublishedAutomata {
  const alphabet = grammarAlphabet(grammar);
  const exprOf = new Map(grammar.rules.map((r) => [r.name, transform ? transform(r.name, r.expr) : r.expr]));
  const canonical = (name: string) => findPublishedRule(grammar, name)?.name ?? null;
  const refs = new Map<string, string[]>();
  for (const [name, e] of exprOf) refs.set(name, [...new Set(refNames(e).map((n) => canonical(n)).filter((n): n is string => n !== null))]);
  const groups = stronglyConnected([...exprOf.keys()], (n) => refs.get(n) ?? []);
  const groupOf = new Map<string, string[]>();
  for (const g of groups) for (const n of g) groupOf.set(n, g);
  const done = new Map<string, RuleDfa>();

  const compileGroup = (group: string[]): void => {
    const members = new Set(group);
    const recursive = group.length > 1 || (refs.get(group[0]) ?? []).includes(group[0]);
    // Callees outside the group first; a callee that cannot be compiled spoils the group.
    for (const n of group) for (const callee of refs.get(n) ?? []) {
      if (members.has(callee)) continue;
      const r = ruleDfa(callee);
      if (!r.ok) {
        for (const m of group) done.set(m, { ok: false, reason: m === callee ? r.reason : `refers to ${callee}, which is not compiled (${r.reason})` });
        return;
      }
    }
    if (recursive) {
      const bad = group.find((n) => !onlyTailReferences(exprOf.get(n)!, members, canonical, true));
      if (bad) {
        const why = `${group.length > 1 ? `${group.join(", ")} refer to each other` : `${bad} refers to itself`} other than as its last step (not right-linear: possibly self-embedding, so perhaps not regular)`;
        for (const m of group) done.set(m, { ok: false, reason: why });
        return;
      }
    }
    const nfa = new Nfa(alphabet.size);
    const exit = nfa.state();
    const entry = new Map(group.map((n) => [n, nfa.state()]));
    const build = (e: Expr, from: number): number => {
      switch (e.type) {
        case "seq": {
          let cur = from;
          for (const x of e.items) cur = build(x, cur); // only the last item may jump (checked above)
          return cur;
        }
        case "alt": {
          const end = nfa.state();
          for (const x of e.items) {
            const s = nfa.state();
            nfa.eps(from, s);
            const t = build(x, s);
            if (t >= 0) nfa.eps(t, end);
          }
          return end;
        }
        case "opt": {
          const s = nfa.state();
          nfa.eps(from, s);
          const t = build(e.expr, s);
          const end = nfa.state();
          nfa.eps(from, end);
          if (t >= 0) nfa.eps(t, end);
          return end;
        }
        case "rep": {
          let cur = from;
          for (let i = 0; i < e.min; i++) cur = build(e.expr, cur);
          if (e.max === null) {
            const loop = nfa.state();
            nfa.eps(cur, loop);
            const s = nfa.state();
            nfa.eps(loop, s);
            const t = build(e.expr, s);
            if (t >= 0) nfa.eps(t, loop);
            return loop;
          }
          if (e.max <= e.min) return cur;
          const end = nfa.state();
          for (let i = e.min; i < e.max; i++) {
            nfa.eps(cur, end);
            const s = nfa.state();
            nfa.eps(cur, s);
            cur = build(e.expr, s);
            if (cur < 0) return end;
          }
          nfa.eps(cur, end);
          return end;
        }
        case "lit": {
          let cur = from;
          for (const ch of e.text) {
            const next = nfa.state();
            nfa.edge(cur, alphabet.classesOf(literalUnits(ch, e.caseInsensitive)), next);
            cur = next;
          }
          return cur;
        }
        case "chars": {
          const next = nfa.state();
          nfa.edge(from, alphabet.classesOf(e.ranges.flatMap(([lo, hi]) => [lo, Math.min(hi, MAX_CODE_UNIT)])), next);
          return next;
        }
        case "ref": {
          const name = canonical(e.name)!;
          const target = entry.get(name);
          if (target !== undefined) {
            nfa.eps(from, target); // a right-linear jump: the group's exit ends the caller too
            return -1;
          }
          const r = done.get(name)! as { ok: true; dfa: Dfa };
          return nfa.embed(r.dfa, from);
        }
      }
    };
    for (const n of group) {
      const t = build(exprOf.get(n)!, entry.get(n)!);
      if (t >= 0) nfa.eps(t, exit);
    }
    for (const n of group) {
      const d = nfa.determinize(entry.get(n)!, exit, alphabet.ranges);
      done.set(n, d === null ? { ok: false, reason: `more than ${SUBSET_LIMIT} states` } : { ok: true, dfa: minimize(d) });
    }
  };

  const ruleDfa = (name: string): RuleDfa => {
    const known = done.get(name);
    if (known) return known;
    compileGroup(groupOf.get(name)!);
    return done.get(name)!;
  };

  return {
    grammar,
    classRanges: alphabet.ranges,
    rule(name: string): RuleDfa | null {
      const n = canonical(name);
      return n === null ? null : ruleDfa(n);
    },
  };
}

/** The code units a literal character matches: both cases when case-insensitive (as earley.ts reads it). */
function literalUnits(ch: string, caseInsensitive: boolean): number[] {
  const units = [ch.charCodeAt(0)];
  if (caseInsensitive) for (const v of [ch.toLowerCase(), ch.toUpperCase()]) if (v.length === 1) units.push(v.charCodeAt(0));
  return units.flatMap((u) => [u, u]);
}

function refNames(e: Expr): string[] {
  switch (e.type) {
    case "seq":
    case "alt":
      return e.items.flatMap(refNames);
    case "opt":
    case "rep":
      return refNames(e.expr);
    case "ref":
      return [e.name];
    default:
      return [];
  }
}

/** Whether every reference into `members` stands where nothing follows it in the rule (`tail`). */
function onlyTailReferences(e: Expr, members: Set<string>, canonical: (n: string) => string | null, tail: boolean): boolean {
  switch (e.type) {
    case "seq":
      return e.items.every((x, i) => onlyTailReferences(x, members, canonical, tail && i === e.items.length - 1));
    case "alt":
      return e.items.every((x) => onlyTailReferences(x, members, canonical, tail));
    case "opt":
      return onlyTailReferences(e.expr, members, canonical, tail);
    case "rep":
      return onlyTailReferences(e.expr, members, canonical, tail && e.max !== null && e.max <= 1);
    case "ref":
      return tail || !members.has(canonical(e.name) ?? "");
    default:
      return true;
  }
}

/** Tarjan's strongly connected components, callees' components before their callers'. */
function stronglyConnected(nodes: string[], edges: (n: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  const connect = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      for (;;) {
        const w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
        if (w === v) break;
      }
      out.push(group.reverse());
    }
  };
  for (const n of nodes) if (!index.has(n)) connect(n);
  return out;
}

interface Alphabet {
  size: number;
  ranges: number[][];
  /** The classes whose union is the given ranges ([lo, hi, lo, hi, ...]). */
  classesOf(ranges: number[]): number[];
}

/** The coarsest partition of the code units in which every terminal of the grammar is a union of classes. */
function grammarAlphabet(g: PublishedGrammar): Alphabet {
  const sets: number[][] = [];
  const collect = (e: Expr) => {
    switch (e.type) {
      case "seq":
      case "alt":
        e.items.forEach(collect);
        break;
      case "opt":
      case "rep":
        collect(e.expr);
        break;
      case "lit":
        for (const ch of e.text) sets.push(literalUnits(ch, e.caseInsensitive));
        break;
      case "chars":
        sets.push(e.ranges.flatMap(([lo, hi]) => [lo, Math.min(hi, MAX_CODE_UNIT)]));
        break;
      default:
        break;
    }
  };
  for (const r of g.rules) collect(r.expr);
  const cuts = new Set<number>([0]);
  for (const s of sets) for (let i = 0; i + 1 < s.length; i += 2) {
    cuts.add(s[i]);
    if (s[i + 1] + 1 <= MAX_CODE_UNIT) cuts.add(s[i + 1] + 1);
  }
  const sorted = [...cuts].sort((x, y) => x - y);
  const inSet = (s: number[], u: number) => {
    for (let i = 0; i + 1 < s.length; i += 2) if (u >= s[i] && u <= s[i + 1]) return true;
    return false;
  };
  const byKey = new Map<string, number>();
  const ranges: number[][] = [];
  const intervalClass: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const lo = sorted[i];
    const hi = i + 1 < sorted.length ? sorted[i + 1] - 1 : MAX_CODE_UNIT;
    const key = sets.map((s) => (inSet(s, lo) ? "1" : "0")).join("");
    let c = byKey.get(key);
    if (c === undefined) {
      c = ranges.length;
      byKey.set(key, c);
      ranges.push([]);
    }
    const rr = ranges[c];
    if (rr.length > 0 && rr[rr.length - 1] === lo - 1) rr[rr.length - 1] = hi;
    else rr.push(lo, hi);
    intervalClass.push(c);
  }
  const known = new Map<string, number[]>();
  return {
    size: ranges.length,
    ranges,
    classesOf(set: number[]): number[] {
      const key = set.join(",");
      let classes = known.get(key);
      if (!classes) {
        const out = new Set<number>();
        for (let i = 0; i < sorted.length; i++) if (inSet(set, sorted[i])) out.add(intervalClass[i]);
        classes = [...out].sort((x, y) => x - y);
        known.set(key, classes);
      }
      return classes;
    },
  };
}

/** A nondeterministic automaton with empty moves, built by Thompson's construction. */
class Nfa {
  private readonly epsilon: number[][] = [];
  private readonly edges: { classes: number[]; to: number }[][] = [];
  constructor(private readonly k: number) {}

  state(): number {
    this.epsilon.push([]);
    this.edges.push([]);
    return this.epsilon.length - 1;
  }

  eps(from: number, to: number): void {
    this.epsilon[from].push(to);
  }

  edge(from: number, classes: number[], to: number): void {
    if (classes.length > 0) this.edges[from].push({ classes, to });
  }

  /** A copy of a DFA entered from `from`; returns the state its accepting states lead to. */
  embed(d: Dfa, from: number): number {
    const exit = this.state();
    if (d.start < 0) return exit;
    const base = this.epsilon.length;
    for (let s = 0; s < d.size; s++) this.state();
    for (let s = 0; s < d.size; s++) {
      const byTarget = new Map<number, number[]>();
      for (let c = 0; c < d.k; c++) {
        const t = d.next[s * d.k + c];
        if (t >= 0) (byTarget.get(t) ?? byTarget.set(t, []).get(t)!).push(c);
      }
      for (const [t, classes] of byTarget) this.edge(base + s, classes, base + t);
      if (d.accept[s]) this.eps(base + s, exit);
    }
    this.eps(from, base + d.start);
    return exit;
  }

  private closure(seed: Iterable<number>): number[] {
    const seen = new Set<number>();
    const stack = [...seed];
    for (const s of stack) seen.add(s);
    while (stack.length > 0) {
      const s = stack.pop()!;
      for (const t of this.epsilon[s]) if (!seen.has(t)) { seen.add(t); stack.push(t); }
    }
    return [...seen].sort((x, y) => x - y);
  }

  /** The subset construction from `start`, accepting where `exit` is reached; null beyond SUBSET_LIMIT states. */
  determinize(start: number, exit: number, classRanges: ClassRanges): Dfa | null {
    const k = this.k;
    const ids = new Map<string, number>();
    const sets: number[][] = [];
    const rows: number[] = [];
    const accept: boolean[] = [];
    const idOf = (set: number[]): number => {
      if (set.length === 0) return -1;
      const key = set.join(",");
      let id = ids.get(key);
      if (id === undefined) {
        id = sets.length;
        ids.set(key, id);
        sets.push(set);
        accept.push(set.includes(exit));
      }
      return id;
    };
    idOf(this.closure([start]));
    for (let i = 0; i < sets.length; i++) {
      if (sets.length > SUBSET_LIMIT) return null;
      const buckets: number[][] = Array.from({ length: k }, () => []);
      for (const s of sets[i]) for (const e of this.edges[s]) for (const c of e.classes) buckets[c].push(e.to);
      for (let c = 0; c < k; c++) rows.push(buckets[c].length === 0 ? -1 : idOf(this.closure(buckets[c])));
    }
    return trim(classRanges, k, sets.length, 0, Int32Array.from(rows), accept);
  }
}
