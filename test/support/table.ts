// Reads the test tables under test/data/. A table is tab-separated, one case per line:
//
//   spec  rule  input  verdict  offset  source
//
// - `rule`: the published rule name (`URI-reference`, `IPv6address`), or `*` for the spec's top rule;
// - `input`: taken literally, unless it starts with a double quote: then it is a JSON string
//   (for spaces at the ends, tabs, control characters: "http://a b", "\u0000");
// - `verdict`: `valid` or `invalid`;
// - `offset`: for an invalid case, the offset the error must report (or `-` not to check);
// - `source`: where the case comes from (a section of the document, or the edge it tests).
// Lines starting with `#` and blank lines are ignored.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SpecId } from "../../src/revisions";

export interface TableCase {
  file: string;
  line: number;
  /** As written in the table: tables.test.ts reports an id that is no revision. */
  spec: SpecId;
  rule: string;
  input: string;
  valid: boolean;
  offset: number | null;
  source: string;
}

export const DATA_DIR = join(__dirname, "..", "..", "..", "test", "data");

export function readTable(name: string): TableCase[] {
  const file = join(DATA_DIR, name);
  const out: TableCase[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "" || line.startsWith("#")) return;
      const cols = line.split("\t");
      if (cols.length < 4) throw new Error(`${name}:${i + 1}: expected at least 4 tab-separated columns, got ${cols.length}: ${line}`);
      const [spec, rule, inputField, verdict, offset = "-", ...rest] = cols;
      if (verdict !== "valid" && verdict !== "invalid") throw new Error(`${name}:${i + 1}: verdict must be valid or invalid, got ${verdict}`);
      const input = inputField.startsWith('"') ? (JSON.parse(inputField) as string) : inputField;
      out.push({
        file: name,
        line: i + 1,
        spec: spec as SpecId,
        rule,
        input,
        valid: verdict === "valid",
        offset: offset === "-" || offset === "" ? null : Number(offset),
        source: rest.join(" ").trim(),
      });
    });
  return out;
}

/** One line of a table with its own columns (test/data/ops/, test/data/extract/ ...). */
export interface DataRow {
  file: string;
  line: number;
  cols: string[];
}

/**
 * Reads a tab-separated table under test/data/ (`path` relative to it) whose columns its test
 * names: `#` comments and blank lines are skipped, each line has at least `columns` columns (more
 * are kept as they are), and a field that starts with a double quote is a JSON string, except in
 * the last column, which is free text (the source, a note).
 */
export function readRows(path: string, columns: number): DataRow[] {
  const out: DataRow[] = [];
  readFileSync(join(DATA_DIR, path), "utf8")
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "" || line.startsWith("#")) return;
      const cols = line.split("\t");
      if (cols.length < columns) throw new Error(`${path}:${i + 1}: expected ${columns} tab-separated columns, got ${cols.length}`);
      out.push({ file: path, line: i + 1, cols: cols.map((c, k) => (k < columns - 1 && c.startsWith('"') ? (JSON.parse(c) as string) : c)) });
    });
  return out;
}
