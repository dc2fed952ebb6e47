// The decision points of a PEG: every place where the parse chooses without knowing the rest of
// the input. A successful parse (the scanner knows the input is accepted before it walks) makes
// each choice by one question about the rest of the input, always the same for a given expression:
//
//   a1 / a2 / ... / ak   take the first ai with dom(ai)        (k-1 questions)
//   e?  e*  e+  e|m..n|  take e again while dom(e) (and the bound allows)
//
// where dom(e) = "e succeeds here" (scripts/scanner/continuations.mjs). Lookaheads ask nothing: in an
// accepted input they hold. So the walk (scripts/scanner/emit-walk.mjs) is peggy's successful run
// with every trial replaced by the answer to its question, and it never backtracks.
//
// This module lists the decision points in a fixed order (the order emit-walk.mjs visits them) and
// finds which of them sit inside a repetition, directly or through the rules called there.

const REPETITIONS = new Set(["zero_or_more", "one_or_more", "repeated"]);

/**
 * Visits the expression tree of a rule body in the walk's order, calling `onDecision(expr, inLoop)`
 * for the expression each decision asks dom(...) of, and `onRule(name, inLoop)` for each rule
 * reference. Lookahead bodies are not visited (the walk does not enter them).
 */
export function visitDecisions(e, inLoop, onDecision, onRule) {
  switch (e.type) {
    case "choice":
      e.alternatives.forEach((alt, i) => {
        if (i < e.alternatives.length - 1) onDecision(alt, inLoop);
        visitDecisions(alt, inLoop, onDecision, onRule);
      });
      return;
    case "optional":
      onDecision(e.expression, inLoop);
      visitDecisions(e.expression, inLoop, onDecision, onRule);
      return;
    case "zero_or_more":
    case "one_or_more":
      onDecision(e.expression, true);
      visitDecisions(e.expression, true, onDecision, onRule);
      return;
    case "repeated": {
      // An exact count (`e|6|`) asks nothing; a range asks whether to go on.
      const exact = e.min === null;
      if (!exact) onDecision(e.expression, true);
      visitDecisions(e.expression, true, onDecision, onRule);
      return;
    }
    case "sequence":
      for (const x of e.elements) visitDecisions(x, inLoop, onDecision, onRule);
      return;
    case "rule_ref":
      onRule(e.name, inLoop);
      return;
    case "simple_and":
    case "simple_not":
      return;
    default:
      if (e.expression) visitDecisions(e.expression, inLoop, onDecision, onRule);
  }
}

/**
 * All decision points of a grammar: [{ expr, rule, inLoop }], in rule order then walk order, and
 * the rules the walk can enter from inside a repetition (their decisions are "in a loop" too).
 */
export function listDecisions(ruleList) {
  const calls = new Map();
  for (const r of ruleList) {
    const out = [];
    visitDecisions(r.expression, false, () => undefined, (name, inLoop) => out.push([name, inLoop]));
    calls.set(r.name, out);
  }
  const loopRules = new Set();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [rule, callees] of calls) {
      for (const [callee, inLoop] of callees) {
        if ((inLoop || loopRules.has(rule)) && !loopRules.has(callee)) {
          loopRules.add(callee);
          changed = true;
        }
      }
    }
  }
  const decisions = [];
  for (const r of ruleList) {
    visitDecisions(r.expression, false, (expr, inLoop) => decisions.push({ expr, rule: r.name, inLoop: inLoop || loopRules.has(r.name) }), () => undefined);
  }
  return { decisions, calls, loopRules };
}

/**
 * How many times, at most, a walk from `start` evaluates a decision of each rule: the number of
 * call paths from the start rule to it (the grammars are not recursive, so this is finite).
 * Calls made from inside a repetition are not counted here: their decisions are bounded or answered
 * by the reverse pass (see compile-scanner.mjs).
 */
export function callPaths(calls, start) {
  const count = new Map([[start, 1]]);
  const order = [];
  const seen = new Set();
  const visit = (r) => {
    if (seen.has(r)) return;
    seen.add(r);
    for (const [callee, inLoop] of calls.get(r) ?? []) if (!inLoop) visit(callee);
    order.push(r);
  };
  visit(start);
  for (const r of order.reverse()) {
    const n = count.get(r) ?? 0;
    for (const [callee, inLoop] of calls.get(r) ?? []) if (!inLoop) count.set(callee, (count.get(callee) ?? 0) + n);
  }
  return count;
}

export { REPETITIONS };
