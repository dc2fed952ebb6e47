// The oracle of rfc1808's generated AST: no builder of old exists for it (its AST was declared in its
// grammar from the start), so this one is written from the document's other description of the same
// components. For a whole reference it follows §2.4 "Parsing a URL" on the text, by searching for
// delimiters, as the RFC lists the steps: the fragment after the first "#" (§2.4.1), the scheme
// before a ":" (§2.4.2; the derivation says whether the start rule took one: relativeURL never does,
// and `http://a//b` is the absoluteURL that is no generic-RL, whose rest is not split), the net_loc
// after "//" up to the next "/" (§2.4.3), the query after the first "?" (§2.4.4), the params after
// the first ";" (§2.4.5), the path with its slash (§2.4.6). Below a whole reference, the fields are
// the matches of their rules in the derivation. Independent of the tags and the generated code.
import { astRoot, findNode, textBetween, textOf, type DerivationNode, type TextComponent } from "./derivation";

export const RFC_1808_AST_NODES = ["URL", "absoluteURL", "generic-RL", "relativeURL", "net_path", "abs_path", "rel_path", "path", "params", "scheme", "net_loc", "query", "fragment"];

const WHOLE = new Set(["URL", "absoluteURL", "generic-RL", "relativeURL"]);

export function buildRfc1808Ast(root: DerivationNode, input: string): unknown {
  const ast: Record<string, unknown> = astRoot("rfc1808", root, input);
  const node = (rule: string) => findNode(root, rule);
  const netLoc = (t: TextComponent | null) => (t ? { ...t, kind: "reg-name" } : null);
  if (WHOLE.has(root.rule)) {
    const generic = node("generic-RL");
    const opaque = !generic && node("absoluteURL");
    ast.kind = generic ? "absolute" : opaque ? "opaque" : node("net_path") ? "network-path" : node("abs_path") ? "absolute-path" : "relative-path";
    let at = root.start;
    let end = root.end;
    // §2.4.1: "the substring after the first (left-most) crosshatch "#" ... is the <fragment>".
    const hash = input.indexOf("#", at);
    const fragment = hash >= 0 && hash < end ? textBetween(input, hash + 1, end) : null;
    if (fragment) end = hash;
    // §2.4.2: the scheme, "the substring of characters up to but not including the first colon".
    let scheme: TextComponent | null = null;
    if (node("scheme")) {
      const colon = input.indexOf(":", at);
      scheme = textBetween(input, at, colon);
      at = colon + 1;
    }
    let net: TextComponent | null = null;
    let params: TextComponent | null = null;
    let query: TextComponent | null = null;
    if (!opaque) {
      // §2.4.3: "If the parse string begins with a double-slash "//", then the substring ... up to,
      // but not including, the next slash "/" character is the network location/login".
      if (input.startsWith("//", at)) {
        const slash = input.indexOf("/", at + 2);
        const netEnd = slash >= 0 && slash < end ? slash : end;
        net = textBetween(input, at + 2, netEnd);
        at = netEnd;
      }
      // §2.4.4: the query after the first "?"; §2.4.5: the params after the first ";".
      const q = input.indexOf("?", at);
      if (q >= 0 && q < end) (query = textBetween(input, q + 1, end)), (end = q);
      const s = input.indexOf(";", at);
      if (s >= 0 && s < end) params = textBetween(input, s + 1, end);
    }
    // §2.4.6: "all that is left of the parse string is the URL <path> and the slash "/" that may
    // precede it" (with the params, which the AST's path keeps as every revision's path does).
    Object.assign(ast, { scheme, net_loc: netLoc(net), path: textBetween(input, at, end), params, query, fragment });
    return ast;
  }
  const found = (rule: string) => {
    const n = node(rule);
    return n ? textOf(n, input) : null;
  };
  const scheme = found("scheme");
  if (scheme) ast.scheme = scheme;
  const net = found("net_loc");
  if (net) ast.net_loc = netLoc(net);
  // The path's text: from the abs_path's slash, the path, or a ";" inside the match, to the end of
  // the params, the path or the slash; after a net_loc with no abs_path, empty.
  const abs = node("abs_path");
  const path = node("path");
  const params = node("params");
  const start = abs ? abs.start : path ? path.start : params && params.start > root.start ? params.start - 1 : net ? net.span.end : -1;
  const stop = params ? params.end : path ? path.end : abs ? abs.start + 1 : net ? net.span.end : -1;
  if (start >= 0 && stop >= start) ast.path = textBetween(input, start, stop);
  if (params) ast.params = textOf(params, input);
  const query = found("query");
  if (query) ast.query = query;
  const fragment = found("fragment");
  if (fragment) ast.fragment = fragment;
  return ast;
}

/** rfc1808's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildRfc1808Ast, astNodes: RFC_1808_AST_NODES as readonly string[] };
