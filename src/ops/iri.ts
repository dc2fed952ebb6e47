// Mapping between IRIs and URIs: RFC 3987 §3.1 (IRI to URI) and §3.2 (URI to IRI), for the
// revisions whose descriptor says they are IRIs (Revision.iri: the URI revision the mapping
// produces). Both validate their input with the IRI revision's grammar first ("Every URI is by
// definition an IRI", §3.1) and never throw: an invalid input, a non-string, an unknown or non-IRI
// spec come back as parse()'s error value.
import { usageError, type ParseError } from "../errors";
import { parse, validate, verdictOf, type ParseFailure } from "../parse";
import { describeValue, invalidOption, optionsObject } from "../request";
import { availableSpecIds, findRule, getRevision, type Revision, type SpecId } from "../revisions";
import { labelToAscii, labelToUnicode } from "./idna";

/** The options of `toURI()` and `toIRI()`. */
export interface IriOptions {
  /** An IRI revision (one whose descriptor has `iri`); default: the first of them in the registry. */
  spec?: SpecId | undefined;
  /**
   * The host is a domain name (RFC 3987 §3.1: "for schemes known to use domain names in ireg-name, if
   * the scheme definition does not allow percent-encoding for ireg-name"): toURI() converts each label
   * of the ireg-name that has a character above U+007F by IDNA ToASCII (`例え.jp` -> `xn--r8jz45g.jp`),
   * toIRI() each `xn--` label by ToUnicode (§3.2). Default false: the host is percent-encoded like the
   * rest (toURI) and `xn--` labels stay (toIRI).
   */
  idna?: boolean | undefined;
}

/** The options toURI() and toIRI() read. */
const IRI_OPTION_NAMES = ["spec", "idna"] as const;

/** What toURI() returns: the URI (RFC 3987 §3.1), or the error. */
export type ToUriResult = { ok: true; spec: SpecId; uri: string } | ParseFailure;
/** What toIRI() returns: the IRI (RFC 3987 §3.2), or the error. */
export type ToIriResult = { ok: true; spec: SpecId; iri: string } | ParseFailure;

/**
 * The IRI revisions, oldest first (those whose descriptor has `iri`).
 *
 * @example
 * import { iriSpecIds } from "uri-grammars";
 * iriSpecIds(); // => ["rfc3987"]
 */
export function iriSpecIds(): SpecId[] {
  return availableSpecIds().filter((id) => getRevision(id)?.iri !== undefined);
}

/**
 * The revision asked for, if it is an IRI revision, or the error value: parse()'s for an unknown
 * spec or a non-string input (the same value as parse() gives), invalid-option for a revision that
 * is not an IRI revision.
 */
function iriRevision(spec: unknown, input: unknown): Revision | ParseFailure {
  const id = spec === undefined ? iriSpecIds()[0] : spec;
  const revision = getRevision(id);
  if (revision === undefined || typeof input !== "string") {
    const r = verdictOf(input, { spec: id as SpecId });
    if (!r.ok) return r;
  }
  if (revision?.iri !== undefined) return revision;
  const named = typeof id === "string" ? id : String(id);
  const code = "invalid-option";
  const message = `${JSON.stringify(named)} is not an IRI revision: toURI() and toIRI() follow RFC 3987 §3; use one of ${iriSpecIds().join(", ")}`;
  return { ok: false, spec: named, rule: null, error: usageError(code, named, null, message) };
}

/** The IRI revision asked for, the input once the revision's grammar accepts it, and whether to convert the host by IDNA; or the error value. */
function validIri(input: unknown, options: IriOptions | undefined): { revision: Revision; text: string; idna: boolean } | ParseFailure {
  const o = optionsObject(options, IRI_OPTION_NAMES) as IriOptions;
  const revision = iriRevision(o.spec, input);
  if ("ok" in revision) return revision;
  if (o.idna !== undefined && typeof o.idna !== "boolean") return { ...invalidOption(revision.id, null, `idna must be true or false, not ${describeValue(o.idna)}.`), spec: revision.id };
  const v = verdictOf(input, { spec: revision.id as SpecId });
  if (!v.ok) return v;
  return { revision, text: input as string, idna: o.idna === true };
}

/** Where the ireg-name is (the host of the authority when the grammar derives it as a registered name), or null. */
function regNameSpan(revision: Revision, text: string): { start: number; end: number } | null {
  const r = parse(text, { spec: revision.id as SpecId });
  if (!r.ok) return null;
  const host = (r.ast as { authority?: { host?: { kind?: string; span?: { start: number; end: number } } | null } | null }).authority?.host;
  return host && host.kind === "reg-name" && host.span ? host.span : null;
}

/**
 * The text with each label of its ireg-name replaced by `convert(label)` where `applies(label)`, or the
 * error of the first label that cannot be converted (null from `convert`) when `failure` says so.
 */
function convertLabels(revision: Revision, text: string, applies: (label: string) => boolean, convert: (label: string) => string | null, failure: ((label: string, at: number) => ParseFailure) | null): string | ParseFailure {
  const span = regNameSpan(revision, text);
  if (span === null) return text;
  const labels = text.slice(span.start, span.end).split(".");
  let at = span.start;
  const out: string[] = [];
  for (const label of labels) {
    const converted = applies(label) ? convert(label) : label;
    if (converted === null && failure !== null) return failure(label, at);
    out.push(converted ?? label);
    at += label.length + 1;
  }
  return text.slice(0, span.start) + out.join(".") + text.slice(span.end);
}

/** The not-expressible error of a label IDNA ToASCII refuses: its offset in the input, the rule ireg-name. */
function toAsciiFailure(revision: Revision, label: string, at: number): ParseFailure {
  const rule = "ireg-name";
  const message = `The label ${JSON.stringify(label)} at offset ${at} cannot be converted by IDNA ToASCII (RFC 3987 §3.1, RFC 3490 §4.1 with UseSTD3ASCIIRules: letters, digits and "-", no "-" at either end, at most 63 characters once converted), so the IRI "cannot be resolved" as a domain name; convert without idna to percent-encode the host instead.`;
  const error: ParseError = { ...usageError("not-expressible", revision.id, null, message), code: "not-expressible", rule, section: findRule(revision, rule)?.section ?? null, offset: at, line: 1, column: at + 1, found: label.length > 0 ? String.fromCodePoint(label.codePointAt(0)!) : null };
  return { ok: false, spec: revision.id, rule: null, error };
}

/** A label that holds a character above U+007F: RFC 3490 §4.1 step 1 leaves the others as they are. */
const NON_ASCII = /[^\x00-\x7f]/;
/** An ACE label (RFC 3490 §5: the prefix "xn--", in either case). */
const ACE = /^xn--/i;

/**
 * RFC 3987 §3.1: the URI an IRI maps to. Step 1 variant c (the input is a JavaScript string, a
 * Unicode encoding: "do not normalize"); step 2: every character of `ucschar` or `iprivate`
 * (every character above U+007F the IRI grammar accepts) becomes its UTF-8 octets as %HH, with
 * upper-case hex digits (2.2: "SHOULD use uppercase letters"). The host is percent-encoded like
 * the rest: the text allows the ToASCII conversion of an ireg-name (IDNA), which is not done here.
 * Everything else, existing percent-encodings included, is left as it is.
 *
 * @example
 * import { toURI } from "uri-grammars";
 * const r = toURI("http://r\u00E9sum\u00E9.example.org");
 * r.ok && r.uri; // => "http://r%C3%A9sum%C3%A9.example.org"
 * const idn = toURI("http://例え.jp/", { idna: true });
 * idn.ok && idn.uri; // => "http://xn--r8jz45g.jp/"
 */
export function toURI(input: unknown, options?: IriOptions): ToUriResult {
  const valid = validIri(input, options);
  if ("ok" in valid) return valid;
  const { revision } = valid;
  // §3.1: "Systems accepting IRIs MAY convert the ireg-name component of an IRI as follows (before
  // step 2 above) ... Replace the ireg-name part of the IRI by the part converted using the ToASCII
  // operation specified in section 4.1 of [RFC3490] on each dot-separated label".
  const text = valid.idna ? convertLabels(revision, valid.text, (l) => NON_ASCII.test(l), labelToAscii, (label, at) => toAsciiFailure(revision, label, at)) : valid.text;
  if (typeof text !== "string") return text;
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    // §3.1 step 2.1-2.3: ucschar and iprivate are exactly the accepted characters above U+007F.
    out += cp < 0x80 ? ch : percentEncodeUtf8(cp);
  }
  return { ok: true, spec: revision.id as SpecId, uri: out };
}

/**
 * RFC 3987 §3.2: the IRI a URI converts to. Step 2 decodes every percent-encoding except those of
 * "%", of `reserved` characters and of US-ASCII characters not allowed in URIs (so only the
 * unreserved characters and the octets 80-FF are decoded); step 3 re-encodes every decoded octet
 * that is not part of a strictly legal UTF-8 sequence; step 4 re-encodes the characters that are
 * not appropriate (§2.2: not a `ucschar` (an `iprivate` only in the query); §4.1: the bidi
 * formatting characters LRM, RLM and LRE ... RLO, which "MUST NOT" be used); step 5 reads the
 * octets as UTF-8. A re-encoded octet keeps the case of the URI's hex digits unless steps 3-4
 * changed it, where it is upper case (as the §3.2.1 examples show). With `idna` true, each `xn--`
 * label of the reg-name is first decoded by IDNA ToUnicode, as §3.2 allows ("Implementations with
 * scheme-specific knowledge MAY convert punycode-encoded domain name labels to the corresponding
 * characters by using the ToUnicode procedure"); a label that decodes to no valid name, or to a
 * character §2.2 does not allow in an IRI, stays as it is.
 *
 * @example
 * import { toIRI } from "uri-grammars";
 * const r = toIRI("http://www.example.org/D%C3%BCrst");
 * r.ok && r.iri; // => "http://www.example.org/D\u00FCrst"
 * const idn = toIRI("http://xn--99zt52a.example.org/", { idna: true });
 * idn.ok && idn.iri; // => "http://\u7D0D\u8C46.example.org/"
 */
export function toIRI(input: unknown, options?: IriOptions): ToIriResult {
  const valid = validIri(input, options);
  if ("ok" in valid) return valid;
  const { revision } = valid;
  const decoded = valid.idna ? convertLabels(revision, valid.text, (l) => ACE.test(l), (l) => appropriateLabel(labelToUnicode(l)), null) : valid.text;
  const text = typeof decoded === "string" ? decoded : valid.text;
  // The query, where §2.2 allows iprivate: after the first "?" and before the first "#".
  const queryStart = text.indexOf("?");
  const hash = text.indexOf("#");
  const hasQuery = queryStart >= 0 && (hash < 0 || queryStart < hash);
  const inQuery = (at: number) => hasQuery && at > queryStart && (hash < 0 || at < hash);
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) !== 0x25 || !isPercentEncoding(text, i)) {
      out += text[i++];
      continue;
    }
    const octet = Number.parseInt(text.slice(i + 1, i + 3), 16);
    // Step 2: unreserved US-ASCII characters are decoded; "%", reserved and disallowed ASCII are not.
    if (octet < 0x80) {
      out += UNRESERVED.test(String.fromCharCode(octet)) ? String.fromCharCode(octet) : text.slice(i, i + 3);
      i += 3;
      continue;
    }
    // Steps 3-5 on a run of octets 80-FF: a strictly legal UTF-8 sequence of a character §2.2 and
    // §4.1 allow becomes that character; any other octet stays (re-)percent-encoded.
    const need = utf8Length(octet);
    const bytes = [octet];
    let j = i + 3;
    while (bytes.length < need && isPercentEncoding(text, j)) {
      const b = Number.parseInt(text.slice(j + 1, j + 3), 16);
      if ((b & 0xc0) !== 0x80) break;
      bytes.push(b);
      j += 3;
    }
    const cp = bytes.length === need ? decodeUtf8(bytes) : -1;
    if (cp >= 0 && appropriate(cp, inQuery(i))) {
      out += String.fromCodePoint(cp);
      i = j;
    } else {
      // Step 3 or 4: the first octet stays encoded (upper case); the next ones are read again.
      out += `%${hex(octet)}`;
      i += 3;
    }
  }
  if (validate(out, { spec: revision.id as SpecId })) return { ok: true, spec: revision.id as SpecId, iri: out };
  return { ok: true, spec: revision.id as SpecId, iri: text === valid.text || validate(text, { spec: revision.id as SpecId }) ? text : valid.text };
}

/** A label ToUnicode gave, if every character of it is one §2.2 allows in an ireg-name (ucschar, §4.1's bidi formatting characters excluded), else null. */
function appropriateLabel(label: string | null): string | null {
  if (label === null) return null;
  for (const ch of label) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x80 && !appropriate(cp, false)) return null;
  }
  return label;
}

/** RFC 3986 §2.3 unreserved. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function isPercentEncoding(text: string, at: number): boolean {
  return at + 2 < text.length && text.charCodeAt(at) === 0x25 && /^[0-9A-Fa-f]{2}$/.test(text.slice(at + 1, at + 3));
}

function hex(octet: number): string {
  return octet.toString(16).toUpperCase().padStart(2, "0");
}

/** The length of the UTF-8 sequence a lead octet begins (RFC 3629 §4), or 0 when it begins none. */
function utf8Length(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** The code point of a strictly legal UTF-8 sequence (RFC 3629 §4: no overlong form, no surrogate, at most U+10FFFF), or -1. */
function decodeUtf8(bytes: number[]): number {
  if (bytes.length === 0) return -1;
  let cp: number;
  if (bytes.length === 2) cp = ((bytes[0] & 0x1f) << 6) | (bytes[1] & 0x3f);
  else if (bytes.length === 3) cp = ((bytes[0] & 0x0f) << 12) | ((bytes[1] & 0x3f) << 6) | (bytes[2] & 0x3f);
  else cp = ((bytes[0] & 0x07) << 18) | ((bytes[1] & 0x3f) << 12) | ((bytes[2] & 0x3f) << 6) | (bytes[3] & 0x3f);
  const min = [0, 0, 0x80, 0x800, 0x10000][bytes.length];
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return -1;
  return cp;
}

/** §2.2 ucschar, and iprivate in the query; §4.1 forbids the bidi formatting characters U+200E, U+200F, U+202A-U+202E. */
function appropriate(cp: number, inQuery: boolean): boolean {
  if (cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e)) return false;
  const ucschar =
    (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xf900 && cp <= 0xfdcf) || (cp >= 0xfdf0 && cp <= 0xffef) || (cp >= 0x10000 && cp <= 0xdfffd && (cp & 0xffff) <= 0xfffd) || (cp >= 0xe1000 && cp <= 0xefffd);
  const iprivate = (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xf0000 && cp <= 0xffffd) || (cp >= 0x100000 && cp <= 0x10fffd);
  return ucschar || (inQuery && iprivate);
}

/** RFC 3987 §3.1 step 2.1-2.2: a code point's UTF-8 octets, each as %HH (upper case). */
function percentEncodeUtf8(cp: number): string {
  const bytes = cp < 0x800 ? [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)] : cp < 0x10000 ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)] : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return bytes.map((b) => `%${hex(b)}`).join("");
}
