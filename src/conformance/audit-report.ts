// An audit report as text (a terminal) and as Markdown (a file to publish); `--json` is the report
// object itself (audit.ts).
import type { AuditReport } from "./audit";

export function percent(x: number | null): string {
  return x === null ? "-" : `${(Math.floor(x * 1000) / 10).toFixed(1)}%`;
}

function quote(s: string, max = 60): string {
  const j = JSON.stringify(s);
  return j.length <= max ? j : `${j.slice(0, max - 2)}…"`;
}

function summaryLines(r: AuditReport): string[] {
  const out = [
    `${r.implementation} against ${r.spec} (${r.suite.format} ${r.suite.formatVersion}, ${r.suite.generator}: ${r.suite.cases} cases)`,
    `sent ${r.sent} cases (${r.protocol} protocol) in ${r.seconds.toFixed(1)} s${r.skipped > 0 ? `; ${r.skipped} answered "skip"` : ""}`,
  ];
  for (const n of r.notSent) out.push(`not sent: ${n.count} ${n.why}`);
  out.push(`score ${percent(r.score)}: ${r.agreed} of ${r.answered} answers agree (the denominator: the ${r.sent} cases sent${r.skipped > 0 ? `, less the ${r.skipped} answered "skip"` : ""}; a case without a usable answer counts as a disagreement); verdicts ${r.verdictsAgreed}/${r.verdictsCompared}${r.componentsCompared > 0 ? `, components ${r.componentsAgreed}/${r.componentsCompared} of the valid references answered with components` : ", no components answered"}`);
  const failures = new Map<string, number>();
  for (const i of r.incidents) failures.set(i.failure, (failures.get(i.failure) ?? 0) + 1);
  if (failures.size > 0) out.push(`no usable answer: ${[...failures].map(([f, n]) => `${n} ${f}`).join(", ")}`);
  for (const n of r.notes) out.push(`note: ${n}`);
  return out;
}

export function auditText(r: AuditReport, maxRules = 40): string {
  const out = summaryLines(r);
  if (r.incidents.length > 0) {
    out.push("", "cases without a usable answer:");
    for (const i of r.incidents.slice(0, 20)) out.push(`  ${i.id} ${quote(i.input)}: ${i.failure}: ${i.detail}`);
    if (r.incidents.length > 20) out.push(`  ... and ${r.incidents.length - 20} more (--json lists them all)`);
  }
  const w = Math.max(4, ...r.rules.map((x) => x.rule.length));
  out.push("", "per rule (worst first):", `  ${"rule".padEnd(w)}  ${"sent".padStart(5)}  ${"agree".padStart(5)}  score`);
  const shown = r.rules.slice(0, maxRules);
  for (const x of shown) out.push(`  ${x.rule.padEnd(w)}  ${String(x.sent).padStart(5)}  ${String(x.agreed).padStart(5)}  ${percent(x.score)}`);
  const rest = r.rules.slice(shown.length);
  if (rest.length > 0) out.push(`  ... ${rest.length} more rules${rest.every((x) => x.score === 1 || x.score === null) ? ", every one at 100.0%" : " (--json lists them)"}`);
  if (r.groups.length === 0) {
    out.push("", "no disagreement");
  } else {
    out.push("", "disagreements by rule and cause:");
    for (const g of r.groups) {
      out.push(`  ${g.rule}: ${g.cause} (${g.count})`);
      for (const d of g.items) {
        out.push(`    ${d.id} ${d.base !== undefined ? `${quote(d.base, 30)} + ` : ""}${quote(d.input)}${d.startRule && d.startRule !== d.rule ? ` as ${d.startRule}` : ""}`);
        out.push(`      expected ${d.expected}`, `      answered ${d.answer}`);
        if (d.explanation) out.push(`      ${d.explanation}`);
      }
      if (g.count > g.items.length) out.push(`    ... and ${g.count - g.items.length} more`);
    }
  }
  return out.join("\n") + "\n";
}

function md(s: string): string {
  return s.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** A Markdown code span that survives backquotes in the text. */
export function code(s: string): string {
  const j = JSON.stringify(s);
  const fence = j.includes("`") ? "`` " : "`";
  return `${fence}${md(j)}${fence === "`` " ? " ``" : "`"}`;
}

export function auditMarkdown(r: AuditReport): string {
  const out = [`# Conformance audit: ${md(r.implementation)} against ${r.spec}`, ""];
  for (const l of summaryLines(r).slice(1)) out.push(`- ${md(l)}`);
  if (r.incidents.length > 0) {
    out.push("", "## Cases without a usable answer", "", "| case | input | failure | detail |", "|---|---|---|---|");
    for (const i of r.incidents) out.push(`| ${i.id} | ${code(i.input)} | ${i.failure} | ${md(i.detail)} |`);
  }
  out.push("", "## Score per rule", "", "| rule | sent | agree | score |", "|---|---:|---:|---:|");
  for (const x of r.rules) out.push(`| ${md(x.rule)} | ${x.sent} | ${x.agreed} | ${percent(x.score)} |`);
  out.push("", "## Disagreements by rule and cause", "");
  if (r.groups.length === 0) out.push("None.");
  for (const g of r.groups) {
    out.push(`### ${md(g.rule)}: ${md(g.cause)} (${g.count})`, "", "| case | input | expected | answered | uri-grammars says |", "|---|---|---|---|---|");
    for (const d of g.items) out.push(`| ${d.id} | ${d.base !== undefined ? `${code(d.base)} + ` : ""}${code(d.input)}${d.startRule && d.startRule !== d.rule ? ` as ${md(d.startRule)}` : ""} | ${md(d.expected)} | ${md(d.answer)} | ${md(d.explanation)} |`);
    if (g.count > g.items.length) out.push("", `... and ${g.count - g.items.length} more.`);
    out.push("");
  }
  return out.join("\n").replace(/\n+$/, "") + "\n";
}
