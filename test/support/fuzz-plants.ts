// Planted mistakes for the fuzz campaign's own test (test/fuzz-campaign.test.ts): each takes the
// real entry table and returns it with one entry point broken. The campaign's worker threads load
// this module by path (CampaignOptions.plant), so each mistake is a named export.
import type { EntryPoints, EntryTable, Recognizer } from "../fuzz/entries";

/** `t` with one entry point replaced by `wrap` of the real one. */
function withEntry<K extends keyof EntryPoints>(t: EntryTable, name: K, wrap: (real: EntryPoints[K]) => EntryPoints[K]): EntryTable {
  return { ...t, entries: { ...t.entries, [name]: wrap(t.entries[name]) } };
}

/** The table with one raw entry point (what the hostile-argument rows call) wrapped. */
function withRaw<K extends keyof EntryTable["raw"]>(t: EntryTable, name: K, wrap: (real: EntryTable["raw"][K]) => EntryTable["raw"][K]): EntryTable {
  return { ...t, raw: { ...t.raw, [name]: wrap(t.raw[name]) } };
}

/** format() drops the first "~" of what it rebuilds (a recomposition that loses a character). */
export function formatDropsTilde(t: EntryTable): EntryTable {
  return withEntry(t, "format", (real) => (ast) => real(ast)?.replace("~", "") ?? null);
}

/**
 * validate() rejects every input holding a `mark` character of draft-2003 (§2.3: "-" / "_" / "." /
 * "!" / "~" / "*" / "'" / "(" / ")"): it disagrees with parse() on one character class.
 */
export const MARK = "-_.!~*'()";
export function validateRejectsMark(t: EntryTable): EntryTable {
  const real = t.entries.validate;
  const validate = (input: unknown, spec: string, rule?: string) => (typeof input === "string" && [...MARK].some((c) => input.includes(c)) ? false : real(input, spec, rule));
  const recognizers: Recognizer[] = t.recognizers.map((r) => (r.name === "validate" ? { ...r, accepts: validate } : r));
  return { ...withEntry(t, "validate", () => validate), recognizers };
}

/** normalize() never returns for an input holding "@" (a backtracking regex would do the same). */
export function normalizeHangsOnAt(t: EntryTable): EntryTable {
  return withEntry(t, "normalize", (real) => (input, spec, level) => {
    if (typeof input === "string" && input.includes("@")) for (;;);
    return real(input, spec, level);
  });
}

/** resolve() throws on a reference holding "[" (a public function that throws on bad input). */
export function resolveThrowsOnBracket(t: EntryTable): EntryTable {
  return withEntry(t, "resolve", (real) => (base, reference, spec, options) => {
    if (typeof reference === "string" && reference.includes("[")) throw new TypeError("planted: cannot read properties of undefined");
    return real(base, reference, spec, options);
  });
}

/**
 * normalize() of an input the revision rejects answers a code of its own, "invalid-input" (as the
 * 0.1 API did), instead of parse()'s error value.
 */
export function normalizeOwnError(t: EntryTable): EntryTable {
  return withEntry(t, "normalize", (real) => (input, spec, level) => {
    const r = real(input, spec, level);
    return !r.ok && r.error.code === "syntax" ? { ok: false, spec: r.spec as never, error: { code: "invalid-input" as never, message: "invalid input" } } : r;
  });
}

/** explain() called with an unknown spec explains under the default revision instead of answering unknown-spec. */
export function explainIgnoresUnknownSpec(t: EntryTable): EntryTable {
  return withRaw(t, "explain", (real) => (input, options) => {
    const r = real(input, options) as { ok: boolean; error?: { code: string } };
    return !r.ok && r.error?.code === "unknown-spec" ? real(input, {}) : r;
  });
}

/** format() throws on an AST holding a Symbol (what a one-field edit can put there): the widened no-throw row catches it. */
export function formatThrowsOnSymbol(t: EntryTable): EntryTable {
  const holdsSymbol = (x: unknown): boolean => typeof x === "symbol" || (typeof x === "object" && x !== null && Object.values(x).some(holdsSymbol));
  return withEntry(t, "format", (real) => (ast) => {
    if (holdsSymbol(ast)) throw new TypeError("planted: Cannot convert a Symbol value to a string");
    return real(ast);
  });
}

/** check() reads `schemes` as a list without looking (issue 25 item 4): a string for it throws. */
export function checkThrowsOnStringList(t: EntryTable): EntryTable {
  return withRaw(t, "check", (real) => (input, options) => {
    const schemes = typeof options === "object" && options !== null ? (options as { schemes?: unknown }).schemes : undefined;
    if (typeof schemes === "string") throw new TypeError("planted: o.schemes.some is not a function");
    return real(input, options);
  });
}
