// build / list-decisions (scripts/scanner/passes/list-decisions.mjs): every decision the walk makes,
// in walk order, and whether it sits inside a repetition (directly or through the rules called there).
import { type Compilation, passTests } from "../support/compiler";

/** MINI's decisions: rule, inside a repetition. */
const EXPECTED = [
  ["ref", false], // (scheme ":" &...)?
  ["ref", false], // ("#" frag)?
  ["scheme", true], // (ALPHA / DIGIT / "+")* goes on
  ["scheme", true], // ALPHA
  ["scheme", true], // DIGIT
  ["path", true], // (segment "/")* goes on
  ["segment", true], // entered from path's repetition
  ["segment", true],
  ["segment", true],
  ["frag", true], // ALPHA+ goes on
];

function problems(c: Compilation): string[] {
  const got = c.decisions.list.map((d: { rule: string; inLoop: boolean }) => [d.rule, d.inLoop]);
  const out = JSON.stringify(got) === JSON.stringify(EXPECTED) ? [] : [`decisions ${JSON.stringify(got)}`];
  // pct, its helpers and segment are entered from inside a repetition; ref and path are not.
  for (const r of ["segment", "pct", "ALPHA", "DIGIT", "HEX"]) if (!c.decisions.loopRules.has(r)) out.push(`${r} not entered from a repetition`);
  for (const r of ["ref", "path"]) if (c.decisions.loopRules.has(r)) out.push(`${r} entered from a repetition`);
  return out;
}

passTests("list-decisions", problems, "lists MINI's ten decisions in walk order, each inside a repetition or not", { what: "no decision inside a repetition", from: "return { list: decisions, calls, loopRules };", to: "return { list: decisions.map((d) => ({ ...d, inLoop: false })), calls, loopRules };" });
