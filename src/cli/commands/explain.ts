import type { Command } from "commander";
import { explain, type Explanation, type ExplainNode } from "../../ops/explain";
import type { SpecId } from "../../revisions";
import type { ComponentKey } from "../../revisions/revision";
import { EXIT_INVALID, EXIT_VALID, processIo, UsageError, type CommandContext } from "../io";
import { addBatchOptions, batchHelp, runBatchCommand, type BatchFlags, type LineResult } from "../batch";
import { refusedLine } from "../batch-lines";
import { baseOption, colorOptions, resolveSpecAndRule, specOption, wantColour } from "../options";
import { wrap } from "../table";
import { jsonAnswer } from "../json";
import { addInputOption, inputsAndIo } from "../input-files";

/** ANSI colours by component; userinfo stands out, as draft-2003 §7.5 suggests user agents do. */
const COLOUR: Record<ComponentKey, string> = {
  scheme: "35",
  authority: "34",
  userinfo: "1;31",
  password: "1;31",
  host: "32",
  port: "33",
  path: "36",
  segment: "36",
  query: "33",
  fragment: "90",
};

function paint(text: string, key: ComponentKey | null, colour: boolean): string {
  return colour && key ? `\x1b[${COLOUR[key]}m${text}\x1b[0m` : text;
}

function treeLines(node: ExplainNode, depth: number, colour: boolean, out: string[]): void {
  const line = `${"  ".repeat(depth)}${node.rule} ${JSON.stringify(node.text)} [${node.start},${node.end})`;
  out.push(paint(line, node.component, colour));
  for (const c of node.children) treeLines(c, depth + 1, colour, out);
}

export function explainText(x: Explanation, colour: boolean, width = 100): string {
  const out: string[] = [];
  if (x.valid) {
    out.push(`${JSON.stringify(x.input)} is a valid ${x.spec} ${x.production ?? ""}.`.replace(" .", "."));
    out.push("", "Derivation (rule, substring, [start,end); one-character rules left out, --full shows them):");
    if (x.tree) treeLines(x.tree, 1, colour, out);
    if (x.components && x.components.length > 0) {
      out.push("", "Components:");
      for (const c of x.components) out.push(paint(`  ${c.name.padEnd(10)} ${JSON.stringify(c.text)}`, c.key, colour));
    }
    if (x.notes.length > 0) {
      out.push("", "Security notes (warnings; the input stays valid):");
      for (const n of x.notes) out.push(...wrap(`warning: ${n.message}`, width - 4).map((l, i) => `${i === 0 ? "  " : "    "}${l}`));
    }
    const others = x.others.map((o) => `${o.spec} ${o.valid ? "valid" : `invalid at offset ${o.offset}`}`);
    if (others.length > 0) out.push("", `Other revisions: ${others.join("; ")}.`);
  } else {
    out.push(`${JSON.stringify(x.input)} is not a valid ${x.spec} ${x.production ?? ""}.`.replace(" .", "."));
    out.push(...wrap(x.sentence ?? "", width - 2).map((l) => `  ${l}`));
    if (x.parser !== undefined) out.push(...wrap(x.parser, width - 2).map((l) => `  ${l}`));
  }
  for (const r of x.remarks) out.push(`note: ${r}`);
  return out.join("\n") + "\n";
}

/** The batch judge for `explain -` (built in each worker thread; see src/cli/batch.ts): one compact JSON line, or a text block and a blank line. */
export function explainJudge(o: { spec: SpecId; rule?: string; full?: boolean; json?: boolean; colour?: boolean }): (input: string) => LineResult {
  return (input) => {
    const x = explain(input, { spec: o.spec, rule: o.rule, full: o.full });
    // The spec was checked before the batch began and every line is a string: the one failure is a
    // line over explain()'s input limit (input-too-long), answered like any line not judged.
    if (!x.ok) return refusedLine(input, x.error.code, x.error.message, { record: { spec: o.spec }, json: o.json === true });
    const out = o.json ? jsonAnswer(x.valid, x) : explainText(x, o.colour === true) + "\n";
    return { out, verdict: x.valid ? "valid" : "invalid", rules: [], bad: !x.valid };
  };
}

export function registerExplain(program: Command, { io, setExit }: CommandContext): void {
  addBatchOptions(
    colorOptions(addInputOption(program
      .command("explain")
      .description("why a revision accepts or rejects an input: the derivation, or a sentence to act on; plus security notes")
      .argument("[input]", "the input; '-' reads standard input, one input per line, verbatim")
      .addOption(specOption())
      .addOption(baseOption())
      .option("--full", "keep the one-character rules (alpha, pchar ...) in the derivation")
      .option("--json", "print the explanation as JSON (with '-': one compact JSON object per line)"))),
  )
    .addHelpText(
      "after",
      `
Exit status: 0 when the input is valid (with '-': every input), 1 when not, 2 on a usage error.
Colour (--color auto, the default) is used only on a terminal, unless FORCE_COLOR is set (not 0),
and never with --color never, --no-color, or NO_COLOR set; --color always colours. With '-' each
explanation is followed by a blank line.
${batchHelp}

Examples:
  $ uri-grammars explain --spec draft-1997 'http://a/b[1]'
  $ uri-grammars explain 'http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm'
  $ printf 'http://a/b[1]\\nhttp://a/~b\\n' | uri-grammars explain --json -`,
    )
    .action(async (given: string | undefined, opts: { spec: string; base?: string; color: string | boolean; full?: boolean; json?: boolean; input?: string[] } & BatchFlags) => {
      // --base: the start rule of the base's class (the other revisions are judged under it where they have it).
      const { spec, rule } = resolveSpecAndRule(opts.spec, undefined, opts.base);
      const { inputs, io: inputIo } = inputsAndIo(given === undefined ? [] : [given], opts.input, io);
      const input = inputs[0];
      const colour = wantColour(opts.color, io === processIo && process.stdout.isTTY === true);
      if (input === "-") {
        const judge = { module: "commands/explain", factory: "explainJudge", options: { spec, rule, full: opts.full, json: opts.json, colour } };
        const anyInvalid = await runBatchCommand(inputIo, judge, { spec }, opts);
        setExit(anyInvalid && !opts.exitZero ? EXIT_INVALID : EXIT_VALID);
        return;
      }
      const x = explain(input, { spec, rule, full: opts.full });
      if (!x.ok) throw new UsageError(x.error.message);
      await io.out(opts.json ? jsonAnswer(x.valid, x, 2) : explainText(x, colour));
      setExit(x.valid || opts.exitZero ? EXIT_VALID : EXIT_INVALID);
    });
}
