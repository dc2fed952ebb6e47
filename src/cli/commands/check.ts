import type { Command } from "commander";
import { statSync } from "node:fs";
import { article, caretDisplay } from "../../errors";
import { checkParsed, COMPONENT_NAMES, type CheckOptions, type CheckResult, type ComponentName } from "../../ops/check";
import { lint } from "../../ops/lint";
import { parse, verdictOf, type Verdict } from "../../parse";
import { availableSpecIds, getRevision, type SpecId } from "../../revisions";
import { EXIT_INVALID, EXIT_VALID, UsageError, type CommandContext } from "../io";
import { addBatchOptions, batchHelp, runBatchCommand, type BatchFlags, type LineResult } from "../batch";
import { baseOption, resolveSpecAndRule, specOption } from "../options";
import { jsonAnswer } from "../json";
import { addInputOption, inputsAndIo } from "../input-files";

export function verdictText(input: string, r: Verdict): string {
  // Scheme-aware revisions: parse() applied the production the input's scheme selects.
  const by = r.production ? ` (scheme-aware: the production its scheme selects)` : "";
  if (r.ok) return `valid    ${JSON.stringify(input)} is ${article(r.spec)} ${r.spec} ${r.rule}${by}\n`;
  const e = r.error;
  return `invalid  ${JSON.stringify(input)} is not ${article(r.spec)} ${r.spec} ${r.rule ?? ""}${by}\n  ${e.message}\n${e.offset === null ? "" : `${caretDisplay(input, e.offset)}\n`}`;
}

/** The fields of one input's JSON answer (docs/schemas/check.schema.json): the grammar's verdict. */
function verdictRecord(input: string, r: Verdict): Record<string, unknown> {
  const record: Record<string, unknown> = { input, spec: r.spec, rule: r.rule };
  // The scheme-aware production, or (with --rule) the alternative the AST reports (rfc1738 url).
  const production = r.production ?? (r.ok ? (r.ast as { production?: string } | undefined)?.production : undefined);
  if (production) record.production = production;
  record.valid = r.ok;
  if (!r.ok) record.error = r.error;
  return record;
}

export function verdictJson(input: string, r: Verdict): string {
  return jsonAnswer(r.ok, verdictRecord(input, r));
}

/** The policies of `check --require --schemes --hosts --ports --no-userinfo --no-password` (src/ops/check.ts). */
export type CheckPolicy = Pick<CheckOptions, "require" | "schemes" | "hosts" | "ports" | "allowUserinfo" | "allowPassword">;

/** The policy lines under a verdict: one per violated policy, with its code. */
export function policyText(c: CheckResult): string {
  if (c.valid && c.error) return `  ${c.error.code}: ${c.error.message}\n`;
  return c.violations.map((v) => `  ${v.code}: ${v.message}\n`).join("");
}

/** One input's answer: the grammar's verdict, then (with policies) the violations; the line's first word is valid, invalid or refused. */
function answer(input: string, r: Verdict, policy: CheckPolicy | undefined, json: boolean | undefined, notes: { message: string }[] | null): { out: string; verdict: string; rules: string[]; bad: boolean } {
  const c = policy && r.ok && r.ast !== undefined ? checkParsed(r, policy) : null;
  const refused = c !== null && !c.ok;
  const verdict = !r.ok ? "invalid" : refused ? "refused" : "valid";
  const rules = !r.ok ? [r.error.rule ?? r.error.code] : c ? (c.error ? [c.error.code] : c.violations.map((v) => v.code)) : [];
  let out: string;
  if (json) {
    // `valid` is the grammar's verdict; `verdict` says "refused" when a valid input violates a
    // policy, and `ok` (false then) is the answer as the exit status counts it.
    const record = verdictRecord(input, r);
    record.verdict = verdict;
    if (policy) {
      record.violations = c ? c.violations : [];
      if (c?.error) record.policyError = c.error;
    }
    if (notes) record.notes = notes;
    out = jsonAnswer(!r.ok || refused ? false : true, record);
  } else {
    let text = verdictText(input, r);
    if (refused) text = text.replace(/^valid   /, "refused ").replace(/\n$/, `, but ${c!.error ? "the policies cannot be checked" : `violates ${c!.violations.length} ${c!.violations.length === 1 ? "policy" : "policies"}`}\n`) + policyText(c!);
    out = text + (notes ?? []).map((n) => `  warning: ${n.message}\n`).join("");
  }
  return { out, verdict, rules, bad: !r.ok || refused };
}

/** The policies given on the command line, or undefined when none is; a bad value is a usage error. */
export function policyFromFlags(opts: { require?: string; schemes?: string; hosts?: string; ports?: string; userinfo?: boolean; password?: boolean }): CheckPolicy | undefined {
  const list = (s: string | undefined) => (s === undefined ? undefined : s.split(",").map((x) => x.trim()).filter((x) => x !== ""));
  const policy: CheckPolicy = {};
  const require = list(opts.require);
  if (require) {
    const unknown = require.filter((n) => !(COMPONENT_NAMES as readonly string[]).includes(n));
    if (unknown.length > 0) throw new UsageError(`--require: unknown component ${unknown.map((n) => JSON.stringify(n)).join(", ")}; the components are ${COMPONENT_NAMES.join(", ")}`);
    policy.require = require as ComponentName[];
  }
  const schemes = list(opts.schemes);
  if (schemes) policy.schemes = schemes;
  const hosts = list(opts.hosts);
  if (hosts) policy.hosts = hosts;
  const ports = list(opts.ports);
  if (ports) {
    const bad = ports.filter((p) => !/^[0-9]+$/.test(p));
    if (bad.length > 0) throw new UsageError(`--ports: ${bad.map((p) => JSON.stringify(p)).join(", ")} is not a port number`);
    policy.ports = ports.map((p) => Number.parseInt(p, 10));
  }
  if (opts.userinfo === false) policy.allowUserinfo = false;
  if (opts.password === false) policy.allowPassword = false;
  return Object.keys(policy).length > 0 ? policy : undefined;
}

/** For one input on the default rule: how the other available revisions judge it. */
function otherRevisions(input: string, spec: string): string {
  const parts = availableSpecIds()
    .filter((id) => id !== spec)
    .map((id) => {
      const r = verdictOf(input, { spec: id });
      return r.ok ? `${id} valid` : `${id} invalid at offset ${r.error.offset}`;
    });
  return parts.length > 0 ? `  other revisions: ${parts.join("; ")}\n` : "";
}

/** The batch judge for `check -` (built in each worker thread too; see src/cli/batch.ts). */
export function checkJudge(o: { spec: SpecId; rule?: string; json?: boolean; lint?: boolean; policy?: CheckPolicy }): (line: string) => LineResult {
  return (input) => {
    const r = judgeOne(input, o.spec, o.rule, o.policy);
    return answer(input, r, o.policy, o.json, o.lint ? lintNotes(input, r, o.spec, o.rule) : null);
  };
}

/**
 * The verdict for one input. The AST is built only when something reads it: the policies, and a
 * start rule whose AST names the alternative that matched (rfc1738 url: its production). Otherwise
 * the scan alone decides, so a valid line of any size costs no more memory than a rejected one.
 */
function judgeOne(input: string, spec: SpecId, rule: string | undefined, policy: CheckPolicy | undefined): Verdict {
  return policy !== undefined || rule !== undefined ? parse(input, { spec, rule }) : verdictOf(input, { spec });
}

/** The security notes of a valid input on the default rule (none otherwise). */
function lintNotes(input: string, r: Verdict, spec: SpecId, rule: string | undefined): { message: string }[] {
  if (!r.ok || rule !== undefined) return [];
  const l = lint(input, { spec });
  return l.ok ? l.notes : [];
}

/**
 * An argument that names a file here is checked as the string it is, which is rarely what was meant
 * (issue 41 item 7: `check docs/extract.md` answered "valid" and nothing more): say how to check the
 * file's lines. Only for an argument without a scheme's "://" that names an existing regular file.
 */
function fileHint(input: string): string {
  if (input.includes("://") || input.length > 4096) return "";
  try {
    if (!statSync(input).isFile()) return "";
  } catch {
    return "";
  }
  return `  note: a file of this name exists; check reads its arguments as the strings to check. To check each line of the file: --input ${shellWord(input)}, or uri-grammars extract ${shellWord(input)} for the URLs in a text\n`;
}

const shellWord = (s: string) => (/^[\w./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);

export function registerCheck(program: Command, { io, setExit }: CommandContext): void {
  addBatchOptions(
    addInputOption(program
      .command("check"))
      .description("check inputs against a revision's rule (default: the revision's top rule)")
      .argument("[input...]", "inputs to check; a single '-' reads standard input, one input per line, verbatim")
      .addOption(specOption())
      .option("--rule <name>", "start rule, by its published name (URI-reference, IPv6address, hostport ...)")
      .addOption(baseOption())
      .option("--json", "one JSON object per input: {version, ok, input, spec, rule, valid, verdict, error?} (docs/schemas/check.schema.json)")
      .option("--lint", "add security notes (draft-2003 §7, draft-1997 §7, rfc1738 §6) for valid inputs; notes never change validity")
      .option("--require <components>", `policy: comma-separated components that must be present (${COMPONENT_NAMES.join(", ")}); host and path must be non-empty`)
      .option("--schemes <list>", "policy: comma-separated schemes allowed (compared without regard to case)")
      .option("--hosts <list>", "policy: comma-separated hosts allowed (compared without regard to case; IPv6 in brackets)")
      .option("--ports <list>", "policy: comma-separated ports allowed (an absent or empty port is not checked)")
      .option("--no-userinfo", "policy: no userinfo (user@) allowed")
      .option("--no-password", "policy: no password (a \":\" in the userinfo) allowed"),
  )
    .addHelpText(
      "after",
      `
Exit status: 0 when every input is valid, 1 when any is invalid, 2 on a usage error.
Policies (--require, --schemes, --hosts, --ports, --no-userinfo, --no-password) are checked on the
components of valid inputs, like Python rfc3986's Validator: an input that violates one is
"refused", with one code per violated policy (missing-host, scheme-not-allowed, port-not-allowed,
userinfo-not-allowed, password-not-allowed ...; JSON: "violations"), and counts as invalid.
With '-' every line of standard input is one input, taken verbatim: only the line ending
("\\n" or "\\r\\n") is removed, spaces are data, and every line gets exactly one answer.
${batchHelp}

Examples:
  $ uri-grammars check 'http://[::1]:8080/a/b?c#d'
  $ uri-grammars check --spec draft-2003 --rule IPv4address 255.255.255.255
  $ uri-grammars check --json --spec draft-1997 'http://a/~b' 'http://[::1]/'
  $ printf 'http://a/\\nhttp://a b/\\n' | uri-grammars check -
  $ zcat links.gz | uri-grammars check --json --jobs 2 --line-timeout 10 --summary --exit-zero - > verdicts.jsonl
  $ uri-grammars check --require host --schemes http,https --no-password 'ftp://u:p@h/'
  $ uri-grammars check --spec whatwg --base https://example.com/demo example '..\\x'`,
    )
    .action(async (given: string[], opts: { spec: string; rule?: string; base?: string; json?: boolean; lint?: boolean; require?: string; schemes?: string; hosts?: string; ports?: string; userinfo?: boolean; password?: boolean; input?: string[] } & BatchFlags) => {
      const { spec, rule } = resolveSpecAndRule(opts.spec, opts.rule, opts.base);
      const { inputs, io: inputIo } = inputsAndIo(given, opts.input, io);
      const policy = policyFromFlags(opts);
      let anyInvalid = false;
      const checkOne = async (input: string, single: boolean) => {
        const r = judgeOne(input, spec, rule, policy);
        const a = answer(input, r, policy, opts.json, opts.lint ? lintNotes(input, r, spec, rule) : null);
        if (a.bad) anyInvalid = true;
        await io.out(a.out + (!opts.json && single && rule === undefined ? otherRevisions(input, spec) : "") + (!opts.json && given.includes(input) ? fileHint(input) : ""));
      };
      if (inputs.length === 1 && inputs[0] === "-") {
        const judge = { module: "commands/check", factory: "checkJudge", options: { spec, rule, json: opts.json, lint: opts.lint, policy } };
        anyInvalid = await runBatchCommand(inputIo, judge, { spec, rule: rule ?? getRevision(spec)?.topRule }, opts);
      } else {
        for (const input of inputs) await checkOne(input, inputs.length === 1);
      }
      setExit(anyInvalid && !opts.exitZero ? EXIT_INVALID : EXIT_VALID);
    });
}
