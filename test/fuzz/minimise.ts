// Minimising a failing input: delta debugging over its characters (Zeller and Hildebrandt,
// "Simplifying and Isolating Failure-Inducing Input", 2002: ddmin), then single characters removed
// until none can go. A character is a code point (a lone surrogate is one); the test says whether a
// candidate still fails the same way (same entry point, same property). The test may be
// asynchronous (the campaign runs it in a worker with a time limit). Browser-safe.

export interface MinimiseOptions {
  /** Stop after this many tests (default 4000). */
  maxTests?: number;
  /** Stop when this time (Date.now() milliseconds) has passed. */
  deadline?: number;
}

export interface Minimised {
  input: string;
  tests: number;
  /** False when a budget ran out before the input was 1-minimal. */
  complete: boolean;
}

export async function minimise(input: string, fails: (candidate: string) => boolean | Promise<boolean>, options: MinimiseOptions = {}): Promise<Minimised> {
  const maxTests = options.maxTests ?? 4000;
  const deadline = options.deadline ?? Infinity;
  let tests = 0;
  const seen = new Map<string, boolean>();
  const outOfBudget = () => tests >= maxTests || Date.now() > deadline;
  const test = async (chars: string[]): Promise<boolean> => {
    const s = chars.join("");
    const known = seen.get(s);
    if (known !== undefined) return known;
    tests++;
    const r = await fails(s);
    seen.set(s, r);
    return r;
  };

  let current = Array.from(input);
  // ddmin: split into n parts; keep a part that fails alone, else a complement that fails, else
  // split finer.
  let n = 2;
  while (current.length >= 2 && !outOfBudget()) {
    const parts = split(current, n);
    let reduced = false;
    for (const part of parts) {
      if (outOfBudget()) break;
      if (part.length < current.length && (await test(part))) {
        current = part;
        n = 2;
        reduced = true;
        break;
      }
    }
    if (!reduced && n > 2) {
      for (let i = 0; i < parts.length && !outOfBudget(); i++) {
        const complement = parts.filter((_, j) => j !== i).flat();
        if (await test(complement)) {
          current = complement;
          n = Math.max(n - 1, 2);
          reduced = true;
          break;
        }
      }
    }
    if (!reduced) {
      if (n >= current.length) break;
      n = Math.min(n * 2, current.length);
    }
  }
  // 1-minimal: no single character can be removed. Also try the empty input.
  if (!outOfBudget() && current.length > 0 && (await test([]))) current = [];
  for (let changed = true; changed && !outOfBudget(); ) {
    changed = false;
    for (let i = current.length - 1; i >= 0 && !outOfBudget(); i--) {
      const candidate = [...current.slice(0, i), ...current.slice(i + 1)];
      if (await test(candidate)) {
        current = candidate;
        changed = true;
      }
    }
  }
  return { input: current.join(""), tests, complete: !outOfBudget() };
}

function split<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const end = start + Math.floor((xs.length - start) / (n - i));
    if (end > start) out.push(xs.slice(start, end));
    start = end;
  }
  return out;
}
