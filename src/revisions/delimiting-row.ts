// What a revision's row of the delimiting rules is made of (grammar/<spec>/delimiting.ts writes one;
// src/revisions/delimiting.ts gathers them): the types, and the parts several rows share. A module of
// its own, below both, so that the rows and the table that gathers them import it without a cycle.

/** The document's own words, with where they are. */
export interface DelimitingQuote {
  /** The section (or appendix) title as the document gives it. */
  section: string;
  /** Seed file and 1-based line where the quote starts (the 1997 seed's text is its line 5, the 2003 seed's its line 1). */
  seed: string;
  line: number;
  /** Verbatim (for the hard-wrapped Chinese seed: its lines joined without the line breaks). */
  text: string;
  /** Our English rendering, for a quote that is not in English (the RFC 1738 seed is a translation). */
  gloss?: string;
}

/** How a revision treats the "URL:" prefix in text (docs/extract.md). */
export type UrlPrefixStatus =
  /** draft-1994: the PrePrefix is part of the URL (the `prefixedurl` production judges it). */
  | "part-of-url"
  /** rfc1738: recommended, as a wrapper that is not part of the URL. */
  | "recommended"
  /** draft-1997: "was recommended ... although this is not common in pratice". */
  | "formerly-recommended"
  /** draft-2003: "formerly recommended ... and is no longer recommended". */
  | "no-longer-recommended"
  /** draft-1993 says nothing of it: "URL:" is not recognised. */
  | "not-mentioned";

/** A revision's rules for finding references in text: its wrappers, delimiters and URL: prefix (docs/extract.md). */
export interface DelimitingRules {
  spec: string;
  /** One line: what the document says about URLs in running text. */
  summary: string;
  /** The document's words, in document order; empty when it says nothing. */
  quotes: DelimitingQuote[];
  /** Wrappers the revision names. A bare reference ends at whitespace in every revision. */
  wrappers: { angle: boolean; quotes: boolean };
  urlPrefix: {
    status: UrlPrefixStatus;
    /** "URL: http://..." (one space or tab after the prefix) is the prefix too. */
    trailingSpace: boolean;
    /** Shown next to a reference that used the prefix. */
    note: string;
  };
  /** Whitespace inside `<...>`: removed when extracting (recorded as repairs), or kept as text. */
  whitespaceInAngle: "removed" | "kept";
  /** A line break right after "-" inside `<...>`: the hyphen may or may not be part of the URL. */
  hyphenAtLineBreak: "ambiguous" | "not-mentioned";
  /**
   * A "#fragment" inside the wrapper: part of the reference the grammar judges, or associated with
   * the URL but not part of it (the grammar judges the text before "#"; the fragment is reported).
   */
  fragment: "in-reference" | "separate";
  /** Printable ASCII characters that end a bare or quoted run (besides whitespace and controls; non-ASCII: `nonAscii`). */
  runEnds: string;
  /** Why `runEnds` holds what it holds. */
  runEndsWhy: string;
  /**
   * Characters outside US-ASCII in a bare or quoted run: "end", each ends the run (a revision whose
   * references are US-ASCII); "continue", they stay in it (rfc3987 §7.3), except whitespace and the
   * characters of `ends`.
   */
  nonAscii: { run: "end" | "continue"; why: string; ends: string; endsWhy: string };
  /** Trailing characters that stay outside a bare reference, each set with its reason. */
  trailing: {
    /** Sentence punctuation. */
    sentence: string;
    sentenceWhy: string;
    /** Characters the revision's grammar never accepts unescaped (checked by test/extract.test.ts). */
    excluded: string;
    excludedWhy: string;
  };
}

/** The sentence punctuation every row leaves outside a bare reference. */
export const SENTENCE = ".,;:!?";
/** The ideographic comma and full stop, and the full-width comma, full stop, colon, semicolon, exclamation and question marks. */
export const IDEOGRAPHIC_SENTENCE = "\u3001\u3002\uFF0C\uFF0E\uFF1A\uFF1B\uFF01\uFF1F";

/** The revisions whose references are US-ASCII: a non-ASCII character ends a bare or quoted run. */
export const ASCII_REFERENCES: DelimitingRules["nonAscii"] = {
  run: "end",
  why: "the revision's references are US-ASCII, and text in Chinese or with typographic quotes touches a URL without a space (our rule; inside <...> the wrapper delimits and the grammar judges)",
  ends: "",
  endsWhy: "",
};

/**
 * A quote as a row writes it: from the row's own revision's document (its @source) unless `from`
 * names the revision whose document it is (a row that repeats its base's words).
 */
export interface DelimitingRowQuote extends Omit<DelimitingQuote, "seed"> {
  from?: string;
}

/** A revision's row as its folder writes it (grammar/<spec>/delimiting.ts): the spec and the quotes' seeds come from the build. */
export interface DelimitingRow extends Omit<DelimitingRules, "spec" | "quotes"> {
  quotes: DelimitingRowQuote[];
}

/**
 * The rows of `base`'s quotes as another revision's row repeats them: each names `base` as the
 * document it is from.
 */
export function quotesOf(base: string, row: DelimitingRow): DelimitingRowQuote[] {
  return row.quotes.map((q) => ({ from: base, ...q }));
}

