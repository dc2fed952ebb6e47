import type { Command } from "commander";
import { runFidelity, publishedGrammarOf, type FidelityReport } from "../../ops/fidelity";
import { proveFidelity, type FidelityProof } from "../../ops/fidelity-proof";
import { availableSpecIds, findRule, getRevision } from "../../revisions";
import { unknownRuleMessage } from "../../request";
import { proofText } from "./language-diff-text";
import { publishedGrammarFile } from "../../published";
import { EXIT_INVALID, EXIT_VALID, UsageError, type CommandContext } from "../io";
import { jsonAnswer } from "../json";

function positiveInt(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a whole number, not "${v}"`);
  return n;
}

function show(s: string, width: number): string {
  const j = JSON.stringify(s);
  return j.length <= width ? j : j.slice(0, width - 1) + "…";
}

export function fidelityTable(r: FidelityReport): string {
  const secs = (r.milliseconds / 1000).toFixed(1);
  const lines = [
    `${r.spec}: ${r.countTop} strings for the top rule, ${r.countOther} for each other rule (seed ${r.seed}, derivations up to ~${r.maxLength} characters, half of them mutated); ${secs} s`,
  ];
  const w = Math.max(4, ...r.rules.map((x) => x.rule.length));
  lines.push(`  ${"rule".padEnd(w)}  ${"tried".padStart(6)}  ${"agree".padStart(6)}  ${"in BNF".padStart(6)}  first disagreement (PEG verdict / published-grammar verdict)`);
  for (const x of r.rules) {
    let first = "-";
    if (x.firstDisagreement) {
      const d = x.firstDisagreement;
      first = `${show(d.input, 40)}  PEG ${d.peg ? "valid" : "invalid"} / BNF ${d.bnf ? "valid" : "invalid"}`;
    }
    const doc = x.documented > 0 ? `  (+${x.documented} documented deviations)` : "";
    const gen = x.generatorErrors.length > 0 ? `  GENERATOR: BNF rejects its own derivation ${show(x.generatorErrors[0], 30)}` : "";
    lines.push(`  ${x.rule.padEnd(w)}  ${String(x.tried).padStart(6)}  ${String(x.agreements).padStart(6)}  ${String(x.acceptedByBnf).padStart(6)}  ${first}${doc}${gen}`);
  }
  const tried = r.rules.reduce((s, x) => s + x.tried, 0);
  lines.push(
    r.disagreements === 0
      ? `  agreement on all ${tried} strings${r.documented > 0 ? ` (${r.documented} documented deviations)` : ""}`
      : `  ${r.disagreements} undocumented disagreements in ${tried} strings`,
  );
  return lines.join("\n") + "\n";
}

export function registerFidelity(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("fidelity")
    .description("check that each PEG accepts exactly what its published grammar (read as a CFG) accepts, rule by rule")
    .option("--spec <id>", "one revision (default: every revision with a published grammar)")
    .option("--count <n>", "strings for the top rule; every other rule gets a tenth (default 2000)")
    .option("--count-other <n>", "strings for each non-top rule (default: count / 10)")
    .option("--seed <s>", "seed of the generator (default 1); the same seed gives the same strings")
    .option("--max-length <n>", "length bound of the random derivations (default 40)")
    .option("--json", "print the reports as JSON")
    .option("--prove", "decide each rule exactly instead of sampling: the PEG's DFA against a DFA compiled from the published rule")
    .option("--rule <name>", "with --prove: only this rule (published name)")
    .option("--witnesses <n>", "with --prove: strings shown per side of a difference (default 3)")
    .addHelpText(
      "after",
      `
Each string is a random derivation of the rule from grammar/<spec>/published.* or a mutation of one
(inserted, deleted or replaced delimiters, "%", "-", digits, "[", "]", ":" ...). The PEG
(src/parse.ts) and an Earley recognizer of the published grammar judge it; they must agree, except
where grammar/<spec>/deviations.tsv quotes the document deciding against its own BNF.
Exit status: 0 when there is no undocumented disagreement, 1 otherwise, 2 on a usage error.

With --prove nothing is sampled: each published rule is compiled to a DFA (alternation is union,
repetition is star, no ordered choice) and compared with the DFA the PEG's scanner runs, exactly.
Each rule is proved equal, or each difference is shown with its witnesses, which must be rows of
deviations.tsv; a rule whose recursion is not right-linear cannot be compiled, is named, and is
sampled instead. Every witness is checked with validate() and the Earley recognizer.

Examples:
  $ uri-grammars fidelity
  $ uri-grammars fidelity --spec draft-2003 --count 20000 --seed 7
  $ uri-grammars fidelity --json --count 500
  $ uri-grammars fidelity --prove
  $ uri-grammars fidelity --prove --spec rfc3986 --rule host`,
    )
    .action(async (opts: { spec?: string; count?: string; countOther?: string; seed?: string; maxLength?: string; json?: boolean; prove?: boolean; rule?: string; witnesses?: string }) => {
      if (opts.prove) return prove(opts, { io, setExit });
      if (opts.rule !== undefined || opts.witnesses !== undefined) throw new UsageError("--rule and --witnesses go with --prove");
      const count = positiveInt("--count", opts.count, 2000);
      const countOther = opts.countOther === undefined ? undefined : positiveInt("--count-other", opts.countOther, 0);
      const seed = positiveInt("--seed", opts.seed, 1);
      const maxLength = positiveInt("--max-length", opts.maxLength, 40);
      const specs = opts.spec ? [opts.spec] : availableSpecIds().filter((id) => publishedGrammarFile(id));
      if (opts.spec && !availableSpecIds().includes(opts.spec as never)) throw new UsageError(`unknown or untranscribed spec "${opts.spec}"; available: ${availableSpecIds().join(", ")}`);
      if (opts.spec) {
        const g = publishedGrammarOf(opts.spec);
        if (g instanceof Error) throw new UsageError(g.message);
      }
      const started = Date.now();
      const reports: FidelityReport[] = [];
      let failed = false;
      for (const spec of specs) {
        const r = runFidelity({ spec, count, countOther, seed, maxLength });
        if (r instanceof Error) {
          io.err(`uri-grammars: ${spec}: ${r.message}\n`);
          failed = true;
          continue;
        }
        reports.push(r);
        if (r.disagreements > 0 || r.rules.some((x) => x.generatorErrors.length > 0)) failed = true;
        if (!opts.json) await io.out(fidelityTable(r) + "\n");
      }
      const missing = availableSpecIds().filter((id) => !publishedGrammarFile(id));
      const total = { milliseconds: Date.now() - started, strings: reports.reduce((s, r) => s + r.rules.reduce((t, x) => t + x.tried, 0), 0) };
      if (opts.json) {
        await io.out(jsonAnswer(!failed, { ...total, seed, countTop: count, reports, withoutPublishedGrammar: missing }, 2));
      } else {
        await io.out(`${total.strings} strings in ${(total.milliseconds / 1000).toFixed(1)} s${missing.length > 0 ? `; no published grammar yet for ${missing.join(", ")}` : ""}\n`);
      }
      setExit(failed ? EXIT_INVALID : EXIT_VALID);
    });
}

async function prove(opts: { spec?: string; json?: boolean; rule?: string; witnesses?: string }, { io, setExit }: Pick<CommandContext, "io" | "setExit">): Promise<void> {
  if (opts.spec && !availableSpecIds().includes(opts.spec as never)) throw new UsageError(`unknown or untranscribed spec "${opts.spec}"; available: ${availableSpecIds().join(", ")}`);
  const specs = opts.spec ? [opts.spec] : availableSpecIds().filter((id) => publishedGrammarFile(id));
  if (opts.rule !== undefined) {
    if (!opts.spec) throw new UsageError("--rule needs --spec");
    const revision = getRevision(opts.spec)!;
    const info = findRule(revision, opts.rule);
    if (!info || info.kind === "helper") throw new UsageError(unknownRuleMessage(revision, opts.rule));
  }
  const witnesses = opts.witnesses === undefined ? undefined : positiveInt("--witnesses", opts.witnesses, 3);
  const started = Date.now();
  const proofs: FidelityProof[] = [];
  let failed = false;
  for (const spec of specs) {
    const p = proveFidelity({ spec, rules: opts.rule === undefined ? undefined : [opts.rule], witnesses });
    if (p instanceof Error) {
      if (opts.spec) throw new UsageError(p.message);
      io.err(`uri-grammars: ${spec}: ${p.message}\n`);
      failed = true;
      continue;
    }
    proofs.push(p);
    const c = p.counts;
    if (c.undocumented > 0 || c.unconfirmed > 0 || p.unusedDeviations.length > 0 || p.rules.some((r) => r.sampling && r.sampling.disagreements > 0)) failed = true;
    if (!opts.json) await io.out(proofText(p) + "\n");
  }
  const missing = availableSpecIds().filter((id) => !publishedGrammarFile(id));
  const milliseconds = Date.now() - started;
  if (opts.json) await io.out(jsonAnswer(!failed, { milliseconds, proofs, withoutPublishedGrammar: missing }, 2));
  else {
    const total = (k: keyof FidelityProof["counts"]) => proofs.reduce((s, p) => s + p.counts[k], 0);
    const rules = proofs.reduce((s, p) => s + p.rules.length, 0);
    await io.out(`${rules} rule${rules === 1 ? "" : "s"} of ${proofs.length} revision${proofs.length === 1 ? "" : "s"}: ${total("equal")} proved equal, ${total("documented")} documented deviations, ${total("undocumented")} undocumented, ${total("not-compiled")} not compiled; ${(milliseconds / 1000).toFixed(1)} s${missing.length > 0 ? `; no published grammar yet for ${missing.join(", ")}` : ""}\n` +
      // Issue 41 item 7: "proved equal" is against the project's transcription of each document's grammar, not the printed page.
      `Proved against grammar/<revision>/published.abnf, the project's transcription of the grammar as the document prints it (its repairs in grammar/REPAIRS.md): the PEG and that transcription accept the same strings.\n`);
  }
  setExit(failed ? EXIT_INVALID : EXIT_VALID);
}
