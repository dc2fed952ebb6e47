// @ts-check
// emit / emit-ast-tables: generated/<spec>.ast-tables.ts, for the tests only (not in the package):
// the tagged DFA of every start rule whose AST reads positions, shipped or not
// (scripts/ast/emit-ast.mjs, emitAstTablesModule).
import { emitAstTablesModule } from "../../ast/emit-ast.mjs";
import { need, needOrNull } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"astTablesModule">} */
export const emitAstTables = {
  name: "emit-ast-tables",
  stage: "emit",
  key: "astTablesModule",
  summary: "generated/<spec>.ast-tables.ts: every start rule's tagged DFA, for the tests",
  run(c) {
    return emitAstTablesModule(needOrNull(c, "tagged"), c.id, c.file, c.options.srcDir, need(c, "encoded"));
  },
  dump(text) {
    return text;
  },
};
