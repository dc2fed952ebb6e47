// The oracle of the generated AST builders: the hand-written builders of src/ast as they stood before
// the ASTs were declared in the grammars (commit cb9b53f), kept here unchanged (this folder), reading
// the derivation that peggy's own parser builds (projected to the rules they read). `npm run
// differential` and test/ast-oracle.test.ts hold the generated builders (generated/<spec>.ast.ts,
// from the grammars' @ast annotations) to deep equality with them. Each revision's is the `ORACLE` of
// this folder's module named after it (test/support/oracle/<spec>.ts); a revision added since has none.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SPEC_IDS } from "../../../src/revisions";
import type { DerivationNode } from "./derivation";

interface Oracle {
  build(root: DerivationNode, input: string): unknown;
  /** The rules the builder reads from the derivation (the grammars' former `@ast-nodes` headers). */
  astNodes: readonly string[];
}

const ORACLES: ReadonlyMap<string, Oracle> = new Map(
  SPEC_IDS.filter((id) => existsSync(join(__dirname, `${id}.js`))).map((id) => [id, (require(`./${id}`) as { ORACLE: Oracle }).ORACLE]),
);

/** The revisions that have an oracle. */
export const ORACLE_SPECS: readonly string[] = [...ORACLES.keys()];

export const ORACLE_BUILDERS: Readonly<Record<string, (root: DerivationNode, input: string) => unknown>> = Object.fromEntries([...ORACLES].map(([id, o]) => [id, o.build]));

/**
 * The rules each oracle builder reads from the derivation (the grammars' former `@ast-nodes`
 * headers): the derivation is projected to these before the builder reads it, as the walk did.
 */
export const ORACLE_AST_NODES: Readonly<Record<string, readonly string[]>> = Object.fromEntries([...ORACLES].map(([id, o]) => [id, o.astNodes]));
