// Security notes: the concerns the documents raise in their security sections (rfc3986 §7,
// draft-2003 §7, rfc2396 §7, draft-1997 §7, rfc1738 §6; rfc6874 §2-§4 on zone identifiers), checked on a valid input's components. Notes are warnings: they
// never change validity, and an invalid input gets none.
import { defaultPortIn } from "../revisions/default-ports";
import { productionScheme } from "../revisions/scheme-production";
import type { DerivationNode } from "../scanner/derivation";
import { verdictOf, type ParseFailure } from "../parse";
import { optionsObject, specOf } from "../request";
import { getRevision, type Revision, type SpecId } from "../revisions";
import { componentFilter, componentsOf, matchesRule, type ComponentValue } from "./components";
import { findNode } from "../scanner/derivation";

/** The code of a security note of lint(). */
export type LintCode = "password" | "userinfo-looks-like-host" | "non-default-port" | "escaped-crlf" | "escaped-nul" | "rare-ipv4" | "ipv6-zone" | "zone-not-link-local" | "zone-not-unreserved" | "bidi-formatting" | "bidi-mixed-direction" | "bidi-rtl-edges";

/** One security note of lint(): its code, the section it cites and a sentence. */
export interface LintNote {
  code: LintCode;
  /** Where the documents raise the concern. */
  sections: string[];
  /** Offsets of the part the note is about. */
  span: { start: number; end: number };
  message: string;
}

// Where each concern is raised: draft-2003 §7.2 Malicious Construction, §7.3 Rare IP Address
// Formats, §7.4 Sensitive Information, §7.5 Semantic Attacks; rfc3986 §7.2 Malicious Construction,
// §7.3 Back-End Transcoding, §7.4 Rare IP Address Formats, §7.5 Sensitive Information (and §3.2.1
// "Use of the format "user:password" in the userinfo field is deprecated"), §7.6 Semantic Attacks;
// rfc2396 §7, draft-1997 §7 and rfc1738 §6 (one section each, covering ports, escaped CR/LF and
// passwords; rfc2396 §7 is draft-1997's with "the 'userinfo' component" for "the "site" component");
// rfc1808 §6 ("once a relative URL has been resolved to its absolute form, the same security
// considerations apply as those described in RFC 1738"): of RFC 1738's, only escaped CR/LF can
// fire on an rfc1808 URL, whose net_loc §2.2 does not parse into a password or a port;
// rfc6874 §3 Web Browsers (no normative statements: what a browser might do with a zone), §4
// Security Considerations (the MUSTs on zones), §2 (what a zone SHOULD contain); rfc3987 §4.1 and §4.2
// on bidirectional IRIs (an IRI revision only: Revision.iri).
const SECTIONS: Record<LintCode, string[]> = {
  password: ["rfc3986 §7.5", "rfc3986 §3.2.1", "draft-2003 §7.4", "rfc2396 §7", "draft-1997 §7", "rfc1738 §6"],
  "userinfo-looks-like-host": ["rfc3986 §7.6", "draft-2003 §7.5"],
  "non-default-port": ["rfc3986 §7.2", "draft-2003 §7.2", "rfc2396 §7", "draft-1997 §7", "rfc1738 §6"],
  "escaped-crlf": ["rfc3986 §7.2", "draft-2003 §7.2", "rfc2396 §7", "draft-1997 §7", "rfc1808 §6", "rfc1738 §6"],
  "escaped-nul": ["rfc3986 §7.3"],
  "rare-ipv4": ["rfc3986 §7.4", "draft-2003 §7.3"],
  "ipv6-zone": ["rfc6874 §4", "rfc6874 §3"],
  "zone-not-link-local": ["rfc6874 §4"],
  "zone-not-unreserved": ["rfc6874 §2"],
  "bidi-formatting": ["rfc3987 §4.1"],
  "bidi-mixed-direction": ["rfc3987 §4.2"],
  "bidi-rtl-edges": ["rfc3987 §4.2"],
};

function note(code: LintCode, span: { start: number; end: number }, message: string): LintNote {
  return { code, sections: SECTIONS[code], span, message: `${message} (${SECTIONS[code].join(", ")})` };
}

/** The options of `lint()`. */
export interface LintOptions {
  /** Revision id; default `draft-2003`. */
  spec?: SpecId | undefined;
}

/** The security notes of a valid input (possibly none), or parse()'s error value for an invalid one. */
export type LintResult = { ok: true; spec: SpecId; notes: LintNote[] } | ParseFailure;

/**
 * Security notes on a valid input: the concerns the documents raise in their security sections
 * (draft-2003 §7, draft-1997 §7, rfc1738 §6), checked on its components: a password in the
 * userinfo, a userinfo that reads like a host, a port other than the scheme's default, escaped CR or
 * LF, a host in a rare IPv4 form. Notes are warnings and never change validity. Never throws: an
 * invalid input, a non-string, an unknown spec come back as parse()'s error value.
 *
 * @example
 * import { lint } from "uri-grammars";
 * const r = lint("http://www.example.com&story=x@10.0.0.1/");
 * if (r.ok) r.notes.map((n) => n.code); // => ["userinfo-looks-like-host"]
 */
export function lint(input: unknown, options?: LintOptions): LintResult {
  const o = optionsObject(options);
  // The notes read components only: a derivation pruned to them (componentFilter) keeps a
  // multi-megabyte line affordable.
  const revision = getRevision(specOf(o.spec));
  const r = verdictOf(input, { spec: o.spec }, revision ? componentFilter(revision) : null);
  if (!r.ok) return r;
  // A success means the revision exists; a tree means it has a component map.
  return { ok: true, spec: r.spec, notes: "tree" in r && r.tree ? lintTree(revision!, r.tree, input as string) : [] };
}

export function lintTree(revision: Revision, tree: DerivationNode, input: string): LintNote[] {
  const values = componentsOf(revision, tree, input);
  if (!values) return [];
  const get = (k: ComponentValue["key"]) => values.find((v) => v.key === k);
  const notes: LintNote[] = [];
  const userinfo = get("userinfo");
  const password = get("password");
  const host = get("host");
  const port = get("port");
  const scheme = get("scheme");

  // A password: the revision's own password rule (draft-1997 site, rfc1738 login), or a ":" in a
  // userinfo that holds both (draft-2003 §3.2.2 userinfo: "user:password").
  if (password) {
    notes.push(note("password", password.span, `The ${password.name} ${JSON.stringify(password.text)} is in plain text in the ${get("authority")?.name ?? "reference"}: a secret password does not belong in a URL`));
  } else if (userinfo && userinfo.text.includes(":")) {
    const at = userinfo.span.start + userinfo.text.indexOf(":") + 1;
    notes.push(note("password", { start: at, end: userinfo.span.end }, `The ${userinfo.name} ${JSON.stringify(userinfo.text)} carries a password after ":" in plain text: a secret password does not belong in a URL`));
  }

  // A userinfo that begins like a host name: a reader may take it for the authority (§7.5).
  if (userinfo && host) {
    const prefix = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/.exec(userinfo.text)?.[0];
    const hostRule = revision.components?.parts.host?.rule;
    if (prefix && hostRule && matchesRule(revision, hostRule, prefix)) {
      notes.push(note("userinfo-looks-like-host", userinfo.span, `The ${userinfo.name} begins with ${JSON.stringify(prefix)}, which reads like a host name, but the host is ${JSON.stringify(host.text)}: a reader may be misled about where this leads`));
    }
  }

  // A port other than the scheme's default, especially one in the reserved space (below 1024). The
  // defaults are the revision's (Revision.defaultPorts: RFC 1738 §3's, or the schemes' definitions):
  // scheme knowledge, not a verdict; a scheme without one gets a note only in the reserved space.
  if (port && port.text !== "") {
    const n = Number.parseInt(port.text, 10);
    // A scheme-aware revision's production may spell its scheme as letters (rfc1738's httpurl): the
    // scheme that selected it is then the scheme.
    const schemeName = (scheme?.text ?? (revision.schemeProductions ? productionScheme(revision.schemeProductions, input) : null))?.toLowerCase();
    const known = defaultPortIn(revision.defaultPorts, schemeName);
    const reserved = n < 1024 ? ", and it is in the reserved space below 1024, where another protocol may answer" : "";
    if (known && n !== known.port) {
      notes.push(note("non-default-port", port.span, `Port ${n} is not the ${schemeName} default ${known.port} (${known.source.cite})${reserved}`));
    } else if (!known && n < 1024) {
      notes.push(note("non-default-port", port.span, `Port ${n} is in the reserved space below 1024 and uri-grammars knows no default port for ${schemeName ? `scheme ${JSON.stringify(schemeName)}` : "a reference without a scheme"}: another protocol may answer there`));
    }
  }

  // Escaped CR or LF: protocol delimiters that must stay escaped in transmission.
  const crlf = [...input.matchAll(/%0[dDaA]/g)];
  if (crlf.length > 0) {
    const first = crlf[0].index!;
    const list = crlf.map((m) => `${m[0]} at ${m.index}`).join(", ");
    notes.push(note("escaped-crlf", { start: first, end: crlf[crlf.length - 1].index! + 3 }, `Escaped CR or LF (${list}): a client must not unescape these before transmission, or they may inject a command in the protocol`));
  }

  // Escaped NUL (rfc3986 §7.3): "the "%00" percent-encoding (NUL) may require special handling and
  // should be rejected if the application is not expecting to receive raw data within a component."
  const nul = [...input.matchAll(/%00/g)];
  if (nul.length > 0) {
    const list = nul.map((m) => `at ${m.index}`).join(", ");
    notes.push(note("escaped-nul", { start: nul[0].index!, end: nul[nul.length - 1].index! + 3 }, `Escaped NUL "%00" (${list}): reject it unless the application expects raw data in this component`));
  }

  // An IPv4-looking host in one of the rare forms (fewer than four parts, octal or hex parts).
  if (host) {
    const parts = host.text.split(".");
    const numeric = parts.length <= 4 && parts.every((p) => /^(0[xX][0-9A-Fa-f]*|[0-9]+)$/.test(p));
    const rare = parts.length < 4 || parts.some((p) => /^0[xX]/.test(p) || /^0[0-9]/.test(p));
    if (numeric && rare) {
      const hostNode = findNode(tree, revision.components!.parts.host!.rule!);
      const readAs = hostNode?.children[0]?.rule ?? "host";
      const forms = [parts.length < 4 ? `${parts.length} part${parts.length === 1 ? "" : "s"}` : null, parts.some((p) => /^0[xX]/.test(p)) ? "hex" : null, parts.some((p) => /^0[0-9]/.test(p)) ? "octal-looking" : null].filter(Boolean).join(", ");
      notes.push(note("rare-ipv4", host.span, `The host ${JSON.stringify(host.text)} (${forms}) is a ${readAs} to the ${revision.id} grammar, but inet_aton() and similar routines read it as an IPv4 address: filter on the numeric address, not the string`));
    }
  }
  // A zone identifier in an IP-literal (rfc6874 §2: IPv6addrz = IPv6address "%25" ZoneID). No other
  // revision's IP-literal accepts a "%", so a valid host that is a bracketed literal holding "%25"
  // is an address with its zone, in whichever revision accepts it.
  if (host && host.text.startsWith("[") && host.text.includes("%25")) {
    const inside = host.text.slice(1, -1);
    const cut = inside.indexOf("%25");
    const address = inside.slice(0, cut);
    const zone = inside.slice(cut + 3);
    const zoneSpan = { start: host.span.start + 1 + cut + 3, end: host.span.end - 1 };
    // rfc6874 §4: "An HTTP client, proxy, or other intermediary MUST remove any ZoneID attached to
    // an outgoing URI"; §3: "It would therefore be highly desirable for a browser to remove the
    // ZoneID from a URI before including that URI in an HTTP request."
    notes.push(note("ipv6-zone", zoneSpan, `The host ${JSON.stringify(host.text)} carries the zone ID ${JSON.stringify(zone)}, which means something only on the host where the URI originates: a browser, HTTP client or proxy must remove it before sending the URI in a request, and it does not belong in a document`));
    // rfc6874 §4: "implementations MUST NOT allow use of this format except for well-defined usages,
    // such as sending to link-local addresses under prefix fe80::/10".
    const first = /^([0-9A-Fa-f]{1,4}):/.exec(address);
    const linkLocal = first !== null && (Number.parseInt(first[1], 16) & 0xffc0) === 0xfe80;
    if (!linkLocal) notes.push(note("zone-not-link-local", { start: host.span.start + 1, end: host.span.start + 1 + cut }, `The address ${JSON.stringify(address)} is not a link-local address (fe80::/10), the only well-defined use of a zone ID: an implementation must not use this format for it`));
    // rfc6874 §2: "A <zone_id> SHOULD contain only ASCII characters classified as "unreserved""; the
    // grammar also allows percent-encoded ones "for compatibility with existing devices".
    if (zone.includes("%")) notes.push(note("zone-not-unreserved", zoneSpan, `The zone ID ${JSON.stringify(zone)} holds percent-encoded characters: a zone ID should contain only unreserved characters; the encoding is there only for existing devices that use others`));
  }
  if (revision.iri !== undefined) notes.push(...bidiNotes(input, values));
  return notes;
}

/** Bidi formatting characters (rfc3987 §4.1: "LRM, RLM, LRE, RLE, LRO, RLO, and PDF"). */
const BIDI_FORMATTING = /[\u200E\u200F\u202A-\u202E]/g;
/**
 * Right-to-left characters, read by script (JavaScript's regular expressions know no Bidi_Class):
 * the scripts whose letters are strong right-to-left in Unicode 4 (Hebrew, Arabic, Syriac, Thaana,
 * N'Ko) and those added since (Samaritan, Mandaic, Adlam ...). Left-to-right: any other letter.
 */
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}]/u;
// A constructor marked pure: esbuild writes a Unicode property class as `new RegExp(...)`, which a
// bundler would keep, and lint() with it, in a page that never calls lint().
const LETTER = /* @__PURE__ */ new RegExp("\\p{L}", "u");

/**
 * rfc3987 §4.1: "IRIs MUST NOT contain bidirectional formatting characters"; §4.2, for each
 * component (iuserinfo, ireg-name, isegment, iquery, ifragment): "1. A component SHOULD NOT use
 * both right-to-left and left-to-right characters. 2. A component using right-to-left characters
 * SHOULD start and end with right-to-left characters."
 */
function bidiNotes(input: string, values: ComponentValue[]): LintNote[] {
  const notes: LintNote[] = [];
  const formatting = [...input.matchAll(BIDI_FORMATTING)];
  if (formatting.length > 0) {
    const list = formatting.map((m) => `U+${m[0].charCodeAt(0).toString(16).toUpperCase()} at ${m.index}`).join(", ");
    notes.push(note("bidi-formatting", { start: formatting[0].index!, end: formatting[formatting.length - 1].index! + 1 }, `Bidirectional formatting characters (${list}) are in the IRI, which must not contain them: they change how it is shown, and no one could type it back`));
  }
  const components: { name: string; text: string; span: { start: number; end: number } }[] = [];
  for (const v of values) if (v.key === "userinfo" || v.key === "host" || v.key === "query" || v.key === "fragment") components.push({ name: v.name, text: v.text, span: v.span });
  // The path's segments, between its "/"s (the pruned derivation lint reads keeps no segment node).
  const path = values.find((v) => v.key === "path");
  if (path) {
    let from = 0;
    for (const piece of path.text.split("/")) {
      if (piece !== "") components.push({ name: "segment", text: piece, span: { start: path.span.start + from, end: path.span.start + from + piece.length } });
      from += piece.length + 1;
    }
  }
  for (const c of components) {
    const chars = [...c.text];
    if (!chars.some((ch) => RTL.test(ch))) continue;
    const where = `The ${c.name} ${JSON.stringify(c.text)}`;
    if (chars.some((ch) => LETTER.test(ch) && !RTL.test(ch))) notes.push(note("bidi-mixed-direction", c.span, `${where} mixes right-to-left and left-to-right letters: it may be shown in an order that reads as another IRI; percent-encode the whole component (§3.1) if it cannot be avoided`));
    else if (!RTL.test(chars[0]) || !RTL.test(chars[chars.length - 1])) notes.push(note("bidi-rtl-edges", c.span, `${where} uses right-to-left characters but does not start and end with one: its neighbours may be drawn into it when shown`));
  }
  return notes;
}
