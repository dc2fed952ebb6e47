// A fuzz worker thread (Node). Two jobs:
//   run    make inputs [from, to) of a revision (inputs.ts) and check the property table on each;
//          answer with counts and the first violation of each (entry, property);
//   probe  check every property on one given case (minimisation and the regression test).
// Before each input and each entry point call it writes where it is into a shared heartbeat
// (HEARTBEAT below), so the campaign's watchdog can name the input and the entry point of a hang
// after it terminates this thread.
import { parentPort, workerData } from "node:worker_threads";
import { availableSpecIds } from "../../src/revisions";
import { inputData } from "./data";
import { ENTRY_TABLE, entryNames, type EntryTable } from "./entries";
import { decodeInput, encodeInput, hashString, InputMaker, type CaseContext, type SourceName } from "./inputs";
import { CaseRun, checkCase, failureKey, propertyTable, type Property, type Violation } from "./properties";

/** Int32 slots of the heartbeat. */
export const HEARTBEAT = { seq: 0, indexLow: 1, indexHigh: 2, entry: 3, spec: 4, slots: 8 } as const;

export interface WorkerSetup {
  heartbeat: SharedArrayBuffer;
  /** A planted mistake: a module exporting a function EntryTable -> EntryTable (tests only). */
  plant?: { module: string; name: string };
}

export interface RunJob {
  type: "run";
  spec: string;
  seed: number;
  from: number;
  to: number;
  /** The entry points to check (null: all). */
  entries: string[] | null;
  /** Per entry point: check it on one input in this many (1 or absent: every input). */
  every: Record<string, number>;
}

export interface ProbeJob {
  type: "probe";
  id: number;
  spec: string;
  /** The input as the regression file writes it (encodeInput). */
  input: string;
  context: CaseContext;
}

export interface FoundViolation extends Violation {
  /** encodeInput of the input. */
  input: string;
  index: number;
  source: SourceName;
  /** How many inputs of the chunk violated the same (entry, property). */
  count: number;
}

export interface RunDone {
  type: "done";
  spec: string;
  from: number;
  to: number;
  milliseconds: number;
  sources: Partial<Record<SourceName, number>>;
  /** Per property key ("entry property"), per outcome ("holds", "n/a", "violated", "excused:NAME"): a count. */
  outcomes: Record<string, Record<string, number>>;
  /** Per entry point: on how many inputs it was checked. */
  entryInputs: Record<string, number>;
  violations: FoundViolation[];
}

export interface ProbeDone {
  type: "probed";
  id: number;
  violations: Violation[];
}

/** The table a worker runs: the real one, or the real one with a planted mistake. */
export function tableFor(plant: WorkerSetup["plant"]): EntryTable {
  if (!plant) return ENTRY_TABLE;
  const make = (require(plant.module) as Record<string, (t: EntryTable) => EntryTable>)[plant.name];
  if (typeof make !== "function") throw new Error(`${plant.module} exports no function ${plant.name}`);
  return make(ENTRY_TABLE);
}

/** The names the heartbeat's entry slot indexes (-1: between entry points). */
export function heartbeatEntries(table: EntryTable): string[] {
  return entryNames(table);
}

if (parentPort && workerData && (workerData as WorkerSetup).heartbeat) {
  const setup = workerData as WorkerSetup;
  const port = parentPort;
  const heartbeat = new Int32Array(setup.heartbeat);
  const table = tableFor(setup.plant);
  const rows = propertyTable(table);
  const entryIndex = new Map(heartbeatEntries(table).map((e, i) => [e, i]));
  const specIndex = new Map<string, number>(availableSpecIds().map((s, i) => [s, i]));
  const makers = new Map<string, InputMaker>();
  const onEnter = (entry: string) => Atomics.store(heartbeat, HEARTBEAT.entry, entryIndex.get(entry) ?? -1);

  const run = (job: RunJob): RunDone => {
    const started = Date.now();
    const key = `${job.spec}\0${job.seed}`;
    let maker = makers.get(key);
    if (!maker) makers.set(key, (maker = new InputMaker(job.spec, job.seed, inputData(job.spec))));
    const selected = job.entries === null ? rows : rows.filter((r) => job.entries!.includes(r.entry));
    // Each entry point samples its inputs at an offset of its own, so rarely-run entry points do not all land on the same inputs.
    const sampled = selected.map((r) => ({ row: r, every: Math.max(1, job.every[r.entry] ?? 1), offset: hashString(r.entry) }));
    const done: RunDone = { type: "done", spec: job.spec, from: job.from, to: job.to, milliseconds: 0, sources: {}, outcomes: {}, entryInputs: {}, violations: [] };
    const firstOf = new Map<string, FoundViolation>();
    Atomics.store(heartbeat, HEARTBEAT.spec, specIndex.get(job.spec) ?? -1);
    for (let i = job.from; i < job.to; i++) {
      Atomics.store(heartbeat, HEARTBEAT.indexLow, i % 2 ** 30);
      Atomics.store(heartbeat, HEARTBEAT.indexHigh, Math.floor(i / 2 ** 30));
      Atomics.store(heartbeat, HEARTBEAT.entry, -1);
      Atomics.add(heartbeat, HEARTBEAT.seq, 1);
      const c = maker.make(i);
      done.sources[c.source] = (done.sources[c.source] ?? 0) + 1;
      const these: Property[] = [];
      const entries = new Set<string>();
      for (const s of sampled) {
        if (s.every === 1 || (i + s.offset) % s.every === 0) {
          these.push(s.row);
          entries.add(s.row.entry);
        }
      }
      for (const e of entries) done.entryInputs[e] = (done.entryInputs[e] ?? 0) + 1;
      const caseRun = new CaseRun(table, c);
      caseRun.onEnter = onEnter;
      const report = checkCase(these, caseRun);
      for (const [k, list] of report.outcomes) {
        const counts = (done.outcomes[k] ??= {});
        for (const o of list) counts[o] = (counts[o] ?? 0) + 1;
      }
      for (const v of report.violations) {
        const k = failureKey(v);
        const first = firstOf.get(k);
        if (first) first.count++;
        else firstOf.set(k, { ...v, input: encodeInput(c.input) ?? JSON.stringify(String(c.input)), index: i, source: c.source, count: 1 });
      }
    }
    done.violations = [...firstOf.values()];
    done.milliseconds = Date.now() - started;
    return done;
  };

  const probe = (job: ProbeJob): ProbeDone => {
    Atomics.add(heartbeat, HEARTBEAT.seq, 1);
    const caseRun = new CaseRun(table, { spec: job.spec, input: decodeInput(job.input), context: job.context });
    caseRun.onEnter = onEnter;
    return { type: "probed", id: job.id, violations: checkCase(rows, caseRun).violations };
  };

  // Warm up before answering "ready": the first cases of a thread compile the regexes, fill the
  // error path's caches and the JIT, and would otherwise count against the watchdog's time limit.
  // The real entry points warm up (a planted mistake could hang here).
  const realRows = propertyTable(ENTRY_TABLE);
  for (const spec of availableSpecIds()) {
    for (const input of ["http://u@a:80/b/./c?d#e", "HTTP://a b/%zz?["]) checkCase(realRows, new CaseRun(ENTRY_TABLE, { spec, input, context: { base: "http://a/b/c/d;p?q", reference: "../g", rule: "host" } }));
  }

  port.on("message", (job: RunJob | ProbeJob) => {
    port.postMessage(job.type === "run" ? run(job) : probe(job));
  });
  port.postMessage({ type: "ready" });
}
