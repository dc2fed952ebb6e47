// @ts-check
// emit / emit-ast: generated/<spec>.ast.ts, the AST's types, builders and the tagged DFAs that ship
// (scripts/ast/emit-ast.mjs, emitAstModule), the tables as encode-tables wrote them.
import { emitAstModule } from "../../ast/emit-ast.mjs";
import { need, needOrNull } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"astModule">} */
export const emitAst = {
  name: "emit-ast",
  stage: "emit",
  key: "astModule",
  summary: "generated/<spec>.ast.ts: the AST's types, builders and the tagged DFAs that ship",
  run(c) {
    const { srcDir, extras } = c.options;
    return emitAstModule(needOrNull(c, "tagged"), c.id, c.file, srcDir, extras ?? `${srcDir}/ast/${c.id}`, need(c, "encoded"));
  },
  dump(text) {
    return text;
  },
};
