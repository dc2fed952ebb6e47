// Reduced ordered binary decision diagrams: the canonical form of a DFA state.
//
// A state of the scanner's DFA is a boolean function of continuation nodes ("the rest of the input
// is in L(K1), and not in L(K2), or ..."). Two states are merged when their functions are equal,
// and the BDD makes that an identity test. Variables are continuation node ids, ordered by id.
// 0 is false, 1 is true; other nodes are (variable, low, high).

export class Bdd {
  constructor() {
    this.variable = [Infinity, Infinity];
    this.low = [0, 1];
    this.high = [0, 1];
    this.unique = new Map(); // variable -> Map(low * 2^26 + high -> node)
    this.iteCache = new Map(); // f -> Map(g * 2^26 + h -> node)
  }

  get size() {
    return this.variable.length;
  }

  node(v, lo, hi) {
    if (lo === hi) return lo;
    let byVar = this.unique.get(v);
    if (!byVar) this.unique.set(v, (byVar = new Map()));
    const key = lo * 67108864 + hi;
    let id = byVar.get(key);
    if (id === undefined) {
      id = this.variable.length;
      if (id >= 67108864) throw new Error("scanner: BDD too large");
      this.variable.push(v);
      this.low.push(lo);
      this.high.push(hi);
      byVar.set(key, id);
    }
    return id;
  }

  /** The function that is true exactly when variable v is. */
  var(v) {
    return this.node(v, 0, 1);
  }

  /** if f then g else h */
  ite(f, g, h) {
    if (f === 1) return g;
    if (f === 0) return h;
    if (g === h) return g;
    if (g === 1 && h === 0) return f;
    let byF = this.iteCache.get(f);
    if (!byF) this.iteCache.set(f, (byF = new Map()));
    const key = g * 67108864 + h;
    const known = byF.get(key);
    if (known !== undefined) return known;
    const V = this.variable;
    const v = Math.min(V[f], V[g], V[h]);
    const f0 = V[f] === v ? this.low[f] : f;
    const f1 = V[f] === v ? this.high[f] : f;
    const g0 = V[g] === v ? this.low[g] : g;
    const g1 = V[g] === v ? this.high[g] : g;
    const h0 = V[h] === v ? this.low[h] : h;
    const h1 = V[h] === v ? this.high[h] : h;
    const r = this.node(v, this.ite(f0, g0, h0), this.ite(f1, g1, h1));
    byF.set(key, r);
    return r;
  }

  and(a, b) {
    return this.ite(a, b, 0);
  }

  or(a, b) {
    return this.ite(a, 1, b);
  }

  not(a) {
    return this.ite(a, 0, 1);
  }

  /** The value of f when each variable v has the value value(v). */
  evaluate(f, value) {
    while (f > 1) f = value(this.variable[f]) ? this.high[f] : this.low[f];
    return f === 1;
  }

  /** The variables f depends on. */
  support(f, out = new Set(), seen = new Set()) {
    if (f <= 1 || seen.has(f)) return out;
    seen.add(f);
    out.add(this.variable[f]);
    this.support(this.low[f], out, seen);
    this.support(this.high[f], out, seen);
    return out;
  }
}
