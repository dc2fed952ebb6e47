import type { Citation } from "../revisions/types";
// What resolve() returns. Errors are values (nothing throws); a reference to the current document
// is its own result, not a string (draft-1997 §5.2 step 2, draft-2003 §5.2 "return
// (current-document, fragment)"); a revision that defines no resolution says so, with the text.
import type { ParseError } from "../errors";
import type { UsageFailure } from "../request";
import type { SpecId } from "../revisions";
import type { UriComponents } from "./uri-components";

export type { Citation } from "../revisions/types";

/** What kind of error a ResolveError is. */
export type ResolveErrorCode =
  /** The base does not parse as an absolute reference of the revision. */
  | "invalid-base"
  /** The reference does not parse as a reference of the revision. */
  | "invalid-reference"
  /** draft-2003 §5.2 merge step 7 with the "error" choice: ".." segments above the root. */
  | "dot-segments-above-root"
  /** rfc2396 §5: a relative reference against a base that does not fit the hier_part syntax (an opaque base). */
  | "unsuitable-base";

/** Why resolve() failed: its code, the section, a sentence (and the parse error). */
export interface ResolveError {
  code: ResolveErrorCode;
  spec: string;
  /** Where the rule that was broken is written. */
  section: string | null;
  message: string;
  /** For invalid-base / invalid-reference: the parse error of the offending input. */
  parseError?: ParseError;
}

/** The kinds of answer resolve() gives: a target URI, the current document, or not-defined (the revision defines no resolution). */
export type ResolveKind = "uri" | "current-document" | "not-defined";

/** A successful answer of resolve(), of each kind. */
export type ResolveSuccess<S extends string = string> =
  /** The target: an absolute reference (or, where the document says "we are done", the reference itself). */
  | { ok: true; kind: "uri"; spec: S; uri: string; components: UriComponents | null }
  /** draft-1997 §5.2 step 2 / draft-2003 §5.2: the reference is to the current document. */
  | { ok: true; kind: "current-document"; spec: S; fragment: string | null }
  /** The revision has no resolution algorithm; the citation says where the document says so. */
  | { ok: true; kind: "not-defined"; spec: S; citation: Citation };

/**
 * What resolve() returns: the target URI and its components, not-defined (with the citation) for a
 * revision that defines no resolution, or the error. A revision's entry (`uri-grammars/rfc3986`) types
 * it with its revision and the kinds its algorithm gives (`ResolveResult<"rfc3986", "uri">`:
 * RESOLUTION_KINDS); the main entry with any.
 */
export type ResolveResult<S extends string = string, K extends ResolveKind = ResolveKind> =
  | Extract<ResolveSuccess<S>, { kind: K }>
  | { ok: false; spec: S; error: ResolveError }
  /** An unknown spec: parse()'s error value. */
  | UsageFailure;

/** How draft-2003 §5.2 merge step 7 treats leading ".." segments: "keep" is what Appendix C uses. */
export type DotSegmentsChoice = "keep" | "remove" | "error";
export const DOT_SEGMENTS_CHOICES: readonly DotSegmentsChoice[] = ["keep", "remove", "error"];

/** The options of resolve(): the revision, strict, and how to treat dot-segments above the root. */
export interface ResolveOptions {
  /** Revision id; default draft-2003. */
  spec?: SpecId | undefined;
  /**
   * draft-2003 §5.2: a validating parser keeps a scheme equal to the base's (`http:g` stays
   * `http:g`); the default, non-validating, ignores it (`http:g` gives `http://a/b/c/g`).
   * rfc3986 §5.2.2 calls the same choice `strict`; there the default is strict (true), since the
   * non-strict reading "should be avoided but is allowed for backward compatibility".
   * rfc2396 §5.2 step 3 allows the work-around ("may") but says "Validating parsers should mark
   * such a misformed relative reference as an error": strict by default.
   * draft-1997 has only the validating behaviour (§5.2 step 3); draft-1993 has no such choice.
   */
  strict?: boolean | undefined;
  /** draft-2003 §5.2 merge step 7's (rfc2396 §5.2 step 6g's) three choices; default "keep". Other revisions ignore it (rfc3986 §5.2.4 always removes). */
  dotSegments?: DotSegmentsChoice | undefined;
}

/** The answer as one line of text: the URI, `(current document)#s`, or `not defined by <spec>`. */
export function resultText(r: ResolveResult): string {
  if (!r.ok) return `error: ${r.error.message}`;
  if (r.kind === "uri") return r.uri;
  if (r.kind === "current-document") return r.fragment === null ? "(current document)" : `(current document)#${r.fragment}`;
  return `not defined by ${r.spec}`;
}

/**
 * The "error" choice for ".." segments above the root, where a document says "the reference is
 * considered to be in error" (draft-2003 §5.2 merge step 7; rfc2396 §5.2 step 6g): `section` is where
 * it says so, `document` how the message names it.
 */
export function dotSegmentsAboveRoot(spec: string, section: string, document: string, base: string, reference: string): ResolveResult {
  return {
    ok: false,
    spec: spec,
    error: {
      code: "dot-segments-above-root",
      spec: spec,
      section: section,
      message: `Resolving "${reference}" against "${base}" leaves ".." segments above the root; ${document} says "the reference is considered to be in error" (the "error" choice was asked for; "keep" and "remove" are the other two).`,
    },
  };
}
