// What the trace page says about a trace (lib/trace.ts), without drawing it: each step in words
// (published names only), which steps lie inside a failed attempt, what a rule's diagram should
// show at a step (the branch and loop taken so far, where it failed), and two revisions' traces
// aligned step for step with the first place they part.
import type { Revision } from "../../revisions";
import type { PegExpr } from "./data";
import { shownRule } from "./published-names";
import { ruleByPegName } from "./rules";
import { altMark, pegText } from "./railroad";
import { children, FLAG_SILENT, Step, type TraceGrammar, type TraceResult } from "./trace";

/** A rule as the trace names it: its published name, or a helper marked as one. */
export interface RuleLabel {
  name: string;
  helper: boolean;
  section: string | null;
}

export function ruleLabel(revision: Revision, pegName: string): RuleLabel {
  const rule = ruleByPegName(revision, pegName);
  if (!rule) return { name: pegName, helper: false, section: null };
  if (rule.kind !== "helper") return { name: rule.published ?? rule.pegName, helper: false, section: rule.section };
  // A helper is never shown as if published: it is named as what it stands for, marked "helper".
  const shown = shownRule(revision, rule);
  return { name: shown ? `${shown.published ?? shown.pegName} (helper)` : `${rule.pegName} (helper)`, helper: true, section: null };
}

const TEXT_MAX = 48;

/** A piece of the grammar as peggy writes it, rule names published, cut to a readable length. */
export function nodeText(revision: Revision, e: PegExpr, max = TEXT_MAX): string {
  const text = pegText(e, (n) => ruleLabel(revision, n).name.replace(/ \(helper\)$/, ""), "!.");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A piece of the input, quoted, cut to a readable length. */
export function quote(input: string, start: number, end: number, max = 32): string {
  const s = input.slice(start, end);
  const shown = s.length > max ? `${s.slice(0, max - 1)}…` : s;
  return `“${shown.replace(/[\x00-\x1f\x7f]/g, "·")}”`;
}

function charAt(input: string, pos: number): string {
  return pos >= input.length ? "the end of the input" : quote(input, pos, pos + 1);
}

/** The choice an alternative belongs to, and how many alternatives it has. */
function choiceOf(g: TraceGrammar, node: number): PegExpr & { t: "choice" } {
  return g.nodes[g.nodeParent[node]] as PegExpr & { t: "choice" };
}

/** The step in one sentence. */
export function describe(revision: Revision, g: TraceGrammar, t: TraceResult, i: number): string {
  const s = t.steps;
  const kind = s.kind[i];
  const pos = s.pos[i];
  const end = s.end[i];
  const node = s.node[i];
  const input = t.input;
  const rule = ruleLabel(revision, g.rules[s.rule[i]]).name;
  const e = node >= 0 ? g.nodes[node] : null;
  switch (kind) {
    case Step.ENTER:
      return `Enter ${rule} at offset ${pos}${s.arg[i] < 0 ? " (the start rule)" : ""}.`;
    case Step.MATCH:
      return `${rule} matched ${quote(input, pos, end)}, offsets ${pos} to ${end}.`;
    case Step.FAIL:
      return `${rule} failed at offset ${pos}.`;
    case Step.TRY: {
      const n = choiceOf(g, node).items.length;
      return `${altMark(s.arg[i] + 1)} Try alternative ${s.arg[i] + 1} of ${n} at offset ${pos}: ${nodeText(revision, e!)}`;
    }
    case Step.COMMIT: {
      const n = choiceOf(g, node).items.length;
      const rest = n - s.arg[i] - 1;
      return `${altMark(s.arg[i] + 1)} Alternative ${s.arg[i] + 1} matched ${quote(input, pos, end)}: the choice commits${rest > 0 ? ` (alternative${rest > 1 ? "s" : ""} ${s.arg[i] + 2}${rest > 1 ? `–${n}` : ""} never tried)` : ""}.`;
    }
    case Step.ALT_FAIL: {
      const n = choiceOf(g, node).items.length;
      return s.arg[i] + 1 < n
        ? `${altMark(s.arg[i] + 1)} Alternative ${s.arg[i] + 1} failed: back to offset ${pos} to try alternative ${s.arg[i] + 2}.`
        : `${altMark(s.arg[i] + 1)} Alternative ${s.arg[i] + 1} failed, the last one.`;
    }
    case Step.NO_ALT:
      return `None of the ${s.arg[i]} alternatives matches at offset ${pos}.`;
    case Step.ITER:
      return `Repetition ${nodeText(revision, e!)}: iteration ${s.arg[i]} at offset ${pos}.`;
    case Step.ITER_OK:
      return `Iteration ${s.arg[i]} matched ${quote(input, pos, end)}.`;
    case Step.ITER_FAIL:
      return s.arg[i] === 1
        ? `Iteration 1 fails at offset ${pos}: the loop matched nothing.`
        : `Iteration ${s.arg[i]} fails at offset ${pos}: the loop stops after ${s.arg[i] - 1} (greedy: it never gives one back).`;
    case Step.LOOP_END:
      return `The repetition ends after ${s.arg[i]} iteration${s.arg[i] === 1 ? "" : "s"}${end > pos ? `: ${quote(input, pos, end)}` : ""}.`;
    case Step.LOOP_FAIL:
      return `The repetition needs more than ${s.arg[i]} iteration${s.arg[i] === 1 ? "" : "s"}: it fails at offset ${pos}.`;
    case Step.OPT_SKIP:
      return `The optional ${nodeText(revision, e!)} is absent at offset ${pos}.`;
    case Step.LOOK:
      return `Lookahead ${nodeText(revision, e!)} at offset ${pos}: it looks without reading.`;
    case Step.LOOK_OK:
      return `The lookahead holds at offset ${pos}.`;
    case Step.LOOK_FAIL:
      return `The lookahead does not hold at offset ${pos}.`;
    case Step.TERM_OK:
      return `${nodeText(revision, e!)} matches ${quote(input, pos, end)} at offset ${pos}.`;
    case Step.TERM_FAIL: {
      const silent = (s.arg[i] & FLAG_SILENT) !== 0;
      const counts = !silent && t.deciding.includes(i);
      return `${nodeText(revision, e!)} does not match ${charAt(input, pos)} at offset ${pos}${silent ? " (inside a lookahead: it does not count for the error)" : counts ? " (the farthest failure: it names what was expected at the error)" : ""}.`;
    }
    case Step.END_FAIL:
      return `${rule} matched offsets 0 to ${pos}, but the input goes on: the end of the input was expected at offset ${pos}.`;
    default:
      return "?";
  }
}

/** Steps that open an attempt, and the closing kinds that mean it failed. */
const FAILED_CLOSE = new Set<number>([Step.FAIL, Step.ALT_FAIL, Step.ITER_FAIL]);

/**
 * Which steps lie inside a failed attempt (a rule call, an alternative or an iteration that
 * failed): hidden when "failed attempts" are off. The attempt's own opening and closing steps stay.
 */
export function insideFailure(t: TraceResult): Uint8Array {
  const s = t.steps;
  const out = new Uint8Array(t.count);
  for (let i = 0; i < t.count; i++) {
    const k = s.kind[i];
    const closing = s.pair[i];
    if ((k === Step.ENTER || k === Step.TRY || k === Step.ITER) && closing > i && FAILED_CLOSE.has(s.kind[closing])) {
      // Mark [i+1, closing) and jump past it: nested failures are inside this one.
      out.fill(1, i + 1, closing);
      i = closing;
    }
  }
  // Failed character tests outside any failed attempt (in a loop's last iteration, an option's
  // absent part) are failed attempts too.
  for (let i = 0; i < t.count; i++) if (s.kind[i] === Step.TERM_FAIL) out[i] = 1;
  return out;
}

/** The step indices shown, given the filters. */
export function visibleSteps(t: TraceResult, showFailed: boolean, showTerms: boolean, inside: Uint8Array): Int32Array {
  const out = new Int32Array(t.count);
  let n = 0;
  for (let i = 0; i < t.count; i++) {
    const k = t.steps.kind[i];
    if (!showFailed && inside[i]) continue;
    if (!showTerms && (k === Step.TERM_OK || k === Step.TERM_FAIL)) continue;
    out[n++] = i;
  }
  return out.slice(0, n);
}

/** The rule call a step belongs to, from the outermost: ENTER step indices. */
export function callStack(t: TraceResult, i: number): number[] {
  const s = t.steps;
  const out: number[] = [];
  let f = i < t.count ? s.frame[i] : -1;
  while (f >= 0) {
    out.unshift(f);
    f = s.arg[f]; // an ENTER step's arg: the caller's ENTER step
  }
  return out;
}

export type PathStatus = "ok" | "fail" | "try" | "skip";

/** What a rule's diagram shows at step `upto` of the call `frame`: a status per node, loop counts, the current node. */
export interface DiagramState {
  status: Map<number, PathStatus>;
  loops: Map<number, number>;
  current: number;
  /** The node that failed last in this call (marked ✗). */
  failedAt: number;
}

/** The size of each node's subtree (nodes are numbered depth first, so a subtree is [n, n + size)). */
export function subtreeSizes(g: TraceGrammar): Int32Array {
  const size = new Int32Array(g.nodes.length).fill(1);
  for (let n = g.nodes.length - 1; n >= 0; n--) if (g.nodeParent[n] >= 0) size[g.nodeParent[n]] += size[n];
  return size;
}

/**
 * The state of the diagram of the rule called at step `frame` (an ENTER step), after step `upto`:
 * each step of this call colours its piece of the rule (matched, failed, being tried, skipped);
 * a new iteration of a loop clears what the previous one drew inside it.
 */
export function diagramState(g: TraceGrammar, t: TraceResult, sizes: Int32Array, frame: number, upto: number): DiagramState {
  const s = t.steps;
  const status = new Map<number, PathStatus>();
  const loops = new Map<number, number>();
  let current = -1;
  let failedAt = -1;
  const last = Math.min(upto, s.pair[frame] >= 0 ? s.pair[frame] : t.count - 1);
  for (let i = frame + 1; i <= last; i++) {
    const k = s.kind[i];
    // A nested call: only its ENTER and its end concern this diagram (the reference's box).
    if (k === Step.ENTER) {
      if (s.arg[i] !== frame) continue;
      status.set(s.node[i], "try");
      if (i === upto) current = s.node[i];
      const closing = s.pair[i];
      if (closing >= 0 && closing <= upto) {
        const ok = s.kind[closing] === Step.MATCH;
        status.set(s.node[i], ok ? "ok" : "fail");
        if (!ok) failedAt = s.node[i];
        if (closing === upto) current = s.node[i];
        i = closing;
      } else break; // the current step is inside the call
      continue;
    }
    if (s.frame[i] !== frame || k === Step.MATCH || k === Step.FAIL) continue;
    const node = s.node[i];
    if (i === upto) current = node;
    switch (k) {
      case Step.TRY:
        status.set(node, "try");
        break;
      case Step.COMMIT:
        status.set(node, "ok");
        break;
      case Step.ALT_FAIL:
        status.set(node, "fail");
        break;
      case Step.NO_ALT:
      case Step.LOOP_FAIL:
      case Step.LOOK_FAIL:
      case Step.TERM_FAIL:
        status.set(node, "fail");
        failedAt = node;
        break;
      case Step.ITER:
        // A new iteration: what the previous one drew inside the loop is cleared.
        for (let n = node + 1; n < node + sizes[node]; n++) status.delete(n);
        loops.set(node, s.arg[i]);
        status.set(node, "try");
        break;
      case Step.ITER_FAIL:
        loops.set(node, s.arg[i] - 1);
        break;
      case Step.LOOP_END:
        loops.set(node, s.arg[i]);
        status.set(node, "ok");
        break;
      case Step.OPT_SKIP:
        status.set(node, "skip");
        break;
      case Step.LOOK:
        status.set(node, "try");
        break;
      case Step.LOOK_OK:
      case Step.TERM_OK:
        status.set(node, "ok");
        break;
    }
  }
  // A sequence has no steps of its own: it is matched when its last item is, failed when one failed.
  const rootNode = g.id.get(g.ruleExpr[s.rule[frame]])!;
  const derive = (n: number): PathStatus | undefined => {
    const e = g.nodes[n];
    const kids = children(e).map((c) => g.id.get(c)!);
    const ks = kids.map(derive);
    if (e.t === "seq" && !status.has(n)) {
      if (ks.some((x) => x === "fail")) status.set(n, "fail");
      else if (ks.length > 0 && (ks[ks.length - 1] === "ok" || ks[ks.length - 1] === "skip")) status.set(n, "ok");
      else if (ks.some((x) => x !== undefined)) status.set(n, "try");
    }
    if (e.t === "opt" && !status.has(n) && ks[0] === "ok") status.set(n, "ok");
    return status.get(n);
  };
  derive(rootNode);
  return { status, loops, current, failedAt };
}

// ---- Two revisions side by side ----

/** The steps of a trace that are aligned with the other revision's: rule calls and their ends. */
export function ruleSteps(t: TraceResult): number[] {
  const out: number[] = [];
  for (let i = 0; i < t.count; i++) {
    const k = t.steps.kind[i];
    if (k === Step.ENTER || k === Step.MATCH || k === Step.FAIL || k === Step.END_FAIL) out.push(i);
  }
  return out;
}

/**
 * What must be equal for two steps to be aligned: kind, rule, offsets. Rules are compared by
 * published name without case (ABNF's ALPHA is the 1997 draft's alpha); a rule only one of the two
 * grammars has, or a helper, is not aligned (null).
 */
export function alignKey(revision: Revision, g: TraceGrammar, t: TraceResult, i: number, other: Revision): string | null {
  const s = t.steps;
  const k = s.kind[i];
  if (k === Step.END_FAIL) return `end ${s.pos[i]}`;
  const rule = ruleByPegName(revision, g.rules[s.rule[i]]);
  if (!rule || rule.kind === "helper" || !rule.published) return null;
  const name = rule.published.toLowerCase();
  if (!other.rules.some((r) => r.kind !== "helper" && r.published?.toLowerCase() === name)) return null;
  return `${k === Step.ENTER ? "enter" : k === Step.MATCH ? "match" : "fail"} ${name} ${s.pos[i]}${k === Step.MATCH ? `-${s.end[i]}` : ""}`;
}

/** One row of an alignment: a step of each side (-1 for none); `own`: a call of a rule only that side's grammar has. */
export interface AlignedRow {
  a: number;
  b: number;
  own?: boolean;
}

/** How far ahead the alignment looks for the next pair of equal steps after the sides part. */
const RESYNC_WINDOW = 400;

/**
 * The two step lists aligned: equal keys paired in order; where they part, the nearest pair of
 * equal keys ahead (smallest total skip, within RESYNC_WINDOW of each side) resumes the pairing.
 */
export function align(keysA: string[], stepsA: number[], keysB: string[], stepsB: number[]): AlignedRow[] {
  const rows: AlignedRow[] = [];
  let i = 0;
  let j = 0;
  while (i < keysA.length || j < keysB.length) {
    if (i < keysA.length && j < keysB.length && keysA[i] === keysB[j]) {
      rows.push({ a: stepsA[i++], b: stepsB[j++] });
      continue;
    }
    // The nearest (i + di, j + dj) with equal keys.
    let found: [number, number] | null = null;
    const positionsB = new Map<string, number[]>();
    for (let dj = 0; dj < RESYNC_WINDOW && j + dj < keysB.length; dj++) {
      const k = keysB[j + dj];
      if (!positionsB.has(k)) positionsB.set(k, []);
      positionsB.get(k)!.push(dj);
    }
    let best = Infinity;
    for (let di = 0; di < RESYNC_WINDOW && i + di < keysA.length && di < best; di++) {
      const dj = positionsB.get(keysA[i + di])?.[0];
      if (dj !== undefined && di + dj < best) {
        best = di + dj;
        found = [di, dj];
      }
    }
    const [di, dj] = found ?? [keysA.length - i, keysB.length - j];
    for (let x = 0; x < di; x++) rows.push({ a: stepsA[i + x], b: -1 });
    for (let y = 0; y < dj; y++) rows.push({ a: -1, b: stepsB[j + y] });
    i += di;
    j += dj;
  }
  return rows;
}

/**
 * Both traces' rule calls in one list: the calls of rules both grammars have, aligned (align), and
 * between them each side's calls of its own rules, in order.
 */
export function alignTraces(stepsA: number[], keysA: (string | null)[], stepsB: number[], keysB: (string | null)[]): AlignedRow[] {
  const commonA = stepsA.filter((_, i) => keysA[i] !== null);
  const commonB = stepsB.filter((_, i) => keysB[i] !== null);
  const paired = align(keysA.filter((k): k is string => k !== null), commonA, keysB.filter((k): k is string => k !== null), commonB);
  const rows: AlignedRow[] = [];
  let i = 0;
  let j = 0;
  const ownUntil = (side: "a" | "b", step: number) => {
    const steps = side === "a" ? stepsA : stepsB;
    const keys = side === "a" ? keysA : keysB;
    let k = side === "a" ? i : j;
    while (k < steps.length && (step < 0 || steps[k] < step)) {
      if (keys[k] === null) rows.push(side === "a" ? { a: steps[k], b: -1, own: true } : { a: -1, b: steps[k], own: true });
      k++;
    }
    if (side === "a") i = k;
    else j = k;
  };
  for (const row of paired) {
    if (row.a >= 0) ownUntil("a", row.a);
    if (row.b >= 0) ownUntil("b", row.b);
    rows.push(row);
    if (row.a >= 0) i++;
    if (row.b >= 0) j++;
  }
  ownUntil("a", -1);
  ownUntil("b", -1);
  return rows;
}

/** The first row where the sides part: a call of a rule both grammars have that only one side makes, or ends otherwise (-1: never). */
export function firstDivergence(rows: AlignedRow[]): number {
  return rows.findIndex((r) => !r.own && (r.a < 0 || r.b < 0));
}

// ---- Where two traces part: the first rule-level choice they make differently ----

/**
 * The rule calls a call makes directly (ENTER steps), a helper's calls in the helper's place (a
 * helper is the transcription's, not the document's: the choice inside it is its caller's).
 */
export function childCalls(revision: Revision, g: TraceGrammar, t: TraceResult, frame: number): number[] {
  const s = t.steps;
  const out: number[] = [];
  const end = s.pair[frame] >= 0 ? s.pair[frame] : t.count;
  for (let i = frame + 1; i < end; i++) {
    if (s.kind[i] !== Step.ENTER || s.arg[i] !== frame) continue;
    const rule = ruleByPegName(revision, g.rules[s.rule[i]]);
    if (rule?.kind === "helper") out.push(...childCalls(revision, g, t, i));
    else out.push(i);
    if (s.pair[i] > i) i = s.pair[i];
  }
  return out;
}

/** A call as two revisions can share it: its rule's published name (without case) and its offset. */
function callKey(revision: Revision, g: TraceGrammar, t: TraceResult, i: number): string {
  return `${ruleLabel(revision, g.rules[t.steps.rule[i]]).name.toLowerCase()} ${t.steps.pos[i]}`;
}

/** How a call ended: matched up to an offset, or failed. */
function outcome(t: TraceResult, i: number): string {
  const close = t.steps.pair[i];
  return close < 0 ? "open" : t.steps.kind[close] === Step.MATCH ? `match ${t.steps.end[close]}` : "fail";
}

/** Where two traces part: the calls both were in (ENTER steps), and the first call inside them each side makes differently (-1: that side makes no more calls there). */
export interface Parting {
  commonA: number;
  commonB: number;
  a: number;
  b: number;
}

/**
 * The first rule-level choice two revisions make differently on one input. The aligned rule calls
 * (`rows`, alignTraces) give the innermost call both made, at the same offset, before they part
 * (`parted`: firstDivergence); inside it, the calls each side makes are compared in order, and the
 * first pair that differs (another rule, another offset, or the same call ending otherwise) is where
 * they part: for http://[::1]/ under rfc3986 and draft-1997, both are in host at offset 7, where
 * rfc3986 tries IP-literal first and draft-1997 hostname.
 */
export function whereTheyPart(ra: Revision, ga: TraceGrammar, ta: TraceResult, rb: Revision, gb: TraceGrammar, tb: TraceResult, rows: AlignedRow[], parted: number): Parting | null {
  if (parted < 0) return null;
  // The innermost call open on both sides at the last paired row before they part.
  let common: AlignedRow | null = null;
  for (let r = parted - 1; r >= 0; r--) if (rows[r].a >= 0 && rows[r].b >= 0) { common = rows[r]; break; }
  const frameOf = (t: TraceResult, step: number) => (t.steps.kind[step] === Step.ENTER ? step : t.steps.arg[t.steps.frame[step]]);
  const fa = common ? frameOf(ta, common.a) : -1;
  const fb = common ? frameOf(tb, common.b) : -1;
  if (fa < 0 || fb < 0) return { commonA: -1, commonB: -1, a: 0, b: 0 };
  const ca = childCalls(ra, ga, ta, fa);
  const cb = childCalls(rb, gb, tb, fb);
  for (let i = 0; i < Math.max(ca.length, cb.length); i++) {
    const x = ca[i];
    const y = cb[i];
    if (x === undefined || y === undefined || callKey(ra, ga, ta, x) !== callKey(rb, gb, tb, y) || outcome(ta, x) !== outcome(tb, y)) return { commonA: fa, commonB: fb, a: x ?? -1, b: y ?? -1 };
  }
  // Every call inside the same: they part below the calls (in a character test).
  return { commonA: fa, commonB: fb, a: -1, b: -1 };
}

// ---- Stepping by the rules: over a call, out of it, to the next decision ----

/** Steps where the PEG decides: a choice commits or runs out, a loop stops, an option is skipped, a lookahead answers, the end is expected. */
const DECISIONS = new Set<number>([Step.COMMIT, Step.NO_ALT, Step.LOOP_END, Step.LOOP_FAIL, Step.OPT_SKIP, Step.LOOK_OK, Step.LOOK_FAIL, Step.END_FAIL]);

export function isDecision(t: TraceResult, i: number): boolean {
  return DECISIONS.has(t.steps.kind[i]);
}

/** Step over: from a step that opens an attempt (a rule call, an alternative, an iteration, a lookahead), to where it ends; else the next step. */
export function stepOver(t: TraceResult, i: number): number {
  const k = t.steps.kind[i];
  const close = t.steps.pair[i];
  if ((k === Step.ENTER || k === Step.TRY || k === Step.ITER || k === Step.LOOK) && close > i) return close;
  return Math.min(t.count - 1, i + 1);
}

/** Step out: to the end of the rule the step is in (at that end already: to the end of its caller). */
export function stepOut(t: TraceResult, i: number): number {
  const s = t.steps;
  let frame = s.kind[i] === Step.END_FAIL ? -1 : s.frame[i];
  while (frame >= 0) {
    const close = s.pair[frame];
    if (close > i) return close;
    frame = s.arg[frame];
  }
  return t.count - 1;
}

/** The next decision after step i, among the steps `shown` (sorted); i itself when there is none. */
export function nextDecision(t: TraceResult, i: number, shown: ArrayLike<number>): number {
  for (let k = 0; k < shown.length; k++) if (shown[k] > i && isDecision(t, shown[k])) return shown[k];
  return i;
}

// ---- The error's step: the rule explain() names ----

/**
 * Where the trace shows the rule explain() names for an error (published name): the innermost call
 * of that rule around the first failure that decided the error, landing on its end (what it matched,
 * or its failure); else that rule's last call ending at the farthest offset; else the first deciding
 * failure (null: no trace of an error).
 */
export function errorStep(revision: Revision, g: TraceGrammar, t: TraceResult, rule: string | null): number | null {
  if (t.ok) return null;
  const s = t.steps;
  const named = (i: number) => rule !== null && ruleLabel(revision, g.rules[s.rule[i]]).name === rule;
  const land = (frame: number) => (s.pair[frame] >= 0 ? s.pair[frame] : frame);
  for (const d of t.deciding) {
    const stack = callStack(t, d);
    for (let k = stack.length - 1; k >= 0; k--) if (named(stack[k])) return land(stack[k]);
  }
  for (let i = t.count - 1; i >= 0; i--) if (s.kind[i] === Step.MATCH && s.end[i] === t.farthest && named(i)) return i;
  return t.deciding[0] ?? t.count - 1;
}

// ---- The whole parse: a tree of the calls that matched, the failed ones folded ----

/** Steps after which the parse goes back to their offset in the same rule call (what was read past it is given back). */
const BACKTRACKS = new Set<number>([Step.ALT_FAIL, Step.NO_ALT, Step.ITER_FAIL, Step.LOOP_FAIL, Step.OPT_SKIP, Step.LOOK_OK, Step.LOOK_FAIL]);

/**
 * The rule calls that matched and were then given back (1 at their ENTER step): a call inside an
 * option, an alternative, an iteration or a lookahead that failed (or looked without reading)
 * after it, as `userinfo` matches "a" in http://a/ before `"@"` fails and the option is skipped.
 * A call is given back when a later step of its caller goes back to an offset before the call's
 * end; the calls inside a call given back are given back too.
 */
export function givenBack(t: TraceResult): Uint8Array {
  const s = t.steps;
  const out = new Uint8Array(t.count);
  // Each caller's matched calls not (yet) given back: [ENTER step, end offset].
  const pending = new Map<number, [number, number][]>();
  for (let i = 0; i < t.count; i++) {
    const k = s.kind[i];
    if (k === Step.MATCH) {
      const entered = s.pair[i];
      if (entered < 0) continue;
      const caller = s.arg[entered];
      if (caller < 0) continue;
      let list = pending.get(caller);
      if (!list) pending.set(caller, (list = []));
      list.push([entered, s.end[i]]);
    } else if (BACKTRACKS.has(k)) {
      const list = pending.get(s.frame[i]);
      if (!list) continue;
      const back = s.pos[i];
      pending.set(s.frame[i], list.filter(([entered, end]) => {
        if (end <= back) return true;
        out[entered] = 1;
        return false;
      }));
    }
  }
  // Callers come before their calls: a call inside one given back is given back too.
  for (let i = 0; i < t.count; i++) if (s.kind[i] === Step.ENTER && s.arg[i] >= 0 && out[s.arg[i]]) out[i] = 1;
  return out;
}

/** A rule call in the whole-parse view: its ENTER step, and the calls it made (helpers' calls in their place). */
export interface CallNode {
  step: number;
  children: CallNode[];
}

/**
 * The tree of rule calls (character rules left out: `hidden`), at most `budget` nodes; `more` counts
 * the calls left out by the budget.
 */
export function callTree(revision: Revision, g: TraceGrammar, t: TraceResult, hidden: ReadonlySet<string>, budget = 1500): { root: CallNode | null; nodes: number; more: number } {
  if (t.count === 0) return { root: null, nodes: 0, more: 0 };
  let nodes = 0;
  let more = 0;
  const build = (frame: number): CallNode => {
    nodes++;
    const children: CallNode[] = [];
    for (const c of childCalls(revision, g, t, frame)) {
      const name = ruleByPegName(revision, g.rules[t.steps.rule[c]])?.published ?? g.rules[t.steps.rule[c]];
      if (hidden.has(name) || hidden.has(g.rules[t.steps.rule[c]])) continue;
      if (nodes >= budget) {
        more++;
        continue;
      }
      children.push(build(c));
    }
    return { step: frame, children };
  };
  return { root: build(0), nodes, more };
}
