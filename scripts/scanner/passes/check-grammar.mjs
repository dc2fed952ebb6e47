// @ts-check
// check / check-grammar: what the construction needs of a grammar, every problem reported at once:
// each rule defined once, each reference to a rule that exists, no rule that reaches itself (the
// scanner is a DFA: a grammar with recursion is not regular, and the continuation graph would not
// end), and only the PEG expressions the construction knows (no semantic predicates, repetition
// bounds that are numbers, no delimiters).
import { need } from "../pipeline.mjs";

/** The expressions the construction reads (scripts/scanner/continuations.mjs, emit-walk.mjs). */
const KNOWN = new Set(["literal", "class", "any", "sequence", "choice", "optional", "zero_or_more", "one_or_more", "repeated", "simple_and", "simple_not", "group", "labeled", "text", "named", "action", "rule_ref"]);

/** @type {import("../compilation").Pass<"checked">} */
export const checkGrammar = {
  name: "check-grammar",
  stage: "check",
  key: "checked",
  summary: "each rule once, each reference known, no recursion, only the expressions a DFA can take",
  run(c, session) {
    const { rules } = need(c, "grammar");
    const names = need(c, "names");
    /** @param {{ location?: { start: { line: number; column: number } } }} node */
    const at = (node) => (node.location ? `${c.file}:${node.location.start.line}:${node.location.start.column}: ` : "");
    const defined = new Set();
    for (const r of rules) {
      if (defined.has(r.name)) session.error(`${at(r)}rule ${r.name} is defined twice`);
      defined.add(r.name);
    }
    /** @type {Map<string, string[]>} */
    const calls = new Map();
    let references = 0;
    for (const r of rules) {
      /** @type {string[]} */
      const out = [];
      /** @param {any} e */
      const visit = (e) => {
        if (!KNOWN.has(e.type)) return void session.error(`${at(e)}rule ${r.name} uses a ${e.type.replace(/_/g, " ")}, which a DFA cannot take`);
        if (e.type === "repeated") {
          if (e.delimiter) session.error(`${at(e)}rule ${r.name} repeats with a delimiter, which the scanner does not take`);
          for (const b of [e.min, e.max]) if (b && b.type !== "constant") session.error(`${at(e)}rule ${r.name} repeats a number of times that is not a number (${b.type})`);
        }
        if (e.type === "rule_ref") {
          references++;
          if (!defined.has(e.name)) session.error(`${at(e)}rule ${r.name} refers to ${e.name}, which is not defined`);
          else if (!out.includes(e.name)) out.push(e.name);
        }
        if (e.type === "sequence") e.elements.forEach(visit);
        else if (e.type === "choice") e.alternatives.forEach(visit);
        else if (e.expression) visit(e.expression);
      };
      visit(r.expression);
      calls.set(r.name, out);
    }
    // Recursion: a depth-first walk of the call graph; a call back onto the stack is a cycle.
    /** @type {Map<string, readonly string[]>} the longest chain of calls from each rule */
    const longest = new Map();
    /** @type {string[]} */
    const stack = [];
    const reported = new Set();
    /** @param {string} r @returns {readonly string[]} */
    const chain = (r) => {
      const known = longest.get(r);
      if (known) return known;
      const i = stack.indexOf(r);
      if (i >= 0) {
        const cycle = [...stack.slice(i), r].map((n) => names.get(n) ?? n);
        const key = [...cycle].sort().join(" ");
        if (!reported.has(key)) session.error(`rule ${cycle[0]} reaches itself (${cycle.join(" > ")}): a DFA cannot take recursion`);
        reported.add(key);
        return [];
      }
      stack.push(r);
      let best = /** @type {readonly string[]} */ ([]);
      for (const callee of calls.get(r) ?? []) {
        const sub = chain(callee);
        if (sub.length > best.length) best = sub;
      }
      stack.pop();
      const mine = [names.get(r) ?? r, ...best];
      longest.set(r, mine);
      return mine;
    };
    let longestChain = /** @type {readonly string[]} */ ([]);
    for (const r of rules) {
      const ch = chain(r.name);
      if (ch.length > longestChain.length) longestChain = ch;
    }
    return { rules: rules.length, references, longestChain };
  },
  dump(checked) {
    return [`${checked.rules} rules, ${checked.references} references, each to a rule defined once; no recursion`, `the longest chain of calls (${checked.longestChain.length} rules): ${checked.longestChain.join(" > ")}`].join("\n");
  },
};
