// The trace: a small interpreter of a revision's PEG, as peggy's parser runs it, that records each
// decision as a step. It reads the grammar the site build ships (data/<spec>.json: every rule's
// expression tree as peggy's own grammar parser reads grammar/<spec>/grammar.peggy, each node with its
// offsets in that file), so every step names a rule of the grammar file and the exact piece of it
// (an alternative, a loop, a literal) that the step took.
//
// Semantics are peggy 3's generated parser, without memoisation (which changes no result):
//   - a choice tries its alternatives in order and commits to the first that matches;
//   - a sequence fails as soon as one item fails, and gives back what it had read;
//   - `e?`, `e*`, `e+`, `e|n..m|` are greedy and never give back an iteration;
//   - `&e`, `!e` read nothing; failures inside them are silent (peggy's peg$silentFails);
//   - every other failed literal, class or `.` at offset p counts towards the error: peggy reports the
//     farthest such p (peg$maxFailPos), and, when the start rule matched only a prefix, "end of input"
//     expected where it stopped.
// The library's parse() runs a compiled scanner instead (scripts/compile-scanner.mjs); it accepts
// exactly the same inputs, and its error offset is the first character after which nothing can be
// accepted, never before peggy's farthest failure (docs/architecture.md, "The scanner"). The trace
// page shows both offsets and says why they differ where they do.
//
// Steps are stored column-wise in typed arrays, so that a trace moves from the worker to the page
// without copying (transferable buffers), and a trace of a few hundred thousand steps stays small.
import type { PegExpr, RevisionData } from "./data";

/** What a step is. A step that opens an attempt (ENTER, TRY, ITER, LOOK) has a closing step (`pair`). */
export const Step = {
  /** A rule is entered at `pos` (node: the reference that called it, -1 for the start rule; arg: the caller's ENTER step, -1 for the start rule). */
  ENTER: 0,
  /** The rule matched [pos, end). */
  MATCH: 1,
  /** The rule failed at pos (what it had read is given back). */
  FAIL: 2,
  /** Alternative `arg` (0-based) of an ordered choice is tried at pos (node: the alternative). */
  TRY: 3,
  /** The alternative matched [pos, end): the choice commits to it, later alternatives are never tried. */
  COMMIT: 4,
  /** The alternative failed: the next one is tried from the same offset. */
  ALT_FAIL: 5,
  /** Every alternative of the choice failed (node: the choice). */
  NO_ALT: 6,
  /** Iteration `arg` (1-based) of a repetition starts at pos (node: the repetition). */
  ITER: 7,
  /** The iteration matched [pos, end). */
  ITER_OK: 8,
  /** The iteration failed: the loop stops there (it never gives back an earlier iteration). */
  ITER_FAIL: 9,
  /** The repetition ends with `arg` iterations, [pos, end). */
  LOOP_END: 10,
  /** The repetition failed: `arg` iterations, fewer than its minimum. */
  LOOP_FAIL: 11,
  /** An optional part is absent (node: the option). */
  OPT_SKIP: 12,
  /** A lookahead starts at pos (node: the `&` or `!`); it reads nothing. */
  LOOK: 13,
  /** The lookahead holds. */
  LOOK_OK: 14,
  /** The lookahead does not hold. */
  LOOK_FAIL: 15,
  /** A literal, class or `.` matched [pos, end). */
  TERM_OK: 16,
  /** A literal, class or `.` failed at pos; `arg` has FLAG_SILENT inside a lookahead. */
  TERM_FAIL: 17,
  /** The start rule matched [0, pos) but the input goes on: peggy expects the end of the input at pos. */
  END_FAIL: 18,
} as const;
export type StepKind = (typeof Step)[keyof typeof Step];

/** Bit of `arg` on a TERM_FAIL step: the failure was inside a lookahead, so it does not count towards the error. */
export const FLAG_SILENT = 1;

/** The longest input traced: a trace is a lesson, and a lesson of a 2 MB input is unreadable (and slow). */
export const TRACE_INPUT_LIMIT = 2000;
/** Steps kept: past this the run goes on (the outcome is still exact) but records nothing more. */
export const TRACE_STEP_LIMIT = 400_000;

/** A revision's PEG, numbered: nodes in depth-first order, rule by rule (the order of the file). */
export interface TraceGrammar {
  spec: string;
  /** Peggy rule names, in the order of the file. */
  rules: string[];
  ruleIndex: Map<string, number>;
  ruleExpr: PegExpr[];
  nodes: PegExpr[];
  /** The rule each node belongs to. */
  nodeRule: number[];
  /** The enclosing node (-1 for a rule's root expression). */
  nodeParent: number[];
  id: Map<PegExpr, number>;
}

export function traceGrammar(data: RevisionData): TraceGrammar {
  const rules = Object.keys(data.peg);
  const g: TraceGrammar = { spec: data.spec, rules, ruleIndex: new Map(rules.map((r, i) => [r, i])), ruleExpr: [], nodes: [], nodeRule: [], nodeParent: [], id: new Map() };
  const visit = (e: PegExpr, rule: number, parent: number) => {
    const id = g.nodes.length;
    g.nodes.push(e);
    g.nodeRule.push(rule);
    g.nodeParent.push(parent);
    g.id.set(e, id);
    for (const c of children(e)) visit(c, rule, id);
  };
  rules.forEach((name, i) => {
    const expr = data.peg[name].expr;
    g.ruleExpr.push(expr);
    visit(expr, i, -1);
  });
  return g;
}

export function children(e: PegExpr): PegExpr[] {
  switch (e.t) {
    case "seq":
    case "choice":
      return e.items;
    case "opt":
    case "star":
    case "plus":
    case "rep":
    case "and":
    case "not":
      return [e.e];
    default:
      return [];
  }
}

/** The columns of a trace, in the order push() takes them. */
export const COLUMNS = ["kind", "node", "rule", "pos", "end", "arg", "depth", "frame", "pair"] as const;

/**
 * The columns of a trace (one entry per step): kind (a Step), node (the piece of the grammar, -1
 * for none), rule, pos and end (offsets), arg (alternative index, iteration number, count, or
 * flags: see each kind), depth, frame (the ENTER step of the rule the step is in, its own index for
 * an ENTER step), pair (for an opening step its closing step, for a closing step its opening step;
 * -1 otherwise, and for an attempt the step limit cut).
 */
export type TraceSteps = Record<(typeof COLUMNS)[number], Int32Array>;

export interface TraceResult {
  spec: string;
  /** Peggy name of the start rule. */
  startRule: string;
  input: string;
  ok: boolean;
  /** Where the start rule's match ended (-1: it failed). */
  matchEnd: number;
  /** Peggy's error offset: the farthest failure that counts (0 when the input is accepted). */
  farthest: number;
  /** The steps that failed at the farthest offset and count (what peggy lists as expected), in order. */
  deciding: number[];
  count: number;
  /** The step limit was reached: later steps were run but not recorded. */
  cut: boolean;
  steps: TraceSteps;
}

class Columns {
  n = 0;
  cap: number;
  cut = false;
  /** The columns in the order of COLUMNS. */
  arrays: Int32Array[];
  constructor(private readonly limit: number) {
    this.cap = Math.min(1024, limit);
    this.arrays = COLUMNS.map(() => new Int32Array(this.cap));
  }
  private grow(): void {
    const cap = Math.min(this.cap * 2, this.limit);
    this.arrays = this.arrays.map((a) => {
      const bigger = new Int32Array(cap);
      bigger.set(a);
      return bigger;
    });
    this.cap = cap;
  }
  /** Records a step (frame -2: the step's own index); -1 once the limit is reached. */
  push(kind: StepKind, node: number, rule: number, pos: number, end: number, arg: number, depth: number, frame: number, pair: number): number {
    if (this.n === this.cap) {
      if (this.cap >= this.limit) {
        this.cut = true;
        return -1;
      }
      this.grow();
    }
    const i = this.n++;
    const [k, n, r, p, e, a, d, f, q] = this.arrays;
    k[i] = kind;
    n[i] = node;
    r[i] = rule;
    p[i] = pos;
    e[i] = end;
    a[i] = arg;
    d[i] = depth;
    f[i] = frame === -2 ? i : frame;
    q[i] = pair;
    if (pair >= 0) q[pair] = i;
    return i;
  }
  steps(): TraceSteps {
    return Object.fromEntries(COLUMNS.map((c, k) => [c, this.arrays[k].slice(0, this.n)])) as TraceSteps;
  }
}

/**
 * Runs the PEG of `g` from `startRule` (a peggy name) on `input`, recording every step. Returns
 * null for a rule the grammar does not have. The caller bounds the input (TRACE_INPUT_LIMIT).
 */
export function trace(g: TraceGrammar, startRule: string, input: string, stepLimit = TRACE_STEP_LIMIT): TraceResult | null {
  const start = g.ruleIndex.get(startRule);
  if (start === undefined) return null;
  const cols = new Columns(stepLimit);
  let depth = 0;
  let frame = -1;
  let silent = 0;
  let farthest = 0;
  // Every counted failure at the farthest offset so far (reset when a failure goes farther).
  let deciding: number[] = [];

  const fail = (step: number, pos: number) => {
    if (silent > 0) return;
    if (pos > farthest) {
      farthest = pos;
      deciding = [];
    }
    if (pos === farthest && step >= 0) deciding.push(step);
  };

  const open = (kind: StepKind, node: number, rule: number, pos: number, arg: number): number => {
    const i = cols.push(kind, node, rule, pos, pos, arg, depth, frame, -1);
    depth++;
    return i;
  };
  const close = (kind: StepKind, opened: number, node: number, rule: number, pos: number, end: number, arg: number): void => {
    depth--;
    cols.push(kind, node, rule, pos, end, arg, depth, frame, opened);
  };

  const callRule = (rule: number, via: number, pos: number): number => {
    const entered = cols.push(Step.ENTER, via, rule, pos, pos, frame, depth, -2, -1);
    const outer = frame;
    frame = entered;
    depth++;
    const end = match(g.ruleExpr[rule], pos);
    depth--;
    cols.push(end >= 0 ? Step.MATCH : Step.FAIL, via, rule, pos, end >= 0 ? end : pos, 0, depth, entered, entered);
    frame = outer;
    return end;
  };

  const ruleOf = (id: number) => g.nodeRule[id];

  const match = (e: PegExpr, pos: number): number => {
    const id = g.id.get(e)!;
    switch (e.t) {
      case "lit": {
        const n = e.v.length;
        const ok = n === 0 || (e.i ? input.substr(pos, n).toLowerCase() === e.v.toLowerCase() : input.startsWith(e.v, pos));
        if (ok) {
          cols.push(Step.TERM_OK, id, ruleOf(id), pos, pos + n, 0, depth, frame, -1);
          return pos + n;
        }
        fail(cols.push(Step.TERM_FAIL, id, ruleOf(id), pos, pos, silent > 0 ? FLAG_SILENT : 0, depth, frame, -1), pos);
        return -1;
      }
      case "class":
      case "any": {
        const ok = pos < input.length && (e.t === "any" || classMatches(e, input.charCodeAt(pos)));
        if (ok) {
          cols.push(Step.TERM_OK, id, ruleOf(id), pos, pos + 1, 0, depth, frame, -1);
          return pos + 1;
        }
        fail(cols.push(Step.TERM_FAIL, id, ruleOf(id), pos, pos, silent > 0 ? FLAG_SILENT : 0, depth, frame, -1), pos);
        return -1;
      }
      case "ref": {
        const rule = g.ruleIndex.get(e.name);
        // peggy refuses a grammar with an undefined rule: the site build could not have shipped one.
        if (rule === undefined) throw new Error(`${g.spec}: no rule ${e.name}`);
        return callRule(rule, id, pos);
      }
      case "seq": {
        let p = pos;
        for (const item of e.items) {
          p = match(item, p);
          if (p < 0) return -1;
        }
        return p;
      }
      case "choice": {
        for (let i = 0; i < e.items.length; i++) {
          const alt = e.items[i];
          const altId = g.id.get(alt)!;
          const opened = open(Step.TRY, altId, ruleOf(id), pos, i);
          const end = match(alt, pos);
          if (end >= 0) {
            close(Step.COMMIT, opened, altId, ruleOf(id), pos, end, i);
            return end;
          }
          close(Step.ALT_FAIL, opened, altId, ruleOf(id), pos, pos, i);
        }
        cols.push(Step.NO_ALT, id, ruleOf(id), pos, pos, e.items.length, depth, frame, -1);
        return -1;
      }
      case "opt": {
        const end = match(e.e, pos);
        if (end >= 0) return end;
        cols.push(Step.OPT_SKIP, id, ruleOf(id), pos, pos, 0, depth, frame, -1);
        return pos;
      }
      case "star":
      case "plus":
      case "rep": {
        const min = e.t === "star" ? 0 : e.t === "plus" ? 1 : e.min;
        const max = e.t === "rep" ? e.max : null;
        let p = pos;
        let count = 0;
        while (max === null || count < max) {
          const opened = open(Step.ITER, id, ruleOf(id), p, count + 1);
          const end = match(e.e, p);
          if (end < 0) {
            close(Step.ITER_FAIL, opened, id, ruleOf(id), p, p, count + 1);
            break;
          }
          close(Step.ITER_OK, opened, id, ruleOf(id), p, end, count + 1);
          p = end;
          count++;
        }
        if (count < min) {
          cols.push(Step.LOOP_FAIL, id, ruleOf(id), pos, pos, count, depth, frame, -1);
          return -1;
        }
        cols.push(Step.LOOP_END, id, ruleOf(id), pos, p, count, depth, frame, -1);
        return p;
      }
      case "and":
      case "not": {
        const opened = open(Step.LOOK, id, ruleOf(id), pos, 0);
        silent++;
        const end = match(e.e, pos);
        silent--;
        const holds = e.t === "and" ? end >= 0 : end < 0;
        close(holds ? Step.LOOK_OK : Step.LOOK_FAIL, opened, id, ruleOf(id), pos, pos, 0);
        return holds ? pos : -1;
      }
    }
  };

  const end = callRule(start, -1, 0);
  if (end >= 0 && end < input.length) {
    // peggy: the start rule matched a prefix; "end of input" is expected where it stopped.
    fail(cols.push(Step.END_FAIL, -1, start, end, end, 0, 0, -1, -1), end);
  }
  const ok = end === input.length;
  return {
    spec: g.spec,
    startRule,
    input,
    ok,
    matchEnd: end,
    farthest: ok ? 0 : farthest,
    deciding: ok ? [] : deciding,
    count: cols.n,
    cut: cols.cut,
    steps: cols.steps(),
  };
}

/** A character class on one UTF-16 code unit, as peggy's generated regular expression tests `input.charAt(pos)`. */
function classMatches(e: PegExpr & { t: "class" }, code: number): boolean {
  let inside = false;
  for (const part of e.parts) {
    if (typeof part === "string") {
      if (code === part.charCodeAt(0)) inside = true;
    } else if (code >= part[0].charCodeAt(0) && code <= part[1].charCodeAt(0)) inside = true;
    if (inside) break;
  }
  if (e.i && !inside) {
    // Not used by the grammars today; peggy compiles an ignore-case class to a regular expression with the i flag.
    const c = String.fromCharCode(code);
    inside = [c.toLowerCase(), c.toUpperCase()].some((x) => x !== c && classMatches({ ...e, i: false }, x.charCodeAt(0)));
  }
  return e.inv ? !inside : inside;
}

/** The buffers of a trace's columns (to transfer them from a worker without copying). */
export function stepBuffers(s: TraceSteps): ArrayBuffer[] {
  return COLUMNS.map((c) => s[c].buffer as ArrayBuffer);
}
