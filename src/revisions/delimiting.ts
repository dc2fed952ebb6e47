// How each revision says to delimit a URL in running text: one row per revision, revision data
// read by src/ops/extract.ts, which never branches on a spec id (what every revision shares, the
// extractor's own policy, is in src/ops/extract-rules.ts). Each row quotes the document's own words
// (the seeds under ../shared/seeds; test/extract.test.ts checks every quote against its seed) and
// records what follows from them:
//
// - which wrappers the revision names (`<...>`, `"..."`; whitespace always ends a bare reference);
// - what it says of the prefix "URL:" (part of the URL, recommended, formerly recommended, no
//   longer recommended, not mentioned) and whether a space may follow it;
// - whether whitespace inside `<...>` is removed when extracting, and the hyphen-at-line-break rule;
// - whether a "#fragment" inside the wrapper is part of the reference the grammar judges;
// - which characters end a bare run, and which trailing characters stay outside a bare reference,
//   and why (the document's advice, or the revision's grammar, which never accepts them).
//

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

const SENTENCE = ".,;:!?";
/** The ideographic comma and full stop, and the full-width comma, full stop, colon, semicolon, exclamation and question marks. */
const IDEOGRAPHIC_SENTENCE = "\u3001\u3002\uFF0C\uFF0E\uFF1A\uFF1B\uFF01\uFF1F";

/** The revisions whose references are US-ASCII: a non-ASCII character ends a bare or quoted run. */
const ASCII_REFERENCES: DelimitingRules["nonAscii"] = {
  run: "end",
  why: "the revision's references are US-ASCII, and text in Chinese or with typographic quotes touches a URL without a space (our rule; inside <...> the wrapper delimits and the grammar judges)",
  ends: "",
  endsWhy: "",
};

// The advice the three later documents give for leaving punctuation outside.
const ADVICE_1997 = 'draft-1997 Appendix E: "in particular from punctuation marks that might be mistaken for part of the URL"';
const ADVICE_2003 = 'draft-2003 Appendix E: "in particular from punctuation marks that might be mistaken for part of the URI"';

const SEED_1993 = "000_8d5ef9870e7fee48.txt";
const SEED_1997 = "001_a5df19b9d0d91704.txt";
const SEED_1738 = "002_3376c89374b224fa.txt";
const SEED_2003 = "003_7726d06446aa98af.txt";
const SEED_1994 = "004_06ae430307648ea6.txt";
/** RFC 3986 is not a seed: its text is ../shared/references/rfc3986.txt (a path relative to the seeds, as SpecInfo.seed gives it). */
const SEED_3986 = "../references/rfc3986.txt";
/** RFC 1630 and RFC 1808, likewise: ../shared/references/. */
const SEED_1630 = "../references/rfc1630.txt";
const SEED_1808 = "../references/rfc1808.txt";
const SEED_2396 = "../references/rfc2396.txt";
const ADVICE_2396 = 'rfc2396 Appendix E: "in particular from punctuation marks that might be mistaken for part of the URI"';
/** RFC 3987, likewise: ../shared/references/rfc3987.txt. */
const SEED_3987 = "../references/rfc3987.txt";
const ADVICE_3986 = 'rfc3986 Appendix C: "in particular from punctuation marks that might be mistaken for part of the URI"';

/**
 * Each revision's rules for delimiting a URL in running text (wrappers, the characters that end a
 * run, trailing punctuation), with the document's words for each.
 *
 * @example
 * import { DELIMITING_RULES } from "uri-grammars";
 * DELIMITING_RULES.map((r) => r.spec); // => ["draft-1993", "draft-1994", "rfc1630", "rfc1738", "rfc1808", "draft-1997", "rfc2396", "rfc2732", "draft-2003", "rfc3986", "rfc3987", "rfc6874"]
 */
export const DELIMITING_RULES: readonly DelimitingRules[] = /* @__PURE__ */ delimitingTable();

/**
 * The rows of DELIMITING_RULES. A function called once, marked pure, rather than a literal: rows
 * spread shared parts (`...RFC3986_ROW`), which a bundler cannot prove free of effects in a literal,
 * so a page that never reads the table would carry it.
 */
function delimitingTable(): DelimitingRules[] {
  /** RFC 3986 Appendix C: rfc3986's row, which rfc3987 and rfc6874 build on. */
  const RFC3986_ROW: DelimitingRules = {
    spec: "rfc3986",
    summary:
      'Appendix C: as draft-2003 (quotes, angle brackets, whitespace; whitespace ignored; hyphen may or may not belong; "URL:" no longer recommended); it says nothing of a fragment in the brackets, and a URI-reference holds its fragment.',
    quotes: [
      {
        section: "Appendix C. Delimiting a URI in Context",
        seed: SEED_3986,
        line: 2842,
        text: "In such cases, it is important to be able to delimit the URI from the rest of the text, and in particular from punctuation marks that might be mistaken for part of the URI.",
      },
      {
        section: "Appendix C. Delimiting a URI in Context",
        seed: SEED_3986,
        line: 2847,
        text: 'In practice, URIs are delimited in a variety of ways, but usually within double-quotes "http://example.com/", angle brackets <http://example.com/>, or just by using whitespace:',
      },
      {
        section: "Appendix C. Delimiting a URI in Context",
        seed: SEED_3986,
        line: 2860,
        text: "These wrappers do not form part of the URI.",
      },
      {
        section: "Appendix C. Delimiting a URI in Context",
        seed: SEED_3986,
        line: 2862,
        text: "In some cases, extra whitespace (spaces, line-breaks, tabs, etc.) may have to be added to break a long URI across lines. The whitespace should be ignored when the URI is extracted.",
      },
      {
        section: "Appendix C. Delimiting a URI in Context",
        seed: SEED_3986,
        line: 2866,
        text: 'No whitespace should be introduced after a hyphen ("-") character. Because some typesetters and printers may (erroneously) introduce a hyphen at the end of line when breaking it, the interpreter of a URI containing a line break immediately after a hyphen should ignore all whitespace around the line break and should be aware that the hyphen may or may not actually be part of the URI.',
      },
      {
        section: "Appendix C. Delimiting a URI in Context",
        seed: SEED_3986,
        line: 2873,
        text: 'Using <> angle brackets around each URI is especially recommended as a delimiting style for a reference that contains embedded whitespace. The prefix "URL:" (with or without a trailing space) was formerly recommended as a way to help distinguish a URI from other bracketed designators, though it is not commonly used in practice and is no longer recommended. For robustness, software that accepts user-typed URI should attempt to recognize and strip both delimiters and embedded whitespace.',
      },
    ],
    wrappers: { angle: true, quotes: true },
    urlPrefix: {
      status: "no-longer-recommended",
      trailingSpace: true,
      note: 'rfc3986 Appendix C: the prefix "URL:" "was formerly recommended ... and is no longer recommended"',
    },
    whitespaceInAngle: "removed",
    hyphenAtLineBreak: "ambiguous",
    fragment: "in-reference",
    nonAscii: ASCII_REFERENCES,
    runEnds: '<>"',
    runEndsWhy: 'the Appendix C wrappers ("<" ">" and double quotes), which are in neither reserved (§2.2) nor unreserved (§2.3): never part of a URI',
    trailing: {
      sentence: SENTENCE,
      sentenceWhy: `sentence punctuation: ${ADVICE_3986}`,
      // "[" and "]" are not here: rfc3986 accepts them around an IP-literal (the paired rule leaves an
      // unmatched "]" outside).
      excluded: "\\^`{|}",
      excludedWhy: "never part of an rfc3986 URI: in neither reserved (§2.2) nor unreserved (§2.3)",
    },
  };

  /** RFC 2396 Appendix E: rfc2396's row, which rfc2732 keeps. */
  const RFC2396_ROW: DelimitingRules = {
    spec: "rfc2396",
    summary:
      'Appendix E: draft-1997\'s words for URI (quotes, angle brackets, whitespace; fragment inside; whitespace ignored; hyphen may or may not belong; "URL:" "was recommended" but is not common).',
    quotes: [
      {
        section: "E. Recommendations for Delimiting URI in Context",
        seed: SEED_2396,
        line: 1855,
        text: "In such cases, it is important to be able to delimit the URI from the rest of the text, and in particular from punctuation marks that might be mistaken for part of the URI.",
      },
      {
        section: "E. Recommendations for Delimiting URI in Context",
        seed: SEED_2396,
        line: 1859,
        text: 'In practice, URI are delimited in a variety of ways, but usually within double-quotes "http://test.com/", angle brackets <http://test.com/>, or just using whitespace http://test.com/ These wrappers do not form part of the URI.',
      },
      {
        section: "E. Recommendations for Delimiting URI in Context",
        seed: SEED_2396,
        line: 1867,
        text: 'In the case where a fragment identifier is associated with a URI reference, the fragment would be placed within the brackets as well (separated from the URI with a "#" character).',
      },
      {
        section: "E. Recommendations for Delimiting URI in Context",
        seed: SEED_2396,
        line: 1871,
        text: "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need to be added to break long URI across lines. The whitespace should be ignored when extracting the URI.",
      },
      {
        section: "E. Recommendations for Delimiting URI in Context",
        seed: SEED_2396,
        line: 1875,
        text: 'No whitespace should be introduced after a hyphen ("-") character. Because some typesetters and printers may (erroneously) introduce a hyphen at the end of line when breaking a line, the interpreter of a URI containing a line break immediately after a hyphen should ignore all unescaped whitespace around the line break, and should be aware that the hyphen may or may not actually be part of the URI.',
      },
      {
        section: "E. Recommendations for Delimiting URI in Context",
        seed: SEED_2396,
        line: 1882,
        text: 'Using <> angle brackets around each URI is especially recommended as a delimiting style for URI that contain whitespace. The prefix "URL:" (with or without a trailing space) was recommended as a way to used to help distinguish a URL from other bracketed designators, although this is not common in practice. For robustness, software that accepts user-typed URI should attempt to recognize and strip both delimiters and embedded whitespace.',
      },
    ],
    wrappers: { angle: true, quotes: true },
    urlPrefix: {
      status: "formerly-recommended",
      trailingSpace: true,
      note: 'rfc2396 Appendix E: the prefix "URL:" "was recommended ... although this is not common in practice"',
    },
    whitespaceInAngle: "removed",
    hyphenAtLineBreak: "ambiguous",
    fragment: "in-reference",
    nonAscii: ASCII_REFERENCES,
    runEnds: '<>"',
    runEndsWhy: 'rfc2396 §2.4.3 `delims` ("<" | ">" | "#" | "%" | <">): excluded from URI, and the Appendix E wrappers',
    trailing: {
      sentence: SENTENCE,
      sentenceWhy: `sentence punctuation: ${ADVICE_2396}`,
      excluded: "[\\]^`{|}",
      excludedWhy: "never part of an rfc2396 URI: `unwise` (§2.4.3), excluded",
    },
  };

  return [
    {
      spec: "draft-1993",
      summary:
        "Says nothing about URLs in running text: no wrapper, no \"URL:\", no line-break repair; only that spaces are not legal in a URL because mail and narrow columns introduce them. Extraction: bare references ended by whitespace, nothing repaired.",
      quotes: [
        {
          section: "Choices",
          seed: SEED_1993,
          line: 142,
          text: "The use of white space characters has been avoided in URLs: spaces are not legal characters. This was done because of the frequent introduction of extraneous white space when lines are wrapped by systems such as mail, or sheer necessity of narrow column width, and because of the inter-conversion of various forms of white space which occurs during character code conversion and the transfer of text between applications.",
        },
        {
          section: "BNF syntax",
          seed: SEED_1993,
          line: 287,
          text: "Spaces are representational only: no spaces are actually allowed within a URL.",
        },
      ],
      wrappers: { angle: false, quotes: false },
      urlPrefix: { status: "not-mentioned", trailingSpace: false, note: 'draft-1993 does not mention a "URL:" prefix' },
      whitespaceInAngle: "kept",
      hyphenAtLineBreak: "not-mentioned",
      fragment: "in-reference",
      nonAscii: ASCII_REFERENCES,
      runEnds: '<>"',
      runEndsWhy: 'no draft-1993 rule accepts "<", ">" or a double quote (xalpha has neither)',
      trailing: {
        sentence: SENTENCE,
        sentenceWhy: "sentence punctuation: draft-1993 gives no advice; we leave it outside as the later documents advise",
        excluded: "'[\\]`{|}~",
        excludedWhy: "never part of a draft-1993 URL: no rule of its BNF accepts it (xalpha, xpalpha)",
      },
    },
    {
      spec: "draft-1994",
      summary:
        'Recommends angle brackets as a wrapper that is not part of the URL; "URL:" is the PrePrefix, part of the URL itself (prefixedurl); says nothing about whitespace, hyphens or punctuation.',
      quotes: [
        {
          section: "URL syntax",
          seed: SEED_1994,
          line: 35,
          text: "Fragment identifiers and partial URLs are not involved in the basic URL definition.",
        },
        {
          section: "PrePrefix",
          seed: SEED_1994,
          line: 39,
          text: 'To be a Uniform Resource Locator as currently defined by the URI working group, the whole string must start with a constant prefix "URL:". Note that to save space in this document, some URLs may have been quoted throughout without this preprefix.',
        },
        {
          section: "BNF for specific URL schemes",
          seed: SEED_1994,
          line: 310,
          text: "The current IETF URI working group preference is for the prefixedurl production. (Nov 1993. July 93: url).",
        },
        {
          section: "BNF for specific URL schemes",
          seed: SEED_1994,
          line: 312,
          text: 'The "national" and "punctuation" characters do not appear in any productions and therefore may not appear in URLs.',
        },
        {
          section: "Wrappers for URIs in plain text",
          seed: SEED_1994,
          line: 473,
          text: "In this case, it is convenient to have a separate wrapper syntax to define delimiters which will enable the human or automated reader to recognize that the URI is a URI.",
        },
        {
          section: "Wrappers for URIs in plain text",
          seed: SEED_1994,
          line: 475,
          text: "The recommendation is that the angle brackets (less than and greater than signs) of the ASCII set be used for this purpose.",
        },
        {
          section: "Wrappers for URIs in plain text",
          seed: SEED_1994,
          line: 477,
          text: "These wrappers do not form part of the URL, are not mandatory, and should not be used in contexts (such as SGML parameters, HTTP requests, etc) in which delimiters are already specified.",
        },
      ],
      wrappers: { angle: true, quotes: false },
      urlPrefix: {
        status: "part-of-url",
        trailingSpace: false,
        note: 'draft-1994 PrePrefix: "URL:" is part of the URL ("the whole string must start with a constant prefix "URL:""); judged by prefixedurl',
      },
      whitespaceInAngle: "kept",
      hyphenAtLineBreak: "not-mentioned",
      // "Fragment identifiers and partial URLs are not involved in the basic URL definition" (URL syntax).
      fragment: "separate",
      nonAscii: ASCII_REFERENCES,
      runEnds: "<>",
      runEndsWhy: 'draft-1994 `punctuation` = "< | >", which "may not appear in URLs"; a double quote is `extra`, a URL character, so it does not end a run',
      trailing: {
        sentence: SENTENCE,
        sentenceWhy: "sentence punctuation: draft-1994 only says wrappers help a reader \"recognize that the URI is a URI\"; we leave it outside as the later documents advise",
        excluded: "[\\]^`{|}~",
        excludedWhy: 'never part of a draft-1994 URL: `national` ("{ | } | vline | [ | ] | \\ | ^ | ~"), which "may not appear in URLs", and "`", which no rule has',
      },
    },
    {
      spec: "rfc1630",
      summary:
        "Says nothing about URIs in running text: no wrapper, no \"URL:\", no line-break repair; only that white space is risky in printed or mailed URIs, which is why the canonical form encodes it. Extraction: bare references ended by whitespace, nothing repaired.",
      quotes: [
        {
          section: "Design Criteria and Choices (Choices for a universal syntax)",
          seed: SEED_1630,
          line: 252,
          text: "The use of white space characters is risky in URIs to be printed or sent by electronic mail, and the use of multiple white space characters is very risky. This is because of the frequent introduction of extraneous white space when lines are wrapped by systems such as mail, or sheer necessity of narrow column width, and because of the inter-conversion of various forms of white space which occurs during character code conversion and the transfer of text between applications. This is why the canonical form for URIs has all white spaces encoded.",
        },
      ],
      wrappers: { angle: false, quotes: false },
      urlPrefix: { status: "not-mentioned", trailingSpace: false, note: 'rfc1630 does not mention a "URL:" prefix (its "url:" is a scheme, prefixedurl)' },
      whitespaceInAngle: "kept",
      hyphenAtLineBreak: "not-mentioned",
      fragment: "in-reference",
      nonAscii: ASCII_REFERENCES,
      runEnds: "<>",
      runEndsWhy: 'rfc1630 `punctuation` ("<" | ">"): no rule accepts them (a double quote is `extra`, an xalpha)',
      trailing: {
        sentence: SENTENCE,
        sentenceWhy: "sentence punctuation: rfc1630 gives no advice; we leave it outside as the later documents advise",
        excluded: "[\\]^`{|}~",
        excludedWhy: "never part of an rfc1630 URI: `national` (and the backquote, in no class), which no rule accepts",
      },
    },
    {
      spec: "rfc1738",
      summary:
        'Recommends "URL:" inside angle brackets, <URL:...>, neither part of the URL; a fragment goes inside the brackets; whitespace added to break a long URL is ignored; a hyphen at a line break may or may not belong (the seed is a Chinese translation).',
      quotes: [
        {
          section: "2.2 URL字符编码 (unsafe characters)",
          seed: SEED_1738,
          line: 97,
          text: "字符不安全的原因很多。空格字符就是不安全的,因为URL在被转录或者被排版或者被字处理程序处理后其中重要的空格可能被忽略,而可忽略的空格却有可能被解释了。“<”和“>”字符也是不安全的,因为它们被用来作为URL在文本中的分隔符;而在有些系统中用引号“\"”来界定URL。",
          gloss:
            'There are many reasons why characters are unsafe. The space character is unsafe because significant spaces may disappear and insignificant spaces may be introduced when URLs are transcribed, typeset or put through word processing. "<" and ">" are unsafe because they are used as the delimiters around URLs in free text; the quote mark """ is used to delimit URLs in some systems.',
        },
        {
          section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
          seed: SEED_1738,
          line: 609,
          text: "在有些情况下,有必要区分URL和语法结构中其他可能的数据结构。在这种情况下,建议在URL之前加上一个有字符“URL:”组成的前缀,这个前缀可以用来把URL和其它种类的URI区分开。",
          gloss:
            'In some cases it is necessary to distinguish URLs from other possible data structures in a syntactic structure. In this case it is recommended to put before the URL a prefix made of the characters "URL:"; this prefix can be used to distinguish URLs from other kinds of URI.',
        },
        {
          section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
          seed: SEED_1738,
          line: 613,
          text: "此外,其它种类的文字中包含URL的情况也很常见。例如包含在电子邮件中,USENET 新闻消息中或者印在纸上。在这些情况下,可以很方便的用一个单独的语法分隔符号来分隔URL并把它和文字的其它部分相分离。在一些特殊情况下,标点符号标记可能会造成URL的其它部分出错。因为这个原因,建议使用尖括号(“<”和“>”)并使用“URL:”前缀来界定URL。这些界定符号不会出现在URL中,也不应该出现在指定这个界定符的上下文中。",
          gloss:
            'Besides, URLs are often included in other kinds of text, for example in electronic mail, USENET news messages, or printed on paper. In these cases it is convenient to use a separate syntactic delimiter to delimit the URL and separate it from the rest of the text. In some particular cases punctuation marks may cause errors in the rest of the URL [the translation of "punctuation marks that might be mistaken for part of the URL"]. For this reason it is recommended to use angle brackets ("<" and ">") together with the "URL:" prefix to delimit the URL. These delimiters do not appear in the URL, and should not appear in contexts that specify their own delimiters.',
        },
        {
          section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
          seed: SEED_1738,
          line: 619,
          text: "在一个“片断/锚点”(fragment/anchor)标志符和一个URL(在一个“#”之后)相关联的情况下,这个标志符也应该放到括号中。",
          gloss: 'Where a "fragment/anchor" identifier is associated with a URL (after a "#"), the identifier should be put inside the brackets too.',
        },
        {
          section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
          seed: SEED_1738,
          line: 621,
          text: "在有些情况下,需要加一些额外的空白(空格,回车,制表符等)来打断那些超过一行的长URL。在提取URL时这些空白应该被忽略。",
          gloss: "In some cases extra whitespace (spaces, line breaks, tabs, etc.) has to be added to break a long URL across lines. This whitespace should be ignored when extracting the URL.",
        },
        {
          section: "附录:上下文URL的推荐标准 (Appendix: Recommendations for URLs in Context)",
          seed: SEED_1738,
          line: 623,
          text: "在连字符(“-”)后不应该加入空白。因为有些排字机和打印机在打断一行是可能会(错误地)在行末加入一个连字符,解释程序在解释一个在连字符后包含一个行中断的URL时应该忽略行中断左右所有未编码的空白,并且应该注意到连字符可能是也可能不是URL的一个部分。",
          gloss:
            'No whitespace should be added after a hyphen ("-"). Because some typesetters and printers may (wrongly) add a hyphen at the end of a line when breaking it, an interpreter reading a URL that contains a line break after a hyphen should ignore all unencoded whitespace around the line break, and should be aware that the hyphen may or may not be part of the URL.',
        },
      ],
      wrappers: { angle: true, quotes: true },
      urlPrefix: {
        status: "recommended",
        trailingSpace: false,
        note: 'rfc1738 Appendix: "URL:" is the recommended prefix (<URL:...>), not part of the URL',
      },
      whitespaceInAngle: "removed",
      hyphenAtLineBreak: "ambiguous",
      // The appendix puts the fragment inside the brackets, "associated with" the URL; the rfc1738
      // grammar has no fragment (httpurl stops before "#", an unsafe character).
      fragment: "separate",
      nonAscii: ASCII_REFERENCES,
      runEnds: '<>"',
      runEndsWhy: 'rfc1738 §2.2: "<", ">" and """ are unsafe, used to delimit URLs in text; no rule accepts them',
      trailing: {
        sentence: SENTENCE,
        sentenceWhy: "sentence punctuation: the rfc1738 appendix recommends wrappers because of punctuation marks (in the English original, \"punctuation marks that might be mistaken for part of the URL\")",
        excluded: "[\\]^`{|}~",
        excludedWhy: "never part of an rfc1738 URL: unsafe (§2.2) and `national` (§5), accepted by no rule",
      },
    },
    {
      spec: "rfc1808",
      summary:
        'Says nothing about URLs in running text; the one delimited URL it writes is the Base header\'s, "<URL:" absoluteURL ">", with whitespace inside the brackets ignored (§3.1), which extraction follows: <URL:...> and <...>, whitespace inside removed, nothing said of quotes or hyphens.',
      quotes: [
        {
          section: "3.1. Base URL within Document Content",
          seed: SEED_1808,
          line: 435,
          text: 'base-header = "Base" ":" "<URL:" absoluteURL ">"',
        },
        {
          section: "3.1. Base URL within Document Content",
          seed: SEED_1808,
          line: 437,
          text: 'where "Base" is case-insensitive and any whitespace (including that used for line folding) inside the angle brackets is ignored.',
        },
      ],
      wrappers: { angle: true, quotes: false },
      urlPrefix: { status: "recommended", trailingSpace: false, note: 'rfc1808 §3.1: the Base header writes its URL as "<URL:" absoluteURL ">"' },
      whitespaceInAngle: "removed",
      hyphenAtLineBreak: "not-mentioned",
      fragment: "in-reference",
      nonAscii: ASCII_REFERENCES,
      runEnds: '<>"',
      runEndsWhy: 'rfc1808 §2.2 `punctuation` ("<" | ">" | "#" | "%" | <">): no rule accepts "<", ">" or a double quote unescaped',
      trailing: {
        sentence: SENTENCE,
        sentenceWhy: "sentence punctuation: rfc1808 gives no advice; we leave it outside as the later documents advise",
        excluded: "[\\]^`{|}~",
        excludedWhy: "never part of an rfc1808 URL: `national` (§2.2), which no rule accepts",
      },
    },
    {
      spec: "draft-1997",
      summary:
        'Appendix E: double quotes, angle brackets or whitespace delimit a URL, none part of it; the fragment goes inside; whitespace is ignored when extracting; a hyphen at a line break may or may not belong; "URL:" "was recommended" but is not common.',
      quotes: [
        {
          section: "E. Recommendations for Delimiting URLs in Context",
          seed: SEED_1997,
          line: 5,
          text: "In such cases, it is important to be able to delimit the URL from the rest of the text, and in particular from punctuation marks that might be mistaken for part of the URL. In practice, URLs are delimited in a variety of ways, but usually within double-quotes \"http://test.com/\", angle brackets <http://test.com/>, or just using whitespace http://test.com/ These wrappers do not form part of the URL.",
        },
        {
          section: "E. Recommendations for Delimiting URLs in Context",
          seed: SEED_1997,
          line: 5,
          text: 'In the case where a fragment identifier is associated with a URL reference, the fragment would be placed within the brackets as well (separated from the URL with a "#" character).',
        },
        {
          section: "E. Recommendations for Delimiting URLs in Context",
          seed: SEED_1997,
          line: 5,
          text: "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need to be added to break long URLs across lines. The whitespace should be ignored when extracting the URL.",
        },
        {
          section: "E. Recommendations for Delimiting URLs in Context",
          seed: SEED_1997,
          line: 5,
          text: 'No whitespace should be introduced after a hyphen ("-") character. Because some typesetters and printers may (erroneously) introduce a hyphen at the end of line when breaking a line, the interpreter of a URL containing a line break immediately after a hyphen should ignore all unescaped whitespace around the line break, and should be aware that the hyphen may or may not actually be part of the URL.',
        },
        {
          section: "E. Recommendations for Delimiting URLs in Context",
          seed: SEED_1997,
          line: 5,
          text: 'Using <> angle brackets around each URL is especially recommended as a delimiting style for URLs that contain whitespace. The prefix "URL:" (with or without a trailing space) was recommended as a way to used to help distinguish a URL from other bracketed designators, although this is not common in pratice. For robustness, software that accepts user-typed URLs should attempt to recognize and strip both delimiters and embedded whitespace.',
        },
      ],
      wrappers: { angle: true, quotes: true },
      urlPrefix: {
        status: "formerly-recommended",
        trailingSpace: true,
        note: 'draft-1997 Appendix E: the prefix "URL:" "was recommended ... although this is not common in pratice"',
      },
      whitespaceInAngle: "removed",
      hyphenAtLineBreak: "ambiguous",
      fragment: "in-reference",
      nonAscii: ASCII_REFERENCES,
      runEnds: '<>"',
      runEndsWhy: 'draft-1997 §2.4.3 `delims` ("<" | ">" | "#" | "%" | <">): excluded from URLs, and the Appendix E wrappers',
      trailing: {
        sentence: SENTENCE,
        sentenceWhy: `sentence punctuation: ${ADVICE_1997}`,
        excluded: "[\\]^`{|}",
        excludedWhy: "never part of a draft-1997 URL: `unwise` (§2.4.3), excluded",
      },
    },
    RFC2396_ROW,
    {
      ...RFC2396_ROW,
      spec: "rfc2732",
      summary:
        "RFC 2732 says nothing of URIs in running text; RFC 2396 Appendix E stays as it is, and the brackets RFC 2732 §3 (3) moves from unwise to reserved may end a reference (`http://[::1]/`).",
      trailing: {
        ...RFC2396_ROW.trailing,
        excluded: "\\^`{|}",
        excludedWhy: 'never part of an rfc2732 URI: `unwise` (RFC 2396 §2.4.3) as RFC 2732 §3 (3) leaves it, "{" | "}" | "|" | "\\" | "^" | "`"',
      },
    },
    {
      spec: "draft-2003",
      summary:
        'Appendix E: as draft-1997 (quotes, angle brackets, whitespace; fragment inside; whitespace ignored; hyphen may or may not belong), but "URL:" is "no longer recommended".',
      quotes: [
        {
          section: "Appendix E. Recommendations for Delimiting URI in Context",
          seed: SEED_2003,
          line: 1,
          text: "In such cases, it is important to be able to delimit the URI from the rest of the text, and in particular from punctuation marks that might be mistaken for part of the URI. In practice, URI are delimited in a variety of ways, but usually within double-quotes \"http://example.com/\", angle brackets , or just using whitespace http://example.com/ These wrappers do not form part of the URI.",
        },
        {
          section: "Appendix E. Recommendations for Delimiting URI in Context",
          seed: SEED_2003,
          line: 1,
          text: 'In the case where a fragment identifier is associated with a URI reference, the fragment would be placed within the brackets as well (separated from the URI with a "#" character).',
        },
        {
          section: "Appendix E. Recommendations for Delimiting URI in Context",
          seed: SEED_2003,
          line: 1,
          text: "In some cases, extra whitespace (spaces, linebreaks, tabs, etc.) may need to be added to break a long URI across lines. The whitespace should be ignored when extracting the URI.",
        },
        {
          section: "Appendix E. Recommendations for Delimiting URI in Context",
          seed: SEED_2003,
          line: 1,
          text: 'No whitespace should be introduced after a hyphen ("-") character. Because some typesetters and printers may (erroneously) introduce a hyphen at the end of line when breaking a line, the interpreter of a URI containing a line break immediately after a hyphen should ignore all unescaped whitespace around the line break, and should be aware that the hyphen may or may not actually be part of the URI.',
        },
        {
          section: "Appendix E. Recommendations for Delimiting URI in Context",
          seed: SEED_2003,
          line: 1,
          text: 'Using <> angle brackets around each URI is especially recommended as a delimiting style for a URI that contains whitespace. The prefix "URL:" (with or without a trailing space) was formerly recommended as a way to help distinguish a URI from other bracketed designators, though it is not commonly used in practice and is no longer recommended. For robustness, software that accepts user-typed URI should attempt to recognize and strip both delimiters and embedded whitespace.',
        },
      ],
      wrappers: { angle: true, quotes: true },
      urlPrefix: {
        status: "no-longer-recommended",
        trailingSpace: true,
        note: 'draft-2003 Appendix E: the prefix "URL:" "was formerly recommended ... and is no longer recommended"',
      },
      whitespaceInAngle: "removed",
      hyphenAtLineBreak: "ambiguous",
      fragment: "in-reference",
      nonAscii: ASCII_REFERENCES,
      runEnds: '<>"',
      runEndsWhy: 'draft-2003 §2.4.3 `delims` ("<" / ">" / "#" / "%" / DQUOTE): excluded from URIs, and the Appendix E wrappers',
      trailing: {
        sentence: SENTENCE,
        sentenceWhy: `sentence punctuation: ${ADVICE_2003}`,
        // "[" and "]" are not here: draft-2003 accepts them around an IPv6 literal (the paired rule
        // leaves an unmatched "]" outside).
        excluded: "\\^`{|}",
        excludedWhy: "never part of a draft-2003 URI: `unwise` (§2.4.3), excluded",
      },
    },
    RFC3986_ROW,
    {
      ...RFC3986_ROW,
      spec: "rfc3987",
      summary:
        'RFC 3987 §7.3: software that finds URIs in plain text must take "the IRI syntax as a base for heuristics", so a non-ASCII character does not end an IRI; §4.1: bidi formatting characters around an IRI are not part of it. The rest is RFC 3986 Appendix C, which RFC 3987 does not restate (quotes, angle brackets, whitespace; whitespace ignored; hyphen may or may not belong; "URL:" no longer recommended).',
      quotes: [
        {
          section: "4.1. Logical Storage and Visual Presentation",
          seed: SEED_3987,
          line: 966,
          text: "The bidirectional formatting characters that may be used before or after the IRI to ensure correct display are not themselves part of the IRI. IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO, RLO, and PDF).",
        },
        {
          section: "7.3. URI/IRI Transfer between Applications",
          seed: SEED_3987,
          line: 1833,
          text: "Many applications, particularly mail user agents, try to detect URIs appearing in plain text. For this, they use some heuristics based on URI syntax.",
        },
        {
          section: "7.3. URI/IRI Transfer between Applications",
          seed: SEED_3987,
          line: 1849,
          text: "Such applications have to be upgraded to use the IRI syntax as a base for heuristics. In particular, a non-ASCII character should not be taken as the indication of the end of an IRI.",
        },
        ...RFC3986_ROW.quotes,
      ],
      nonAscii: {
        run: "continue",
        why: 'rfc3987 §7.3: "a non-ASCII character should not be taken as the indication of the end of an IRI"',
        // LRM, RLM, LRE, RLE, PDF, LRO, RLO: the seven §4.1 names.
        ends: "\u200E\u200F\u202A\u202B\u202C\u202D\u202E",
        endsWhy: 'rfc3987 §4.1: "The bidirectional formatting characters that may be used before or after the IRI to ensure correct display are not themselves part of the IRI"',
      },
      runEndsWhy: 'the RFC 3986 Appendix C wrappers ("<" ">" and double quotes), in neither reserved nor iunreserved (RFC 3987 §2.2): never part of an IRI',
      trailing: {
        sentence: SENTENCE + IDEOGRAPHIC_SENTENCE,
        sentenceWhy: `sentence punctuation: ${ADVICE_3986}; RFC 3987 adds no advice of its own. With non-ASCII characters inside a run, the ideographic and full-width marks (、。，．：；！？) are such punctuation too (our rule)`,
        excluded: "\\^`{|}",
        excludedWhy: "never part of an rfc3987 IRI: in neither reserved nor iunreserved (§2.2)",
      },
    },
    {
      ...RFC3986_ROW,
      spec: "rfc6874",
      summary:
        "RFC 6874 says nothing of URIs in running text (its §3 is about a browser's input box, which `lint` reports); RFC 3986 Appendix C, which it amends nothing of, stays as it is.",
      trailing: { ...RFC3986_ROW.trailing, excludedWhy: "never part of an rfc6874 URI: in neither reserved (RFC 3986 §2.2) nor unreserved (§2.3); a ZoneID adds no character (RFC 6874 §2)" },
    },
  ];
}

/**
 * The rules for a revision without a row (a revision added to the registry later): what draft-1993
 * gets, the minimum every document implies (whitespace ends a URL), with a note saying so.
 */
export const NO_DELIMITING_RULES: Omit<DelimitingRules, "spec"> = {
  summary: "No delimiting rules recorded for this revision (src/revisions/delimiting.ts): bare references ended by whitespace, nothing repaired.",
  quotes: [],
  wrappers: { angle: false, quotes: false },
  urlPrefix: { status: "not-mentioned", trailingSpace: false, note: 'no rule recorded for a "URL:" prefix' },
  whitespaceInAngle: "kept",
  hyphenAtLineBreak: "not-mentioned",
  fragment: "in-reference",
  nonAscii: ASCII_REFERENCES,
  runEnds: '<>"',
  runEndsWhy: "no delimiting rules recorded: the characters every recorded revision ends a run at",
  trailing: { sentence: SENTENCE, sentenceWhy: "sentence punctuation (no delimiting rules recorded)", excluded: "", excludedWhy: "" },
};

/**
 * The delimiting rules of a revision (the fallback for a revision without a row).
 *
 * @example
 * import { delimitingRules } from "uri-grammars";
 * delimitingRules("draft-1997").runEnds; // => "<>\""
 */
export function delimitingRules(spec: string): DelimitingRules {
  return DELIMITING_RULES.find((r) => r.spec === spec) ?? { spec, ...NO_DELIMITING_RULES };
}
