// The text of `diff --languages` and of `fidelity --prove`.
import type { LanguageComparison, LanguageDiff, LanguageWitness } from "../../ops/language-diff";
import type { LanguageEdit } from "../../ops/language-edit";
import type { FidelityProof, RuleProof } from "../../ops/fidelity-proof";
import type { RuleSide } from "../../ops/diff";
import { wrap } from "../table";

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** What comparisonHead() and the blocks read of a diff: the names of its two sides. */
type Sides = Pick<LanguageDiff, "comparisons" | "notes" | "milliseconds"> & { a: string; b: string };

function comparisonHead(d: Sides, c: LanguageComparison): string {
  const what = c.kind === "reference" ? "whole reference" : c.kind === "component" ? `component ${c.name}` : `rule ${c.name}`;
  const rules = c.kind === "rule" ? "" : ` (${d.a} ${c.ruleA}, ${d.b} ${c.ruleB})`;
  if (c.verdict === "not-compiled" || c.verdict === "unconfirmed") return `${what}${rules}: ${c.verdict.toUpperCase()}: ${c.note}`;
  const size = `${c.states.a} and ${c.states.b} states, ${c.states.product} pairs`;
  if (c.verdict === "equal") return `${what}${rules}: equal (${size})`;
  if (c.verdict === "undecided") return `${what}${rules}: undecided (${size}): ${c.note}`;
  return `${what}${rules}: different (${size}; causes: ${c.causes.onlyA} only ${d.a}, ${c.causes.onlyB} only ${d.b})${c.note ? `\n  note: ${c.note}` : ""}`;
}

function witnessLines(w: LanguageWitness, width: number): string[] {
  const head = `    ${JSON.stringify(w.input)}  ${w.rejectedBy} stops at offset ${w.offset}${w.rule ? ` in ${w.rule}` : ""}`;
  const out = [head];
  out.push(...wrap(w.sentence, width - 8).map((l) => `        ${l}`));
  if (w.rulesThatDiffer.length > 0) out.push(...wrap(`rules that differ on its way: ${w.rulesThatDiffer.map((r) => r.name).join(", ")}`, width - 8).map((l) => `        ${l}`));
  return out;
}

function sideText(spec: string, side: RuleSide | null): string[] {
  if (side === null) return [`      ${spec}: (no such rule)`];
  return [`      ${spec}${side.section ? ` ${side.section}` : ""}:`, ...side.text.map((t) => `          ${t}`)];
}

/** `diff --languages`: one block per language compared; with `texts`, the differing rules' published texts. */
export function languageDiffText(d: LanguageDiff, texts: boolean, width = 100): string {
  return comparisonsText(d, [`${d.a} -> ${d.b}: languages compared exactly (product of the DFAs the scanners run); every witness checked with validate() of both`, ""], texts, width);
}

/** `diff --languages <spec> --with '<rule>'`: the edits, then one block per language, A as published and B as edited. */
export function languageEditText(d: LanguageEdit, width = 100): string {
  const head = [`${d.a} -> ${d.b}: the published grammar (${d.file}, ${d.notation}) with ${plural(d.rules.length, "rule")} rewritten; languages compared exactly (product of the DFAs compiled from the published rules); every witness checked by the Earley recognizer on both grammars`, ""];
  for (const r of d.rules) {
    head.push(`${r.before ? "replaced" : "added"}: ${r.name}`);
    if (r.before) head.push(...sideText(`${d.a}`, r.before));
    head.push(...sideText(d.b, r.after));
  }
  head.push("", `only ${d.a} accepts = lost by the edit; only ${d.b} accepts = gained`, "");
  return comparisonsText(d, head, false, width);
}

function comparisonsText(d: Sides, head: string[], texts: boolean, width: number): string {
  const out: string[] = [...head];
  for (const c of d.comparisons) {
    out.push(comparisonHead(d, c));
    for (const [label, list] of [[`only ${d.a} accepts`, c.onlyA], [`only ${d.b} accepts`, c.onlyB]] as const) {
      if (list.length === 0) continue;
      out.push(`  ${label}:`);
      for (const w of list) out.push(...witnessLines(w, width));
    }
    if (texts) {
      const seen = new Map<string, LanguageWitness["rulesThatDiffer"][number]>();
      for (const w of [...c.onlyA, ...c.onlyB]) for (const r of w.rulesThatDiffer) if (!seen.has(r.name)) seen.set(r.name, r);
      if (seen.size > 0) {
        out.push("  the rules that differ, as published:");
        for (const r of seen.values()) out.push(`    ${r.name}`, ...sideText(d.a, r.a), ...sideText(d.b, r.b));
      }
    }
  }
  const count = (v: LanguageComparison["verdict"]) => d.comparisons.filter((c) => c.verdict === v).length;
  out.push("", `${plural(d.comparisons.length, "language")}: ${count("equal")} equal, ${count("different")} different, ${count("not-compiled")} not compiled${count("undecided") > 0 ? `, ${count("undecided")} undecided` : ""}${count("unconfirmed") > 0 ? `, ${count("unconfirmed")} UNCONFIRMED` : ""}; ${(d.milliseconds / 1000).toFixed(2)} s`);
  for (const n of d.notes) out.push(`note: ${n}`);
  return out.join("\n") + "\n";
}

function proofRow(r: RuleProof, w: number): string[] {
  const verdict = r.verdict === "equal" ? "proved equal" : r.verdict === "documented" ? "documented deviation" : r.verdict.toUpperCase();
  const states = r.verdict === "not-compiled" ? "-" : `${r.states.peg} / ${r.states.published} / ${r.states.product}`;
  const out = [`  ${r.rule.padEnd(w)}  ${verdict.padEnd(20)}  ${states}`];
  if (r.reason) out.push(`      ${r.reason}`);
  if (r.sampling) out.push(`      sampled instead: ${r.sampling.tried} strings, ${r.sampling.disagreements} undocumented disagreements${r.sampling.first !== null ? ` (first ${JSON.stringify(r.sampling.first)})` : ""}`);
  for (const x of r.witnesses) {
    out.push(`      ${JSON.stringify(x.input)}: the PEG ${x.peg ? "accepts" : "rejects"}, the published rule ${x.published ? "accepts" : "rejects"}; ${x.sentence}`);
    out.push(x.deviation ? `        documented: deviations.tsv ${x.deviation.rule} /${x.deviation.match}/ (${x.deviation.section}) "${x.deviation.words}"` : "        listed nowhere in grammar/<spec>/deviations.tsv");
  }
  return out;
}

/** `fidelity --prove`: per revision, each rule's verdict with the states of both DFAs and the product. */
export function proofText(p: FidelityProof): string {
  const c = p.counts;
  const lines = [
    `${p.spec} (${p.file}): ${plural(p.rules.length, "rule")}: ${c.equal} proved equal, ${c.documented} documented deviations, ${c.undocumented} undocumented, ${c["not-compiled"]} not compiled${c.unconfirmed > 0 ? `, ${c.unconfirmed} UNCONFIRMED` : ""}; ${(p.milliseconds / 1000).toFixed(2)} s`,
  ];
  const w = Math.max(4, ...p.rules.map((r) => r.rule.length));
  lines.push(`  ${"rule".padEnd(w)}  ${"verdict".padEnd(20)}  states: PEG / published / product pairs`);
  for (const r of p.rules) lines.push(...proofRow(r, w));
  for (const d of p.unusedDeviations) lines.push(`  deviations.tsv lists ${d.rule} /${d.match}/ (${d.section}), but no difference matches it`);
  return lines.join("\n") + "\n";
}
