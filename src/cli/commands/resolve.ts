import { Option, type Command } from "commander";
import { caretDisplay } from "../../errors";
import { noResolution, resolve, resultText, strictByDefault, type DotSegmentsChoice, type ResolveResult } from "../../ops/resolve";
import { DEFAULT_SPEC, isSpecId, SPEC_IDS, type SpecId } from "../../revisions";
import { EXIT_INVALID, EXIT_VALID, processIo, UsageError, type CommandContext } from "../io";
import { addBatchOptions, answerArguments, batchHelp, runBatchCommand, type BatchFlags, type LineResult } from "../batch";
import { jsonAnswer } from "../json";
import { addInputOption, inputsAndIo } from "../input-files";
import { renderPanels, wrap } from "../table";

interface ResolveCliOptions {
  spec: string;
  strict?: boolean;
  dotSegments: DotSegmentsChoice;
  allSpecs?: boolean;
  json?: boolean;
}

/** A result as a short table cell (errors by code; the full message goes to standard error). */
function cell(r: ResolveResult): string {
  if (!r.ok) return `error: ${r.error.code}`;
  if (r.kind === "not-defined") return "not defined";
  return resultText(r);
}

function errorText(reference: string, base: string, r: ResolveResult): string {
  if (r.ok) return "";
  const e = r.error;
  const input = e.code === "invalid-base" ? base : reference;
  const parseError = "parseError" in e ? e.parseError : undefined;
  const caret = parseError && parseError.code === "syntax" ? `\n${caretDisplay(input, parseError.offset)}` : "";
  return `${r.spec}: ${JSON.stringify(reference)}: ${e.message}${caret}\n`;
}

function pad(s: string, n: number): string {
  return s + " ".repeat(Math.max(0, n - [...s].length));
}

/**
 * The answer for one reference: with --json one JSON object; in text mode `REF = ANSWER` (errors on
 * standard error), or with --all-specs the side-by-side table of this one reference. Also the batch
 * judge for `resolve BASE -` (built in each worker thread; see src/cli/batch.ts).
 */
export function resolveJudge(o: Omit<ResolveCliOptions, "spec"> & { spec: SpecId; base: string; width?: number }): (reference: string) => LineResult {
  const specs = o.allSpecs ? [...SPEC_IDS] : [o.spec];
  const options = { strict: o.strict, dotSegments: o.dotSegments };
  return (reference) => {
    const results = specs.map((spec) => resolve(o.base, reference, { ...options, spec }));
    const failed = results.filter((r) => !r.ok);
    const verdict = failed.length === 0 ? "resolved" : "error";
    const rules = failed.map((r) => (r.ok ? "" : `${r.spec}: ${r.error.code}`));
    const answer = { verdict, rules, bad: failed.length > 0 };
    if (o.json) {
      const record = o.allSpecs ? { base: o.base, reference, results: Object.fromEntries(results.map((r) => [r.spec, r])) } : { base: o.base, reference, ...results[0] };
      return { out: jsonAnswer(failed.length === 0, record), ...answer };
    }
    const err = failed.map((r) => errorText(reference, o.base, r)).join("");
    if (o.allSpecs) return { out: allSpecsTable(o.base, [{ reference, results }], o, o.width), err, ...answer };
    const r = results[0];
    const out = r.ok ? `${reference === "" ? "<>" : reference} = ${resultText(r)}${r.kind === "not-defined" ? ` (${citationLine(r.spec)})` : ""}\n` : "";
    return { out, err, ...answer };
  };
}

export function registerResolve(program: Command, { io, setExit }: CommandContext): void {
  addBatchOptions(
    addInputOption(program
      .command("resolve"))
      .description("resolve references against a base by one revision's rules (or by every revision, side by side)")
      .argument("<base>", "the base (an absolute URL/URI)")
      .argument("[reference...]", "references to resolve; a single '-' reads standard input, one reference per line, verbatim")
      .addOption(new Option("--spec <id>", `revision: ${SPEC_IDS.join(", ")}`).default(DEFAULT_SPEC))
      .option("--strict", "draft-2003 validating parser: keep a scheme equal to the base's (http:g stays http:g); rfc3986 §5.2.2 strict is the default there")
      .option("--no-strict", "rfc3986 §5.2.2 non-strict parser (backward compatibility): ignore a scheme equal to the base's (http:g gives http://a/b/c/g)")
      .addOption(new Option("--dot-segments <choice>", 'draft-2003 §5.2 merge step 7: leading ".." segments are kept, removed, or an error').choices(["keep", "remove", "error"]).default("keep"))
      .option("--all-specs", "print the answer of every revision side by side")
      .option("--json", "one JSON object per reference"),
  )
    .addHelpText(
      "after",
      `
Answers are printed as the Appendix C tables print them: REF = ANSWER, where ANSWER is a URI,
"(current document)" (draft-1997 §5.2 step 2, draft-2003 §5.2; rfc3986 §5.2.2 gives the base itself),
or "not defined" for draft-1994 and
rfc1738, which define no resolution (the citation says where). draft-1993 follows its "Partial form"
rules. Exit status: 0 when every reference resolved, 1 when a base or reference is invalid (or
merge step 7 reports an error), 2 on a usage error. With --all-specs, 1 when any revision's answer
is an error (rfc2396 and rfc2732 reject '?y': their grammar has no empty path before a query; the
reasons go to standard error); "not defined" is an answer, not an error. The table has a column per
revision, in panels of as many as the terminal's width holds (100 columns when not a terminal). With
'-' and --all-specs, each reference gets its own table.
${batchHelp}

Examples:
  $ uri-grammars resolve 'http://a/b/c/d;p?q' g ../g '?y' '#s'
  $ uri-grammars resolve --spec draft-1997 'http://a/b/c/d;p?q' 'g?y/./x'
  $ uri-grammars resolve --strict 'http://a/b/c/d;p?q' 'http:g'
  $ uri-grammars resolve --spec rfc3986 --no-strict 'http://a/b/c/d;p?q' 'http:g'
  $ uri-grammars resolve --dot-segments remove 'http://a/b/c/d;p?q' '../../../g'
  $ uri-grammars resolve --all-specs 'http://a/b/c/d;p?q' '?y' 'g?y/./x' 'http:g'
  $ uri-grammars resolve --json --all-specs 'http://a/b/c/d;p?q' '..'
  $ printf 'g\\n../g\\n' | uri-grammars resolve 'http://a/b/c/d;p?q' -`,
    )
    .action(async (base: string, given: string[], opts: ResolveCliOptions & BatchFlags & { input?: string[] }) => {
      const { inputs: references, io: inputIo } = inputsAndIo(given, opts.input, io);
      if (!isSpecId(opts.spec)) throw new UsageError(`unknown spec "${opts.spec}"; revisions: ${SPEC_IDS.join(", ")}`);
      const judgeOptions = { base, spec: opts.spec, strict: opts.strict, dotSegments: opts.dotSegments, allSpecs: opts.allSpecs, json: opts.json, width: terminalWidth(io) };
      let anyError = false;
      if (references.length === 1 && references[0] === "-") {
        const judge = { module: "commands/resolve", factory: "resolveJudge", options: judgeOptions };
        anyError = await runBatchCommand(inputIo, judge, { base, spec: opts.spec }, opts, "err");
      } else if (opts.allSpecs && !opts.json) {
        // One table for all the references, its columns aligned across them.
        const options = { strict: opts.strict, dotSegments: opts.dotSegments };
        const rows = references.map((reference) => ({ reference, results: SPEC_IDS.map((spec) => resolve(base, reference, { ...options, spec })) }));
        anyError = rows.some((row) => row.results.some((r) => !r.ok));
        await io.out(allSpecsTable(base, rows, opts, terminalWidth(io)));
        for (const { reference, results } of rows) for (const r of results) if (!r.ok) io.err(errorText(reference, base, r));
      } else {
        anyError = await answerArguments(io, resolveJudge(judgeOptions), references);
      }
      setExit(anyError && !opts.exitZero ? EXIT_INVALID : EXIT_VALID);
    });
}

/** The width a table fits: standard output's columns on a terminal, else 100. */
function terminalWidth(io: CommandContext["io"]): number {
  return io === processIo && process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : 100;
}

function citationLine(spec: string): string {
  const c = noResolution()[spec as SpecId];
  if (!c) return "";
  // The document's own words first; a translated seed's words after them, said to be a translation.
  if (c.translated) return `${c.spec}, ${c.translated.original.section}: "${c.translated.original.quote}" (RFC as published, ${c.translated.original.file} line ${c.translated.original.line}; the project's seed is a ${c.translated.language} translation: "${c.quote}", line ${c.line})`;
  return `${c.spec}, ${c.section}${c.line !== undefined ? `, line ${c.line} of the document's text` : ""}: "${c.quote}"${c.translation && /[^\x00-\x7f]/.test(c.quote) ? ` (${c.translation})` : ""}`;
}

/** One line per reference, the columns aligned (when not even one column of a panel fits the width). */
function allSpecsLines(header: string[], body: { cells: string[]; differs: boolean }[]): string {
  const widths = header.map((h, i) => Math.max([...h].length, ...body.map((b) => [...b.cells[i]].length)));
  const line = (cells: string[], mark: string) => (cells.map((c, i) => pad(c, widths[i])).join("  ") + (mark ? `  ${mark}` : "")).trimEnd() + "\n";
  return line(header, "") + body.map((b) => line(b.cells, b.differs ? "≠" : "")).join("");
}

/** The side-by-side view: one row per reference, one column per revision, in panels that fit `width`. */
function allSpecsTable(base: string, rows: { reference: string; results: ResolveResult[] }[], opts: ResolveCliOptions, width = 100): string {
  const header = ["reference", ...SPEC_IDS];
  const notes = new Map<string, number>();
  const body = rows.map(({ reference, results }) => {
    const cells = results.map((r) => {
      if (r.ok && r.kind === "not-defined") {
        if (!notes.has(r.spec)) notes.set(r.spec, notes.size + 1);
        return `not defined [${notes.get(r.spec)}]`;
      }
      // The documents whose resolution offers the `strict` choice print both answers for `http:g`
      // (draft-2003 Appendix C: the validating one besides its default; rfc3986 §5.4.2 and rfc2396
      // Appendix C, "for validating parsers" by default, and "for backwards compatibility"): show
      // the other one too when it differs.
      const leaning = strictByDefault(r.spec);
      if (leaning === false && !opts.strict) {
        const validating = resolve(base, reference, { spec: r.spec as SpecId, strict: true, dotSegments: opts.dotSegments });
        if (cell(validating) !== cell(r)) return `${cell(r)} (validating: ${cell(validating)})`;
      }
      if (leaning === true && opts.strict !== false) {
        const nonStrict = resolve(base, reference, { spec: r.spec as SpecId, strict: false });
        if (cell(nonStrict) !== cell(r)) return `${cell(r)} (non-strict: ${cell(nonStrict)})`;
      }
      return cell(r);
    });
    // Compare the revisions that define resolution and answered.
    const answers = results.filter((r) => r.ok && r.kind !== "not-defined").map(cell);
    const differs = new Set(answers).size > 1;
    return { cells: [reference === "" ? "<>" : reference, ...cells], differs };
  });
  const leaning = (strict: boolean) => SPEC_IDS.filter((spec) => strictByDefault(spec) === strict).join(", ");
  let out = `${wrap(`base ${base}   (${leaning(false)}: ${opts.strict ? "validating" : "non-validating"}, leading "..": ${opts.dotSegments}; ${leaning(true)}: ${opts.strict === false ? "non-strict" : "strict"})`, width).join("\n")}\n\n`;
  // The revisions side by side, in panels of as many as the width holds (issue 41 item 7: one line of
  // 326 columns); each reference a row, marked ≠ where the revisions' answers differ.
  const table = { headers: header.slice(1), rows: body.map((b) => ({ label: b.cells[0] + (b.differs ? " ≠" : ""), cells: b.cells.slice(1) })) };
  out += renderPanels(table, width) ?? allSpecsLines(header, body);
  out += "\n";
  for (const [spec, n] of notes) out += `${wrap(`[${n}] ${citationLine(spec)}`, width).join("\n")}\n`;
  if (body.some((b) => b.differs)) out += `≠  the revisions that define resolution give different answers\n`;
  return out;
}
