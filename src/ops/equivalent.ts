// Equivalence: two references compared on one rung of the comparison ladder (draft-2003 §6.2; the
// same rungs for draft-1997 §6, see normalize.ts). "Comparison methods are designed to minimize
// false negatives while strictly avoiding false positives" (draft-2003 §6.1): a "not equivalent"
// answer never means the two identify different resources.
import { normalize, type NormalizationLevel, type NormalizeOptions, type NormalizeResult } from "./normalize";

export type EquivalentResult =
  | { ok: true; spec: string; level: NormalizationLevel; equivalent: boolean; a: string; b: string }
  | { ok: false; spec: string; error: { code: string; message: string }; which: "a" | "b" | null; result: NormalizeResult };

export function equivalent(a: string, b: string, options: NormalizeOptions = {}): EquivalentResult {
  const na = normalize(a, options);
  if (!na.ok) return { ok: false, spec: na.spec, error: na.error, which: na.error.code === "invalid-input" ? "a" : null, result: na };
  const nb = normalize(b, options);
  if (!nb.ok) return { ok: false, spec: nb.spec, error: nb.error, which: "b", result: nb };
  // §6.2.1: character-by-character ("codepoint-by-codepoint") comparison of the normal forms.
  return { ok: true, spec: na.spec, level: na.level, equivalent: na.normalized === nb.normalized, a: na.normalized, b: nb.normalized };
}
