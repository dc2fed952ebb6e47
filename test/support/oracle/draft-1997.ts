// Builds the draft-1997 AST from the derivation of grammar/draft-1997/grammar.peggy.
// Components as draft-1997 §4.3 names them: scheme, site (user, password, host, port), path with
// segments and their ";" params (§4.3.2), query (§4.3.3); fragment (§3).
import { DerivationNode, astRoot, findNode, piecesBetween, spanOf, textBetween, textOf } from "./derivation";
import { portOf } from "./port";
import { classifyHost, HOSTNAME_OR_HOSTNUMBER } from "./host";

import type { Draft1997Ast, Draft1997Path, Draft1997Segment, Draft1997Site, Host, ReferenceKind } from "./types";

export const DRAFT_1997_REFERENCE_RULES = new Set(["URL-reference", "absoluteURL", "generic-URL", "opaque-URL", "relativeURL"]);

export function buildDraft1997Ast(root: DerivationNode, input: string): Draft1997Ast {
  const ast: Draft1997Ast = astRoot("draft-1997", root, input);
  const whole = DRAFT_1997_REFERENCE_RULES.has(root.rule);
  const scheme = findNode(root, "scheme");
  const siteNode = findNode(root, "site");
  const opaque = findNode(root, "opaque-URL");
  const query = findNode(root, "query");
  const fragment = findNode(root, "fragment");

  if (whole) ast.kind = referenceKind(root);
  if (scheme || whole) ast.scheme = scheme ? textOf(scheme, input) : null;
  if (siteNode || whole) ast.site = siteNode ? site(siteNode, input) : null;
  if (!siteNode) {
    const parts = siteParts(root, input);
    if (parts.user) ast.user = parts.user;
    if (parts.password) ast.password = parts.password;
    if (parts.host) ast.host = parts.host;
    if (parts.port) ast.port = parts.port;
  }
  const p = opaque ? null : path(root, input);
  if (p || whole) ast.path = p ?? emptyPath(root, scheme, siteNode, opaque, input);
  if (query || whole) ast.query = query ? textOf(query, input) : null;
  if (fragment || whole) ast.fragment = fragment ? textOf(fragment, input) : null;
  return ast;
}

function referenceKind(root: DerivationNode): ReferenceKind {
  // §4.2: absoluteURL = generic-URL | opaque-URL; §5: relativeURL = net_path | abs_path | rel_path
  if (findNode(root, "opaque-URL")) return "opaque";
  if (findNode(root, "generic-URL")) return "absolute";
  if (findNode(root, "net_path")) return "network-path";
  if (findNode(root, "abs_path")) return "absolute-path";
  return "relative-path";
}

function site(node: DerivationNode, input: string): Draft1997Site {
  const p = siteParts(node, input);
  return { text: input.slice(node.start, node.end), span: spanOf(node), user: p.user, password: p.password, host: p.host, port: p.port };
}

function siteParts(node: DerivationNode, input: string) {
  const user = findNode(node, "user");
  const password = findNode(node, "password");
  const hostNode = findNode(node, "host") ?? findNode(node, "hostname") ?? findNode(node, "hostnumber");
  const port = findNode(node, "port");
  return {
    user: user ? textOf(user, input) : null,
    password: password ? textOf(password, input) : null,
    host: hostNode ? host(hostNode, input) : null,
    port: port ? portOf(port, input) : null,
  };
}

function host(node: DerivationNode, input: string): Host {
  // §4.3.1: host = hostname | hostnumber
  return classifyHost(node, input, HOSTNAME_OR_HOSTNUMBER);
}

function path(root: DerivationNode, input: string): Draft1997Path | null {
  // abs_path = "/" rel_path and rel_path = [ path_segments ] [ "?" query ]: the path ends where
  // path_segments ends; the query belongs to rel_path in this grammar but is not part of the path.
  const abs = findNode(root, "abs_path");
  const rel = abs ?? findNode(root, "rel_path");
  if (rel) {
    const segs = findNode(rel, "path_segments");
    const end = segs ? segs.end : rel.rule === "abs_path" ? rel.start + 1 : rel.start;
    return { text: input.slice(rel.start, end), span: { start: rel.start, end }, form: rel.rule === "abs_path" ? "abs_path" : "rel_path", segments: segs ? segments(segs, input) : [] };
  }
  const segs = findNode(root, "path_segments") ?? findNode(root, "segment");
  if (segs) return { text: input.slice(segs.start, segs.end), span: spanOf(segs), form: "rel_path", segments: segments(segs, input) };
  return null;
}

function segments(node: DerivationNode, input: string): Draft1997Segment[] {
  // §4.3.2: path_segments = segment *( "/" segment ), segment = *pchar *( ";" param ), param = *pchar.
  // pchar has neither "/" nor ";", so the segments are the pieces between "/" and, in each, the
  // name and the params are the pieces between ";". (The parser builds no node per segment or
  // param: a 10 MB path has 5 million of them. One object literal per segment, not a spread:
  // V8's object spread followed by more properties made this loop superlinear.)
  const out: Draft1997Segment[] = [];
  const last = node.end;
  // One pass over the path: each "/" (or the end) closes a segment; the first ";" in it ends the name.
  let start = node.start;
  let semicolon = -1;
  for (let at = node.start; at <= last; at++) {
    const c = at < last ? input.charCodeAt(at) : -1;
    if (c === 59 /* ; */ && semicolon < 0) semicolon = at;
    if (c !== 47 /* / */ && c !== -1) continue;
    const text = input.slice(start, at);
    const span = { start, end: at };
    if (semicolon < 0) {
      // Without params the name is the whole segment: it shares the segment's span object (the
      // same values; a 10 MB path saves 5 million objects).
      out.push({ text, span, name: { text, span }, params: [] });
    } else {
      out.push({ text, span, name: textBetween(input, start, semicolon), params: piecesBetween(input, semicolon + 1, at, ";") });
    }
    start = at + 1;
    semicolon = -1;
  }
  return out;
}

function emptyPath(root: DerivationNode, scheme: DerivationNode | undefined, siteNode: DerivationNode | undefined, opaque: DerivationNode | undefined, input: string): Draft1997Path {
  if (opaque) return { text: input.slice(scheme!.end + 1, opaque.end), span: { start: scheme!.end + 1, end: opaque.end }, form: "rel_path", segments: [] };
  const at = siteNode ? siteNode.end : scheme ? scheme.end + 1 : root.start;
  return { text: input.slice(at, at), span: { start: at, end: at }, form: "empty", segments: [] };
}

/** draft-1997's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildDraft1997Ast, astNodes: ["URL-reference","absoluteURL","opaque-URL","generic-URL","relativeURL","net_path","abs_path","rel_path","scheme","site","user","password","hostport","host","hostname","hostnumber","port","path_segments","query","fragment"] as readonly string[] };
