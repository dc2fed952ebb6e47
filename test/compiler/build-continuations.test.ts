// build / build-continuations (scripts/scanner/passes/build-continuations.mjs): the continuation
// graph. Each start rule's node, read as a language (a direct interpreter of the graph below), holds
// exactly the inputs peggy's parser accepts from that rule; each decision's node dom(e) holds the
// inputs where e succeeds at the start.
import { expect } from "chai";
import { MINI, compileMini, compileWith, miniInputs, plantedPass, referenceParser, type Compilation } from "../support/compiler";

type GraphNode = { op: string; set?: number; k?: number; xs?: number[]; a?: number; def?: number };

/** Whether the graph's node x accepts the input from position i: the graph's own semantics, read directly. */
function accepts(c: Compilation, x: number, input: string, i: number): boolean {
  const graph = c.continuations.graph as { nodes: GraphNode[]; sets: [number, number][][] };
  const n = graph.nodes[x];
  switch (n.op) {
    case "F":
      return false;
    case "T":
      return true;
    case "END":
      return i === input.length;
    case "atom": {
      if (i >= input.length) return false;
      const code = input.charCodeAt(i);
      return graph.sets[n.set!].some(([lo, hi]) => code >= lo && code <= hi) && accepts(c, n.k!, input, i + 1);
    }
    case "and":
      return n.xs!.every((y) => accepts(c, y, input, i));
    case "or":
      return n.xs!.some((y) => accepts(c, y, input, i));
    case "not":
      return !accepts(c, n.a!, input, i);
    case "ref":
      return accepts(c, n.def!, input, i);
    default:
      throw new Error(`node ${n.op}`);
  }
}

function problems(c: Compilation): string[] {
  const ref = referenceParser(MINI, c.names);
  const out: string[] = [];
  c.grammar.rules.forEach((r: { name: string }, k: number) => {
    for (const input of miniInputs()) {
      const want = ref.parse(input, r.name) !== null;
      if (accepts(c, c.continuations.startNodes[k], input, 0) !== want) out.push(`${r.name} ${JSON.stringify(input)}: ${want ? "rejected" : "accepted"}`);
    }
  });
  if (c.continuations.decisionNodes.length !== c.decisions.list.length) out.push("a node per decision");
  return out;
}

describe("compiler pass build-continuations", () => {
  it("each rule's node accepts what peggy accepts from that rule; a node per decision", () => {
    const c = compileMini("build-continuations");
    expect(problems(c)).to.deep.equal([]);
    // dom(("#" frag)): "#" then a letter, whatever follows.
    const d = c.continuations.decisionNodes[1];
    expect(["#a", "#ab/", "#"].map((s) => accepts(c, d, s, 0))).to.deep.equal([true, true, false]);
  });

  it("a planted fault (a start rule compiled as dom(rule): the input may go on after it) is caught", () => {
    const planted = plantedPass("build-continuations", "rules.map((r) => graph.startRule(r.name))", "rules.map((r) => graph.dom(/** @type {any} */ (byName.get(r.name))))");
    expect(problems(compileWith(planted, "build-continuations"))).to.not.deep.equal([]);
  });
});
