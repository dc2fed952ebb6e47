// The capture array of a start rule that ships no tagged DFA (issue 27: a page pays for its top
// rule's table only), read off the scanner's walk of an input scan() accepted. The build writes the
// start rule's tags as data (scripts/ast/walk-tags.mjs): the rules the walk keeps, and a trie of
// their call paths as a derivation pruned to them shows them, each entry with the slot it sets. The
// array is the one the tagged DFA would fill (test/walk-captures.test.ts compares them): node i of
// the skeleton matched iff c[2i] >= 0, from c[2i] to c[2i + 1]; c[0], c[1] the start rule's own match.
//
// Bounded for any input: the build proved that no kept rule sits inside a repetition, so the pruned
// derivation has at most one node per call path of a kept rule, however long the input (the walk's
// other nodes are garbage as soon as their rule returns).

import type { DerivationNode } from "./derivation";
import type { GeneratedScanner } from "./types";

/** One start rule's tags as data (generated/<spec>.ast.ts, walkTags()). */
export interface WalkTags {
  /** The walk's filter: the rules (published names) the captures need. */
  readonly keep: ReadonlySet<string>;
  /** Length of the capture array. */
  readonly captures: number;
  /** What the build wrote (walkTags()'s arguments): the kept rules and the trie's entries. */
  readonly names: readonly string[];
  readonly entries: readonly number[];
  /** The trie, decoded on first use. */
  trie(): WalkTrie;
}

/** The trie of kept call paths: the entry below entry p (-1: the start rule) for rule r is child[(p + 1) * names + r] (-1: none). */
interface WalkTrie {
  index: ReadonlyMap<string, number>;
  names: number;
  child: Int32Array;
  /** Per entry: -1 (on the way to a tag), else the slot, plus 1 when the node's end is read too. */
  code: Int32Array;
}

/**
 * A start rule's tags (what the build writes): the kept rules, and per entry of the trie its parent
 * entry (-1 for a node the start rule holds), its rule (an index into `names`) and its code.
 */
export function walkTags(names: readonly string[], entries: readonly number[], captures: number): WalkTags {
  const index = new Map(names.map((n, i) => [n, i]));
  let trie: WalkTrie | null = null;
  return {
    keep: new Set(names),
    captures,
    names,
    entries,
    trie: () => {
      if (trie !== null) return trie;
      const count = entries.length / 3;
      const child = new Int32Array((count + 1) * names.length).fill(-1);
      const code = new Int32Array(count);
      for (let k = 0; k < count; k++) {
        child[(entries[3 * k] + 1) * names.length + entries[3 * k + 1]] = k;
        code[k] = entries[3 * k + 2];
      }
      return (trie = { index, names: names.length, child, code });
    },
  };
}

let buffer = new Int32Array(64);

/**
 * The capture array of an input the start rule `pegName` accepts (scan() first: the walk runs on
 * accepted inputs only), from its walk pruned to the rules the tags need. The array is reused by the
 * next call, as capture()'s is: read it before running another.
 */
export function walkCaptures(w: WalkTags, scanner: Pick<GeneratedScanner, "walk">, pegName: string, input: string): Int32Array {
  if (buffer.length < w.captures) buffer = new Int32Array(w.captures);
  const c = buffer;
  for (let k = w.captures - 1; k >= 0; k--) c[k] = -1;
  fill(scanner.walk(pegName, input, w.keep), -1, w.trie(), c);
  c[0] = 0;
  c[1] = input.length;
  return c;
}

/** Sets the slots of the nodes (children of trie entry `parent`) and of the nodes below them. */
function fill(nodes: readonly DerivationNode[], parent: number, t: WalkTrie, c: Int32Array): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    const k = t.child[(parent + 1) * t.names + t.index.get(node.rule)!];
    // A kept rule on a call path no tag is on (nor below).
    if (k < 0) continue;
    const code = t.code[k];
    if (code >= 0) {
      c[code & ~1] = node.start;
      if ((code & 1) !== 0) c[code] = node.end;
    }
    fill(node.children, k, t, c);
  }
}
