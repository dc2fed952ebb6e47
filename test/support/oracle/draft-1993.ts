// Builds the draft-1993 AST from the derivation of grammar/draft-1993/grammar.peggy.
// One typed AST per docaddress alternative ("BNF syntax": generic, httpaddress, fileaddress,
// newsaddress, prosperoaddress, telnetaddress, gopheraddress, waisaddress, afsaddress), plus the
// anchorid of anchoraddress. Components follow the derivation; null means absent, an empty text
// means present but empty (`http://h/` has path "", `http://h` has path null).
import { DerivationNode, astRoot, piecesBetween, findNode, textBetween, textOf, type Span, spanOf, type TextComponent } from "./derivation";
import { portOf } from "./port";
import { classifyHost, HOSTNAME_OR_HOSTNUMBER } from "./host";

import { componentsFromPieces, type ReadComponents, type ReferencePieces } from "./components";
import type { Host, Port } from "./types";

/** The docaddress alternatives ("BNF syntax"), by published name. */
export type Draft1993Production =
  | "generic"
  | "httpaddress"
  | "fileaddress"
  | "afsaddress"
  | "newsaddress"
  | "waisaddress"
  | "prosperoaddress"
  | "telnetaddress"
  | "gopheraddress";

export const DRAFT_1993_PRODUCTIONS: readonly Draft1993Production[] = [
  "generic",
  "httpaddress",
  "fileaddress",
  "newsaddress",
  "prosperoaddress",
  "telnetaddress",
  "gopheraddress",
  "waisaddress",
  "afsaddress",
];

/**
 * path = void | xpalphas [ / path ]. `text` "" is the void path. `segments` are the xpalphas
 * between "/" (none for the void path); a path ending in "/" ends in a void path, shown as a final
 * empty segment (`a/b/` -> "a", "b", "").
 */
export interface Draft1993Path extends TextComponent {
  segments: TextComponent[];
}

/** search = xalphas [ + search ]: the xalphas between "+" are the keywords (never empty). */
export interface Draft1993Search extends TextComponent {
  keywords: TextComponent[];
}

interface AddressBase extends TextComponent {
  production: Draft1993Production;
  /** The scheme as written: the spelled letters (`h t t p`) of a scheme production, or generic's `scheme`. */
  scheme: TextComponent;
}

/** generic = scheme : path [ ? search ] */
export interface Draft1993Generic extends AddressBase {
  production: "generic";
  path: Draft1993Path;
  search: Draft1993Search | null;
}

/** httpaddress = h t t p : // hostport [ / path ] [ ? search ] */
export interface Draft1993Http extends AddressBase {
  production: "httpaddress";
  host: Host;
  port: Port | null;
  /** null: no "/" after hostport; text "": a "/" then the void path. */
  path: Draft1993Path | null;
  search: Draft1993Search | null;
}

/** fileaddress = f t p : // host / path (the rule is named fileaddress, its scheme is "ftp"). */
export interface Draft1993Ftp extends AddressBase {
  production: "fileaddress";
  host: Host;
  path: Draft1993Path;
}

/** afsaddress = a f s : // cellname / path; cellname = hostname. */
export interface Draft1993Afs extends AddressBase {
  production: "afsaddress";
  cell: Host;
  path: Draft1993Path;
}

/** article = xalphas @ host: a message identifier (News: distinguished by the "@"). */
export interface Draft1993Article extends TextComponent {
  /** The xalphas before the "@" that precedes the host. */
  id: TextComponent;
  host: Host;
}

/** newsaddress = n e w s : groupart; groupart = * | group | article. */
export interface Draft1993News extends AddressBase {
  production: "newsaddress";
  groupart: TextComponent;
  /** `all`: the "*" alternative; `group`: a news group name; `article`: a message identifier. */
  kind: "all" | "group" | "article";
  group: TextComponent | null;
  article: Draft1993Article | null;
}

/** waisindex = w a i s : // hostport / database [ ? search ] */
export interface Draft1993WaisIndex extends AddressBase {
  production: "waisaddress";
  form: "index";
  host: Host;
  port: Port | null;
  database: TextComponent;
  search: Draft1993Search | null;
}

/** waisdoc = w a i s : // hostport / database / wtype / digits / path */
export interface Draft1993WaisDoc extends AddressBase {
  production: "waisaddress";
  form: "document";
  host: Host;
  port: Port | null;
  database: TextComponent;
  wtype: TextComponent;
  /** The `digits`: the document length (section "WAIS": the "type" and length of a object). */
  length: TextComponent & { number: number };
  path: Draft1993Path;
}

/**
 * prosperoaddress = p r o s p e r o : / / path. The grammar gives prospero no host: the path
 * starts right after "//". Section "Prospero": other fields "are appended to the HSOName and
 * separated by the characters "%23"": `hsoname` is the path before the first "%23", `fields` the
 * pieces after each "%23" (empty when there is none).
 */
export interface Draft1993Prospero extends AddressBase {
  production: "prosperoaddress";
  path: Draft1993Path;
  hsoname: TextComponent;
  fields: TextComponent[];
}

/** telnetaddress = t e l n e t : / / [ user @ ] hostport */
export interface Draft1993Telnet extends AddressBase {
  production: "telnetaddress";
  user: TextComponent | null;
  host: Host;
  port: Port | null;
}

/** gopheraddress = g o p h e r : / / hostport [/ gtype [ / selector ] ] [ ? search ] */
export interface Draft1993Gopher extends AddressBase {
  production: "gopheraddress";
  host: Host;
  port: Port | null;
  gtype: TextComponent | null;
  /** null: no "/" after gtype; text "": the "/" then the void path. */
  selector: Draft1993Path | null;
  search: Draft1993Search | null;
}

export type Draft1993Address =
  | Draft1993Generic
  | Draft1993Http
  | Draft1993Ftp
  | Draft1993Afs
  | Draft1993News
  | Draft1993WaisIndex
  | Draft1993WaisDoc
  | Draft1993Prospero
  | Draft1993Telnet
  | Draft1993Gopher;

/**
 * The AST of a draft-1993 parse. For anchoraddress and the scheme-aware entry points
 * (`httpaddress_anchored` ...) `address` and `anchor` are set (anchor null: no "#"; anchorid is
 * never empty). For docaddress and the scheme productions, `address` is set. For rules below them
 * (hostport, path, search ...) only the components the rule contains are present.
 */
export interface Draft1993Ast {
  spec: "draft-1993";
  rule: string;
  text: string;
  span: Span;
  address?: Draft1993Address;
  anchor?: TextComponent | null;
  host?: Host;
  port?: Port | null;
  path?: Draft1993Path;
  search?: Draft1993Search;
}

const PRODUCTION_SET: ReadonlySet<string> = new Set(DRAFT_1993_PRODUCTIONS);
const ANCHORED = /_anchored$/;

export function buildDraft1993Ast(root: DerivationNode, input: string): Draft1993Ast {
  const ast: Draft1993Ast = astRoot("draft-1993", root, input);
  const addressNode = findFirst(root, PRODUCTION_SET);
  if (addressNode) ast.address = address(addressNode, input);
  if (root.rule === "anchoraddress" || ANCHORED.test(root.rule)) {
    // anchoraddress = docaddress [ # anchorid ]
    const anchor = findNode(root, "anchorid");
    ast.anchor = anchor ? textOf(anchor, input) : null;
  }
  if (!addressNode) {
    const hostport = findNode(root, "hostport");
    const hostNode = findNode(root, "host") ?? findNode(root, "cellname") ?? findNode(root, "hostname") ?? findNode(root, "hostnumber");
    if (hostNode) ast.host = host(hostNode, input);
    if (hostport) ast.port = portIn(hostport, input);
    else if (root.rule === "port") ast.port = portOf(root, input);
    const pathNode = findNode(root, "path");
    if (pathNode) ast.path = path(pathNode, input);
    const searchNode = findNode(root, "search");
    if (searchNode) ast.search = search(searchNode, input);
  }
  return ast;
}

/** The first node (depth-first, the node itself included) whose rule is in `rules`. */
function findFirst(node: DerivationNode, rules: ReadonlySet<string>): DerivationNode | undefined {
  if (rules.has(node.rule)) return node;
  for (const child of node.children) {
    const found = findFirst(child, rules);
    if (found) return found;
  }
  return undefined;
}

function address(node: DerivationNode, input: string): Draft1993Address {
  const base = textOf(node, input);
  const literal = (word: string) => textBetween(input, node.start, node.start + word.length);
  switch (node.rule as Draft1993Production) {
    case "generic": {
      // generic = scheme : path [ ? search ]
      const scheme = findNode(node, "scheme")!;
      return { text: base.text, span: base.span, production: "generic", scheme: textOf(scheme, input), path: path(findNode(node, "path")!, input), search: searchIn(node, input) };
    }
    case "httpaddress": {
      // httpaddress = h t t p : // hostport [ / path ] [ ? search ]
      const hp = findNode(node, "hostport")!;
      const p = findNode(node, "path");
      return { text: base.text, span: base.span, production: "httpaddress", scheme: literal("http"), host: hostIn(hp, input), port: portIn(hp, input), path: p ? path(p, input) : null, search: searchIn(node, input) };
    }
    case "fileaddress":
      // fileaddress = f t p : // host / path
      return { text: base.text, span: base.span, production: "fileaddress", scheme: literal("ftp"), host: hostIn(node, input), path: path(findNode(node, "path")!, input) };
    case "afsaddress":
      // afsaddress = a f s : // cellname / path
      return { text: base.text, span: base.span, production: "afsaddress", scheme: literal("afs"), cell: host(findNode(node, "cellname")!, input), path: path(findNode(node, "path")!, input) };
    case "newsaddress":
      return news(node, base, literal("news"), input);
    case "waisaddress":
      return wais(node, base, literal("wais"), input);
    case "prosperoaddress": {
      // prosperoaddress = p r o s p e r o : / / path; section "Prospero" for the "%23" fields.
      const p = path(findNode(node, "path")!, input);
      const pieces = piecesBetween(input, p.span.start, p.span.end, "%23");
      return { text: base.text, span: base.span, production: "prosperoaddress", scheme: literal("prospero"), path: p, hsoname: pieces[0], fields: pieces.slice(1) };
    }
    case "telnetaddress": {
      // telnetaddress = t e l n e t : / / [ user @ ] hostport; the user part ends at the "@" before hostport.
      const hp = findNode(node, "hostport")!;
      const userStart = node.start + "telnet://".length;
      const user = hp.start > userStart ? textBetween(input, userStart, hp.start - 1) : null;
      return { text: base.text, span: base.span, production: "telnetaddress", scheme: literal("telnet"), user, host: hostIn(hp, input), port: portIn(hp, input) };
    }
    case "gopheraddress": {
      // gopheraddress = g o p h e r : / / hostport [/ gtype [ / selector ] ] [ ? search ]
      const hp = findNode(node, "hostport")!;
      const gtype = findNode(node, "gtype");
      const selector = findNode(node, "selector");
      return {
        text: base.text, span: base.span,
        production: "gopheraddress",
        scheme: literal("gopher"),
        host: hostIn(hp, input),
        port: portIn(hp, input),
        gtype: gtype ? textOf(gtype, input) : null,
        selector: selector ? path(selector, input) : null,
        search: searchIn(node, input),
      };
    }
  }
}

function news(node: DerivationNode, base: TextComponent, scheme: TextComponent, input: string): Draft1993News {
  // newsaddress = n e w s : groupart; groupart = * | group | article
  const groupart = findNode(node, "groupart")!;
  const articleNode = findNode(groupart, "article");
  const groupNode = findNode(groupart, "group");
  const out: Draft1993News = { text: base.text, span: base.span, production: "newsaddress", scheme, groupart: textOf(groupart, input), kind: "all", group: null, article: null };
  if (articleNode) {
    // article = xalphas @ host
    const hostNode = findNode(articleNode, "host")!;
    out.kind = "article";
    out.article = { text: input.slice(articleNode.start, articleNode.end), span: spanOf(articleNode), id: textBetween(input, articleNode.start, hostNode.start - 1), host: host(hostNode, input) };
  } else if (groupNode) {
    out.kind = "group";
    out.group = textOf(groupNode, input);
  }
  return out;
}

function wais(node: DerivationNode, base: TextComponent, scheme: TextComponent, input: string): Draft1993WaisIndex | Draft1993WaisDoc {
  // waisaddress = waisindex | waisdoc (repaired, see grammar/draft-1993/README.md)
  const hp = findNode(node, "hostport")!;
  const database = textOf(findNode(node, "database")!, input);
  const common = { text: base.text, span: base.span, production: "waisaddress" as const, scheme, host: hostIn(hp, input), port: portIn(hp, input), database };
  const doc = findNode(node, "waisdoc");
  if (!doc) return { ...common, form: "index", search: searchIn(node, input) };
  // waisdoc = ... / database / wtype / digits / path: digits lies between the "/" after wtype and the "/" before path.
  const wtype = findNode(doc, "wtype")!;
  const p = findNode(doc, "path")!;
  const length = textBetween(input, wtype.end + 1, p.start - 1);
  return { ...common, form: "document", wtype: textOf(wtype, input), length: { ...length, number: Number.parseInt(length.text, 10) }, path: path(p, input) };
}

function host(node: DerivationNode, input: string): Host {
  // host = hostname | hostnumber
  return classifyHost(node, input, HOSTNAME_OR_HOSTNUMBER);
}

function hostIn(node: DerivationNode, input: string): Host {
  return host(findNode(node, "host")!, input);
}

function portIn(hostport: DerivationNode, input: string): Port | null {
  // hostport = host [ : port ]
  const port = findNode(hostport, "port");
  return port ? portOf(port, input) : null;
}

function searchIn(node: DerivationNode, input: string): Draft1993Search | null {
  const s = findNode(node, "search");
  return s ? search(s, input) : null;
}

function search(node: DerivationNode, input: string): Draft1993Search {
  // search = xalphas [ + search ]: "+" is not an xalpha, so the keywords are the pieces between "+".
  return { text: input.slice(node.start, node.end), span: spanOf(node), keywords: piecesBetween(input, node.start, node.end, "+") };
}

function path(node: DerivationNode, input: string): Draft1993Path {
  // path = void | xpalphas [ / path ]: "/" is not an xpalpha, so the segments are the pieces between "/".
  const t = textOf(node, input);
  return { text: t.text, span: t.span, segments: t.text === "" ? [] : piecesBetween(input, node.start, node.end, "/") };
}

/**
 * The flat components of a draft-1993 address, from the docaddress alternative that derived it: the
 * host part follows "scheme://" (hostport, host, cellname, `[ user @ ] hostport`); prospero has the
 * "//" and no host, so its host part is empty; generic and news have none ("scheme:" then the path).
 * The path is what follows the host part, up to "?" search (the query: generic, http, waisindex,
 * gopher); anchoraddress's "#" anchorid is the fragment. Null for an AST of a smaller rule.
 */
export function readDraft1993Components(ast: Draft1993Ast): ReadComponents | null {
  const a = ast.address;
  if (!a) return null;
  const afterSlashes = a.scheme.span.end + 3;
  const hostPart = (h: Host | null, end: number): ReferencePieces["authority"] => ({ span: { start: afterSlashes, end }, host: h });
  let authority: ReferencePieces["authority"] = null;
  let query: TextComponent | null = null;
  switch (a.production) {
    case "generic":
      query = a.search;
      break;
    case "newsaddress":
      break;
    case "httpaddress":
    case "gopheraddress":
      authority = hostPart(a.host, (a.port ?? a.host).span.end);
      query = a.search;
      break;
    case "waisaddress":
      authority = hostPart(a.host, (a.port ?? a.host).span.end);
      query = a.form === "index" ? a.search : null;
      break;
    case "telnetaddress":
      authority = hostPart(a.host, (a.port ?? a.host).span.end);
      break;
    case "fileaddress":
      authority = hostPart(a.host, a.host.span.end);
      break;
    case "afsaddress":
      authority = hostPart(a.cell, a.cell.span.end);
      break;
    case "prosperoaddress":
      // prosperoaddress = p r o s p e r o : / / path: the "//" and no host.
      authority = hostPart(null, afterSlashes);
      break;
  }
  return componentsFromPieces(ast.text, ast.span.start, { span: ast.span, scheme: a.scheme, authority, query, fragment: ast.anchor ?? null });
}

/** draft-1993's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildDraft1993Ast, astNodes: ["anchoraddress","docaddress","generic","scheme","httpaddress","fileaddress","afsaddress","newsaddress","waisaddress","waisindex","waisdoc","groupart","group","article","database","wtype","prosperoaddress","telnetaddress","gopheraddress","hostport","host","cellname","hostname","hostnumber","port","selector","path","search","user","anchorid","gtype","generic_anchored","httpaddress_anchored","fileaddress_anchored","afsaddress_anchored","newsaddress_anchored","waisaddress_anchored","prosperoaddress_anchored","telnetaddress_anchored","gopheraddress_anchored"] as readonly string[] };
