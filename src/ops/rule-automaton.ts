// The one place that reads a PEG rule's DFA out of a generated scanner (generated/<spec>.scanner.ts):
// `ruleAutomaton`. Everything that decides languages (src/automata, language-diff, fidelity-proof)
// sees only the `Automaton` it returns, so a change of the scanner's table format is a change here.
import { interner, type Automaton } from "../automata/dfa";
import { refine } from "../automata/alphabet";
import { defaultRule, findRule, type Revision } from "../revisions";

/**
 * A rule's DFA as the scanner runs it (`validate(x, { spec, rule })` accepts x exactly when this
 * automaton does), or null when the revision has no such rule.
 */
export function ruleAutomaton(revision: Revision, ruleName: string): Automaton | null {
  const info = findRule(revision, ruleName);
  if (!info) return null;
  // The generated scanner's tables: TRANS[state * K + class], ACCEPT[state], START[pegName];
  // CLASS_RANGES[class] lists the code units classOf() maps to the class.
  revision.scanner.load(); // the tables are decoded on first use
  const { K, TRANS, ACCEPT, START, CLASS_RANGES } = revision.scanner;
  const start = START[info.pegName];
  if (start === undefined) return null;
  return { classRanges: CLASS_RANGES, start, transition: (state, cls) => TRANS[state * K + cls], accepting: (state) => ACCEPT[state] === 1 };
}

/**
 * The language `validate(x, { spec })` decides without a rule: the top rule's automaton, or, for a
 * scheme-aware revision, an automaton that reads the scheme the way `defaultRule()` does
 * (src/revisions/index.ts) and runs the production it selects. Null when a rule is missing.
 */
export function referenceAutomaton(revision: Revision): Automaton | null {
  const how = revision.schemeProductions;
  if (!how) return ruleAutomaton(revision, revision.topRule);
  const productionNames = [...new Set([...how.productions.values(), how.otherwise, ...(how.prefix ? [how.prefix.production] : [])])];
  const found = productionNames.map((p) => ruleAutomaton(revision, p + (how.ruleSuffix ?? "")));
  if (found.some((a) => a === null)) return null;
  const parts = found as Automaton[];
  const indexOf = (production: string) => productionNames.indexOf(production);
  const otherwise = indexOf(how.otherwise);
  const names = [...how.productions.keys()];
  const prefixText = how.prefix ? how.prefix.text.toLowerCase() : null;
  // The characters the selection compares. A code unit reads as a letter of a name when it is that
  // letter or, where names are compared in lower case, when its toLowerCase() is (defaultRule lowers
  // the whole scheme; a unit whose lower case is longer, or is no name letter, matches no name).
  const letters = new Set([...names.join(""), ...(prefixText ?? ""), ":"]);
  const lowerAs = new Map<number, string>();
  for (let u = 0; u <= 0xffff; u++) {
    const lower = String.fromCharCode(u).toLowerCase();
    if (letters.has(lower)) lowerAs.set(u, lower);
  }
  const refinement = refine(
    parts.map((a) => a.classRanges),
    [...new Set([...lowerAs.keys(), ...[...letters].map((ch) => ch.charCodeAt(0))])],
  );
  const single = (r: number) => (refinement.ranges[r].length === 2 && refinement.ranges[r][0] === refinement.ranges[r][1] ? refinement.ranges[r][0] : -1);
  const lowerOf = refinement.ranges.map((_, r) => lowerAs.get(single(r)) ?? null);
  const exactOf = refinement.ranges.map((_, r) => (single(r) >= 0 && letters.has(String.fromCharCode(single(r))) ? String.fromCharCode(single(r)) : null));
  // The production of an input without ":" (defaultRule reads its scheme as "").
  const withoutColon = how.productions.has("") ? indexOf(how.productions.get("")!) : otherwise;

  // A state is decided (one production and its state; -1: dead) or still reading: the scheme so far
  // (null once it is no name's prefix), the production the first ":" chose (-1: none yet), how much
  // of the prefix matched (-1: not the prefix), and every production's state.
  type State = { decided: number; state: number } | { scheme: string | null; chosen: number; prefix: number; states: number[] };
  const { items: table, intern } = interner<State, string>((s) => ("decided" in s ? `${s.decided}:${s.state}` : `${s.scheme}|${s.chosen}|${s.prefix}|${s.states.join(",")}`));
  const advance = (i: number, state: number, r: number) => {
    const c = refinement.of[i][r];
    return state < 0 || c < 0 ? -1 : parts[i].transition(state, c);
  };
  const next = (s: State, r: number): State => {
    if ("decided" in s) return { decided: s.decided, state: advance(s.decided, s.state, r) };
    const states = s.states.map((st, i) => advance(i, st, r));
    let prefix = s.prefix;
    if (prefixText !== null && prefix >= 0) prefix = lowerOf[r] === prefixText[prefix] ? prefix + 1 : -1;
    // draft-1994: an input that starts with the prefix (in any case) is the prefix's production.
    if (prefixText !== null && prefix === prefixText.length) {
      const p = indexOf(how.prefix!.production);
      return { decided: p, state: states[p] };
    }
    let { scheme, chosen } = s;
    if (chosen < 0) {
      const letter = how.caseSensitive ? exactOf[r] : lowerOf[r];
      if (letter === ":") {
        const production = scheme === null ? undefined : how.productions.get(scheme);
        chosen = production === undefined ? otherwise : indexOf(production);
      } else {
        scheme = scheme !== null && letter !== null && names.some((n) => n.startsWith(scheme + letter)) ? scheme + letter : null;
        // No name starts so: whether a ":" follows or not, the catch-all decides.
        if (scheme === null && withoutColon === otherwise) chosen = otherwise;
      }
    }
    if (chosen >= 0 && prefix < 0) return { decided: chosen, state: states[chosen] };
    return { scheme, chosen, prefix, states };
  };
  const start = intern({ scheme: "", chosen: -1, prefix: prefixText === null ? -1 : 0, states: parts.map((a) => a.start) });
  const rows: number[] = [];
  for (let i = 0; i < table.length; i++) for (let r = 0; r < refinement.size; r++) rows.push(intern(next(table[i], r)));
  const accepting = table.map((s) => {
    if ("decided" in s) return s.state >= 0 && parts[s.decided].accepting(s.state);
    const p = s.chosen >= 0 ? s.chosen : withoutColon;
    return s.states[p] >= 0 && parts[p].accepting(s.states[p]);
  });
  return { classRanges: refinement.ranges, start, transition: (state, r) => rows[state * refinement.size + r], accepting: (state) => accepting[state] };
}
