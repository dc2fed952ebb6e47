// build / label-errors (scripts/scanner/passes/label-errors.mjs): each rule's one-character inputs
// are those peggy accepts from it; the rule stacks are a tree (each stack's parent before it) whose
// labels name, where an input stops, the rules it was in.
import { classesOf, type Compilation, MINI, passTests, referenceParser } from "../support/compiler";

function problems(c: Compilation): string[] {
  const { stackParent, stackName, stateLabel, oneChar } = c.labels;
  const ref = referenceParser(MINI, c.names);
  const out: string[] = [];
  for (const r of c.grammar.rules as { name: string }[]) {
    let want = "";
    for (let ch = 0x20; ch < 0x7f; ch++) if (ref.parse(String.fromCharCode(ch), r.name) !== null) want += String.fromCharCode(ch);
    if (oneChar[r.name] !== want) out.push(`${r.name} alone: ${JSON.stringify(oneChar[r.name])}, not ${JSON.stringify(want)}`);
  }
  stackParent.forEach((p: number, i: number) => i > 0 && !(p >= 0 && p < i) && out.push(`stack ${i}'s parent ${p}`));
  if (stateLabel.length !== c.dfa.trans.length) out.push("a label per state");
  // "a%z" stops at its z, where ref's path's segment's pct wanted a HEXDIG.
  const classes = classesOf(c, "a%z");
  let s = c.dfa.starts.ref;
  for (const k of classes.slice(0, 2)) s = c.dfa.trans[s][k];
  const stack: string[] = [];
  for (let l = stateLabel[s]; l > 0; l = stackParent[l]) stack.unshift(stackName[l]);
  if (stack.join(" > ") !== "ref > path > segment > pct > HEXDIG") out.push(`"a%" stops in ${stack.join(" > ")}`);
  return out;
}

passTests("label-errors", problems, "each rule's characters alone are peggy's, and a stopped input's label names its rules", { what: "a character that only starts a longer match counted as a whole input", from: "if (accept[trans[start][classOfAscii[ch]]])", to: "if (trans[start][classOfAscii[ch]] !== 0)" });
