// Builds the rfc6874 AST from the derivation of grammar/rfc6874/grammar.peggy: RFC 3986's AST (./rfc3986,
// read from the same derivation: RFC 6874 §2 changes only IP-literal) with the zone, the text of
// the ZoneID, in the authority and, for a start rule without an authority, at the top. Written for
// issue 33, after the ASTs moved into the grammars: not one of the builders of old, but built the
// same way (a search of the derivation by rule name), independent of the tags and the generated code.
import { findNode, textOf, type DerivationNode } from "./derivation";
import { buildRfc3986Ast } from "./rfc3986";
import type { TextComponent } from "./types";

export function buildRfc6874Ast(root: DerivationNode, input: string): unknown {
  const ast = { ...buildRfc3986Ast(root, input), spec: "rfc6874" } as Record<string, unknown>;
  const zone = findNode(root, "ZoneID");
  const authority = ast.authority as (Record<string, unknown> & { span: { start: number; end: number } }) | null | undefined;
  if (authority) {
    const inside = zone && zone.start >= authority.span.start && zone.end <= authority.span.end;
    ast.authority = { ...authority, zone: inside ? textOf(zone, input) : null } satisfies Record<string, unknown>;
  } else if (zone) ast.zone = textOf(zone, input) satisfies TextComponent;
  return ast;
}

/** rfc6874's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildRfc6874Ast, astNodes: ["URI-reference","URI","absolute-URI","relative-ref","hier-part","relative-part","scheme","authority","userinfo","host","IP-literal","IPv6addrz","IPv6address","ZoneID","IPvFuture","IPv4address","reg-name","port","path","path-abempty","path-absolute","path-noscheme","path-rootless","path-empty","query","fragment"] as readonly string[] };
