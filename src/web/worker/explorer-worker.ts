// The explorer's worker: the library runs here, off the page's thread, so that a page stays
// responsive whatever the input (a 2 MB paste), and a job the input has made stale is simply
// stopped (the page terminates the worker: lib/worker-client.ts). The page draws what comes back
// (lib/worker-protocol.ts).
import type { DerivationNode } from "../../scanner/derivation";
import { caretDisplay } from "../../errors";
import { componentFilter, componentsOf, type ComponentValue } from "../../ops/components";
import { explain, ruleBefore, type OtherVerdict } from "../../ops/explain";
import { extractAllSpecs, type ReferenceGroup } from "../../ops/extract";
import { confusion } from "../../ops/confusion";
import { urlApiSource } from "../../ops/url-api";
import { lintTree } from "../../ops/lint";
import { parse, verdictOf, type AnyParseResult as ParseResult } from "../../parse";
import { defaultRule, findRule, getRevision, type Revision } from "../../revisions";
import { loadRevisionData } from "../lib/data";
import { loadRevisions, tablesLoaded } from "../lib/revision-tables";
import { publishedMessage } from "../lib/published-names";
import { stepBuffers, trace, traceGrammar, TRACE_INPUT_LIMIT, type TraceGrammar } from "../lib/trace";
import type { ColumnResult, EditAnswer, ExtractAnswer, ParseVerdict, ResolveAnswer, ShownNode, TraceAnswer, WorkerAnswer, WorkerRequest } from "../lib/worker-protocol";
import { checkChoice, checkString } from "../lib/exercises";
import { resolve, resultText } from "../../ops/resolve";
import type { SpecId } from "../../revisions";

/** Past this length the playground shows no derivation: explain and `tree: true` take hundreds of bytes per character. */
export const DERIVATION_LIMIT = 64 * 1024;
/** Components are listed for the first characters only (the page shows no more of the input). */
export const DISPLAY_LIMIT = 4000;
/** Derivation nodes sent to the page at most. */
const TREE_BUDGET = 4000;

const post = (answer: WorkerAnswer, transfer: Transferable[] = []) => postMessage(answer, { transfer });

self.onmessage = (ev: MessageEvent<WorkerRequest & { id: number }>) => {
  const req = ev.data;
  run(req).catch((e: unknown) => post({ id: req.id, type: "failed", message: e instanceof Error ? e.message : String(e) }));
};

async function run(req: WorkerRequest & { id: number }): Promise<void> {
  switch (req.type) {
    case "judge":
      await judge(req.id, req.input, req.rule, req.specs);
      post({ id: req.id, type: "done" });
      return;
    case "load":
      // A spare worker, started while another works: the tables it will need, loaded ahead.
      await loadRevisions(req.specs);
      return;
    case "trace": {
      await loadRevisions([req.spec]);
      const answer = await traceAnswer(req.spec, req.rule, req.input);
      post({ id: req.id, type: "done", trace: answer }, answer.trace ? stepBuffers(answer.trace.steps) : []);
      return;
    }
    case "extract":
      await loadRevisions(req.specs);
      post({ id: req.id, type: "done", extract: extractAnswer(req.text, req.specs, req.spec, req.rows) });
      return;
    case "edit":
      post({ id: req.id, type: "done", edit: await editAnswer(req.spec, req.edits, req.witnesses) });
      return;
    case "exercise": {
      const specs = [...new Set(req.exercise.constraints.map((c) => c.spec))];
      await loadRevisions(specs);
      post({ id: req.id, type: "done", exercise: req.exercise.kind === "choice" ? checkChoice(req.exercise, req.answer) : checkString(req.exercise, req.answer) });
      return;
    }
    case "resolve":
      await loadRevisions(req.specs);
      {
        const answer = resolveAnswer(req.base, req.references, req.specs);
        post({ id: req.id, type: "done", resolve: answer }, [answer.errors.buffer as ArrayBuffer, ...answer.ends.map((e) => e.buffer as ArrayBuffer)]);
      }
      return;
    case "confusion": {
      await loadRevisions(req.specs);
      // This browser's URL class is a row like any implementation (src/ops/url-api.ts).
      const r = confusion(req.input, { specs: req.specs as never, sources: [urlApiSource(URL, "browser-url", "this browser's URL")] });
      post({ id: req.id, type: "done", confusion: r.ok ? r : { ok: false, message: r.error.message } });
      return;
    }
  }
}

// ---- The playground: every revision's verdict, error, components, derivation and explanation ----

/**
 * Every revision's column. A revision whose tables are not loaded yet (the page's first input) is
 * judged when its chunk arrives, so the page fills its columns as they come; the columns judged
 * before the last revision arrived are sent again at the end, with every other revision's verdict
 * in their explanation.
 */
async function judge(id: number, input: string, startRule: string, specs: string[]): Promise<void> {
  const big = input.length > DERIVATION_LIMIT;
  const revisions = specs.map((s) => getRevision(s)).filter((r): r is Revision => r !== undefined);
  // Each revision parses once; explain reuses the results (the other revisions' verdicts too).
  const results = new Map<Revision, ParseResult>();
  const judged = (revision: Revision): ParseResult => {
    const options = startRule ? { spec: revision.id, rule: startRule } : { spec: revision.id };
    if (!big) return parse(input, { ...options, tree: true });
    // A long input: the verdict, and a derivation pruned to the components (linear memory).
    const filter = componentFilter(revision);
    return verdictOf(input, options, filter) as ParseResult;
  };
  const send = (revision: Revision) => {
    const verdicts: OtherVerdict[] = revisions.filter((r) => r !== revision && results.has(r)).map((r) => {
      const x = results.get(r)!;
      return x.ok ? { spec: r.id, valid: true } : { spec: r.id, valid: false, ...(x.error.offset !== null ? { offset: x.error.offset } : {}) };
    });
    post({ id, type: "column", column: column(revision, input, startRule, results.get(revision)!, verdicts, big) });
  };
  const waiting = revisions.filter((r) => !tablesLoaded(r.id));
  for (const r of revisions) if (tablesLoaded(r.id)) results.set(r, judged(r));
  if (waiting.length === 0) {
    for (const r of revisions) send(r);
    return;
  }
  // Loading: the loaded revisions' columns now, each other one as its tables arrive.
  const early = revisions.filter((r) => results.has(r));
  for (const r of early) send(r);
  await Promise.all(waiting.map((r) => loadRevisions([r.id]).then(() => {
    results.set(r, judged(r));
    early.push(r);
    send(r);
  })));
  // Every verdict is known now: the columns sent before, again, with all the others in explain.
  for (const r of revisions) if (early.indexOf(r) < early.length - 1) send(r);
}

function column(revision: Revision, input: string, startRule: string, r: ParseResult, others: OtherVerdict[], big: boolean): ColumnResult {
  const whole = startRule === "" || startRule === revision.topRule;
  const tree = r.ok ? (r as { tree?: DerivationNode }).tree ?? null : null;
  const all = tree && whole ? (componentsOf(revision, tree, input) ?? []) : [];
  const out: ColumnResult = {
    spec: revision.id,
    ok: r.ok,
    rule: r.rule,
    production: r.production ?? null,
    error: null,
    components: all.filter((c) => c.span.start < DISPLAY_LIMIT).slice(0, 400),
    componentCount: all.length,
    tree: null,
    treeNodes: 0,
    treeNote: null,
    explain: null,
    parser: parserRow(revision, input, big),
  };
  if (r.ok && tree && !big) {
    const count = { n: 0 };
    out.tree = shownTree(revision, tree, count);
    out.treeNodes = count.n;
  } else if (r.ok) {
    out.treeNote = `No derivation for an input over ${DERIVATION_LIMIT / 1024} KB: it would take hundreds of bytes per character. \`uri-grammars explain\` gives it.`;
  }
  // explain: for an invalid input (its sentence), and for a valid one short enough for a derivation.
  const x = startRule === "" && (!r.ok || !big) ? explain(input, { spec: revision.id, parsed: r, others }) : null;
  if (x && x.ok) {
    out.explain = {
      valid: x.valid,
      production: x.production,
      sentence: x.sentence ?? null,
      notes: x.notes.map((n) => n.message),
      others: x.others.length > 0 ? x.others.map((o) => `${o.spec} ${o.valid ? "valid" : `invalid at offset ${o.offset}`}`).join("; ") : null,
      remarks: x.remarks,
    };
  } else if (r.ok && big && startRule === "" && tree) {
    out.explain = { valid: true, production: r.production ?? null, sentence: null, notes: lintTree(revision, tree, input).map((n) => n.message), others: null, remarks: ["A long input: explain's derivation is left out."] };
  }
  if (!r.ok) {
    const e = r.error;
    // One rule named for the error: explain's sentence when there is one (the column's Explain
    // section and its error line then agree); else parse()'s message, with every rule by its
    // published name (a helper rule by the production it stands for).
    const sentence = out.explain?.sentence ?? (e.code === "syntax" ? publishedMessage(revision, e.message, e.ruleStack ?? []) : e.message);
    out.error = { code: e.code, offset: e.offset, sentence, caret: e.code === "syntax" ? caretDisplay(input, e.offset, 48).replace(/^ {2}/gm, "") : "", startRule: e.code === "unknown-rule" ? (e as { startRule?: string }).startRule ?? startRule : null };
  }
  return out;
}

/** What the parser of the revision's document (Revision.parser) does with the input, without a base; null without one or for a long input. */
function parserRow(revision: Revision, input: string, big: boolean): ColumnResult["parser"] {
  const parser = revision.parser;
  if (!parser || big) return null;
  const v = parser.validity(input);
  if (v === null) return null;
  const reading = v.parsed ? parser.read(input) : null;
  const parts = Object.entries(reading?.components ?? {}).filter(([, v]) => v !== null && v !== undefined);
  const components = reading?.components ? parts.map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(" · ") : null;
  return { label: parser.label, parsed: v.parsed, validationErrors: [...new Set(v.validationErrors)], components };
}

function shownTree(revision: Revision, node: DerivationNode, count: { n: number }): ShownNode {
  count.n++;
  const visible = node.children.filter((c) => !revision.characterRules.has(c.rule));
  const children: ShownNode[] = [];
  for (const c of visible) {
    if (count.n >= TREE_BUDGET) break;
    children.push(shownTree(revision, c, count));
  }
  return { rule: node.rule, start: node.start, end: node.end, children, hidden: visible.length - children.length };
}

// ---- The trace ----

const grammars = new Map<string, Promise<TraceGrammar>>();

function grammarOf(spec: string): Promise<TraceGrammar> {
  let g = grammars.get(spec);
  if (!g) {
    g = loadRevisionData(spec).then(traceGrammar);
    grammars.set(spec, g);
  }
  return g;
}

export function parseVerdict(revision: Revision, r: ParseResult, input = "", startRule = ""): ParseVerdict {
  if (r.ok) return { ok: true, rule: r.rule, production: r.production ?? null, offset: null, errorRule: null, explainRule: null, message: null, code: null };
  const e = r.error;
  const errorRule = e.code === "syntax" ? publishedRuleOf(revision, e.ruleStack ?? [e.rule]) : null;
  return {
    ok: false,
    rule: r.rule,
    production: r.production ?? null,
    offset: e.code === "syntax" ? e.offset : null,
    errorRule,
    // explain()'s rule: the one that was being extended where the input stopped (its sentence names it).
    explainRule: e.code === "syntax" ? (ruleBefore(revision, input, e.offset, startRule || undefined)?.rule ?? errorRule) : null,
    message: e.code === "syntax" ? publishedMessage(revision, e.message, e.ruleStack ?? []) : e.message,
    code: e.code,
  };
}

/** The innermost published rule of a rule stack (published names or helpers' peggy names). */
function publishedRuleOf(revision: Revision, stack: readonly string[]): string | null {
  for (let i = stack.length - 1; i >= 0; i--) {
    const rule = findRule(revision, stack[i]);
    if (rule && rule.kind !== "helper" && rule.published) return rule.published;
  }
  return null;
}

async function traceAnswer(spec: string, rule: string, input: string): Promise<TraceAnswer> {
  const revision = getRevision(spec);
  const none = (problem: string, parse: ParseVerdict): TraceAnswer => ({ startRule: null, startPeg: null, production: null, tooLong: false, trace: null, parse, problem });
  const noVerdict: ParseVerdict = { ok: false, rule: null, production: null, offset: null, errorRule: null, explainRule: null, message: null, code: null };
  if (!revision) return none(`There is no revision “${spec}”.`, noVerdict);
  // The start rule parse() applies: the one asked for, or the revision's default (for the
  // scheme-aware revisions, the production the input's scheme selects).
  const chosen = rule ? { rule, production: undefined } : defaultRule(revision, input);
  const info = findRule(revision, chosen.rule);
  const verdict = parseVerdict(revision, rule ? parse(input, { spec: revision.id, rule }) : parse(input, { spec: revision.id }), input, rule);
  if (!info) return none(`${spec} has no rule “${chosen.rule}”.`, verdict);
  const base = { startRule: info.published ?? info.pegName, startPeg: info.pegName, production: chosen.production ?? null, parse: verdict, problem: null };
  if (input.length > TRACE_INPUT_LIMIT) return { ...base, tooLong: true, trace: null };
  const t = trace(await grammarOf(spec), info.pegName, input);
  return { ...base, tooLong: false, trace: t };
}

// ---- The grammar sandbox ----

/**
 * The edit compared with the published grammar (src/ops/language-edit.ts, loaded on first use: the
 * published grammars' text and the automata come in a chunk of their own), and the edited rules'
 * expressions for the page's diagrams. Every witness is checked by the Earley recognizer on both
 * grammars (`witness` is where a test plants a wrong one).
 */
async function editAnswer(spec: string, edits: string[], witnesses: number): Promise<EditAnswer> {
  const [{ compareEdit }, { editPublished }, { PUBLISHED_SOURCES }] = await Promise.all([import("../../ops/language-edit"), import("../../published/edit"), import("../../../generated/published-sources")]);
  const result = compareEdit(spec, edits, { witnesses }, { witness: (input) => input });
  const edited = result.ok ? editPublished(spec, PUBLISHED_SOURCES, edits) : null;
  const exprs = edited && edited.ok ? edited.rules.map((r) => ({ name: r.name, expr: r.after.expr })) : [];
  return { result, exprs };
}

// ---- Resolution ----

/** Every reference against the base, by every revision asked (the page draws only the rows in view). */
function resolveAnswer(base: string, references: string[], specs: string[]): ResolveAnswer {
  const started = performance.now();
  const pieces: string[][] = specs.map(() => []);
  const ends = specs.map(() => new Uint32Array(references.length));
  const lengths = specs.map(() => 0);
  const errors = new Uint8Array(references.length * specs.length);
  let differing = 0;
  references.forEach((reference, k) => {
    const row: string[] = [];
    specs.forEach((spec, j) => {
      const r = resolve(base, reference, { spec: spec as SpecId });
      const text = resultText(r);
      row.push(text);
      pieces[j]!.push(text);
      lengths[j]! += text.length;
      ends[j]![k] = lengths[j]!;
      if (!r.ok) errors[k * specs.length + j] = 1;
    });
    if (new Set(row).size > 1) differing++;
  });
  return { columns: pieces.map((p) => p.join("")), ends, errors, differing, milliseconds: performance.now() - started };
}

// ---- Extract ----

let lastExtract: { key: string; result: ReturnType<typeof extractAllSpecs> } | null = null;

function extractAnswer(text: string, specs: string[], spec: string, rows: number): ExtractAnswer {
  const key = `${specs.join(" ")}\n${text}`;
  if (!lastExtract || lastExtract.key !== key) lastExtract = { key, result: extractAllSpecs(text, { specs: specs as never }) };
  const r = lastExtract.result;
  if (!r.ok) return { ok: false, message: r.error.message, specs, places: 0, differing: 0, marks: [], groups: [], found: 0, valid: 0 };
  const mine = r.groups.map((g: ReferenceGroup) => g.bySpec[spec]).filter((x): x is NonNullable<typeof x> => x !== null && x !== undefined);
  return {
    ok: true,
    message: null,
    specs: r.specs,
    places: r.groups.length,
    differing: r.groups.filter((g) => g.differences.length > 0).length,
    marks: mine.map((x) => ({
      start: x.start.offset,
      end: x.end.offset,
      referenceStart: x.referenceStart,
      referenceEnd: x.referenceEnd,
      valid: x.verdict === null ? -1 : x.verdict.valid ? 1 : 0,
      title: `${x.wrapper} ${x.reference}: ${x.verdict === null ? "not checked" : x.verdict.valid ? `valid${x.verdict.production ? ` (${x.verdict.production})` : ""}` : x.verdict.error ? `invalid at offset ${x.verdict.error.offset}` : "invalid"}`,
    })),
    groups: r.groups.slice(0, rows),
    found: mine.length,
    valid: mine.filter((x) => x.verdict?.valid).length,
  };
}

export type { ComponentValue };
