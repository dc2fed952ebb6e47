// Continuation graph -> DFA, by Brzozowski derivatives with BDD states, then minimisation.
//
// A state is a boolean function (a BDD, scripts/scanner/bdd.mjs) of continuation nodes: the set of
// inputs still accepted is that function of the nodes' languages. The derivative of a node by a
// character class is computed on the graph (an atom c·K becomes K when the class is in c, false
// otherwise; and, or, not and loop references distribute), and the derivative of a state substitutes
// each of its variables by that variable's derivative. Every state is a boolean function of finitely
// many graph nodes, so there are finitely many states (Brzozowski 1964; the BDD makes equal
// functions one state). A state accepts the end of input when its function is true with every
// variable replaced by "its node accepts the empty string".
import { Bdd } from "./bdd.mjs";
import { END, F, T } from "./continuations.mjs";

export class DfaBuilder {
  /**
   * @param graph a ContinuationGraph
   * @param classes the partition of the code units (scripts/scanner/charsets.mjs partition(graph.sets))
   */
  constructor(graph, classes) {
    this.graph = graph;
    this.classes = classes;
    this.bdd = new Bdd();
    // Memos indexed by node id (graph node for derivatives, BDD node for steps), one table per
    // class; -1 is "not computed yet". Typed arrays: Maps of this size made most of the build time.
    this.derivatives = classes.map(() => new Int32Array(0));
    this.substitutions = classes.map(() => new Int32Array(0));
    this.nullables = new Map();
    /** explored states: BDD functions; their transitions (one Int32Array per state) */
    this.states = [];
    this.stateIds = new Map();
    this.transitions = [];
  }

  /** Whether the language of a graph node contains the empty string. */
  nullable(x) {
    const known = this.nullables.get(x);
    if (known !== undefined) return known;
    const n = this.graph.nodes[x];
    let r;
    switch (n.op) {
      case "F":
      case "atom":
        r = false;
        break;
      case "T":
      case "END":
        r = true;
        break;
      case "and":
        r = n.xs.every((y) => this.nullable(y));
        break;
      case "or":
        r = n.xs.some((y) => this.nullable(y));
        break;
      case "not":
        r = !this.nullable(n.a);
        break;
      case "ref":
        // A loop is guarded (its body consumes before reaching it again), so this never recurses
        // into the same reference; the placeholder would only be read if that were false.
        this.nullables.set(x, false);
        r = this.nullable(n.def);
        break;
      default:
        throw new Error(`scanner: unknown node ${n.op}`);
    }
    this.nullables.set(x, r);
    return r;
  }

  /** The derivative of graph node x by class c, as a BDD over continuation nodes. */
  derivative(x, c) {
    if (x === F) return 0;
    if (x === T) return 1;
    const memo = this.memoFor(this.derivatives, c, x);
    const known = memo[x];
    if (known !== -1) return known === -2 ? unguarded() : known;
    const n = this.graph.nodes[x];
    const B = this.bdd;
    let r;
    switch (n.op) {
      case "END":
        r = 0;
        break;
      case "atom":
        r = this.classes[c].member[n.set] ? (n.k === T ? 1 : B.var(n.k)) : 0;
        break;
      case "and":
        r = 1;
        for (const y of n.xs) if ((r = B.and(r, this.derivative(y, c))) === 0) break;
        break;
      case "or":
        r = 0;
        for (const y of n.xs) if ((r = B.or(r, this.derivative(y, c))) === 1) break;
        break;
      case "not":
        r = B.not(this.derivative(n.a, c));
        break;
      case "ref":
        memo[x] = -2; // in progress: reached again before a character is consumed
        r = this.derivative(n.def, c);
        break;
      default:
        throw new Error(`scanner: unknown node ${n.op}`);
    }
    this.derivatives[c][x] = r;
    return r;
  }

  /** The memo table of class c, grown to hold index i (new entries -1). */
  memoFor(tables, c, i) {
    let t = tables[c];
    if (i >= t.length) {
      const grown = new Int32Array(Math.max(1024, (i + 1) * 2)).fill(-1);
      grown.set(t);
      tables[c] = t = grown;
    }
    return t;
  }

  /** The derivative of a state (BDD f) by class c: each variable replaced by its derivative. */
  step(f, c) {
    if (f <= 1) return f;
    const known = this.memoFor(this.substitutions, c, f)[f];
    if (known !== -1) return known;
    const B = this.bdd;
    const r = B.ite(this.derivative(B.variable[f], c), this.step(B.high[f], c), this.step(B.low[f], c));
    this.memoFor(this.substitutions, c, f)[f] = r;
    return r;
  }

  stateOf(f) {
    let id = this.stateIds.get(f);
    if (id === undefined) {
      id = this.states.length;
      this.states.push(f);
      this.stateIds.set(f, id);
    }
    return id;
  }

  /** The state "the rest of the input is in L(x)" for a graph node x. */
  rootState(x) {
    return this.stateOf(x === T ? 1 : x === F ? 0 : this.bdd.var(x));
  }

  /** Explores every state reachable from the states created so far. */
  explore(limit = 500_000) {
    for (let i = this.transitions.length; i < this.states.length; i++) {
      const row = new Int32Array(this.classes.length);
      // Classes that derive every variable of the state alike lead to the same state: one step each.
      const vars = [...this.bdd.support(this.states[i])];
      const bySignature = new Map();
      for (let c = 0; c < this.classes.length; c++) {
        let signature = "";
        for (const v of vars) signature += `${this.derivative(v, c)},`;
        let target = bySignature.get(signature);
        if (target === undefined) bySignature.set(signature, (target = this.stateOf(this.step(this.states[i], c))));
        row[c] = target;
      }
      this.transitions.push(row);
      if (this.states.length > limit) throw new Error(`scanner: more than ${limit} DFA states`);
    }
  }

  accepting(state) {
    return this.bdd.evaluate(this.states[state], (v) => this.nullable(v));
  }

  /** States from which an accepting state can be reached. */
  live() {
    const n = this.states.length;
    const preds = Array.from({ length: n }, () => []);
    for (let s = 0; s < n; s++) for (const t of this.transitions[s]) preds[t].push(s);
    const alive = new Uint8Array(n);
    const queue = [];
    for (let s = 0; s < n; s++) if (this.accepting(s)) (alive[s] = 1), queue.push(s);
    while (queue.length > 0) {
      const t = queue.pop();
      for (const s of preds[t]) if (!alive[s]) (alive[s] = 1), queue.push(s);
    }
    return alive;
  }

  /**
   * The rule stack a state is inside: the deepest stack that encloses every atom of the parse
   * (not of a guard) that could consume the next character. 0 (the empty stack) when there is none.
   */
  label(state) {
    const g = this.graph;
    const stacks = new Set();
    for (const v of this.bdd.support(this.states[state])) if (g.spine.has(v)) for (const s of this.nextAtomStacks(v)) stacks.add(s);
    return commonStack(g, [...stacks]);
  }

  nextAtomStacks(x) {
    this.atomStacks ??= new Map();
    const known = this.atomStacks.get(x);
    if (known) return known;
    const out = new Set();
    this.atomStacks.set(x, out);
    const n = this.graph.nodes[x];
    if (n.op === "atom") {
      if (n.stack >= 0) out.add(n.stack);
    } else if (n.op === "and" || n.op === "or") {
      for (const y of n.xs) if (this.graph.spine.has(y)) for (const s of this.nextAtomStacks(y)) out.add(s);
    } else if (n.op === "ref") {
      for (const s of this.nextAtomStacks(n.def)) out.add(s);
    }
    return out;
  }
}

function unguarded() {
  throw new Error("scanner: a loop reaches itself before consuming a character");
}

/** The deepest common ancestor of rule stacks (0 when the list is empty). */
function commonStack(graph, stacks) {
  if (stacks.length === 0) return 0;
  const depth = (s) => {
    let d = 0;
    for (let x = s; x > 0; x = graph.stacks[x].parent) d++;
    return d;
  };
  let common = stacks[0];
  for (const s of stacks.slice(1)) {
    let a = common;
    let b = s;
    let da = depth(a);
    let db = depth(b);
    while (da > db) (a = graph.stacks[a].parent), da--;
    while (db > da) (b = graph.stacks[b].parent), db--;
    while (a !== b) (a = graph.stacks[a].parent), (b = graph.stacks[b].parent);
    common = a;
  }
  return common;
}

/**
 * Moore minimisation: states start in the blocks given by `initial` (a key per state: states that
 * must stay apart, such as accepting or not, or different error labels) and blocks are split until
 * every state of a block moves to the same blocks. Returns the block of each state and the count.
 */
export function minimize(transitions, initial) {
  const n = transitions.length;
  const firstIds = new Map();
  let block = initial.map((k) => {
    let id = firstIds.get(k);
    if (id === undefined) firstIds.set(k, (id = firstIds.size));
    return id;
  });
  let count = firstIds.size;
  for (;;) {
    const ids = new Map();
    const next = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      const row = transitions[s];
      let key = `${block[s]}`;
      for (let c = 0; c < row.length; c++) key += `,${block[row[c]]}`;
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      next[s] = id;
    }
    block = next;
    if (ids.size === count) break;
    count = ids.size;
  }
  return { block, count };
}

/**
 * A numbering of a DFA's states (its blocks after minimisation: `block` maps a state to its block,
 * `transitions` are per state) in which each root's states come after the earlier roots': the fixed
 * roots (`fixed`: the dead state and the state that accepts everything, numbered 0 and 1), then per
 * root of `roots`, in order, breadth-first from it the states no earlier root reached. Every state
 * a root reaches is then numbered before `rowsFrom.get(its block)`: a table whose rows are written
 * in this order and decoded from the first is ready for a run from that root once that many rows are
 * (issue 27: the first parse of the top rule decodes its rule's rows, not every rule's and decision's).
 * Breadth-first order also keeps neighbouring rows alike (the template rows of rows-text.mjs).
 */
export function numbered(block, transitions, fixed, roots) {
  const order = new Map();
  for (const x of fixed) if (!order.has(block[x])) order.set(block[x], order.size);
  if (order.size !== fixed.length) throw new Error("scanner: the dead state and the universal state merged");
  // A state of each block: its transitions are the block's (the minimisation merged equals).
  const member = new Map();
  for (let s = 0; s < block.length; s++) if (!member.has(block[s])) member.set(block[s], s);
  // Per block, the number of states numbered when the search that numbered it ended: all it reaches.
  const closedAt = new Map([...order.keys()].map((b) => [b, order.size]));
  const rowsFrom = new Map();
  const queue = [];
  for (const root of roots) {
    const b = block[root];
    if (!order.has(b)) {
      // A block an earlier search numbered has its successors numbered too (that search went on
      // from it): this search goes on from the blocks it numbers.
      queue.length = 0;
      order.set(b, order.size);
      queue.push(b);
      for (let i = 0; i < queue.length; i++) {
        for (const t of transitions[member.get(queue[i])]) {
          const tb = block[t];
          if (!order.has(tb)) order.set(tb, order.size), queue.push(tb);
        }
      }
      for (const x of queue) closedAt.set(x, order.size);
    }
    rowsFrom.set(b, closedAt.get(b));
  }
  // Blocks no root reaches (none, as the DFA is built from its roots; numbered for completeness).
  for (let s = 0; s < block.length; s++) if (!order.has(block[s])) order.set(block[s], order.size);
  return { order, rowsFrom };
}
