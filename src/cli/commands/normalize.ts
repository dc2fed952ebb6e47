import { Option, type Command } from "commander";
import { caretDisplay } from "../../errors";
import { LEVELS, normalize, normalizingSpecs, type NormalizationLevel } from "../../ops/normalize";
import type { SpecId } from "../../revisions";
import { SCHEME_DEFAULT_PORTS } from "../../revisions/default-ports";
import { EXIT_INVALID, EXIT_VALID, UsageError, type CommandContext } from "../io";
import { addBatchOptions, answerArguments, batchHelp, runBatchCommand, type BatchFlags, type LineResult } from "../batch";
import { jsonAnswer } from "../json";
import { addInputOption, inputsAndIo } from "../input-files";

export function levelOption(): Option {
  return new Option("--level <level>", "rung of the comparison ladder (draft-2003 §6.2): string (§6.2.1), syntax (§6.2.2), scheme (§6.2.3)").choices([...LEVELS]).default("scheme");
}

export function normalizeSpecOption(): Option {
  return new Option("--spec <id>", `revision: ${normalizingSpecs().join(", ")} (their §6)`).default("draft-2003");
}

export function checkNormalizeSpec(spec: string): SpecId {
  const known = normalizingSpecs().find((id) => id === spec);
  if (!known) throw new UsageError(`normalization follows the comparison ladders of draft-1997 §6, rfc2396 §6, draft-2003 §6.2 and rfc3986 §6.2; "${spec}" is not one of ${normalizingSpecs().join(", ")}`);
  return known;
}

/**
 * The answer for one input: the normal form on standard output (with --steps, each step under it), or
 * in text mode the error on standard error; with --json one JSON object on standard output.
 * Also the batch judge for `normalize -` (built in each worker thread; see src/cli/batch.ts).
 */
export function normalizeJudge(o: { spec: SpecId; level: NormalizationLevel; steps?: boolean; json?: boolean }): (input: string) => LineResult {
  return (input) => {
    const r = normalize(input, { spec: o.spec, level: o.level });
    const verdict = r.ok ? "valid" : "invalid";
    const rules = r.ok ? [] : ["rule" in r.error && r.error.rule ? r.error.rule : r.error.code];
    if (o.json) return { out: jsonAnswer(r.ok, r.ok ? r : { ...r, input }), verdict, rules, bad: !r.ok };
    if (!r.ok) {
      const offset = "offset" in r.error ? r.error.offset : null;
      const caret = offset !== null ? `\n${caretDisplay(input, offset)}` : "";
      return { out: "", err: `invalid  ${JSON.stringify(input)}: ${r.error.message}${caret}\n`, verdict, rules, bad: true };
    }
    const steps = o.steps ? r.steps.map((s) => `  ${s.section}${s.source ? ` (${s.source})` : ""}: ${s.rule}\n    -> ${s.result}\n`).join("") : "";
    return { out: r.normalized + "\n" + steps, verdict, rules, bad: false };
  };
}

export function registerNormalize(program: Command, { io, setExit }: CommandContext): void {
  addBatchOptions(
    addInputOption(program
      .command("normalize"))
      .description("normalize inputs for comparison (draft-2003 §6.2 ladder, draft-1997 §6)")
      .argument("[input...]", "inputs; a single '-' reads standard input, one input per line, verbatim")
      .addOption(normalizeSpecOption())
      .addOption(levelOption())
      .option("--steps", "also print each normalization that changed the input, with its section")
      .option("--json", "one JSON object per input: {ok, spec, level, input, normalized, steps}"),
  )
    .addHelpText(
      "after",
      `
draft-2003 syntax level: scheme and hostname to lower case (§6.2.2.1), hex digits of escapes to upper
case and escapes of ALPHA, DIGIT, "_", "~" unescaped (§6.2.2.2, §2.3), dot segments removed by the §5.2
merge (§6.2.2.3). Scheme level adds: a default port or an empty port is elided (§6.2.3).
draft-1997: scheme (§4.1) and host (§6) to lower case; scheme level: an explicit default port elided.
The default ports: these revisions say "the default for the scheme", which is the scheme's definition:
${SCHEME_DEFAULT_PORTS.map((d) => `${d.scheme} ${d.port} (${d.source.cite})`).join(", ")}.
--steps names the document of each default port elided.
Exit status: 0 when every input is valid, 1 when any is invalid, 2 on a usage error.
In text mode the normal form goes to standard output and an invalid input's error to standard error.
${batchHelp}

Examples:
  $ uri-grammars normalize 'eXAMPLE://a/./b/../b/c/%7a'
  $ uri-grammars normalize --steps 'HTTP://WWW.Example.COM:80/%7euser/./a'
  $ uri-grammars normalize --spec draft-1997 --level syntax 'http://WWW.XEROX.com:80/'
  $ printf 'http://a:80/\\nhttp://A/\\n' | uri-grammars normalize --json -`,
    )
    .action(async (given: string[], opts: { spec: string; level: NormalizationLevel; steps?: boolean; json?: boolean; input?: string[] } & BatchFlags) => {
      const spec = checkNormalizeSpec(opts.spec);
      const { inputs, io: inputIo } = inputsAndIo(given, opts.input, io);
      const options = { spec, level: opts.level, steps: opts.steps, json: opts.json };
      const anyInvalid =
        inputs.length === 1 && inputs[0] === "-"
          ? await runBatchCommand(inputIo, { module: "commands/normalize", factory: "normalizeJudge", options }, { spec, level: opts.level }, opts, "err")
          : await answerArguments(io, normalizeJudge(options), inputs);
      setExit(anyInvalid && !opts.exitZero ? EXIT_INVALID : EXIT_VALID);
    });
}
