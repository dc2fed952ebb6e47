// A plain-text table that fits a terminal width: a label column, then one column per revision;
// long cells wrap onto more lines (at a space when one is near, else anywhere).
export interface TextTable {
  headers: string[];
  rows: { label: string; cells: string[] }[];
}

/**
 * Splits `text` into lines of at most `width` columns, at spaces: a token (a run without a space: a
 * rule name, a revision id, a quoted value) that fits in `width` is never cut; only one longer than
 * a whole line is, into pieces of `width` (nothing else can keep the line within the width).
 */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  const lead = /^ */.exec(text)![0]; // the first line keeps its indent
  let line = lead;
  let has = false; // the line holds a token
  for (let token of text.slice(lead.length).split(" ")) {
    if (has && line.length + 1 + token.length > width) {
      out.push(line);
      line = "";
      has = false;
    }
    if (has) {
      line += ` ${token}`;
      continue;
    }
    while (line.length + token.length > width) {
      const n = Math.max(1, width - line.length);
      out.push(line + token.slice(0, n));
      token = token.slice(n);
      line = "";
    }
    line += token;
    has = true;
  }
  out.push(line);
  return out;
}

/** The longest token (run without a space) of `text`: the narrowest a column holding it can be. */
export function longestToken(text: string): number {
  return Math.max(0, ...text.split(" ").map((t) => t.length));
}

/**
 * Renders the table within `width` columns; null when the columns cannot get at least `minCell`
 * each, or not the longest token of any cell (a token is never cut: the caller shows blocks instead).
 */
export function renderTable(table: TextTable, width = 100, minCell = 12): string | null {
  const labelWidth = Math.max(...table.rows.map((r) => r.label.length), 5);
  const n = table.headers.length;
  const cell = Math.floor((width - labelWidth - n * 3) / n);
  if (cell < minCell) return null;
  const widest = Math.max(...table.headers.map((h) => h.length), ...table.rows.flatMap((r) => r.cells.map((c) => c.length)));
  const cw = Math.min(cell, Math.max(widest, minCell));
  const token = Math.max(...table.headers.map(longestToken), ...table.rows.flatMap((r) => r.cells.map(longestToken)));
  if (token > cw) return null;
  const line = (label: string, cells: string[]) => `${label.padEnd(labelWidth)} | ${cells.map((c) => c.padEnd(cw)).join(" | ")}`.trimEnd();
  const out: string[] = [line("", table.headers.map((h) => h.slice(0, cw))), `${"-".repeat(labelWidth)}-+-${table.headers.map(() => "-".repeat(cw)).join("-+-")}`];
  for (const row of table.rows) {
    const wrapped = row.cells.map((c) => wrap(c, cw));
    const height = Math.max(...wrapped.map((w) => w.length));
    for (let i = 0; i < height; i++) out.push(line(i === 0 ? row.label : "", wrapped.map((w) => w[i] ?? "")));
  }
  return out.join("\n") + "\n";
}
