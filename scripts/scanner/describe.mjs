// @ts-check
// Readable text of what the scanner compiler's passes make (npm run grammar -- <spec> --dump <pass>):
// characters, character classes, PEG expressions and DFA rows.

/**
 * A code unit as a reader wants it: printable ASCII as itself, the rest as U+XXXX.
 * @param {number} c
 */
export function charText(c) {
  return c > 0x20 && c < 0x7f ? String.fromCharCode(c) : `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Code-unit ranges: `a-z 0-9 %`.
 * @param {readonly (readonly [number, number])[]} ranges
 */
export function rangesText(ranges) {
  return ranges.map(([lo, hi]) => (lo === hi ? charText(lo) : `${charText(lo)}-${charText(hi)}`)).join(" ");
}

/**
 * A PEG expression (peggy's AST) as grammar text, one line.
 * @param {any} e
 * @returns {string}
 */
export function exprText(e) {
  switch (e.type) {
    case "literal":
      return JSON.stringify(e.value) + (e.ignoreCase ? "i" : "");
    case "class":
      return `[${e.inverted ? "^" : ""}${e.parts.map((/** @type {string | string[]} */ p) => (Array.isArray(p) ? `${p[0]}-${p[1]}` : p)).join("")}]${e.ignoreCase ? "i" : ""}`;
    case "any":
      return ".";
    case "rule_ref":
      return e.name;
    case "sequence":
      return e.elements.map((/** @type {any} */ x) => wrapped(x)).join(" ");
    case "choice":
      return e.alternatives.map(exprText).join(" / ");
    case "optional":
      return `${wrapped(e.expression)}?`;
    case "zero_or_more":
      return `${wrapped(e.expression)}*`;
    case "one_or_more":
      return `${wrapped(e.expression)}+`;
    case "repeated":
      return `${wrapped(e.expression)}|${e.min === null ? "" : `${e.min.value}..`}${e.max.value ?? ""}|`;
    case "simple_and":
      return `&${wrapped(e.expression)}`;
    case "simple_not":
      return `!${wrapped(e.expression)}`;
    case "group":
      return `(${exprText(e.expression)})`;
    default:
      return e.expression ? exprText(e.expression) : `<${e.type}>`;
  }
}

/** @param {any} e */
function wrapped(e) {
  const t = exprText(e);
  return e.type === "sequence" || e.type === "choice" ? `(${t})` : t;
}

/**
 * One state's row: its targets grouped (classes by number, `#3`), the rejecting ones left out.
 * @param {ArrayLike<number>} row
 */
export function rowText(row) {
  /** @type {Map<number, number[]>} */
  const byTarget = new Map();
  for (let c = 0; c < row.length; c++) {
    if (row[c] === 0) continue;
    const list = byTarget.get(row[c]) ?? [];
    list.push(c);
    byTarget.set(row[c], list);
  }
  if (byTarget.size === 0) return "(rejects every character)";
  return [...byTarget].map(([t, cs]) => `${cs.length === row.length ? "any" : cs.map((c) => `#${c}`).join(",")} -> ${t}`).join("; ");
}

/**
 * A DFA's rows, a line per state, with what each start rule starts in.
 * @param {{ trans: readonly ArrayLike<number>[]; accept: ArrayLike<number>; starts?: Readonly<Record<string, number>> }} dfa
 * @param {(state: number) => string} [note] more to say of a state
 */
export function rowsText(dfa, note = () => "") {
  const startOf = new Map(Object.entries(dfa.starts ?? {}).map(([rule, s]) => [s, rule]));
  const lines = [`${dfa.trans.length} states (0 rejects everything, 1 accepts everything); classes as #id (partition-classes)`];
  dfa.trans.forEach((row, s) => {
    const marks = [dfa.accept[s] ? "accepts" : "", startOf.has(s) ? `start of ${startOf.get(s)}` : "", note(s)].filter(Boolean).join(", ");
    lines.push(`${s}${marks ? ` (${marks})` : ""}: ${rowText(row)}`);
  });
  return lines.join("\n");
}

/**
 * A table of rows as aligned text.
 * @param {readonly string[]} head
 * @param {readonly (readonly (string | number)[])[]} rows
 */
export function table(head, rows) {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? "").length)));
  return cells.map((r) => r.map((v, i) => String(v ?? "").padEnd(widths[i])).join("  ").trimEnd()).join("\n");
}
