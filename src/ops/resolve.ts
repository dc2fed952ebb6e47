// resolve(): a reference made absolute against a base, by one revision's own text: the algorithm its
// descriptor names (grammar/<spec>/descriptor.ts, `resolution`), or the document's words for having none.
//   rfc3986     §5.2.2 pseudocode, §5.2.3 merge, §5.2.4 remove_dot_segments (resolve-3986.ts)
//   draft-2003  §5.2 pseudocode and merge steps 1-8 (resolve-2003.ts)
//   rfc2396     §5.2 steps 1-7 with the string buffer a-h (resolve-2396.ts)
//   draft-1997  §5.2 steps 1-7 with the string buffer a-i (resolve-1997.ts)
//   rfc1808     §4 steps 1-7 on §2.1's six components (resolve-1808.ts)
//   draft-1993  "Partial form" rules, on strings (resolve-1993.ts)
//   rfc1630     "Partial (relative) form" rules, on strings (resolve-1630.ts)
//   whatwg      §4.4 the basic URL parser with a base, which the descriptor supplies (resolve-by-parser.ts)
//   draft-1994, rfc1738: no resolution of their own; the result says so, quoting the text.
import { describeValue, invalidOption, isFailure, optionNames, optionsObject, requireRevision } from "../request";
import { getRevision, specIds, type ResolutionAlgorithm, type Revision, type SpecId } from "../revisions";
import { resolve1630 } from "./resolve-1630";
import { resolve1993 } from "./resolve-1993";
import { resolve1808 } from "./resolve-1808";
import { resolve1997 } from "./resolve-1997";
import { resolve2396 } from "./resolve-2396";
import { resolve2003 } from "./resolve-2003";
import { resolve3986 } from "./resolve-3986";
import { resolveByParser } from "./resolve-by-parser";
import { DOT_SEGMENTS_CHOICES, type Citation, type ResolveKind, type ResolveOptions, type ResolveResult } from "./resolve-result";
import { parse, type ParseFailure } from "../parse";

export * from "./resolve-result";

/**
 * Where the revisions without a resolution of their own (draft-1994, rfc1738) say so: their
 * descriptors' citations, by revision id (of the registry in force).
 */
export function noResolution(): Readonly<Partial<Record<SpecId, Citation>>> {
  return Object.freeze(
    Object.fromEntries(specIds().flatMap((id) => {
      const r = getRevision(id)!.resolution;
      return "notDefined" in r ? [[id, r.notDefined]] : [];
    })),
  );
}

/** Whether a revision defines a resolution algorithm (its descriptor names one). */
export function definesResolution(spec: string): boolean {
  const revision = getRevision(spec);
  return revision !== undefined && "algorithm" in revision.resolution;
}

/**
 * The kinds of answer each algorithm gives (the current document is draft-1997 §5.2 step 2's,
 * rfc2396 §5.2 step 2's and draft-2003 §5.2's; the others always give a URI). A revision's entry types
 * its resolve() with them (scripts/build-entries.mjs); test/resolve.test.ts holds the list to what the
 * resolution tables get.
 */
export const RESOLUTION_KINDS: Readonly<Record<ResolutionAlgorithm, readonly ResolveKind[]>> = {
  "draft-1993 Partial form": ["uri"],
  "rfc1630 Partial form": ["uri"],
  "rfc1808 §4": ["uri"],
  "draft-1997 §5.2": ["uri", "current-document"],
  "rfc2396 §5.2": ["uri", "current-document"],
  "draft-2003 §5.2": ["uri", "current-document"],
  "rfc3986 §5.2": ["uri"],
  // §4.4: the basic URL parser answers a URL or failure.
  "URL Standard §4.4": ["uri"],
};

/** The kinds of answer a revision's resolve() gives: its algorithm's, or not-defined alone. */
export function resolutionKinds(revision: Revision): readonly ResolveKind[] {
  const how = revision.resolution;
  return "notDefined" in how ? ["not-defined"] : RESOLUTION_KINDS[how.algorithm];
}

/**
 * The algorithms that offer the `strict` choice (a reference with the base's scheme and no authority,
 * `http:g`), and which way each leans when it is not asked for.
 */
const STRICT_BY_DEFAULT: Partial<Record<ResolutionAlgorithm, boolean>> = {
  // §5.2.2: the non-strict reading is "a loophole in prior specifications ... Its use should be
  // avoided but is allowed for backward compatibility": strict unless asked otherwise.
  "rfc3986 §5.2": true,
  // §5.2 step 3: the work-around for a scheme equal to the base's is a "may"; "Validating parsers
  // should mark such a misformed relative reference as an error": strict unless asked.
  "rfc2396 §5.2": true,
  // §5.2 merge: a non-validating parser by default (Appendix C prints both answers).
  "draft-2003 §5.2": false,
};

/**
 * Whether a revision's resolution offers the `strict` choice and which answer it gives without one:
 * true (strict unless asked), false (non-strict unless asked), or null (no such choice).
 */
export function strictByDefault(spec: string): boolean | null {
  const how = getRevision(spec)?.resolution;
  return how === undefined || "notDefined" in how ? null : (STRICT_BY_DEFAULT[how.algorithm] ?? null);
}

const RESOLVE_OPTION_NAMES = /* @__PURE__ */ optionNames<ResolveOptions>({ spec: true, strict: true, dotSegments: true });

/**
 * Resolves `reference` against `base` by one revision's own text: draft-2003 §5.2, draft-1997 §5.2
 * (with its string buffer), RFC 1808 §4 (on its six components), draft-1993's "Partial form" rules; draft-1994 and rfc1738 define no
 * resolution, and the answer says so with the document's words. A reference to the current document
 * is its own kind of answer. Never throws: an invalid base or reference is `{ ok: false, error }`
 * with `invalid-base` or `invalid-reference` and the parse error; an unknown spec, or a `strict`
 * or `dotSegments` it does not know (`invalid-option`), is parse()'s error value.
 *
 * @example
 * import { resolve } from "uri-grammars";
 * const r = resolve("http://a/b/c/d;p?q", "../g?y");
 * if (r.ok && r.kind === "uri") r.uri; // => "http://a/b/g?y"
 * const n = resolve("http://a/b", "g", { spec: "rfc1738" });
 * if (n.ok) n.kind; // => "not-defined"
 */
export function resolve(base: unknown, reference: unknown, options?: ResolveOptions): ResolveResult {
  const o = optionsObject(options, RESOLVE_OPTION_NAMES);
  const revision = requireRevision(o.spec);
  if (isFailure(revision)) return revision;
  const spec = revision.id;
  if (o.strict !== undefined && typeof o.strict !== "boolean") return invalidOption(spec, null, `strict must be true or false, not ${describeValue(o.strict)}.`);
  if (o.dotSegments !== undefined && !DOT_SEGMENTS_CHOICES.includes(o.dotSegments)) {
    return invalidOption(spec, null, `Unknown dotSegments ${describeValue(o.dotSegments)}; draft-2003 §5.2 merge step 7 offers: ${DOT_SEGMENTS_CHOICES.join(", ")}.`);
  }
  if (typeof base !== "string" || typeof reference !== "string") {
    const which = typeof base !== "string" ? base : reference;
    const parseError = parse(which, { spec }) as ParseFailure;
    return { ok: false, spec, error: { code: typeof base !== "string" ? "invalid-base" : "invalid-reference", spec, section: null, message: `The base and the reference must be strings: ${parseError.error.message}`, parseError: parseError.error } };
  }
  const how = revision.resolution;
  if ("notDefined" in how) return { ok: true, kind: "not-defined", spec, citation: how.notDefined };
  const strict = o.strict ?? STRICT_BY_DEFAULT[how.algorithm] ?? false;
  switch (how.algorithm) {
    case "rfc3986 §5.2":
      return resolve3986(spec, base, reference, strict, how.rules);
    case "draft-2003 §5.2":
      return resolve2003(spec, base, reference, strict, o.dotSegments ?? "keep");
    case "rfc2396 §5.2":
      return resolve2396(spec, base, reference, strict, o.dotSegments ?? "keep");
    case "draft-1997 §5.2":
      return resolve1997(spec, base, reference);
    case "rfc1808 §4":
      return resolve1808(spec, base, reference);
    case "draft-1993 Partial form":
      return resolve1993(spec, base, reference);
    case "rfc1630 Partial form":
      return resolve1630(spec, base, reference);
    case "URL Standard §4.4":
      if (how.byParser === undefined) return { ok: false, spec, error: { code: "invalid-base", spec, section: null, message: `${spec}'s descriptor names the URL Standard §4.4 without the parser that does it (Revision.resolution.byParser).` } };
      return resolveByParser(revision, how.byParser, base, reference);
  }
}
