/** One rule of a revision's grammar, read from the annotation comments of grammar/<spec>.peggy. */
export interface RuleInfo {
  /** The rule's name in the .peggy file (peggy cannot spell `-` or `+`). */
  pegName: string;
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
}
