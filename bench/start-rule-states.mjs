// Issue 27's next lever, measured: how many DFA states a revision's top start rule needs alone, against
// the joint table the scanner ships (every rule as a start rule, and every decision point's dom(e)).
// Each row builds the DFA from the grammar as scripts/compile-scanner.mjs does and minimises it twice:
// with the error labels (the rule stack an error names, as shipped) and without (acceptance only,
// the verdict and the offset). `node bench/start-rule-states.mjs` (about 2 minutes); prints Markdown.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { readAnnotations } from "../scripts/build-grammars.mjs";
import { partition } from "../scripts/scanner/charsets.mjs";
import { ContinuationGraph, T, F } from "../scripts/scanner/continuations.mjs";
import { DfaBuilder, minimize } from "../scripts/scanner/dfa.mjs";
import { listDecisions } from "../scripts/scanner/decisions.mjs";
const require = createRequire(import.meta.url);
const peggy = require("peggy");
console.log("| revision | start rule | DFA built from | states with error labels | states without | classes |");
console.log("|---|---|---|---|---|---|");
const MODES = { top: "the top rule alone", "top+decisions": "the top rule and every decision point", "all starts": "every rule as a start rule", all: "every rule and every decision point (shipped)" };
for (const [spec, top] of [["rfc2396", "URI_reference"], ["draft-2003", "URI_reference"], ["rfc3986", "URI_reference"], ["rfc3987", "IRI_reference"]]) {
  const file = new URL(`../grammar/${spec}.peggy`, import.meta.url);
  const source = readFileSync(file, "utf8");
  const ast = peggy.parser.parse(source, { grammarSource: String(file) });
  const { rules: annotations } = readAnnotations(source, String(file));
  const publishedNames = new Map(annotations.map((r) => [r.pegName, r.published ?? r.pegName]));
  const rules = new Map(ast.rules.map((r) => [r.name, r.expression]));
  const names = ast.rules.map((r) => r.name);
  const topName = names.find((n) => n === top || n.replace(/-/g, "_") === top) ?? names[0];
  for (const mode of ["top", "top+decisions", "all starts", "all"]) {
    const graph = new ContinuationGraph(rules, publishedNames);
    const starts = mode === "top" || mode === "top+decisions" ? [graph.startRule(topName)] : ast.rules.map((r) => graph.startRule(r.name));
    const decs = mode === "top+decisions" || mode === "all" ? listDecisions(ast.rules).decisions.map((d) => graph.dom(d.expr)) : [];
    const classes = partition(graph.sets);
    const b = new DfaBuilder(graph, classes);
    b.rootState(F); b.rootState(T);
    for (const x of [...starts, ...decs]) b.rootState(x);
    b.explore();
    const live = b.live();
    const labels = b.states.map((_, s) => (live[s] ? b.label(s) : 0));
    const states = [true, false].map((withLabels) => {
      const keys = b.states.map((_, s) => (live[s] ? `${b.accepting(s) ? 1 : 0}:${withLabels ? labels[s] : 0}` : "dead"));
      return new Set(minimize(b.transitions, keys).block).size;
    });
    console.log(`| ${spec} | ${publishedNames.get(topName) ?? topName} | ${MODES[mode]} | ${states[0].toLocaleString("en")} | ${states[1].toLocaleString("en")} | ${classes.length} |`);
  }
}
