// The walk: TypeScript functions that follow peggy's successful run over an input the DFA has
// accepted, asking, wherever peggy would try something, the decision's question: dom(e) at the
// current position. It consumes each character once and never backtracks.
//
// Per rule, one function, rule_X(w, p, parent): it builds the rule's derivation node (the same nodes
// peggy's traced parser builds), or, under a filter (w.keep), only the nodes it keeps: a node it
// refuses leaves its children to its parent. A filter that is a set of rule names decides by name
// alone, before the rule runs: a refused rule then writes its children into its parent's list. (The ASTs do not come from here: the tagged DFAs of
// scripts/scanner/tdfa.mjs record what they read in the scan; the walk serves tree: true, explain
// and the explorer's views.)
// `w` is the revision's scanner (src/scanner/scanner.ts), which holds the input, the tables and the
// questions. A question is asked by `w.ask(d, p)`: first a table lookup on the class of the next
// character (FIRST: yes, no, or "one character does not tell"; column K is the end of the input,
// K+1 past it, always no), and only when one character does not tell, `w.decide(d, p)`, which runs
// the decision's own DFA from p until it is certain. A choice becomes one `switch` on the
// alternative the next character's class selects (w.alternative, ALTERNATIVE), falling back to
// asking in order where one character does not tell.
import { visitDecisions } from "./decisions.mjs";

/** A JavaScript identifier for a rule's function (`void` is a rule of draft-1993). */
export function ruleFunction(pegName) {
  return `rule_${pegName}`;
}

/** Column values of ALTERNATIVE and LENGTH: "one character does not tell, ask in order". */
const UNDECIDED = 255;

/**
 * @param ruleList the grammar's rules (peggy AST), in order
 * @param decisions per decision (listDecisions order): { ll1: Uint8Array of K + 2 answers (0 no, 1 yes, 2 does not tell) }
 * @param decisionIds Map expression -> decision number
 * @param publishedNames Map pegName -> name in the derivation (published name)
 * @param K the number of character classes
 * @returns { code, first: Uint8Array (decision * (K + 2) + column -> answer), alternatives: Uint8Array (choice table), choices }
 */
export function emitWalk(ruleList, decisions, decisionIds, publishedNames, K) {
  const width = K + 2;
  const first = new Uint8Array(decisions.length * width);
  decisions.forEach((d, i) => first.set(d.ll1, i * width));
  const choiceTables = [];
  const addTable = (t) => {
    choiceTables.push(t);
    return (choiceTables.length - 1) * width;
  };

  const decision = (expr) => {
    const d = decisionIds.get(expr);
    if (d === undefined) throw new Error("scanner: an expression without a decision");
    return d;
  };
  const ask = (expr) => `w.ask(${decision(expr)}, p)`;
  const answer = (expr, c) => decisions[decision(expr)].ll1[c];

  /** Code that walks e from p (a local). */
  const gen = (e, indent, loop) => {
    const pad = "  ".repeat(indent);
    switch (e.type) {
      case "literal":
        return e.value.length > 0 ? `${pad}p += ${e.value.length};\n` : "";
      case "class":
      case "any":
        return `${pad}p += 1;\n`;
      case "sequence":
        return e.elements.map((x) => gen(x, indent, loop)).join("");
      case "choice": {
        const alts = e.alternatives;
        // The alternative each column selects: the first whose question says yes, unless one before
        // it cannot tell from one character.
        const table = new Uint8Array(width);
        for (let c = 0; c < width; c++) {
          let chosen = alts.length - 1;
          for (let i = 0; i < alts.length - 1; i++) {
            const a = answer(alts[i], c);
            if (a === 2) {
              chosen = UNDECIDED;
              break;
            }
            if (a === 1) {
              chosen = i;
              break;
            }
          }
          table[c] = chosen;
        }
        const inOrder = alts
          .slice(0, -1)
          .map((a, i) => `${ask(a)} ? ${i} : `)
          .join("");
        const offset = addTable(table);
        const cases = alts.map((a, i) => `${pad}  ${i === alts.length - 1 ? "default" : `case ${i}`}: {\n${gen(a, indent + 2, loop)}${pad}    break;\n${pad}  }\n`).join("");
        const pick = table.includes(UNDECIDED) ? `(w.alternative[${offset} + w.at(p)] === ${UNDECIDED} ? ${inOrder}${alts.length - 1} : w.alternative[${offset} + w.at(p)])` : `w.alternative[${offset} + w.at(p)]`;
        return `${pad}switch (${pick}) {\n${cases}${pad}}\n`;
      }
      case "optional":
        return `${pad}if (${ask(e.expression)}) {\n${gen(e.expression, indent + 1, loop)}${pad}}\n`;
      case "zero_or_more":
        return `${pad}while (${ask(e.expression)}) {\n${gen(e.expression, indent + 1, loop + 1)}${pad}}\n`;
      case "one_or_more":
        return `${pad}do {\n${gen(e.expression, indent + 1, loop + 1)}${pad}} while (${ask(e.expression)});\n`;
      case "repeated": {
        const max = e.max.value;
        const i = `i${loop}`;
        const body = gen(e.expression, indent + 1, loop + 1);
        if (e.min === null) return `${pad}for (let ${i} = 0; ${i} < ${max}; ${i}++) {\n${body}${pad}}\n`;
        const min = e.min.value;
        const required = min > 0 ? `${pad}for (let ${i} = 0; ${i} < ${min}; ${i}++) {\n${body}${pad}}\n` : "";
        const more = max === null ? `${pad}while (${ask(e.expression)}) {\n${body}${pad}}\n` : `${pad}for (let ${i} = ${min}; ${i} < ${max} && ${ask(e.expression)}; ${i}++) {\n${body}${pad}}\n`;
        return required + more;
      }
      case "simple_and":
      case "simple_not":
        return ""; // holds in an accepted input; consumes nothing
      case "rule_ref": {
        return `${pad}p = ${ruleFunction(e.name)}(w, p, out);\n`;
      }
      case "group":
      case "labeled":
      case "text":
      case "named":
      case "action":
        return gen(e.expression, indent, loop);
      default:
        throw new Error(`scanner: unsupported PEG expression "${e.type}"`);
    }
  };

  const out = [];
  ruleList.forEach((r, k) => {
    // Check that the decision numbering of listDecisions and this walk agree.
    visitDecisions(r.expression, false, (expr) => decision(expr), () => undefined);
    const name = JSON.stringify(publishedNames.get(r.name) ?? r.name);
    // w.mode[k] (set by walk() per call): 0 the node is kept, 1 it is refused whatever its span (its
    // children go straight into the parent's list: no list of its own, no filter call), 2 the filter decides.
    out.push(
      `function ${ruleFunction(r.name)}(w: Scanner, p: number, parent: DerivationNode[]): number {`,
      `  const start = p;\n  const mode = w.mode[${k}];\n  const out: DerivationNode[] = mode === 1 ? parent : [];`,
      gen(r.expression, 1, 0).trimEnd(),
      `  if (mode === 0) parent.push({ rule: ${name}, start, end: p, children: out });\n  else if (mode === 2) w.keepOrLift(parent, ${name}, start, p, out);`,
      `  return p;`,
      `}`,
      "",
    );
  });
  const alternatives = new Uint8Array(choiceTables.length * width);
  choiceTables.forEach((t, i) => alternatives.set(t, i * width));
  return { code: out.join("\n"), first, alternatives };
}
