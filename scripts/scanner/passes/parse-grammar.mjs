// @ts-check
// read / parse-grammar: the grammar's text -> peggy's AST of it (its rules, in order, and by name).
import { createRequire } from "node:module";
import { exprText } from "../describe.mjs";

const require = createRequire(import.meta.url);
/** @type {typeof import("peggy")} */
const peggy = require("peggy");

/** @type {import("../compilation").Pass<"grammar">} */
export const parseGrammar = {
  name: "parse-grammar",
  stage: "read",
  key: "grammar",
  summary: "the grammar's text -> peggy's AST: its rules, in order and by name",
  run(c) {
    const ast = peggy.parser.parse(c.source, { grammarSource: c.file, reservedWords: [] });
    return { rules: ast.rules, byName: new Map(ast.rules.map((r) => [r.name, r.expression])) };
  },
  dump(g) {
    return [`${g.rules.length} rules`, ...g.rules.map((r) => `${r.name} = ${exprText(r.expression)}`)].join("\n");
  },
};
