// Builds the draft-1994 AST from the derivation of grammar/draft-1994/grammar.peggy.
// The draft defines one production per scheme ("BNF for specific URL schemes"), so the AST is one typed
// address per scheme production, under the optional "URL:" prefix (PrePrefix section). Every component is
// what the published rule of that name matched; null means absent, an empty text means present but
// empty (`http://a` has path null, `http://a/` has path ""). Spans are half-open UTF-16 offsets.
import { DerivationNode, astRoot, piecesBetween, findAllNodes, findNode, textBetween, textOf, spanOf, type TextComponent } from "./derivation";
import { portOf } from "./port";
import { classifyHost, HOSTNAME_OR_HOSTNUMBER } from "./host";

import { componentsFromPieces, type ReadComponents, type ReferencePieces } from "./components";
import type { Host, Port, Span } from "./types";

/** A path (`path = void | segment [ / path ]`), split at "/". */
export interface Draft1994Path extends TextComponent {
  /**
   * The segments in order. The empty path (void) has none; a path that ends in "/" ends with an empty
   * segment, which stands for the void path after that "/" (`a/b/` is a, b, "").
   */
  segments: TextComponent[];
}

/** `hostport = host [ : port ]`. */
export interface Draft1994HostPort extends TextComponent {
  /** `hostname` (starts with a letter) or `IPv4` (a hostnumber: digits . digits . digits . digits). */
  host: Host;
  port: Port | null;
}

/** `login = [ user [ : password ] @ ] hostport`. */
export interface Draft1994Login extends Draft1994HostPort {
  user: TextComponent | null;
  password: TextComponent | null;
}

/** An address as `xalphas @ hostname` (mailtoaddress; addr-spec as this project reads it). */
export interface Draft1994MailAddress extends TextComponent {
  /** The xalphas before the "@" that separates it from the host. */
  local: TextComponent;
  host: Host;
}

interface AddressBase extends TextComponent {
  /** The scheme name as written (spelled letters match either case: `HTTP` is kept as `HTTP`). */
  scheme: TextComponent;
}

/** `h t t p : / / hostport [ / path ] [ ? search ]` */
export interface Draft1994HttpAddress extends AddressBase {
  production: "httpaddress";
  hostport: Draft1994HostPort;
  /** null without "/", "" for `http://a/`. */
  path: Draft1994Path | null;
  search: TextComponent | null;
}

/** `f t p : / / login / path [ ftptype ]` */
export interface Draft1994FtpAddress extends AddressBase {
  production: "ftpaddress";
  login: Draft1994Login;
  path: Draft1994Path;
  /** The segments before the last one: the arguments of the CWD commands (FTP section, "Path"). */
  directories: TextComponent[];
  /** The last segment, the RETR/NLIST argument; empty for `ftp://h/` or `ftp://h/pub/`. */
  name: TextComponent;
  /**
   * Always null: every ftptype (`A N`, `I`, `L 8` ...) is made of path characters with no separator,
   * so the path takes it (see grammar/draft-1994/README.md). The prose's ";type=" suffix is not in the BNF.
   */
  type: TextComponent | null;
}

/** `a f s : / / cellname / path` (a historical note, not a url production). */
export interface Draft1994AfsAddress extends AddressBase {
  production: "afsaddress";
  cell: Host;
  path: Draft1994Path;
}

/** `groupart = * | group | article` */
export type Draft1994NewsTarget =
  | (TextComponent & { kind: "all" })
  | (TextComponent & { kind: "group" })
  | (TextComponent & { kind: "article"; local: TextComponent; host: Host });

/** `n e w s : groupart` */
export interface Draft1994NewsAddress extends AddressBase {
  production: "newsaddress";
  target: Draft1994NewsTarget;
}

/** `n n t p : group / digits` (no host: the draft's nntp production has none). */
export interface Draft1994NntpAddress extends AddressBase {
  production: "nntpaddress";
  group: TextComponent;
  article: TextComponent & { number: number };
}

/** `m i d : addr-spec` */
export interface Draft1994MidAddress extends AddressBase {
  production: "midaddress";
  addrSpec: Draft1994MailAddress;
}

/** `c i d : content-identifier` */
export interface Draft1994CidAddress extends AddressBase {
  production: "cidaddress";
  contentIdentifier: TextComponent;
}

/** `m a i l t o : xalphas @ hostname` (repaired from `m a i l t o : :`). */
export interface Draft1994MailtoAddress extends AddressBase {
  production: "mailtoaddress";
  address: Draft1994MailAddress;
}

/** One `digits = path ;` field of a wpath. */
export interface Draft1994WaisField extends TextComponent {
  number: TextComponent;
  value: Draft1994Path;
}

/** `waisaddress = waisindex | waisdoc` */
export interface Draft1994WaisAddress extends AddressBase {
  production: "waisaddress";
  form: "waisindex" | "waisdoc";
  hostport: Draft1994HostPort;
  database: TextComponent;
  /** waisindex only; null when absent. */
  search: TextComponent | null;
  /** waisdoc only. */
  wtype: TextComponent | null;
  wpath: (TextComponent & { fields: Draft1994WaisField[] }) | null;
}

/** `p r o s p e r o : / / hostport / hsoname [ % 0 0 version [ attributes ] ]` */
export interface Draft1994ProsperoAddress extends AddressBase {
  production: "prosperoaddress";
  hostport: Draft1994HostPort;
  hsoname: Draft1994Path;
  version: TextComponent | null;
  /** alphanums after the version; the draft gives no separator between attributes, so it is one text. */
  attributes: TextComponent | null;
}

/** `t e l n e t : / / login` */
export interface Draft1994TelnetAddress extends AddressBase {
  production: "telnetaddress";
  login: Draft1994Login;
}

/** `g o p h e r : / / hostport [/ gtype [ gcommand ] ]`, with the gcommand split as the Gopher section says. */
export interface Draft1994GopherAddress extends AddressBase {
  production: "gopheraddress";
  hostport: Draft1994HostPort;
  /** gtype: one xalpha (or one escape). null without "/". */
  type: TextComponent | null;
  /** The gcommand as derived (a path); "" when a type is given and nothing follows. */
  command: TextComponent | null;
  /** Gopher section, part 2: the command up to the first "%09"; "" is the top-level directory. */
  selector: TextComponent | null;
  /** Part 4: between the first and the second "%09"; null without a first "%09", "" when empty. */
  search: TextComponent | null;
  /** Part 6: after the second "%09" (it may hold more "%09"); null without a second "%09". */
  gopherPlus: TextComponent | null;
}

export type Draft1994Address =
  | Draft1994HttpAddress
  | Draft1994FtpAddress
  | Draft1994AfsAddress
  | Draft1994NewsAddress
  | Draft1994NntpAddress
  | Draft1994MidAddress
  | Draft1994CidAddress
  | Draft1994MailtoAddress
  | Draft1994WaisAddress
  | Draft1994ProsperoAddress
  | Draft1994TelnetAddress
  | Draft1994GopherAddress;

/**
 * The AST of a draft-1994 parse. For the start rules prefixedurl, url and the scheme productions,
 * `prefix` and `address` are present: `prefix` is the "URL:" as written, or null when the input has
 * none. For other start rules only the components the rule contains are present.
 */
export interface Draft1994Ast {
  spec: "draft-1994";
  rule: string;
  text: string;
  span: Span;
  prefix?: TextComponent | null;
  address?: Draft1994Address | null;
  login?: Draft1994Login | null;
  hostport?: Draft1994HostPort | null;
  host?: Host | null;
  port?: Port | null;
  path?: Draft1994Path | null;
  search?: TextComponent | null;
}

/** The scheme productions and the scheme name each one spells. */
export const DRAFT_1994_SCHEME_NAMES: Readonly<Record<string, string>> = {
  httpaddress: "http",
  ftpaddress: "ftp",
  afsaddress: "afs",
  newsaddress: "news",
  nntpaddress: "nntp",
  midaddress: "mid",
  cidaddress: "cid",
  mailtoaddress: "mailto",
  waisaddress: "wais",
  waisindex: "wais",
  waisdoc: "wais",
  prosperoaddress: "prospero",
  prosperolink: "prospero",
  telnetaddress: "telnet",
  gopheraddress: "gopher",
};

const WHOLE_RULES = new Set(["prefixedurl", "url", ...Object.keys(DRAFT_1994_SCHEME_NAMES)]);

export function buildDraft1994Ast(root: DerivationNode, input: string): Draft1994Ast {
  const ast: Draft1994Ast = astRoot("draft-1994", root, input);
  if (WHOLE_RULES.has(root.rule)) {
    // PrePrefix: "the whole string must start with a constant prefix "URL:"" (prefixedurl = u r l : url)
    ast.prefix = root.rule === "prefixedurl" ? textBetween(input, root.start, root.start + 4) : null;
    ast.address = address(root, input);
    return ast;
  }
  const loginNode = findNode(root, "login");
  const hostportNode = findNode(root, "hostport");
  const hostNode = findNode(root, "host") ?? findNode(root, "hostname") ?? findNode(root, "hostnumber");
  const portNode = findNode(root, "port");
  const pathNode = findNode(root, "path");
  const searchNode = findNode(root, "search");
  if (loginNode) ast.login = login(loginNode, input);
  if (hostportNode) ast.hostport = hostport(hostportNode, input);
  if (hostNode) ast.host = host(hostNode, input);
  if (portNode) ast.port = portOf(portNode, input);
  if (pathNode) ast.path = path(pathNode, input);
  if (searchNode) ast.search = textOf(searchNode, input);
  return ast;
}

/** The scheme production below `root` (root itself when it is one). */
function addressNode(root: DerivationNode): DerivationNode | undefined {
  if (root.rule in DRAFT_1994_SCHEME_NAMES) return root;
  for (const child of root.children) {
    const found = addressNode(child);
    if (found) return found;
  }
  return undefined;
}

function address(root: DerivationNode, input: string): Draft1994Address | null {
  const node = addressNode(root);
  if (!node) return null;
  const name = DRAFT_1994_SCHEME_NAMES[node.rule];
  const base = { text: input.slice(node.start, node.end), span: spanOf(node), scheme: textBetween(input, node.start, node.start + name.length) };
  switch (node.rule) {
    case "httpaddress": {
      // h t t p : / / hostport [ / path ] [ ? search ]
      const p = findNode(node, "path");
      const s = findNode(node, "search");
      return { production: "httpaddress", text: base.text, span: base.span, scheme: base.scheme, hostport: hostport(findNode(node, "hostport")!, input), path: p ? path(p, input) : null, search: s ? textOf(s, input) : null };
    }
    case "ftpaddress": {
      // f t p : / / login / path [ ftptype ]; FTP "Path": CWD for each segment but the last, RETR the last.
      const p = path(findNode(node, "path")!, input);
      const directories = p.segments.slice(0, -1);
      const name = p.segments.length > 0 ? p.segments[p.segments.length - 1] : textBetween(input, p.span.end, p.span.end);
      const t = findNode(node, "ftptype");
      return { production: "ftpaddress", text: base.text, span: base.span, scheme: base.scheme, login: login(findNode(node, "login")!, input), path: p, directories, name, type: t ? textOf(t, input) : null };
    }
    case "afsaddress":
      return { production: "afsaddress", text: base.text, span: base.span, scheme: base.scheme, cell: host(findNode(node, "cellname")!, input), path: path(findNode(node, "path")!, input) };
    case "newsaddress":
      return { production: "newsaddress", text: base.text, span: base.span, scheme: base.scheme, target: newsTarget(findNode(node, "groupart")!, input) };
    case "nntpaddress": {
      // n n t p : group / digits
      const group = findNode(node, "group")!;
      const article = textBetween(input, group.end + 1, node.end);
      return { production: "nntpaddress", text: base.text, span: base.span, scheme: base.scheme, group: textOf(group, input), article: { ...article, number: Number.parseInt(article.text, 10) } };
    }
    case "midaddress":
      return { production: "midaddress", text: base.text, span: base.span, scheme: base.scheme, addrSpec: mailAddress(findNode(node, "addr-spec")!, input) };
    case "cidaddress":
      return { production: "cidaddress", text: base.text, span: base.span, scheme: base.scheme, contentIdentifier: textOf(findNode(node, "content-identifier")!, input) };
    case "mailtoaddress":
      // m a i l t o : xalphas @ hostname: the address is everything after "mailto:".
      return { production: "mailtoaddress", text: base.text, span: base.span, scheme: base.scheme, address: mailAddress({ rule: "address", start: node.start + 7, end: node.end, children: node.children }, input) };
    case "waisaddress":
    case "waisindex":
    case "waisdoc":
      return wais(node, base, input);
    case "prosperoaddress":
    case "prosperolink":
      return prospero(node, base, input);
    case "telnetaddress":
      return { production: "telnetaddress", text: base.text, span: base.span, scheme: base.scheme, login: login(findNode(node, "login")!, input) };
    case "gopheraddress":
      return gopher(node, base, input);
  }
  return null;
}

function host(node: DerivationNode, input: string): Host {
  // host = hostname | hostnumber; hostnumber = digits . digits . digits . digits
  return classifyHost(node, input, HOSTNAME_OR_HOSTNUMBER);
}

function hostport(node: DerivationNode, input: string): Draft1994HostPort {
  const port = findNode(node, "port");
  return { text: input.slice(node.start, node.end), span: spanOf(node), host: host(findNode(node, "host")!, input), port: port ? portOf(port, input) : null };
}

function login(node: DerivationNode, input: string): Draft1994Login {
  // login = [ user [ : password ] @ ] hostport
  const user = findNode(node, "user");
  const password = findNode(node, "password");
  const hp = hostport(findNode(node, "hostport")!, input);
  return { text: input.slice(node.start, node.end), span: spanOf(node), user: user ? textOf(user, input) : null, password: password ? textOf(password, input) : null, host: hp.host, port: hp.port };
}

/** Splits a path-shaped node at "/"; the void path has no segments. */
function path(node: DerivationNode, input: string): Draft1994Path {
  const t = textOf(node, input);
  return { text: t.text, span: t.span, segments: t.text === "" ? [] : piecesBetween(input, node.start, node.end, "/") };
}

function mailAddress(node: DerivationNode, input: string): Draft1994MailAddress {
  // xalphas @ hostname: the hostname node is the last child; the "@" sits right before it.
  const hostname = findNode(node, "hostname")!;
  return { text: input.slice(node.start, node.end), span: spanOf(node), local: textBetween(input, node.start, hostname.start - 1), host: host(hostname, input) };
}

function newsTarget(node: DerivationNode, input: string): Draft1994NewsTarget {
  // groupart = * | group | article
  const article = findNode(node, "article");
  if (article) {
    const h = findNode(article, "host")!;
    return { text: input.slice(node.start, node.end), span: spanOf(node), kind: "article", local: textBetween(input, article.start, h.start - 1), host: host(h, input) };
  }
  if (findNode(node, "group")) return { text: input.slice(node.start, node.end), span: spanOf(node), kind: "group" };
  return { text: input.slice(node.start, node.end), span: spanOf(node), kind: "all" };
}

function wais(node: DerivationNode, base: AddressBase, input: string): Draft1994WaisAddress {
  // waisaddress = waisindex | waisdoc
  const doc = findNode(node, "waisdoc");
  const search = findNode(node, "search");
  const wtype = findNode(node, "wtype");
  const wpathNode = findNode(node, "wpath");
  return {
    production: "waisaddress",
    text: base.text, span: base.span, scheme: base.scheme,
    form: doc ? "waisdoc" : "waisindex",
    hostport: hostport(findNode(node, "hostport")!, input),
    database: textOf(findNode(node, "database")!, input),
    search: search ? textOf(search, input) : null,
    wtype: wtype ? textOf(wtype, input) : null,
    wpath: wpathNode ? { text: input.slice(wpathNode.start, wpathNode.end), span: spanOf(wpathNode), fields: waisFields(wpathNode, input) } : null,
  };
}

function waisFields(node: DerivationNode, input: string): Draft1994WaisField[] {
  // wpath = digits = path ; [ wpath ]: each field runs from its digits to its ";".
  const out: Draft1994WaisField[] = [];
  let at = node.start;
  for (const p of findAllNodes(node, "path")) {
    out.push({ ...textBetween(input, at, p.end + 1), number: textBetween(input, at, p.start - 1), value: path(p, input) });
    at = p.end + 1;
  }
  return out;
}

function prospero(node: DerivationNode, base: AddressBase, input: string): Draft1994ProsperoAddress {
  // prosperolink = p r o s p e r o : / / hostport / hsoname [ % 0 0 version [ attributes ] ]
  const hso = findNode(node, "hsoname_before_version") ?? findNode(node, "hsoname")!;
  const version = findNode(node, "version");
  const attributes = findNode(node, "attributes");
  return {
    production: "prosperoaddress",
    text: base.text, span: base.span, scheme: base.scheme,
    hostport: hostport(findNode(node, "hostport")!, input),
    hsoname: path(hso, input),
    version: version ? textOf(version, input) : null,
    attributes: attributes ? textOf(attributes, input) : null,
  };
}

function gopher(node: DerivationNode, base: AddressBase, input: string): Draft1994GopherAddress {
  // g o p h e r : / / hostport [/ gtype [ gcommand ] ]
  const gtype = findNode(node, "gtype");
  const gcommand = findNode(node, "gcommand");
  let selector: TextComponent | null = null;
  let search: TextComponent | null = null;
  let gopherPlus: TextComponent | null = null;
  if (gtype) {
    // Gopher section, parts 2-6: selector %09 search %09 gopher+ string; parts 3-6 are optional.
    const start = gtype.end;
    const end = gcommand ? gcommand.end : gtype.end;
    const text = input.slice(start, end);
    const tab1 = text.indexOf("%09");
    const tab2 = tab1 < 0 ? -1 : text.indexOf("%09", tab1 + 3);
    selector = textBetween(input, start, tab1 < 0 ? end : start + tab1);
    if (tab1 >= 0) search = textBetween(input, start + tab1 + 3, tab2 < 0 ? end : start + tab2);
    if (tab2 >= 0) gopherPlus = textBetween(input, start + tab2 + 3, end);
  }
  return {
    production: "gopheraddress",
    text: base.text, span: base.span, scheme: base.scheme,
    hostport: hostport(findNode(node, "hostport")!, input),
    type: gtype ? textOf(gtype, input) : null,
    command: gcommand ? textOf(gcommand, input) : gtype ? textBetween(input, gtype.end, gtype.end) : null,
    selector,
    search,
    gopherPlus,
  };
}

/**
 * The flat components of a draft-1994 address, from the scheme production that derived it: the host
 * part is the hostport or login after "scheme://" (afs: the cellname); news, nntp, mid, cid and mailto
 * have none ("scheme:" then the path). The path is what follows the host part, up to http's and
 * waisindex's "?" search, the query. The "URL:" prefix (PrePrefix) is no component. The draft has
 * no fragment ("Fragment identifiers ... are not involved in the basic URL definition"). Null for
 * an AST of a smaller rule.
 */
export function readDraft1994Components(ast: Draft1994Ast): ReadComponents | null {
  const a = ast.address;
  if (!a) return null;
  let authority: ReferencePieces["authority"] = null;
  let query: TextComponent | null = null;
  switch (a.production) {
    case "httpaddress":
      authority = { span: a.hostport.span, host: a.hostport.host };
      query = a.search;
      break;
    case "waisaddress":
      authority = { span: a.hostport.span, host: a.hostport.host };
      query = a.search;
      break;
    case "prosperoaddress":
    case "gopheraddress":
      authority = { span: a.hostport.span, host: a.hostport.host };
      break;
    case "ftpaddress":
    case "telnetaddress":
      authority = { span: a.login.span, host: a.login.host };
      break;
    case "afsaddress":
      authority = { span: a.cell.span, host: a.cell };
      break;
    case "newsaddress":
    case "nntpaddress":
    case "midaddress":
    case "cidaddress":
    case "mailtoaddress":
      break;
  }
  return componentsFromPieces(ast.text, ast.span.start, { span: a.span, scheme: a.scheme, authority, query, fragment: null });
}

/** draft-1994's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildDraft1994Ast, astNodes: ["prefixedurl","url","httpaddress","ftpaddress","ftptype","afsaddress","newsaddress","nntpaddress","midaddress","cidaddress","mailtoaddress","waisaddress","waisindex","waisdoc","wpath","groupart","group","article","database","wtype","prosperoaddress","prosperolink","hsoname","hsoname_before_version","version","attributes","attribute","telnetaddress","gopheraddress","login","hostport","host","hostname","hostnumber","port","gcommand","gtype","cellname","path","search","user","password","fragmentid","scheme","addr-spec","content-identifier"] as readonly string[] };
