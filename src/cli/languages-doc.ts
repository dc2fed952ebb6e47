// The generated part of docs/languages.md: the fidelity proof of every revision and the language
// comparison of every pair of revisions, as tables. scripts/write-languages-doc.mjs writes it;
// test/fidelity-proof.test.ts fails when the committed tables are not what the code gives now.
// No timings here (they change from run to run): `npm run bench` reports those.
import { diffRules } from "../ops/diff";
import { proveFidelity } from "../ops/fidelity-proof";
import { compareLanguages } from "../ops/language-diff";
import { publishedGrammarFile } from "../published";
import { getRevision, SPEC_IDS } from "../revisions";

const START = "<!-- generated:start -->";
const END = "<!-- generated:end -->";

function cell(s: string): string {
  return s.replace(/\|/g, "\\|");
}

function code(s: string): string {
  const shown = JSON.stringify(s);
  return "`` " + cell(shown) + " ``";
}

/** The generated block of docs/languages.md (between its markers); `witnessesTsv`: test/data/languages/witnesses.tsv. */
export function languagesMarkdown(witnessesTsv: string): string {
  const out: string[] = [START, "", "## Fidelity, proved: the PEG of each revision against its published grammar", ""];
  out.push("`uri-grammars fidelity --prove`. States: of the minimal DFA of the PEG's rule and of the published rule (equal languages have equal minimal DFAs).", "");
  out.push("| revision | published grammar | rules | proved equal | documented deviations | undocumented | not compiled |", "|---|---|--:|--:|--:|--:|--:|");
  const proofs = SPEC_IDS.filter((id) => publishedGrammarFile(id)).map((spec) => {
    const p = proveFidelity({ spec });
    if (p instanceof Error) throw p;
    return p;
  });
  for (const p of proofs) out.push(`| ${p.spec} | \`${p.file}\` | ${p.rules.length} | ${p.counts.equal} | ${p.counts.documented} | ${p.counts.undocumented} | ${p.counts["not-compiled"]} |`);
  for (const p of proofs) {
    out.push("", `### ${p.spec}`, "", "| rule | verdict | states |", "|---|---|--:|");
    for (const r of p.rules) {
      const verdict = r.verdict === "equal" ? "proved equal" : r.verdict === "documented" ? `documented: ${r.witnesses.map((w) => code(w.input)).join(", ")}` : `${r.verdict}${r.reason ? `: ${cell(r.reason)}` : ""}`;
      const states = r.states.peg === r.states.published ? String(r.states.peg) : `${r.states.peg} / ${r.states.published}`;
      out.push(`| ${r.rule} | ${verdict} | ${states} |`);
    }
  }
  out.push("", "## Every pair of revisions: the languages they share", "");
  out.push(`\`uri-grammars diff --languages A B\`. Rules: the published rules both revisions have (by name). Components: each revision's rule for the component (its descriptor's component map). Reference: what \`validate()\` decides without a rule (scheme-aware for ${SPEC_IDS.filter((id) => getRevision(id)!.schemeProductions).join(", ")}).`, "");
  out.push("| A -> B | consecutive | whole reference | components equal / different | shared rules | equal | different | not compiled | product pairs (sum) |", "|---|:-:|---|--:|--:|--:|--:|--:|--:|");
  const details: string[] = [];
  for (let i = 0; i < SPEC_IDS.length; i++)
    for (let j = i + 1; j < SPEC_IDS.length; j++) {
      const a = getRevision(SPEC_IDS[i])!;
      const b = getRevision(SPEC_IDS[j])!;
      const d = compareLanguages(a, b);
      const of = (kind: string, verdict: string) => d.comparisons.filter((c) => c.kind === kind && c.verdict === verdict).length;
      const rules = d.comparisons.filter((c) => c.kind === "rule");
      const reference = d.comparisons.find((c) => c.kind === "reference")!;
      const pairs = d.comparisons.reduce((s, c) => s + c.states.product, 0);
      out.push(`| ${a.id} -> ${b.id} | ${j === i + 1 ? "yes" : ""} | ${reference.verdict} | ${of("component", "equal")} / ${of("component", "different")} | ${rules.length} | ${of("rule", "equal")} | ${of("rule", "different")} | ${of("rule", "not-compiled")} | ${pairs} |`);
      if (j !== i + 1) continue;
      const changed = new Set(diffRules(a, b).changed.map((x) => x.name));
      const reworded = rules.filter((c) => c.verdict === "equal" && changed.has(c.name)).map((c) => c.name);
      const sameText = rules.filter((c) => c.verdict === "different" && !changed.has(c.name)).map((c) => c.name);
      details.push("", `### ${a.id} -> ${b.id}`, "");
      details.push(`- reworded, same language: ${reworded.length > 0 ? reworded.join(", ") : "(none)"}`);
      details.push(`- same text up to notation, different language (a rule it uses changed): ${sameText.length > 0 ? sameText.join(", ") : "(none)"}`);
      details.push(`- the shortest strings of the whole reference only one accepts: only ${a.id} ${reference.onlyA.map((w) => code(w.input)).join(", ") || "(none)"}; only ${b.id} ${reference.onlyB.map((w) => code(w.input)).join(", ") || "(none)"}`);
      const different = d.comparisons.filter((c) => c.kind === "component" && c.verdict === "different").map((c) => c.name);
      const equal = d.comparisons.filter((c) => c.kind === "component" && c.verdict === "equal").map((c) => c.name);
      details.push(`- components: equal ${equal.join(", ") || "(none)"}; different ${different.join(", ") || "(none)"}`);
    }
  out.push(...details);
  out.push("", "## Instructive witnesses", "", "From `test/data/languages/witnesses.tsv`; the tests check that `diff --languages` shows each of them and that `validate()` confirms it.", "");
  out.push("| A -> B | language | witness | only | what it shows |", "|---|---|---|---|---|");
  for (const line of witnessesTsv.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [a, b, language, field, only, why] = line.split("\t");
    const input = field.startsWith('"') ? (JSON.parse(field) as string) : field;
    out.push(`| ${a} -> ${b} | ${language} | ${code(input)} | ${only} | ${cell(why)} |`);
  }
  out.push("", END);
  return out.join("\n");
}
