// The repairs table: every deliberate repair of garbled source text, collected from the grammar
// annotations (`@repair` + `@seed`) of every revision. grammar/REPAIRS.md is this, written by
// `npm run repairs`; a test fails when the committed file is stale.
import { specs } from "./index";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

export function repairsMarkdown(): string {
  const lines = [
    "# Repairs of the source text",
    "",
    "Every place where a seed's grammar text is garbled or contradictory and the transcription repairs",
    "it on purpose. Each row gives the seed's own words; the rule's annotation in `grammar/<spec>/grammar.peggy`",
    "says the same. Generated from those annotations by `npm run repairs`; do not edit by hand.",
    "",
    "| spec | rule | section | the seed's words | repair |",
    "|---|---|---|---|---|",
  ];
  let count = 0;
  for (const s of specs()) {
    for (const r of s.rules) {
      for (const rep of r.repairs) {
        count++;
        lines.push(`| ${s.id} | \`${cell(r.published ?? r.pegName)}\` | ${cell(r.section ?? "")} | \`${cell(rep.seed)}\` | ${cell(rep.repair)} |`);
      }
    }
  }
  // The revisions with a repair, not every revision: a revision added without one leaves the file as it is.
  const repaired = specs().filter((s) => lines.some((l) => l.startsWith(`| ${s.id} |`)));
  lines.push("", `${count} repairs in ${repaired.length} revisions (${repaired.map((s) => s.id).join(", ")}); every other revision has none.`, "");
  return lines.join("\n");
}
