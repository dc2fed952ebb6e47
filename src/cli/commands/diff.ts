import type { Command } from "commander";
import { ESCAPE } from "../../ops/characters";
import { diffRevisions, type RuleSide, type SpecDiff } from "../../ops/diff";
import { compareLanguages, languageDiffProblem, sharedRules } from "../../ops/language-diff";
import { compareEdit } from "../../ops/language-edit";
import { caretDisplay } from "../../errors";
import { EXIT_INVALID, EXIT_VALID, UsageError, type CommandContext } from "../io";
import { languageDiffText, languageEditText } from "./language-diff-text";
import { resolveRevision } from "../options";
import { wrap } from "../table";
import { jsonAnswer } from "../json";

/** `A-Z a-z 0-9 - . %XX`: a character set, runs of three or more consecutive characters as ranges. */
export function compactSet(chars: string[]): string {
  const singles = chars.filter((c) => c !== ESCAPE).map((c) => c.charCodeAt(0)).sort((x, y) => x - y);
  const parts: string[] = [];
  for (let i = 0; i < singles.length; ) {
    let j = i;
    while (j + 1 < singles.length && singles[j + 1] === singles[j] + 1) j++;
    const show = (n: number) => (n === 0x20 ? "SP" : String.fromCharCode(n));
    if (j - i >= 2) parts.push(`${show(singles[i])}-${show(singles[j])}`);
    else for (let k = i; k <= j; k++) parts.push(show(singles[k]));
    i = j + 1;
  }
  if (chars.includes(ESCAPE)) parts.push(ESCAPE);
  return parts.length > 0 ? parts.join(" ") : "(none)";
}

function ruleLines(spec: string, side: RuleSide, indent: string): string[] {
  const head = `${indent}${spec}${side.section ? ` ${side.section}` : ""}:`;
  return [head, ...side.text.map((t) => `${indent}    ${t}`)];
}

export function diffText(d: SpecDiff, width = 100): string {
  const out: string[] = [`${d.a} -> ${d.b}`, ""];
  const r = d.rules;
  out.push(`Rules (matched by published name; differences of notation alone are ignored)`);
  out.push(`  added in ${d.b} (${r.added.length})`);
  for (const x of r.added) out.push(`    ${x.name}`, ...ruleLines(d.b, x.b, "      "));
  out.push(`  removed in ${d.b} (${r.removed.length})`);
  for (const x of r.removed) out.push(`    ${x.name}`, ...ruleLines(d.a, x.a, "      "));
  out.push(`  changed (${r.changed.length})`);
  for (const x of r.changed) out.push(`    ${x.name}`, ...ruleLines(d.a, x.a, "      "), ...ruleLines(d.b, x.b, "      "));
  out.push(...wrap(`  same up to notation (${r.unchanged.length}): ${r.unchanged.join(", ")}`, width - 4).map((l, i) => (i === 0 ? l : `      ${l}`)));
  out.push("");
  if (d.classes) {
    out.push(`Character classes (each printable ASCII character run through each revision's class rules)`);
    out.push(`  ${"char".padEnd(6)} ${d.a.padEnd(28)} ${d.b}`);
    for (const c of d.classes) out.push(`  ${JSON.stringify(c.char).padEnd(6)} ${(c.a.join(" ") || "(none)").padEnd(28)} ${c.b.join(" ") || "(none)"}`);
    if (d.classes.length === 0) out.push("  (no character changes class)");
    out.push("");
  }
  if (d.components) {
    out.push(`Where characters may appear unescaped (each component rule run on each character and on %XX)`);
    for (const c of d.components) {
      const names = c.nameA === c.nameB ? c.nameA : `${d.a} ${c.nameA}, ${d.b} ${c.nameB}`;
      out.push(`  ${c.key} (${names})`);
      const line = (label: string, chars: string[]) => wrap(`${label}: ${compactSet(chars)}`, width - 8).map((l, i) => `${i === 0 ? "    " : "      "}${l}`);
      out.push(...line(`only ${d.a}`, c.onlyA), ...line(`only ${d.b}`, c.onlyB), ...line(`both (${c.both.length})`, c.both));
    }
    out.push("");
  }
  for (const n of d.notes) out.push(`note: ${n}`);
  return out.join("\n").trimEnd() + "\n";
}

export function registerDiff(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("diff")
    .description("what changed between two revisions: rules, character classes, characters allowed per component")
    .argument("<spec-a>", "the older revision (with --with: the revision whose published grammar is edited)")
    .argument("[spec-b]", "the newer revision (not with --with)")
    .option("--json", "print the differences as JSON")
    .option("--languages", "decide exactly whether the two revisions accept the same strings, per rule both have, per component and for the whole reference, with the shortest strings only one accepts")
    .option("--rule <name>", "with --languages: only this rule (published name)")
    .option("--component <key>", "with --languages: only this component (reference, scheme, host, port ...)")
    .option("--witnesses <n>", "with --languages: strings shown per side and language (default 4)")
    .option("--with <rule>", "with --languages and one revision: a rule in the revision's notation replacing its published rule of that name (or added); repeat for several", (v: string, all: string[]) => [...all, v], [] as string[])
    .addHelpText(
      "after",
      `
The character sections are computed by running each revision's own rules on every printable
ASCII character and on %XX; change a grammar and the output changes with it.

With --languages the languages themselves are compared: the DFAs the scanners run, walked as a product
over both alphabets, decide equality exactly; where they differ, the shortest strings only one side
accepts are shown (one per cause, the most typable first), each checked with validate() of both
revisions and explained (where the other revision stops, and the rules that differ). Exit status 1
only if a decision and its checks disagree.

Examples:
  $ uri-grammars diff draft-1997 draft-2003
  $ uri-grammars diff --json draft-1997 draft-2003
  $ uri-grammars diff --languages draft-2003 rfc3986 --rule host
  $ uri-grammars diff --languages --component reference draft-1997 draft-2003

With --with, one revision's published grammar is compared with itself edited: each --with is a rule
in the revision's own notation (ABNF \`port = 1*DIGIT\`; RFC 822-style BNF \`port = 1*digit\`; the
1993/1994 ad-hoc BNF a name, then its definition on an indented line), replacing the rule of that
name. The edited rules and every rule that reaches them are compared exactly (the published rules
compiled to DFAs, as \`fidelity --prove\` compiles them), with the shortest strings the edit lost and
gained; every witness is checked by the Earley recognizer on both grammars. An edit that does not
read is an error at its offset (exit status 1).
  $ uri-grammars diff --languages rfc3986 --with 'port = 1*DIGIT'
  $ uri-grammars diff --languages rfc3986 --with 'port = 1*DIGIT' --rule authority`,
    )
    .action(async (a: string, b: string | undefined, opts: { json?: boolean; languages?: boolean; rule?: string; component?: string; witnesses?: string; with: string[] }) => {
      if (opts.with.length > 0) {
        if (!opts.languages) throw new UsageError("--with goes with --languages (diff --languages <spec> --with '<rule>')");
        if (b !== undefined) throw new UsageError(`--with edits one revision's grammar: give one revision, not ${a} and ${b}`);
        if (opts.component !== undefined) throw new UsageError("--component does not go with --with: an edit is compared rule by rule (--rule)");
        const ra = resolveRevision(a);
        const witnesses = opts.witnesses === undefined ? undefined : Number(opts.witnesses);
        const d = compareEdit(ra.id, opts.with, { rule: opts.rule, witnesses });
        if (!d.ok && !("text" in d.error)) throw new UsageError(d.error.message);
        if (!d.ok) {
          const e = d.error as import("../../ops/language-edit").EditError;
          if (opts.json) await io.out(jsonAnswer(false, { error: e }, 2));
          else io.err(`error: ${e.message}\n${caretDisplay(e.text, e.offset)}\n`);
          setExit(EXIT_INVALID);
          return;
        }
        const unconfirmed = d.comparisons.some((c) => c.verdict === "unconfirmed");
        await io.out(opts.json ? jsonAnswer(!unconfirmed, d, 2) : languageEditText(d));
        setExit(unconfirmed ? EXIT_INVALID : EXIT_VALID);
        return;
      }
      if (b === undefined) throw new UsageError("diff needs two revisions (or one, with --languages --with '<rule>')");
      if (opts.languages) {
        const ra = resolveRevision(a);
        const rb = resolveRevision(b);
        const witnesses = opts.witnesses === undefined ? undefined : Number(opts.witnesses);
        const options = { rule: opts.rule, component: opts.component, witnesses };
        const problem = languageDiffProblem(ra, rb, options);
        if (problem !== null) throw new UsageError(problem.error.code === "unknown-rule" ? `${problem.error.message} Rules both ${ra.id} and ${rb.id} have: ${sharedRules(ra, rb).join(", ")}.` : problem.error.message);
        const d = compareLanguages(ra, rb, options);
        await io.out(opts.json ? jsonAnswer(!d.comparisons.some((c) => c.verdict === "unconfirmed"), d, 2) : languageDiffText(d, opts.rule !== undefined || opts.component !== undefined));
        setExit(d.comparisons.some((c) => c.verdict === "unconfirmed") ? EXIT_INVALID : EXIT_VALID);
        return;
      }
      if (opts.rule !== undefined || opts.component !== undefined || opts.witnesses !== undefined) throw new UsageError("--rule, --component and --witnesses go with --languages");
      const d = diffRevisions(resolveRevision(a), resolveRevision(b));
      await io.out(opts.json ? jsonAnswer(true, d, 2) : diffText(d));
      setExit(EXIT_VALID);
    });
}
