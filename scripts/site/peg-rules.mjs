// The PEG transcription of each rule, read from the grammar as composed (generated/<spec>.composed.peggy) with peggy's own grammar
// parser (peggy.parser.parse) at site-build time, so the browser gets plain JSON and no peggy:
//   - the rule's source text exactly as it stands in the .peggy file (from peggy's locations),
//   - its expression as a small tree the explorer draws as a railroad diagram,
//   - the rules it refers to, in order of first use.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const peggy = require("peggy");

/**
 * The explorer's PEG expression tree (src/web/lib/data.ts declares the same type):
 *   seq / choice (ordered) / opt / star / plus / rep (min, max: "n" times when min = max) /
 *   and / not (lookaheads) / lit (ignoreCase) / class / any / ref (peggy rule name).
 * Groups, labels and text captures are transparent. Every node carries `at`, the offsets in the
 * .peggy file of the outermost peggy node it stands for (a group's parentheses included), so the
 * trace (src/web/lib/trace.ts) can name the exact piece of the grammar file each of its steps
 * took, and the browser test can check it against the file.
 */
export function pegExpression(node) {
  const expr = pegNode(node);
  expr.at = [node.location.start.offset, node.location.end.offset];
  return expr;
}

function pegNode(node) {
  switch (node.type) {
    case "sequence":
      return { t: "seq", items: node.elements.map(pegExpression) };
    case "choice":
      return { t: "choice", items: node.alternatives.map(pegExpression) };
    case "optional":
      return { t: "opt", e: pegExpression(node.expression) };
    case "zero_or_more":
      return { t: "star", e: pegExpression(node.expression) };
    case "one_or_more":
      return { t: "plus", e: pegExpression(node.expression) };
    case "repeated": {
      // peggy 3: `e|n|` has min null and max n; `e|a..b|` has both; a missing bound is open.
      const max = node.max ? constant(node.max) : null;
      const min = node.min ? constant(node.min) : max;
      if (node.delimiter) throw new Error("a repetition with a delimiter is not used by the grammars");
      return { t: "rep", min: min ?? 0, max, e: pegExpression(node.expression) };
    }
    case "simple_and":
      return { t: "and", e: pegExpression(node.expression) };
    case "simple_not":
      return { t: "not", e: pegExpression(node.expression) };
    case "literal":
      return { t: "lit", v: node.value, i: node.ignoreCase };
    case "class":
      return { t: "class", parts: node.parts, inv: node.inverted, i: node.ignoreCase };
    case "any":
      return { t: "any" };
    case "rule_ref":
      return { t: "ref", name: node.name };
    case "group":
    case "labeled":
    case "text":
    case "named":
      return pegExpression(node.expression);
    default:
      throw new Error(`the explorer does not draw the peggy node type "${node.type}" (scripts/site/peg-rules.mjs)`);
  }
}

function constant(bound) {
  if (bound.type !== "constant") throw new Error(`a repetition bound of type ${bound.type} is not used by the grammars`);
  return bound.value;
}

function referencedRules(expr, out = []) {
  if (expr.t === "ref") {
    if (!out.includes(expr.name)) out.push(expr.name);
  } else if (expr.items) for (const x of expr.items) referencedRules(x, out);
  else if (expr.e) referencedRules(expr.e, out);
  return out;
}

/** Every rule of one .peggy source: { [pegName]: { expr, source, line, at, uses } } (`at`: the rule's offsets in the file). */
export function pegRules(source, file) {
  const ast = peggy.parser.parse(source, { grammarSource: file });
  const out = {};
  for (const rule of ast.rules) {
    const expr = pegExpression(rule.expression);
    out[rule.name] = {
      expr,
      source: source.slice(rule.location.start.offset, rule.location.end.offset).trimEnd(),
      line: rule.location.start.line,
      at: [rule.location.start.offset, rule.location.end.offset],
      uses: referencedRules(expr),
    };
  }
  return out;
}
