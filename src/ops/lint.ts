// Security notes: the concerns the documents raise in their security sections (rfc3986 §7,
// draft-2003 §7, rfc2396 §7, draft-1997 §7, rfc1738 §6), checked on a valid input's components. Notes are warnings: they
// never change validity, and an invalid input gets none.
import { DEFAULT_PORTS as DEFAULT_PORT_TABLE } from "./default-ports";
import type { DerivationNode } from "../scanner/derivation";
import { verdictOf, type ParseFailure } from "../parse";
import { optionsObject, specOf } from "../request";
import { getRevision, type Revision, type SpecId } from "../revisions";
import { componentFilter, componentsOf, matchesRule, type ComponentValue } from "./components";
import { findNode } from "../scanner/derivation";

export type LintCode = "password" | "userinfo-looks-like-host" | "non-default-port" | "escaped-crlf" | "escaped-nul" | "rare-ipv4";

export interface LintNote {
  code: LintCode;
  /** Where the documents raise the concern. */
  sections: string[];
  /** Offsets of the part the note is about. */
  span: { start: number; end: number };
  message: string;
}

/**
 * Default ports by scheme, as RFC 1738 gives them in its scheme sections (the later drafts defer
 * to the scheme definitions): the table of src/ops/default-ports.ts, which quotes the seed, by
 * scheme. Scheme knowledge, not a verdict: a scheme not listed gets no default-port note unless the
 * port is in the reserved space.
 */
export const DEFAULT_PORTS: Readonly<Record<string, { port: number; section: string }>> = Object.freeze(
  Object.fromEntries(DEFAULT_PORT_TABLE.map((d) => [d.scheme, { port: d.port, section: `rfc1738 ${/§[0-9.]+/.exec(d.section)![0]}` }])),
);

// Where each concern is raised: draft-2003 §7.2 Malicious Construction, §7.3 Rare IP Address
// Formats, §7.4 Sensitive Information, §7.5 Semantic Attacks; rfc3986 §7.2 Malicious Construction,
// §7.3 Back-End Transcoding, §7.4 Rare IP Address Formats, §7.5 Sensitive Information (and §3.2.1
// "Use of the format "user:password" in the userinfo field is deprecated"), §7.6 Semantic Attacks;
// rfc2396 §7, draft-1997 §7 and rfc1738 §6 (one section each, covering ports, escaped CR/LF and
// passwords; rfc2396 §7 is draft-1997's with "the 'userinfo' component" for "the "site" component").
const SECTIONS: Record<LintCode, string[]> = {
  password: ["rfc3986 §7.5", "rfc3986 §3.2.1", "draft-2003 §7.4", "rfc2396 §7", "draft-1997 §7", "rfc1738 §6"],
  "userinfo-looks-like-host": ["rfc3986 §7.6", "draft-2003 §7.5"],
  "non-default-port": ["rfc3986 §7.2", "draft-2003 §7.2", "rfc2396 §7", "draft-1997 §7", "rfc1738 §6"],
  "escaped-crlf": ["rfc3986 §7.2", "draft-2003 §7.2", "rfc2396 §7", "draft-1997 §7", "rfc1738 §6"],
  "escaped-nul": ["rfc3986 §7.3"],
  "rare-ipv4": ["rfc3986 §7.4", "draft-2003 §7.3"],
};

function note(code: LintCode, span: { start: number; end: number }, message: string): LintNote {
  return { code, sections: SECTIONS[code], span, message: `${message} (${SECTIONS[code].join(", ")})` };
}

/** The options of `lint()`. */
export interface LintOptions {
  /** Revision id; default `draft-2003`. */
  spec?: SpecId;
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

  // A port other than the scheme's default, especially one in the reserved space (below 1024).
  if (port && port.text !== "") {
    const n = Number.parseInt(port.text, 10);
    const schemeName = scheme?.text.toLowerCase();
    const known = schemeName ? DEFAULT_PORTS[schemeName] : undefined;
    const reserved = n < 1024 ? ", and it is in the reserved space below 1024, where another protocol may answer" : "";
    if (known && n !== known.port) {
      notes.push(note("non-default-port", port.span, `Port ${n} is not the ${schemeName} default ${known.port} (${known.section})${reserved}`));
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
  return notes;
}
