import type { Command } from "commander";
import { caretDisplay } from "../../errors";
import { lint } from "../../ops/lint";
import { parse, type ParseResult } from "../../parse";
import { availableSpecIds, getRevision } from "../../revisions";
import { EXIT_INVALID, EXIT_VALID, type CommandContext } from "../io";
import { addBatchOptions, batchHelp, runBatchCommand, type BatchFlags, type LineResult } from "../batch";
import { resolveSpecAndRule, specOption } from "../options";

export function verdictText(input: string, r: ParseResult): string {
  // Scheme-aware revisions: parse() applied the production the input's scheme selects.
  const by = r.production ? ` (scheme-aware: the production its scheme selects)` : "";
  if (r.ok) return `valid    ${JSON.stringify(input)} is a ${r.spec} ${r.rule}${by}\n`;
  const e = r.error;
  return `invalid  ${JSON.stringify(input)} is not a ${r.spec} ${r.rule ?? ""}${by}\n  ${e.message}\n${caretDisplay(input, e.offset)}\n`;
}

export function verdictJson(input: string, r: ParseResult): string {
  const record: Record<string, unknown> = { input, spec: r.spec, rule: r.rule };
  // The scheme-aware production, or (with --rule) the alternative the AST reports (rfc1738 url).
  const production = r.production ?? (r.ok ? (r.ast as { production?: string }).production : undefined);
  if (production) record.production = production;
  record.valid = r.ok;
  if (!r.ok) record.error = r.error;
  return JSON.stringify(record) + "\n";
}

/** For one input on the default rule: how the other available revisions judge it. */
function otherRevisions(input: string, spec: string): string {
  const parts = availableSpecIds()
    .filter((id) => id !== spec)
    .map((id) => {
      const r = parse(input, { spec: id });
      return r.ok ? `${id} valid` : `${id} invalid at offset ${r.error.offset}`;
    });
  return parts.length > 0 ? `  other revisions: ${parts.join("; ")}\n` : "";
}

/** The batch judge for `check -` (built in each worker thread too; see src/cli/batch.ts). */
export function checkJudge(o: { spec: string; rule?: string; json?: boolean; lint?: boolean }): (line: string) => LineResult {
  return (input) => {
    const r = parse(input, { spec: o.spec, rule: o.rule });
    const notes = o.lint && r.ok && o.rule === undefined ? lint(input, o.spec) : [];
    const out = o.json
      ? o.lint ? verdictJson(input, r).replace(/}\n$/, `,"notes":${JSON.stringify(notes)}}\n`) : verdictJson(input, r)
      : verdictText(input, r) + notes.map((n) => `  warning: ${n.message}\n`).join("");
    return { out, verdict: r.ok ? "valid" : "invalid", rules: r.ok ? [] : [r.error.rule ?? r.error.code], bad: !r.ok };
  };
}

export function registerCheck(program: Command, { io, setExit }: CommandContext): void {
  addBatchOptions(
    program
      .command("check")
      .description("check inputs against a revision's rule (default: the revision's top rule)")
      .argument("<input...>", "inputs to check; a single '-' reads standard input, one input per line, verbatim")
      .addOption(specOption())
      .option("--rule <name>", "start rule, by its published name (URI-reference, IPv6address, hostport ...)")
      .option("--json", "one JSON object per input: {input, spec, rule, valid, error?}")
      .option("--lint", "add security notes (draft-2003 §7, draft-1997 §7, rfc1738 §6) for valid inputs; notes never change validity"),
  )
    .addHelpText(
      "after",
      `
Exit status: 0 when every input is valid, 1 when any is invalid, 2 on a usage error.
With '-' every line of standard input is one input, taken verbatim: only the line ending
("\\n" or "\\r\\n") is removed, spaces are data, and every line gets exactly one answer.
${batchHelp}

Examples:
  $ uri-grammars check 'http://[::1]:8080/a/b?c#d'
  $ uri-grammars check --spec draft-2003 --rule IPv4address 255.255.255.255
  $ uri-grammars check --json --spec draft-1997 'http://a/~b' 'http://[::1]/'
  $ printf 'http://a/\\nhttp://a b/\\n' | uri-grammars check -
  $ zcat links.gz | uri-grammars check --json --jobs 2 --line-timeout 10 --summary --exit-zero - > verdicts.jsonl`,
    )
    .action(async (inputs: string[], opts: { spec: string; rule?: string; json?: boolean; lint?: boolean } & BatchFlags) => {
      const { spec, rule } = resolveSpecAndRule(opts.spec, opts.rule);
      let anyInvalid = false;
      const checkOne = async (input: string, single: boolean) => {
        const r = parse(input, { spec, rule });
        if (!r.ok) anyInvalid = true;
        const notes = opts.lint && r.ok && rule === undefined ? lint(input, spec) : [];
        if (opts.json) await io.out(opts.lint ? verdictJson(input, r).replace(/}\n$/, `,"notes":${JSON.stringify(notes)}}\n`) : verdictJson(input, r));
        else await io.out(verdictText(input, r) + notes.map((n) => `  warning: ${n.message}\n`).join("") + (single && rule === undefined ? otherRevisions(input, spec) : ""));
      };
      if (inputs.length === 1 && inputs[0] === "-") {
        const judge = { module: "commands/check", factory: "checkJudge", options: { spec, rule, json: opts.json, lint: opts.lint } };
        anyInvalid = await runBatchCommand(io, judge, { spec, rule: rule ?? getRevision(spec)?.topRule }, opts);
      } else {
        for (const input of inputs) await checkOne(input, inputs.length === 1);
      }
      setExit(anyInvalid && !opts.exitZero ? EXIT_INVALID : EXIT_VALID);
    });
}
