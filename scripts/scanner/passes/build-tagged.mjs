// @ts-check
// build / build-tagged: per start rule whose AST reads positions, a tagged DFA over the scanner's
// classes that records them in the pass that validates (scripts/scanner/tdfa.mjs); a start rule that
// parse() does not apply by default reads them off the scanner's walk instead, where the build proves
// that exact (scripts/ast/walk-tags.mjs). Adds the tables to plan-ast's plans.
import { taggedAutomata } from "../../ast/emit-ast.mjs";
import { table } from "../describe.mjs";
import { need, needOrNull } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"tagged">} */
export const buildTagged = {
  name: "build-tagged",
  stage: "build",
  key: "tagged",
  summary: "the tagged DFA of each start rule whose AST reads positions (or its tags read off the walk)",
  run(c) {
    const planned = needOrNull(c, "planned");
    if (planned === null) return null;
    taggedAutomata(planned, need(c, "grammar").byName, need(c, "names"), need(c, "classes"));
    return planned;
  },
  dump(tagged) {
    return table(
      ["start rule", "tags", "states", "registers", "ships"],
      tagged.plans.map((/** @type {any} */ p) => [p.peg, p.slots.length, p.tables ? p.tables.count : "-", p.tables ? p.tables.registers : "-", !p.tables ? "(reads no position)" : p.ship ? (p.walk ? `yes: ${p.walk.reason}` : "yes") : `no: read off the walk (${p.walk.keep.join(" ")})`]),
    );
  },
};
