// Reads the resolution tables under test/data/resolution/ (a folder of its own: their columns are
// not those of test/data/*.tsv). Columns, tab-separated:
//   spec  mode  base  reference  expected  algorithm  section  printed  note
// - mode: "-", or options separated by ",": strict, nonstrict, dotSegments=keep|remove|error;
// - reference (and base): literal, or a JSON string when it starts with a double quote;
// - expected: a URI, "(current document)" or "(current document)#frag", "(not defined)", "error:<code>";
// - algorithm: "-" when the algorithm gives `expected`, else what it gives (the document's printed
//   answer then differs from its own algorithm; `note` says why);
// - printed: the example as the seed prints it ("-" for our own cases).
import { jsonOrLiteral, readTsvLines } from "./table";
import type { SpecId } from "../../src/revisions";
import { join } from "node:path";
import type { ResolveOptions } from "../../src/ops/resolve";
import { DATA_DIR } from "./table";

export const RESOLUTION_DIR = join(DATA_DIR, "resolution");

export interface ResolutionCase {
  file: string;
  line: number;
  spec: string;
  options: ResolveOptions;
  mode: string;
  base: string;
  reference: string;
  expected: string;
  algorithm: string | null;
  section: string;
  printed: string | null;
  note: string;
}

const field = jsonOrLiteral;

/** The lines of a table under test/data/resolution/ (the one table reader: test/support/table.ts). */
export function readLines(file: string): { line: number; cols: string[] }[] {
  return readTsvLines(join("resolution", file));
}

export function readResolutionTable(file: string): ResolutionCase[] {
  return readLines(file).map(({ line, cols }) => {
    if (cols.length < 8) throw new Error(`${file}:${line}: expected at least 8 columns, got ${cols.length}`);
    const [spec, mode, base, reference, expected, algorithm, section, printed, note = ""] = cols;
    const options: ResolveOptions = { spec: spec as SpecId };
    for (const m of mode === "-" ? [] : mode.split(",")) {
      if (m === "strict") options.strict = true;
      else if (m === "nonstrict") options.strict = false;
      else if (/^dotSegments=(keep|remove|error)$/.test(m)) options.dotSegments = m.split("=")[1] as ResolveOptions["dotSegments"];
      else throw new Error(`${file}:${line}: unknown mode ${m}`);
    }
    return {
      file,
      line,
      spec,
      options,
      mode,
      base: field(base),
      reference: field(reference),
      expected,
      algorithm: algorithm === "-" ? null : algorithm,
      section,
      printed: printed === "-" ? null : printed,
      note,
    };
  });
}
