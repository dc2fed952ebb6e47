// The walk: one TypeScript function per rule that follows peggy's successful run over an input the
// DFA has accepted, asking `decide(d, p)` (dom of decision d at position p) wherever peggy would try
// something. It consumes each character once and never backtracks; it builds a derivation node for
// the rules the AST builder reads (the grammar's @ast-nodes), or for every rule when a derivation
// tree is asked for (the same nodes peggy's traced parser builds).
import { visitDecisions } from "./decisions.mjs";

/** A JavaScript identifier for a rule's function (`void` is a rule of draft-1993). */
export function ruleFunction(pegName) {
  return `rule_${pegName}`;
}

/**
 * @param ruleList the grammar's rules (peggy AST), in order
 * @param decisionIds Map expression -> decision number (the order of listDecisions)
 * @param astNodes Set of pegNames that always build a node
 * @param publishedNames Map pegName -> name in the derivation (published name)
 */
export function emitWalk(ruleList, decisionIds, astNodes, publishedNames) {
  const out = [];
  for (const r of ruleList) {
    let loopDepth = 0;
    const decision = (expr) => {
      const d = decisionIds.get(expr);
      if (d === undefined) throw new Error(`scanner: no decision for an expression of ${r.name}`);
      return d;
    };
    const gen = (e, indent) => {
      const pad = "  ".repeat(indent);
      switch (e.type) {
        case "literal":
          return e.value.length > 0 ? `${pad}p += ${e.value.length};\n` : "";
        case "class":
        case "any":
          return `${pad}p += 1;\n`;
        case "sequence":
          return e.elements.map((x) => gen(x, indent)).join("");
        case "choice": {
          let code = "";
          e.alternatives.forEach((alt, i) => {
            const last = i === e.alternatives.length - 1;
            const head = i === 0 ? `${pad}if (decide(${decision(alt)}, p)) {\n` : last ? `${pad}} else {\n` : `${pad}} else if (decide(${decision(alt)}, p)) {\n`;
            code += head + gen(alt, indent + 1);
          });
          return `${code}${pad}}\n`;
        }
        case "optional":
          return `${pad}if (decide(${decision(e.expression)}, p)) {\n${gen(e.expression, indent + 1)}${pad}}\n`;
        case "zero_or_more":
          return `${pad}while (decide(${decision(e.expression)}, p)) {\n${gen(e.expression, indent + 1)}${pad}}\n`;
        case "one_or_more":
          return `${pad}do {\n${gen(e.expression, indent + 1)}${pad}} while (decide(${decision(e.expression)}, p));\n`;
        case "repeated": {
          const max = e.max.value;
          const i = `i${loopDepth++}`;
          const body = gen(e.expression, indent + 1);
          loopDepth--;
          if (e.min === null) return `${pad}for (let ${i} = 0; ${i} < ${max}; ${i}++) {\n${body}${pad}}\n`;
          const min = e.min.value;
          const required = min > 0 ? `${pad}for (let ${i} = 0; ${i} < ${min}; ${i}++) {\n${body}${pad}}\n` : "";
          const more = max === null ? `${pad}while (decide(${decision(e.expression)}, p)) {\n${body}${pad}}\n` : `${pad}for (let ${i} = ${min}; ${i} < ${max} && decide(${decision(e.expression)}, p); ${i}++) {\n${body}${pad}}\n`;
          return required + more;
        }
        case "simple_and":
        case "simple_not":
          return ""; // holds in an accepted input; consumes nothing
        case "rule_ref":
          return `${pad}p = ${ruleFunction(e.name)}(p, out);\n`;
        case "group":
        case "labeled":
        case "text":
        case "named":
        case "action":
          return gen(e.expression, indent);
        default:
          throw new Error(`scanner: unsupported PEG expression "${e.type}"`);
      }
    };
    // Check that the decision numbering of listDecisions and this walk agree.
    visitDecisions(r.expression, false, (expr) => decision(expr), () => undefined);
    const name = JSON.stringify(publishedNames.get(r.name) ?? r.name);
    const body = gen(r.expression, 1);
    const always = astNodes.has(r.name);
    out.push(
      `function ${ruleFunction(r.name)}(p: number, parent: DerivationNode[]): number {`,
      always ? `  const start = p;\n  const out: DerivationNode[] = [];` : `  const start = p;\n  const out: DerivationNode[] = TREE ? [] : parent;`,
      body.trimEnd(),
      always ? `  parent.push({ rule: ${name}, start, end: p, children: out });` : `  if (TREE) parent.push({ rule: ${name}, start, end: p, children: out });`,
      `  return p;`,
      `}`,
      "",
    );
  }
  return out.join("\n");
}
