// Errors are values: every rejected input gets an offset, the rule that failed, what was expected
// there, and one sentence a person can act on. Nothing here throws.

/** What kind of error a ParseError is (docs/api.md, Errors). */
export type ErrorCode =
  /** The input does not match the rule. */
  | "syntax"
  /** The input is not a string. */
  | "not-a-string"
  /** No revision with that id (or not transcribed yet). */
  | "unknown-spec"
  /** The revision has no rule with that published name. */
  | "unknown-rule"
  /** An option value the operation does not know (a component name in check()'s `require`, a normalization level). */
  | "invalid-option"
  /** The input is valid, but the start rule asked for derives no whole reference (components() with rule `host`). */
  | "not-a-reference"
  /** A value a revision cannot write (buildReference(), encodeComponent()), a built reference that reads back otherwise (format() with `check`), escapes that are no UTF-8 text (decodeComponent()). */
  | "not-expressible"
  /** A valid input longer than an operation whose memory grows with it takes (explain(), parse() with `tree: true`: MAX_TREE_INPUT). */
  | "input-too-long"
  /** The grammar accepts the input, but a rule's match fails the check the document states in words (Revision.predicates: the WHATWG URL Standard's valid domain). */
  | "predicate"
  /** The base URL given (the `base` option) is not one the revision can resolve against. */
  | "invalid-base";

/** What every error value has: the code, the revision and rules, what was found and expected, a sentence. */
interface ErrorFields {
  code: ErrorCode;
  /** The revision asked for. */
  spec: string;
  /** The start rule asked for (published name). */
  startRule: string | null;
  /** The rule being tried where the input stopped matching (published name). */
  rule: string | null;
  /** Where that rule is defined in the document. */
  section: string | null;
  /** The named rules enclosing the failure, outermost first (from the start rule down to `rule`). */
  ruleStack: string[];
  /** The character found at `offset`, or null at the end of the input (and when there is no offset). */
  found: string | null;
  /** What the grammar would have accepted at `offset`, as readable items (`"/"`, `[0-9]`, `end of input`). */
  expected: string[];
  /** One sentence saying what is wrong and what to do. */
  message: string;
  /** For a `predicate` error: the predicate the grammar names, and the check and step that refused the match. */
  predicate?: { name: string; check: string; step: string };
}

/** The codes whose errors always have a place in the input (never an UnplacedError's). */
export const ALWAYS_PLACED_CODES = ["syntax", "predicate"] as const;

/** An error at a place in the input (a syntax error) or in a value (a value a revision cannot write): with its offset. */
export interface PlacedError extends ErrorFields {
  code: "syntax" | "not-expressible" | "predicate";
  /** UTF-16 offset of the first character that could not be matched (= input length at the end). */
  offset: number;
  /** 1-based line and column of `offset`. */
  line: number;
  column: number;
}

/**
 * An error with no place in the input: an unknown spec or rule, an option the operation does not
 * know, an input that is no string, a valid input too long for a derivation, a rule that derives no
 * whole reference, a built reference that reads back otherwise. Its offset, line and column are null
 * (issue 41 item 6: they were 0, 1 and 1, which read as a fault at the first character).
 */
export interface UnplacedError extends ErrorFields {
  code: Exclude<ErrorCode, (typeof ALWAYS_PLACED_CODES)[number]>;
  offset: null;
  line: null;
  column: null;
}

/** An error value: where the input stopped matching, which rule, what was expected, and a sentence to act on. */
export type ParseError = PlacedError | UnplacedError;

/**
 * An error value as a plain object of its own fields: parse()'s error of a rejected input is made
 * when first read, its fields getters (src/parse.ts, DeferredRejection), so a spread or
 * Object.keys() of it sees none; spread this instead. (Every other error is returned as it is.)
 */
export function plainError<E extends ParseError>(error: E): E {
  const toJSON = (error as { toJSON?: unknown }).toJSON;
  return typeof toJSON === "function" ? (toJSON.call(error) as E) : error;
}

/** `"#", "/", [A-Za-z]` -> `one of "#/" or [A-Za-z]`: one-character literals are grouped into one string. */
export function summarizeExpected(expected: string[]): string {
  const singles: string[] = [];
  const others: string[] = [];
  for (const e of withNonAsciiCodePointsNamed(expected)) {
    const literal = e.startsWith('"') ? (JSON.parse(e) as string) : null;
    if (literal !== null && literal.length === 1) singles.push(literal);
    else others.push(e);
  }
  const items = [...(singles.length > 0 ? [singles.length === 1 ? JSON.stringify(singles[0]) : `one of ${JSON.stringify(singles.join(""))}`] : []), ...others];
  if (items.length === 0) return "something else";
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/**
 * The ranges of every code point from U+00A0 to U+10FFFD but the surrogates and the noncharacters
 * (U+FDD0-FDEF and the last two of each plane), as expectedAt() writes them: the WHATWG URL
 * Standard's non-ASCII URL code points (§4.3), nineteen items no one reads one by one.
 */
const NON_ASCII_CODE_POINTS: readonly string[] = [
  "%xA0-D7FF",
  "%xE000-FDCF",
  "%xFDF0-FFFD",
  ...Array.from({ length: 16 }, (_, k) => `%x${(k + 1).toString(16).toUpperCase()}0000-${(k + 1).toString(16).toUpperCase()}FFFD`),
];

/** `expected` with the run of NON_ASCII_CODE_POINTS, where it is there whole, as one item. */
function withNonAsciiCodePointsNamed(expected: string[]): string[] {
  const at = expected.indexOf(NON_ASCII_CODE_POINTS[0]);
  if (at < 0 || NON_ASCII_CODE_POINTS.some((r, k) => expected[at + k] !== r)) return expected;
  return [...expected.slice(0, at), "any non-ASCII code point but a surrogate or a noncharacter (%xA0-10FFFD)", ...expected.slice(at + NON_ASCII_CODE_POINTS.length)];
}

/** A character as a person should read it in a message: `"["`, `U+00E9 "é"`, `lone surrogate U+D800`. */
export function describeCharacter(c: string | null): string {
  if (c === null) return "the end of the input";
  const code = c.codePointAt(0)!;
  // An ASCII character's words, made once (an error names its character in its message).
  if (code < 0x80) return (ASCII_WORDS[code] ??= describeOther(c, code));
  return describeOther(c, code);
}

const ASCII_WORDS: string[] = [];

function describeOther(c: string, code: number): string {
  if (code >= 0xd800 && code <= 0xdfff) return `lone surrogate U+${hex4(code)}`;
  if (code === 0x20) return "a space";
  if (code < 0x20 || code === 0x7f) return `control character U+${hex4(code)}`;
  if (code > 0x7e) return `U+${hex4(code)} ${JSON.stringify(c)}`;
  return JSON.stringify(c);
}

function hex4(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, "0");
}

const UTF8 = /* @__PURE__ */ new TextEncoder();
const ASCII_ESCAPES: string[] = [];

/** The %XX escape of a character (its UTF-8 octets); null for a lone surrogate, which has none. */
export function percentEncode(c: string): string | null {
  const code = c.codePointAt(0)!;
  if (code >= 0xd800 && code <= 0xdfff) return null;
  if (code < 0x80) return (ASCII_ESCAPES[code] ??= `%${code.toString(16).toUpperCase().padStart(2, "0")}`);
  return Array.from(UTF8.encode(c), (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

/** The first character (a whole code point) at `offset`, or null at the end. */
export function characterAt(input: string, offset: number): string | null {
  if (offset >= input.length) return null;
  const code = input.codePointAt(offset)!;
  return String.fromCodePoint(code);
}

export function lineAndColumn(input: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < input.length; i++) {
    if (input.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** A usage error (unknown spec or rule, wrong input type ...): no place in the input, no expectations. */
export function usageError(code: Exclude<ErrorCode, "syntax" | "predicate">, spec: string, startRule: string | null, message: string): UnplacedError {
  return { code, spec, startRule, rule: null, section: null, ruleStack: [], offset: null, line: null, column: null, found: null, expected: [], message };
}

/** The caret display used by the CLI: the input (control characters made visible) and a ^ under the offset. */
export function caretDisplay(input: string, offset: number, width = 100): string {
  // Controls shown as one "·" each; the caret is indented by the columns of the characters before
  // `offset` (UTF-16 units): one per code point (a surrogate pair is one character), two for a wide one.
  const visible = input.replace(/[\x00-\x1f\x7f]/g, "\u00b7");
  let start = Math.max(0, offset - Math.floor(width / 2));
  if (start > 0 && isLowSurrogate(visible.charCodeAt(start)) && isHighSurrogate(visible.charCodeAt(start - 1))) start -= 1;
  const shown = visible.slice(start, start + width);
  const prefix = start > 0 ? "…" : "";
  return `  ${prefix}${shown}\n  ${" ".repeat(prefix.length + columns(visible.slice(start, offset)))}^`;
}

/** A UTF-16 unit that begins a surrogate pair (U+D800-DBFF). */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** A UTF-16 unit that ends a surrogate pair (U+DC00-DFFF). */
export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** East Asian wide and full-width characters (the usual terminal rendering: two columns). */
const WIDE = /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]/u;

/** Terminal columns of a text: one per code point, two for a wide one. */
function columns(text: string): number {
  let n = 0;
  for (const ch of text) n += WIDE.test(ch) ? 2 : 1;
  return n;
}

/** "a" or "an" before a revision's id as it is read aloud: "an rfc3986 URI-reference", "a draft-2003 ...", "a whatwg ...". */
export function article(word: string): "a" | "an" {
  return /^(rfc|[aeiou])/i.test(word) ? "an" : "a";
}
