// The fuzz campaign (Node): inputs of every revision, in chunks, over a pool of watched worker
// threads; counts per revision, source, entry point and property; each new failure minimised (in a
// watched thread too) and appended to the regression file. `npm run fuzz` (cli.ts) drives it.
import { availableSpecIds } from "../../src/revisions";
import { inputData, REGRESSION_FILE } from "./data";
import { decodeInput, encodeInput, InputMaker, showInput, SOURCES, type CaseContext, type SourceName } from "./inputs";
import { minimise } from "./minimise";
import { FuzzPool, isStall, type Stall } from "./pool";
import { appendRegressions, readRegressions, regressionKey, type RegressionRow } from "./regressions";
import { failureKey } from "./properties";
import type { RunDone, RunJob, WorkerSetup } from "./worker";

/**
 * Per entry point, one input in N is checked (the others: every input). Most of a case's time is
 * parse()'s error path on rejected inputs, paid again by every entry point that parses: explain()
 * parses under every revision with derivation trees (some 20 parses), compareInput() with a tree
 * and the prefix's tree, the peggy reference parser and the component view parse in full. These
 * shares keep a case within a few parses. `--full` checks every entry point on every input.
 */
export const DEFAULT_EVERY: Readonly<Record<string, number>> = {
  explain: 32,
  compareInput: 8,
  peggy: 2,
  components: 2,
  equivalent: 4,
  resolve: 2,
  // The widened rows (issue 25): explain again with what it computed; two revisions' extractors, which parse each reference.
  explainGiven: 32,
  extractAllSpecs: 8,
  createMultiExtractor: 8,
  check: 2,
  lint: 2,
};

export interface CampaignOptions {
  specs?: string[];
  /** Inputs per revision (Infinity: until `minutes` have passed). */
  count: number;
  seed: number;
  minutes?: number;
  /** Entry points to check (null: all). */
  entries?: string[] | null;
  jobs: number;
  /** A case that runs longer than this is a hang. */
  timeoutMs: number;
  every?: Record<string, number>;
  /** Inputs per job sent to a thread. */
  chunk?: number;
  /** The regression file: known failures are read from it, new ones appended (null: neither). */
  regressions?: string | null;
  /** Append new failures to the regression file (default true). */
  record?: boolean;
  /** Seconds of minimisation per failure. */
  minimiseSeconds?: number;
  plant?: WorkerSetup["plant"];
  /** Progress: called often with the counts so far (the CLI draws it). */
  onProgress?: (p: Progress) => void;
}

export interface Progress {
  perSpec: Record<string, number>;
  total: Record<string, number>;
  failures: number;
  elapsedMs: number;
  phase: "fuzzing" | "minimising";
}

/** Which property failed where, and why: what a failure found in a run and its report share. */
interface FailureSite {
  spec: string;
  entry: string;
  property: string;
  detail: string;
  context: CaseContext;
}

export interface FailureFound extends FailureSite {
  /** The input that failed first (encoded: a JSON string, or {"value": NAME}), and the minimised one. */
  input: string;
  minimised: string;
  minimiseTests: number;
  /** Whether minimisation finished (false: a budget ran out). */
  minimiseComplete: boolean;
  foundBy: string;
  /** Inputs of the run that violated the same (spec, entry, property). */
  count: number;
  /** new: appended to the regression file; recorded: already there (still failing); known: an expected failure there. */
  status: "new" | "recorded" | "known" | "unrecorded";
  knownReason?: string;
}

export interface SpecTotals {
  inputs: number;
  /** Thread time spent on this revision's inputs. */
  busyMs: number;
  sources: Partial<Record<SourceName, number>>;
  entryInputs: Record<string, number>;
}

export interface CampaignSummary {
  seed: number;
  jobs: number;
  timeoutMs: number;
  every: Record<string, number>;
  /** The entry points checked (null: all). */
  entries: string[] | null;
  wallMs: number;
  perSpec: Record<string, SpecTotals>;
  /** Per "spec\tentry property", per outcome: a count. */
  outcomes: Record<string, Record<string, number>>;
  failures: FailureFound[];
  /** Failures not covered by an expected-failure row of the regression file. */
  unexpected: number;
  /** Cases that ran over the time limit in the run but not when run again alone (not failures). */
  slow: { spec: string; entry: string; input: string; index: number; detail: string }[];
}

interface Found extends FailureSite {
  input: string;
  index: number;
  source: string;
  count: number;
}

export async function runCampaign(o: CampaignOptions): Promise<CampaignSummary> {
  const started = Date.now();
  const specs = o.specs ?? availableSpecIds();
  const chunk = o.chunk ?? 200;
  const every = { ...DEFAULT_EVERY, ...(o.every ?? {}) };
  const deadline = o.minutes !== undefined ? started + o.minutes * 60_000 : Infinity;
  const regressionFile = o.regressions === undefined ? REGRESSION_FILE : o.regressions;
  const known = regressionFile ? readRegressions(regressionFile) : [];

  const perSpec: Record<string, SpecTotals> = {};
  for (const s of specs) perSpec[s] = { inputs: 0, busyMs: 0, sources: {}, entryInputs: {} };
  const outcomes: Record<string, Record<string, number>> = {};
  const found = new Map<string, Found>();
  const progress = (phase: Progress["phase"]) =>
    o.onProgress?.({
      perSpec: Object.fromEntries(specs.map((s) => [s, perSpec[s].inputs])),
      total: Object.fromEntries(specs.map((s) => [s, o.count])),
      failures: [...found.values()].reduce((n, f) => n + f.count, 0),
      elapsedMs: Date.now() - started,
      phase,
    });

  const record = (f: Found) => {
    const key = failureKey(f);
    const had = found.get(key);
    if (!had) found.set(key, { ...f });
    else if (f.index >= 0 && (had.index < 0 || f.index < had.index)) {
      // The lowest input number wins, so the same seed gives the same failure whatever the threads' timing.
      found.set(key, { ...f, count: had.count + f.count });
    } else had.count += f.count;
  };

  // The chunks, revisions interleaved, so a time-bounded run shares its time among them.
  const next: Record<string, number> = Object.fromEntries(specs.map((s) => [s, 0]));
  const requeued: RunJob[] = [];
  let turn = 0;
  const nextJob = (): RunJob | null => {
    if (Date.now() > deadline) return null;
    const again = requeued.shift();
    if (again) return again;
    for (let k = 0; k < specs.length; k++) {
      const spec = specs[(turn + k) % specs.length];
      if (next[spec] >= o.count) continue;
      turn = (turn + k + 1) % specs.length;
      const from = next[spec];
      const to = Math.min(o.count, from + chunk);
      next[spec] = to;
      return { type: "run", spec, seed: o.seed, from, to, entries: o.entries ?? null, every };
    }
    return null;
  };

  const makers = new Map<string, InputMaker>();
  const maker = (spec: string) => {
    let m = makers.get(spec);
    if (!m) makers.set(spec, (m = new InputMaker(spec, o.seed, inputData(spec))));
    return m;
  };

  const pool = new FuzzPool(o.jobs, o.timeoutMs, o.plant);
  const ticker = setInterval(() => progress("fuzzing"), 200);
  const lane = async (slot: number) => {
    for (let job = nextJob(); job; job = nextJob()) {
      const r = await pool.run(slot, job);
      if (isStall(r)) {
        onStall(job, r);
        continue;
      }
      add(r);
    }
  };
  const add = (r: RunDone) => {
    const t = perSpec[r.spec];
    t.inputs += r.to - r.from;
    t.busyMs += r.milliseconds;
    for (const [s, n] of Object.entries(r.sources)) t.sources[s as SourceName] = (t.sources[s as SourceName] ?? 0) + n;
    for (const [e, n] of Object.entries(r.entryInputs)) t.entryInputs[e] = (t.entryInputs[e] ?? 0) + n;
    for (const [k, counts] of Object.entries(r.outcomes)) {
      const into = (outcomes[`${r.spec}\t${k}`] ??= {});
      for (const [outcome, n] of Object.entries(counts)) into[outcome] = (into[outcome] ?? 0) + n;
    }
    for (const v of r.violations) record({ ...v, source: v.source });
  };
  // A stall is confirmed after the run, alone in a fresh thread (a loaded machine can make a case slow once).
  const stalls = new Map<string, Found[]>();
  const onStall = (job: RunJob, s: Stall) => {
    const inChunk = s.index >= job.from && s.index < job.to;
    const property = s.kind === "hang" ? "finishes-in-time" : "no-crash";
    if (!inChunk) {
      // The thread died before its first input: nothing to name; the chunk is tried once more.
      if (!(job as RunJob & { retried?: boolean }).retried) requeued.push({ ...job, retried: true } as RunJob);
      record({ spec: job.spec, entry: "inputs", property, detail: s.detail, context: {}, input: JSON.stringify(""), index: -1, source: "-", count: 1 });
      return;
    }
    const c = maker(job.spec).make(s.index);
    const f: Found = { spec: job.spec, entry: s.entry ?? "inputs", property, detail: s.detail, context: c.context, input: encodeInput(c.input) ?? JSON.stringify(String(c.input)), index: s.index, source: c.source, count: 1 };
    const key = failureKey(f);
    const list = stalls.get(key) ?? [];
    if (list.length < 20) list.push(f);
    stalls.set(key, list);
    // The rest of the chunk, around the input that stalled, is run again (counts are per finished job).
    if (s.index > job.from) requeued.push({ ...job, to: s.index });
    if (s.index + 1 < job.to) requeued.push({ ...job, from: s.index + 1 });
    perSpec[job.spec].inputs += 1;
  };
  try {
    await Promise.all(Array.from({ length: o.jobs }, (_, slot) => lane(slot)));
  } finally {
    clearInterval(ticker);
    await pool.close();
  }
  progress("minimising");

  // ---- confirm the stalls: one case of each (entry point, property) that stalls again alone ----
  const unconfirmed: Found[] = [];
  const probes = stalls.size > 0 || found.size > 0 ? new FuzzPool(1, o.timeoutMs, o.plant) : null;
  for (const list of stalls.values()) {
    let confirmed: Found | null = null;
    for (const f of list.sort((a, b) => a.index - b.index)) {
      const r = await probes!.probe(0, f.spec, f.input, f.context);
      if (isStall(r) && r.kind === (f.property === "finishes-in-time" ? "hang" : "crash")) {
        confirmed = f;
        break;
      }
    }
    if (confirmed) record({ ...confirmed, count: list.length });
    else unconfirmed.push(...list);
  }

  // ---- minimise and record ----
  const expected = new Map<string, string>();
  for (const row of known) if (row.expectedFailure !== null) expected.set(failureKey(row), row.expectedFailure);
  const recorded = new Set(known.map((r) => regressionKey(r)));
  const failures: FailureFound[] = [];
  try {
    for (const [key, f] of found) {
      const foundBy = f.index >= 0 ? `seed ${o.seed} input ${f.index} (${f.source})` : `seed ${o.seed}`;
      const base: FailureFound = { ...f, minimised: f.input, minimiseTests: 0, minimiseComplete: true, foundBy, status: "new" };
      const reason = expected.get(key);
      if (reason !== undefined) {
        failures.push({ ...base, status: "known", knownReason: reason });
        continue;
      }
      const original: unknown = JSON.parse(f.input);
      if (typeof original === "string" && probes) {
        const stallKind = f.property === "finishes-in-time" ? "hang" : f.property === "no-crash" ? "crash" : null;
        const details = new Map<string, string>();
        const same = async (candidate: string): Promise<boolean> => {
          const r = await probes.probe(0, f.spec, JSON.stringify(candidate), f.context);
          if (isStall(r)) return r.kind === stallKind && (r.entry ?? "inputs") === f.entry;
          const v = stallKind === null ? r.find((v) => v.entry === f.entry && v.property === f.property && sameContext(v.context, f.context)) : undefined;
          if (v) details.set(candidate, v.detail);
          return v !== undefined;
        };
        const m = await minimise(original, same, { deadline: Date.now() + (o.minimiseSeconds ?? 60) * 1000 });
        base.detail = details.get(m.input) ?? base.detail;
        base.minimised = JSON.stringify(m.input);
        base.minimiseTests = m.tests;
        base.minimiseComplete = m.complete;
      }
      const row: Omit<RegressionRow, "line"> = { spec: f.spec, entry: f.entry, property: f.property, input: base.minimised, foundBy, context: f.context, expectedFailure: null };
      if (recorded.has(regressionKey(row))) base.status = "recorded";
      else if (regressionFile && o.record !== false) {
        appendRegressions(regressionFile, [row]);
        recorded.add(regressionKey(row));
      } else base.status = "unrecorded";
      failures.push(base);
    }
  } finally {
    await probes?.close();
  }
  return {
    seed: o.seed,
    jobs: o.jobs,
    timeoutMs: o.timeoutMs,
    every,
    entries: o.entries ?? null,
    wallMs: Date.now() - started,
    perSpec,
    outcomes,
    failures,
    unexpected: failures.filter((f) => f.status !== "known").length,
    slow: unconfirmed.map((f) => ({ spec: f.spec, entry: f.entry, input: f.input, index: f.index, detail: f.detail })),
  };
}

export interface Replay {
  row: RegressionRow;
  /** Whether the row's property failed (for a hang: the case ran over the limit). */
  failed: boolean;
  /** The case ran over the time limit, or its thread died. */
  stalled: boolean;
  /** What happened: the violation, the stall, or "holds". */
  detail: string;
}

/**
 * Replays rows of the regression file, each in a watched worker thread (a hang is an answer, not a
 * stuck test): does each row's property still fail on its input?
 */
export async function replayRegressions(rows: RegressionRow[], o: { timeoutMs: number; plant?: WorkerSetup["plant"] }): Promise<Replay[]> {
  const pool = new FuzzPool(1, o.timeoutMs, o.plant);
  const out: Replay[] = [];
  try {
    for (const row of rows) {
      const r = await pool.probe(0, row.spec, row.input, row.context);
      if (isStall(r)) {
        const failed = row.property === (r.kind === "hang" ? "finishes-in-time" : "no-crash");
        out.push({ row, failed, stalled: true, detail: `${r.kind}: ${r.detail}` });
        continue;
      }
      const v = r.find((v) => v.entry === row.entry && v.property === row.property && sameContext(v.context, row.context));
      out.push({ row, failed: v !== undefined, stalled: false, detail: v ? v.detail : "holds" });
    }
  } finally {
    await pool.close();
  }
  return out;
}

/** Two contexts with the same keys and values (key order aside). */
export function sameContext(a: CaseContext, b: CaseContext): boolean {
  const canon = (c: CaseContext) => JSON.stringify(Object.keys(c).sort().map((k) => [k, (c as Record<string, unknown>)[k]]));
  return canon(a) === canon(b);
}

// ---- the summary as text ----

const n = (x: number) => x.toLocaleString("en-US");

export function formatSummary(s: CampaignSummary): string {
  const specs = Object.keys(s.perSpec);
  const lines: string[] = [];
  const total = specs.reduce((a, spec) => a + s.perSpec[spec].inputs, 0);
  lines.push(`fuzz: seed ${s.seed}, ${n(total)} inputs in ${(s.wallMs / 1000).toFixed(1)} s (${n(Math.round(total / (s.wallMs / 1000)))} inputs/s with ${s.jobs} thread${s.jobs === 1 ? "" : "s"}), hang limit ${n(s.timeoutMs)} ms`);
  lines.push("");
  const head = ["revision", "inputs", "inputs/s per thread", ...SOURCES];
  const rows = specs.map((spec) => {
    const t = s.perSpec[spec];
    return [spec, n(t.inputs), t.busyMs > 0 ? n(Math.round(t.inputs / (t.busyMs / 1000))) : "-", ...SOURCES.map((src) => n(t.sources[src] ?? 0))];
  });
  lines.push(...table([head, ...rows]));
  lines.push("");
  if (s.entries) lines.push(`entry points checked: ${s.entries.join(", ")} (--entry)`);
  const sampled = Object.entries(s.every).filter(([e, k]) => k > 1 && (!s.entries || s.entries.includes(e)));
  if (sampled.length > 0) lines.push(`entry points checked on one input in N: ${sampled.map(([e, k]) => `${e} 1/${k}`).join(", ")} (--full: every input)`);
  lines.push("properties (all revisions): inputs where it held / did not apply / failed / excused");
  const byKey = new Map<string, Record<string, number>>();
  for (const [k, counts] of Object.entries(s.outcomes)) {
    const key = k.split("\t")[1];
    const into = byKey.get(key) ?? {};
    for (const [outcome, c] of Object.entries(counts)) into[outcome] = (into[outcome] ?? 0) + c;
    byKey.set(key, into);
  }
  const propRows = [...byKey].map(([key, c]) => {
    const excused = Object.entries(c).filter(([o]) => o.startsWith("excused:"));
    return [key, n(c.holds ?? 0), n(c["n/a"] ?? 0), n(c.violated ?? 0), excused.map(([o, k]) => `${n(k)} by ${o.slice(8)}`).join(", ") || "-"];
  });
  lines.push(...table([["entry property", "held", "n/a", "failed", "excused"], ...propRows]).map((l) => "  " + l));
  const exceptions = new Map<string, string[]>();
  for (const [k, counts] of Object.entries(s.outcomes)) {
    for (const o of Object.keys(counts)) {
      if (!o.startsWith("excused:")) continue;
      const list = exceptions.get(o.slice(8)) ?? [];
      const spec = k.split("\t")[0];
      if (!list.includes(spec)) list.push(spec);
      exceptions.set(o.slice(8), list);
    }
  }
  for (const [name, where] of exceptions) lines.push(`  exception ${name}: in ${where.join(", ")}`);
  lines.push("");
  if (s.slow.length > 0) {
    lines.push(`slow: ${s.slow.length} case${s.slow.length === 1 ? "" : "s"} ran over ${n(s.timeoutMs)} ms in the run but finished when run again alone (a loaded machine?); not counted as failures:`);
    for (const x of s.slow.slice(0, 10)) lines.push(`  ${x.spec} ${x.entry} on ${showEncoded(x.input)} (input ${x.index})`);
  }
  if (s.failures.length === 0) lines.push("failures: none");
  else {
    lines.push(`failures: ${s.failures.length} (${s.unexpected} not expected by the regression file)`);
    for (const f of s.failures) {
      const ctx = Object.keys(f.context).length > 0 ? ` ${JSON.stringify(f.context)}` : "";
      lines.push(`  ${f.spec} ${f.entry} ${f.property}: ${showEncoded(f.minimised)}${ctx} [${f.status}${f.knownReason ? `: ${f.knownReason}` : ""}]`);
      lines.push(`    ${f.detail}`);
      lines.push(`    found by ${f.foundBy} on ${showEncoded(f.input)}; ${n(f.count)} input${f.count === 1 ? "" : "s"} in all; minimised in ${f.minimiseTests} tests${f.minimiseComplete ? "" : " (budget ran out)"}`);
    }
  }
  return lines.join("\n") + "\n";
}

function showEncoded(text: string): string {
  try {
    return showInput(decodeInput(text));
  } catch {
    return text;
  }
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd());
}
