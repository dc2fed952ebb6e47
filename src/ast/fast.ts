// The AST fast path: the derivation the peggy AST parser would return, read from one capture regex
// (generated/<spec>.capture.ts, scripts/compile-capture.mjs). The regex is the exact PEG recognizer
// of the start rule with a capturing group around every occurrence of a node rule; the `d` flag
// gives each node's span and the generated parent table its place in the tree. No node rule repeats
// (path segments and params are split from the path's text by the builders). The revision's AST
// builder then runs on this derivation exactly as on peggy's: there is one AST-building logic.
import { generatedRuleTable, ownEntry } from "../revisions/generated";
import type { DerivationNode } from "./derivation";

interface CaptureModule {
  CAPTURE_REGEXES: Readonly<Record<string, { source: string; groups: readonly number[]; rules: readonly string[]; parents: readonly number[] }>>;
}

/** One start rule's capture regex, compiled. */
export interface CaptureRegex {
  regex: RegExp;
  /** Parallel arrays: group number, rule (published name), index of the parent group (-1: none). */
  groups: readonly number[];
  rules: readonly string[];
  parents: readonly number[];
}

/** The capture regex of one start rule (peggy name), built on first use; null when there is none. */
export const captureRegex = generatedRuleTable<CaptureModule, CaptureRegex>("capture", (m, pegName) => {
  const spec = ownEntry(m.CAPTURE_REGEXES, pegName);
  return spec === undefined ? null : { regex: new RegExp(spec.source, "d"), groups: spec.groups, rules: spec.rules, parents: spec.parents };
});

/**
 * The derivation of `input` from the capture regex: its root node (the start rule), or null when
 * the regex does not match (the input is rejected; the caller asks peggy for the error). Throws
 * RangeError when V8's backtrack stack overflows (the caller falls back to peggy).
 */
export function captureDerivation(capture: CaptureRegex, input: string): DerivationNode | null {
  const match = capture.regex.exec(input);
  if (match === null) return null;
  const indices = match.indices!;
  const { groups, rules, parents } = capture;
  const nodes: (DerivationNode | undefined)[] = new Array(groups.length);
  for (let i = 0; i < groups.length; i++) {
    const span = indices[groups[i]];
    if (span === undefined) continue;
    const node: DerivationNode = { rule: rules[i], start: span[0], end: span[1], children: [] };
    nodes[i] = node;
    const parent = parents[i];
    if (parent >= 0) nodes[parent]!.children.push(node);
  }
  return nodes[0]!;
}
