// Runs an implementation over the lines of an audit (src/conformance/audit.ts) and collects one
// answer line per input line, whatever the implementation does. The implementation is a command;
// it reads its lines on standard input and answers each on standard output. A run of many lines
// is one process (its standard input ends after the last line), watched by a timer: every answer
// must come within the per-case limit of the one before (the first also gets the start-up
// allowance). When the answers stop (a hang, a crash, an exit, too few lines), the case with no
// answer is named, the process group is killed, and the run goes on with a new process from the
// next case:
//   - the implementation had answered earlier cases of the run: the case is the one it stopped on;
//   - it had answered none: the case is run alone, so a start-up cost or output it buffers until
//     the end is not blamed on the case; if alone it answers, later runs are made shorter.
// After `maxConsecutiveFailures` cases in a row without an answer the audit stops and counts the
// rest as unanswered, so an implementation that hangs on everything cannot hold it for hours.
import { spawn } from "node:child_process";

export interface RunnerOptions {
  /** Time for each answer, from the previous one (ms). */
  timeoutMs: number;
  /** Added to the first answer of each process (ms): an interpreter or a JVM starting. */
  startupMs: number;
  /** Lines per process run at most (0: all). */
  batch: number;
  maxConsecutiveFailures: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export type LineAnswer = string | { failure: "timeout" | "crash" | "no-answer"; detail: string };

export interface RunResult {
  answers: LineAnswer[];
  notes: string[];
  /** The command could not be started at all (ENOENT ...): the audit cannot run. */
  startError: string | null;
}

interface BatchResult {
  answers: string[];
  end: "complete" | "timeout" | "exit" | "start-error";
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  extraLines: number;
  error?: string;
}

const STDERR_KEPT = 600;
/** An answer line longer than this is cut (and will read as garbage). */
const MAX_LINE_BYTES = 1 << 20;

/** The process groups of the runs under way, killed if the audit itself is stopped (Ctrl-C). */
const live = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** One process over `lines`: the answers it gave before it finished, stopped or went quiet. */
export function runBatch(argv: string[], lines: string[], o: RunnerOptions): Promise<BatchResult> {
  return new Promise((resolve) => {
    const answers: string[] = [];
    let pending: Buffer[] = [];
    let stderr = "";
    let extraLines = 0;
    let done = false;
    let complete = false;
    let timer: NodeJS.Timeout | undefined;
    const decoder = new TextDecoder("utf-8", { fatal: true });
    let child: ReturnType<typeof spawn>;
    const finish = (end: BatchResult["end"], code: number | null = null, signal: NodeJS.Signals | null = null, error?: string) => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      // The whole process group: a shell's children and a JVM's threads go with it.
      if (child?.pid !== undefined) {
        killGroup(child.pid);
        live.delete(child.pid);
      }
      child?.stdout?.removeAllListeners("data");
      child?.stderr?.removeAllListeners("data");
      resolve({ answers, end, code, signal, stderr: stderr.slice(-STDERR_KEPT), extraLines, error });
    };
    const arm = (ms: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => finish("timeout"), ms);
    };
    const take = (raw: Buffer) => {
      let text: string;
      try {
        text = decoder.decode(raw);
      } catch {
        text = `<not UTF-8: ${raw.subarray(0, 32).toString("hex")}>`;
      }
      if (answers.length < lines.length) answers.push(text.replace(/\r$/, ""));
      else extraLines++;
    };
    try {
      child = spawn(argv[0], argv.slice(1), { stdio: ["pipe", "pipe", "pipe"], detached: true, cwd: o.cwd, env: o.env });
    } catch (e) {
      finish("start-error", null, null, (e as Error).message);
      return;
    }
    if (child.pid !== undefined) live.add(child.pid);
    arm(o.startupMs + o.timeoutMs);
    child.on("error", (e) => finish("start-error", null, null, e.message));
    child.stdout!.on("data", (chunk: Buffer) => {
      let start = 0;
      let nl = chunk.indexOf(10);
      let got = false;
      while (nl >= 0) {
        take(Buffer.concat([...pending, chunk.subarray(start, nl)]));
        pending = [];
        got = true;
        start = nl + 1;
        nl = chunk.indexOf(10, start);
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
      // A line without end (megabytes and no line break) is one garbled answer, not unbounded memory.
      if (pending.reduce((n, b) => n + b.length, 0) > MAX_LINE_BYTES) {
        take(Buffer.concat(pending).subarray(0, 64));
        pending = [];
        got = true;
      }
      if (got && !complete) {
        if (answers.length === lines.length) {
          // Every answer is in: a moment for extra lines, then done, however much more it writes.
          complete = true;
          arm(50);
        } else arm(o.timeoutMs);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEPT);
    });
    child.on("close", (code, signal) => {
      if (pending.length > 0) take(Buffer.concat(pending));
      pending = [];
      finish(answers.length === lines.length ? "complete" : "exit", code, signal);
    });
    child.stdin!.on("error", () => {
      // EPIPE: it stopped reading; its exit or the timer ends the run.
    });
    child.stdin!.end(lines.length > 0 ? lines.join("\n") + "\n" : "");
  }).then((r) => {
    const b = r as BatchResult;
    // All answers and then quiet: a complete run (the timer ended a process that did not exit).
    if (b.end === "timeout" && b.answers.length === lines.length) return { ...b, end: "complete" as const };
    return b;
  });
}

function failureOf(r: BatchResult, o: RunnerOptions): { failure: "timeout" | "crash" | "no-answer"; detail: string } {
  const tail = r.stderr.trim() ? `; its last error output: ${JSON.stringify(r.stderr.trim().split("\n").slice(-3).join(" | ").slice(-300))}` : "";
  if (r.end === "timeout") return { failure: "timeout", detail: `no answer within ${o.timeoutMs / 1000} s; the implementation was killed and restarted for the next case` };
  if (r.signal) return { failure: "crash", detail: `the implementation was killed by ${r.signal} before answering${tail}` };
  if (r.code !== 0) return { failure: "crash", detail: `the implementation exited with status ${r.code} before answering${tail}` };
  return { failure: "no-answer", detail: `the implementation exited (status 0) without answering this line: too few answer lines${tail}` };
}

/**
 * Every line answered, or the reason it is not. The implementation runs in process groups of its
 * own (so a hung one can be killed with its children); a signal that stops the audit kills them
 * first, then stops the audit as it would have.
 */
export async function runLines(argv: string[], lines: string[], o: RunnerOptions, progress?: (done: number) => void): Promise<RunResult> {
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  const onSignal = (signal: NodeJS.Signals) => {
    for (const pid of live) killGroup(pid);
    for (const s of signals) process.removeListener(s, onSignal);
    process.kill(process.pid, signal);
  };
  for (const s of signals) process.on(s, onSignal);
  try {
    return await runAll(argv, lines, o, progress);
  } finally {
    for (const s of signals) process.removeListener(s, onSignal);
  }
}

async function runAll(argv: string[], lines: string[], o: RunnerOptions, progress?: (done: number) => void): Promise<RunResult> {
  const answers: LineAnswer[] = new Array(lines.length);
  const notes: string[] = [];
  let batch = o.batch > 0 ? o.batch : lines.length;
  // The first run is one case: it pays the start-up alone, so a case that hangs later in a long run
  // is named after the per-case limit, not after the start-up allowance and a second run alone.
  let first = true;
  let failuresInARow = 0;
  let extra = 0;
  let i = 0;
  while (i < lines.length) {
    const end = Math.min(lines.length, i + (first ? 1 : batch));
    first = false;
    const r = await runBatch(argv, lines.slice(i, end), o);
    if (r.end === "start-error") return { answers, notes, startError: `cannot start ${argv[0]}: ${r.error}` };
    extra += r.extraLines;
    r.answers.forEach((a, k) => (answers[i + k] = a));
    if (r.answers.length > 0) failuresInARow = 0;
    i += r.answers.length;
    progress?.(i);
    if (i >= end) continue;
    let failed: BatchResult = r;
    if (r.answers.length === 0 && end - i > 1) {
      const alone = await runBatch(argv, [lines[i]], o);
      if (alone.end === "start-error") return { answers, notes, startError: `cannot start ${argv[0]}: ${alone.error}` };
      if (alone.answers.length === 1) {
        answers[i] = alone.answers[0];
        const what = r.end === "timeout" ? `gave no answer within ${(o.startupMs + o.timeoutMs) / 1000} s` : `ended (${r.signal ?? `status ${r.code}`}) without an answer`;
        notes.push(`a run of ${end - i} cases ${what} but answered its first case alone: answers come only when the input ends, or start-up is slow; runs were made shorter (${Math.max(1, Math.floor(batch / 4))} cases)`);
        batch = Math.max(1, Math.floor(batch / 4));
        failuresInARow = 0;
        i++;
        progress?.(i);
        continue;
      }
      failed = alone;
    }
    answers[i] = failureOf(failed, o);
    i++;
    progress?.(i);
    if (++failuresInARow >= o.maxConsecutiveFailures && i < lines.length) {
      notes.push(`the audit stopped after ${failuresInARow} cases in a row without an answer; the remaining ${lines.length - i} cases were not run`);
      for (; i < lines.length; i++) answers[i] = { failure: "no-answer", detail: "not run: the audit stopped after too many cases in a row without an answer" };
    }
  }
  if (extra > 0) notes.push(`the implementation wrote ${extra} lines more than it was sent (they were ignored)`);
  return { answers, notes, startError: null };
}
