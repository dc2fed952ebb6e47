// The regression file of the fuzz campaign (test/data/fuzz/regressions.tsv): every minimised failure
// the campaign found, replayed by test/fuzz-regressions.test.ts in `npm test`. Tab-separated:
//   spec      the revision
//   entry     the entry point (test/fuzz/entries.ts)
//   property  the property that failed (test/fuzz/properties.ts), or "finishes-in-time" for a hang
//   input     a JSON string; a non-string API value as {"value": NAME} (test/fuzz/inputs.ts API_VALUES)
//   found-by  how the campaign found it: "seed S input I (source)", or who added the row
//   context   "-" or a JSON object: the rule, base, reference, options the property read
//   expect    "-": the property must hold (the test fails until the bug is fixed);
//             "fails: REASON": a known failure, left to the work REASON names; the test checks
//             that it still fails, so a fix shows up as a test to update.
// Lines starting with "#" and blank lines are ignored. The campaign appends; people edit.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { CaseContext } from "./inputs";

export interface RegressionRow {
  line: number;
  spec: string;
  entry: string;
  property: string;
  /** The input as it is written (JSON). */
  input: string;
  foundBy: string;
  context: CaseContext;
  /** Null: must hold; else the reason it is expected to fail. */
  expectedFailure: string | null;
}

export const REGRESSION_HEADER = `# Failures found by the fuzz campaign (npm run fuzz), minimised; replayed by test/fuzz-regressions.test.ts.
# Columns (tab-separated): spec, entry, property, input (JSON), found-by, context (JSON or -), expect (- or "fails: REASON").
# See test/fuzz/regressions.ts.
`;

export function readRegressions(file: string): RegressionRow[] {
  if (!existsSync(file)) return [];
  const out: RegressionRow[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "" || line.startsWith("#")) return;
      const cols = line.split("\t");
      if (cols.length < 5) throw new Error(`${file}:${i + 1}: expected at least 5 tab-separated columns (spec, entry, property, input, found-by), got ${cols.length}`);
      const [spec, entry, property, input, foundBy, context = "-", expect = "-"] = cols;
      if (expect !== "-" && !expect.startsWith("fails: ")) throw new Error(`${file}:${i + 1}: expect must be "-" or "fails: REASON", got ${expect}`);
      out.push({
        line: i + 1,
        spec,
        entry,
        property,
        input,
        foundBy,
        context: context === "-" ? {} : (JSON.parse(context) as CaseContext),
        expectedFailure: expect === "-" ? null : expect.slice("fails: ".length),
      });
    });
  return out;
}

export function formatRegression(row: Omit<RegressionRow, "line">): string {
  const context = Object.keys(row.context).length === 0 ? "-" : JSON.stringify(row.context);
  const expect = row.expectedFailure === null ? "-" : `fails: ${row.expectedFailure}`;
  return [row.spec, row.entry, row.property, row.input, row.foundBy.replace(/[\t\n]/g, " "), context, expect].join("\t");
}

/** Appends rows (the file and its header are created when missing). */
export function appendRegressions(file: string, rows: Omit<RegressionRow, "line">[]): void {
  if (rows.length === 0) return;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, REGRESSION_HEADER);
  }
  appendFileSync(file, rows.map((r) => formatRegression(r) + "\n").join(""));
}

/** The identity of a row: what failed, where, on what. */
export function regressionKey(r: { spec: string; entry: string; property: string; input: string; context: CaseContext }): string {
  return [r.spec, r.entry, r.property, r.input, JSON.stringify(r.context)].join("\t");
}
