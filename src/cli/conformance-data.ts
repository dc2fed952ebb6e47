// What `suite` and `audit` read from disk: the published grammar of a revision (grammar/<spec>/published.*,
// shipped) and the test tables the build ships as dist/conformance/tables.json.br, Brotli-compressed
// JSON (scripts/build-conformance-data.mjs). Both work from a clone after `npm run build` and from the
// installed package.
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { join } from "node:path";
import { buildSuite, type ConformanceTables, type Suite } from "../conformance/suite";
import { loadPublishedGrammar } from "../published";
import { packageVersion } from "./version";
import { UsageError } from "./io";

/** dist/conformance/tables.json.br (this file runs from dist/src/cli/). */
export const TABLES_FILE = join(__dirname, "..", "..", "conformance", "tables.json.br");

let tables: ConformanceTables | undefined;

export function conformanceTables(): ConformanceTables {
  if (!tables) {
    try {
      tables = JSON.parse(brotliDecompressSync(readFileSync(TABLES_FILE)).toString("utf8")) as ConformanceTables;
    } catch (e) {
      throw new UsageError(`the conformance tables are missing (${TABLES_FILE}: ${(e as Error).message.split("\n")[0]}); run npm run build`);
    }
  }
  return tables;
}

/** The suite of a revision (optionally about one rule); a usage error when it cannot be built. */
export function loadSuite(spec: string, rule?: string): Suite {
  const g = loadPublishedGrammar(spec);
  if (!g) throw new UsageError(`${spec} has no published grammar (grammar/${spec}/published.*), so it has no conformance suite`);
  if (!g.ok) throw new UsageError(`${spec}: cannot read its published grammar: ${g.errors[0]}`);
  const s = buildSuite({ spec, rule, grammar: g.grammar, tables: conformanceTables(), version: packageVersion() });
  if (s instanceof Error) throw new UsageError(s.message);
  return s;
}
