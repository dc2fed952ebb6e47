// @ts-check
// build / list-decisions: every place where the walk chooses (a choice's alternatives but the last,
// an optional, a repetition that may go on), in rule order then walk order, with whether it sits
// inside a repetition (scripts/scanner/decisions.mjs), and the rules each rule calls.
import { listDecisions as list } from "../decisions.mjs";
import { exprText, table } from "../describe.mjs";
import { need } from "../pipeline.mjs";

/** @type {import("../compilation").Pass<"decisions">} */
export const listDecisions = {
  name: "list-decisions",
  stage: "build",
  key: "decisions",
  summary: "every decision the walk makes (dom(e) of an alternative, an optional, a repetition), in walk order",
  run(c) {
    const { decisions, calls, loopRules } = list(need(c, "grammar").rules);
    return { list: decisions, calls, loopRules };
  },
  dump(d) {
    return [`${d.list.length} decisions; rules entered from inside a repetition: ${[...d.loopRules].join(" ") || "none"}`, table(["#", "rule", "in a loop", "asks dom() of"], d.list.map((x, i) => [i, x.rule, x.inLoop ? "yes" : "", exprText(x.expr)]))].join("\n");
  },
};
