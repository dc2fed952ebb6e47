// A plain-text table that fits a terminal width: a label column, then one column per revision;
// long cells wrap onto more lines (at a space when one is near, else anywhere).
export interface TextTable {
  headers: string[];
  rows: { label: string; cells: string[] }[];
}

export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > width) {
    let cut = rest.lastIndexOf(" ", width);
    if (cut < width / 2) cut = width;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^ /, "");
  }
  out.push(rest);
  return out;
}

/** Renders the table within `width` columns; null when the columns cannot get at least `minCell` each. */
export function renderTable(table: TextTable, width = 100, minCell = 12): string | null {
  const labelWidth = Math.max(...table.rows.map((r) => r.label.length), 5);
  const n = table.headers.length;
  const cell = Math.floor((width - labelWidth - n * 3) / n);
  if (cell < minCell) return null;
  const widest = Math.max(...table.headers.map((h) => h.length), ...table.rows.flatMap((r) => r.cells.map((c) => c.length)));
  const cw = Math.min(cell, Math.max(widest, minCell));
  const line = (label: string, cells: string[]) => `${label.padEnd(labelWidth)} | ${cells.map((c) => c.padEnd(cw)).join(" | ")}`.trimEnd();
  const out: string[] = [line("", table.headers.map((h) => h.slice(0, cw))), `${"-".repeat(labelWidth)}-+-${table.headers.map(() => "-".repeat(cw)).join("-+-")}`];
  for (const row of table.rows) {
    const wrapped = row.cells.map((c) => wrap(c, cw));
    const height = Math.max(...wrapped.map((w) => w.length));
    for (let i = 0; i < height; i++) out.push(line(i === 0 ? row.label : "", wrapped.map((w) => w[i] ?? "")));
  }
  return out.join("\n") + "\n";
}
