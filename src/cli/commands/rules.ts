import type { Command } from "commander";
import { runFidelity } from "../../ops/fidelity";
import { findPublishedRule, loadPublishedGrammar, pegRuleText, publishedGrammarFile, showExpr, type PublishedRule } from "../../published";
import { findNamedRule, getRevision, type Revision, type RuleInfo } from "../../revisions";
import { EXIT_VALID, type CommandContext } from "../io";
import { resolveSpecAndRule, specOption } from "../options";
import { jsonAnswer } from "../json";

function publishedRuleOf(spec: string, rule: RuleInfo): { rule: PublishedRule; file: string; notation: string } | null {
  const r = loadPublishedGrammar(spec);
  if (!r || !r.ok || !rule.published) return null;
  const p = findPublishedRule(r.grammar, rule.published);
  return p ? { rule: p, file: r.grammar.file, notation: r.grammar.notation } : null;
}

/** `@peg` notes that say the shape differs (a note starting "none" says it does not). */
function reshaped(rule: RuleInfo): string[] {
  return rule.peg.filter((p) => !/^none\b/.test(p));
}

function kindNote(rule: RuleInfo): string {
  const notes: string[] = [];
  if (rule.kind === "core") notes.push("core rule of the notation");
  if (rule.kind === "helper") notes.push("helper, not in the document");
  if (rule.repairs.length > 0) notes.push("repaired");
  if (reshaped(rule).length > 0 && rule.kind !== "helper") notes.push("PEG reshaped");
  return notes.join(", ");
}

export function ruleList(revision: Revision): string {
  const published = publishedGrammarFile(revision.id);
  const head = `${revision.id}  ${revision.notation}; ${revision.rules.length} rules from ${revision.grammarSection}\n` +
    `  as published: ${published ? `grammar/${published.file}` : "(no published-grammar file yet)"}; PEG: grammar/${revision.id}/grammar.peggy\n\n`;
  const names = revision.rules.map((r) => r.published ?? r.pegName);
  const w = Math.max(...names.map((n) => n.length));
  // Long sections (core rules: "RFC 2234 §6.1 ...") overflow rather than widen every row.
  const sw = Math.min(24, Math.max(...revision.rules.map((r) => (r.section ?? "").length)));
  const rows = revision.rules.map((r, i) => {
    const note = kindNote(r);
    const top = names[i] === revision.topRule ? "  (top rule)" : "";
    return `  ${names[i].padEnd(w)}  ${(r.section ?? "").padEnd(sw)}${note ? `  ${note}` : ""}${top}`.trimEnd();
  });
  return `${head}${rows.join("\n")}\n\nShow one rule, as published and as transcribed: uri-grammars rules --spec ${revision.id} ${revision.topRule}\n`;
}

export function ruleDetail(revision: Revision, rule: RuleInfo): string {
  const name = rule.published ?? rule.pegName;
  const out: string[] = [];
  out.push(`${name}  —  ${revision.id} ${rule.section ?? ""}${rule.kind === "core" ? " (core rule)" : rule.kind === "helper" ? " (helper rule, not in the document)" : ""}`);
  out.push("");
  const pub = publishedRuleOf(revision.id, rule);
  if (pub) {
    out.push(`As published (${pub.notation}; ${pub.rule.file ?? pub.file}:${pub.rule.line}${pub.rule.section ? `, ${pub.rule.section}` : ""}):`);
    for (const l of pub.rule.text) out.push(`    ${l}`);
    out.push("");
    out.push(`Read as (ABNF-style, "%s" = case-sensitive literal; what the fidelity check runs):`);
    out.push(`    ${pub.rule.name} = ${showExpr(pub.rule.expr)}`);
  } else if (rule.text.length > 0) {
    out.push(`As published (from the annotation in grammar/${revision.id}/grammar.peggy):`);
    for (const l of rule.text) out.push(`    ${l}`);
  }
  out.push("");
  const peg = pegRuleText(revision.id, rule.pegName);
  if (peg) {
    out.push(`PEG transcription (${peg.file}:${peg.line}${rule.pegName !== name ? `; peggy spells it ${rule.pegName}` : ""}):`);
    for (const l of peg.text) out.push(`    ${l}`);
  }
  const differs = reshaped(rule);
  if (rule.kind === "helper") {
    out.push("");
    out.push("Why this helper exists:");
    for (const p of rule.peg) out.push(`  - ${p}`);
  } else if (differs.length > 0) {
    out.push("");
    out.push("Why the PEG differs:");
    for (const p of differs) out.push(`  - ${p}`);
  } else {
    out.push("");
    const why = rule.peg.find((p) => /^none\b/.test(p));
    out.push(`The PEG keeps the published shape${why ? `: ${why.replace(/^none[:;,]?\s*/, "")}` : "."}`);
  }
  if (rule.repairs.length > 0) {
    out.push("");
    out.push("Repairs of the published text:");
    for (const r of rule.repairs) {
      out.push(`  - ${r.repair}`);
      out.push(`    the document's words: ${r.seed}`);
    }
  }
  if (pub && rule.published) {
    const f = runFidelity({ spec: revision.id, count: 200, countOther: 200, seed: 1, rules: [rule.published] });
    if (!(f instanceof Error)) {
      const x = f.rules[0];
      out.push("");
      const d = x.firstDisagreement;
      out.push(
        d
          ? `Fidelity: ${x.agreements} of ${x.tried} generated strings agree; first disagreement ${JSON.stringify(d.input)}: PEG ${d.peg ? "valid" : "invalid"}, published grammar ${d.bnf ? "valid" : "invalid"}.`
          : `Fidelity: the PEG and the published grammar agree on all ${x.tried} generated strings (seed 1; more: uri-grammars fidelity --spec ${revision.id}).`,
      );
    }
  }
  return out.join("\n") + "\n";
}

export function registerRules(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("rules")
    .description("list a revision's rules, or show one rule as published next to its PEG transcription")
    .argument("[rule]", "a rule, by its published name (IPv6address, URI-reference, net_path ...)")
    .addOption(specOption())
    .option("--json", "print the rule record as JSON (without a rule: {spec, rules: [...]}; docs/schemas/rules.schema.json)")
    .addHelpText(
      "after",
      `
Examples:
  $ uri-grammars rules --spec draft-2003
  $ uri-grammars rules --spec draft-2003 IPv6address
  $ uri-grammars rules --spec draft-1997 domainlabel`,
    )
    .action(async (ruleName: string | undefined, opts: { spec: string; json?: boolean }) => {
      const { spec, rule } = resolveSpecAndRule(opts.spec, ruleName);
      const revision = getRevision(spec)!;
      const chosen = rule === undefined ? null : findNamedRule(revision, rule)!;
      if (opts.json) {
        const record = (r: RuleInfo) => {
          const pub = publishedRuleOf(spec, r);
          return { ...r, publishedFile: pub ? { file: pub.rule.file ?? pub.file, line: pub.rule.line, text: pub.rule.text } : null, pegText: pegRuleText(spec, r.pegName) };
        };
        await io.out(jsonAnswer(true, chosen ? record(chosen) : { spec, rules: revision.rules.map(record) }, 2));
      } else {
        await io.out(chosen ? ruleDetail(revision, chosen) : ruleList(revision));
      }
      setExit(EXIT_VALID);
    });
}
