// Reads the test tables: each revision's own (grammar/<spec>/*.tsv: examples.tsv, the document's
// examples; edges.tsv, our own cases; cases.tsv, both) and the project's (test/data/*.tsv). A table
// is tab-separated, one case per line:
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
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

/** The repository (these modules run from dist/test/support/). */
export const REPO = join(__dirname, "..", "..", "..");
export const DATA_DIR = join(REPO, "test", "data");

/**
 * The case tables of a revision folder (grammar/README.md): the document's examples, our own edges,
 * or both. Its other tables (deviations.tsv, a predicate's table such as whatwg's valid-domain.tsv)
 * have columns of their own.
 */
const CASE_FILES = new Set(["examples.tsv", "edges.tsv", "cases.tsv"]);

/**
 * Every case table, by path from the repository: each revision folder's (grammar/<spec>/*.tsv,
 * folders in name order) and then test/data/*.tsv. Every test that runs "the tables" reads these.
 */
export function caseTables(): string[] {
  const grammar = join(REPO, "grammar");
  const own = readdirSync(grammar, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(grammar, d.name, "grammar.peggy")))
    .map((d) => d.name)
    .sort()
    .flatMap((id) => readdirSync(join(grammar, id)).filter((f) => CASE_FILES.has(f)).sort().map((f) => `grammar/${id}/${f}`));
  return [...own, ...readdirSync(DATA_DIR).filter((f) => f.endsWith(".tsv")).sort().map((f) => `test/data/${f}`)];
}

export function readTable(name: string): TableCase[] {
  return readTsvLines(name).map(({ line, cols }) => {
    if (cols.length < 4) throw new Error(`${name}:${line}: expected at least 4 tab-separated columns, got ${cols.length}: ${cols.join("\t")}`);
    const [spec, rule, inputField, verdict, offset = "-", ...rest] = cols;
    if (verdict !== "valid" && verdict !== "invalid") throw new Error(`${name}:${line}: verdict must be valid or invalid, got ${verdict}`);
    return {
      file: name,
      line,
      spec: spec as SpecId,
      rule,
      input: jsonOrLiteral(inputField),
      valid: verdict === "valid",
      offset: offset === "-" || offset === "" ? null : Number(offset),
      source: rest.join(" ").trim(),
    };
  });
}

/** One line of a table with its own columns (test/data/ops/, test/data/extract/ ...). */
export interface DataRow {
  file: string;
  line: number;
  cols: string[];
}

/**
 * Reads a tab-separated table (`path`: from the repository, or relative to test/data/) whose columns its test
 * names: `#` comments and blank lines are skipped, each line has at least `columns` columns (more
 * are kept as they are), and a field that starts with a double quote is a JSON string, except in
 * the last column, which is free text (the source, a note).
 */
export function readRows(path: string, columns: number): DataRow[] {
  return readTsvLines(path).map(({ file, line, cols }) => {
    if (cols.length < columns) throw new Error(`${path}:${line}: expected ${columns} tab-separated columns, got ${cols.length}`);
    return { file, line, cols: cols.map((c, k) => (k < columns - 1 ? jsonOrLiteral(c) : c)) };
  });
}

/** A table's file: a path from the repository (`grammar/rfc3986/examples.tsv`, `test/data/...`), or one relative to test/data/. */
function tablePath(path: string): string {
  return /^(grammar|test)\//.test(path) ? join(REPO, path) : join(DATA_DIR, path);
}

/**
 * The one reader of every table (`path`: from the repository, or relative to test/data/): its lines split at tabs,
 * each with its 1-based line number, `#` comments and blank lines skipped, a final CR dropped. The
 * fields are as written; readTable(), readRows() and the resolution tables give them meaning.
 */
export function readTsvLines(path: string): DataRow[] {
  const out: DataRow[] = [];
  readFileSync(tablePath(path), "utf8")
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "" || line.startsWith("#")) return;
      out.push({ file: path, line: i + 1, cols: line.split("\t") });
    });
  return out;
}

/** A field as the tables write it: a JSON string when it starts with a double quote (spaces at the ends, tabs, controls), else literally. */
export function jsonOrLiteral(field: string): string {
  return field.startsWith('"') ? (JSON.parse(field) as string) : field;
}
