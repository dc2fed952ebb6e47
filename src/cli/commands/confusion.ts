// `uri-grammars confusion INPUT...`: which parser reads an input how (src/ops/confusion.ts): a table
// per input, one row per revision and per installed implementation (src/cli/implementations.ts,
// and a user's own with --adapter), each implementation asked over the json protocol's
// `components` request by a process kept running across inputs (src/cli/line-client.ts). Batches
// (`-`, --input) go through the batch engine (src/cli/batch.ts); each worker keeps its own processes.
import { Option, type Command } from "commander";
import { needsVariant, revisionRows, SECURITY_COMPONENTS, tabulate, type ConfusionResult, type ParserReading, type RowReading } from "../../ops/confusion";
import { selectSpecs } from "../../ops/compare";
import { defaultSpec, type SpecId } from "../../revisions";
import { spanIds } from "../../conformance/confusion-doc";
import { EXIT_INVALID, EXIT_VALID, processIo, UsageError, type CommandContext } from "../io";
import { addBatchOptions, answerArguments, batchHelp, runBatchCommand, type BatchFlags, type LineResult } from "../batch";
import { jsonAnswer } from "../json";
import { addInputOption, inputsAndIo } from "../input-files";
import { wrap } from "../table";
import { IMPLEMENTATIONS, userImplementation, type Started } from "../implementations";
import { LineClient, type ClientAnswer } from "../line-client";

/** An implementation as the judge runs it (serializable: workers rebuild the judge from it). */
export interface RunnableImplementation {
  id: string;
  label: string;
  argv: string[];
}

export interface ConfusionJudgeOptions {
  specs: SpecId[];
  implementations: RunnableImplementation[];
  /** Installed nowhere here: listed under the table. */
  missing: string[];
  json?: boolean;
  width?: number;
  timeoutMs: number;
  startupMs: number;
}

/** An implementation's answer line as a reading (src/ops/confusion.ts ParserReading), or a reading without components saying why not. */
export function readingOf(answer: ClientAnswer): ParserReading {
  if (!("line" in answer)) return { verdict: "invalid", components: null, error: `${answer.failure}: ${answer.detail}` };
  const t = answer.line.trim();
  if (/^skip$/i.test(t)) return { verdict: "invalid", components: null, error: 'the adapter answered "skip" to the components request (it does not speak it)' };
  if (/^(valid|invalid|true|false|1|0)$/i.test(t)) return { verdict: /^(valid|true|1)$/i.test(t) ? "valid" : "invalid", components: null, error: "the adapter gave a verdict and no components" };
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return { verdict: "invalid", components: null, error: `the adapter answered ${JSON.stringify(t.slice(0, 80))}, not a reading` };
  }
  const o = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
  const verdict = o.verdict === "valid" || o.verdict === true ? "valid" : o.verdict === "invalid" || o.verdict === false ? "invalid" : null;
  if (verdict === null) return { verdict: "invalid", components: null, error: typeof o.error === "string" ? `the implementation failed: ${o.error}` : `the adapter answered ${JSON.stringify(t.slice(0, 80))}, not a reading` };
  const text = (x: unknown) => (x === null || x === undefined ? null : typeof x === "string" ? x : typeof x === "number" ? String(x) : JSON.stringify(x));
  const c = typeof o.components === "object" && o.components !== null ? (o.components as Record<string, unknown>) : null;
  const reading: ParserReading = {
    verdict,
    components: c && { scheme: text(c.scheme), userinfo: text(c.userinfo), host: text(c.host), port: text(c.port), path: text(c.path) ?? "", query: text(c.query), fragment: text(c.fragment) },
  };
  if (typeof o.how === "string") reading.how = o.how;
  if (typeof o.error === "string") reading.error = o.error;
  return reading;
}

/** The judge of `confusion` (built in each worker thread too): the table of one input. */
export function confusionJudge(o: ConfusionJudgeOptions): ((line: string) => Promise<LineResult>) & { close(): void } {
  const env = { ...process.env, URI_GRAMMARS_PROTOCOL: "json", URI_GRAMMARS_SPEC: defaultSpec() };
  const clients = o.implementations.map((impl) => ({ impl, client: new LineClient(impl.argv, { timeoutMs: o.timeoutMs, startupMs: o.startupMs, env }) }));
  const readAll = async (input: string): Promise<RowReading[]> => {
    const answers = await Promise.all(clients.map(({ client }) => client.ask(JSON.stringify({ op: "components", input }))));
    return [...revisionRows(input, o.specs), ...clients.map(({ impl }, i) => ({ id: impl.id, label: impl.label, kind: "implementation" as const, reading: readingOf(answers[i]) }))];
  };
  const judge = async (input: string): Promise<LineResult> => {
    const rows = await readAll(input);
    let result = tabulate(input, rows);
    const variant = needsVariant(result);
    if (variant !== null) result = tabulate(input, rows, { input: variant, rows: await readAll(variant) });
    const split = result.differs.host || result.differs.scheme;
    const verdict = split ? `readings differ: ${SECURITY_COMPONENTS.filter((c) => result.differs[c]).join(", ")}` : "readings agree";
    const out = o.json ? jsonAnswer(!split, { ...result, missing: o.missing }) : confusionText(result, o.missing, o.width);
    return { out, verdict, rules: result.disagreements.flatMap((d) => d.classes.map((c) => `${d.component}: ${c.name}`)), bad: split };
  };
  return Object.assign(judge, { close: () => clients.forEach(({ client }) => client.close()) });
}

const showValue = (v: string | null) => (v === null ? "-" : v === "" ? '""' : /[\s"\\]|^-$/.test(v) ? JSON.stringify(v) : v);

const COLUMNS = ["verdict", "scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const;
/** Dropped in this order when the table is too wide for the terminal (--json has them all). */
const OPTIONAL: readonly string[] = ["fragment", "query", "path"];

/** The text view: a table (one row per revision or implementation), then the disagreements with their classes. */
export function confusionText(r: ConfusionResult, missing: string[] = [], width = 100): string {
  const MAX = 22;
  const clip = (s: string) => (s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s);
  const cellOf = (row: ConfusionResult["rows"][number], k: (typeof COLUMNS)[number]): string => {
    if (k === "verdict") return `${row.verdict}${row.reading === "escaped" ? ", escaped" : row.reading === "fragment-apart" ? ", # apart" : row.reading === "split" ? ", splits" : row.reading === "none" ? ", no reading" : ""}`;
    const c = row.components;
    if (!c) return "";
    if ((row.unsplit as string[]).includes(k)) return "(unsplit)";
    const group = row.groups[k as keyof typeof row.groups];
    const mark = (row.marked as string[]).includes(k) ? "*" : "";
    return `${clip(showValue(c[k]))}${group && mark ? ` ${group}${mark}` : ""}`;
  };
  const lines: string[] = [JSON.stringify(r.input)];
  let columns: string[] = [...COLUMNS];
  const render = () => {
    const body = r.rows.map((row) => [row.id, ...columns.map((k) => cellOf(row, k as (typeof COLUMNS)[number]))]);
    const head = ["", ...columns];
    const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
    if (widths.reduce((n, w) => n + w + 2, 0) > width) return null;
    return [head, ...body].map((b) => b.map((x, i) => x.padEnd(widths[i])).join("  ").trimEnd());
  };
  let table = render();
  for (const drop of OPTIONAL) {
    if (table) break;
    columns = columns.filter((c) => c !== drop);
    table = render();
  }
  const say = (text: string, indent = "  ") => lines.push(...wrap(`${indent}${text}`, width).map((l, i) => (i === 0 ? l : `${indent}  ${l.trimStart()}`)));
  if (table) {
    lines.push(...table);
    const dropped = COLUMNS.filter((c) => !columns.includes(c));
    if (dropped.length > 0) say(`(${dropped.join(", ")}: not shown at this width; --json has them)`);
  } else {
    for (const row of r.rows) say(`${row.id}: ${COLUMNS.map((k) => `${k} ${cellOf(row, k) || "-"}`).join(", ")}`, "");
  }
  if (r.disagreements.length === 0) say(`the rows that read it agree on scheme, userinfo, host and port${r.spellingOnly.length > 0 ? ` (spelled differently: ${r.spellingOnly.map((s) => `${s.component} ${s.spellings.map(showValue).join(" / ")}`).join("; ")})` : ""}`);
  for (const d of r.disagreements) {
    say(`* ${d.component} differs: ${d.readings.map((g) => `${g.group} ${showValue(g.value)} (${spanIds(g.rows)})`).join("; ")}`);
    for (const c of d.classes) say(`${c.name}: ${c.because}`, "    ");
  }
  const impls = r.rows.filter((x) => x.kind !== "revision" && x.components !== null);
  if (impls.length > 0) say(`implementations read scheme, userinfo, host and port as: ${impls.map((x) => `${x.id} ${x.matches.length > 0 ? spanIds(x.matches) : "no revision"}`).join("; ")}`);
  // Notes, each said once for the rows it concerns.
  const notes = new Map<string, string[]>();
  for (const row of r.rows) {
    const note = row.how ?? (!row.components && row.error ? row.error.split(/(?<=\.) /)[0] : null);
    if (note) notes.set(note, [...(notes.get(note) ?? []), row.id]);
  }
  for (const [note, ids] of notes) say(`${spanIds(ids)}: ${note}`);
  if (missing.length > 0) say(`not installed here: ${missing.join("; ")}`);
  return lines.join("\n") + "\n\n";
}

/** The implementations to run: the shipped ones installed here (or those named), and the user's own. */
export function chooseImplementations(which: string, adapters: string[]): { ready: RunnableImplementation[]; missing: string[]; started: Started[] } {
  const ready: RunnableImplementation[] = [];
  const missing: string[] = [];
  const started: Started[] = [];
  const names = which === "all" ? null : which === "none" ? [] : which.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const unknown = (names ?? []).filter((n) => !IMPLEMENTATIONS.some((i) => i.id === n));
  if (unknown.length > 0) throw new UsageError(`unknown implementation(s): ${unknown.join(", ")}; the shipped ones: ${IMPLEMENTATIONS.map((i) => i.id).join(", ")} (or all, none)`);
  for (const impl of IMPLEMENTATIONS) {
    if (names !== null && !names.includes(impl.id)) continue;
    const s = impl.start(defaultSpec());
    if ("missing" in s) {
      missing.push(`${impl.name} (${s.missing})`);
      continue;
    }
    started.push(s);
    ready.push({ id: impl.id, label: `${impl.name} ${s.version}`, argv: s.argv });
  }
  adapters.forEach((a, i) => ready.push(userImplementation(a, defaultSpec(), i)));
  return { ready, missing, started };
}

interface ConfusionFlags extends BatchFlags {
  specs?: string;
  json?: boolean;
  input?: string[];
  implementations: string;
  adapter?: string[];
  timeout: string;
  startupTimeout: string;
}

function seconds(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${name} must be a positive number of seconds, not "${v}"`);
  return n * 1000;
}

export function registerConfusion(program: Command, { io, setExit }: CommandContext): void {
  addBatchOptions(
    addInputOption(program.command("confusion"))
      .description("which parser reads an input how: every revision and every installed implementation, their scheme, userinfo, host and port readings compared and the disagreements classed")
      .argument("[input...]", "inputs; a single '-' reads standard input, one input per line, verbatim")
      .option("--specs <ids>", "comma-separated revisions (default: all, oldest first)")
      .option("--implementations <list>", "the shipped adapters to run: all (those installed here), none, or a comma-separated list of ids", "all")
      .addOption(new Option("--adapter <file-or-command>", "your own implementation: a JavaScript module exporting components(input) or check(input), or a command speaking the json protocol (docs/conformance.md); repeatable").argParser((v: string, prev: string[] | undefined) => [...(prev ?? []), v]))
      .option("--timeout <s>", "seconds an implementation may take per answer", "5")
      .option("--startup-timeout <s>", "seconds added for an implementation's first answer (an interpreter, a JVM)", "30")
      .option("--json", "one JSON object per input (docs/schemas/confusion.schema.json)"),
  )
    .addHelpText(
      "after",
      `
A revision reads an input its grammar rejects as its text prescribes, where it can: the URL before
"#" where the fragment is not part of it (RFC 1738 §2.2), the characters it never accepts
percent-encoded (RFC 2396 §2.4.3); the row says so. Readings are compared after lower-casing
schemes and hosts and decoding escapes; cells marked * hold a reading the other rows do not share,
A, B ... name the readings. Exit status: 1 when the readings of host or scheme differ for some
input, 0 when not, 2 on a usage error. docs/confusion.md has the corpus and the classes.
${batchHelp}

Examples:
  $ uri-grammars confusion 'http://a\\b@c/' 'http://evil.com#@good.com/'
  $ uri-grammars confusion --json --implementations node-url,python3-rfc3986 'http://1.1.1.1 &@2.2.2.2# @3.3.3.3/'
  $ uri-grammars confusion --adapter ./my-parser.cjs --specs rfc3986,rfc3987 'http://[::1%25en0]/'
  $ uri-grammars confusion --json - < test/data/confusion/published.tsv`,
    )
    .action(async (given: string[], opts: ConfusionFlags) => {
      const ids = opts.specs?.split(",").map((s) => s.trim()).filter((s) => s !== "");
      const { specs, unknown } = selectSpecs(ids);
      if (unknown.length > 0) throw new UsageError(`unknown or untranscribed revision(s): ${unknown.join(", ")}`);
      const timeoutMs = seconds("--timeout", opts.timeout);
      const startupMs = seconds("--startup-timeout", opts.startupTimeout);
      const width = io === processIo && process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : 100;
      const { inputs, io: inputIo } = inputsAndIo(given, opts.input, io);
      const chosen = chooseImplementations(opts.implementations, opts.adapter ?? []);
      const options: ConfusionJudgeOptions = { specs, implementations: chosen.ready, missing: chosen.missing, json: opts.json, width, timeoutMs, startupMs };
      try {
        let split: boolean;
        if (inputs.length === 1 && inputs[0] === "-") {
          split = await runBatchCommand(inputIo, { module: "commands/confusion", factory: "confusionJudge", options: options as unknown as Record<string, unknown> }, { specs }, opts);
        } else {
          const judge = confusionJudge(options);
          try {
            split = await answerArguments(io, judge, inputs);
          } finally {
            judge.close();
          }
        }
        setExit(split && !opts.exitZero ? EXIT_INVALID : EXIT_VALID);
      } finally {
        for (const s of chosen.started) s.cleanup();
      }
    });
}
