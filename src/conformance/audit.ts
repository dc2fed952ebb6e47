// An audit: an implementation's answers to a conformance suite (suite.ts), scored rule by rule.
// This module is the pure half: which cases are sent and as what line (the protocol), how an answer
// line is read, and the report (scores per rule and overall, disagreements grouped by rule and
// cause, each with the input, both answers and the sentence `explain` gives). Running the
// implementation (a command, or a JavaScript module in a child process) is src/cli/audit-runner.ts.
//
// The protocol, one line each way per case (docs/conformance.md):
//   text  the input itself (cases of the top rule only; inputs holding a line break or a lone
//         surrogate cannot be sent and are counted as not sent)
//   json  {"op":"check","rule":R,"top":B,"input":S} | {"op":"resolve","base":B,"input":S}
//         | {"op":"normalize","level":L,"input":S}
// Answers: valid | invalid (also 1/0, true/false) | skip, or a JSON object
//   {"verdict":"valid"|"invalid", "components":{scheme, userinfo, host, port, path, query, fragment, hostKind}}
//   {"result": S} (resolve, normalize), {"skip": true}.
import { explain, parse } from "../index";
import type { DerivationNode } from "../scanner/derivation";
import { COMPONENT_NAMES, type CaseComponents, type Suite, type SuiteCase } from "./suite";

export type Protocol = "text" | "json";
export type Op = SuiteCase["op"];

export interface PlanOptions {
  protocol: Protocol;
  /** Cases of every start rule ("all", json only) or of the top rule only. */
  rules: "top" | "all";
  ops: readonly Op[];
}

export interface Plan {
  cases: SuiteCase[];
  lines: string[];
  /** Cases left out, counted by why. */
  notSent: { why: string; count: number }[];
}

/** A line can carry the input: no line break, no lone surrogate (a line is UTF-8). */
export function fitsOnALine(s: string): boolean {
  return !/[\r\n]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

export function planAudit(suite: Suite, o: PlanOptions): Plan {
  const notSent = new Map<string, number>();
  const skip = (why: string) => notSent.set(why, (notSent.get(why) ?? 0) + 1);
  const cases: SuiteCase[] = [];
  const lines: string[] = [];
  for (const c of suite.cases) {
    if (!o.ops.includes(c.op)) {
      skip(`${c.op} cases (not asked for: --ops)`);
      continue;
    }
    if (c.op === "check" && !c.top && o.rules === "top") {
      skip(`cases of start rules other than ${suite.topRule} (--rules all sends them, with --protocol json)`);
      continue;
    }
    if (o.protocol === "text") {
      if (c.op !== "check") {
        skip(`${c.op} cases (the text protocol carries inputs only: --protocol json)`);
        continue;
      }
      if (!fitsOnALine(c.input)) {
        skip("inputs with a line break or a lone surrogate (the text protocol cannot carry them: --protocol json)");
        continue;
      }
      lines.push(c.input);
    } else {
      lines.push(requestLine(c));
    }
    cases.push(c);
  }
  return { cases, lines, notSent: [...notSent].map(([why, count]) => ({ why, count })) };
}

/** The json protocol's line for a case. */
export function requestLine(c: SuiteCase): string {
  if (c.op === "resolve") return JSON.stringify({ op: "resolve", base: c.base, input: c.input });
  if (c.op === "normalize") return JSON.stringify({ op: "normalize", level: c.level, input: c.input });
  return JSON.stringify({ op: "check", rule: c.rule, top: c.top, input: c.input });
}

/** An answer as read from a line, or why there is none. */
export type Answer =
  | { kind: "verdict"; valid: boolean; components: Partial<CaseComponents> | null }
  | { kind: "result"; result: string }
  | { kind: "skip" }
  /** The line could not be read as an answer. */
  | { kind: "garbage"; text: string }
  /** The implementation gave no answer for the case: see the runner's failure. */
  | { kind: "failure"; failure: "timeout" | "crash" | "no-answer" | "exception"; detail: string };

const VALID = /^(valid|1|true|yes|accept|accepted)$/i;
const INVALID = /^(invalid|0|false|no|reject|rejected)$/i;

/** Reads one answer line for a case of operation `op`. */
export function readAnswer(line: string, op: Op): Answer {
  const t = line.replace(/\r$/, "").trim();
  if (/^skip$/i.test(t)) return { kind: "skip" };
  if (op === "check") {
    if (VALID.test(t)) return { kind: "verdict", valid: true, components: null };
    if (INVALID.test(t)) return { kind: "verdict", valid: false, components: null };
  }
  if (!t.startsWith("{") && !t.startsWith('"')) return { kind: "garbage", text: line };
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return { kind: "garbage", text: line };
  }
  if (typeof v === "string" && op !== "check") return { kind: "result", result: v };
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { kind: "garbage", text: line };
  const o = v as Record<string, unknown>;
  if (o.skip === true) return { kind: "skip" };
  if (typeof o.error === "string") return { kind: "failure", failure: "exception", detail: o.error };
  if (op !== "check") return typeof o.result === "string" ? { kind: "result", result: o.result } : { kind: "garbage", text: line };
  const verdict = o.verdict ?? o.valid;
  const valid = verdict === true || (typeof verdict === "string" && VALID.test(verdict)) ? true : verdict === false || (typeof verdict === "string" && INVALID.test(verdict)) ? false : null;
  if (valid === null) return { kind: "garbage", text: line };
  let components: Partial<CaseComponents> | null = null;
  if (typeof o.components === "object" && o.components !== null) {
    components = {};
    for (const name of COMPONENT_NAMES) {
      if (!(name in o.components)) continue;
      const x = (o.components as Record<string, unknown>)[name];
      (components as Record<string, string | null>)[name] = x === null ? null : typeof x === "number" ? String(x) : typeof x === "string" ? x : JSON.stringify(x);
    }
  }
  return { kind: "verdict", valid, components };
}

export interface Disagreement {
  id: string;
  rule: string;
  cause: string;
  input: string;
  base?: string;
  startRule: string | null;
  expected: string;
  answer: string;
  /** For a components cause: each component that differs, both values. */
  components?: { name: string; expected: string | null; answered: string | null }[];
  /** explain's sentence (or the parse error's, for a start rule other than the top rule). */
  explanation: string;
}

export interface RuleScore {
  rule: string;
  sent: number;
  answered: number;
  agreed: number;
  /** agreed / answered-or-failed; null when every case was skipped. */
  score: number | null;
}

export interface Incident {
  id: string;
  input: string;
  failure: string;
  detail: string;
}

export interface AuditReport {
  implementation: string;
  spec: string;
  suite: { format: string; formatVersion: number; generator: string; cases: number; topRule: string };
  protocol: Protocol;
  sent: number;
  notSent: { why: string; count: number }[];
  skipped: number;
  answered: number;
  agreed: number;
  verdictsAgreed: number;
  verdictsCompared: number;
  componentsCompared: number;
  componentsAgreed: number;
  score: number | null;
  rules: RuleScore[];
  /** Disagreements grouped by rule, then by cause, worst rule first. */
  groups: { rule: string; cause: string; count: number; items: Disagreement[] }[];
  incidents: Incident[];
  /** What the runner noticed about the implementation (restarts, answers in batches ...). */
  notes: string[];
  seconds: number;
}

/** Per group, at most this many disagreements are kept in the report (the count is exact). */
export const ITEMS_PER_GROUP = 5;

/** The rule a case's score goes to. */
function scoreRule(c: SuiteCase): string {
  return c.exercises ?? (c.op === "resolve" ? "(resolution)" : "(normalization)");
}

export function scoreAudit(args: { implementation: string; suite: Suite; plan: Plan; answers: Answer[]; protocol: Protocol; notes: string[]; seconds: number }): AuditReport {
  const { suite, plan, answers } = args;
  const rules = new Map<string, RuleScore>();
  const groups = new Map<string, { rule: string; cause: string; count: number; items: Disagreement[] }>();
  const incidents: Incident[] = [];
  let skipped = 0;
  let agreed = 0;
  let verdictsAgreed = 0;
  let verdictsCompared = 0;
  let componentsCompared = 0;
  let componentsAgreed = 0;
  plan.cases.forEach((c, i) => {
    const a = answers[i] ?? { kind: "failure", failure: "no-answer", detail: "no answer" };
    const rule = scoreRule(c);
    const r = rules.get(rule) ?? { rule, sent: 0, answered: 0, agreed: 0, score: null };
    rules.set(rule, r);
    r.sent++;
    if (a.kind === "skip") {
      skipped++;
      return;
    }
    r.answered++;
    const { cause, answer } = judge(c, a);
    if (a.kind === "verdict") {
      verdictsCompared++;
      if (a.valid === (c.expected === "valid")) verdictsAgreed++;
      if (a.valid && c.expected === "valid" && a.components && c.components) {
        componentsCompared++;
        if (!cause) componentsAgreed++;
      }
    }
    if (a.kind === "failure" || a.kind === "garbage") incidents.push({ id: c.id, input: c.input, failure: a.kind === "garbage" ? "garbage" : a.failure, detail: a.kind === "garbage" ? `answered ${JSON.stringify(a.text.slice(0, 80))}` : a.detail });
    if (cause === null) {
      r.agreed++;
      agreed++;
      return;
    }
    const key = `${rule}\u0000${cause}`;
    const g = groups.get(key) ?? { rule, cause, count: 0, items: [] };
    groups.set(key, g);
    g.count++;
    if (g.items.length < ITEMS_PER_GROUP) {
      const d: Disagreement = { id: c.id, rule, cause, input: c.input, ...(c.base !== null ? { base: c.base } : {}), startRule: c.rule, expected: expectedText(c), answer, explanation: explanationOf(suite.spec, c) };
      if (a.kind === "verdict" && a.components && c.components && cause.startsWith("components: ")) {
        d.components = cause.slice("components: ".length).split(", ").map((name) => ({ name, expected: c.components![name as keyof CaseComponents], answered: a.components![name as keyof CaseComponents] ?? null }));
      }
      g.items.push(d);
    }
  });
  for (const r of rules.values()) r.score = r.answered === 0 ? null : r.agreed / r.answered;
  const answered = plan.cases.length - skipped;
  const ruleList = [...rules.values()].sort((a, b) => (a.score ?? 2) - (b.score ?? 2) || b.answered - a.answered || a.rule.localeCompare(b.rule));
  const failedBy = (rule: string) => rules.get(rule)!.answered - rules.get(rule)!.agreed;
  const groupList = [...groups.values()].sort((a, b) => failedBy(b.rule) - failedBy(a.rule) || a.rule.localeCompare(b.rule) || b.count - a.count || a.cause.localeCompare(b.cause));
  return {
    implementation: args.implementation,
    spec: suite.spec,
    suite: { format: suite.format, formatVersion: suite.formatVersion, generator: `${suite.generator.name} ${suite.generator.version}`, cases: suite.cases.length, topRule: suite.topRule },
    protocol: args.protocol,
    sent: plan.cases.length,
    notSent: plan.notSent,
    skipped,
    answered,
    agreed,
    verdictsAgreed,
    verdictsCompared,
    componentsCompared,
    componentsAgreed,
    score: answered === 0 ? null : agreed / answered,
    rules: ruleList,
    groups: groupList,
    incidents,
    notes: args.notes,
    seconds: args.seconds,
  };
}

/** The cause of a disagreement, or null when the answer agrees; and the answer as text. */
export function judge(c: SuiteCase, a: Answer): { cause: string | null; answer: string } {
  switch (a.kind) {
    case "failure":
      return { cause: a.failure, answer: `(${a.failure}: ${a.detail})` };
    case "garbage":
      return { cause: "garbage", answer: `(garbage: ${JSON.stringify(a.text.slice(0, 80))})` };
    case "skip":
      return { cause: null, answer: "skip" };
    case "result":
      if (c.op === "check") return { cause: "garbage", answer: `(a result where a verdict was asked: ${JSON.stringify(a.result)})` };
      return { cause: a.result === c.expected ? null : `different-${c.op === "resolve" ? "target" : "normal-form"}`, answer: a.result };
    case "verdict": {
      if (c.op !== "check") return { cause: "garbage", answer: `(a verdict where a ${c.op} result was asked)` };
      const text = a.valid ? "valid" : "invalid";
      if (a.valid !== (c.expected === "valid")) return { cause: a.valid ? "accepts-invalid" : "rejects-valid", answer: text };
      if (!a.valid || !a.components || !c.components) return { cause: null, answer: text };
      const differ = COMPONENT_NAMES.filter((n) => n in a.components! && a.components![n] !== c.components![n]);
      if (differ.length === 0) return { cause: null, answer: text };
      return { cause: `components: ${differ.join(", ")}`, answer: `valid, ${differ.map((n) => `${n} ${JSON.stringify(a.components![n])}`).join(", ")}` };
    }
  }
}

function expectedText(c: SuiteCase): string {
  if (c.op !== "check" || c.expected !== "valid" || !c.components) return c.expected;
  const parts = COMPONENT_NAMES.filter((n) => c.components![n] !== null).map((n) => `${n} ${JSON.stringify(c.components![n])}`);
  return `valid, ${parts.join(", ")}`;
}

/**
 * Notes on the cases answered "skip", per operation: an operation whose every case was skipped is
 * one the implementation does not have (said once, with the count), so a score over fewer cases
 * than were sent never goes unexplained. `missing` names the operations a --module does not export.
 */
export function skipNotes(plan: Plan, answers: readonly Answer[], missing: readonly string[] = []): string[] {
  const byOp = new Map<Op, { sent: number; skipped: number }>();
  plan.cases.forEach((c, i) => {
    const n = byOp.get(c.op) ?? { sent: 0, skipped: 0 };
    byOp.set(c.op, n);
    n.sent++;
    if (answers[i]?.kind === "skip") n.skipped++;
  });
  const notes: string[] = [];
  for (const [op, n] of byOp) {
    if (n.skipped === 0) continue;
    const fn = op === "check" ? "check" : op;
    if (missing.includes(fn)) notes.push(`the module exports no ${fn} function: its ${n.skipped} ${op} case${n.skipped === 1 ? " was" : "s were"} answered "skip" and are not scored`);
    else if (n.skipped === n.sent) notes.push(`every ${op} case (${n.sent}) was answered "skip": the implementation has no such operation; they are not scored`);
    else notes.push(`${n.skipped} of ${n.sent} ${op} cases were answered "skip" (not scored)`);
  }
  return notes;
}

/** What uri-grammars says about the case: explain's sentence, or the derivation of a valid input. */
export function explanationOf(spec: string, c: SuiteCase): string {
  if (c.op === "resolve") return `${spec} resolves ${JSON.stringify(c.input)} against ${JSON.stringify(c.base)} to ${JSON.stringify(c.expected)} (${c.section}).`;
  if (c.op === "normalize") return `${spec} normalizes ${JSON.stringify(c.input)} at the ${c.level} level to ${JSON.stringify(c.expected)} (${c.section}).`;
  const opts = c.top ? { spec } : { spec, rule: c.rule ?? undefined };
  if (c.expected === "invalid") {
    if (c.top) {
      const x = explain(c.input, { spec: spec as never });
      if (x.ok && x.sentence) return x.sentence;
    }
    const p = parse(c.input, opts as never);
    return p.ok ? "" : p.error.message;
  }
  const p = parse(c.input, { ...opts, tree: true } as never);
  if (!p.ok) return "";
  const path = derivationPath((p as unknown as { tree: DerivationNode }).tree, c.input, c.exercises);
  return `${JSON.stringify(c.input)} is a valid ${spec} ${p.rule}${p.production ? ` (${p.production})` : ""}: ${path}.`;
}

/** `URI-reference > relative-ref > ... > reg-name "01.2.3.4"`: the way down to the rule the case is about (or the widest children). */
function derivationPath(root: DerivationNode, input: string, target: string | null): string {
  const find = (n: DerivationNode, trail: DerivationNode[]): DerivationNode[] | null => {
    const here = [...trail, n];
    if (target !== null && n.rule === target) return here;
    for (const ch of n.children) {
      const f = find(ch, here);
      if (f) return f;
    }
    return null;
  };
  let trail = find(root, []);
  if (!trail || trail.length === 1) {
    trail = [root];
    for (let n = root; n.children.length === 1; n = n.children[0]) trail.push(n.children[0]);
    const last = trail[trail.length - 1];
    const kids = last.children.map((k) => `${k.rule} ${JSON.stringify(input.slice(k.start, k.end))}`);
    const none = target !== null && target !== root.rule ? `no ${target} in its derivation; ` : "";
    return `${none}${trail.map((n) => n.rule).join(" > ")}${kids.length > 0 ? ` = ${kids.slice(0, 6).join(" ")}${kids.length > 6 ? " ..." : ""}` : ""}`;
  }
  const last = trail[trail.length - 1];
  return `${trail.map((n) => n.rule).join(" > ")} ${JSON.stringify(input.slice(last.start, last.end))}`;
}
