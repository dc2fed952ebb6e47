// resolve(): a reference made absolute against a base, by one revision's own text.
//   rfc3986     §5.2.2 pseudocode, §5.2.3 merge, §5.2.4 remove_dot_segments (resolve-3986.ts)
//   draft-2003  §5.2 pseudocode and merge steps 1-8 (resolve-2003.ts)
//   draft-1997  §5.2 steps 1-7 with the string buffer a-i (resolve-1997.ts)
//   draft-1993  "Partial form" rules, on strings (resolve-1993.ts)
//   draft-1994, rfc1738: no resolution of their own; the result says so, quoting the text.
import { isSpecId, SPEC_IDS, DEFAULT_SPEC } from "../revisions";
import { resolve1993 } from "./resolve-1993";
import { resolve1997 } from "./resolve-1997";
import { resolve2003 } from "./resolve-2003";
import { resolve3986 } from "./resolve-3986";
import type { Citation, ResolveOptions, ResolveResult } from "./resolve-result";

export * from "./resolve-result";

/** Where draft-1994 and rfc1738 say that they do not define relative resolution. */
export const NO_RESOLUTION: Readonly<Record<"draft-1994" | "rfc1738", Citation>> = {
  "draft-1994": {
    spec: "draft-1994",
    section: 'Recommendations, "URL syntax"',
    seed: "004_06ae430307648ea6.txt",
    line: 35,
    quote: "Fragment identifiers and partial URLs are not involved in the basic URL definition.",
    translation:
      'The introduction (line 31) promises "the rules under which parts of the name may be omitted in a well-defined context", but the document never gives them; its WAIS section (line 294) still refers to "the partial form rules".',
  },
  rfc1738: {
    spec: "rfc1738",
    section: "§2.3 分层方案和关系链接 (Hierarchical schemes and relative links)",
    seed: "002_3376c89374b224fa.txt",
    line: 122,
    quote: "在这篇文档中没有对关系链接进行描述。",
    translation: "Relative links are not described in this document.",
  },
};

/** The revisions that define a resolution algorithm of their own. */
export function definesResolution(spec: string): boolean {
  return spec === "draft-1993" || spec === "draft-1997" || spec === "draft-2003" || spec === "rfc3986";
}

/**
 * Resolves `reference` against `base` by the rules of `options.spec` (default draft-2003). Never
 * throws: an invalid base or reference, or an unknown spec, comes back as `{ ok: false, error }`.
 */
export function resolve(base: string, reference: string, options: ResolveOptions = {}): ResolveResult {
  // A JavaScript caller may pass null (or a string, a number) for the options: read it as none.
  if (typeof options !== "object" || options === null) options = {};
  const spec = options.spec ?? DEFAULT_SPEC;
  if (typeof base !== "string" || typeof reference !== "string") {
    return { ok: false, spec, error: { code: typeof base !== "string" ? "invalid-base" : "invalid-reference", spec, section: null, message: "The base and the reference must be strings." } };
  }
  switch (spec) {
    case "rfc3986":
      // §5.2.2: the non-strict reading is "a loophole in prior specifications ... Its use should be
      // avoided but is allowed for backward compatibility": strict unless asked otherwise.
      return resolve3986(base, reference, options.strict ?? true);
    case "draft-2003":
      return resolve2003(base, reference, options.strict ?? false, options.dotSegments ?? "keep");
    case "draft-1997":
      return resolve1997(base, reference);
    case "draft-1993":
      return resolve1993(base, reference);
    case "draft-1994":
    case "rfc1738":
      return { ok: true, kind: "not-defined", spec, citation: NO_RESOLUTION[spec] };
  }
  const why = isSpecId(spec) ? `${spec} has no resolver` : `there is no revision "${spec}"`;
  return { ok: false, spec, error: { code: "unknown-spec", spec, section: null, message: `Unknown spec: ${why}; revisions: ${SPEC_IDS.join(", ")}.` } };
}
