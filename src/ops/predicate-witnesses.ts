// Language differences the automata cannot see. A rule with `@predicate NAME` (src/predicates.ts: the
// WHATWG URL Standard's valid domain) accepts the grammar's strings that its predicate passes; the
// DFAs hold the grammar alone, a superset. Two revisions whose grammars are the same but whose
// predicates differ (whatwg-2026-06-25's valid domain without the ends in a number checker) differ
// on strings no product walk finds. Here they are searched for: the shortest strings of the rule's
// own language on which the two predicates answer differently, spliced into strings both revisions
// accept (the shortest, and one through each state of the DFA) where the rule matches; each kept only when
// validate() of both revisions confirms it. A search with a budget, not a decision: when it finds
// nothing, the answer says so.
import { mostTypable } from "../automata/alphabet";
import type { Dfa } from "../automata/dfa";
import { distancesToAccept } from "../automata/product";
import type { DerivationNode } from "../scanner/derivation";
import { parse } from "../parse";
import { findRule, type Revision, type SpecId } from "../revisions";
import type { Predicate } from "../revisions/revision";

/** The strings of a DFA's language in order of length (each class read as its most typable unit), at most `max`, none longer than `maxLength`. */
export function shortestStrings(d: Dfa, max: number, maxLength: number): string[] {
  if (d.start < 0) return [];
  const reps = d.classRanges.map((r) => String.fromCharCode(mostTypable(r)));
  const out: string[] = [];
  let level: { s: number; text: string }[] = [{ s: d.start, text: "" }];
  const visits = max * 40;
  let visited = 0;
  for (let length = 0; length <= maxLength && level.length > 0 && out.length < max; length++) {
    const next: { s: number; text: string }[] = [];
    for (const { s, text } of level) {
      if (d.accept[s]) out.push(text);
      if (out.length >= max) break;
      for (let c = 0; c < d.k && visited < visits; c++) {
        const t = d.next[s * d.k + c];
        if (t >= 0) (next.push({ s: t, text: text + reps[c] }), visited++);
      }
    }
    level = next;
  }
  return out;
}

/**
 * The ways through a DFA, each class read as its most typable unit: `reps`, the unit of each class;
 * `order`, the reachable states breadth first; `prefix[s]`, the shortest string to state s; and
 * `completion(s)`, the shortest string from s on to acceptance (null when none).
 */
export function dfaPaths(d: Dfa): { reps: string[]; order: number[]; prefix: (string | null)[]; completion(s: number): string | null } {
  const reps = d.classRanges.map((r) => String.fromCharCode(mostTypable(r)));
  const prefix: (string | null)[] = new Array(d.size).fill(null);
  const order: number[] = [];
  if (d.start >= 0) {
    prefix[d.start] = "";
    order.push(d.start);
  }
  for (let i = 0; i < order.length; i++) {
    const s = order[i];
    for (let c = 0; c < d.k; c++) {
      const t = d.next[s * d.k + c];
      if (t >= 0 && prefix[t] === null) (prefix[t] = prefix[s] + reps[c], order.push(t));
    }
  }
  const dist = distancesToAccept(d);
  const completion = (s: number): string | null => {
    if (dist[s] < 0) return null;
    let text = "";
    for (let state = s; dist[state] > 0; ) {
      let c = 0;
      while (c < d.k && !(d.next[state * d.k + c] >= 0 && dist[d.next[state * d.k + c]] === dist[state] - 1)) c++;
      text += reps[c];
      state = d.next[state * d.k + c];
    }
    return text;
  };
  return { reps, order, prefix, completion };
}

/**
 * One accepted string through each state of a DFA (a state cover): the shortest way to the state,
 * then the shortest way on to acceptance, each class read as its most typable unit. Shortest first.
 * Strings through every state: some go through the states of any rule the language uses.
 */
export function stateCover(d: Dfa): string[] {
  const { order, prefix, completion } = dfaPaths(d);
  const out = new Set<string>();
  for (const s of order) {
    const rest = completion(s);
    if (rest !== null) out.add(prefix[s]! + rest);
  }
  return [...out].sort((x, y) => x.length - y.length);
}

/** The predicate a revision checks on a rule's matches (null: none). */
function predicateOn(revision: Revision, rule: string): Predicate | null {
  const name = findRule(revision, rule)?.predicate;
  return name === undefined ? null : (revision.predicates?.[name] ?? null);
}

/** Whether rule `from` (null: the top rule, with the scheme productions and base rules) reaches rule `to` in a revision's grammar (RuleInfo.uses). */
function reaches(revision: Revision, from: string | null, to: string): boolean {
  const starts = from !== null ? [from] : [revision.topRule, ...(revision.schemeProductions ? [...revision.schemeProductions.productions.values()] : [])];
  const seen = new Set<string>();
  const stack = starts.map((n) => findRule(revision, n)).filter((r) => r !== undefined);
  while (stack.length > 0) {
    const r = stack.pop()!;
    const name = r.published ?? r.pegName;
    if (seen.has(name)) continue;
    seen.add(name);
    if (name === to) return true;
    for (const u of r.uses) {
      const next = findRule(revision, u);
      if (next) stack.push(next);
    }
  }
  return false;
}

/** Published rules both revisions have on which their predicates differ (one side may have none). */
export function differingPredicateRules(a: Revision, b: Revision): string[] {
  const out: string[] = [];
  for (const r of a.rules) {
    const name = r.published ?? r.pegName;
    if (findRule(b, name) === undefined) continue;
    const pa = predicateOn(a, name);
    const pb = predicateOn(b, name);
    if (pa !== pb) out.push(name);
  }
  for (const r of b.rules) {
    const name = r.published ?? r.pegName;
    if (!out.includes(name) && findRule(a, name) !== undefined && predicateOn(b, name) !== null && predicateOn(a, name) === null) out.push(name);
  }
  return out;
}

const passes = (p: Predicate | null, text: string) => p === null || p(text).ok;

/** The first node of a derivation matching `rule` (pre-order). */
function nodeOf(tree: DerivationNode, rule: string): DerivationNode | null {
  if (tree.rule === rule) return tree;
  for (const c of tree.children) {
    const n = nodeOf(c, rule);
    if (n) return n;
  }
  return null;
}

export interface PredicateSearch {
  /** Witnesses found: strings A accepts and B rejects, and the other way round (each confirmed by validate()). */
  onlyA: string[];
  onlyB: string[];
  /** The rules whose predicates differ, and what the search tried. */
  rules: string[];
  probes: number;
  contexts: number;
}

/**
 * Strings accepted by one revision only because their predicates differ on some rule, under the
 * compared rules (`ruleA`/`ruleB`, null: the whole reference). `dfaOf` gives a rule's trimmed DFA.
 */
export function predicateWitnesses(
  a: Revision,
  b: Revision,
  ruleA: string | null,
  ruleB: string | null,
  dfaOf: (revision: Revision, rule: string | null) => Dfa | null,
  accepts: (spec: string, rule: string | null, input: string) => boolean,
  perSide: number,
): PredicateSearch {
  // The rules whose predicates differ and which the compared rules reach on both sides.
  const rules = differingPredicateRules(a, b).filter((r) => reaches(a, ruleA, r) || reaches(b, ruleB, r));
  const search: PredicateSearch = { onlyA: [], onlyB: [], rules, probes: 0, contexts: 0 };
  if (search.rules.length === 0) return search;
  const top = dfaOf(a, ruleA);
  if (top === null) return search;
  // The shortest strings both revisions accept under the compared rules, as contexts.
  const contexts = [...new Set([...shortestStrings(top, 100, 40), ...stateCover(top)])].filter((x) => accepts(a.id, ruleA, x) && accepts(b.id, ruleB, x));
  search.contexts = contexts.length;
  for (const rule of search.rules) {
    const own = dfaOf(a, rule);
    if (own === null) continue;
    const pa = predicateOn(a, rule);
    const pb = predicateOn(b, rule);
    const probes = shortestStrings(own, 3000, 24).filter((x) => passes(pa, x) !== passes(pb, x));
    search.probes += probes.length;
    if (probes.length === 0) continue;
    for (const ctx of contexts) {
      const treeA = ruleA === null ? parse(ctx, { spec: a.id as SpecId, tree: true }) : parse(ctx, { spec: a.id as SpecId, rule: ruleA, tree: true });
      if (!treeA.ok) continue;
      const at = nodeOf(treeA.tree, rule);
      if (at === null) continue;
      for (const probe of probes.slice(0, 50)) {
        const candidate = ctx.slice(0, at.start) + probe + ctx.slice(at.end);
        const inA = accepts(a.id, ruleA, candidate);
        const inB = accepts(b.id, ruleB, candidate);
        const into = inA && !inB ? search.onlyA : !inA && inB ? search.onlyB : null;
        if (into !== null && into.length < perSide && !into.includes(candidate)) into.push(candidate);
      }
      if (search.onlyA.length >= perSide && search.onlyB.length >= perSide) break;
    }
  }
  const byLength = (x: string, y: string) => x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
  search.onlyA.sort(byLength);
  search.onlyB.sort(byLength);
  return search;
}
