// A scanner's transition table (state x class -> state; 0 rejects, 1 accepts everything) as text, the
// form generated/<spec>.scanner.ts and <spec>.accept.ts carry it in; src/scanner/tables.ts,
// rowsFromText(), reads it on the first scan. The numbers are written in the digits of the AST's
// table text (scripts/ast/table-text.mjs, put(): whole characters, so a run of numbers that recurs is
// a run of characters that recurs, which the coder's copies find: scripts/scanner/coder.mjs codes the
// text the generated module carries). Per state, flex's
// template rows (issue 27: the full table was most of the package):
//   the row it starts from, as a distance back (0 for an empty row): the earlier row that differs in
//   the fewest classes;
//   how many classes differ from it;
//   per class that differs, in class order: the gap from the class before (the first: from -1),
//   minus one; then its target: 0 rejects, 1 the state that accepts everything, else 2 + the
//   zigzag of target - state (nearby states are small numbers, and a sub-automaton numbered alike
//   reads the same wherever it lies: rfc3986's table, 42 KB gzip as base64 of absolute targets, is
//   15 KB so).
import { put, templateRow, zigzag } from "../ast/table-text.mjs";

/** The text of a table: `trans` a row (array of K targets) per state, `count` states. */
export function rowsText(trans, K, count) {
  const out = [];
  const differs = (a, b, limit) => {
    let d = 0;
    for (let c = 0; c < K && d < limit; c++) if (trans[a][c] !== trans[b][c]) d++;
    return d;
  };
  for (let s = 0; s < count; s++) {
    const row = trans[s];
    let filled = 0;
    for (let c = 0; c < K; c++) if (row[c] !== 0) filled++;
    const { ref, best } = templateRow(s, filled, differs);
    put(out, ref < 0 ? 0 : s - ref);
    put(out, best);
    let before = -1;
    for (let c = 0; c < K; c++) {
      if (row[c] === (ref < 0 ? 0 : trans[ref][c])) continue;
      put(out, c - before - 1);
      before = c;
      const t = row[c];
      put(out, t <= 1 ? t : 2 + zigzag(t - s));
    }
  }
  return out.join("");
}
