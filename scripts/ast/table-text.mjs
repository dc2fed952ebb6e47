// A tagged DFA's tables (scripts/scanner/tdfa.mjs, tables()) as one string of text (tableText,
// taggedText), and a revision's texts joined into one (packTexts), which the encode-tables pass codes
// (scripts/scanner/passes/encode-tables.mjs): the form generated/<spec>.ast.ts carries them in;
// src/scanner/tagged.ts (tableSource, taggedTable) decodes and reads them the first time a start rule
// is parsed.
//
// The string is a list of unsigned numbers, each written as zero or more "more" digits and one
// "last" digit (TEXT_DIGITS: 64 last digits, 24 more digits, all printable ASCII that needs no
// escape in a string literal and cannot close a <script>). One number is whole characters, so a
// run of numbers that recurs (the same sub-automaton in several start rules' tables, the same row
// shape) is the same run of characters, which the coder's copies find.
//
// In order:
//   ops       its length, then each value + 2 (per list from 1: its length n, then n pairs
//             (register, source); source a register, -1 this position, -2 unset)
//   fixups    its length, then each value + 2 (at an offset: n, then n pairs (slot, source))
//   accept    per state: 0 when it does not accept, else 1 + the offset of its fixups
//   rows      per state (flex's template rows): the row it starts from, as a distance back (0 for an
//             empty row); how many classes differ from it; per class that differs, in class order:
//             3 x (the distance from the class before (the first: from -1), minus one) + what
//             changes (0 the target, 1 the operations, 2 both); then the new target, if it
//             changes (0 to reject, else 1 + the zigzag of target - state: nearby states are small
//             numbers, and the same sub-automaton numbered alike reads the same wherever it lies);
//             then the new operations' list number (0 for none), if they change.
// The small parts come first: the run decodes them once, and the rows (its transition table) once.

/** The digits: 64 that end a number, then 24 that say more follow. */
export const TEXT_DIGITS = (() => {
  let s = "";
  for (let c = 0x23; c < 0x7f; c++) if (c !== 0x5c && c !== 0x3c && c !== 0x60 && c !== 0x27) s += String.fromCharCode(c);
  return s;
})();
const LAST = 64;
const MORE = TEXT_DIGITS.length - LAST;

/** Appends the digits of unsigned integer v to out (an array of strings). */
export function put(out, v) {
  if (!Number.isSafeInteger(v) || v < 0) throw new Error(`table text: ${v} is not an unsigned integer`);
  const digits = [TEXT_DIGITS[v % LAST]];
  let more = Math.floor(v / LAST);
  while (more > 0) {
    more -= 1;
    digits.push(TEXT_DIGITS[LAST + (more % MORE)]);
    more = Math.floor(more / MORE);
  }
  for (let i = digits.length - 1; i >= 0; i--) out.push(digits[i]);
}

/** What a row's class that differs from its template changes: its target, its operations, or both. */
const TARGET = 0;
const OPERATIONS = 1;
const BOTH = 2;

/** A signed difference as an unsigned number: 0, -1, 1, -2, 2 ... -> 0, 1, 2, 3, 4 ... */
export const zigzag = (d) => (d >= 0 ? 2 * d : -2 * d - 1);

/**
 * flex's template row for state s: the earlier state whose row differs from s's in the fewest
 * classes (ref -1: none beats the empty row, which differs in the `filled` non-empty classes), and
 * that number. `differs(r, s, limit)` counts the classes where rows r and s differ, up to `limit`.
 * The AST's tables (tableText()) and the scanners' (scripts/scanner/rows-text.mjs) choose so.
 */
export function templateRow(s, filled, differs) {
  let ref = -1;
  let best = filled;
  for (let r = s - 1; r >= 0 && best > 0; r--) {
    const d = differs(r, s, best);
    if (d < best) (best = d), (ref = r);
  }
  return { ref, best };
}

/**
 * The text of one tagged DFA's tables: { count, K, trans, ops (per state and class), opsData (the
 * flat lists), accept, fixups }, trans[s * K + c] the target state (0 rejects).
 */
export function tableText({ count: n, K, trans, ops, opsData, accept, fixups }) {
  const out = [];
  put(out, opsData.length);
  for (const v of opsData) put(out, v + 2);
  put(out, fixups.length);
  for (const v of fixups) put(out, v + 2);
  for (let s = 0; s < n; s++) put(out, accept[s] + 1);
  const differs = (a, b, limit) => {
    let d = 0;
    for (let c = 0; c < K && d < limit; c++) if (trans[a * K + c] !== trans[b * K + c] || ops[a * K + c] !== ops[b * K + c]) d++;
    return d;
  };
  for (let s = 0; s < n; s++) {
    let filled = 0;
    for (let c = 0; c < K; c++) if (trans[s * K + c] !== 0 || ops[s * K + c] !== 0) filled++;
    const { ref, best } = templateRow(s, filled, differs);
    put(out, ref < 0 ? 0 : s - ref);
    put(out, best);
    let before = -1;
    for (let c = 0; c < K; c++) {
      const t = trans[s * K + c];
      const o = ops[s * K + c];
      const changed = ref < 0 ? t !== 0 || o !== 0 : t !== trans[ref * K + c] || o !== ops[ref * K + c];
      if (!changed) continue;
      const kind = o === (ref < 0 ? 0 : ops[ref * K + c]) ? TARGET : t === (ref < 0 ? 0 : trans[ref * K + c]) ? OPERATIONS : BOTH;
      put(out, (c - before - 1) * 3 + kind);
      before = c;
      if (kind !== OPERATIONS) put(out, t === 0 ? 0 : 1 + zigzag(t - s));
      if (kind !== TARGET) put(out, o);
    }
  }
  return out.join("");
}

/**
 * The texts of one revision's tables (tableText()), joined: the joined text and where each text
 * starts in it (src/scanner/tagged.ts, tableSource(), decodes it as far as the start rules parsed so
 * far need). The encode-tables pass codes it (LZMA: its copies find the sub-automata the start rules
 * share).
 */
export function packTexts(texts) {
  const text = texts.join("");
  const starts = [];
  let at = 0;
  for (const t of texts) (starts.push(at), (at += t.length));
  return { text, starts, length: text.length };
}

/**
 * The register operations of a tagged DFA, as data: for each list number from 1, its length n, then
 * n pairs (register, source) in execution order (source: a register, -1 the position, -2 unset).
 */
function opsData(opLists) {
  const flat = [];
  for (const list of opLists.slice(1)) {
    flat.push(list.length);
    for (const [d, src] of list) flat.push(d, src);
  }
  if (flat.some((v) => v > 0x7fff)) throw new Error("tagged DFA: more than 32767 registers");
  return flat;
}

/** A tagged DFA's tables (scripts/scanner/tdfa.mjs, tables()) as text (tableText()). */
export function taggedText(t) {
  return tableText({ count: t.count, K: t.K, trans: t.trans, ops: t.ops, opsData: opsData(t.opLists), accept: t.accept, fixups: t.fixups });
}
