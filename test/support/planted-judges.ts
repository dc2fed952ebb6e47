// Judges with planted failures for the batch supervisor's tests (test/batch-supervisor.test.ts),
// loaded by the batch workers like any judge (src/cli/batch-lines.ts JudgeSpec: module + factory).
// A line's first word says what goes wrong while it is judged; any other line is answered
// {"input": line, "valid": true}.
import type { Judge } from "../../src/cli/batch-lines";

/** The module path for a JudgeSpec (absolute: the compiled file next to this one). */
export const PLANTED_JUDGES = __filename;

export function plantedJudge(): Judge {
  return (line) => {
    const word = line.split(" ")[0];
    if (word === "HANG") for (;;);
    if (word === "SPIN") {
      // Says so on its standard output (which the batch sends to standard error), then never ends.
      console.log("planted: spinning");
      for (;;);
    }
    if (word === "ALLOC") {
      // Allocates without end: more and more live arrays.
      const keep: number[][] = [];
      for (;;) keep.push(new Array<number>(1 << 22).fill(keep.length));
    }
    if (word === "THROW") throw new Error("planted: the judge throws");
    if (word === "EXIT") process.exit(7);
    if (word === "LOG") console.log("planted: a stray line on the worker's standard output");
    if (word === "SLEEP") {
      // SLEEP <ms>: busy for that long (a slow line that is within its limit).
      const until = Date.now() + Number(line.split(" ")[1]);
      while (Date.now() < until);
    }
    return { out: JSON.stringify({ input: line, valid: true }) + "\n", verdict: "valid", rules: [], bad: false };
  };
}

/** A judge that cannot be built: every worker dies before its first line. */
export function brokenJudge(): Judge {
  throw new Error("planted: the judge cannot be built");
}
