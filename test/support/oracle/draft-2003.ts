// Builds the draft-2003 AST from the derivation of grammar/draft-2003/grammar.peggy.
// The AST follows the derivation: a component is whatever the published rule of that name matched
// (draft-2003 §3: scheme, authority, path, query; §4.1: fragment).
import { portOf } from "./port";
import { classifyHost, type HostClassification } from "./host";

import { DerivationNode, astRoot, findNode, piecesBetween, spanOf, textOf } from "./derivation";
import type { Draft2003Ast, Draft2003Authority, Draft2003Path, Host, Port, ReferenceKind, TextComponent } from "./types";

/** The start rules that derive a whole reference: their AST has `kind` and every component key. */
export const DRAFT_2003_REFERENCE_RULES = new Set(["URI-reference", "absolute-URI-reference", "absolute-URI", "relative-URI"]);

export function buildDraft2003Ast(root: DerivationNode, input: string): Draft2003Ast {
  const ast: Draft2003Ast = astRoot("draft-2003", root, input);
  const whole = DRAFT_2003_REFERENCE_RULES.has(root.rule);
  const scheme = findNode(root, "scheme");
  const authorityNode = findNode(root, "authority");
  const pathInfo = path(root, input);
  const query = findNode(root, "query");
  const fragment = findNode(root, "fragment");

  if (whole) ast.kind = referenceKind(root);
  if (scheme || whole) ast.scheme = scheme ? textOf(scheme, input) : null;
  if (authorityNode || whole) ast.authority = authorityNode ? authority(authorityNode, input) : null;
  if (!authorityNode) {
    // Start rules below authority (server, hostport, host, userinfo, port ...).
    const server = serverParts(root, input);
    if (server.userinfo) ast.userinfo = server.userinfo;
    if (server.host) ast.host = server.host;
    if (server.port) ast.port = server.port;
  }
  if (pathInfo || whole) ast.path = pathInfo ?? emptyPath(root, scheme, authorityNode, input);
  if (query || whole) ast.query = query ? textOf(query, input) : null;
  if (fragment || whole) ast.fragment = fragment ? textOf(fragment, input) : null;
  return ast;
}

function referenceKind(root: DerivationNode): ReferenceKind {
  // §3: absolute-URI = scheme ":" ( hier-part / opaque-part ); §5: relative-URI = [ net-path / abs-path / rel-path ] ...
  const absolute = findNode(root, "absolute-URI");
  if (absolute) return findNode(absolute, "opaque-part") ? "opaque" : "absolute";
  // net-path and rel-path both contain an abs-path: ask for them first.
  if (findNode(root, "net-path")) return "network-path";
  if (findNode(root, "rel-path")) return "relative-path";
  if (findNode(root, "abs-path")) return "absolute-path";
  return "relative-path";
}

function authority(node: DerivationNode, input: string): Draft2003Authority {
  const regName = findNode(node, "reg-name");
  if (regName) {
    // §3.2.1: the whole authority is a registry-based name; it has no userinfo or port of its own.
    return { text: input.slice(node.start, node.end), span: spanOf(node), form: "reg-name", userinfo: null, host: { text: input.slice(regName.start, regName.end), span: spanOf(regName), kind: "reg-name" }, port: null };
  }
  const parts = serverParts(node, input);
  return { text: input.slice(node.start, node.end), span: spanOf(node), form: "server", userinfo: parts.userinfo, host: parts.host, port: parts.port };
}

function serverParts(node: DerivationNode, input: string): { userinfo: TextComponent | null; host: Host | null; port: Port | null } {
  const userinfo = findNode(node, "userinfo");
  const hostNode = findNode(node, "host") ?? findNode(node, "IPv6reference") ?? findNode(node, "IPv4address") ?? findNode(node, "hostname");
  const port = findNode(node, "port");
  return {
    userinfo: userinfo ? textOf(userinfo, input) : null,
    host: hostNode ? host(hostNode, input) : null,
    port: port ? portOf(port, input) : null,
  };
}

/** §3.2.2: host = IPv6reference / IPv4address / hostname; IPv6reference = "[" IPv6address "]". */
const HOSTS: HostClassification = { shapes: [{ rule: "IPv6reference", kind: "IPv6", address: "IPv6address" }, { rule: "IPv4address", kind: "IPv4" }], otherwise: "hostname" };

function host(node: DerivationNode, input: string): Host {
  return classifyHost(node, input, HOSTS);
}

function path(root: DerivationNode, input: string): Draft2003Path | null {
  const opaque = findNode(root, "opaque-part");
  if (opaque) return { text: input.slice(opaque.start, opaque.end), span: spanOf(opaque), form: "opaque-part", segments: [] };
  const rel = findNode(root, "rel-path");
  if (rel) return { text: input.slice(rel.start, rel.end), span: spanOf(rel), form: "rel-path", segments: segments(rel, input) };
  const abs = findNode(root, "abs-path");
  if (abs) return { text: input.slice(abs.start, abs.end), span: spanOf(abs), form: "abs-path", segments: segments(abs, input) };
  const segs = findNode(root, "path-segments") ?? findNode(root, "segment") ?? findNode(root, "rel-segment");
  if (segs) return { text: input.slice(segs.start, segs.end), span: spanOf(segs), form: "abs-path", segments: segments(segs, input) };
  return null;
}

function segments(node: DerivationNode, input: string): TextComponent[] {
  // §3.3: path-segments = segment *( "/" segment ); §5: rel-path = rel-segment [ abs-path ].
  // Neither segment (*pchar) nor rel-segment has a "/", so the segments are the pieces between
  // "/" (an abs-path's leading "/" starts the first one). The parser builds no node per segment:
  // a 10 MB path has 5 million of them.
  if (node.rule === "segment" || node.rule === "rel-segment") return [textOf(node, input)];
  const start = node.rule === "abs-path" ? node.start + 1 : node.start;
  return piecesBetween(input, start, node.end, "/");
}

/** An empty path sits right after the authority, or after "scheme:", or at the start. */
function emptyPath(root: DerivationNode, scheme: DerivationNode | undefined, authorityNode: DerivationNode | undefined, input: string): Draft2003Path {
  const at = authorityNode ? authorityNode.end : scheme ? scheme.end + 1 : root.start;
  return { text: input.slice(at, at), span: { start: at, end: at }, form: "empty", segments: [] };
}

/** draft-2003's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildDraft2003Ast, astNodes: ["URI-reference","absolute-URI-reference","absolute-URI","relative-URI","hier-part","net-path","abs-path","rel-path","opaque-part","path","scheme","authority","server","reg-name","userinfo","hostport","host","hostname","IPv4address","IPv6reference","IPv6address","port","path-segments","query","fragment"] as readonly string[] };
