// The oracle of rfc2396's generated AST: no builder of old exists for it (its AST was declared in
// its grammar from the start), so the draft-2003 builder of old reads its derivation. RFC 2396's
// Appendix A is the shape draft-2003 kept (absoluteURI with hier_part | opaque_part, relativeURI,
// authority = server | reg_name, the same path rules), so renaming rfc2396's rules to draft-2003's
// names, building, and renaming the rule names and path forms back gives the AST the annotations
// must give, computed without them.
import type { DerivationNode } from "./derivation";
import { buildDraft2003Ast } from "./draft-2003";

/** rfc2396's published names -> draft-2003's, for the rules the draft-2003 builder reads. */
const TO_2003: Readonly<Record<string, string>> = {
  absoluteURI: "absolute-URI",
  relativeURI: "relative-URI",
  hier_part: "hier-part",
  net_path: "net-path",
  abs_path: "abs-path",
  rel_path: "rel-path",
  opaque_part: "opaque-part",
  reg_name: "reg-name",
  path_segments: "path-segments",
  rel_segment: "rel-segment",
};
const FROM_2003: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TO_2003).map(([a, b]) => [b, a]));

/** The rules the oracle reads: draft-2003's list in rfc2396's names (IPv6reference has no counterpart). */
export const RFC_2396_AST_NODES = ["URI-reference", "absoluteURI", "relativeURI", "hier_part", "net_path", "abs_path", "rel_path", "opaque_part", "path", "scheme", "authority", "server", "reg_name", "userinfo", "hostport", "host", "hostname", "IPv4address", "port", "path_segments", "query", "fragment"];

function rename(node: DerivationNode, names: Readonly<Record<string, string>>): DerivationNode {
  return { rule: names[node.rule] ?? node.rule, start: node.start, end: node.end, children: node.children.map((c) => rename(c, names)) };
}

/** rfc2732 (RFC 2396 as amended by RFC 2732): the same, with draft-2003's IPv6reference (the same name). */
export const RFC_2732_AST_NODES = [...RFC_2396_AST_NODES, "IPv6reference", "IPv6address"];

export function buildRfc2396Ast(root: DerivationNode, input: string): unknown {
  return build("rfc2396", root, input);
}

export function buildRfc2732Ast(root: DerivationNode, input: string): unknown {
  return build("rfc2732", root, input);
}

function build(spec: string, root: DerivationNode, input: string): unknown {
  const ast = buildDraft2003Ast(rename(root, TO_2003), input) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { ...ast, spec, rule: FROM_2003[ast.rule as string] ?? ast.rule };
  const path = ast.path as { form: string } | null | undefined;
  if (path) out.path = { ...path, form: FROM_2003[path.form] ?? path.form };
  const authority = ast.authority as { form: string } | null | undefined;
  if (authority) out.authority = { ...authority, form: FROM_2003[authority.form] ?? authority.form };
  return out;
}

/** rfc2396's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildRfc2396Ast, astNodes: RFC_2396_AST_NODES as readonly string[] };
