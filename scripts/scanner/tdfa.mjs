// Tagged DFAs: one left-to-right pass that validates an input and records where the rule matches
// the AST reads begin and end (re2c's TDFA, Laurikari 2000 and Trofimovich 2017, built here on the
// PEG continuation graph of scripts/scanner/continuations.mjs).
//
// Tags. Each rule match the AST reads is identified by its call path from the start rule (the rule
// stack, as the continuation graph interns it); it gets an open tag and a close tag, compiled into
// the graph as epsilon nodes: C(R, K) = open · C(body(R), close · K). Tags are transparent to the
// language (derivatives and nullability pass through them), so the tagged automaton accepts exactly
// what the scanner's DFA accepts. Only call paths outside every repetition are tagged: each is then
// crossed at most once by any parse, so a tag has one value.
//
// Threads. A DFA state of the scanner is a boolean function of continuation nodes. Its spine nodes
// (the parse itself, as opposed to the guards inside dom(e), which decide PEG's ordered choices)
// are the parse's possible positions in the grammar; call them threads. Every spine node occurs
// positively, so the function is an OR of (thread AND condition), the condition a boolean function
// of guard nodes: where the thread is the parse. A state here is that list of threads, each with
// its condition (a BDD over guard nodes) and where each tag's value is kept for it. A character
// moves each thread along its routes (epsilon paths through or/and/ref/tag nodes to an atom that
// matches the character), and each route crosses tags (set to the current position) and guards
// (their derivatives join the condition; a route whose condition becomes false is dropped). Two
// routes that reach the same thread with different tag values stay two threads, told apart by
// their conditions: PEG's determinism means that at most one of them is the parse, and the future
// decides which. At the end of the input exactly one thread is accepted (else the build fails).
//
// Registers. A tag's value is kept in a register. Where every thread of a state agrees on a tag
// (same value, or unset in all of them) it lives in its home register `t.0`, which holds -1 when
// unset (a transition that leaves every thread without the tag resets it); only where threads
// disagree does a state spell out, per thread, which register (`t.k`) or "unset" holds it. So the
// state does not remember what it need not, and equivalent states merge when minimised.
//
// What the module builds, per start rule: the transition table, an operation list per transition
// (register := position, := another register, := -1), and per accepting state where each tag's
// final value is (a register, the end of the input, or unset). Dead states are removed and the
// machine is minimised (Moore, on transitions labelled with their operations).
import { ContinuationGraph, END, F, T } from "./continuations.mjs";
import { DfaBuilder } from "./dfa.mjs";

/** The key of a rule stack: its rule names from the start rule, joined. */
export function stackKey(graph, stack) {
  return graph.stackNames(stack).join(">");
}

/**
 * A continuation graph with tag nodes at the call paths `tagged` lists (stack key -> { open, close }
 * tag numbers, -1 for none).
 */
export class TaggedGraph extends ContinuationGraph {
  constructor(rules, publishedNames, tagged) {
    super(rules, publishedNames);
    this.tagged = tagged;
    this.spine.add(END);
  }

  tagNode(tag, k) {
    if (tag < 0 || k === F) return k;
    const id = this.make(`t${tag},${k}`, { op: "tag", tag, k });
    this.spine.add(id);
    return id;
  }

  compileUncached(e, K, stack) {
    // The first iteration of a `e+` is compiled under a stack of its own ("#first"), so that a rule
    // match in it is a call path of its own (matched at most once) that can be tagged; the later
    // iterations are a repetition (scripts/ast/skeleton.mjs walks it the same way).
    if (e.type === "one_or_more" && stack >= 0) return this.compile(e.expression, this.compile(this.star(e), K, stack), this.pushStack(stack, "#first"));
    if (e.type === "rule_ref" && stack >= 0) {
      const s = this.pushStack(stack, this.publishedNames.get(e.name) ?? e.name);
      const tags = this.tagged.get(stackKey(this, s));
      if (tags) {
        const body = this.rules.get(e.name);
        if (!body) throw new Error(`tdfa: unknown rule ${e.name}`);
        return this.tagNode(tags.open, this.compile(body, this.tagNode(tags.close, K), s));
      }
    }
    return super.compileUncached(e, K, stack);
  }
}

/** The DFA builder over a tagged graph: tag nodes are epsilon. */
export class TaggedBuilder extends DfaBuilder {
  nullable(x) {
    const n = this.graph.nodes[x];
    return n.op === "tag" ? this.nullable(n.k) : super.nullable(x);
  }

  derivative(x, c) {
    const n = this.graph.nodes[x];
    if (n !== undefined && n.op === "tag") {
      const memo = this.memoFor(this.derivatives, c, x);
      if (memo[x] >= 0) return memo[x];
      const r = this.derivative(n.k, c);
      this.derivatives[c][x] = r;
      return r;
    }
    return super.derivative(x, c);
  }
}

/** The routes of thread x on class c: [{ w (the thread after), tags (crossed), guard (BDD) }]. */
function routes(graph, builder, x, c, tags, guard, out) {
  const n = graph.nodes[x];
  switch (n.op) {
    case "atom":
      if (builder.classes[c].member[n.set]) out.push({ w: n.k, tags, guard });
      return;
    case "tag":
      routes(graph, builder, n.k, c, [...tags, n.tag], guard, out);
      return;
    case "or":
      for (const y of n.xs) if (graph.spine.has(y)) routes(graph, builder, y, c, tags, guard, out);
      return;
    case "and": {
      let g = guard;
      let spine = -1;
      for (const y of n.xs) {
        if (graph.spine.has(y)) {
          if (spine >= 0) throw new Error("tdfa: an intersection of two parse continuations");
          spine = y;
          continue;
        }
        g = builder.bdd.and(g, builder.derivative(y, c));
        if (g === 0) return;
      }
      if (spine >= 0) routes(graph, builder, spine, c, tags, g, out);
      return;
    }
    case "ref":
      routes(graph, builder, n.def, c, tags, guard, out);
      return;
    default:
      return; // END, T, F: nothing more to read
  }
}

/** The routes from thread x to the end of the input, guards evaluated there: [tags]. */
function endRoutes(graph, builder, x, tags, out) {
  const n = graph.nodes[x];
  switch (n.op) {
    case "END":
      out.push(tags);
      return;
    case "tag":
      endRoutes(graph, builder, n.k, [...tags, n.tag], out);
      return;
    case "or":
      for (const y of n.xs) if (graph.spine.has(y)) endRoutes(graph, builder, y, tags, out);
      return;
    case "and":
      for (const y of n.xs) if (!graph.spine.has(y) && !builder.nullable(y)) return;
      for (const y of n.xs) if (graph.spine.has(y)) endRoutes(graph, builder, y, tags, out);
      return;
    case "ref":
      endRoutes(graph, builder, n.def, tags, out);
      return;
    default:
      return;
  }
}

/** The spine variables a BDD depends on, in order. */
function threadsOf(graph, bdd, f) {
  return [...bdd.support(f)].filter((v) => graph.spine.has(v)).sort((a, b) => a - b);
}

/**
 * Builds the tagged DFA of one start node; `localOf` numbers the tags it records (graph tag -> 0..n-1).
 * Returns { states, start, trans (row per state: target or -1), ops (row per state: op key or ""),
 *           finals (per state: null or [per tag: register name, "end" or "unset"]), registers }.
 */
export function determinize(graph, builder, startNode, localOf, limit = 100_000) {
  const tagCount = localOf.size;
  const local = (t) => {
    const l = localOf.get(t);
    if (l === undefined) throw new Error(`tdfa: tag ${t} is not one of this start rule's`);
    return l;
  };
  const bdd = builder.bdd;
  const K = builder.classes.length;
  const states = [];
  const index = new Map();

  // A new state from threads [{ w, cond, src: Map tag -> "p" | register name }] (absent: unset).
  const add = (threads) => {
    threads.sort((a, b) => a.w - b.w || a.cond - b.cond);
    const reg = threads.map(() => new Array(tagCount));
    const ops = [];
    const perThread = [];
    for (let t = 0; t < tagCount; t++) {
      const srcs = threads.map((th) => th.src.get(t) ?? "-");
      const distinct = [...new Set(srcs)];
      if (distinct.length === 1) {
        const home = `${t}.0`;
        for (const r of reg) r[t] = home;
        if (distinct[0] !== home) ops.push([home, distinct[0] === "-" ? "reset" : distinct[0]]);
        continue;
      }
      const named = new Map(distinct.filter((x) => x !== "-").map((x, k) => [x, `${t}.${k}`]));
      srcs.forEach((x, i) => (reg[i][t] = x === "-" ? "-" : named.get(x)));
      for (const [x, r] of named) if (x !== r) ops.push([r, x]);
      perThread.push(`${t}:${srcs.map((x) => (x === "-" ? "-" : named.get(x))).join("/")}`);
    }
    const key = `${threads.map((t) => `${t.w}/${t.cond}`).join(";")}|${perThread.join(" ")}`;
    let id = index.get(key);
    if (id === undefined) {
      id = states.length;
      index.set(key, id);
      states.push({ threads: threads.map((t, i) => ({ w: t.w, cond: t.cond, reg: reg[i] })), trans: null, ops: null, final: null });
      if (states.length > limit) throw new Error(`tdfa: more than ${limit} states`);
    }
    return { id, ops: ops.map(([d, s]) => `${d}=${s}`).sort().join(" ") };
  };

  const start = add(threadsOf(graph, bdd, builder.states[builder.rootState(startNode)]).map((w) => ({ w, cond: 1, src: new Map() }))).id;
  for (let i = 0; i < states.length; i++) {
    const S = states[i];
    S.trans = new Array(K).fill(-1);
    S.ops = new Array(K).fill("");
    for (let c = 0; c < K; c++) {
      const next = new Map(); // thread -> [{ cond, src, key }]
      for (const th of S.threads) {
        const cond = builder.step(th.cond, c);
        if (cond === 0) continue;
        const rs = [];
        routes(graph, builder, th.w, c, [], 1, rs);
        for (const r of rs) {
          const rc = bdd.and(cond, r.guard);
          if (rc === 0) continue;
          const src = new Map();
          th.reg.forEach((name, t) => {
            if (name !== "-") src.set(t, name);
          });
          for (const t of r.tags) src.set(local(t), "p");
          const key = [...src].sort((a, b) => a[0] - b[0]).join(";");
          let list = next.get(r.w);
          if (!list) next.set(r.w, (list = []));
          const same = list.find((x) => x.key === key);
          if (same) same.cond = bdd.or(same.cond, rc);
          else list.push({ cond: rc, src, key });
        }
      }
      if (next.size === 0) continue;
      const threads = [];
      for (const [w, list] of next) for (const x of list) threads.push({ w, cond: x.cond, src: x.src });
      const { id, ops } = add(threads);
      S.trans[c] = id;
      S.ops[c] = ops;
    }
    // Accepting: the one thread the end of the input accepts, and the tags its end route crosses.
    const accepted = S.threads.filter((t) => builder.nullable(t.w) && bdd.evaluate(t.cond, (v) => builder.nullable(v)));
    if (accepted.length > 1) throw new Error(`tdfa: ${accepted.length} threads accept at the end of the input (the grammar is ambiguous here)`);
    if (accepted.length === 1) {
      const ends = [];
      endRoutes(graph, builder, accepted[0].w, [], ends);
      const distinct = new Set(ends.map((e) => [...e].sort((a, b) => a - b).join(",")));
      if (distinct.size !== 1) throw new Error(`tdfa: ${distinct.size} different routes to the end of the input`);
      const atEnd = new Set(ends[0].map(local));
      S.final = accepted[0].reg.map((r, t) => (atEnd.has(t) ? "end" : r === "-" ? "unset" : r));
    }
  }
  return { states, start };
}

/**
 * Removes dead states, minimises, numbers the registers and writes the tables.
 * Returns { count, start, K, trans: Int32Array (state * K + class -> state, 0 = reject), ops: Int32Array
 * (same index -> its operations' number, 0 = none), opLists (number -> [[register, source], ...] in
 * the order they run; source -1 = the position, -2 = -1), finals: Int32Array (state * tagCount + tag -> register, -1 = end, -2 = unset;
 * row of -3 = not accepting), registers }.
 */
export function tables({ states, start }, K, tagCount, slots) {
  // Dead states: no accepting state reachable.
  const preds = states.map(() => []);
  states.forEach((S, i) => S.trans.forEach((t) => t >= 0 && preds[t].push(i)));
  const alive = new Uint8Array(states.length);
  const queue = [];
  states.forEach((S, i) => S.final && (alive[i] = 1) && queue.push(i));
  while (queue.length > 0) for (const s of preds[queue.pop()]) if (!alive[s]) (alive[s] = 1), queue.push(s);
  if (!alive[start]) throw new Error("tdfa: the start rule accepts nothing");
  for (const S of states) for (let c = 0; c < K; c++) if (S.trans[c] >= 0 && !alive[S.trans[c]]) (S.trans[c] = -1), (S.ops[c] = "");

  // Moore minimisation: blocks by final outputs, split by (target block, operations) per class.
  const liveIds = states.map((_, i) => i).filter((i) => alive[i]);
  const ids = new Map();
  let block = new Int32Array(states.length).fill(-1);
  for (const i of liveIds) {
    const k = states[i].final ? states[i].final.join(",") : "-";
    if (!ids.has(k)) ids.set(k, ids.size);
    block[i] = ids.get(k);
  }
  let count = ids.size;
  for (;;) {
    const next = new Int32Array(states.length).fill(-1);
    const keys = new Map();
    for (const i of liveIds) {
      const S = states[i];
      let key = `${block[i]}`;
      for (let c = 0; c < K; c++) key += `,${S.trans[c] < 0 ? -1 : block[S.trans[c]]}/${S.ops[c]}`;
      if (!keys.has(key)) keys.set(key, keys.size);
      next[i] = keys.get(key);
    }
    block = next;
    if (keys.size === count) break;
    count = keys.size;
  }

  // Number the states (0: reject, then in order of first appearance from the start) and registers.
  const order = new Map();
  const rep = [];
  const visit = [start];
  order.set(block[start], 1);
  rep[1] = start;
  while (visit.length > 0) {
    const i = visit.shift();
    for (const t of states[i].trans) {
      if (t < 0 || order.has(block[t])) continue;
      order.set(block[t], order.size + 1);
      rep[order.size] = t;
      visit.push(t);
    }
  }
  const n = order.size + 1;
  // Registers: the home register of tag t is its slot in the capture array (so that at the end
  // most values are already where the builder reads them); the others come after the slots.
  const registerIds = new Map();
  let nextRegister = Math.max(1, ...slots) + 1;
  const reg = (name) => {
    if (!registerIds.has(name)) {
      const [t, k] = name.split(".");
      registerIds.set(name, k === "0" ? slots[Number(t)] : nextRegister++);
    }
    return registerIds.get(name);
  };
  const trans = new Int32Array(n * K);
  const opsAt = new Int32Array(n * K);
  const opLists = [[]]; // case number -> [[dst, src], ...] in execution order (src: register, -1 the position, -2 unset)
  const opIndex = new Map([["", 0]]);
  // Per state: -1 (not accepting) or the offset in fixups of [count, slot, source, ...]: the values
  // that are not in their home register at the end (source: a register, -1 the end, -2 unset).
  const accept = new Int32Array(n).fill(-1);
  const fixups = [0];
  const fixupIndex = new Map();
  for (let s = 1; s < n; s++) {
    const S = states[rep[s]];
    for (let c = 0; c < K; c++) {
      const t = S.trans[c];
      if (t < 0) continue;
      trans[s * K + c] = order.get(block[t]);
      const key = S.ops[c];
      if (!opIndex.has(key)) {
        opIndex.set(key, opLists.length);
        const seq = sequential(key.split(" ").map((x) => x.split("=")));
        opLists.push(seq.map(([d, src]) => [reg(d), src === "p" ? -1 : src === "reset" ? -2 : reg(src)]));
      }
      opsAt[s * K + c] = opIndex.get(key);
    }
    if (S.final) {
      const list = [];
      S.final.forEach((r, t) => {
        const source = r === "end" ? -1 : r === "unset" ? -2 : reg(r);
        if (source !== slots[t]) list.push(slots[t], source);
      });
      const key = list.join(",");
      if (!fixupIndex.has(key)) (fixupIndex.set(key, fixups.length), fixups.push(list.length / 2, ...list));
      accept[s] = fixupIndex.get(key);
    }
  }
  reg("scratch");
  return { count: n, start: 1, K, trans, ops: opsAt, opLists, accept, fixups: Int32Array.from(fixups), registers: nextRegister };
}

/**
 * Orders parallel register assignments (dst <- src) so that each source is read before it is
 * overwritten; a cycle goes through a scratch register, "scratch".
 */
function sequential(assignments) {
  const pending = assignments.map(([d, s]) => [d, s]);
  const out = [];
  while (pending.length > 0) {
    const i = pending.findIndex(([d]) => !pending.some(([, s]) => s === d));
    if (i >= 0) {
      out.push(pending.splice(i, 1)[0]);
      continue;
    }
    // A cycle: save one destination first.
    const [d] = pending[0];
    out.push(["scratch", d]);
    for (const p of pending) if (p[1] === d) p[1] = "scratch";
  }
  return out;
}
