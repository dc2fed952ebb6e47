import type { Command } from "commander";
import { compareInput, selectSpecs, type CompareCell, type CompareResult } from "../../ops/compare";
import { getRevision, type SpecId } from "../../revisions";
import { COMPONENT_KEYS } from "../../revisions/revision";
import { componentName } from "../../ops/components";
import { EXIT_INVALID, EXIT_VALID, processIo, UsageError, type CommandContext } from "../io";
import { renderPanels, wrap, type TextTable } from "../table";
import { addBatchOptions, batchHelp, runBatchCommand, type BatchFlags, type LineResult } from "../batch";
import { jsonAnswer } from "../json";
import { addInputOption, inputsAndIo } from "../input-files";

const MARK = " *";

/** The text view of one comparison: a table with one column per revision, in side-by-side panels when the width does not hold them all (one block per revision when not even one column fits). */
export function compareText(result: CompareResult, width = 100): string {
  const { cells } = result;
  const rows: TextTable["rows"] = [];
  const mark = (c: CompareCell, field: string, text: string) => (c.differs.includes(field) ? text + MARK : text);
  rows.push({ label: "verdict", cells: cells.map((c) => mark(c, "verdict", c.valid ? "valid" : "invalid")) });
  rows.push({ label: "production", cells: cells.map((c) => mark(c, "production", c.production ?? "-")) });
  for (const key of COMPONENT_KEYS) {
    if (key === "segment" || !cells.some((c) => c.components?.[key])) continue;
    rows.push({
      label: key,
      cells: cells.map((c) => {
        if (!c.valid) return "";
        if (!c.components) return "?";
        const name = componentName(getRevision(c.spec)!, key);
        const v = c.components[key];
        const text = name === null ? "(no such part)" : v ? `${name} ${JSON.stringify(v.text)}` : `${name}: absent`;
        return mark(c, key, text);
      }),
    });
  }
  if (cells.some((c) => !c.valid)) {
    rows.push({ label: "offset", cells: cells.map((c) => (c.error ? mark(c, "offset", String(c.error.offset)) : "")) });
    rows.push({ label: "reason", cells: cells.map((c) => c.error?.reason ?? "") });
  }
  const notes = cells.filter((c) => c.note).map((c) => `${wrap(`  note: ${c.note}`, width).join("\n")}\n`);
  const head = `${wrap(JSON.stringify(result.input), width).join("\n")}\n`;
  const legend = cells.some((c) => c.differs.length > 0) ? `${wrap(`  ${MARK.trim()} differs from the revision to its left`, width).join("\n")}\n` : "";
  // One table, the revisions side by side; on a terminal too narrow for all of them, side-by-side
  // panels of as many as fit (issue 41 item 7: the blocks below were all a 100-column terminal saw).
  const parsers = parserLines(result, width);
  const table = renderPanels({ headers: cells.map((c) => c.spec), rows }, width);
  if (table) return head + table + legend + notes.join("") + parsers + "\n";
  // Not even one revision's column fits the width: one block per revision.
  const blocks = cells.map((c, i) => {
    const lines = rows.filter((r) => r.cells[i] !== "").map((r) => wrap(`${r.label.padEnd(10)} ${r.cells[i]}`, width - 2).map((l) => `  ${l}`).join("\n"));
    return `${c.spec}\n${lines.join("\n")}\n`;
  });
  return head + blocks.join("") + legend + notes.join("") + parsers + "\n";
}

/** compareInput() on revisions the command has checked: a failure here is a bug, not a verdict. */
function compareAll(input: string, specs: SpecId[]): CompareResult {
  const result = compareInput(input, { specs });
  if (!result.ok) throw new Error(`internal: compare failed: ${result.error.message}`);
  return result;
}

/** The parsers the revisions' documents define (Revision.parser), each a row of its own under the revisions. */
function parserLines(result: CompareResult, width: number): string {
  return result.parsers
    .map((p) => {
      const said = p.verdict === "valid" ? `returns a URL${p.validationErrors.length === 0 ? ", no validation error" : `; validation errors: ${p.validationErrors.join(", ")}`}` : `failure${p.validationErrors.length === 0 ? "" : ` (${p.validationErrors.join(", ")})`}`;
      const parts = Object.entries(p.components ?? {}).filter(([, v]) => v !== null).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
      const lines = [`${p.label}, the parser of ${p.of.join(", ")}: ${said}`, ...(parts.length > 0 ? [`  ${parts.join("  ")}`] : [])];
      return lines.flatMap((l) => wrap(l, width - 2)).map((l) => `  ${l}`).join("\n") + "\n";
    })
    .join("");
}

/** The batch judge for `compare -` (built in each worker thread too; see src/cli/batch.ts). */
export function compareJudge(o: { specs: SpecId[]; json?: boolean; width?: number }): (line: string) => LineResult {
  return (input) => {
    const result = compareAll(input, o.specs);
    const valid = result.cells.filter((c) => c.valid).map((c) => c.spec);
    const verdict = valid.length === result.cells.length ? "valid in all" : valid.length === 0 ? "invalid in all" : `valid only in ${valid.join(", ")}`;
    const rules = result.cells.filter((c) => !c.valid).map((c) => `${c.spec}: ${c.error?.rule ?? "?"}`);
    return { out: o.json ? jsonAnswer(rules.length === 0, result) : compareText(result, o.width), verdict, rules, bad: rules.length > 0 };
  };
}

export function registerCompare(program: Command, { io, setExit }: CommandContext): void {
  addBatchOptions(
    addInputOption(program
      .command("compare"))
      .description("judge inputs by every revision side by side: verdict, production, components, error")
      .argument("[input...]", "inputs to compare; a single '-' reads standard input, one input per line, verbatim")
      .option("--specs <ids>", "comma-separated revisions (default: all available, oldest first)")
      .option("--json", "one JSON object per input: {version, ok, input, cells: [{spec, valid, production, components, error?, differs}]} (docs/schemas/compare.schema.json)"),
  )
    .addHelpText(
      "after",
      `
The revisions side by side, one column each: all in one table when the terminal is wide enough (about
340 columns for the fourteen), else in panels of as many as fit (standard output's width on a
terminal, else 100 columns). Cells marked * differ from the revision to their left. Exit status: 0
when every revision accepts every input, 1 when any rejects one, 2 on a usage error.
${batchHelp}

Examples:
  $ uri-grammars compare 'http://a/~b' 'http://[::1]/'
  $ uri-grammars compare --specs draft-1997,draft-2003 --json 'ftp://u:p@h/a;type=i'`,
    )
    .action(async (given: string[], opts: { specs?: string; json?: boolean; input?: string[] } & BatchFlags) => {
      const ids = opts.specs?.split(",").map((s) => s.trim()).filter((s) => s !== "");
      const { specs, unknown } = selectSpecs(ids);
      if (unknown.length > 0) throw new UsageError(`unknown or untranscribed revision(s): ${unknown.join(", ")}`);
      // The table fits the terminal (standard output's width), else 100 columns.
      const width = io === processIo && process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : 100;
      const { inputs, io: inputIo } = inputsAndIo(given, opts.input, io);
      let anyInvalid = false;
      if (inputs.length === 1 && inputs[0] === "-") {
        const judge = { module: "commands/compare", factory: "compareJudge", options: { specs, json: opts.json, width } };
        anyInvalid = await runBatchCommand(inputIo, judge, { specs }, opts);
        setExit(anyInvalid && !opts.exitZero ? EXIT_INVALID : EXIT_VALID);
        return;
      }
      for (const input of inputs) {
        const result = compareAll(input, specs);
        if (result.cells.some((c) => !c.valid)) anyInvalid = true;
        await io.out(opts.json ? jsonAnswer(result.cells.every((c) => c.valid), result) : compareText(result, width));
      }
      setExit(anyInvalid && !opts.exitZero ? EXIT_INVALID : EXIT_VALID);
    });
}
