// Where the source documents are (../shared/seeds next to the repository, the workplace layout; the
// reference documents such as RFC 3986 in ../shared/references), and the one place that decides what
// a test needing them does when they are absent:
// - in CI (the environment variable CI is set, and not "", "0" or "false") the test FAILS: CI always
//   has the seeds beside the clone, so their absence there is a broken checkout, not a reason to pass;
// - elsewhere it is skipped, with a reason that the reporter (test/support/reporter.ts) counts and
//   prints before the closing line "N passed, N failed, N skipped".
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** URI_GRAMMARS_SEEDS when set (then only it), else ../shared/seeds beside the clone, else /work/shared/seeds. */
function candidates(): string[] {
  const explicit = process.env.URI_GRAMMARS_SEEDS;
  if (explicit !== undefined && explicit !== "") return [explicit];
  return [join(__dirname, "..", "..", "..", "..", "shared", "seeds"), "/work/shared/seeds"];
}

export function seedDir(): string | null {
  return candidates().find((d) => existsSync(d)) ?? null;
}

/** URI_GRAMMARS_REFERENCES when set; else next to URI_GRAMMARS_SEEDS when that is set; else ../shared/references. */
function referenceCandidates(): string[] {
  const explicit = process.env.URI_GRAMMARS_REFERENCES;
  if (explicit !== undefined && explicit !== "") return [explicit];
  const seeds = process.env.URI_GRAMMARS_SEEDS;
  if (seeds !== undefined && seeds !== "") return [join(seeds, "..", "references")];
  return [join(__dirname, "..", "..", "..", "..", "shared", "references"), "/work/shared/references"];
}

/** The reference documents' directory (../shared/references), or null when it is absent. */
export function referenceDir(): string | null {
  return referenceCandidates().find((d) => existsSync(d)) ?? null;
}

/** Whether this run is CI: CI is set to anything but "", "0" or "false" (what CI services set: "true", "1"). */
export function inCI(): boolean {
  const v = process.env.CI;
  return v !== undefined && v !== "" && v !== "0" && v.toLowerCase() !== "false";
}

export const SEEDS_ABSENT = "the source documents (../shared/seeds, or URI_GRAMMARS_SEEDS) are absent";
export const REFERENCES_ABSENT = "the reference documents (../shared/references, or URI_GRAMMARS_REFERENCES) are absent";

/** The property of a mocha test where skipBecause() leaves its reason (read by the reporter). */
export const SKIP_REASON = "skipReason";

/**
 * The words skipBecause() adds to a skipped test's title: under `mocha --parallel` (npm test) a test
 * reaches the reporter serialized, with its title but none of its own properties.
 */
export const SKIP_TITLE = /\s\(skipped: (.*)\)$/;

/** Skips the running test (call from the test's `function () {...}`), leaving a reason the reporter counts. */
export function skipBecause(ctx: Mocha.Context, reason: string): never {
  if (ctx.test) {
    (ctx.test as unknown as Record<string, unknown>)[SKIP_REASON] = reason;
    ctx.test.title += ` (skipped: ${reason})`;
  }
  ctx.skip();
  throw new Error("unreachable: mocha's skip() throws");
}

/**
 * The seeds' directory, for a test that needs the source documents: when they are absent, the test
 * fails in CI and is skipped elsewhere (with the reason SEEDS_ABSENT).
 */
export function requireSeeds(ctx: Mocha.Context): string {
  return requireDir(ctx, candidates(), SEEDS_ABSENT);
}

function requireDir(ctx: Mocha.Context, dirs: string[], absent: string): string {
  const dir = dirs.find((d) => existsSync(d));
  if (dir !== undefined) return dir;
  if (inCI()) throw new Error(`${absent}, and this is CI (CI=${process.env.CI}), which always has them beside the clone: looked in ${dirs.join(", ")}`);
  return skipBecause(ctx, absent);
}

/** The text of one reference document (../shared/references: rfc3986.txt), for a test that needs it; absent: as requireSeeds. */
export function requireReferenceFile(ctx: Mocha.Context, file: string): string {
  return readFileSync(join(requireDir(ctx, referenceCandidates(), REFERENCES_ABSENT), file), "utf8");
}

/** The text of one seed file, for a test that needs it (see requireSeeds). */
export function requireSeedFile(ctx: Mocha.Context, file: string): string {
  return readFileSync(join(requireSeeds(ctx), file), "utf8");
}

/** The seed's text with all whitespace runs made single spaces (the 1997/2003 seeds are one line). */
export function requireSeedText(ctx: Mocha.Context, file: string): string {
  return requireSeedFile(ctx, file).replace(/\s+/g, " ");
}
