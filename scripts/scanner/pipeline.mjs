// @ts-check
// The scanner compiler's pipeline (scripts/compile-scanner.mjs lists the passes): it runs the passes
// stage by stage over one Compilation, each pass writing its own field; the problems a stage's passes
// report (or a pass that throws) are collected, and the compilation stops after that stage with all
// of them at once, as peggy's compiler does (lib/compiler/index.js: session.checkErrors() after each
// stage). A pass whose input an earlier pass of the same stage failed to make is skipped, not
// reported again.

/** @typedef {import("./compilation").Compilation} Compilation */
/** @typedef {import("./compilation").PassKey} PassKey */
/** @typedef {import("./compilation").StageName} StageName */

/** The problems of one compilation, reported by the passes of the stage that runs. */
export class Session {
  constructor() {
    /** @type {string[]} */
    this.errors = [];
    /** The pass that runs (its problems are named after it). */
    this.pass = "";
  }

  /**
   * A problem to report (the compilation goes on to the end of the stage, then stops).
   * @param {string} message
   */
  error(message) {
    this.errors.push(`${this.pass}: ${message}`);
  }
}

/** The problems of a stage, all of them: what a failed compilation throws. */
export class CompileError extends Error {
  /**
   * @param {string} file
   * @param {string} stage
   * @param {readonly string[]} problems
   */
  constructor(file, stage, problems) {
    super(`${file}: the ${stage} stage found ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "CompileError";
    this.file = file;
    this.stage = stage;
    this.problems = problems;
  }
}

/** A field a pass needs that no earlier pass wrote (that pass failed and reported why). */
class MissingInput extends Error {}

/**
 * The field `key` of the compilation, which an earlier pass must have written (not null: a pass
 * that reported a problem may have returned null).
 * @template {PassKey} K
 * @param {Compilation} c
 * @param {K} key
 * @returns {NonNullable<Compilation[K]>}
 */
export function need(c, key) {
  const v = c[key];
  if (v === undefined || v === null) throw new MissingInput(`no ${key}`);
  return /** @type {NonNullable<Compilation[K]>} */ (v);
}

/**
 * The field `key` of the compilation, which may be null (a pass that made nothing: no reverse pass,
 * no AST annotations), once an earlier pass has written it.
 * @template {PassKey} K
 * @param {Compilation} c
 * @param {K} key
 * @returns {NonNullable<Compilation[K]> | null}
 */
export function needOrNull(c, key) {
  if (!(key in c)) throw new MissingInput(`no ${key}`);
  return /** @type {NonNullable<Compilation[K]> | null} */ (c[key] ?? null);
}

/**
 * Runs the passes in order (they are grouped by stage: a stage's passes come together), each writing
 * its field; after each stage, throws a CompileError with every problem it found. With `until`, stops
 * after that pass (its stage's problems so far are thrown as well) and returns it.
 * @param {Compilation} c
 * @param {readonly import("./compilation").Pass[]} passes
 * @param {{ until?: string }} [options]
 * @returns {import("./compilation").Pass | null} the pass it stopped after (`until`), or null
 */
export function runPasses(c, passes, { until } = {}) {
  const session = new Session();
  for (let i = 0; i < passes.length; i++) {
    const pass = passes[i];
    session.pass = pass.name;
    try {
      const result = pass.run(c, session);
      /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (c))[pass.key] = result;
    } catch (e) {
      if (!(e instanceof MissingInput)) session.error(e instanceof Error ? e.message : String(e));
    }
    const stageEnds = i === passes.length - 1 || passes[i + 1].stage !== pass.stage;
    if ((stageEnds || pass.name === until) && session.errors.length > 0) throw new CompileError(c.file, pass.stage, session.errors);
    if (pass.name === until) return pass;
  }
  return null;
}

/**
 * Checks a pass list: names unique and verb-noun, stages in order and together, each stage known.
 * @param {readonly import("./compilation").Pass[]} passes
 * @param {readonly StageName[]} stages
 */
export function checkPassList(passes, stages) {
  const names = new Set();
  let at = 0;
  for (const p of passes) {
    if (names.has(p.name)) throw new Error(`pipeline: two passes named ${p.name}`);
    names.add(p.name);
    if (!/^[a-z]+-[a-z-]+$/.test(p.name)) throw new Error(`pipeline: ${p.name} is not a verb-noun name`);
    const s = stages.indexOf(p.stage);
    if (s < 0) throw new Error(`pipeline: ${p.name} is in no stage (${p.stage})`);
    if (s < at) throw new Error(`pipeline: ${p.name} (${p.stage}) comes after a later stage's pass`);
    at = s;
  }
}
