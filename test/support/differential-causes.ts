// Why a peer and our grammar disagree: every disagreement of test/differential.test.ts must match one
// of these causes, in this order (the first that matches names it). Each cause is documented, with
// the section that explains it, in docs/differential.md; the test checks that the two lists agree.
// A cause is a predicate on the input (and the rule and both verdicts) that names the one feature the
// peer reads differently; it is as narrow as the feature, so a new kind of disagreement stays
// unexplained and fails the test.
import type { PeerName } from "./peers";

export interface Disagreement {
  peer: PeerName;
  /** Our revision and rule (published name). */
  spec: string;
  rule: string;
  input: string;
  /** Our verdict and the peer's. */
  ours: boolean;
  theirs: boolean;
}

export interface Cause {
  id: string;
  peer: PeerName;
  /** The revision compared, when the cause belongs to one comparison (java.net.URI runs against two). */
  spec?: string;
  /** Our verdict when this cause applies (the peer says the opposite); both when absent. */
  ours?: boolean;
  test(d: Disagreement): boolean;
}

/** RFC 3986's characters: unreserved, reserved and "%" (§2). */
const RFC3986_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;

/**
 * How python3-rfc3986 splits a reference (rfc3986/abnf_regexp.py URL_PARSING_RE): Appendix B with a
 * scheme of `[a-zA-Z][a-zA-Z0-9+.-]*` and an authority of `[^\\/?#]*` (a backslash ends it).
 */
function python3986Split(input: string): { scheme: string | null; authority: string | null; path: string; query: string | null; fragment: string | null } {
  const m = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/([^\\/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?/s.exec(input)!;
  return { scheme: m[1] ?? null, authority: m[2] ?? null, path: m[3], query: m[4] ?? null, fragment: m[5] ?? null };
}

/** The first path segment of a relative reference holds ":" (when no scheme is read). */
function colonInFirstSegment(path: string): boolean {
  return /^[^/]*:/.test(path);
}

/** draft-1997 §4.1: scheme = 1*( alpha | digit | "+" | "-" | "." ) (RFC 2396 §3.1 wants alpha first). */
const DRAFT_1997_SCHEME = /^[A-Za-z0-9+.-]+:/;

export const CAUSES: Cause[] = [
  // python3-rfc3987: one regex per rule.
  {
    id: "rfc3987-ipvfuture-uppercase-v",
    peer: "python3-rfc3987",
    ours: true,
    test: (d) => (d.rule === "IPvFuture" ? d.input.startsWith("V") : d.input.includes("[V")),
  },
  {
    id: "rfc3987-dec-octet-leading-zero",
    peer: "python3-rfc3987",
    ours: false,
    test: (d) => ["dec-octet", "IPv4address", "ls32", "IPv6address"].includes(d.rule) && /(^|[.:])0[0-9]/.test(d.input),
  },
  // python3-rfc3986: splits with its own Appendix B, encodes, then validates each component alone.
  {
    id: "py3986-encodes-before-validating",
    peer: "python3-rfc3986",
    ours: false,
    test: (d) => {
      const s = python3986Split(d.input);
      const rest = s.path + (s.query ?? "") + (s.fragment ?? "");
      return !RFC3986_CHARS.test(rest) || BAD_PERCENT.test(rest);
    },
  },
  {
    id: "py3986-path-checked-alone",
    peer: "python3-rfc3986",
    ours: false,
    test: (d) => {
      const s = python3986Split(d.input);
      return s.scheme === null && s.authority === null && colonInFirstSegment(s.path);
    },
  },
  {
    id: "py3986-empty-userinfo",
    peer: "python3-rfc3986",
    ours: true,
    test: (d) => /^@/.test(python3986Split(d.input).authority ?? ""),
  },
  {
    id: "py3986-ipv4-range",
    peer: "python3-rfc3986",
    ours: true,
    test: (d) => {
      const host = (python3986Split(d.input).authority ?? "").replace(/^[^@]*@/, "").replace(/:[0-9]*$/, "");
      return /^([0-9]{1,3}\.){3}[0-9]{1,3}$/.test(host) && host.split(".").some((o) => Number(o) > 255);
    },
  },
  {
    id: "py3986-port-range",
    peer: "python3-rfc3986",
    ours: true,
    test: (d) => {
      const port = /:([0-9]*)$/.exec((python3986Split(d.input).authority ?? "").replace(/^[^@]*@/, ""))?.[1];
      return port !== undefined && (port.length > 5 || Number(port) > 65535);
    },
  },
  {
    id: "py3986-rfc6874-zone",
    peer: "python3-rfc3986",
    ours: false,
    test: (d) => /^\[[0-9A-Fa-f:.]*%25[^\]]*\]$/.test((python3986Split(d.input).authority ?? "").replace(/^[^@]*@/, "").replace(/:[0-9]*$/, "")),
  },
  // java.net.URI against rfc2732 (RFC 2396 as amended by RFC 2732, what it implements): the causes
  // below that name no spec apply to both comparisons (other characters, empty authority).
  {
    id: "java-query-only-reference",
    peer: "java.net.URI",
    spec: "rfc2732",
    ours: false,
    test: (d) => d.input.startsWith("?"),
  },
  {
    id: "java-opaque-first-bracket",
    peer: "java.net.URI",
    spec: "rfc2732",
    ours: false,
    test: (d) => /^[A-Za-z][A-Za-z0-9+.-]*:[[\]]/.test(d.input),
  },
  {
    id: "java-ipv6-rfc2373",
    peer: "java.net.URI",
    spec: "rfc2732",
    test: (d) => /\[[0-9A-Fa-f:.]*\]/.test(d.input),
  },
  {
    id: "java-ipv6-scope-id",
    peer: "java.net.URI",
    spec: "rfc2732",
    ours: false,
    test: (d) => /\[[0-9A-Fa-f:.]*%[^\]]*\]/.test(d.input),
  },
  // java.net.URI: RFC 2396 with RFC 2732 and the deviations of its documentation, against draft-1997.
  {
    id: "java-rfc2732-brackets",
    peer: "java.net.URI",
    spec: "draft-1997",
    ours: false,
    test: (d) => /[[\]]/.test(d.input),
  },
  {
    id: "java-other-characters",
    peer: "java.net.URI",
    ours: false,
    test: (d) => /[^\x00-\x7f]/.test(d.input),
  },
  {
    id: "java-scheme-first-alpha",
    peer: "java.net.URI",
    spec: "draft-1997",
    ours: true,
    test: (d) => DRAFT_1997_SCHEME.test(d.input) && !/^[A-Za-z]/.test(d.input),
  },
  {
    id: "java-empty-scheme-specific-part",
    peer: "java.net.URI",
    spec: "draft-1997",
    ours: true,
    test: (d) => /^[A-Za-z][A-Za-z0-9+.-]*:(#.*)?$/s.test(d.input),
  },
  {
    id: "java-empty-authority",
    peer: "java.net.URI",
    ours: true,
    test: (d) => /^([A-Za-z][A-Za-z0-9+.-]*:)?\/\/$/.test(d.input),
  },
  {
    id: "java-colon-in-first-segment",
    peer: "java.net.URI",
    spec: "draft-1997",
    ours: true,
    test: (d) => !DRAFT_1997_SCHEME.test(d.input) && /^[^/?#]*:/.test(d.input),
  },
];

/** The cause of a disagreement, or null when none explains it. */
export function causeOf(d: Disagreement): string | null {
  return CAUSES.find((c) => c.peer === d.peer && (c.spec === undefined || c.spec === d.spec) && (c.ours === undefined || c.ours === d.ours) && c.test(d))?.id ?? null;
}
