// Reads the tables of test/data/ops/: tab-separated, one case per line, `#` comments and blank
// lines ignored. A field starting with a double quote is a JSON string.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_DIR } from "./table";

export interface OpsRow {
  line: number;
  cols: string[];
}

export function readOpsTable(name: string, columns: number): OpsRow[] {
  const out: OpsRow[] = [];
  readFileSync(join(DATA_DIR, "ops", name), "utf8")
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "" || line.startsWith("#")) return;
      const cols = line.split("\t");
      if (cols.length < columns) throw new Error(`ops/${name}:${i + 1}: expected ${columns} tab-separated columns, got ${cols.length}`);
      out.push({ line: i + 1, cols: cols.map((c, k) => (k < columns - 1 && c.startsWith('"') ? (JSON.parse(c) as string) : c)) });
    });
  return out;
}
