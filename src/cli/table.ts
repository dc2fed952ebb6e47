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
 * each, or (unless `cutTokens`) not the longest token of any cell (a token is not cut: the caller
 * shows blocks instead). With `cutTokens`, a token longer than its column is cut across lines.
 */
export function renderTable(table: TextTable, width = 100, minCell = 12, cutTokens = false): string | null {
  const labelWidth = Math.max(...table.rows.map((r) => r.label.length), 5);
  const n = table.headers.length;
  const cell = Math.floor((width - labelWidth - n * 3) / n);
  if (cell < minCell) return null;
  const widest = Math.max(...table.headers.map((h) => h.length), ...table.rows.flatMap((r) => r.cells.map((c) => c.length)));
  const cw = Math.min(cell, Math.max(widest, minCell));
  const token = Math.max(...table.headers.map(longestToken), ...table.rows.flatMap((r) => r.cells.map(longestToken)));
  if (token > cw && !cutTokens) return null;
  const line = (label: string, cells: string[]) => `${label.padEnd(labelWidth)} | ${cells.map((c) => c.padEnd(cw)).join(" | ")}`.trimEnd();
  const out: string[] = [line("", table.headers.map((h) => h.slice(0, cw))), `${"-".repeat(labelWidth)}-+-${table.headers.map(() => "-".repeat(cw)).join("-+-")}`];
  for (const row of table.rows) {
    const wrapped = row.cells.map((c) => wrap(c, cw));
    const height = Math.max(...wrapped.map((w) => w.length));
    for (let i = 0; i < height; i++) out.push(line(i === 0 ? row.label : "", wrapped.map((w) => w[i] ?? "")));
  }
  return out.join("\n") + "\n";
}

/** The widest token a panel's columns widen for; a longer one (a long path) is cut across lines. */
export const MAX_WHOLE_TOKEN = 20;

/**
 * The table as side-by-side panels within `width` columns: as many of its columns in each panel as
 * fit at `minCell` or at its longest token, whichever is wider (all in one table when they fit), the
 * label column repeated in each. A token is cut only when it is wider than MAX_WHOLE_TOKEN (a long
 * path or query), so that one long value does not put every revision in a panel of its own. Null
 * when not even one column fits.
 */
export function renderPanels(table: TextTable, width = 100, minCell = 14): string | null {
  const labelWidth = Math.max(...table.rows.map((r) => r.label.length), 5);
  const room = width - labelWidth - 3;
  if (room < 1) return null;
  const token = Math.max(...table.headers.map(longestToken), ...table.rows.flatMap((r) => r.cells.map(longestToken)));
  const need = Math.min(room, Math.max(minCell, Math.min(token, MAX_WHOLE_TOKEN)));
  const cut = token > need;
  const whole = renderTable(table, width, need, cut);
  if (whole !== null) return whole;
  const perPanel = Math.max(1, Math.floor((width - labelWidth) / (need + 3)));
  const panels = Math.ceil(table.headers.length / perPanel);
  // The columns spread evenly over the panels, sizes differing by one at most (12 in three panels:
  // 4, 4 and 4, not 5, 5 and 2; 14 in four: 4, 4, 3 and 3, not 4, 4, 4 and 2).
  const n = table.headers.length;
  const out: string[] = [];
  for (let k = 0; k < panels; k++) {
    const from = Math.round((k * n) / panels);
    const to = Math.round(((k + 1) * n) / panels);
    const pick = <T>(xs: T[]) => xs.slice(from, to);
    const rows = table.rows.map((r) => ({ label: r.label, cells: pick(r.cells) })).filter((r) => r.cells.some((c) => c !== ""));
    const panel = renderTable({ headers: pick(table.headers), rows }, width, need, cut);
    if (panel === null) return null;
    out.push(panel);
  }
  return out.join("\n");
}
