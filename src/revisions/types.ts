/** A passage of a document, quoted where it says that it defines no such thing (draft-1994, rfc1738: no resolution). */
export interface Citation {
  spec: string;
  /** The section (or heading) of the document. */
  section: string;
  /** The seed file the quotation comes from, and its line when the seed has lines. */
  seed: string;
  line?: number;
  /** The document's words, verbatim. */
  quote: string;
  /** An English rendering when the seed is a translation. */
  translation?: string;
  /**
   * When the seed is a translation (RFC 1738's is Chinese): which, and the same words in the
   * document as published (a file of ../shared/references), which a reader should be shown first.
   */
  translated?: { language: string; original: { file: string; line: number; section: string; quote: string } };
}

/**
 * The relative-resolution algorithms of src/ops, named by the document and section that define
 * them. A revision's descriptor names the one it follows, or cites its words for having none.
 * "URL Standard §4.4" is the WHATWG URL Standard's basic URL parser with a base URL, which its
 * descriptor supplies (Revision.resolution.byParser).
 */
export type ResolutionAlgorithm = "draft-1993 Partial form" | "rfc1630 Partial form" | "rfc1808 §4" | "draft-1997 §5.2" | "rfc2396 §5.2" | "draft-2003 §5.2" | "rfc3986 §5.2" | "URL Standard §4.4";

/** The normalization algorithms of src/ops (ladders for comparison), named by document and section. */
export type NormalizationAlgorithm = "draft-1997 §6" | "rfc2396 §6" | "draft-2003 §6.2" | "rfc3986 §6.2";

/** One rule of a revision's grammar, read from the annotation comments of grammar/<spec>/grammar.peggy. */
export interface RuleInfo {
  /** The rule's name in the .peggy file (peggy cannot spell `-` or `+`). */
  pegName: string;
  /**
   * The check its match must pass once the input has parsed (the grammar's `@predicate NAME`: what
   * the document states in words no grammar states, the WHATWG URL Standard's "valid domain"); the
   * descriptor's `predicates` holds the function. Absent for a rule without one.
   */
  predicate?: string;
  /** The name as the document publishes it (`URI-reference`); null for helper rules. */
  published: string | null;
  /** `published`: a rule of the document; `core`: imported from the notation (RFC 2234 core rules); `helper`: ours. */
  kind: "published" | "core" | "helper";
  /** Where the document defines it (`§3.2.2`, `Appendix A (§4.3.1)`). */
  section: string | null;
  /** The rule as published, one entry per line. */
  text: string[];
  /** Why the PEG transcription differs in shape from the published rule (empty: same shape). */
  peg: string[];
  /** Deliberate repairs of garbled source text, each with the seed's own words. */
  repairs: { repair: string; seed: string }[];
  /** The rules its PEG transcription refers to (published names; helpers by their own), read from the grammar by the build. */
  uses: string[];
}
