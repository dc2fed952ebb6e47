// Normalization for comparison, by the rungs of draft-2003 §6.2 "Comparison Ladder":
//   string  §6.2.1 Simple String Comparison: the input as it is;
//   syntax  §6.2.2 Syntax-based Normalization: case (§6.2.2.1), escapes (§6.2.2.2), path segments
//           (§6.2.2.3);
//   scheme  §6.2.3 Scheme-based Normalization: also an explicit default port is elided.
// rfc3986 §6.2 has the same three rungs with other contents (normalizeRfc3986 below): case (§6.2.2.1:
// also every host, and hex digits everywhere), percent-encoding (§6.2.2.2: every unreserved
// character, "-" and "." included), dot segments (§6.2.2.3: remove_dot_segments, §5.2.4), and on the
// scheme rung an empty path with an authority becomes "/" and an empty or default port goes (§6.2.3).
// draft-1997 has no ladder; its §6 names two rules, "host name is case independent" and "a URL with
// an explicit ":port", where the port is the default for the scheme, is equivalent to one where the
// port is elided" (plus §4.1 on scheme names). They are placed on the same rungs: syntax = the case
// rules, scheme = the case rules and the default port. Nothing else is changed for draft-1997.
import type { GenericAst } from "../revisions/revision";
import type { NormalizationAlgorithm } from "../revisions/types";
import type { Host, Port, TextComponent } from "../ast/types";
import { parse, type ParseFailure } from "../parse";
import { describeValue, invalidOption, isFailure, optionNames, optionsObject, requireRevision, type UsageFailure } from "../request";
import { getRevision, specIds, type SpecId } from "../revisions";
import { componentsOf, referenceComponents, type UriComponents } from "./uri-components";
import { defaultPortIn, type DefaultPort } from "../revisions/default-ports";
import { recombine } from "./format";
import { removeDotSegments } from "./resolve-2003";
import { removeDotSegments as removeDotSegments3986 } from "./resolve-3986";

/**
 * The rungs of the comparison ladder that normalize() and equivalent() implement (draft-2003 §6.2.1,
 * §6.2.2, §6.2.3), lowest first.
 *
 * @example
 * import { LEVELS } from "uri-grammars";
 * LEVELS; // => ["string", "syntax", "scheme"]
 */
export const LEVELS = ["string", "syntax", "scheme"] as const;
/** How far normalize() goes (RFC 3986 §6.2 ladder): string, syntax or scheme. */
export type NormalizationLevel = (typeof LEVELS)[number];

/** The options of normalize() and equivalent(): the revision and the level. */
export interface NormalizeOptions {
  /** draft-2003 (default), rfc3986 or draft-1997: the revisions that define normalization. */
  spec?: SpecId | undefined;
  /** A rung of the comparison ladder; default "scheme" (the highest implemented). */
  level?: NormalizationLevel | undefined;
}

/** One normalization that changed the input: where the document asks for it, and the result. */
export interface NormalizationStep {
  section: string;
  rule: string;
  result: string;
  /**
   * The document that defines the fact the step applied, when it is not the revision's own: the
   * scheme's default port (`RFC 9110 §4.2.2` for https's 443; src/revisions/default-ports.ts).
   */
  source?: string;
}

/** The options normalize() and equivalent() read (src/request.ts optionsObject). */
export const NORMALIZE_OPTION_NAMES = /* @__PURE__ */ optionNames<NormalizeOptions>({ spec: true, level: true });

/** `not-defined`: the revision defines no normalization (draft-1993, draft-1994, rfc1738). */
export type NormalizeErrorCode = "not-defined";

/** What normalize() returns: the normal form and the steps that made it, or the error. */
export type NormalizeResult =
  | { ok: true; spec: SpecId; level: NormalizationLevel; input: string; normalized: string; steps: NormalizationStep[] }
  | { ok: false; spec: SpecId; error: { code: NormalizeErrorCode; message: string } }
  /** An invalid input, an unknown spec or level: parse()'s error value (code `syntax`, `not-a-string`, `unknown-spec`, `invalid-option`). */
  | ParseFailure
  | UsageFailure;

/** The revisions whose descriptors name a normalization (`normalization`), in the registry in force: draft-1997, rfc2396, rfc2732, draft-2003, rfc3986, rfc3987, rfc6874. */
export function normalizingSpecs(): SpecId[] {
  return specIds().filter((id) => getRevision(id)!.normalization !== null);
}

/**
 * Where each ladder says how two normal forms are compared: draft-2003 §6.2.1 and rfc3986 §6.2.1
 * (character by character), draft-1997 §6 and rfc2396 §6 (their one section on equivalence).
 */
export const COMPARISON_SECTIONS: Readonly<Record<NormalizationAlgorithm, string>> = {
  "draft-1997 §6": "draft-1997 §6",
  "rfc2396 §6": "rfc2396 §6",
  "draft-2003 §6.2": "draft-2003 §6.2.1",
  "rfc3986 §6.2": "rfc3986 §6.2.1",
};

export function isLevel(s: unknown): s is NormalizationLevel {
  return (LEVELS as readonly unknown[]).includes(s);
}

/**
 * The normal form of a reference on one rung of draft-2003's comparison ladder (§6.2): `string`
 * (as it is), `syntax` (case, escapes, dot segments: §6.2.2), `scheme` (also an explicit default
 * port elided: §6.2.3; the default). draft-1997 §6 puts its two rules (host name case, default
 * port) on the same rungs. Each change made is listed with its section. Never throws: an invalid
 * input, an unknown spec or level is parse()'s error value; a revision without normalization is
 * `not-defined`.
 *
 * @example
 * import { normalize } from "uri-grammars";
 * const r = normalize("HTTP://Example.COM:80/a/./b/../c/%7e");
 * if (r.ok) r.normalized; // => "http://example.com/a/c/~"
 * if (r.ok) r.steps.map((s) => s.section); // => ["draft-2003 §6.2.2.1", "draft-2003 §6.2.2.2", "draft-2003 §6.2.2.3", "draft-2003 §6.2.3"]
 */
export function normalize(input: unknown, options?: NormalizeOptions): NormalizeResult {
  const o = optionsObject(options, NORMALIZE_OPTION_NAMES);
  const revision = requireRevision(o.spec);
  if (isFailure(revision)) return revision;
  const spec = revision.id;
  const level = o.level ?? "scheme";
  const algorithm = revision.normalization;
  if (algorithm === null) {
    return { ok: false, spec, error: { code: "not-defined", message: `Normalization follows draft-2003 §6, rfc3986 §6 and draft-1997 §6; ${spec} defines none (normalize with one of ${normalizingSpecs().join(", ")}).` } };
  }
  if (!isLevel(level)) {
    return invalidOption(spec, null, `Unknown level ${describeValue(level)}; the ladder (draft-2003 §6.2) has: ${LEVELS.join(", ")}.`);
  }
  const parsed = parse(input, { spec });
  if (!parsed.ok) return parsed;
  if (typeof input !== "string") throw new Error("internal: parse() accepted a non-string");
  const steps: NormalizationStep[] = [];
  // §6.2.1: "If two URIs, considered as character strings, are identical, then it is safe to
  // conclude that they are equivalent." Nothing to do on this rung.
  if (level === "string") return { ok: true, spec, level, input, normalized: input, steps };

  const ast = parsed.ast as GenericAst; // the revisions that name a normalization have the generic syntax
  if (algorithm === "rfc3986 §6.2") return normalizeRfc3986(spec, revision.defaultPorts, input, ast, level);
  // The four main components as resolution reads them (uri-components.ts, referenceComponents): for
  // draft-1997 `http://A?q` the grammar derives no site, §4.4 and Appendix B read site "A".
  const c = referenceComponents(ast)!;
  let parts = authorityParts(ast) ?? (c.authority !== null && algorithm === "draft-1997 §6" ? siteParts(spec, c.authority) : null);
  const note = (section: string, rule: string, source?: string) => {
    const result = recombine({ ...c, authority: parts ? joinAuthority(parts) : c.authority });
    if (steps.length === 0 ? result !== input : result !== steps[steps.length - 1].result) steps.push(source === undefined ? { section, rule, result } : { section, rule, result, source });
  };

  if (algorithm === "draft-2003 §6.2") {
    // §6.2.2.1 Case Normalization: "the scheme and hostname are case insensitive and therefore can
    // be normailized to lowercase." (Only a host the grammar derives as hostname; a reg-name, an
    // IPv6reference and the other components keep their case.)
    if (c.scheme !== null) c.scheme = c.scheme.toLowerCase();
    if (parts && parts.hostKind === "hostname") parts.host = parts.host.toLowerCase();
    note("draft-2003 §6.2.2.1", "scheme and hostname to lower case");
    // §6.2.2.2 Escape Normalization: "use upper-case letters for the hex digits A-F" and "unescaping
    // sequences that represent the unreserved characters, as described in Section 2.3", which
    // limits them to "ALPHA (%41-%5A and %61-%7A), DIGIT (%30-%39), underscore (%5F), or tilde
    // (%7E)" ("unescaping the other mark characters is usually counterproductive").
    if (parts) {
      if (parts.userinfo !== null) parts.userinfo = normalizeEscapes(parts.userinfo);
      parts.host = normalizeEscapes(parts.host);
    } else if (c.authority !== null) c.authority = normalizeEscapes(c.authority);
    c.path = normalizeEscapes(c.path);
    if (c.query !== null) c.query = normalizeEscapes(c.query);
    if (c.fragment !== null) c.fragment = normalizeEscapes(c.fragment);
    note("draft-2003 §6.2.2.2", "escapes: hex digits to upper case; ALPHA, DIGIT, \"_\" and \"~\" unescaped (§2.3)");
    // §6.2.2.2 can make a registry-based name a server: `%41.com:80` becomes `A.com:80`, a hostname
    // and a port. The authority is read again, so that §6.2.2.1 (hostname to lower case) and §6.2.3
    // (default port) apply to it as to the same server written plainly; otherwise the normal form
    // would not be its own normal form (found by the fuzz campaign: //Z%39 -> //Z9 -> //z9).
    if (!parts && c.authority !== null) {
      const again = parse(c.authority, { spec, rule: "authority" });
      parts = again.ok ? authorityParts(again.ast as GenericAst) : null;
      if (parts && parts.hostKind === "hostname") parts.host = parts.host.toLowerCase();
      note("draft-2003 §6.2.2.1", "hostname to lower case, in a registry-based name that §6.2.2.2 made a server");
    }
    // §6.2.2.3 Path Segment Normalization: "splitting the URI just after the "/" that starts the
    // path, using the left half as the base URI and the right as a relative reference, and
    // normalizing the URI by merging the two in accordance with the relative URI processing
    // algorithm (Section 5)." With the base path "/", §5.2's merge puts "/" + the right half in the
    // buffer, i.e. the path itself, and steps 3-8 remove the dot segments (step 7: keep). The right
    // half is merged as a path, not re-parsed as a reference: re-parsed, `g:h` in `http://a/g:h`
    // would read as a scheme and `//x` in `http://a//x` as an authority.
    if (ast.kind === "absolute" && c.path.startsWith("/")) {
      c.path = removeDotSegments(c.path, "keep")!;
      note("draft-2003 §6.2.2.3", "dot segments removed by the §5.2 merge");
    }
  } else {
    // draft-1997 §4.1: "programs interpreting URLs should treat upper case letters as equivalent to
    // lower case in scheme names"; §6: "host name is case independent". rfc2396 §6 (the same
    // section, one sentence longer): "the scheme and hostname are case insensitive".
    if (c.scheme !== null) c.scheme = c.scheme.toLowerCase();
    note(CASE_SECTIONS[algorithm].scheme, "scheme to lower case");
    if (parts && parts.host !== "") parts.host = parts.host.toLowerCase();
    note(CASE_SECTIONS[algorithm].host, "host name to lower case");
  }

  if (level === "scheme" && parts && parts.port !== null) {
    const d = defaultPortIn(revision.defaultPorts, c.scheme);
    // draft-2003 §6.2.3: "a URI with an explicit ":port", where the port is the default for the
    // scheme, is equivalent to one where the port is elided", and the http scheme "defines an
    // empty port component as being equivalent to the default TCP port". draft-1997 §6 has the
    // first sentence only, so there an empty port stays.
    const emptyIsDefault = algorithm === "draft-2003 §6.2";
    if (d && ((parts.port === "" && emptyIsDefault) || (parts.port !== "" && Number.parseInt(parts.port, 10) === d.port))) {
      parts.port = null;
      note(algorithm === "draft-2003 §6.2" ? "draft-2003 §6.2.3" : CASE_SECTIONS[algorithm].host, defaultPortRule(d), d.source.cite);
    }
  }
  const normalized = recombine({ ...c, authority: parts ? joinAuthority(parts) : c.authority });
  return { ok: true, spec, level, input, normalized, steps };
}

/** The rule of the step that elides a default port, naming the document that defines it. */
function defaultPortRule(d: DefaultPort): string {
  return `default port ${d.port} of ${d.scheme} elided (${d.source.cite})`;
}

/** Where draft-1997 §6 and rfc2396 §6 (the ladder without escapes or dot segments) say each rule. */
const CASE_SECTIONS: Readonly<Record<"draft-1997 §6" | "rfc2396 §6", { scheme: string; host: string }>> = {
  "draft-1997 §6": { scheme: "draft-1997 §4.1", host: "draft-1997 §6" },
  "rfc2396 §6": { scheme: "rfc2396 §6", host: "rfc2396 §6" },
};

/**
 * %xx -> %XX; then the escapes of the characters `unescaped` matches become the character: by
 * default ALPHA, DIGIT, "_" and "~" (draft-2003 §6.2.2.2 with §2.3); rfc3986 passes its unreserved
 * set (§6.2.2.2 "any percent-encoded octet that corresponds to an unreserved character").
 */
export function normalizeEscapes(s: string, unescaped: RegExp = /[A-Za-z0-9_~]/): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => {
    const code = Number.parseInt(hex, 16);
    const ch = String.fromCharCode(code);
    if (unescaped.test(ch)) return ch;
    return "%" + hex.toUpperCase();
  });
}

/** rfc3986 §2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
const RFC_3986_UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * rfc3986 §6.2.2.1: a host to lower case, but the hex digits of its percent-encodings to upper case.
 * Only the US-ASCII letters: rfc3987 §5.3.2.1 lowers "the scheme and US-ASCII only host", and leaves
 * "Case equivalence for non-ASCII characters in IRI components that are IDNs" to §5.3.3 (an RFC 3986
 * host has no other letters).
 */
function caseNormalizeHost(host: string): string {
  return host.replace(/[A-Z]/g, (t) => t.toLowerCase()).replace(/%[0-9a-f]{2}/g, (t) => t.toUpperCase());
}

/** The rfc3986 comparison ladder (§6.2); the rungs as in normalize(). */
function normalizeRfc3986(spec: SpecId, defaultPorts: readonly DefaultPort[], input: string, ast: GenericAst, level: NormalizationLevel): NormalizeResult {
  const steps: NormalizationStep[] = [];
  // §5.2.2's parse(R): the five components as the grammar derives them (Appendix B agrees, §3).
  const c = componentsOf(ast)!;
  const parts = authorityParts(ast);
  const current = () => recombine({ ...c, authority: parts ? joinAuthority(parts) : c.authority });
  const note = (section: string, rule: string, source?: string) => {
    const result = current();
    if (steps.length === 0 ? result !== input : result !== steps[steps.length - 1].result) steps.push(source === undefined ? { section, rule, result } : { section, rule, result, source });
  };
  const upperHex = (s: string) => s.replace(/%[0-9A-Fa-f]{2}/g, (t) => t.toUpperCase());

  // §6.2.2.1 Case Normalization: "For all URIs, the hexadecimal digits within a percent-encoding
  // triplet ... should be normalized to use uppercase letters for the digits A-F." "... the scheme
  // and host are case-insensitive and therefore should be normalized to lowercase."
  if (c.scheme !== null) c.scheme = c.scheme.toLowerCase();
  if (parts) {
    parts.host = caseNormalizeHost(parts.host);
    if (parts.userinfo !== null) parts.userinfo = upperHex(parts.userinfo);
  }
  c.path = upperHex(c.path);
  if (c.query !== null) c.query = upperHex(c.query);
  if (c.fragment !== null) c.fragment = upperHex(c.fragment);
  note("rfc3986 §6.2.2.1", "percent-encoding hex digits to upper case; scheme and host to lower case");

  // §6.2.2.2 Percent-Encoding Normalization: "decoding any percent-encoded octet that corresponds to
  // an unreserved character, as described in Section 2.3." (A letter decoded in the host is
  // case-insensitive like the rest of the host, §6.2.2.1.)
  const decode = (s: string) => normalizeEscapes(s, RFC_3986_UNRESERVED);
  if (parts) {
    parts.host = caseNormalizeHost(decode(parts.host));
    if (parts.userinfo !== null) parts.userinfo = decode(parts.userinfo);
  }
  c.path = decode(c.path);
  if (c.query !== null) c.query = decode(c.query);
  if (c.fragment !== null) c.fragment = decode(c.fragment);
  note("rfc3986 §6.2.2.2", 'percent-encoded unreserved characters decoded (ALPHA, DIGIT, "-", ".", "_", "~"; §2.3)');

  // §6.2.2.3 Path Segment Normalization: "URI normalizers should remove dot-segments by applying the
  // remove_dot_segments algorithm to the path, as described in Section 5.2.4." Relative references
  // keep theirs: §6.1 "the references should be converted to their respective target URIs before
  // comparison", and resolution (§5.2.2) removes them.
  if (ast.kind === "absolute") {
    c.path = removeDotSegments3986(c.path);
    // Without an authority, a path that now starts with "//" would be read back as one ("a:/.//x"
    // would become "a://x", a URI with authority "x"): §5.3 recomposes it so, but §6.1 asks comparison
    // to avoid "false positives" strictly. The "/." that remove_dot_segments would take away again
    // keeps the path a path (the form the WHATWG URL standard also writes).
    if (c.authority === null && c.path.startsWith("//")) c.path = "/." + c.path;
    note("rfc3986 §6.2.2.3", "dot segments removed (remove_dot_segments, §5.2.4)");
  }
  if (level === "syntax") return { ok: true, spec, level, input, normalized: current(), steps };

  // §6.2.3 Scheme-Based Normalization: "In general, a URI that uses the generic syntax for authority
  // with an empty path should be normalized to a path of "/"."
  if (c.authority !== null && c.path === "" && c.scheme !== null) {
    c.path = "/";
    note("rfc3986 §6.2.3", 'an empty path after an authority becomes "/"');
  }
  // "Likewise, an explicit ":port", for which the port is empty or the default for the scheme, is
  // equivalent to one where the port and its ":" delimiter are elided and thus should be removed".
  if (parts && parts.port !== null) {
    const d = defaultPortIn(defaultPorts, c.scheme);
    if (parts.port === "") {
      parts.port = null;
      note("rfc3986 §6.2.3", "empty port elided");
    } else if (d && Number.parseInt(parts.port, 10) === d.port) {
      parts.port = null;
      note("rfc3986 §6.2.3", defaultPortRule(d), d.source.cite);
    }
  }
  return { ok: true, spec, level, input, normalized: current(), steps };
}

/** The server parts of an authority (draft-2003 server, draft-1997 site), or null when there are none. */
interface AuthorityParts {
  /** draft-2003 userinfo; draft-1997 user [ ":" password ]. */
  userinfo: string | null;
  host: string;
  hostKind: string;
  port: string | null;
}

/** The authority's parts, read by the shape of the AST: a draft-2003 or rfc3986 authority, or a draft-1997 site. */
function authorityParts(ast: GenericAst): AuthorityParts | null {
  if ("authority" in ast) {
    const a = ast.authority;
    // rfc3986 §3.2: authority = [ userinfo "@" ] host [ ":" port ] (the host may be empty);
    // draft-2003 §3.2.1: a registry-based name (form reg_name) has no host/port structure of its own.
    // (The WHATWG revisions' authority is only text: their host and port are fields of the AST,
    // and they define no normalization ladder.)
    if (!a || !("host" in a) || ("form" in a && a.form !== "server") || !a.host) return null;
    return { userinfo: a.userinfo ? a.userinfo.text : null, host: a.host.text, hostKind: a.host.kind, port: a.port ? a.port.text : null };
  }
  const s = "site" in ast ? ast.site : null;
  if (!s || !s.host) return null;
  const userinfo = s.user ? s.user.text + (s.password ? ":" + s.password.text : "") : null;
  return { userinfo, host: s.host.text, hostKind: s.host.kind, port: s.port ? s.port.text : null };
}

/** A draft-1997 site read on its own (rule site), when the reference's derivation has none. */
function siteParts(spec: SpecId, site: string): AuthorityParts | null {
  const r = parse(site, { spec, rule: "site" });
  if (!r.ok || !("site" in r.ast) || !r.ast.site) return null;
  const a = r.ast.site as { user: TextComponent | null; password: TextComponent | null; host: Host | null; port: Port | null };
  if (!a.host) return null;
  const userinfo = a.user ? a.user.text + (a.password ? ":" + a.password.text : "") : null;
  return { userinfo, host: a.host.text, hostKind: a.host.kind, port: a.port ? a.port.text : null };
}

function joinAuthority(p: AuthorityParts): string {
  return (p.userinfo !== null ? p.userinfo + "@" : "") + p.host + (p.port !== null ? ":" + p.port : "");
}

export type { UriComponents };
