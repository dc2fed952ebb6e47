// `audit --fingerprint`: one implementation run over the suite of every revision (audit.ts), the
// revisions ranked by agreement (check cases and resolution cases apart), and what separates the
// top candidates:
//   - the top revision's exceptions: the rules the implementation disagrees with it on, worst first,
//     each with a case (its input, the answer, the expected one);
//   - against each runner-up: the top-rule check inputs of either suite that the two revisions judge
//     differently (validate() of each: the revisions' own disagreements), and on which side the
//     implementation's verdict falls, by the rule the case exercises, so "answers as rfc2732 rather
//     than rfc3986 on IPvFuture" has its count and an input.
// Pure: the runs (suite, plan, answers, report per revision) come from the CLI (src/cli/commands/audit.ts).
import { judge, type Answer, type AuditReport, type Plan } from "./audit";
import type { Suite, SuiteCase } from "./suite";
import { percent } from "./audit-report";
import { validate } from "../index";

export interface FingerprintRun {
  spec: string;
  suite: Suite;
  plan: Plan;
  answers: readonly Answer[];
  report: AuditReport;
}

export interface RankedRevision {
  spec: string;
  agreed: number;
  answered: number;
  /**
   * What the ranking goes by. Check cases: the balanced agreement, the mean of the agreement on the
   * cases the revision holds valid and on those it holds invalid, so that a suite with more invalid
   * cases does not favour an implementation that rejects nearly everything (Node's URL agrees with
   * 82% of draft-1994's cases by rejecting them). Resolution: the agreement.
   */
  score: number | null;
  /** Check cases: the cases expected valid and expected invalid, answered and agreed. */
  valid?: { agreed: number; answered: number };
  invalid?: { agreed: number; answered: number };
}

export interface Exception {
  rule: string;
  disagreements: number;
  input: string;
  answer: string;
  expected: string;
}

/** Where the implementation falls between the top revision and a runner-up, on the inputs they judge differently. */
export interface Separation {
  top: string;
  other: string;
  /** Top-rule check inputs of either suite that the two revisions judge differently. */
  contested: number;
  /** The implementation's verdict is the top revision's, the other's, or it gave no usable verdict. */
  withTop: number;
  withOther: number;
  unanswered: number;
  /** Per rule of the top revision (`exercises`), where the implementation sides with the other revision, most first, each with an input. */
  otherWins: { rule: string; count: number; input: string; verdict: string }[];
  /** Likewise where it sides with the top revision. */
  topWins: { rule: string; count: number; input: string; verdict: string }[];
}

export interface Fingerprint {
  implementation: string;
  /** Every revision, best agreement on check cases first. */
  check: RankedRevision[];
  /** Revisions with resolution cases the implementation answered, best first. */
  resolution: RankedRevision[];
  top: string | null;
  exceptions: Exception[];
  separations: Separation[];
  /** One sentence: "follows rfc3986 (100.0% of 1009 check cases)", "follows rfc2732, except: ...". */
  summary: string;
}

/** How many runners-up are set against the top revision. */
export const RUNNERS_UP = 2;
const EXCEPTIONS_SHOWN = 5;
const WINS_SHOWN = 4;

function rankCheck(runs: readonly FingerprintRun[], order: readonly string[]): RankedRevision[] {
  return runs
    .map((r) => {
      const valid = { agreed: 0, answered: 0 };
      const invalid = { agreed: 0, answered: 0 };
      r.plan.cases.forEach((c, i) => {
        const a = r.answers[i];
        if (c.op !== "check" || !a || a.kind === "skip") return;
        const bucket = c.expected === "valid" ? valid : invalid;
        bucket.answered++;
        if (judge(c, a).cause === null) bucket.agreed++;
      });
      const rates = [valid, invalid].filter((b) => b.answered > 0).map((b) => b.agreed / b.answered);
      const score = rates.length === 0 ? null : rates.reduce((x, y) => x + y, 0) / rates.length;
      return { spec: r.spec, agreed: valid.agreed + invalid.agreed, answered: valid.answered + invalid.answered, score, valid, invalid };
    })
    .sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || b.answered - a.answered || order.indexOf(a.spec) - order.indexOf(b.spec));
}

function rankResolution(runs: readonly FingerprintRun[], order: readonly string[]): RankedRevision[] {
  return runs
    .map((r) => {
      const rule = r.report.rules.find((x) => x.rule === "(resolution)");
      const answered = rule?.answered ?? 0;
      const agreed = rule?.agreed ?? 0;
      return { spec: r.spec, agreed, answered, score: answered === 0 ? null : agreed / answered };
    })
    .filter((r) => r.answered > 0)
    .sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || b.answered - a.answered || order.indexOf(a.spec) - order.indexOf(b.spec));
}

/** The verdict an answer gives, or null. */
function verdictOf(a: Answer | undefined): boolean | null {
  return a && a.kind === "verdict" ? a.valid : null;
}

/** The top-rule check cases of a run by input, with the implementation's verdict on each. */
function topCases(run: FingerprintRun): Map<string, { c: SuiteCase; verdict: boolean | null }> {
  const out = new Map<string, { c: SuiteCase; verdict: boolean | null }>();
  run.plan.cases.forEach((c, i) => {
    if (c.op === "check" && c.top && !out.has(c.input)) out.set(c.input, { c, verdict: verdictOf(run.answers[i]) });
  });
  return out;
}

function separate(top: FingerprintRun, other: FingerprintRun): Separation {
  const s: Separation = { top: top.spec, other: other.spec, contested: 0, withTop: 0, withOther: 0, unanswered: 0, otherWins: [], topWins: [] };
  const wins = { top: new Map<string, { count: number; input: string; verdict: string }>(), other: new Map<string, { count: number; input: string; verdict: string }>() };
  const a = topCases(top);
  const b = topCases(other);
  // Each input once: the top revision's case (and the implementation's verdict in that run) first.
  const inputs = new Map([...b, ...a]);
  for (const [input, x] of inputs) {
    const inTop = validate(input, { spec: top.spec as never });
    if (inTop === validate(input, { spec: other.spec as never })) continue;
    s.contested++;
    const verdict = a.get(input)?.verdict ?? b.get(input)?.verdict ?? null;
    if (verdict === null) {
      s.unanswered++;
      continue;
    }
    const side = verdict === inTop ? "top" : "other";
    if (side === "top") s.withTop++;
    else s.withOther++;
    const rule = `${x.c.exercises ?? x.c.rule ?? "?"}${a.has(input) ? "" : ` (${other.spec})`}`;
    const w = wins[side].get(rule) ?? { count: 0, input, verdict: verdict ? "valid" : "invalid" };
    w.count++;
    wins[side].set(rule, w);
  }
  const list = (m: Map<string, { count: number; input: string; verdict: string }>) =>
    [...m].map(([rule, w]) => ({ rule, ...w })).sort((p, q) => q.count - p.count || p.rule.localeCompare(q.rule)).slice(0, WINS_SHOWN);
  s.otherWins = list(wins.other);
  s.topWins = list(wins.top);
  return s;
}

/** The fingerprint of one implementation from its runs over every revision's suite (`order`: the registry's). */
export function fingerprintOf(implementation: string, runs: readonly FingerprintRun[], order: readonly string[]): Fingerprint {
  const check = rankCheck(runs, order);
  const resolution = rankResolution(runs, order);
  const topSpec = check.length > 0 && check[0].score !== null ? check[0].spec : null;
  const topRun = runs.find((r) => r.spec === topSpec);
  const exceptions: Exception[] = [];
  if (topRun) {
    const rules = topRun.report.rules.filter((r) => !r.rule.startsWith("(") && r.answered > r.agreed).sort((x, y) => y.answered - y.agreed - (x.answered - x.agreed) || x.rule.localeCompare(y.rule));
    for (const r of rules.slice(0, EXCEPTIONS_SHOWN)) {
      const g = topRun.report.groups.filter((x) => x.rule === r.rule).sort((x, y) => y.count - x.count)[0];
      const item = g?.items[0];
      exceptions.push({ rule: r.rule, disagreements: r.answered - r.agreed, input: item?.input ?? "", answer: item?.answer ?? "", expected: item?.expected ?? "" });
    }
  }
  const separations = topRun ? check.slice(1, 1 + RUNNERS_UP).map((r) => separate(topRun, runs.find((x) => x.spec === r.spec)!)) : [];
  const best = check[0];
  let summary = topSpec === null ? `${implementation} answered no check case` : `${implementation} follows ${topSpec} (${percent(best.score)} balanced agreement over ${best.answered} check cases)`;
  if (exceptions.length > 0) summary += `, except: ${exceptions.map((e) => `${e.rule} (${e.disagreements}: ${JSON.stringify(e.input)} ${clip(e.answer)}, expected ${clip(e.expected)})`).join("; ")}`;
  return { implementation, check, resolution, top: topSpec, exceptions, separations, summary };
}

function clip(s: string, n = 48): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

function rankLine(r: RankedRevision, i: number): string {
  const parts = r.valid && r.invalid ? `valid ${r.valid.agreed}/${r.valid.answered}, invalid ${r.invalid.agreed}/${r.invalid.answered}` : `${r.agreed}/${r.answered}`;
  return `  ${String(i + 1).padStart(2)}. ${r.spec.padEnd(12)} ${percent(r.score).padStart(6)}  (${parts})`;
}

function separationText(s: Separation): string[] {
  const out = [`  against ${s.other}: of the ${s.contested} inputs the two judge differently, ${s.withTop} answered as ${s.top}, ${s.withOther} as ${s.other}${s.unanswered > 0 ? `, ${s.unanswered} without a verdict` : ""}`];
  if (s.otherWins.length > 0) out.push(`    as ${s.other}: ${s.otherWins.map((w) => `${w.rule} (${w.count}: ${JSON.stringify(w.input)} ${w.verdict})`).join("; ")}`);
  if (s.topWins.length > 0) out.push(`    as ${s.top}: ${s.topWins.map((w) => `${w.rule} (${w.count}: ${JSON.stringify(w.input)} ${w.verdict})`).join("; ")}`);
  return out;
}

export function fingerprintText(f: Fingerprint): string {
  const out = [f.summary, "", "check cases (verdicts, and components where it gives them), by balanced agreement (the mean of the agreement on the valid and on the invalid cases):", ...f.check.map(rankLine)];
  out.push("", f.resolution.length > 0 ? "resolution cases, by agreement:" : "resolution: no case answered (the text protocol sends none; resolve() missing, or every case skipped)");
  out.push(...f.resolution.map(rankLine));
  if (f.separations.length > 0) out.push("", `what separates ${f.top} from the runners-up:`, ...f.separations.flatMap(separationText));
  return out.join("\n") + "\n";
}

/** The head of the Markdown table fingerprintMarkdownRow() writes rows of. */
export function fingerprintMarkdownHead(): string {
  return "| implementation | check cases: the best revisions (balanced agreement) | resolution: the best | exceptions to the best (disagreements): an input | against the runners-up: the inputs the two judge differently answered as the best; where not, the rules |\n|---|---|---|---|---|";
}

/** One Markdown table row (docs/conformance.md): the ranking's head and the separating rules. */
export function fingerprintMarkdownRow(f: Fingerprint, name: string): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const top = f.check.slice(0, 4).map((r) => `${r.spec} ${percent(r.score)}`).join(", ");
  const res = f.resolution.slice(0, 3).map((r) => `${r.spec} ${percent(r.score)}`).join(", ") || "-";
  const except = f.exceptions.slice(0, 3).map((e) => `${e.rule} (${e.disagreements}): \`${JSON.stringify(e.input).replace(/`/g, "'")}\``).join("<br>") || "-";
  const sep = f.separations
    .map((s) => `vs ${s.other}: ${s.withTop}/${s.contested} as ${s.top}${s.otherWins.length > 0 ? `; as ${s.other}: ${s.otherWins.slice(0, 2).map((w) => `${w.rule} (${w.count})`).join(", ")}` : ""}`)
    .join("<br>");
  return `| ${cell(name)} | ${cell(top)} | ${cell(res)} | ${cell(except)} | ${cell(sep || "-")} |`;
}
