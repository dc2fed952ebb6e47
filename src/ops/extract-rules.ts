// The extractor's own policy, the same for every revision (docs/extract.md); what each revision says
// is revision data: src/revisions/delimiting.ts.
//
// What no document says and we decide (the same for every revision, see docs/extract.md):
// - a bare reference is `scheme://` followed by something, or `scheme:` followed by something for
//   a scheme the documents name without "//" (OPAQUE_SCHEMES); words like "Note:" and a scheme
//   talked about ("a http:// URL") are not references;
// - a wrapped reference (`<...>`, `"..."`) must start with `scheme:` unless "URL:" declares it,
//   because the documents also bracket other designators (`<timbl@info.cern.ch>`, `<cr><lf>`);
// - a closing ")", "]" or "}" (and, where non-ASCII characters stay in a run, a closing typographic
//   quotation mark or CJK bracket) without its opener in the reference, and a closing quote that
//   pairs with one just before the reference, stay outside a bare reference (PAIRED_PUNCTUATION_WHY).

/**
 * Schemes a bare reference may have without "//" after the colon: those the documents name with a
 * form that has no "//" (draft-1993 and rfc1738 `news:`, `mailto:`; draft-1994 `nntp:`, `mid:`,
 * `cid:`, and `urn:` it reserves; draft-2003 §1.3 `mailto:` and `news:`, Appendix G.2 `about:`).
 *
 * @example
 * import { OPAQUE_SCHEMES } from "uri-grammars";
 * OPAQUE_SCHEMES.has("mailto"); // => true
 */
export const OPAQUE_SCHEMES: ReadonlySet<string> = /* @__PURE__ */ new Set(["mailto", "news", "nntp", "mid", "cid", "urn", "about"]);

/** The longest scheme name the extractor looks for (no document bounds it; real ones are short). */
export const MAX_SCHEME_LENGTH = 64;

export const PAIRED_PUNCTUATION_WHY =
  "paired punctuation around the reference: a closing bracket or typographic quotation mark whose opener is not in the reference (), ], }, and where non-ASCII characters stay in a run ”, ’, », 」, 』, ）, 】, 〉, 》), or a closing quote that pairs with the one just before it (\"...\", '...', `...`, `...') (our rule; no document lists these)";
