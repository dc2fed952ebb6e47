// Reads the tables of test/data/ops/: tab-separated, one case per line, `#` comments and blank
// lines ignored. A field starting with a double quote is a JSON string. (The shared reader:
// readRows in ./table.)
import { join } from "node:path";
import { readRows } from "./table";

export interface OpsRow {
  line: number;
  cols: string[];
}

export function readOpsTable(name: string, columns: number): OpsRow[] {
  return readRows(join("ops", name), columns).map(({ line, cols }) => ({ line, cols }));
}
