import type { DerivationNode } from "../scanner/derivation";
import type { Components } from "../ast/types";
import type { SpecAstsByRule, TopRules } from "../../generated/revision-types";
import type { RuleNames } from "../../generated/rule-names";
import type { GeneratedScanner } from "../scanner/types";
import type { AstEntry } from "../scanner/tagged";
import type { Citation, NormalizationAlgorithm, ResolutionAlgorithm, RuleInfo } from "./types";
import type { DefaultPort } from "./default-ports";

/**
 * What the types know of each revision, by id: the AST of each of its start rules (generated from
 * the grammar's @ast annotations into generated/<spec>.ast.ts). The build derives it from the folders
 * of grammar/ (generated/revisions.ts), as it derives the registry's list, so the two have the same
 * ids. The rule names come from the build too (generated/rule-names.ts).
 */
export type { SpecAstsByRule };

/** A revision id (`"draft-2003"`, `"rfc3986"` ...): the name of a folder of grammar/, the keys of SpecAstsByRule. */
export type SpecId = keyof SpecAstsByRule;

/** The AST of a start rule of a revision (by published name); an unknown name gives every rule's. */
export type RuleAst<S extends SpecId, R extends string> = S extends SpecId ? (R extends keyof SpecAstsByRule[S] ? SpecAstsByRule[S][R] : SpecAst<S>) : never;

/** Every AST a revision builds (the union over its start rules): `SpecAst<"draft-1997">`; a union of ids gives the union of their ASTs. */
export type SpecAst<S extends SpecId = SpecId> = S extends SpecId ? SpecAstsByRule[S][keyof SpecAstsByRule[S]] : never;

/** The AST of each revision (every start rule's), by id. */
export type SpecAsts = { [S in SpecId]: SpecAst<S> };

/**
 * What parse() builds when no rule is given: the top rule's AST, or, for a scheme-aware revision
 * (draft-1993, draft-1994, rfc1738), the AST of the production its scheme selects (every AST of a
 * whole URL: with its `address` or `url`).
 */
export type TopAst<S extends SpecId = SpecId> = S extends keyof TopRules ? RuleAst<S, TopRules[S]> : Extract<SpecAst<S>, { url: unknown } | { address: unknown }>;

/** An AST of whichever revision. */
export type Ast = SpecAst;

/** The ASTs of whole references of the generic revisions (draft-1997, draft-2003, rfc3986 ...): those with a `kind`. */
export type GenericAst = Extract<SpecAst, { kind: unknown }>;

/**
 * Whether an AST is a whole reference of the generic syntax (draft-1997, draft-2003, rfc3986, or a
 * revision built like them): it has a reference `kind`, which the scheme-specific ASTs never have.
 * The ones resolution, normalization and the components read.
 */
export function isGenericAst(ast: unknown): ast is GenericAst {
  return typeof ast === "object" && ast !== null && "kind" in ast && (ast as { kind?: unknown }).kind !== undefined;
}

/**
 * The rule names of a revision, read from its grammar by the build: `RuleName<"draft-2003">` is
 * `"URI-reference" | "absolute-URI" | ... | "IPv6address" | ...`. Options that take a rule accept
 * these and any other string (an unknown name is an error value at run time, never a throw).
 */
export type RuleName<S extends SpecId = SpecId> = S extends keyof RuleNames ? RuleNames[S] : string;

/** What the registry says about one revision. `specs()` returns these (without the parsers). */
export interface SpecInfo {
  id: SpecId;
  title: string;
  /** Publication date as the document gives it (YYYY-MM), or the day of a living standard's snapshot (YYYY-MM-DD). */
  date: string;
  /** The seed file, relative to ../shared/seeds/ (rfc3986: `../references/rfc3986.txt`, the RFC as published). */
  seed: string;
  /** The grammar notation the document uses. */
  notation: string;
  /**
   * Whether the notation's rule names are case-insensitive: "insensitive" for ABNF (RFC 2234 §2.1:
   * "rule names are case-insensitive"), so `uri-reference` names URI-reference; absent (the
   * default) for the BNF notations, whose documents write each name one way and define no folding.
   */
  ruleNameCase?: "insensitive";
  /** Where in the document the grammar is. */
  grammarSection: string;
  /** One line for the tables that list the revisions: the document and what it brings (the README's). */
  summary: string;
  /** The default start rule (published name). */
  topRule: string;
  /** Every rule, with its published name, section, published text and PEG notes. */
  rules: readonly RuleInfo[];
}

/** A revision the tool can parse: registry data plus its scanner and AST builder. */
export interface Revision<A = unknown> extends SpecInfo {
  /** Every rule as a start rule: a DFA, and the walk that builds an accepted input's derivation. */
  scanner: GeneratedScanner;
  /**
   * Per start rule (peggy name): the tagged DFA that records, in the pass that validates, where the
   * rule matches the AST reads are, and the builder of the AST from those positions (generated from
   * the grammar's @ast annotations, scripts/ast/).
   */
  ast: Readonly<Record<string, AstEntry>>;
  /**
   * How the revision makes a relative reference absolute: the algorithm of src/ops it follows (the
   * document's own; another revision may name the same one), or the document's words for having none.
   */
  resolution: { algorithm: ResolutionAlgorithm; rules?: ResolutionRules; byParser?: ParserResolution } | { notDefined: Citation };
  /** The normalization for comparison the document defines (its ladder), or null when it defines none. */
  normalization: NormalizationAlgorithm | null;
  /**
   * The default port of each scheme as the revision's documents give it (src/revisions/default-ports.ts:
   * RFC 1738 §3's list, or the schemes' definitions where the document says "the default for the
   * scheme"), each with its source. normalize(), equivalent() and lint() read it.
   */
  defaultPorts: readonly DefaultPort[];
  /**
   * The grammar's characters are Unicode code points, some above U+FFFF (rfc3987's ucschar): its
   * scanner reads a surrogate pair as two code units that only match together, and an error is
   * never reported between them (src/diagnose.ts). Offsets stay UTF-16 code units. Absent: the
   * characters are code units, as peggy reads them.
   */
  codePoints?: boolean;
  /**
   * The checks the grammar's `@predicate NAME` lines name, by NAME: each takes the text a rule
   * matched in an input the grammar accepts and says whether the document's words accept it (the
   * WHATWG URL Standard's valid domain: UTS #46 ToASCII, then the ends in a number checker). The
   * grammar accepts a superset; parse(), validate() and every operation refuse an input where a
   * predicate refuses a match (src/predicates.ts). Absent: the grammar decides alone.
   */
  predicates?: Readonly<Record<string, Predicate>>;
  /**
   * The start rule for an input resolved against a base URL of each class (the grammar's
   * `@base-rule CLASS RULE` lines; the WHATWG URL Standard's relative strings depend on the base),
   * and how a base URL is classed: the `base` option of parse() and validate() (src/base.ts).
   */
  baseRules?: {
    readonly rules: Readonly<Record<string, string>>;
    classify(base: string): BaseClass;
    /** One base URL of each class (null for the class of no base), for checks that go through every class. */
    readonly examples: Readonly<Record<string, string | null>>;
  };
  /**
   * An IRI revision (RFC 3987): the URI revision its §3.1 mapping produces. toURI() and toIRI()
   * (src/ops/iri.ts) apply to the revisions that have it.
   */
  iri?: { uri: SpecId };
  /**
   * Rules that match one character or one escape (alpha, pchar, HEXDIG ...). Error messages name the
   * innermost rule above these, which is the one a person can act on.
   */
  characterRules: ReadonlySet<string>;
  /**
   * Scheme-specific revisions (draft-1993, draft-1994, rfc1738) only: which production decides an
   * input when no rule is asked for. Without it, the top rule decides.
   */
  schemeProductions?: SchemeProductions;
  /**
   * Which published rules are the components of a reference, what this revision calls them, and
   * which rules are its character classes. Read by compare, diff, matrix, explain and lint
   * (src/ops/); a revision without it is skipped there with a note. See `RevisionComponents`.
   */
  components?: RevisionComponents;
  /**
   * The flat components (`components()`, `format()`) of an AST of a whole reference, read from the
   * AST this revision builds (for the scheme-specific revisions, from the production that decided),
   * or null for an AST of a smaller rule (host, port ...). `prefix` is text before the scheme that
   * belongs to no component (draft-1994's "URL:"). Without it, the ASTs are read as the generic
   * revisions' (scheme, authority or site, path, query, fragment).
   */
  readComponents?(ast: A): { components: Components; prefix: string } | null;
  /**
   * A parsing algorithm the document defines beside its grammar, which reads any input, valid or
   * not (the WHATWG URL Standard's basic URL parser): shown by confusion() (src/ops/confusion.ts)
   * as a row of its own next to the revision's. Absent for the revisions whose documents define
   * only a grammar.
   */
  parser?: ParserColumn;
}

/**
 * A document that resolves by parsing against a base URL (the WHATWG URL Standard §4.4): the parser
 * that does it (`Revision.resolution.byParser`, for the algorithm "URL Standard §4.4").
 */
export interface ParserResolution {
  /** The parser, as a row of compare() calls it ("WHATWG URL parser (whatwg-url 17.3.0)"). */
  label: string;
  /** The serialized URL `reference` parses to against `base`, and the validation errors on the way; ok false for failure. */
  parse(base: string, reference: string): { ok: true; url: string; validationErrors: string[] } | { ok: false; validationErrors: string[] };
}

/** A document's own parsing algorithm as a row source: what it reads in an input (`Revision.parser`). */
export interface ParserColumn {
  /** What the row is called ("WHATWG URL parser (whatwg-url 14.2.0)"). */
  label: string;
  read(input: string): ParserReading;
  /**
   * The parser's own definition of valid (the WHATWG URL Standard §4.4: it returns a URL and reports
   * no validation error): whether `input` parses against `base` (none: undefined), and the validation
   * errors it reports on the way, by the document's names. null when the base itself does not parse.
   */
  validity(input: string, base?: string): ParserValidity | null;
}

/** What a parser says about an input by its own definition of valid (`ParserColumn.validity`). */
export interface ParserValidity {
  /** Whether it returns a URL rather than failure. */
  parsed: boolean;
  /** The validation errors reported, in order, by the document's names (possibly repeated). */
  validationErrors: readonly string[];
}

/**
 * What a parser (or any implementation) reads in an input: whether it accepts it, and the
 * components it takes, present even for an input it rejects when it splits before it judges.
 * `null` is an absent component, `""` a present but empty one.
 */
export interface ParserReading {
  verdict: "valid" | "invalid";
  components: Partial<Record<"scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment", string | null>> | null;
  /** How the components were read, when that needs saying (a sentence). */
  how?: string;
  /** Why the input was rejected or could not be read (a sentence). */
  error?: string;
}

/**
 * The start rules an algorithm borrowed from another document parses with, under this revision's
 * names (rfc3987 resolves by RFC 3986 §5.2, its §6.5 says, with `absolute-IRI` for the base and
 * `IRI-reference` for the reference). Without it, the algorithm's own document's names.
 */
export interface ResolutionRules {
  base: string;
  reference: string;
}

/**
 * How a scheme-specific revision picks the production that decides an input when no rule is asked
 * for: the scheme before the first ":" selects its own production, any other the catch-all. Read
 * by one function, `defaultRule()` (src/revisions/index.ts).
 */
export interface SchemeProductions {
  /** Scheme name (lower case unless `caseSensitive`) -> the production the document gives it. */
  productions: ReadonlyMap<string, string>;
  /** Scheme names compared as written (draft-1993: "Single letters stand for single letters"), or in lower case. */
  caseSensitive: boolean;
  /** The production for any other scheme, or for an input without one. */
  otherwise: string;
  /** A prefix before the scheme that selects a production of its own (draft-1994: "URL:" -> prefixedurl), matched in either case. */
  prefix?: { text: string; production: string };
  /** Appended to a production's name to give the rule applied (draft-1993: `httpaddress_anchored` = httpaddress [ # anchorid ]). */
  ruleSuffix?: string;
}

/**
 * The components the comparison operations know, under one neutral key each. Each revision maps a
 * key to its own rule and word (draft-1997 calls the authority `site`; rfc1738's http calls the query
 * `search`; draft-1993 calls the fragment `anchorid`).
 * - `scheme`    the scheme name, without ":"
 * - `authority` what follows "//" up to the path (site, authority, login + hostport ...)
 * - `userinfo`  the user part of the authority (draft-1997 `user`, draft-2003 `userinfo`, which also
 *               holds any ":password")
 * - `password`  a separate password rule, where the revision has one (draft-1997, rfc1738)
 * - `host`, `port`
 * - `path`      the whole path; needs no `rule`: it is read as the text between the authority (or
 *               "scheme:") and the "?" of the query or the "#" of the fragment; given a `rule`, the
 *               path is that rule's first match (draft-1993, whose scheme productions spell the scheme)
 * - `segment`   one path segment (between "/"s)
 * - `query`     the part after "?" (search, searchpart ...)
 * - `fragment`  the part after "#" (fragment, anchorid ...)
 */
export type ComponentKey = "scheme" | "authority" | "userinfo" | "password" | "host" | "port" | "path" | "segment" | "query" | "fragment";

export const COMPONENT_KEYS: readonly ComponentKey[] = ["scheme", "authority", "userinfo", "password", "host", "port", "path", "segment", "query", "fragment"];

/** One component in one revision. */
export interface ComponentInfo {
  /**
   * The published name of the rule whose match is exactly this component, without its delimiters
   * (`query`, not `"?" query`). Its first match in a derivation is the component's value; the
   * character matrix runs this rule alone on candidate strings. Required for every key but `path`.
   * For scheme-specific grammars (rfc1738), name the rule most schemes share (`user`, `hostport`'s
   * `host`, `search`), or leave the key out.
   */
  rule?: string;
  /**
   * Rules that are this component where `rule` has no match: another grammar of the same document
   * (RFC 1630's generic syntax, whose query is `generic-search`). Read where a derivation is (compare,
   * explain); the character matrix runs `rule` alone.
   */
  also?: string[];
  /** The revision's own word for the component (`site`, `search`, `anchorid`). Default: the key. */
  name?: string;
  /**
   * A few valid values of the rule (e.g. `["a.b", "1.2.3.4", "[::1]"]` for a host). The character
   * matrix tries every character (and `%XX`) inserted at, and substituted for, each position of
   * each example, plus "", "a" and "aa"; give an example for each shape the component can take,
   * so that characters only valid inside a bracket or after a dot are found.
   */
  examples?: string[];
}

export interface RevisionComponents {
  /** The components this revision has; leave out those it does not have (draft-2003 has no `password`). */
  parts: Partial<Record<ComponentKey, ComponentInfo>>;
  /**
   * The revision's character-class rules by published name, most specific first: each printable
   * ASCII character is run through each of them, and its class is every rule that matches it
   * (draft-1997: reserved, mark, unreserved, delims, unwise ...; rfc1738: safe, extra, national,
   * punctuation ...). A character no rule matches is reported as having no class.
   */
  classes: string[];
}

/** What a predicate says of the text a rule matched. */
export type PredicateResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** Which check refused it (a UTS #46 criterion, a step of the document), as the predicate names it. */
      readonly check: string;
      /** The step, as the documents number it. */
      readonly step: string;
      /** A sentence a person can act on. */
      readonly message: string;
    };

/**
 * A check on the text a rule matched (Revision.predicates). Never throws. `passesAt`, when given:
 * the check's shortcut for its common case, on input[start, end) read in place (no copy, no result
 * object): true only where the check answers ok; false where the check itself must decide.
 */
export type Predicate = ((text: string) => PredicateResult) & { readonly passesAt?: (input: string, start: number, end: number) => boolean };

/** The class of a base URL (Revision.baseRules): a key of its rules, or why the base is none. */
export type BaseClass = { readonly ok: true; readonly class: string } | { readonly ok: false; readonly message: string };
