// A general recognizer for the grammar model: Earley's algorithm, with context-free semantics (every
// alternative is tried, ambiguity is allowed, repetitions give back), so it shares none of the
// PEG's assumptions. Any rule can be the start rule.
//
// The model is first compiled to plain productions (nonterminal -> symbols), where a terminal is a
// character set: a literal becomes one terminal per character (both cases when case-insensitive),
// `[ x ]` and `n*m x` become fresh nonterminals; unbounded repetition is left-recursive (which Earley
// handles in linear time), bounded repetition is a chain of at most `max` optional steps.
// Nullable nonterminals use the Aycock-Horspool prediction rule (predicting a nullable nonterminal
// also moves the dot over it), so completions of empty rules are never lost.
import { findPublishedRule, type Expr, type PublishedGrammar } from "./model";

interface Terminal {
  /** Sorted inclusive ranges of UTF-16 code units. */
  ranges: [number, number][];
}

export interface CompiledGrammar {
  grammar: PublishedGrammar;
  /** Symbol ids: 0..nonterminals-1 are nonterminals, the rest terminals. */
  nonterminals: number;
  names: string[];
  terminals: Terminal[];
  /** productions[p] = [lhs, ...rhs]. */
  productions: number[][];
  /** byLhs[n] = production ids of nonterminal n. */
  byLhs: number[][];
  nullable: boolean[];
  /** Published rule name -> nonterminal. */
  ruleSymbol: Map<string, number>;
  /** Nonterminal -> the predicate (by name) that decides its matches (`; @predicate NAME`). */
  gated: Map<number, string>;
  /** Length of the longest production (left-hand side included): bounds the dot in item keys. */
  longestProduction: number;
}

export function compileGrammar(g: PublishedGrammar): CompiledGrammar {
  const names: string[] = [];
  const productions: number[][] = [];
  const terminalDefs: Terminal[] = [];
  const terminalIds = new Map<string, number>();
  const ruleSymbol = new Map<string, number>();
  const newNonterminal = (name: string) => names.push(name) - 1;
  for (const r of g.rules) ruleSymbol.set(r.name, newNonterminal(r.name));
  // Terminal ids are offset after compilation; record them as negative placeholders meanwhile.
  const terminal = (ranges: [number, number][]): number => {
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    const key = JSON.stringify(sorted);
    let id = terminalIds.get(key);
    if (id === undefined) {
      id = terminalDefs.push({ ranges: sorted }) - 1;
      terminalIds.set(key, id);
    }
    return -1 - id;
  };
  const refSymbol = (name: string): number => {
    const rule = findPublishedRule(g, name);
    if (!rule) throw new Error(`${g.spec}: undefined rule ${name}`);
    return ruleSymbol.get(rule.name)!;
  };
  const charTerminal = (ch: string, ci: boolean): number => {
    const lo = ch.toLowerCase();
    const up = ch.toUpperCase();
    if (ci && lo !== up) return terminal([[lo.charCodeAt(0), lo.charCodeAt(0)], [up.charCodeAt(0), up.charCodeAt(0)]]);
    return terminal([[ch.charCodeAt(0), ch.charCodeAt(0)]]);
  };
  let fresh = 0;
  // Returns the symbol string that derives exactly the language of e.
  const symbols = (e: Expr, owner: string): number[] => {
    switch (e.type) {
      case "seq":
        return e.items.flatMap((x) => symbols(x, owner));
      case "lit":
        return [...e.text].map((c) => charTerminal(c, e.caseInsensitive));
      case "chars":
        return [terminal(e.ranges)];
      case "ref":
        return [refSymbol(e.name)];
      case "alt": {
        const n = newNonterminal(`${owner}#alt${fresh++}`);
        for (const item of e.items) productions.push([n, ...symbols(item, owner)]);
        return [n];
      }
      case "opt": {
        const n = newNonterminal(`${owner}#opt${fresh++}`);
        productions.push([n]);
        productions.push([n, ...symbols(e.expr, owner)]);
        return [n];
      }
      case "rep": {
        const body = symbols(e.expr, owner);
        const out: number[] = [];
        for (let i = 0; i < e.min; i++) out.push(...body);
        if (e.max === null) {
          // star -> ε | star body   (left recursion)
          const star = newNonterminal(`${owner}#star${fresh++}`);
          productions.push([star]);
          productions.push([star, star, ...body]);
          out.push(star);
        } else if (e.max > e.min) {
          // up to k more: upto(k) -> ε | body upto(k-1)
          let next: number | null = null;
          for (let k = 1; k <= e.max - e.min; k++) {
            const n = newNonterminal(`${owner}#upto${k}_${fresh}`);
            productions.push([n]);
            productions.push(next === null ? [n, ...body] : [n, ...body, next]);
            next = n;
          }
          fresh++;
          out.push(next!);
        }
        return out;
      }
    }
  };
  for (const r of g.rules) {
    const n = ruleSymbol.get(r.name)!;
    if (r.expr.type === "alt") for (const item of r.expr.items) productions.push([n, ...symbols(item, r.name)]);
    else productions.push([n, ...symbols(r.expr, r.name)]);
  }
  const nonterminals = names.length;
  for (const p of productions) for (let i = 0; i < p.length; i++) if (p[i] < 0) p[i] = nonterminals + (-1 - p[i]);
  const byLhs: number[][] = names.map(() => []);
  productions.forEach((p, id) => byLhs[p[0]].push(id));
  const nullable = names.map(() => false);
  for (let changed = true; changed; ) {
    changed = false;
    for (const p of productions) {
      if (nullable[p[0]]) continue;
      if (p.slice(1).every((s) => s < nonterminals && nullable[s])) {
        nullable[p[0]] = true;
        changed = true;
      }
    }
  }
  const longestProduction = productions.reduce((m, p) => Math.max(m, p.length), 0);
  const gated = new Map<number, string>();
  for (const r of g.rules) if (r.predicate !== undefined) gated.set(ruleSymbol.get(r.name)!, r.predicate);
  return { grammar: g, nonterminals, names, terminals: terminalDefs, productions, byLhs, nullable, ruleSymbol, gated, longestProduction };
}

function matches(t: Terminal, code: number): boolean {
  for (const [a, b] of t.ranges) if (code >= a && code <= b) return true;
  return false;
}

/** The predicates a grammar's `; @predicate NAME` rules name, by name: whether a span is accepted. */
export type SpanChecks = Readonly<Record<string, (text: string) => boolean>>;

/**
 * Whether `input` is in the language of `rule` (a published name; ABNF names ignore case).
 * Returns null when the grammar has no such rule. A rule marked `; @predicate NAME` completes over
 * input[origin..i] only when checks[NAME] accepts that span (a predicate the caller does not give
 * leaves the rule its syntactic superset).
 */
export function recognize(cg: CompiledGrammar, rule: string, input: string, stats?: { items: number }, checks?: SpanChecks): boolean | null {
  const published = findPublishedRule(cg.grammar, rule);
  if (!published) return null;
  const start = cg.ruleSymbol.get(published.name)!;
  const { productions, byLhs, nullable, nonterminals, terminals } = cg;
  const n = input.length;
  // An item is (production, dot, origin); sets[i] holds items as flat triples, `seen` dedups them.
  const sets: number[][] = [];
  const seen: Set<number>[] = [];
  // waiting[i]: nonterminal -> offsets (in sets[i]) of the items whose dot is before it.
  const waiting: Map<number, number[]>[] = [];
  const maxDot = cg.longestProduction + 1;
  const key = (p: number, dot: number, origin: number) => (origin * productions.length + p) * maxDot + dot;
  for (let i = 0; i <= n; i++) { sets.push([]); seen.push(new Set()); waiting.push(new Map()); }
  const add = (i: number, p: number, dot: number, origin: number) => {
    const k = key(p, dot, origin);
    if (seen[i].has(k)) return;
    seen[i].add(k);
    if (stats) stats.items++;
    const prod = productions[p];
    if (dot < prod.length && prod[dot] < nonterminals) {
      const list = waiting[i].get(prod[dot]);
      if (list) list.push(sets[i].length);
      else waiting[i].set(prod[dot], [sets[i].length]);
    }
    sets[i].push(p, dot, origin);
  };
  for (const p of byLhs[start]) add(0, p, 1, 0);
  // A gated rule's verdict on a span, asked once per (rule, origin, end).
  const spanVerdicts = new Map<string, boolean>();
  const spanAccepted = (sym: number, origin: number, end: number): boolean => {
    const name = cg.gated.get(sym);
    const check = name === undefined ? undefined : checks?.[name];
    if (check === undefined) return true;
    const k = `${sym}:${origin}:${end}`;
    let v = spanVerdicts.get(k);
    if (v === undefined) {
      try { v = check(input.slice(origin, end)) === true; } catch { v = false; }
      spanVerdicts.set(k, v);
    }
    return v;
  };
  for (let i = 0; i <= n; i++) {
    const set = sets[i];
    const code = i < n ? input.charCodeAt(i) : -1;
    // Items waiting for nonterminal X in this set, for completions whose origin is i.
    const predicted = new Set<number>();
    for (let j = 0; j < set.length; j += 3) {
      const p = set[j], dot = set[j + 1], origin = set[j + 2];
      const prod = productions[p];
      if (dot < prod.length) {
        const sym = prod[dot];
        if (sym < nonterminals) {
          // Predict.
          if (!predicted.has(sym)) {
            predicted.add(sym);
            for (const q of byLhs[sym]) add(i, q, 1, i);
          }
          if (nullable[sym]) add(i, p, dot + 1, origin);
        } else if (code >= 0 && matches(terminals[sym - nonterminals], code)) {
          // Scan.
          add(i + 1, p, dot + 1, origin);
        }
      } else {
        // Complete: every item of set `origin` waiting for this production's left-hand side.
        // (Items of set i added after this point that wait for a nullable lhs are advanced by the
        // prediction rule above, so a snapshot of the list is enough.)
        if (!spanAccepted(prod[0], origin, i)) continue;
        const from = sets[origin];
        const list = waiting[origin].get(prod[0]);
        if (list) for (let w = 0, len = list.length; w < len; w++) add(i, from[list[w]], from[list[w] + 1] + 1, from[list[w] + 2]);
      }
    }
    if (i < n && sets[i + 1].length === 0) return false;
  }
  const final = sets[n];
  for (let j = 0; j < final.length; j += 3) {
    const p = final[j];
    if (productions[p][0] === start && final[j + 1] === productions[p].length && final[j + 2] === 0 && spanAccepted(start, 0, n)) return true;
  }
  return false;
}

const compiledCache = new WeakMap<PublishedGrammar, CompiledGrammar>();

/** compileGrammar, once per grammar object. */
export function compiled(g: PublishedGrammar): CompiledGrammar {
  let cg = compiledCache.get(g);
  if (!cg) {
    cg = compileGrammar(g);
    compiledCache.set(g, cg);
  }
  return cg;
}
