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
  run(c, session) {
    let ast;
    try {
      ast = peggy.parser.parse(c.source, { grammarSource: c.file, reservedWords: [] });
    } catch (e) {
      // peggy's syntax error: where, then what it expected.
      const at = /** @type {{ location?: { start: { line: number; column: number } } }} */ (e).location;
      session.error(`${c.file}:${at ? `${at.start.line}:${at.start.column}:` : ""} ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
    return { rules: ast.rules, byName: new Map(ast.rules.map((r) => [r.name, r.expression])) };
  },
  dump(g) {
    return [`${g.rules.length} rules`, ...g.rules.map((r) => `${r.name} = ${exprText(r.expression)}`)].join("\n");
  },
};
