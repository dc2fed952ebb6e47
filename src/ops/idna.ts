// IDNA for RFC 3987 §3.1 and §3.2 (toURI and toIRI with `idna: true`, src/ops/iri.ts): one label of
// an ireg-name converted by ToASCII or ToUnicode, through tr46 (jsdom's implementation of UTS #46,
// the one whatwg-url uses; pinned in package.json), never by code of ours.
//
// RFC 3987 §3.1 names the ToASCII operation of RFC 3490 §4.1 "with the flag UseSTD3ASCIIRules set to
// TRUE". UTS #46 is how RFC 3490's processing is done today; its flags here:
//   - Transitional_Processing: true, which UTS #46 §4 gives "for compatibility with IDNA2003" (RFC 3490
//     maps "ß" to "ss": "faß" becomes "fass"; IDNA2008, which whatwg-url follows, keeps it:
//     "xn--fa-hia");
//   - UseSTD3ASCIIRules: true (the RFC's flag: letters, digits and hyphens only);
//   - CheckHyphens: true (RFC 3490 §4.1 step 3b, no hyphen at either end; UTS #46 also refuses "--" in
//     the third and fourth positions, which RFC 3490 leaves to step 5's ACE prefix);
//   - CheckBidi, CheckJoiners: true (UTS #46's defaults for ToASCII);
//   - VerifyDnsLength: true (RFC 3490 §4.1 step 8: 1 to 63 code points).
// AllowUnassigned (TRUE when not creating IRIs, §3.1) has no UTS #46 counterpart: tr46's tables (its
// Unicode version) refuse unassigned code points.
//
// tr46 is loaded on first use, not when this module is: its tables (140 KB of JSON and 70 KB of
// regular expressions) cost a process tens of milliseconds, and a page that never converts a host
// never loads them (a bundler keeps the `require` inside the function that makes it; test/entries.test.ts
// checks what each page carries).

/** The part of tr46's API used here (tr46 ships no types). */
interface Tr46 {
  toASCII(domain: string, options: Record<string, boolean>): string | null;
  toUnicode(domain: string, options: Record<string, boolean>): { domain: string; error: boolean };
}

let tr46: Tr46 | null = null;

function loadTr46(): Tr46 {
  return (tr46 ??= require("tr46") as Tr46);
}

/** The flags of RFC 3987 §3.1's ToASCII, as UTS #46 names them (see above). */
const TO_ASCII = { transitionalProcessing: true, useSTD3ASCIIRules: true, checkHyphens: true, checkBidi: true, checkJoiners: true, verifyDNSLength: true };
/** ToUnicode (RFC 3987 §3.2, RFC 3490 §4.2): the same checks; it never fails, a label it cannot decode stays. */
const TO_UNICODE = { transitionalProcessing: false, useSTD3ASCIIRules: true, checkHyphens: true, checkBidi: true, checkJoiners: true };

/** RFC 3490 §4.1 ToASCII of one label that has a character above U+007F: its ACE form (`xn--...`), or null when ToASCII fails. */
export function labelToAscii(label: string): string | null {
  // A label holding U+3002 IDEOGRAPHIC FULL STOP (a dot to RFC 3490 §3.1 and UTS #46) comes back as
  // two labels joined by ".", as RFC 3490 writes them.
  const out = loadTr46().toASCII(label, TO_ASCII);
  return out === null || out === "" ? null : out;
}

/** RFC 3490 §4.2 ToUnicode of one `xn--` label: the characters it encodes, or null when it is no valid ACE label. */
export function labelToUnicode(label: string): string | null {
  const r = loadTr46().toUnicode(label, TO_UNICODE);
  return r.error || r.domain.includes(".") ? null : r.domain;
}
