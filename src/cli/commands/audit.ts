import type { Command } from "commander";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { planAudit, readAnswer, scoreAudit, skipNotes, type Answer, type Op, type Protocol } from "../../conformance/audit";
import { auditMarkdown, auditText } from "../../conformance/audit-report";
import { fingerprintMarkdownHead, fingerprintMarkdownRow, fingerprintOf, fingerprintText, type FingerprintRun } from "../../conformance/fingerprint";
import { availableSpecIds } from "../../revisions";
import { loadPublishedGrammar } from "../../published";
import { runLines } from "../audit-runner";
import { loadSuite } from "../conformance-data";
import { EXIT_INVALID, EXIT_VALID, UsageError, type CommandContext } from "../io";
import { resolveSpecAndRule, specOption } from "../options";
import { jsonAnswer } from "../json";

const OPS: readonly Op[] = ["check", "resolve", "normalize"];

function seconds(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${name} must be a positive number of seconds, not "${v}"`);
  return n;
}

function count(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a whole number, not "${v}"`);
  return n;
}

interface AuditFlags {
  spec: string;
  rule?: string;
  module?: string;
  protocol: string;
  rules: string;
  ops: string;
  timeout: string;
  startupTimeout: string;
  batch: string;
  maxFailures: string;
  name?: string;
  json?: boolean;
  markdown?: boolean;
  fingerprint?: boolean;
}

/** What a --module exports (audit-module-host.js --describe), or a usage error when it does not load. */
export function describeModule(hostArgv: string[], file: string, timeoutMs: number): { called: string[]; uncalled: string[] } {
  const probe = spawnSync(hostArgv[0], [...hostArgv.slice(1), "--describe"], { input: "", encoding: "utf8", timeout: timeoutMs });
  if (probe.status !== 0) throw new UsageError(`--module ${file}: ${(probe.stderr || probe.error?.message || `exit status ${probe.status}`).trim()}`);
  try {
    return JSON.parse(probe.stdout) as { called: string[]; uncalled: string[] };
  } catch {
    throw new UsageError(`--module ${file}: the module host wrote ${JSON.stringify(probe.stdout.slice(0, 80))}, not what it found`);
  }
}

export function registerAudit(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("audit")
    .description("run an implementation over a revision's conformance suite and score it rule by rule")
    .argument("[command...]", "the implementation: a command (after --) that answers one line per input line")
    .addOption(specOption())
    .option("--rule <name>", "only the suite's cases about this rule")
    .option("--module <file>", "a JavaScript module whose check(input, {rule, top, spec}) answers (and resolve, normalize), instead of a command")
    .option("--protocol <p>", "text: one input per line; json: one JSON request per line, with the rule (see docs/conformance.md)", "text")
    .option("--rules <which>", "top: only the top rule's cases; all: every start rule (json protocol, or --module)", "top")
    .option("--ops <list>", "which cases: check, resolve, normalize (comma-separated; resolve and normalize need the json protocol or --module)", "check")
    .option("--timeout <s>", "seconds each answer may take", "5")
    .option("--startup-timeout <s>", "seconds added for the first answer of each process (an interpreter, a JVM)", "30")
    .option("--batch <n>", "at most this many cases per process run (0: all)", "0")
    .option("--max-failures <n>", "stop after this many cases in a row without an answer", "20")
    .option("--name <text>", "the implementation's name in the report (default: the command)")
    .option("--fingerprint", "run the implementation over the suite of every revision and rank the revisions by agreement (check and resolution apart), with the rules that separate the top candidates (--spec and --rule are not used)")
    .option("--json", "the report as JSON (--fingerprint: docs/schemas/audit-fingerprint.schema.json)")
    .option("--markdown", "the report as Markdown")
    .addHelpText(
      "after",
      `
The implementation reads one line per case on standard input and writes one answer line per case on
standard output, in order: valid or invalid (also 1/0, true/false), skip, or JSON
{"verdict": "valid", "components": {"scheme": ..., "host": ..., ...}}; components it gives are
compared too. It should answer each line as soon as it reads it (flush after each answer): a case
with no answer within --timeout is reported as a timeout, a crash or an exit before the last answer
as a crash, and the implementation is restarted for the next case. The report gives a score per
rule and overall, and the disagreements grouped by rule and cause, each with the input, both
answers and what uri-grammars says about it. Adapters for real implementations: adapters/.
Exit status: 0 when every answer agrees, 1 when some do not, 2 on a usage error. With
--fingerprint: which revision does it follow? The report ranks every revision, names the rules the
implementation fails against the best one and, against the next two, on which side it falls on the
inputs the two revisions judge differently; exit status 0 (2 on a usage error).

Examples:
  $ uri-grammars audit --spec rfc3986 -- python3 adapters/python3-rfc3986.py
  $ uri-grammars audit --spec rfc3986 --protocol json --rules all -- python3 adapters/python3-rfc3987.py
  $ uri-grammars audit --spec rfc3986 --module adapters/fast-uri.cjs --markdown > fast-uri.md
  $ uri-grammars audit --spec draft-1997 --rule hostport -- java adapters/JavaNetUri.java
  $ uri-grammars audit --fingerprint --protocol json --ops check,resolve -- java adapters/JavaNetUri.java`,
    )
    .action(async (command: string[], opts: AuditFlags) => {
      const { spec, rule } = resolveSpecAndRule(opts.spec, opts.rule);
      if ((command.length === 0) === (opts.module === undefined)) throw new UsageError("give the implementation either as a command after -- or with --module FILE (one of the two)");
      if (opts.protocol !== "text" && opts.protocol !== "json") throw new UsageError(`--protocol must be text or json, not "${opts.protocol}"`);
      if (opts.rules !== "top" && opts.rules !== "all") throw new UsageError(`--rules must be top or all, not "${opts.rules}"`);
      const ops = opts.ops.split(",").map((s) => s.trim());
      for (const op of ops) if (!OPS.includes(op as Op)) throw new UsageError(`--ops takes ${OPS.join(", ")}, not "${op}"`);
      // A module is hosted in a child process that speaks the json protocol (audit-module-host.ts).
      const protocol: Protocol = opts.module !== undefined ? "json" : (opts.protocol as Protocol);
      if (protocol === "text" && (opts.rules === "all" || ops.some((o) => o !== "check"))) throw new UsageError("--rules all and --ops resolve/normalize need --protocol json (the text protocol carries the input only)");
      const runner = {
        timeoutMs: seconds("--timeout", opts.timeout) * 1000,
        startupMs: seconds("--startup-timeout", opts.startupTimeout) * 1000,
        batch: count("--batch", opts.batch),
        maxConsecutiveFailures: Math.max(1, count("--max-failures", opts.maxFailures)),
      };
      const host = (s: string) => [process.execPath, join(__dirname, "..", "audit-module-host.js"), opts.module!, s];
      const moduleNotes: string[] = [];
      let missing: string[] = [];
      if (opts.module !== undefined) {
        const found = describeModule(host(spec), opts.module, runner.startupMs);
        missing = (["check", "resolve", "normalize"] as const).filter((f) => !found.called.includes(f));
        if (found.uncalled.length > 0) moduleNotes.push(`the module also exports ${found.uncalled.join(", ")}, which the audit does not call: it calls check(input, {rule, top, spec}), resolve(base, reference) and normalize(input, level) (docs/conformance.md)`);
      }
      const implementation = opts.name ?? (opts.module !== undefined ? `module ${opts.module}` : command.join(" "));
      /** One revision's audit: its suite, what was sent, the answers, the report. */
      const auditOf = async (s: string, r: string | undefined): Promise<FingerprintRun> => {
        const suite = loadSuite(s, r);
        const plan = planAudit(suite, { protocol, rules: opts.rules as "top" | "all", ops: ops as Op[] });
        const started = Date.now();
        // An adapter can serve both protocols: the audit tells it which one, and the revision.
        const run = await runLines(opts.module !== undefined ? host(s) : command, plan.lines, { ...runner, env: { ...process.env, URI_GRAMMARS_PROTOCOL: protocol, URI_GRAMMARS_SPEC: s } });
        if (run.startError) throw new UsageError(run.startError);
        const answers: Answer[] = run.answers.map((a, i) => (typeof a === "string" ? readAnswer(a, plan.cases[i].op) : { kind: "failure", ...a }));
        const notes = [...moduleNotes, ...skipNotes(plan, answers, missing), ...run.notes];
        return { spec: s, suite, plan, answers, report: scoreAudit({ implementation, suite, plan, answers, protocol, notes, seconds: (Date.now() - started) / 1000 }) };
      };
      if (opts.fingerprint) {
        // Every revision of the registry that has a suite (a published grammar), in registry order.
        const specs = availableSpecIds().filter((s) => loadPublishedGrammar(s)?.ok === true);
        const runs: FingerprintRun[] = [];
        for (const s of specs) runs.push(await auditOf(s, undefined));
        const f = fingerprintOf(implementation, runs, specs);
        await io.out(opts.json ? jsonAnswer(true, f, 2) : opts.markdown ? `${fingerprintMarkdownHead()}\n${fingerprintMarkdownRow(f, implementation)}\n` : fingerprintText(f));
        setExit(EXIT_VALID);
        return;
      }
      const { report } = await auditOf(spec, rule);
      await io.out(opts.json ? jsonAnswer(report.agreed === report.answered, report, 2) : opts.markdown ? auditMarkdown(report) : auditText(report));
      setExit(report.agreed === report.answered ? EXIT_VALID : EXIT_INVALID);
    });
}
