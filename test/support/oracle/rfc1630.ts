// Builds the rfc1630 AST from the derivation of grammar/rfc1630/grammar.peggy. The URL section is the 1994
// draft's grammar (grammar/rfc1630/README.md), so its productions are read by the 1994 draft's builder of
// old (./draft-1994, on the same rule names), less the gopher command's %09 parts (RFC 1630's Gopher
// section does not split it). The generic section is read here: fragmentaddress = uri [ # fragmentid ],
// uri = scheme : path [ ? search ] (generic-scheme, generic-path, generic-search, generic-fragmentid).
// Written for issue 32, after the ASTs moved into the grammars: not one of the builders of old, but
// built the same way (a search of the derivation by rule name), independent of the tags and the
// generated code.
import { astRoot, findNode, piecesBetween, spanOf, textOf, type DerivationNode } from "./derivation";
import { buildDraft1994Ast } from "./draft-1994";

/** A path split at "/" (split-nonempty: no segments when it is empty). */
function pathOf(node: DerivationNode, input: string) {
  const t = textOf(node, input);
  return { text: t.text, span: t.span, segments: t.text === "" ? [] : piecesBetween(input, node.start, node.end, "/") };
}

export function buildRfc1630Ast(root: DerivationNode, input: string): unknown {
  if (root.rule === "fragmentaddress" || root.rule === "uri") {
    const uri = findNode(root, "uri")!;
    const search = findNode(uri, "generic-search");
    const fragment = findNode(root, "generic-fragmentid");
    return {
      ...astRoot("rfc1630", root, input),
      prefix: null,
      address: { production: "uri", text: input.slice(uri.start, uri.end), span: spanOf(uri), scheme: textOf(findNode(uri, "generic-scheme")!, input), path: pathOf(findNode(uri, "generic-path")!, input), search: search ? textOf(search, input) : null },
      fragment: fragment ? textOf(fragment, input) : null,
    };
  }
  const ast = { ...buildDraft1994Ast(root, input), spec: "rfc1630" } as Record<string, unknown>;
  if ("address" in ast) {
    ast.fragment = null;
    const a = ast.address as Record<string, unknown> | null;
    if (a && a.production === "gopheraddress") {
      const { selector: _s, search: _q, gopherPlus: _g, ...kept } = a;
      ast.address = kept;
    }
    return ast;
  }
  const genericPath = findNode(root, "generic-path");
  const genericSearch = findNode(root, "generic-search");
  if (genericPath) ast.path = pathOf(genericPath, input);
  if (genericSearch) ast.search = textOf(genericSearch, input);
  return ast;
}

/** rfc1630's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildRfc1630Ast, astNodes: ["fragmentaddress","uri","generic-scheme","generic-path","generic-search","generic-fragmentid","prefixedurl","url","httpaddress","ftpaddress","ftptype","afsaddress","newsaddress","nntpaddress","midaddress","cidaddress","mailtoaddress","waisaddress","waisindex","waisdoc","wpath","groupart","group","article","database","wtype","prosperoaddress","prosperolink","hsoname","hsoname_before_version","version","attributes","attribute","telnetaddress","gopheraddress","login","hostport","host","hostname","hostnumber","port","gcommand","gtype","cellname","path","search","user","password","fragmentid","scheme","addr-spec","content-identifier"] as readonly string[] };
