// `uri-grammars extract`: the URL references in a text, found and repaired by a revision's delimiting
// rules (src/revisions/delimiting.ts) and judged by its grammar. The text streams from a file or standard
// input through the core's streaming extractor (src/ops/extract.ts), so memory stays bounded.
import { createReadStream } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { Option, type Command } from "commander";
import { caretDisplay } from "../../errors";
import {
  createExtractor,
  createMultiExtractor,
  DEFAULT_MAX_REFERENCE_LENGTH,
  delimitingRules,
  type DelimitingRules,
  type ExtractedReference,
  type ExtractOptions,
  type ReferenceGroup,
  type Repair,
  type Verdict,
} from "../../ops/extract";
import { availableSpecIds, SPEC_IDS } from "../../revisions";
import { EXIT_INVALID, EXIT_VALID, UsageError, type CommandContext, type Io } from "../io";
import { resolveSpecAndRule, specOption } from "../options";
import { jsonAnswer } from "../json";

interface ExtractCliOptions {
  spec: string;
  allSpecs?: boolean;
  json?: boolean;
  hyphen: "keep" | "drop";
  anyScheme?: boolean;
  maxReferenceLength: string;
}

export function registerExtract(program: Command, { io, setExit }: CommandContext): void {
  program
    .command("extract")
    .description("find the URL references in a text the way a revision says to delimit them, repair them, and check each")
    .argument("[file]", "the text to read; '-' or nothing reads standard input")
    .addOption(specOption())
    .option("--all-specs", "every revision side by side: where their delimiting rules or grammars differ")
    .option("--json", "one JSON object per reference (with --all-specs: per place in the text)")
    .addOption(new Option("--hyphen <reading>", 'a "-" at a line break inside <...>: keep it in the reference or drop it (the other reading is shown too)').choices(["keep", "drop"]).default("keep"))
    .option("--any-scheme", 'also take bare "scheme:..." without "//" for any scheme (default: mailto, news, nntp, mid, cid, urn, about)')
    .option("--max-reference-length <n>", "the longest reference, wrapper included; a longer bare one is reported cut and invalid", String(DEFAULT_MAX_REFERENCE_LENGTH))
    .addHelpText(
      "after",
      `
${whatIsFound()}

Each reference: where it is (line:column), its wrapper, the reference reassembled, the repairs made,
and its verdict under the revision (parse()). Exit status: 0 when every reference found is valid
(or none is found), 1 when any is invalid (with --all-specs: invalid under any revision), 2 on a
usage error.

Examples:
  $ uri-grammars extract README.md
  $ printf 'see <http://example.com/a-\\n  b/c>.\\n' | uri-grammars extract
  $ uri-grammars extract --spec rfc1738 --json mail.txt
  $ uri-grammars extract --all-specs notes.txt
  $ zcat big.log.gz | uri-grammars extract --json - > references.jsonl`,
    )
    .action(async (file: string | undefined, opts: ExtractCliOptions) => {
      const { spec } = resolveSpecAndRule(opts.spec, undefined);
      const max = Number(opts.maxReferenceLength);
      if (!Number.isInteger(max) || max < 16) throw new UsageError(`--max-reference-length must be an integer of at least 16, not "${opts.maxReferenceLength}"`);
      const options: ExtractOptions = { hyphen: opts.hyphen, anyScheme: opts.anyScheme === true, maxReferenceLength: max };
      const input = openInput(io, file);
      const anyInvalid = opts.allSpecs ? await runAllSpecs(io, input, options, opts.json === true) : await runOneSpec(io, input, { ...options, spec }, opts.json === true);
      setExit(anyInvalid ? EXIT_INVALID : EXIT_VALID);
    });
}

/** The text as decoded chunks: a file or standard input, UTF-8 (an invalid byte becomes U+FFFD, which ends a bare reference). */
function openInput(io: Io, file: string | undefined): AsyncIterable<string> {
  const stream: NodeJS.ReadableStream = file === undefined || file === "-" ? io.stdin : createReadStream(file);
  return (async function* () {
    const decoder = new StringDecoder("utf8");
    try {
      for await (const raw of stream as AsyncIterable<Buffer | string>) {
        const text = typeof raw === "string" ? raw : decoder.write(raw);
        if (text !== "") yield text;
      }
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === "ENOENT" || err.code === "EISDIR" || err.code === "EACCES") throw new UsageError(`cannot read ${JSON.stringify(file)}: ${err.code}`);
      throw e;
    }
    const rest = decoder.end();
    if (rest !== "") yield rest;
  })();
}

async function runOneSpec(io: Io, input: AsyncIterable<string>, options: ExtractOptions, json: boolean): Promise<boolean> {
  const c = createExtractor(options);
  if (!c.ok) throw new UsageError(c.error.message);
  let valid = 0;
  let invalid = 0;
  // One write per chunk of input (back-pressure still holds: the next chunk waits for it).
  const emit = async (refs: ExtractedReference[]) => {
    const parts: string[] = [];
    for (const r of refs) {
      if (r.verdict?.valid) valid++;
      else invalid++;
      parts.push(json ? jsonAnswer(r.verdict?.valid === true, r) : referenceText(r));
    }
    if (parts.length > 0) await io.out(parts.join(""));
  };
  for await (const chunk of input) await emit(c.extractor.push(chunk));
  await emit(c.extractor.end());
  if (!json) {
    const total = valid + invalid;
    io.err(total === 0 ? `no references found (${c.spec} delimiting rules)\n` : `${total} reference${total === 1 ? "" : "s"} under ${c.spec}: ${valid} valid, ${invalid} invalid\n`);
  }
  return invalid > 0;
}

async function runAllSpecs(io: Io, input: AsyncIterable<string>, options: ExtractOptions, json: boolean): Promise<boolean> {
  const c = createMultiExtractor({ ...options, specs: availableSpecIds() });
  if (!c.ok) throw new UsageError(c.error.message);
  let places = 0;
  let differing = 0;
  let anyInvalid = false;
  const emit = async (groups: ReferenceGroup[]) => {
    const parts: string[] = [];
    for (const g of groups) {
      places++;
      if (g.differences.length > 0) differing++;
      if (Object.values(g.bySpec).some((r) => r !== null && !r.verdict?.valid)) anyInvalid = true;
      parts.push(json ? jsonAnswer(Object.values(g.bySpec).every((r) => r === null || r.verdict?.valid === true), g) : groupText(c.specs, g));
    }
    if (parts.length > 0) await io.out(parts.join(""));
  };
  for await (const chunk of input) await emit(c.extractor.push(chunk));
  await emit(c.extractor.end());
  if (!json) io.err(places === 0 ? "no references found by any revision\n" : `${places} place${places === 1 ? "" : "s"} with a reference; the revisions differ at ${differing}\n`);
  return anyInvalid;
}

// ---- text output ----

function where(r: ExtractedReference): string {
  return `${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}`;
}

function verdictWord(v: Verdict | null): string {
  return v === null ? "unchecked" : v.valid ? "valid" : "invalid";
}

function visible(s: string): string {
  return s.replace(/\r\n|\n|\r/g, "⏎").replace(/[\x00-\x1f\x7f]/g, "·");
}

function repairText(r: Repair): string {
  const at = `${r.at.line}:${r.at.column}`;
  switch (r.kind) {
    case "whitespace-removed":
      return `whitespace removed at ${at}${r.lineBreak ? " (line break)" : ""}`;
    case "padding-removed":
      return `space inside the wrapper removed at ${at}`;
    case "hyphen-at-line-break":
      return `hyphen at a line break at ${at} ${r.kept ? "kept" : "dropped"} (it "may or may not actually be part of" the reference)`;
    case "trailing-punctuation":
      return `${JSON.stringify(r.text)} at ${at} left outside`;
    case "truncated":
      return `cut at ${r.limit} characters`;
  }
}

function referenceText(r: ExtractedReference): string {
  const v = r.verdict;
  let out = `${verdictWord(v).padEnd(8)} ${where(r).padEnd(15)} ${r.wrapper.padEnd(9)} ${visible(r.reference)}\n`;
  if (r.fragment !== undefined) out += `  fragment #${visible(r.fragment)} kept apart: ${r.spec} judges the URL before "#" (a fragment is associated with a URL, not part of it)\n`;
  if (r.judged !== undefined) out += `  judged as ${visible(r.judged)}\n`;
  if (r.repairs.length > 0) out += `  repairs: ${r.repairs.map(repairText).join("; ")}\n`;
  if (r.alternative) out += `  other reading (${r.alternative.why}): ${visible(r.alternative.reference)} ${verdictWord(r.alternative.verdict)}\n`;
  for (const n of r.notes) out += `  note: ${n}\n`;
  if (v && !v.valid && v.error) {
    const judged = r.judged ?? r.reference;
    out += `  ${v.error.message}\n`;
    if (v.error.code === "syntax" && v.error.offset !== null) out += `${caretDisplay(judged, v.error.offset)}\n`;
  }
  return out;
}

function groupText(specs: string[], g: ReferenceGroup): string {
  const refs = specs.map((s) => g.bySpec[s]).filter((r): r is ExtractedReference => r !== null);
  const first = refs.reduce((a, b) => (a.start.offset <= b.start.offset ? a : b));
  const widest = refs.reduce((a, b) => (a.end.offset - a.start.offset >= b.end.offset - b.start.offset ? a : b));
  let out = `${first.start.line}:${first.start.column}  ${visible(widest.text)}${g.differences.length > 0 ? `   ≠ ${g.differences.join(", ")}` : ""}\n`;
  const width = Math.max(...specs.map((s) => s.length));
  const notes = new Set<string>();
  for (const s of specs) {
    const r = g.bySpec[s];
    if (r === null) {
      out += `  ${s.padEnd(width)}  (none here)\n`;
      continue;
    }
    const v = r.verdict;
    const why = v && !v.valid && v.error ? ` at offset ${v.error.offset}${v.error.rule ? ` (${v.error.rule})` : ""}` : "";
    const alt = r.alternative ? `; ${r.alternative.why}: ${visible(r.alternative.judged ?? r.alternative.reference)} ${verdictWord(r.alternative.verdict)}` : "";
    out += `  ${s.padEnd(width)}  ${r.wrapper.padEnd(9)} ${verdictWord(v).padEnd(7)} ${visible(r.judged ?? r.reference)}${why}${alt}\n`;
    for (const n of r.notes) notes.add(n);
  }
  for (const n of notes) out += `  note: ${n}\n`;
  return out;
}

/**
 * The help's summary of how each revision delimits references in text, read from the delimiting
 * rows (grammar/<spec>/delimiting.ts), so that it names every revision as its row says.
 */
function whatIsFound(): string {
  const rows = SPEC_IDS.map((id) => delimitingRules(id));
  const which = (keep: (r: DelimitingRules) => boolean) => rows.filter(keep).map((r) => r.spec).join(", ") || "none";
  const prefix = (status: DelimitingRules["urlPrefix"]["status"]) => which((r) => r.urlPrefix.status === status);
  const lines: [string, string][] = [
    ["<URL:...>, URL:", `the "URL:" prefix: part of the URL in ${prefix("part-of-url")}; recommended by ${prefix("recommended")}; "was recommended" in ${prefix("formerly-recommended")}; "no longer recommended" in ${prefix("no-longer-recommended")}`],
    ["<...>", `angle brackets (${which((r) => r.wrappers.angle)}); inside them, whitespace is ignored (${which((r) => r.whitespaceInAngle === "removed")}) and a hyphen at a line break "may or may not" belong (${which((r) => r.hyphenAtLineBreak === "ambiguous")}): both readings are judged`],
    ['"..."', `double quotes (${which((r) => r.wrappers.quotes)})`],
    ["bare", "scheme:// (or mailto:, news: ...) up to whitespace; trailing sentence punctuation and unpaired brackets or quotes stay outside"],
    ["", `a non-ASCII character ends a bare reference except in ${which((r) => r.nonAscii.run === "continue")} (an IRI goes on; the bidi formatting characters around one do not)`],
  ];
  const wrap = (text: string, width: number) => {
    const out: string[] = [];
    let line = "";
    for (const word of text.split(" ")) {
      if (line !== "" && line.length + 1 + word.length > width) { out.push(line); line = word; } else line = line === "" ? word : `${line} ${word}`;
    }
    return [...out, line];
  };
  return [
    "What is found (per revision: its grammar/<spec>/delimiting.ts, docs/extract.md):",
    ...lines.flatMap(([head, text]) => wrap(text, 80).map((l, i) => `  ${(i === 0 ? head : "").padEnd(18)}${l}`)),
  ].join("\n");
}
