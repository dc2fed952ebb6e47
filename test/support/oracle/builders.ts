// The oracle of the generated AST builders: the hand-written builders of src/ast as they stood before
// the ASTs were declared in the grammars (commit cb9b53f), kept here unchanged (this folder), reading
// the derivation that peggy's own parser builds (projected to the rules they read). `npm run
// differential` and test/ast-oracle.test.ts hold the generated builders (generated/<spec>.ast.ts,
// from the grammars' @ast annotations) to deep equality with them.
import type { DerivationNode } from "./derivation";
import { buildDraft1993Ast } from "./draft-1993";
import { buildDraft1994Ast } from "./draft-1994";
import { buildRfc1630Ast } from "./rfc1630";
import { buildRfc1738Ast } from "./rfc1738";
import { buildRfc1808Ast, RFC_1808_AST_NODES } from "./rfc1808";
import { buildDraft1997Ast } from "./draft-1997";
import { buildDraft2003Ast } from "./draft-2003";
import { buildRfc2396Ast, buildRfc2732Ast, RFC_2396_AST_NODES, RFC_2732_AST_NODES } from "./rfc2396";
import { buildRfc3986Ast } from "./rfc3986";
import { buildRfc3987Ast } from "./rfc3987";
import { buildRfc6874Ast } from "./rfc6874";

export const ORACLE_BUILDERS: Readonly<Record<string, (root: DerivationNode, input: string) => unknown>> = {
  "draft-1993": buildDraft1993Ast,
  "draft-1994": buildDraft1994Ast,
  rfc1630: buildRfc1630Ast,
  rfc1738: buildRfc1738Ast,
  rfc1808: buildRfc1808Ast,
  "draft-1997": buildDraft1997Ast,
  rfc2396: buildRfc2396Ast,
  rfc2732: buildRfc2732Ast,
  "draft-2003": buildDraft2003Ast,
  rfc3986: buildRfc3986Ast,
  rfc3987: buildRfc3987Ast,
  rfc6874: buildRfc6874Ast,
};

/**
 * The rules each oracle builder reads from the derivation (the grammars' former `@ast-nodes`
 * headers): the derivation is projected to these before the builder reads it, as the walk did.
 */
export const ORACLE_AST_NODES: Readonly<Record<string, readonly string[]>> = {
  "draft-1993": ["anchoraddress","docaddress","generic","scheme","httpaddress","fileaddress","afsaddress","newsaddress","waisaddress","waisindex","waisdoc","groupart","group","article","database","wtype","prosperoaddress","telnetaddress","gopheraddress","hostport","host","cellname","hostname","hostnumber","port","selector","path","search","user","anchorid","gtype","generic_anchored","httpaddress_anchored","fileaddress_anchored","afsaddress_anchored","newsaddress_anchored","waisaddress_anchored","prosperoaddress_anchored","telnetaddress_anchored","gopheraddress_anchored"],
  "draft-1994": ["prefixedurl","url","httpaddress","ftpaddress","ftptype","afsaddress","newsaddress","nntpaddress","midaddress","cidaddress","mailtoaddress","waisaddress","waisindex","waisdoc","wpath","groupart","group","article","database","wtype","prosperoaddress","prosperolink","hsoname","hsoname_before_version","version","attributes","attribute","telnetaddress","gopheraddress","login","hostport","host","hostname","hostnumber","port","gcommand","gtype","cellname","path","search","user","password","fragmentid","scheme","addr-spec","content-identifier"],
  rfc1630: ["fragmentaddress","uri","generic-scheme","generic-path","generic-search","generic-fragmentid","prefixedurl","url","httpaddress","ftpaddress","ftptype","afsaddress","newsaddress","nntpaddress","midaddress","cidaddress","mailtoaddress","waisaddress","waisindex","waisdoc","wpath","groupart","group","article","database","wtype","prosperoaddress","prosperolink","hsoname","hsoname_before_version","version","attributes","attribute","telnetaddress","gopheraddress","login","hostport","host","hostname","hostnumber","port","gcommand","gtype","cellname","path","search","user","password","fragmentid","scheme","addr-spec","content-identifier"],
  "rfc1738": ["url","genericurl","otherurl","scheme","schemepart","ip-schemepart","login","user","password","hostport","host","hostname","hostnumber","port","urlpath","ftpurl","fpath","ftptype","fileurl","httpurl","hpath","search","gopherurl","gtype","selector","gopher+_string","mailtourl","encoded822addr","newsurl","grouppart","group","article","nntpurl","digits","telneturl","waisurl","waisdatabase","waisindex","waisdoc","database","wtype","wpath","prosperourl","ppath","fieldspec","fieldname","fieldvalue"],
  rfc1808: RFC_1808_AST_NODES,
  "draft-1997": ["URL-reference","absoluteURL","opaque-URL","generic-URL","relativeURL","net_path","abs_path","rel_path","scheme","site","user","password","hostport","host","hostname","hostnumber","port","path_segments","query","fragment"],
  rfc2396: RFC_2396_AST_NODES,
  rfc2732: RFC_2732_AST_NODES,
  "draft-2003": ["URI-reference","absolute-URI-reference","absolute-URI","relative-URI","hier-part","net-path","abs-path","rel-path","opaque-part","path","scheme","authority","server","reg-name","userinfo","hostport","host","hostname","IPv4address","IPv6reference","IPv6address","port","path-segments","query","fragment"],
  "rfc3986": ["URI-reference","URI","absolute-URI","relative-ref","hier-part","relative-part","scheme","authority","userinfo","host","IP-literal","IPv6address","IPvFuture","IPv4address","reg-name","port","path","path-abempty","path-absolute","path-noscheme","path-rootless","path-empty","query","fragment"],
  "rfc3987": ["IRI-reference","IRI","absolute-IRI","irelative-ref","ihier-part","irelative-part","scheme","iauthority","iuserinfo","ihost","IP-literal","IPv6address","IPvFuture","IPv4address","ireg-name","port","ipath","ipath-abempty","ipath-absolute","ipath-noscheme","ipath-rootless","ipath-empty","iquery","ifragment"],
  "rfc6874": ["URI-reference","URI","absolute-URI","relative-ref","hier-part","relative-part","scheme","authority","userinfo","host","IP-literal","IPv6addrz","IPv6address","ZoneID","IPvFuture","IPv4address","reg-name","port","path","path-abempty","path-absolute","path-noscheme","path-rootless","path-empty","query","fragment"],
};
