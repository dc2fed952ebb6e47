// extract(): find URL references in running text the way a revision says to delimit them, reassemble
// them (whitespace a line break put inside `<...>`, the hyphen at a line break), and judge each with
// parse(). What differs between revisions is data: src/revisions/delimiting.ts (one row per revision,
// with the documents' own words); nothing here branches on a spec id.
//
// The core works on strings and imports no Node module, so the explorer can run it in a browser:
// - extract(text, options): the whole text at once;
// - createExtractor(options): push(chunk) / end(), the streaming form for large inputs (bounded
//   memory: it keeps at most about 1.25 maximal references plus a chunk); extractChunks() wraps it for any
//   (async) iterable of strings; createMultiExtractor() runs several revisions side by side.
// Both forms give the same references for the same text, however it is cut into chunks.
//
// Offsets are UTF-16 code units (JavaScript string indices), lines and columns 1-based, a line
// ending at "\n" (so "\r\n" ends one line), as parse() errors count them.
import { type ErrorCode, type ParseError, usageError } from "../errors";
import { parse } from "../parse";
import { describeValue, invalidOption, isFailure, kindOf, optionNames, optionsObject, requireRevision, requireSpecList, thrownText } from "../request";
import { availableSpecIds, defaultSpec, type SpecId } from "../revisions";
import { registryInForce, withRegistry } from "../revisions/scope";
import { delimitingRules, type DelimitingRules } from "../revisions/delimiting";
import { MAX_SCHEME_LENGTH, OPAQUE_SCHEMES, PAIRED_PUNCTUATION_WHY } from "./extract-rules";

export { DELIMITING_RULES, delimitingRules, type DelimitingRules, type DelimitingQuote, type UrlPrefixStatus } from "../revisions/delimiting";
export { OPAQUE_SCHEMES } from "./extract-rules";

/** How the text delimited a reference. */
export type WrapperStyle = "<URL:...>" | "URL:" | "<...>" | '"..."' | "bare";

/** A place in a text: UTF-16 offset, 1-based line and column. */
export interface TextPosition {
  /** UTF-16 offset in the whole text. */
  offset: number;
  /** 1-based line ("\n" ends a line) and column (UTF-16 units). */
  line: number;
  column: number;
}

/** What the extractor changed between the text and the reference, each at its place in the text. */
export type Repair =
  /** Whitespace inside `<...>` ignored (rfc1738, draft-1997, draft-2003: "should be ignored when extracting"). */
  | { kind: "whitespace-removed"; at: TextPosition; length: number; lineBreak: boolean }
  /** Whitespace between the wrapper and the reference (after "<", after "URL:", before ">"). */
  | { kind: "padding-removed"; at: TextPosition; length: number }
  /**
   * A "-" right before a line break inside `<...>`: "the hyphen may or may not actually be part of
   * the URL". `kept` says which reading `reference` is; `alternative` holds the other one.
   */
  | { kind: "hyphen-at-line-break"; at: TextPosition; kept: boolean; ambiguous: true }
  /** A trailing character left outside a bare reference, and the reason (src/revisions/delimiting.ts, src/ops/extract-rules.ts). */
  | { kind: "trailing-punctuation"; at: TextPosition; text: string; why: string }
  /** The reference was longer than `maxReferenceLength`: only its first part is reported. */
  | { kind: "truncated"; at: TextPosition; limit: number };

/** An error of a verdict: parse()'s, or the extractor's own limit. */
export type ExtractError = Omit<ParseError, "code"> & { code: ErrorCode | "reference-too-long" };

/** The verdict on an extracted reference: valid, the rule and the production. */
export interface Verdict {
  valid: boolean;
  /** The rule parse() applied (published name). */
  rule: string | null;
  /** Scheme-aware revisions: the production the scheme selected. */
  production?: string;
  error?: ExtractError;
}

/** One reference extract() found: where it is, the text, the reference taken from it, its wrapper and its verdict. */
export interface ExtractedReference {
  /** The revision whose delimiting rules found it and whose grammar judged it. */
  spec: string;
  /** Where it is in the text, wrapper included: [start, end). */
  start: TextPosition;
  end: TextPosition;
  /** The offsets of the reference's own text (no wrapper, no "URL:" prefix, no trailing punctuation). */
  referenceStart: number;
  referenceEnd: number;
  wrapper: WrapperStyle;
  /** The text between start and end, wrapper included, as written. */
  text: string;
  /** What the revision says about this wrapper, when it says something worth showing ("URL:" status). */
  notes: string[];
  /** The text between referenceStart and referenceEnd, as written (with any whitespace). */
  source: string;
  /** The reference as reassembled. */
  reference: string;
  /** The fragment, when the revision keeps it apart from the URL (rfc1738, draft-1994). */
  fragment?: string;
  /** The string parse() judged, when it is not `reference` (draft-1994 "URL:" prefix, a separate fragment). */
  judged?: string;
  repairs: Repair[];
  /** parse() under the revision; null when `check: false`. */
  verdict: Verdict | null;
  /** The other reading of an ambiguous hyphen at a line break, with its own verdict. */
  alternative?: { reference: string; judged?: string; verdict: Verdict | null; why: string };
}

/** The options of extract() and createExtractor(): the revision and the delimiting rules. */
export interface ExtractOptions {
  /** Revision id; default draft-2003. */
  spec?: SpecId | undefined;
  /** Judge each reference with parse() (default true). */
  check?: boolean | undefined;
  /** A hyphen at a line break inside `<...>`: keep it in `reference` (default) or drop it; the other reading is `alternative`. */
  hyphen?: "keep" | "drop" | undefined;
  /** Also take bare `scheme:` references without "//" for any scheme (default: only OPAQUE_SCHEMES). */
  anyScheme?: boolean | undefined;
  /** The longest reference, wrapper included, in UTF-16 units (default 65,536); bounds the streaming memory. */
  maxReferenceLength?: number | undefined;
}

/** What extract() returns: the references found, or the error. */
export type ExtractResult = { ok: true; spec: string; references: ExtractedReference[] } | { ok: false; spec: string; error: ParseError };

/**
 * The longest reference extract() takes, wrapper included, in UTF-16 units, unless `maxReferenceLength` says otherwise.
 *
 * @example
 * import { DEFAULT_MAX_REFERENCE_LENGTH } from "uri-grammars";
 * DEFAULT_MAX_REFERENCE_LENGTH; // => 65536
 */
export const DEFAULT_MAX_REFERENCE_LENGTH = 65536;

// ---------------------------------------------------------------------------------------------
// Configuration

interface Config {
  spec: SpecId;
  rules: DelimitingRules;
  check: boolean;
  hyphen: "keep" | "drop";
  anyScheme: boolean;
  max: number;
  /** Finds candidate starts: "<" and '"' (when the revision names them), and `scheme:` at a word start. */
  starts: RegExp;
  /** runChar[c] for c < 128: may c be inside a bare or quoted run. */
  runChar: Uint8Array;
  /** May a non-ASCII code unit be inside a bare or quoted run (but for whitespace and `rules.nonAscii.ends`). */
  nonAsciiRun: boolean;
}

const SCHEME_AT = /* @__PURE__ */ new RegExp(`[A-Za-z][A-Za-z0-9+.\\-]{0,${MAX_SCHEME_LENGTH - 1}}:`, "y");
const WHITESPACE = /\s/;

/** The options extract() and the extractors read (src/request.ts optionsObject). */
const EXTRACT_OPTION_NAMES = /* @__PURE__ */ optionNames<ExtractOptions>({ spec: true, check: true, hyphen: true, anyScheme: true, maxReferenceLength: true });
/** The least maxReferenceLength: room for a scheme, "://" and a host. */
const MIN_REFERENCE_LENGTH = 16;

/** What is wrong with an extractor's options other than the revision, as a sentence, or null. */
function extractOptionProblem(o: Partial<ExtractOptions>): string | null {
  for (const name of ["check", "anyScheme"] as const) {
    if (o[name] !== undefined && typeof o[name] !== "boolean") return `${name} must be true or false, not ${describeValue(o[name])}.`;
  }
  if (o.hyphen !== undefined && o.hyphen !== "keep" && o.hyphen !== "drop") return `hyphen must be "keep" or "drop", not ${describeValue(o.hyphen)}.`;
  const max = o.maxReferenceLength;
  if (max !== undefined && !(Number.isInteger(max) && max >= MIN_REFERENCE_LENGTH)) return `maxReferenceLength must be a whole number of at least ${MIN_REFERENCE_LENGTH}, not ${describeValue(max)}.`;
  return null;
}

function configure(options: ExtractOptions | string | undefined): { ok: true; config: Config } | { ok: false; spec: string; error: ParseError } {
  const o = optionsObject(options, EXTRACT_OPTION_NAMES);
  // The same error value parse() gives for an unknown revision (src/request.ts).
  const revision = requireRevision(o.spec);
  if (isFailure(revision)) return { ok: false, spec: revision.spec, error: revision.error };
  const spec = revision.id;
  const problem = extractOptionProblem(o);
  if (problem !== null) return { ok: false, spec, error: invalidOption(spec, null, problem).error };
  const rules = delimitingRules(spec);
  const max = o.maxReferenceLength ?? DEFAULT_MAX_REFERENCE_LENGTH;
  const openers = `${rules.wrappers.angle ? "<" : ""}${rules.wrappers.quotes ? '"' : ""}`;
  const starts = new RegExp(`${openers ? `[${openers}]|` : ""}(?<![A-Za-z0-9+.\\-])[A-Za-z][A-Za-z0-9+.\\-]{0,${MAX_SCHEME_LENGTH - 1}}:`, "g");
  const runChar = new Uint8Array(128);
  for (let c = 0x21; c < 0x7f; c++) runChar[c] = rules.runEnds.includes(String.fromCharCode(c)) ? 0 : 1;
  return {
    ok: true,
    config: { spec, rules, check: o.check !== false, hyphen: o.hyphen === "drop" ? "drop" : "keep", anyScheme: o.anyScheme === true, max, starts, runChar, nonAsciiRun: rules.nonAscii.run === "continue" },
  };
}

function notAString(spec: string, what: unknown): ParseError {
  return usageError("not-a-string", spec, null, `The text must be a string, not ${kindOf(what)}.`);
}

// ---------------------------------------------------------------------------------------------
// The scanner. It works on `text` (a whole text, or the streaming buffer whose first character is at
// absolute offset `base`) and looks for candidates that start in [from, regionEnd). A candidate is
// decided by at most `max` characters after its start, so in streaming mode the buffer keeps
// `max + WINDOW_MARGIN` characters beyond the region and every decision is the one the whole text
// would give. Offsets in found references are absolute.

/** Beyond `max`: room for "URL:", a space, a scheme and "//" after a candidate start. */
const WINDOW_MARGIN = MAX_SCHEME_LENGTH + 16;

interface Found {
  start: number;
  end: number;
  referenceStart: number;
  referenceEnd: number;
  wrapper: WrapperStyle;
  prefix: string | null;
  reference: string;
  alternative: string | null;
  repairs: PendingRepair[];
  truncated: boolean;
}

type PendingRepair =
  | { kind: "whitespace-removed"; offset: number; length: number; lineBreak: boolean }
  | { kind: "padding-removed"; offset: number; length: number }
  | { kind: "hyphen-at-line-break"; offset: number; kept: boolean; ambiguous: true }
  | { kind: "trailing-punctuation"; offset: number; text: string; why: string }
  | { kind: "truncated"; offset: number; limit: number };

const LT = 0x3c;
const GT = 0x3e;
const DQUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

function isSpaceCode(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === LF || c === CR || c === 0x0b || c === 0x0c || (c > 0x7f && WHITESPACE.test(String.fromCharCode(c)));
}

function isRunCode(cfg: Config, c: number): boolean {
  if (c < 128) return cfg.runChar[c] === 1;
  // A surrogate pair's two units are both in the run: `ends` and whitespace are all in the BMP.
  return cfg.nonAsciiRun && !isSpaceCode(c) && !cfg.rules.nonAscii.ends.includes(String.fromCharCode(c));
}

/** Scans candidates starting in [from, regionEnd); returns where the next scan must start. */
function scan(cfg: Config, text: string, base: number, from: number, regionEnd: number, emit: (f: Found) => void): number {
  const re = cfg.starts;
  re.lastIndex = from;
  let resume = from;
  for (;;) {
    const m = re.exec(text);
    if (m === null || m.index >= regionEnd) break;
    const q = m.index;
    const c = text.charCodeAt(q);
    const found =
      c === LT ? angle(cfg, text, base, q) : c === DQUOTE ? quoted(cfg, text, base, q) : bare(cfg, text, base, q, q + m[0].length - 1);
    if (found) {
      emit(found);
      re.lastIndex = found.end - base;
    } else {
      re.lastIndex = q + 1;
    }
    resume = re.lastIndex;
  }
  return Math.max(resume, regionEnd);
}

/**
 * `<...>`: rfc1738 appendix (with "URL:"), draft-1994 "Wrappers for URIs in plain text", draft-1997
 * and draft-2003 Appendix E ("angle brackets <http://test.com/>"). The content runs to the first ">";
 * a "<" before it, a blank line or more than `max` characters means this "<" is not a wrapper.
 */
function angle(cfg: Config, text: string, base: number, q: number): Found | null {
  const limit = Math.min(text.length, q + cfg.max);
  let close = -1;
  let lineBreakSinceText = false;
  for (let i = q + 1; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === GT) {
      close = i;
      break;
    }
    if (c === LT) return null;
    if (c === LF || c === CR) {
      // A blank line (two line breaks with only spaces or tabs between) ends a paragraph: no URL spans it.
      if (lineBreakSinceText && !(c === LF && text.charCodeAt(i - 1) === CR)) return null;
      lineBreakSinceText = true;
    } else if (c !== 0x20 && c !== 0x09) {
      lineBreakSinceText = false;
    }
  }
  if (close < 0) return null;
  const rules = cfg.rules;
  const repairs: PendingRepair[] = [];
  let i = q + 1;
  const padStart = i;
  while (i < close && isSpaceCode(text.charCodeAt(i))) i++;
  if (i > padStart) repairs.push({ kind: "padding-removed", offset: base + padStart, length: i - padStart });
  let prefix: string | null = null;
  if (rules.urlPrefix.status !== "not-mentioned" && close - i >= 4 && isUrlPrefix(text, i)) {
    prefix = text.slice(i, i + 4);
    i += 4;
    // "URL:" (with or without a trailing space): draft-1997, draft-2003; rfc1738 ignores all
    // whitespace inside the brackets. draft-1994 says neither: its prefixedurl has no space.
    if (rules.urlPrefix.trailingSpace || rules.whitespaceInAngle === "removed") {
      const s = i;
      while (i < close && isSpaceCode(text.charCodeAt(i))) i++;
      if (i > s) repairs.push({ kind: "padding-removed", offset: base + s, length: i - s });
    }
  }
  let bodyEnd = close;
  while (bodyEnd > i && isSpaceCode(text.charCodeAt(bodyEnd - 1))) bodyEnd--;
  if (bodyEnd === i) return null;
  // Without "URL:", the content must start with a scheme: the documents bracket other designators
  // too (draft-1994 "<timbl@info.cern.ch>", rfc1738 "<用户名>"), which is why "URL:" was recommended.
  if (prefix === null && !schemeAt(text, i, bodyEnd)) return null;
  if (bodyEnd < close) repairs.push({ kind: "padding-removed", offset: base + bodyEnd, length: close - bodyEnd });
  const body = reassemble(cfg, text, base, i, bodyEnd, repairs);
  return {
    start: base + q,
    end: base + close + 1,
    referenceStart: base + i,
    referenceEnd: base + bodyEnd,
    wrapper: prefix !== null ? "<URL:...>" : "<...>",
    prefix,
    reference: body.primary,
    alternative: body.alternative,
    repairs: repairs.sort((a, b) => a.offset - b.offset),
    truncated: false,
  };
}

/**
 * The text inside `<...>` as a reference. rfc1738, draft-1997, draft-2003: "The whitespace should be
 * ignored when extracting the URL"; at a line break right after "-", "ignore all unescaped
 * whitespace around the line break, and ... be aware that the hyphen may or may not actually be part
 * of the URL" (the other reading becomes `alternative`). draft-1993, draft-1994 say neither: the text
 * is kept as it is, and the grammar judges it.
 */
function reassemble(cfg: Config, text: string, base: number, from: number, to: number, repairs: PendingRepair[]): { primary: string; alternative: string | null } {
  if (cfg.rules.whitespaceInAngle === "kept") return { primary: text.slice(from, to), alternative: null };
  let keep = "";
  let drop = "";
  let hyphens = 0;
  let piece = from;
  for (let i = from; i < to; ) {
    if (!isSpaceCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const s = i;
    let lineBreak = false;
    while (i < to && isSpaceCode(text.charCodeAt(i))) {
      const c = text.charCodeAt(i);
      if (c === LF || c === CR) lineBreak = true;
      i++;
    }
    const before = text.slice(piece, s);
    const hyphen = lineBreak && cfg.rules.hyphenAtLineBreak === "ambiguous" && text.charCodeAt(s - 1) === 0x2d && s - 1 >= from;
    keep += before;
    drop += hyphen ? before.slice(0, -1) : before;
    if (hyphen) {
      hyphens++;
      repairs.push({ kind: "hyphen-at-line-break", offset: base + s - 1, kept: cfg.hyphen === "keep", ambiguous: true });
    }
    repairs.push({ kind: "whitespace-removed", offset: base + s, length: i - s, lineBreak });
    piece = i;
  }
  keep += text.slice(piece, to);
  drop += text.slice(piece, to);
  if (hyphens === 0) return { primary: keep, alternative: null };
  return cfg.hyphen === "keep" ? { primary: keep, alternative: drop } : { primary: drop, alternative: keep };
}

/**
 * `"..."`: draft-1997 and draft-2003 Appendix E ("within double-quotes "http://test.com/""), rfc1738
 * §2.2 ("in some systems" quotes delimit URLs). The quoted run has no whitespace (angle brackets are
 * "especially recommended ... for URLs that contain whitespace") and must start with a scheme.
 */
function quoted(cfg: Config, text: string, base: number, q: number): Found | null {
  const limit = Math.min(text.length, q + cfg.max);
  let k = q + 1;
  while (k < limit && isRunCode(cfg, text.charCodeAt(k))) k++;
  if (k >= limit || text.charCodeAt(k) !== DQUOTE) return null;
  let i = q + 1;
  let prefix: string | null = null;
  if (cfg.rules.urlPrefix.status !== "not-mentioned" && k - i >= 4 && isUrlPrefix(text, i)) {
    // '"URL:"' alone is the prefix being talked about (draft-1997 Appendix E), not a reference.
    if (k - i === 4) return null;
    prefix = text.slice(i, i + 4);
    i += 4;
  }
  if (!schemeAt(text, i, k)) return null;
  return {
    start: base + q,
    end: base + k + 1,
    referenceStart: base + i,
    referenceEnd: base + k,
    wrapper: '"..."',
    prefix,
    reference: text.slice(i, k),
    alternative: null,
    repairs: [],
    truncated: false,
  };
}

/**
 * A bare reference: `scheme:` at a word start, running to whitespace (every revision: spaces are
 * never part of a URL) or to a character in the revision's `runEnds`; then trailing punctuation is
 * left outside (the revision's `trailing` sets, and paired punctuation). With the "URL:" prefix
 * (rfc1738, draft-1997, draft-2003 as a wrapper; draft-1994 as part of the URL) any scheme follows.
 * Without it: "scheme://" and at least one more character, or a scheme of OPAQUE_SCHEMES and at
 * least one character after the colon.
 */
function bare(cfg: Config, text: string, base: number, q: number, colon: number): Found | null {
  const rules = cfg.rules;
  let refStart = q;
  let schemeColon = colon;
  let prefix: string | null = null;
  if (colon - q === 3 && rules.urlPrefix.status !== "not-mentioned" && isUrlPrefix(text, q)) {
    let j = colon + 1;
    if (rules.urlPrefix.trailingSpace && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j++;
    SCHEME_AT.lastIndex = j;
    const inner = SCHEME_AT.exec(text);
    if (inner !== null) {
      prefix = text.slice(q, q + 4);
      refStart = j;
      schemeColon = j + inner[0].length - 1;
    }
  }
  let slashes = false;
  if (prefix === null) {
    slashes = text.charCodeAt(colon + 1) === 0x2f && text.charCodeAt(colon + 2) === 0x2f;
    if (!slashes && !cfg.anyScheme && !OPAQUE_SCHEMES.has(text.slice(q, colon).toLowerCase())) return null;
  }
  const limit = Math.min(text.length, q + cfg.max);
  let k = schemeColon + 1;
  while (k < limit && isRunCode(cfg, text.charCodeAt(k))) k++;
  const truncated = k === q + cfg.max && k < text.length && isRunCode(cfg, text.charCodeAt(k));
  const repairs: PendingRepair[] = [];
  let end = k;
  if (truncated) {
    repairs.push({ kind: "truncated", offset: base + k, limit: cfg.max });
  } else {
    end = trimTrailing(cfg, text, base, q, schemeColon, k, repairs);
  }
  // Something must follow "scheme:" (and "scheme://"): "a http:// URL" names a scheme, it is not one.
  if (end <= schemeColon + (slashes ? 3 : 1)) return null;
  return {
    start: base + q,
    end: base + end,
    referenceStart: base + refStart,
    referenceEnd: base + end,
    wrapper: prefix !== null ? "URL:" : "bare",
    prefix,
    reference: text.slice(refStart, end),
    alternative: null,
    repairs: repairs.reverse(),
    truncated,
  };
}

/**
 * Closing brackets and their openers. The typographic ones (quotation marks, CJK and full-width
 * brackets) only reach a run where non-ASCII characters stay in it (rfc3987).
 */
const OPENER: Readonly<Record<string, string>> = {
  ")": "(", "]": "[", "}": "{",
  "\u201D": "\u201C", "\u2019": "\u2018", "\u00BB": "\u00AB", "\u300D": "\u300C", "\u300F": "\u300E", "\uFF09": "\uFF08", "\u3011": "\u3010", "\u3009": "\u3008", "\u300B": "\u300A",
};
/** Closing quotes; "'" also closes a "`" (the `TeX and GNU' quoting style). */
const QUOTES = "'\"`";

/** Leaves trailing punctuation outside a bare run [q, k); returns the new end. Repairs are pushed last first. */
function trimTrailing(cfg: Config, text: string, base: number, q: number, schemeColon: number, k: number, repairs: PendingRepair[]): number {
  const { sentence, sentenceWhy, excluded, excludedWhy } = cfg.rules.trailing;
  let counts: Record<string, number> | null = null;
  let paired = false;
  let end = k;
  while (end > schemeColon + 1) {
    const ch = text[end - 1];
    let why: string | null = null;
    if (sentence.includes(ch)) why = sentenceWhy;
    else if (excluded.includes(ch)) why = excludedWhy;
    else if (ch in OPENER) {
      if (counts === null) counts = countBrackets(text, q, end);
      if (counts[ch] > counts[OPENER[ch]]) {
        why = PAIRED_PUNCTUATION_WHY;
        counts[ch]--;
      }
    } else if (!paired && QUOTES.includes(ch) && q > 0 && (text[q - 1] === ch || (ch === "'" && text[q - 1] === "`"))) {
      why = PAIRED_PUNCTUATION_WHY;
      paired = true;
    }
    if (why === null) break;
    end--;
    repairs.push({ kind: "trailing-punctuation", offset: base + end, text: ch, why });
  }
  return end;
}

function countBrackets(text: string, from: number, to: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [close, open] of Object.entries(OPENER)) counts[close] = counts[open] = 0;
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if (ch in counts) counts[ch]++;
  }
  return counts;
}

function isUrlPrefix(text: string, i: number): boolean {
  return (text.charCodeAt(i) | 0x20) === 0x75 && (text.charCodeAt(i + 1) | 0x20) === 0x72 && (text.charCodeAt(i + 2) | 0x20) === 0x6c && text.charCodeAt(i + 3) === 0x3a;
}

function schemeAt(text: string, i: number, end: number): boolean {
  SCHEME_AT.lastIndex = i;
  const m = SCHEME_AT.exec(text);
  return m !== null && i + m[0].length <= end;
}

// ---------------------------------------------------------------------------------------------
// From a found candidate to the reported reference: positions, fragment, verdict.

/**
 * Line and column of offsets that mostly increase, across chunks. Each character is searched for a
 * line break once: `clear` remembers how far the last search found none, so a text of one long line
 * is not searched to its end again for every reference on it (that made extract() quadratic in the
 * length of a line: issue 25 item 3).
 */
class LineTracker {
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  /** No "\n" lies in [offset, clear) (absolute offsets). */
  private clear = 0;

  /**
   * The position of `to`, reading the characters of `text` (which starts at offset `base`). Moving
   * forward counts the line breaks passed; moving back (a trailing-punctuation repair lies after the
   * end of its reference) counts them back within `text`, without moving.
   */
  at(text: string, base: number, to: number): TextPosition {
    if (to >= this.offset) {
      let i = Math.max(this.offset, this.clear, base) - base;
      const end = to - base;
      while (i < end) {
        const nl = text.indexOf("\n", i);
        if (nl < 0 || nl >= end) {
          this.clear = base + (nl < 0 ? text.length : nl);
          break;
        }
        this.line++;
        this.lineStart = base + nl + 1;
        i = nl + 1;
      }
      this.offset = to;
      return { offset: to, line: this.line, column: to - this.lineStart + 1 };
    }
    let line = this.line;
    let lineStart = this.lineStart;
    if (to < lineStart) {
      const lo = Math.max(to, base) - base;
      for (let i = this.offset - base - 1; i >= lo; i--) if (text.charCodeAt(i) === 10 && base + i < this.lineStart) line--;
      const nl = text.lastIndexOf("\n", to - base - 1);
      lineStart = nl >= 0 ? base + nl + 1 : base;
    }
    return { offset: to, line, column: to - lineStart + 1 };
  }
}

function judge(spec: SpecId, input: string): Verdict {
  const r = parse(input, { spec });
  if (r.ok) return r.production ? { valid: true, rule: r.rule, production: r.production } : { valid: true, rule: r.rule };
  return { valid: false, rule: r.rule, ...(r.production ? { production: r.production } : {}), error: r.error };
}

function tooLong(cfg: Config, found: Found): Verdict {
  const message = `The reference is longer than ${cfg.max} characters (maxReferenceLength): only its first ${cfg.max} are reported, and it is not judged.`;
  return {
    valid: false,
    rule: null,
    error: { code: "reference-too-long", spec: cfg.spec, startRule: null, rule: null, section: null, ruleStack: [], offset: found.reference.length, line: 1, column: found.reference.length + 1, found: null, expected: [], message },
  };
}

/** The reference and what parse() judges: "URL:" is part of a draft-1994 URL; rfc1738 keeps the fragment apart. */
function judgedForms(cfg: Config, reference: string, prefix: string | null): { judged: string; fragment?: string } {
  let url = reference;
  let fragment: string | undefined;
  if (cfg.rules.fragment === "separate") {
    const hash = reference.indexOf("#");
    if (hash >= 0) {
      url = reference.slice(0, hash);
      fragment = reference.slice(hash + 1);
    }
  }
  const judged = prefix !== null && cfg.rules.urlPrefix.status === "part-of-url" ? prefix + url : url;
  return fragment === undefined ? { judged } : { judged, fragment };
}

function withPosition(r: PendingRepair, at: TextPosition): Repair {
  switch (r.kind) {
    case "whitespace-removed":
      return { kind: r.kind, at, length: r.length, lineBreak: r.lineBreak };
    case "padding-removed":
      return { kind: r.kind, at, length: r.length };
    case "hyphen-at-line-break":
      return { kind: r.kind, at, kept: r.kept, ambiguous: true };
    case "trailing-punctuation":
      return { kind: r.kind, at, text: r.text, why: r.why };
    case "truncated":
      return { kind: r.kind, at, limit: r.limit };
  }
}

function complete(cfg: Config, found: Found, text: string, base: number, lines: LineTracker): ExtractedReference {
  // Positions in text order: the start, the repairs, the end (a trailing-punctuation repair lies
  // after the end of its bare reference, on the same line: the tracker looks back for it).
  const start = lines.at(text, base, found.start);
  const repairs: Repair[] = found.repairs.map((r) => withPosition(r, lines.at(text, base, r.offset)));
  const end = lines.at(text, base, found.end);
  const forms = judgedForms(cfg, found.reference, found.prefix);
  const verdict = !cfg.check ? null : found.truncated ? tooLong(cfg, found) : judge(cfg.spec, forms.judged);
  const ref: ExtractedReference = {
    spec: cfg.spec,
    start,
    end,
    referenceStart: found.referenceStart,
    referenceEnd: found.referenceEnd,
    wrapper: found.wrapper,
    text: text.slice(found.start - base, found.end - base),
    notes: found.prefix !== null ? [cfg.rules.urlPrefix.note] : [],
    source: text.slice(found.referenceStart - base, found.referenceEnd - base),
    reference: found.reference,
    repairs,
    verdict,
  };
  if (forms.fragment !== undefined) ref.fragment = forms.fragment;
  if (forms.judged !== found.reference) ref.judged = forms.judged;
  if (found.alternative !== null) {
    const alt = judgedForms(cfg, found.alternative, found.prefix);
    ref.alternative = {
      reference: found.alternative,
      ...(alt.judged !== found.alternative ? { judged: alt.judged } : {}),
      verdict: cfg.check ? judge(cfg.spec, alt.judged) : null,
      why: cfg.hyphen === "keep" ? "the hyphen at the line break dropped" : "the hyphen at the line break kept",
    };
  }
  return ref;
}

// ---------------------------------------------------------------------------------------------
// The public forms.

/**
 * Finds the URL references in `text` by the delimiting rules of `options.spec` (default draft-2003),
 * reassembles them and judges each with parse(). Never throws: a non-string text or an unknown
 * revision comes back as `{ ok: false, error }`, the same error value parse() gives.
 *
 * @example
 * import { extract } from "uri-grammars";
 * const r = extract("See <URL:http://a.b/c> and http://x.y/z.");
 * if (r.ok) r.references.map((x) => [x.reference, x.wrapper, x.verdict?.valid]); // => [["http://a.b/c", "<URL:...>", true], ["http://x.y/z", "bare", true]]
 */
export function extract(text: unknown, options: ExtractOptions = {}): ExtractResult {
  const c = configure(options);
  if (!c.ok) return c;
  if (typeof text !== "string") return { ok: false, spec: c.config.spec, error: notAString(c.config.spec, text) };
  const references: ExtractedReference[] = [];
  const lines = new LineTracker();
  scan(c.config, text, 0, 0, text.length, (f) => references.push(complete(c.config, f, text, 0, lines)));
  return { ok: true, spec: c.config.spec, references };
}

/** The streaming form: push chunks of one text in order, then end(). */
export interface Extractor {
  readonly spec: string;
  /** References complete in the text pushed so far (in text order). */
  push(chunk: string): ExtractedReference[];
  /** The remaining references; the extractor is done after this. */
  end(): ExtractedReference[];
  /** No reference reported later starts (referenceStart) before this offset. */
  readonly settled: number;
  /** Set when a chunk was not a string (it is skipped); the references stay those of the strings. */
  readonly error: ParseError | null;
}

/** What createExtractor() returns: a streaming extractor, or the error. */
export type ExtractorResult = { ok: true; spec: string; extractor: Extractor } | { ok: false; spec: string; error: ParseError };

/**
 * The streaming form of extract(): memory stays within about 1.25 x maxReferenceLength plus one
 * chunk, and each character is scanned a bounded number of times whatever the chunks' sizes (one
 * character each included), so a text of any size streams in linear time.
 * The references are those extract() finds in the whole text, however the text is cut.
 *
 * @example
 * import { createExtractor } from "uri-grammars";
 * const c = createExtractor({ spec: "rfc1738" });
 * if (c.ok) {
 *   c.extractor.push("go to http://a.b/").length; // => 0
 *   c.extractor.end().map((r) => r.reference);    // => ["http://a.b/"]
 * }
 */
export function createExtractor(options: ExtractOptions = {}): ExtractorResult {
  const c = configure(options);
  if (!c.ok) return c;
  const cfg = c.config;
  const window = cfg.max + WINDOW_MARGIN;
  // A scan looks for the next candidate up to the end of the buffer and then cuts the buffer: both
  // cost the window. Scanning only once SCAN_STEP more characters have come pays that once per
  // SCAN_STEP characters, not once per push (1-character chunks cost 37 s per MB: issue 25 item 3).
  const step = Math.max(1024, window >> 2);
  let buffer = "";
  let base = 0;
  let from = 0;
  let done = false;
  let error: ParseError | null = null;
  const lines = new LineTracker();
  // The extractor judges what it finds later, in calls of its own (push, end, an extractChunks()
  // loop across awaits): with the registry of the call that made it (src/revisions/scope.ts).
  const registry = registryInForce();
  const run = (final: boolean): ExtractedReference[] => withRegistry(registry, () => scanRegion(final));
  const scanRegion = (final: boolean): ExtractedReference[] => {
    const out: ExtractedReference[] = [];
    const regionEnd = final ? buffer.length : buffer.length - window;
    if (regionEnd <= from || (!final && regionEnd - from < step)) return out;
    const text = buffer;
    from = scan(cfg, text, base, from, regionEnd, (f) => out.push(complete(cfg, f, text, base, lines)));
    // Keep one character before `from`: a bare start looks at the character before it.
    const cut = Math.max(0, from - 1);
    if (cut > 0) {
      lines.at(buffer, base, base + cut);
      buffer = buffer.slice(cut);
      base += cut;
      from -= cut;
    }
    return out;
  };
  const extractor: Extractor = {
    spec: cfg.spec,
    push(chunk: string): ExtractedReference[] {
      if (done) return [];
      if (typeof chunk !== "string") {
        error = notAString(cfg.spec, chunk);
        return [];
      }
      buffer += chunk;
      return run(false);
    },
    end(): ExtractedReference[] {
      if (done) return [];
      done = true;
      const out = run(true);
      buffer = "";
      return out;
    },
    get settled() {
      return done ? Number.POSITIVE_INFINITY : base + from;
    },
    get error() {
      return error;
    },
  };
  return { ok: true, spec: cfg.spec, extractor };
}

/**
 * extract() over an (async) iterable of string chunks (a browser's decoded ReadableStream, a Node
 * stream with setEncoding("utf8")), yielding references as they complete. Its return value says
 * whether the options and chunks were good: an unknown revision yields nothing and returns the error.
 *
 * @example (compiled, not run: it is asynchronous)
 * import { extractChunks } from "uri-grammars";
 * async function links(chunks: AsyncIterable<string>): Promise<string[]> {
 *   const out: string[] = [];
 *   for await (const r of extractChunks(chunks, { spec: "draft-1997" })) out.push(r.reference);
 *   return out;
 * }
 */
export function extractChunks(
  chunks: Iterable<string> | AsyncIterable<string>,
  options: ExtractOptions = {},
): AsyncGenerator<ExtractedReference, { ok: true; spec: string } | { ok: false; spec: string; error: ParseError }, undefined> {
  // The extractor is made now, in the call (with its registry: src/revisions/scope.ts), not when the
  // generator first runs, which is after the call has returned.
  return readChunks(chunks, createExtractor(options));
}

async function* readChunks(
  chunks: Iterable<string> | AsyncIterable<string>,
  c: ExtractorResult,
): AsyncGenerator<ExtractedReference, { ok: true; spec: string } | { ok: false; spec: string; error: ParseError }, undefined> {
  if (!c.ok) return c;
  const notIterable = { ok: false as const, spec: c.spec, error: invalidOption(c.spec, null, `extractChunks() reads an iterable or async iterable of strings, not ${describeValue(chunks)}.`).error };
  let iterable: boolean;
  try {
    const it = chunks as Partial<AsyncIterable<string> & Iterable<string>> | null;
    iterable = typeof it === "string" || (typeof it === "object" && it !== null && (typeof it[Symbol.asyncIterator] === "function" || typeof it[Symbol.iterator] === "function"));
  } catch {
    iterable = false; // a Proxy that throws
  }
  if (!iterable) return notIterable;
  try {
    for await (const chunk of chunks as AsyncIterable<string>) yield* c.extractor.push(chunk);
  } catch (e) {
    // The caller's iterable threw (its next(), a rejected chunk): the text before it is read to its end.
    yield* c.extractor.end();
    return { ok: false, spec: c.spec, error: invalidOption(c.spec, null, `reading the chunks threw ${thrownText(e)}; the references in the text before it were yielded.`).error };
  }
  yield* c.extractor.end();
  return c.extractor.error ? { ok: false, spec: c.spec, error: c.extractor.error } : { ok: true, spec: c.spec };
}

// ---------------------------------------------------------------------------------------------
// Several revisions side by side (`extract --all-specs`, the explorer).

/** One place in the text (the offset where the reference's own text starts) and what each revision found there. */
export interface ReferenceGroup {
  /** referenceStart shared by the references of the group. */
  offset: number;
  /** Per revision: its reference starting at `offset`, or null when it found none there. */
  bySpec: Record<string, ExtractedReference | null>;
  /** What differs between the revisions here (empty when they agree). */
  differences: string[];
}

/** A streaming extractor for several revisions at once (createMultiExtractor()). */
export interface MultiExtractor {
  readonly specs: string[];
  push(chunk: string): ReferenceGroup[];
  end(): ReferenceGroup[];
}

/** What createMultiExtractor() returns: the extractor, or the error. */
export type MultiExtractorResult = { ok: true; specs: string[]; extractor: MultiExtractor } | { ok: false; spec: string; error: ParseError };

/** The options of createMultiExtractor() and extractAllSpecs(): extract()'s, with the revisions to run (default all). */
export type MultiExtractOptions = Omit<ExtractOptions, "spec"> & { specs?: SpecId[] | undefined };

const MULTI_EXTRACT_OPTION_NAMES = /* @__PURE__ */ optionNames<MultiExtractOptions>({ specs: true, check: true, hyphen: true, anyScheme: true, maxReferenceLength: true });

/**
 * Runs one extractor per revision (default: every available revision) and groups their references by place.
 *
 * @example
 * import { createMultiExtractor } from "uri-grammars";
 * const m = createMultiExtractor({ specs: ["draft-1997", "draft-2003"] });
 * if (m.ok) m.extractor.end().length; // => 0
 */
export function createMultiExtractor(options: MultiExtractOptions = {}): MultiExtractorResult {
  // A string in place of the options is the one revision to run (src/request.ts optionsObject).
  const o = optionsObject(typeof options === "string" ? { specs: [options] } : options, MULTI_EXTRACT_OPTION_NAMES);
  const asked = requireSpecList(o.specs);
  if (isFailure(asked)) return { ok: false, spec: asked.spec, error: asked.error };
  const specs = asked ?? availableSpecIds();
  const extractors: Extractor[] = [];
  for (const spec of specs) {
    const { specs: _all, ...each } = o;
    const c = createExtractor({ ...each, spec: spec as SpecId });
    if (!c.ok) return c;
    extractors.push(c.extractor);
  }
  const pending = new Map<number, Record<string, ExtractedReference | null>>();
  const add = (refs: ExtractedReference[]) => {
    for (const r of refs) {
      let g = pending.get(r.referenceStart);
      if (!g) {
        g = Object.fromEntries(specs.map((s) => [s, null]));
        pending.set(r.referenceStart, g);
      }
      g[r.spec] = r;
    }
  };
  let flushedAt = -1;
  const flush = (all: boolean): ReferenceGroup[] => {
    const settled = Math.min(...extractors.map((e) => e.settled));
    // Nothing settles between two scans: a push of a few characters costs no pass over the groups.
    if (!all && settled === flushedAt) return [];
    flushedAt = settled;
    const ready = [...pending.keys()].filter((k) => all || k < settled).sort((a, b) => a - b);
    return ready.map((offset) => {
      const bySpec = pending.get(offset)!;
      pending.delete(offset);
      return { offset, bySpec, differences: differences(specs, bySpec) };
    });
  };
  const extractor: MultiExtractor = {
    specs,
    push(chunk: string) {
      for (const e of extractors) add(e.push(chunk));
      return flush(false);
    },
    end() {
      for (const e of extractors) add(e.end());
      return flush(true);
    },
  };
  return { ok: true, specs, extractor };
}

/**
 * extract() under several revisions at once, grouped by place, with what differs between them.
 *
 * @example
 * import { extractAllSpecs } from "uri-grammars";
 * const r = extractAllSpecs("<http://a/~b>", { specs: ["rfc1738", "draft-1997"] });
 * if (r.ok) r.groups.map((g) => [g.offset, g.differences]); // => [[1, ["verdict"]]]
 */
export function extractAllSpecs(text: unknown, options: MultiExtractOptions = {}): { ok: true; specs: string[]; groups: ReferenceGroup[] } | { ok: false; spec: string; error: ParseError } {
  const c = createMultiExtractor(options);
  if (!c.ok) return c;
  if (typeof text !== "string") return { ok: false, spec: c.specs[0] ?? defaultSpec(), error: notAString(c.specs[0] ?? defaultSpec(), text) };
  return { ok: true, specs: c.specs, groups: [...c.extractor.push(text), ...c.extractor.end()] };
}

/** Names what differs between the revisions' readings of one place. */
function differences(specs: string[], bySpec: Record<string, ExtractedReference | null>): string[] {
  const refs = specs.map((s) => bySpec[s]);
  const out: string[] = [];
  if (refs.some((r) => r === null)) out.push(`not found by ${specs.filter((s) => bySpec[s] === null).join(", ")}`);
  const found = refs.filter((r): r is ExtractedReference => r !== null);
  const among = (f: (r: ExtractedReference) => string) => new Set(found.map(f)).size > 1;
  if (among((r) => r.wrapper)) out.push("wrapper");
  if (among((r) => r.reference)) out.push("reference");
  if (among((r) => r.judged ?? r.reference)) out.push("judged text");
  if (among((r) => (r.verdict === null ? "-" : r.verdict.valid ? "valid" : "invalid"))) out.push("verdict");
  if (among((r) => r.notes.join("|")) && found.some((r) => r.notes.length > 0)) out.push("URL: prefix");
  return out;
}
