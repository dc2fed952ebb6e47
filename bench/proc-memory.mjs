// Memory of a process tree from /proc (Linux), for the batch benchmarks (bench/crash-table.mjs,
// bench/hostile-batch.mjs): a process's status text, a field of it in KiB, and its children (the
// child processes the batch supervisor starts for large lines).
import { readdirSync, readFileSync } from "node:fs";

/** /proc/PID/status, or "" once the process is gone. */
export function status(pid) {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return "";
  }
}

/** A "Field:   N kB" line of a status text, in KiB (0 when absent). */
export const kib = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);

/** The process's children (child processes judging large lines). */
export function children(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter((x) => x !== "").map(Number));
  } catch {
    return [];
  }
}
