// PEG -> continuation graph: the exact language of a PEG expression, written with the regular
// operations a DFA construction can take derivatives of.
//
// A PEG expression e does not denote a set of strings but a deterministic action: from a position
// it either fails or consumes one definite prefix. So each expression is compiled together with its
// continuation K (the language the rest of the input must belong to, from where e stops):
//
//   C(e, K) = the strings w such that e succeeds on w, consuming a prefix u, and the rest of w is in K.
//
// dom(e) = C(e, T), with T every string: "e succeeds here". The rules follow from PEG semantics
// (Ford 2004), with no backtracking into an expression that succeeded:
//
//   C("abc", K)     = a·b·c·K                     (an atom: one character class, then a continuation)
//   C(e1 e2, K)     = C(e1, C(e2, K))
//   C(e1 / e2, K)   = C(e1, K) ∪ (¬dom(e1) ∩ C(e2, K))   (e2 only where e1 fails)
//   C(e?, K)        = C(e, K) ∪ (¬dom(e) ∩ K)
//   C(e*, K)        = X  where  X = C(e, X) ∪ (¬dom(e) ∩ K)   (greedy: stop only where e fails)
//   C(e|m..n|, K)   = m copies of e, then n-m levels of e? whose "stop" branch is K
//   C(&e, K)        = dom(e) ∩ K
//   C(!e, K)        = ¬dom(e) ∩ K
//
// Every operation is boolean or "one character, then a continuation", so derivatives stay inside
// the graph (src: scripts/scanner/dfa.mjs). The loop variable X is guarded: peggy refuses a
// repetition whose body can match the empty string, so X is reached only after a character.
//
// Nodes are hash-consed. Atoms compiled for the parse itself (the "spine", as opposed to the guards
// inside dom(...)) remember the stack of rules (published names) they were compiled under, so that
// a DFA state can name the rule being tried when the input stops matching.
import { ANY, literalChar, peggyClass, setKey } from "./charsets.mjs";

export const F = 0;
export const T = 1;
export const END = 2;

export class ContinuationGraph {
  /**
   * @param rules Map pegName -> peggy expression (the grammar's rules)
   * @param publishedNames Map pegName -> the name errors show (published name, or the helper's name)
   */
  constructor(rules, publishedNames) {
    this.rules = rules;
    this.publishedNames = publishedNames;
    /** node objects: { op: "F" | "T" | "END" | "atom" | "and" | "or" | "not" | "ref", ... } */
    this.nodes = [];
    this.cons = new Map();
    /** node ids built for the parse itself (not inside a dom(...) guard) */
    this.spine = new Set();
    /** interned character sets: id -> ranges */
    this.sets = [];
    this.setIds = new Map();
    /** @type {{ parent: number; name: string | null }[]} interned rule stacks: id -> { parent, name }; 0 is the empty stack */
    this.stacks = [{ parent: -1, name: null }];
    this.stackIds = new Map();
    this.guardMemo = new Map();
    this.spineMemo = new Map();
    this.starOf = new WeakMap();
    this.make("F", { op: "F" });
    this.make("T", { op: "T" });
    this.make("END", { op: "END" });
  }

  make(key, node) {
    let id = this.cons.get(key);
    if (id === undefined) {
      id = this.nodes.length;
      this.nodes.push(node);
      this.cons.set(key, id);
    }
    return id;
  }

  setId(set) {
    const key = setKey(set);
    let id = this.setIds.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.sets.push(set);
      this.setIds.set(key, id);
    }
    return id;
  }

  pushStack(stack, name) {
    const key = `${stack}\u0000${name}`;
    let id = this.stackIds.get(key);
    if (id === undefined) {
      id = this.stacks.length;
      this.stacks.push({ parent: stack, name });
      this.stackIds.set(key, id);
    }
    return id;
  }

  /** The rule names of a stack, outermost first. */
  stackNames(stack) {
    const out = [];
    for (let s = stack; s > 0; s = this.stacks[s].parent) out.push(this.stacks[s].name);
    return out.reverse();
  }

  atom(set, k, stack) {
    if (k === F) return F;
    const id = this.make(`a${set},${k},${stack}`, { op: "atom", set, k, stack });
    if (stack >= 0) this.spine.add(id);
    return id;
  }

  nary(op, xs, spine) {
    const unit = op === "and" ? T : F;
    const zero = op === "and" ? F : T;
    const set = new Set();
    for (const x of xs) {
      if (x === zero) return zero;
      if (x === unit) continue;
      const n = this.nodes[x];
      if (n.op === op) for (const y of n.xs) set.add(y);
      else set.add(x);
    }
    for (const x of set) {
      const n = this.nodes[x];
      if (n.op === "not" && set.has(n.a)) return zero;
    }
    const ids = [...set].sort((a, b) => a - b);
    if (ids.length === 0) return unit;
    if (ids.length === 1) return ids[0];
    const id = this.make(`${op}${ids.join(",")}`, { op, xs: ids });
    if (spine) this.spine.add(id);
    return id;
  }

  and(xs, spine) {
    return this.nary("and", xs, spine);
  }

  or(xs, spine) {
    return this.nary("or", xs, spine);
  }

  not(a) {
    if (a === T) return F;
    if (a === F) return T;
    const n = this.nodes[a];
    if (n.op === "not") return n.a;
    return this.make(`!${a}`, { op: "not", a });
  }

  newRef(spine) {
    const id = this.nodes.length;
    this.nodes.push({ op: "ref", def: null });
    if (spine) this.spine.add(id);
    return id;
  }

  /** dom(e) = C(e, T): "e succeeds here". Compiled once per expression (context-free). */
  dom(e) {
    return this.compile(e, T, -1);
  }

  /** C(rule, END) for a start rule: the rule succeeds and the input ends where it stops. */
  startRule(pegName) {
    return this.compile({ type: "rule_ref", name: pegName }, END, 0);
  }

  /**
   * C(e, K). `stack` >= 0: compiling the parse itself under that rule stack; -1: inside a guard.
   * Memoised per (expression, continuation, stack).
   */
  compile(e, K, stack) {
    const memo = stack < 0 ? this.guardMemo : this.spineMemo;
    let byExpr = memo.get(e);
    if (!byExpr) memo.set(e, (byExpr = new Map()));
    const key = stack < 0 ? K : `${K},${stack}`;
    const known = byExpr.get(key);
    if (known !== undefined) return known;
    const id = this.compileUncached(e, K, stack);
    byExpr.set(key, id);
    return id;
  }

  compileUncached(e, K, stack) {
    const spine = stack >= 0;
    switch (e.type) {
      case "literal": {
        let k = K;
        for (let i = e.value.length - 1; i >= 0; i--) k = this.atom(this.setId(literalChar(e.value.charCodeAt(i), e.ignoreCase)), k, stack);
        return k;
      }
      case "class":
        return this.atom(this.setId(peggyClass(e)), K, stack);
      case "any":
        return this.atom(this.setId(ANY), K, stack);
      case "sequence": {
        let k = K;
        for (let i = e.elements.length - 1; i >= 0; i--) k = this.compile(e.elements[i], k, stack);
        return k;
      }
      case "choice": {
        const parts = [];
        const guards = [];
        for (const alt of e.alternatives) {
          parts.push(this.and([...guards, this.compile(alt, K, stack)], spine));
          guards.push(this.not(this.dom(alt)));
        }
        return this.or(parts, spine);
      }
      case "optional":
        return this.or([this.compile(e.expression, K, stack), this.and([this.not(this.dom(e.expression)), K], spine)], spine);
      case "zero_or_more": {
        const X = this.newRef(spine);
        this.nodes[X].def = this.or([this.compile(e.expression, X, stack), this.and([this.not(this.dom(e.expression)), K], spine)], spine);
        return X;
      }
      case "one_or_more":
        return this.compile(e.expression, this.compile(this.star(e), K, stack), stack);
      case "repeated": {
        if (e.delimiter) throw new Error("scanner: repetition with a delimiter is not supported");
        // peggy: `e|n|` has no min (exactly n); `e|m..|` has a max whose value is null (no bound).
        const max = constant(e.max, null);
        const min = e.min === null ? max : constant(e.min, 0);
        let k;
        if (max === null) {
          k = this.compile(this.star(e), K, stack);
        } else {
          // level j: at most j more iterations; each level stops (K) only where e fails.
          k = K;
          for (let j = 1; j <= max - min; j++) k = this.or([this.compile(e.expression, k, stack), this.and([this.not(this.dom(e.expression)), K], spine)], spine);
        }
        for (let i = 0; i < min; i++) k = this.compile(e.expression, k, stack);
        return k;
      }
      case "simple_and":
        return this.and([this.dom(e.expression), K], spine);
      case "simple_not":
        return this.and([this.not(this.dom(e.expression)), K], spine);
      case "group":
      case "labeled":
      case "text":
      case "named":
      case "action":
        return this.compile(e.expression, K, stack);
      case "rule_ref": {
        const body = this.rules.get(e.name);
        if (!body) throw new Error(`scanner: unknown rule ${e.name}`);
        return this.compile(body, K, spine ? this.pushStack(stack, this.publishedNames.get(e.name) ?? e.name) : stack);
      }
      default:
        throw new Error(`scanner: unsupported PEG expression "${e.type}"`);
    }
  }

  /** The `e*` that `e+` and `e|m..|` continue with (one object per expression, so it is memoised). */
  star(e) {
    let s = this.starOf.get(e);
    if (!s) this.starOf.set(e, (s = { type: "zero_or_more", expression: e.expression }));
    return s;
  }
}

function constant(bound, fallback) {
  if (bound === null || bound === undefined) return fallback;
  if (bound.type !== "constant") throw new Error("scanner: repetition bounds must be constants");
  return bound.value;
}
