// Builds the rfc3986 AST from the derivation of grammar/rfc3986/grammar.peggy.
// The AST follows the derivation: a component is whatever the published rule of that name matched
// (RFC 3986 §3: scheme, authority, path, query, fragment; §3.2: userinfo, host, port).
import { DerivationNode, astRoot, findNode, piecesBetween, spanOf, textOf } from "./derivation";
import { portOf } from "./port";
import { classifyHost, type HostClassification } from "./host";

import type { Host, ReferenceKind, Rfc3986Ast, Rfc3986Authority, Rfc3986Path, TextComponent } from "./types";

/** The start rules that derive a whole reference: their AST has `kind` and every component key. */
export const RFC_3986_REFERENCE_RULES = new Set(["URI-reference", "URI", "absolute-URI", "relative-ref"]);

/** §3.3: the five path rules, in Appendix A's order. */
const PATH_RULES = ["path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty"] as const;

export function buildRfc3986Ast(root: DerivationNode, input: string): Rfc3986Ast {
  const ast: Rfc3986Ast = astRoot("rfc3986", root, input);
  const whole = RFC_3986_REFERENCE_RULES.has(root.rule);
  const scheme = findNode(root, "scheme");
  const authorityNode = findNode(root, "authority");
  const pathInfo = path(root, input);
  const query = findNode(root, "query");
  const fragment = findNode(root, "fragment");

  if (whole) ast.kind = referenceKind(root, scheme, authorityNode, pathInfo);
  if (scheme || whole) ast.scheme = scheme ? textOf(scheme, input) : null;
  if (authorityNode || whole) ast.authority = authorityNode ? authority(authorityNode, input) : null;
  if (!authorityNode) {
    // Start rules below authority (host, userinfo, port, IP-literal ...).
    const userinfo = findNode(root, "userinfo");
    const hostNode = hostNodeIn(root);
    const port = findNode(root, "port");
    if (userinfo) ast.userinfo = textOf(userinfo, input);
    if (hostNode) ast.host = host(hostNode, input);
    if (port) ast.port = portOf(port, input);
  }
  if (pathInfo || whole) ast.path = pathInfo ?? emptyPath(root, scheme, authorityNode, input);
  if (query || whole) ast.query = query ? textOf(query, input) : null;
  if (fragment || whole) ast.fragment = fragment ? textOf(fragment, input) : null;
  return ast;
}

function referenceKind(root: DerivationNode, scheme: DerivationNode | undefined, authorityNode: DerivationNode | undefined, p: Rfc3986Path | null): Exclude<ReferenceKind, "opaque"> {
  // §3 URI / §4.3 absolute-URI: scheme ":" hier-part ...; §4.2: "A relative reference that begins
  // with two slash characters is termed a network-path reference ...; a relative reference that
  // begins with a single slash character is termed an absolute-path reference. A relative reference
  // that does not begin with a slash character is termed a relative-path reference."
  if (scheme && findNode(root, "relative-ref") === undefined) return "absolute";
  if (authorityNode) return "network-path";
  if (p && p.form === "path-absolute") return "absolute-path";
  return "relative-path";
}

function authority(node: DerivationNode, input: string): Rfc3986Authority {
  const userinfo = findNode(node, "userinfo");
  const port = findNode(node, "port");
  return {
    text: input.slice(node.start, node.end),
    span: spanOf(node),
    userinfo: userinfo ? textOf(userinfo, input) : null,
    host: host(hostNodeIn(node)!, input),
    port: port ? portOf(port, input) : null,
  };
}

function hostNodeIn(node: DerivationNode): DerivationNode | undefined {
  return findNode(node, "host") ?? findNode(node, "IP-literal") ?? findNode(node, "IPv6address") ?? findNode(node, "IPvFuture") ?? findNode(node, "IPv4address") ?? findNode(node, "reg-name");
}

/** §3.2.2: host = IP-literal / IPv4address / reg-name; IP-literal = "[" ( IPv6address / IPvFuture ) "]". */
const HOSTS: HostClassification = {
  shapes: [
    { rule: "IPv6address", kind: "IPv6", address: "IPv6address" },
    { rule: "IPvFuture", kind: "IPvFuture", address: "IPvFuture" },
    { rule: "IPv4address", kind: "IPv4" },
  ],
  otherwise: "reg-name",
};

function host(node: DerivationNode, input: string): Host {
  return classifyHost(node, input, HOSTS);
}

function path(root: DerivationNode, input: string): Rfc3986Path | null {
  for (const form of PATH_RULES) {
    const node = findNode(root, form);
    if (node) return { text: input.slice(node.start, node.end), span: spanOf(node), form, segments: segments(node, form, input) };
  }
  return null;
}

function segments(node: DerivationNode, form: (typeof PATH_RULES)[number], input: string): TextComponent[] {
  // §3.3: "A path consists of a sequence of path segments separated by a slash ("/") character."
  // No segment rule holds a "/", so the segments are the pieces between "/"; a path that starts
  // with "/" (path-abempty, path-absolute) starts its first segment after it. The parser builds no
  // node per segment (a 10 MB path has 5 million of them).
  if (form === "path-empty" || node.start === node.end) return [];
  const start = input[node.start] === "/" ? node.start + 1 : node.start;
  return piecesBetween(input, start, node.end, "/");
}

/** A path is always there in RFC 3986 (§3.3 "A path is always defined for a URI"); this covers start rules without one. */
function emptyPath(root: DerivationNode, scheme: DerivationNode | undefined, authorityNode: DerivationNode | undefined, input: string): Rfc3986Path {
  const at = authorityNode ? authorityNode.end : scheme ? scheme.end + 1 : root.start;
  return { text: input.slice(at, at), span: { start: at, end: at }, form: "path-empty", segments: [] };
}

/** rfc3986's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildRfc3986Ast, astNodes: ["URI-reference","URI","absolute-URI","relative-ref","hier-part","relative-part","scheme","authority","userinfo","host","IP-literal","IPv6address","IPvFuture","IPv4address","reg-name","port","path","path-abempty","path-absolute","path-noscheme","path-rootless","path-empty","query","fragment"] as readonly string[] };
