// Builds the rfc3987 AST from the derivation of grammar/rfc3987/grammar.peggy. RFC 3987 §2.2: the IRI rules
// are RFC 3986's under new names ("If the non-terminal contains 'URI', this has been changed to
// 'IRI'. Otherwise, an 'i' has been prefixed"), and §2.1: "the syntax and use of components ... is
// the same as that in [RFC3986]". So the derivation's nodes are renamed back to RFC 3986's names and
// read by the rfc3986 builder (./rfc3986), and the path forms take the IRI names again. Written for
// issue 33 (not one of the builders of old), independent of the tags and the generated code.
import type { DerivationNode } from "./derivation";
import { buildRfc3986Ast } from "./rfc3986";

/** §2.2's renaming, IRI name -> RFC 3986 name. */
const RFC_3986_NAME: Readonly<Record<string, string>> = {
  IRI: "URI",
  "ihier-part": "hier-part",
  "IRI-reference": "URI-reference",
  "absolute-IRI": "absolute-URI",
  "irelative-ref": "relative-ref",
  "irelative-part": "relative-part",
  iauthority: "authority",
  iuserinfo: "userinfo",
  ihost: "host",
  "ireg-name": "reg-name",
  ipath: "path",
  "ipath-abempty": "path-abempty",
  "ipath-absolute": "path-absolute",
  "ipath-noscheme": "path-noscheme",
  "ipath-rootless": "path-rootless",
  "ipath-empty": "path-empty",
  iquery: "query",
  ifragment: "fragment",
};

function renamed(node: DerivationNode): DerivationNode {
  return { rule: RFC_3986_NAME[node.rule] ?? node.rule, start: node.start, end: node.end, children: node.children.map(renamed) };
}

export function buildRfc3987Ast(root: DerivationNode, input: string): unknown {
  const ast = { ...buildRfc3986Ast(renamed(root), input), spec: "rfc3987", rule: root.rule } as Record<string, unknown>;
  const path = ast.path as { form?: string } | null | undefined;
  if (path && path.form !== undefined) ast.path = { ...path, form: `i${path.form}` };
  return ast;
}

/** rfc3987's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildRfc3987Ast, astNodes: ["IRI-reference","IRI","absolute-IRI","irelative-ref","ihier-part","irelative-part","scheme","iauthority","iuserinfo","ihost","IP-literal","IPv6address","IPvFuture","IPv4address","ireg-name","port","ipath","ipath-abempty","ipath-absolute","ipath-noscheme","ipath-rootless","ipath-empty","iquery","ifragment"] as readonly string[] };
