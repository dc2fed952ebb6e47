// The suite's two formats: JSON (docs/conformance-suite.schema.json; the header's fields, then one
// case per line) and TSV (a commented header, then one case per line in the columns below). Both
// are deterministic: the same suite gives the same bytes.
import type { Suite, SuiteCase } from "./suite";

/** The TSV columns, in order. */
export const TSV_COLUMNS = ["id", "op", "kind", "rule", "top", "exercises", "base", "level", "input", "expected", "components", "section", "reason"] as const;

export function suiteJson(s: Suite): string {
  const { cases, ...header } = s;
  const head = JSON.stringify(header, null, 2);
  const body = cases.map((c) => `    ${JSON.stringify(c)}`).join(",\n");
  return `${head.slice(0, -2)},\n  "cases": [${cases.length > 0 ? `\n${body}\n  ` : ""}]\n}\n`;
}

/**
 * A TSV field: "-" for null; a JSON string when the text could be misread (empty, "-", starts with
 * a double quote, holds a tab, a line break or another control character, or starts or ends with a
 * space); else the text itself. The test tables (test/data) use the same convention.
 */
export function tsvField(v: string | null): string {
  if (v === null) return "-";
  if (v === "" || v === "-" || v.startsWith('"') || /[\u0000-\u001f\u007f]/.test(v) || /^\s|\s$/.test(v)) return JSON.stringify(v);
  return v;
}

export function suiteTsv(s: Suite): string {
  const lines = [
    `# ${s.format} ${s.formatVersion}, ${s.generator.name} ${s.generator.version}: ${s.spec} (${s.title}), top rule ${s.topRule}${s.schemeAware ? " (scheme-aware)" : ""}${s.ruleFilter ? `, cases about ${s.ruleFilter}` : ""}; ${s.cases.length} cases`,
    "# fields: \"-\" is null; a field that starts with a double quote is a JSON string; components is JSON",
    `# ${TSV_COLUMNS.join("\t")}`,
  ];
  for (const c of s.cases) lines.push(tsvRow(c));
  return lines.join("\n") + "\n";
}

function tsvRow(c: SuiteCase): string {
  const cells: Record<(typeof TSV_COLUMNS)[number], string> = {
    id: c.id,
    op: c.op,
    kind: c.kind,
    rule: tsvField(c.rule),
    top: c.top ? "yes" : "no",
    exercises: tsvField(c.exercises),
    base: tsvField(c.base),
    level: tsvField(c.level),
    input: tsvField(c.input),
    expected: tsvField(c.expected),
    components: c.components === null ? "-" : JSON.stringify(c.components),
    section: tsvField(c.section),
    reason: tsvField(c.reason),
  };
  return TSV_COLUMNS.map((k) => cells[k]).join("\t");
}
