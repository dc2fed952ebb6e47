/// <reference path="./tr46.d.ts" />
// The predicate of `valid domain string` (grammar/whatwg/grammar.peggy, `@predicate valid-domain`):
// the WHATWG URL Standard's "valid domain" (§3.4 #host-writing, whatwg/url 6ae8486), the one part of
// a valid URL string that is no regular language. The grammar matches the code points a valid domain
// can hold; this decides the match. UTS #46 is done by tr46 (the library whatwg-url uses, at the
// version whatwg-url 17.3.0 depends on); what tr46 reports is only "failure", so when it fails the
// checks are run one at a time to say which UTS #46 step or criterion refused the input.
//
// Errors are values: no function here throws, whatever its argument.
import { toASCII, toUnicode } from "tr46";

/** Which check refused a domain: a UTS #46 step or criterion, or the URL Standard's own check. */
export type DomainCheck =
  | "not-a-string"
  | "uts46-processing" // UTS #46 §4 Processing: a disallowed code point, Punycode, or §4.1 criteria 1, 4-7 without the flags
  | "UseSTD3ASCIIRules" // UTS #46 §4.1 Validity Criteria 7: an ASCII code point other than a-z, 0-9, "-"
  | "CheckHyphens" // UTS #46 §4.1 Validity Criteria 2 and 3
  | "CheckJoiners" // UTS #46 §4.1 Validity Criteria 8 (RFC 5892 Appendix A, ContextJ)
  | "CheckBidi" // UTS #46 §4.1 Validity Criteria 9 (RFC 5893 §2)
  | "VerifyDnsLength" // UTS #46 §4.2 ToASCII step 4
  | "uts46-toascii" // UTS #46 ToASCII failed and no single check above explains it
  | "ends-in-a-number"; // URL Standard §3.4 valid domain step 3 (the ends in a number checker, §3.5)

export type ValidDomainResult =
  | { readonly ok: true; readonly domain: string }
  | {
      readonly ok: false;
      readonly check: DomainCheck;
      /** The step, as the standards number it. */
      readonly step: string;
      /** The label (0-based, after UTS #46 mapping) the check refused, when one label is to blame. */
      readonly label: number | null;
      /** A sentence a person can act on. */
      readonly message: string;
    };

// URL Standard §3.3 domain parser ToASCII, beStrict true: "CheckHyphens set to beStrict, CheckBidi
// set to true, CheckJoiners set to true, UseSTD3ASCIIRules set to beStrict, Transitional_Processing
// set to false, VerifyDnsLength set to beStrict, and IgnoreInvalidPunycode set to false".
const STRICT = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
  verifyDNSLength: true,
  ignoreInvalidPunycode: false,
} as const;

const RELAXED = { ...STRICT, checkHyphens: false, checkBidi: false, checkJoiners: false, useSTD3ASCIIRules: false, verifyDNSLength: false } as const;

/**
 * URL Standard §3.4: "A string input is a valid domain if these steps return true:
 *   1. Let domain be the result of running domain parser with input and true.
 *   2. If domain is failure, then return false.
 *   3. If running the ends in a number checker on domain returns true, then return false.
 *   4. Return true."
 */
export function validDomain(input: string): ValidDomainResult {
  // Steps 1-2.
  const parsed = strictDomain(input);
  if (!parsed.ok) return parsed;
  // Step 3.
  if (endsInANumber(parsed.domain)) {
    return {
      ok: false,
      check: "ends-in-a-number",
      step: "URL Standard §3.4 valid domain, step 3",
      label: parsed.domain.replace(/\.$/, "").split(".").length - 1,
      message: `${JSON.stringify(parsed.domain)} ends in a number, so a URL parser would read it as an IPv4 address: write the address as four decimal numbers 0-255, or end the domain in a label that is not a number.`,
    };
  }
  // Step 4.
  return parsed;
}

/**
 * URL Standard §3.3 domain parser with beStrict true: "If strictResult is a failure value, then
 * return failure. Return strictResult." (2026-06-25's "valid domain" is this alone.)
 */
export function strictDomain(input: string): ValidDomainResult {
  if (typeof input !== "string") {
    return { ok: false, check: "not-a-string", step: "URL Standard §3.4 valid domain", label: null, message: "A valid domain is a string; this is none." };
  }
  const ascii = asciiStrictDomain(input);
  if (ascii !== null) return { ok: true, domain: ascii };
  const strict = attempt(() => toASCII(input, STRICT));
  if (typeof strict === "string") return { ok: true, domain: strict };
  return diagnose(input);
}

/**
 * Strict ToASCII (the flags of STRICT) of a domain that is ASCII letters, digits, "-" and "." only
 * and that it accepts, without UTS #46's tables: the lowercased domain; null for any other input
 * (every refusal, every non-ASCII or Punycode label: tr46 decides those, and diagnose() says why).
 * The URL Standard's domain parser states a shortcut for ASCII with beStrict false only (2026-07-02
 * step 5, 2026-06-25 step 3.2: "set result to domain, lowercased"); with beStrict true it is UTS #46
 * itself that reduces to this on such a domain:
 * - §4 Processing step 1 (Map): A-Z are "mapped" to a-z; a-z, 0-9, "-" and "." are "valid" (tr46's
 *   table; test/whatwg-valid-domain.test.ts holds every ASCII code point to it). Step 2 (Normalize):
 *   ASCII is NFC. Step 3 (Break) on ".". Step 4: a label starting "xn--" would be Punycode, but it
 *   has "-" in its third and fourth positions, which this refuses below (tr46 then decides it).
 * - §4.1 Validity Criteria: 1 (NFC), 4 (not CheckHyphens: no test), 5 (no "."), 6 (no combining
 *   mark), 7 (status valid; UseSTD3ASCIIRules: a-z, 0-9, "-") hold for these characters; 8
 *   (CheckJoiners) concerns U+200C and U+200D only, 9 (CheckBidi) a Bidi domain name only (one with
 *   a right-to-left character); 2 and 3 (CheckHyphens) are tested here.
 * - §4.2 ToASCII: no label holds a non-ASCII code point, so none is Punycode-encoded; step 4
 *   (VerifyDnsLength): 1 to 253 characters, each label 1 to 63 (tr46 counts a trailing dot's empty
 *   label as empty: refused).
 */
export function asciiStrictDomain(input: string): string | null {
  const verdict = asciiStrictDomainAt(input, 0, input.length);
  // §4 Processing step 1: A-Z mapped to a-z.
  return verdict === ASCII_REFUSED ? null : verdict === ASCII_UPPER ? input.toLowerCase() : input;
}

/** asciiStrictDomainAt(): the shortcut does not answer (tr46 decides). */
const ASCII_REFUSED = 0;
/** asciiStrictDomainAt(): accepted, and the domain is its own ASCII form. */
const ASCII_LOWER = 1;
/** asciiStrictDomainAt(): accepted, and its ASCII form is the domain lowercased (it holds A-Z). */
const ASCII_UPPER = 2;

/** asciiStrictDomainAt()'s reading of an ASCII code point: what §4 Processing step 1 and §4.1 criterion 7 make of it. */
const LDH_OTHER = 0; // not valid with UseSTD3ASCIIRules (or not ASCII): the shortcut does not answer
const LDH_LOWER = 1; // a-z, 0-9: valid
const LDH_UPPER = 2; // A-Z: mapped to a-z
const LDH_HYPHEN = 3; // "-": valid (CheckHyphens looks at where)
const LDH_DOT = 4; // ".": step 3 breaks labels there
const LDH = /* @__PURE__ */ Uint8Array.from({ length: 128 }, (_, c) =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) ? LDH_LOWER : c >= 0x41 && c <= 0x5a ? LDH_UPPER : c === 0x2d ? LDH_HYPHEN : c === 0x2e ? LDH_DOT : LDH_OTHER,
);

/**
 * asciiStrictDomain()'s checks (the UTS #46 steps and criteria it states) on input[start, end), read
 * in place, one lookup per code unit: ASCII_REFUSED where it does not answer, else ASCII_LOWER or
 * ASCII_UPPER.
 */
function asciiStrictDomainAt(input: string, start: number, end: number): number {
  const n = end - start;
  if (n <= 0 || n > 253) return ASCII_REFUSED;
  let labelStart = start;
  let upper = false;
  for (let i = start; i < end; i++) {
    const c = input.charCodeAt(i);
    const kind = c < 128 ? LDH[c] : LDH_OTHER;
    if (kind === LDH_DOT) {
      if (!ldhLabel(input, labelStart, i)) return ASCII_REFUSED;
      labelStart = i + 1;
    } else if (kind === LDH_UPPER) upper = true;
    else if (kind === LDH_OTHER) return ASCII_REFUSED;
  }
  if (!ldhLabel(input, labelStart, end)) return ASCII_REFUSED;
  return upper ? ASCII_UPPER : ASCII_LOWER;
}

/** The label checks of asciiStrictDomainAt() on the label input[from, to) (its characters already read). */
function ldhLabel(input: string, from: number, to: number): boolean {
  const length = to - from;
  // §4.2 step 4 (VerifyDnsLength): each label 1 to 63; §4.1 criterion 3: no "-" first or last.
  if (length === 0 || length > 63 || input.charCodeAt(from) === 0x2d || input.charCodeAt(to - 1) === 0x2d) return false;
  // §4.1 criterion 2: no "-" in both the third and fourth positions (so no "xn--" label either).
  return !(length >= 4 && input.charCodeAt(from + 2) === 0x2d && input.charCodeAt(from + 3) === 0x2d);
}

/**
 * Whether input[start, end) is a valid domain (validDomain() ok) by the ASCII shortcut, read in
 * place (no copy of the match, no result object): true when asciiStrictDomain() accepts it (steps
 * 1-2 through strict ToASCII) and the ends in a number checker refuses it (step 3); false where the
 * shortcut does not answer or step 3 refuses, for validDomain() to decide and say why. The checker
 * reads the domain as written: its result is the same on the domain lowercased (§3.5 reads ASCII
 * digits, "0x"/"0X" and hex digits of either case only).
 */
export function validAsciiDomainAt(input: string, start: number, end: number): boolean {
  return asciiStrictDomainAt(input, start, end) !== ASCII_REFUSED && !endsInANumberAt(input, start, end);
}

/** Whether input[start, end) is a valid domain of the 2026-06-25 snapshot (strictDomain() ok) by the ASCII shortcut, read in place; false: strictDomain() decides. */
export function strictAsciiDomainAt(input: string, start: number, end: number): boolean {
  return asciiStrictDomainAt(input, start, end) !== ASCII_REFUSED;
}

/** Which UTS #46 check refused `input` (strict ToASCII failed): the first, in the order UTS #46 applies them. */
function diagnose(input: string): ValidDomainResult & { ok: false } {
  const refused = (check: DomainCheck, step: string, label: number | null, message: string) => ({ ok: false as const, check, step, label, message });
  // UTS #46 §4 Processing without the optional checks: mapping (disallowed code points), Punycode
  // of "xn--" labels, and the criteria that hold whatever the flags.
  const processed = attempt(() => toUnicode(input, RELAXED));
  if (processed === null || processed.error) {
    // The labels as written (UTS #46 maps these four full stops to "."), each processed alone.
    const labels = input.split(/[.\u3002\uFF0E\uFF61]/);
    const bad = labels.findIndex((l) => attempt(() => toUnicode(l, RELAXED))?.error !== false);
    const label = bad >= 0 ? labels[bad] : null;
    const why = label !== null && /^xn--/i.test(label)
      ? `its label ${JSON.stringify(label)} is Punycode that does not decode to a label UTS #46 accepts (invalid Punycode, an ASCII or empty decoding, or code points that are not valid)`
      : `${label === null ? "it" : `its label ${JSON.stringify(label)}`} holds a code point UTS #46 disallows, or breaks a validity criterion (NFC, a leading combining mark)`;
    return refused("uts46-processing", "UTS #46 §4 Processing, step 4 (Convert/Validate; §4.1 Validity Criteria 1, 4-7)", bad >= 0 ? bad : null, `The domain ${JSON.stringify(input)} is refused by UTS #46 processing: ${why}.`);
  }
  const labels = processed.domain.split(".");
  // §4.1 criterion 7 with UseSTD3ASCIIRules: ASCII must be a-z, 0-9 or "-".
  for (const [i, label] of labels.entries()) {
    const ascii = [...label].find((c) => c.charCodeAt(0) <= 0x7f && !/[a-z0-9-]/.test(c));
    if (ascii !== undefined) {
      return refused("UseSTD3ASCIIRules", "UTS #46 §4.1 Validity Criteria 7 (UseSTD3ASCIIRules)", i, `The label ${JSON.stringify(label)} holds ${JSON.stringify(ascii)} (U+${hex(ascii)}), which a domain may not: only a-z, 0-9 and "-" (after mapping).`);
    }
  }
  // §4.1 criteria 2 and 3 (CheckHyphens).
  for (const [i, label] of labels.entries()) {
    const cps = [...label];
    if (cps[2] === "-" && cps[3] === "-") {
      return refused("CheckHyphens", "UTS #46 §4.1 Validity Criteria 2 (CheckHyphens)", i, `The label ${JSON.stringify(label)} has "-" in its third and fourth positions, which only a Punycode label ("xn--") may.`);
    }
    if (label.startsWith("-") || label.endsWith("-")) {
      return refused("CheckHyphens", "UTS #46 §4.1 Validity Criteria 3 (CheckHyphens)", i, `The label ${JSON.stringify(label)} ${label.startsWith("-") ? "begins" : "ends"} with "-".`);
    }
  }
  // §4.1 criterion 8 (CheckJoiners), criterion 9 (CheckBidi): tr46 applies them per label.
  for (const [flag, check, step, sentence] of [
    ["checkJoiners", "CheckJoiners", "UTS #46 §4.1 Validity Criteria 8 (CheckJoiners: RFC 5892 Appendix A)", "holds a zero-width joiner or non-joiner where RFC 5892's ContextJ rules do not allow one"],
    ["checkBidi", "CheckBidi", "UTS #46 §4.1 Validity Criteria 9 (CheckBidi: RFC 5893 §2)", "mixes right-to-left and left-to-right text in a way RFC 5893's Bidi rule refuses"],
  ] as const) {
    const r = attempt(() => toUnicode(input, { ...RELAXED, [flag]: true }));
    if (r === null || r.error) {
      const bad = labels.findIndex((l) => attempt(() => toUnicode(l, { ...RELAXED, [flag]: true }))?.error !== false);
      return refused(check, step, bad >= 0 ? bad : null, `${bad >= 0 ? `The label ${JSON.stringify(labels[bad])}` : `The domain ${JSON.stringify(input)}`} ${sentence}.`);
    }
  }
  // §4.2 ToASCII step 4 (VerifyDnsLength), on the ASCII form: tr46 refuses an empty label anywhere
  // (a trailing dot too), a label over 63 and a domain over 253.
  const ascii = attempt(() => toASCII(input, RELAXED));
  if (typeof ascii === "string") {
    const asciiLabels = ascii.split(".");
    const empty = asciiLabels.findIndex((l) => l.length === 0);
    const long = asciiLabels.findIndex((l) => l.length > 63);
    if (ascii.length === 0 || ascii.length > 253 || empty >= 0 || long >= 0) {
      const why = ascii.length === 0 ? "it is empty"
        : empty >= 0 ? `its label ${empty + 1} is empty${empty === asciiLabels.length - 1 ? " (a trailing dot)" : ""}`
        : long >= 0 ? `its label ${long + 1} is ${asciiLabels[long].length} ASCII characters long (at most 63)`
        : `it is ${ascii.length} ASCII characters long (at most 253)`;
      return refused("VerifyDnsLength", "UTS #46 §4.2 ToASCII step 4 (VerifyDnsLength)", empty >= 0 ? empty : long >= 0 ? long : null, `The domain ${JSON.stringify(input)} fails the DNS length check: ${why}.`);
    }
  }
  return refused("uts46-toascii", "UTS #46 §4.2 ToASCII", null, `UTS #46 ToASCII with the URL Standard's strict flags refuses ${JSON.stringify(input)}.`);
}

/**
 * URL Standard §3.5 ends in a number checker, on an ASCII string (the domain parser's result). The
 * parts are read in place (positions in `input`, no list of strings): every host of a valid URL
 * string goes through here.
 */
export function endsInANumber(input: string): boolean {
  return endsInANumberAt(input, 0, input.length);
}

/** endsInANumber() of input[from, to), read in place. */
function endsInANumberAt(input: string, from: number, to: number): boolean {
  // 1. Assert: input is not the empty string (the domain parser never returns it).
  if (from >= to) return false;
  // 2. Let parts be the result of strictly splitting input on U+002E (.).
  // 3. If the last item in parts is the empty string, then remove the last item from parts.
  let end = to;
  if (input.charCodeAt(end - 1) === 0x2e /* . */) end--;
  // Steps 5 and 6 return true only for a last item that ends in an ASCII digit, an ASCII hex digit
  // or the "x" of a bare "0x" (step 6's radix prefix, then an empty number): on any other last code
  // point (most domains: "com", "org") they fail, and step 4 need not look for where `last` starts.
  if (end > from) {
    const c = input.charCodeAt(end - 1);
    if (c > 0x7f || MAY_END_A_NUMBER[c] === 0) return false;
  }
  // 4. Let last be the last item in parts (from after the "." before `end`, or the start).
  let start = end;
  while (start > from && input.charCodeAt(start - 1) !== 0x2e) start--;
  // 5. If last is not the empty string and contains only ASCII digits, then return true.
  if (start < end && onlyDigits(input, start, end, 10)) return true;
  // 6. If parsing last as an IPv4 number does not return failure, then return true.
  if (ipv4NumberParses(input, start, end)) return true;
  // 7. Return false.
  return false;
}

/** The ASCII code points an IPv4 number (§3.5 IPv4 number parser) can end in: 0-9, a-f, A-F, and x or X (of "0x"). */
const MAY_END_A_NUMBER = /* @__PURE__ */ Uint8Array.from({ length: 128 }, (_, c) => (/[0-9a-fA-FxX]/.test(String.fromCharCode(c)) ? 1 : 0));

/** URL Standard §3.5 IPv4 number parser, steps 1-7, on input[start, end): whether it returns failure (false) or a number (true). */
function ipv4NumberParses(input: string, start: number, end: number): boolean {
  // 1. If input is the empty string, then return failure.
  if (start === end) return false;
  // 3-5. R is 16 after a leading "0x"/"0X", 8 after a leading "0" (of at least two code points), else 10.
  let radix: 8 | 10 | 16 = 10;
  if (end - start >= 2 && input.charCodeAt(start) === 0x30 /* 0 */) {
    const second = input.charCodeAt(start + 1);
    if (second === 0x78 /* x */ || second === 0x58 /* X */) {
      start += 2;
      radix = 16;
    } else {
      start += 1;
      radix = 8;
    }
  }
  // 6. If input is the empty string, then return (0, true).
  if (start === end) return true;
  // 7. If input contains a code point that is not a radix-R digit, then return failure.
  return onlyDigits(input, start, end, radix);
}

/** Whether input[start, end) holds radix-`radix` digits only (8, 10 or 16; ASCII, either case for hex). */
function onlyDigits(input: string, start: number, end: number, radix: 8 | 10 | 16): boolean {
  for (let i = start; i < end; i++) {
    const c = input.charCodeAt(i);
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : radix === 16 && ((c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)) ? 10 : 99;
    if (digit >= radix) return false;
  }
  return true;
}

function attempt<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}

function hex(c: string): string {
  return (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
}
