// @ts-check
// build / plan-ast: the AST the grammar's annotations declare (@ast-root, @field ...: scripts/ast/),
// planned per start rule: the nodes it reads, the builder that assembles it from their positions, its
// TypeScript type. Null for a grammar without AST annotations.
import { planGrammar } from "../../ast/emit-ast.mjs";
import { table } from "../describe.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"planned">} */
export const planAst = {
  name: "plan-ast",
  stage: "build",
  key: "planned",
  summary: "the AST per start rule (from the @ast annotations): the nodes it reads, its builder and type",
  run(c) {
    return planGrammar(c.source, c.file, c.id, need(c, "grammar").rules, need(c, "names"));
  },
  dump(planned) {
    const { ctx, plans } = planned;
    return [
      `root type ${ctx.spec.root?.type}; start rules whose tagged DFA ships: ${[...ctx.shipped].join(" ")}`,
      table(["start rule", "nodes read", "type"], plans.map((/** @type {any} */ p) => [p.peg, p.plan.nodes.length, p.type])),
    ].join("\n");
  },
};
