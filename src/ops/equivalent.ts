// Equivalence: two references compared on one rung of the comparison ladder (draft-2003 §6.2; the
// same rungs for draft-1997 §6, see normalize.ts). "Comparison methods are designed to minimize
// false negatives while strictly avoiding false positives" (draft-2003 §6.1): a "not equivalent"
// answer never means the two identify different resources.
import { optionsObject } from "../request";
import { normalize, NORMALIZE_OPTION_NAMES, type NormalizationLevel, type NormalizeOptions, type NormalizeResult } from "./normalize";
import type { SpecId } from "../revisions";

/** What equivalent() returns: whether two references are equivalent at a level, with both normal forms. */
export type EquivalentResult =
  | { ok: true; spec: SpecId; level: NormalizationLevel; equivalent: boolean; a: string; b: string }
  /** `which` names the input that could not be normalized (null: the options, not an input, are the problem); `error` is normalize()'s. */
  | { ok: false; spec: string; error: Extract<NormalizeResult, { ok: false }>["error"]; which: "a" | "b" | null; result: Extract<NormalizeResult, { ok: false }> };

/**
 * Whether two references are equivalent on one rung of the comparison ladder: their normal forms
 * (`normalize()`) are the same string (draft-2003 §6.2.1). "Not equivalent" never means they
 * identify different resources (§6.1). Never throws: the error value says which input failed.
 *
 * @example
 * import { equivalent } from "uri-grammars";
 * const r = equivalent("http://example.com/", "HTTP://EXAMPLE.com:80/");
 * if (r.ok) r.equivalent; // => true
 * const s = equivalent("http://example.com/", "HTTP://EXAMPLE.com:80/", { level: "string" });
 * if (s.ok) s.equivalent; // => false
 */
export function equivalent(a: unknown, b: unknown, options?: NormalizeOptions): EquivalentResult {
  // Read once: both normalizations get the same options, whatever the caller's getters do.
  options = optionsObject(options, NORMALIZE_OPTION_NAMES);
  const na = normalize(a, options);
  const inputProblem = (r: Extract<NormalizeResult, { ok: false }>) => r.error.code === "syntax" || r.error.code === "not-a-string";
  if (!na.ok) return { ok: false, spec: na.spec, error: na.error, which: inputProblem(na) ? "a" : null, result: na };
  const nb = normalize(b, options);
  if (!nb.ok) return { ok: false, spec: nb.spec, error: nb.error, which: "b", result: nb };
  // §6.2.1: character-by-character ("codepoint-by-codepoint") comparison of the normal forms.
  return { ok: true, spec: na.spec, level: na.level, equivalent: na.normalized === nb.normalized, a: na.normalized, b: nb.normalized };
}
