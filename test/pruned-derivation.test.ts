// A pruned derivation (the scanner's walk under a NodeFilter, src/scanner/types.ts) must be the full
// derivation with each refused node replaced by its children, in order. compare, lint and the
// "rule before the error" of compare and explain read pruned derivations so that a multi-megabyte
// line costs a few nodes (bench/results/crash-table.md); here the pruned walk is checked
// against pruning the full derivation, on every valid table input and corpus lines of every
// revision, for the library's filters and an arbitrary one; then the operations on large lines.
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { DerivationNode } from "../src/scanner/derivation";
import { compareInput, explain, lint } from "../src";
import { componentFilter, componentsOf } from "../src/ops/components";
import { ruleBefore } from "../src/ops/explain";
import { derivationTree } from "../src/parse";
import { availableSpecIds, defaultRule, findRule, getRevision, type Revision } from "../src/revisions";
import type { NodeFilter } from "../src/scanner/types";
import { caseTables, DATA_DIR, readTable } from "./support/table";

const ROOT = join(__dirname, "..", "..");
const CORPUS_LINES = 600;
const corpus = readFileSync(join(ROOT, "test", "data", "corpora", "real-world.txt"), "utf8").split("\n").filter((l) => l !== "").slice(0, CORPUS_LINES);

/** The reference: the full derivation with every node `keep` refuses replaced by its (pruned) children. */
function prune(nodes: readonly DerivationNode[], keep: NodeFilter): DerivationNode[] {
  const out: DerivationNode[] = [];
  for (const n of nodes) {
    const children = prune(n.children, keep);
    if (keep(n.rule, n.start, n.end)) out.push({ rule: n.rule, start: n.start, end: n.end, children });
    else out.push(...children);
  }
  return out;
}

function count(nodes: readonly DerivationNode[]): number {
  return nodes.reduce((n, c) => n + 1 + count(c.children), 0);
}

/** Inputs of a revision with the start rule that accepts them: table cases, and corpus lines under the default rule. */
function acceptedInputs(revision: Revision): { pegName: string; input: string }[] {
  const out: { pegName: string; input: string }[] = [];
  for (const file of caseTables()) {
    for (const c of readTable(file)) {
      if (c.spec !== revision.id || !c.valid) continue;
      const rule = findRule(revision, c.rule === "*" ? defaultRule(revision, c.input).rule : c.rule);
      if (rule) out.push({ pegName: rule.pegName, input: c.input });
    }
  }
  for (const line of corpus) out.push({ pegName: findRule(revision, defaultRule(revision, line).rule)!.pegName, input: line });
  // Accepted: by the grammar, and by its predicates where it has some (src/predicates.ts).
  return out.filter(({ pegName, input }) => revision.scanner.scan(revision.scanner.START[pegName], input) === -1 && derivationTree(revision, pegName, revision.rules.find((r) => r.pegName === pegName)!.published ?? pegName, input) !== null);
}

describe("a pruned derivation is the full derivation with the refused nodes' children in their place", () => {
  for (const spec of availableSpecIds()) {
    it(`${spec}: the component filter, "ends at the end" (ruleBefore's), an arbitrary filter and two sets of rule names, on every valid table input and ${CORPUS_LINES} corpus lines`, function () {
      this.timeout(120_000);
      const revision = getRevision(spec)!;
      const cases = acceptedInputs(revision);
      expect(cases.length, "inputs to check").to.be.above(100);
      const filters: [string, (input: string) => NodeFilter][] = [
        ["components", () => componentFilter(revision) ?? (() => true)],
        ["ends at the end", (input) => (_rule, _start, end) => end === input.length],
        ["arbitrary", () => (rule, start) => (rule.length + start) % 3 !== 0],
      ];
      // Sets of rule names: every third rule, and every other rule from the second.
      const names = revision.rules.map((r) => r.published ?? r.pegName);
      const sets = [new Set(names.filter((_, i) => i % 3 === 0)), new Set(names.filter((_, i) => i % 2 === 1))];
      let smaller = 0;
      for (const { pegName, input } of cases) {
        const full = revision.scanner.walk(pegName, input, true);
        for (const [name, make] of filters) {
          const keep = make(input);
          const pruned = revision.scanner.walk(pegName, input, keep);
          expect(pruned, `${name} on ${JSON.stringify(input)} (${pegName})`).to.deep.equal(prune(full, keep));
          if (count(pruned) < count(full)) smaller++;
        }
        // A set of rule names (decided by name before a rule runs), after the filters and before the next input's.
        for (const names of sets) {
          const pruned = revision.scanner.walk(pegName, input, names);
          expect(pruned, `a set of ${names.size} names on ${JSON.stringify(input)} (${pegName})`).to.deep.equal(prune(full, (rule) => names.has(rule)));
          if (count(pruned) < count(full)) smaller++;
        }
        // A filtered walk leaves nothing behind: the full walk after it is the one before.
        expect(revision.scanner.walk(pegName, input, true), `the full walk after a pruned one, ${JSON.stringify(input)}`).to.deep.equal(full);
      }
      expect(smaller, "pruning removes nodes").to.be.above(cases.length);
    });
  }
});

describe("compare and lint read components from a pruned derivation: the same components as from the full one", () => {
  for (const spec of availableSpecIds()) {
    it(spec, () => {
      const revision = getRevision(spec)!;
      const keep = componentFilter(revision);
      if (!keep) return expect(revision.components, `${spec} has no component map`).to.equal(undefined);
      for (const { pegName, input } of acceptedInputs(revision)) {
        const rule = revision.rules.find((r) => r.pegName === pegName)!.published ?? pegName;
        const full = derivationTree(revision, pegName, rule, input)!;
        const root = (nodes: DerivationNode[]) => (nodes.length === 1 && nodes[0].rule === rule && nodes[0].start === 0 && nodes[0].end === input.length ? nodes[0] : { rule, start: 0, end: input.length, children: nodes });
        expect(componentsOf(revision, root(revision.scanner.walk(pegName, input, keep)), input), JSON.stringify(input)).to.deep.equal(componentsOf(revision, full, input));
      }
    });
  }
});

describe("ruleBefore (compare's and explain's rule at the error) from a pruned derivation: the full derivation's answer", () => {
  /** ruleBefore's definition on the full derivation: the deepest non-character rule that ends at `offset`. */
  function ruleBeforeFull(revision: Revision, input: string, offset: number): { rule: string; text: string } | null {
    const prefix = input.slice(0, offset);
    const rule = defaultRule(revision, prefix).rule;
    const tree = derivationTree(revision, findRule(revision, rule)!.pegName, rule, prefix);
    if (!tree) return null;
    let best: DerivationNode | null = null;
    let bestDepth = -1;
    const walk = (n: DerivationNode, depth: number) => {
      if (n.end === offset && !revision.characterRules.has(n.rule) && depth > bestDepth) [best, bestDepth] = [n, depth];
      for (const c of n.children) if (c.start <= offset && c.end >= offset) walk(c, depth + 1);
    };
    walk(tree, 0);
    const found = best as DerivationNode | null;
    return found ? { rule: found.rule, text: prefix.slice(found.start, found.end) } : null;
  }
  for (const spec of availableSpecIds()) {
    it(`${spec}: every invalid table input and the rejected corpus lines`, function () {
      this.timeout(120_000);
      const revision = getRevision(spec)!;
      const inputs = [
        ...caseTables().flatMap((f) => readTable(f).filter((c) => c.spec === spec && !c.valid && c.rule === "*").map((c) => c.input)),
        ...corpus,
      ];
      let named = 0;
      for (const input of inputs) {
        const pegName = findRule(revision, defaultRule(revision, input).rule)!.pegName;
        const offset = revision.scanner.scan(revision.scanner.START[pegName], input);
        if (offset < 0) continue;
        const got = ruleBefore(revision, input, offset);
        expect(got, `${JSON.stringify(input)} at ${offset}`).to.deep.equal(ruleBeforeFull(revision, input, offset));
        if (got) named++;
      }
      expect(named, "inputs where a rule ends at the error").to.be.above(0);
    });
  }
});

describe("compare, lint and explain answer lines of several megabytes (a pruned derivation, not a node per character) @slow", () => {
  const MB = 1024 * 1024;
  it("compareInput on a valid 4 MB line: every revision's verdict and components", function () {
    this.timeout(600_000);
    const input = "http://a/" + "b/".repeat(2 * MB);
    const r = compareInput(input);
    if (!r.ok) throw new Error(r.error.message);
    for (const c of r.cells) {
      expect(c.valid, c.spec).to.equal(true);
      expect(c.components?.host?.text, c.spec).to.equal("a");
      // The path after the host: with its leading "/" (draft-1993's `[ / path ]` leaves it out).
      expect(c.components?.path?.text.length, c.spec).to.equal(input.length - (c.spec === "draft-1993" ? "http://a/" : "http://a").length);
    }
  });
  it("lint on a valid 10 MB line with a password and a port: its notes", function () {
    this.timeout(120_000);
    const r = lint("http://u:p@a:81/" + "b/".repeat(5 * MB));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.notes.map((n) => n.code)).to.deep.equal(["password", "non-default-port"]);
  });
  it("compareInput on an invalid 20 MB line: the offset and the rule at the error in every revision", function () {
    // No timing: every revision and peer reads 20 MB (about a minute on this 2-core machine with 15
    // revisions, each added revision adds a few seconds); the limit is only there to end a hang.
    this.timeout(600_000);
    const input = "http://a/" + "b/".repeat(10 * MB) + " ";
    const r = compareInput(input);
    if (!r.ok) throw new Error(r.error.message);
    for (const c of r.cells) {
      expect(c.valid, c.spec).to.equal(false);
      expect(c.error?.offset, c.spec).to.equal(input.length - 1);
      // The path or its segment rule, under the revision's own name (the WHATWG URL Standard's URL-path-segment string).
      const segment = getRevision(c.spec)?.components?.parts.segment?.rule;
      expect(c.error?.rule, c.spec).to.be.oneOf(["path", "segment", "hsegment", "isegment", ...(segment ? [segment] : [])]);
    }
  });
  it("explain on an invalid 4 MB line: the sentence names the rule at the error", function () {
    this.timeout(120_000);
    const x = explain("http://a/" + "b/".repeat(2 * MB) + " ", { spec: "draft-2003" });
    if (!x.ok) throw new Error(x.error.message);
    expect(x.valid).to.equal(false);
    expect(x.sentence).to.match(/segment/);
  });
});
