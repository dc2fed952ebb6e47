// The scanner (generated/<spec>.scanner.ts) against peggy's parser of the same grammar
// (generated/<spec>.peggy.ts), one input and one start rule at a time:
//   - the verdict;
//   - on acceptance: the full derivation tree (`tree: true`), and the AST parse() builds (from the
//     tagged DFA), equal to the oracle's (the hand-written builders of old, test/support/oracle);
//   - on rejection: the error offset. The scanner reports the first character after which no input
//     can be accepted; peggy reports the farthest position where some attempt failed, which for a
//     multi-character literal is the literal's first character, and where the input could still
//     go on is some earlier position. So the scanner's offset is never before peggy's, and the
//     prefix before it really can go on: peggy accepts it completed with the shortest continuation
//     the DFA knows.
// Used by test/scanner.test.ts (a sample in `npm test`) and scripts/differential.mjs (10^6 per revision).
import { ORACLE_BUILDERS } from "./oracle/builders";
import { isDeepStrictEqual } from "node:util";
import { enumerable } from "./plain-ast";
import type { DerivationNode } from "../../src/scanner/derivation";
import { parse } from "../../src/parse";
import type { Revision } from "../../src/revisions";
import type { RuleInfo } from "../../src/revisions/types";
import { MUTATION_CHARACTERS, prng } from "../../src/published/generate";
import { PegGenerator, pegGrammar } from "./peg-generator";
import { peggyRun, projectToAstNodes } from "./peggy-reference";

/** How the scanner's error offset relates to peggy's. */
export type OffsetRelation = "same" | "later, inside the input" | "later, at the end (the input ends too early)";

export interface Comparison {
  /** What disagrees, or null. */
  problem: string | null;
  accepted: boolean;
  /** For a rejected input: how the scanner's offset relates to peggy's. */
  offset?: OffsetRelation;
}

function published(rule: RuleInfo): string {
  return rule.published ?? rule.pegName;
}

function rootOf(nodes: DerivationNode[], rule: string, input: string): DerivationNode {
  if (nodes.length === 1 && nodes[0].rule === rule && nodes[0].start === 0 && nodes[0].end === input.length) return nodes[0];
  return { rule, start: 0, end: input.length, children: nodes };
}

/**
 * The shortest string that takes the DFA from `state` to acceptance (breadth-first over the
 * transition table), built from one representative character per class; null if none.
 */
export function shortestCompletion(revision: Revision, state: number): string | null {
  revision.scanner.load();
  const { TRANS, ACCEPT, K, CLASS_RANGES } = revision.scanner;
  const from = new Map<number, [number, number]>([[state, [-1, -1]]]);
  const queue = [state];
  for (let i = 0; i < queue.length; i++) {
    const s = queue[i];
    if (ACCEPT[s] === 1) {
      let out = "";
      for (let x = s; x !== state; ) {
        const [prev, cls] = from.get(x)!;
        out = String.fromCharCode(CLASS_RANGES[cls][0]) + out;
        x = prev;
      }
      return out;
    }
    for (let c = 0; c < K; c++) {
      const t = TRANS[s * K + c];
      if (t !== 0 && !from.has(t)) {
        from.set(t, [s, c]);
        queue.push(t);
      }
    }
  }
  return null;
}

export function compareOne(revision: Revision, rule: RuleInfo, input: string): Comparison {
  const scanner = revision.scanner;
  const name = published(rule);
  const reference = peggyRun(revision, rule.pegName, input);
  const offset = scanner.scan(scanner.START[rule.pegName], input);
  if (reference.ok !== (offset === -1)) return { problem: `verdict: peggy ${reference.ok ? "accepts" : "rejects"}, the scanner ${offset === -1 ? "accepts" : `rejects at ${offset}`}`, accepted: reference.ok };
  if (reference.ok) {
    const tree = rootOf(scanner.walk(rule.pegName, input, true), name, input);
    if (!isDeepStrictEqual(tree, reference.tree)) return { problem: "the derivation tree differs", accepted: true };
    const r = parse(input, { spec: revision.id, rule: name });
    // The grammar accepts and a predicate refuses (the WHATWG URL Standard's valid domain): peggy
    // runs no predicate, so there is no AST to compare.
    if (!r.ok && r.error.code === "predicate") return { problem: null, accepted: true };
    const build = ORACLE_BUILDERS[revision.id];
    if (build === undefined) return r.ok ? { problem: null, accepted: true } : { problem: `parse() fails where the scanner accepts: ${r.error.message}`, accepted: true };
    const expected = build(projectToAstNodes(revision.id, reference.tree), input);
    if (!r.ok || !isDeepStrictEqual(enumerable(r.ast), expected)) return { problem: "the AST differs", accepted: true };
    return { problem: null, accepted: true };
  }
  if (offset === reference.offset) return { problem: null, accepted: false, offset: "same" };
  if (offset < reference.offset) return { problem: `offset: the scanner stops at ${offset}, before peggy's ${reference.offset}`, accepted: false };
  const completion = shortestCompletion(revision, scanner.LAST[0]);
  const prefix = input.slice(0, offset);
  if (completion === null || !peggyRun(revision, rule.pegName, prefix + completion).ok) {
    return { problem: `offset ${offset}: peggy does not accept the prefix ${JSON.stringify(prefix)} completed with ${JSON.stringify(completion)}`, accepted: false };
  }
  return { problem: null, accepted: false, offset: offset === input.length ? "later, at the end (the input ends too early)" : "later, inside the input" };
}

/** Seeded inputs for one start rule: derivations from the PEG itself and their mutations. */
export function generatedInputs(spec: string, pegName: string, count: number, seed: number): string[] {
  const gen = new PegGenerator(pegGrammar(spec), prng(seed));
  const random = prng(seed ^ 0x5bd1e995);
  const out: string[] = [];
  while (out.length < count) {
    const d = gen.derive(pegName);
    out.push(d);
    if (out.length < count) out.push(gen.mutate(d));
    if (out.length < count && d.length > 1) {
      // A cut at a random place, and a character from the mutation set appended: ends too early,
      // or a wrong character right after a viable prefix.
      const cut = d.slice(0, Math.floor(random() * d.length));
      out.push(random() < 0.5 ? cut : cut + MUTATION_CHARACTERS[Math.floor(random() * MUTATION_CHARACTERS.length)]);
    }
  }
  return out;
}
