// Equivalence: two references compared on one rung of the comparison ladder (draft-2003 §6.2; the
// same rungs for draft-1997 §6, see normalize.ts). "Comparison methods are designed to minimize
// false negatives while strictly avoiding false positives" (draft-2003 §6.1): a "not equivalent"
// answer never means the two identify different resources.
import { optionsObject } from "../request";
import { COMPARISON_SECTIONS, normalize, NORMALIZE_OPTION_NAMES, type NormalizationLevel, type NormalizationStep, type NormalizeOptions, type NormalizeResult } from "./normalize";
import { getRevision, type SpecId } from "../revisions";

/** What equivalent() returns: whether two references are equivalent at a level, with both normal forms. */
export type EquivalentResult =
  | {
      ok: true;
      spec: SpecId;
      level: NormalizationLevel;
      equivalent: boolean;
      /** The two normal forms. */
      a: string;
      b: string;
      /**
       * The sections the answer rests on: the comparison of the normal forms (`rfc3986 §6.2.1`), then
       * those of each normalization that changed either input, each followed by the document of the
       * scheme fact it applied (`rfc3986 §6.2.3`, `RFC 9110 §4.2.2` for https's default port 443).
       */
      sections: string[];
    }
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
 * const https = equivalent("https://example.com:443/", "https://example.com/", { spec: "rfc3986" });
 * if (https.ok) https.sections; // => ["rfc3986 §6.2.1", "rfc3986 §6.2.3", "RFC 9110 §4.2.2"]
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
  const sections = [COMPARISON_SECTIONS[getRevision(na.spec)!.normalization!], ...stepSections(na.steps), ...stepSections(nb.steps)];
  return { ok: true, spec: na.spec, level: na.level, equivalent: na.normalized === nb.normalized, a: na.normalized, b: nb.normalized, sections: [...new Set(sections)] };
}

/** Each step's section, and after it the document of the scheme fact it applied. */
function stepSections(steps: NormalizationStep[]): string[] {
  return steps.flatMap((s) => (s.source === undefined ? [s.section] : [s.section, s.source]));
}
