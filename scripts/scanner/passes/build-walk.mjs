// @ts-check
// build / build-walk: the walk, a TypeScript function per rule that follows peggy's successful run
// over an accepted input and asks each decision's question instead of trying (scripts/scanner/emit-walk.mjs),
// and the tables it reads: FIRST (what the next character says of each question) and ALTERNATIVE
// (per choice, the alternative each column selects).
import { emitWalk } from "../emit-walk.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"walk">} */
export const buildWalk = {
  name: "build-walk",
  stage: "build",
  key: "walk",
  summary: "the walk's function per rule (TypeScript) and its tables FIRST and ALTERNATIVE",
  run(c) {
    const decisions = need(c, "decisions").list;
    const decisionIds = new Map(decisions.map((d, i) => [d.expr, i]));
    return emitWalk(need(c, "grammar").rules, need(c, "questions").list, decisionIds, need(c, "names"), need(c, "classes").length);
  },
  dump(walk, c) {
    const width = need(c, "classes").length + 2;
    return [`FIRST: ${walk.first.length / width} questions x ${width} columns; ALTERNATIVE: ${walk.alternatives.length / width} choices x ${width} columns`, "", walk.code].join("\n");
  },
};
