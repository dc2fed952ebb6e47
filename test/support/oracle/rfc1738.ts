// Builds the rfc1738 AST from the derivation of grammar/rfc1738/grammar.peggy.
// RFC 1738 defines one production per scheme (§5, described in §3.1-§3.11), so the AST is a typed
// record per scheme production, plus the generic form (genericurl, §5; §2.1). Every component has
// its text and span; null means absent, an empty text means present but empty
// (`ftp://@host.com/` has user "", `ftp://host.com/` has user null, §3.1).
import { DerivationNode, astRoot, findAllNodes, findNode, piecesBetween, textBetween, textOf, type Span, spanOf, type TextComponent } from "./derivation";
import { portOf } from "./port";
import { classifyHost, HOSTNAME_OR_HOSTNUMBER } from "./host";

import { componentsFromPieces, type ReadComponents, type ReferencePieces } from "./components";
import type { Host, Port } from "./types";

/** The scheme productions of `url` (§5), and the generic one. */
export type Rfc1738Production =
  | "httpurl"
  | "ftpurl"
  | "newsurl"
  | "nntpurl"
  | "telneturl"
  | "gopherurl"
  | "waisurl"
  | "mailtourl"
  | "fileurl"
  | "prosperourl"
  | "otherurl";

/** What every scheme record has: the whole URL, the production, and the scheme name as written. */
interface Rfc1738UrlBase extends TextComponent {
  /** The scheme name: the letters before ":" (inside the literal "http://" for a scheme production). */
  scheme: TextComponent;
}

/** A `/`-separated path (hpath, fpath, ppath) and its segments. */
export interface Rfc1738Path extends TextComponent {
  segments: TextComponent[];
}

/** §3.3: `"http://" hostport [ "/" hpath [ "?" search ]]`. */
export interface Rfc1738HttpUrl extends Rfc1738UrlBase {
  kind: "http";
  host: Host;
  port: Port | null;
  /** null when there is no "/" after the hostport; `http://h/` has an empty path with one empty segment. */
  path: Rfc1738Path | null;
  search: TextComponent | null;
}

/** §3.2: `"ftp://" login [ "/" fpath [ ";type=" ftptype ]]`; §3.2.2: <cwd1>/.../<cwdN>/<name>. */
export interface Rfc1738FtpUrl extends Rfc1738UrlBase {
  kind: "ftp";
  user: TextComponent | null;
  password: TextComponent | null;
  host: Host;
  port: Port | null;
  path: Rfc1738Path | null;
  /** Every segment but the last (the CWD arguments of §3.2.2). */
  directories: TextComponent[];
  /** The last segment (possibly empty); null when there is no path. */
  name: TextComponent | null;
  /** The ftptype character after ";type=". */
  type: TextComponent | null;
}

/** §3.10: `"file://" [ host | "localhost" ] "/" fpath`. */
export interface Rfc1738FileUrl extends Rfc1738UrlBase {
  kind: "file";
  /** `host`: a host was given; `localhost`: the literal "localhost"; `empty`: nothing (§3.10 special cases). */
  hostForm: "host" | "localhost" | "empty";
  host: Host | null;
  path: Rfc1738Path;
  directories: TextComponent[];
  name: TextComponent;
}

/** §3.4: `"gopher://" hostport [ "/" [ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ]`. */
export interface Rfc1738GopherUrl extends Rfc1738UrlBase {
  kind: "gopher";
  host: Host;
  port: Port | null;
  /** Everything after the "/" (the <gopher-path> of §3.4.1); null when there is no "/". */
  gopherPath: TextComponent | null;
  type: TextComponent | null;
  selector: TextComponent | null;
  search: TextComponent | null;
  gopherPlus: TextComponent | null;
}

/** §3.5: `"mailto:" encoded822addr`. */
export interface Rfc1738MailtoUrl extends Rfc1738UrlBase {
  kind: "mailto";
  address: TextComponent;
}

/** §3.6: `"news:" grouppart`, grouppart = "*" | group | article. */
export interface Rfc1738NewsUrl extends Rfc1738UrlBase {
  kind: "news";
  form: "all" | "group" | "article";
  grouppart: TextComponent;
  group: TextComponent | null;
  /** The message-id without "<" ">" (§3.6), with the host after its "@". */
  article: (TextComponent & { host: Host }) | null;
}

/** §3.7: `"nntp://" hostport "/" group [ "/" digits ]`. */
export interface Rfc1738NntpUrl extends Rfc1738UrlBase {
  kind: "nntp";
  host: Host;
  port: Port | null;
  group: TextComponent;
  article: (TextComponent & { number: number }) | null;
}

/** §3.8: `"telnet://" login [ "/" ]`. */
export interface Rfc1738TelnetUrl extends Rfc1738UrlBase {
  kind: "telnet";
  user: TextComponent | null;
  password: TextComponent | null;
  host: Host;
  port: Port | null;
  trailingSlash: boolean;
}

/** §3.9: `waisurl = waisdatabase | waisindex | waisdoc`. */
export interface Rfc1738WaisUrl extends Rfc1738UrlBase {
  kind: "wais";
  form: "database" | "index" | "document";
  host: Host;
  port: Port | null;
  database: TextComponent;
  /** waisindex only. */
  search: TextComponent | null;
  /** waisdoc only. */
  wtype: TextComponent | null;
  wpath: TextComponent | null;
}

/** A prospero `";" fieldname "=" fieldvalue`. */
export interface Rfc1738Field extends TextComponent {
  name: TextComponent;
  value: TextComponent;
}

/** §3.11: `"prospero://" hostport "/" ppath *[ fieldspec ]`. */
export interface Rfc1738ProsperoUrl extends Rfc1738UrlBase {
  kind: "prospero";
  host: Host;
  port: Port | null;
  /** The ppath: the <hsoname> of §3.11 (`prospero://host.dom//pros/name` has "/pros/name"). */
  hsoname: Rfc1738Path;
  fields: Rfc1738Field[];
}

/** `genericurl = scheme ":" schemepart` (§5), with the ip-schemepart of §3.1 when the text has that form. */
export interface Rfc1738GenericUrl extends Rfc1738UrlBase {
  kind: "generic";
  schemepart: TextComponent;
  /** `"//" login [ "/" urlpath ]`, or null when the schemepart is only `*xchar`. */
  ipSchemepart: {
    user: TextComponent | null;
    password: TextComponent | null;
    host: Host;
    port: Port | null;
    urlpath: TextComponent | null;
  } | null;
}

export type Rfc1738Url =
  | Rfc1738HttpUrl
  | Rfc1738FtpUrl
  | Rfc1738FileUrl
  | Rfc1738GopherUrl
  | Rfc1738MailtoUrl
  | Rfc1738NewsUrl
  | Rfc1738NntpUrl
  | Rfc1738TelnetUrl
  | Rfc1738WaisUrl
  | Rfc1738ProsperoUrl
  | Rfc1738GenericUrl;

/**
 * The AST of an rfc1738 parse. For a start rule that derives a whole URL (url, otherurl, genericurl
 * and every scheme production) `url` is the scheme record; for `url`, `production` says which
 * alternative of url matched (`otherurl` for `http://exa_mple/`). For other start rules only the
 * components the rule contains are present (user, password, host, port).
 */
export interface Rfc1738Ast {
  spec: "rfc1738";
  rule: string;
  text: string;
  span: Span;
  production?: Rfc1738Production;
  url?: Rfc1738Url;
  user?: TextComponent | null;
  password?: TextComponent | null;
  host?: Host | null;
  port?: Port | null;
}

const SCHEME_PRODUCTIONS: readonly Rfc1738Production[] = ["httpurl", "ftpurl", "newsurl", "nntpurl", "telneturl", "gopherurl", "waisurl", "mailtourl", "fileurl", "prosperourl", "otherurl"];
const WAIS_FORMS = ["waisdatabase", "waisindex", "waisdoc"];

export function buildRfc1738Ast(root: DerivationNode, input: string): Rfc1738Ast {
  const ast: Rfc1738Ast = astRoot("rfc1738", root, input);
  if (root.rule === "url") {
    // §5: url = httpurl | ftpurl | ... | otherurl: the alternative that matched.
    const alt = root.children.find((c) => (SCHEME_PRODUCTIONS as readonly string[]).includes(c.rule));
    if (alt) ast.production = alt.rule as Rfc1738Production;
  }
  const production = urlNode(root);
  if (production) {
    ast.url = buildUrl(production, input);
    return ast;
  }
  // A start rule below the scheme productions: the login / hostport components it contains.
  const user = findNode(root, "user");
  const password = findNode(root, "password");
  const hostNode = findNode(root, "host") ?? findNode(root, "hostname") ?? findNode(root, "hostnumber");
  const port = findNode(root, "port");
  if (user) ast.user = textOf(user, input);
  if (password) ast.password = textOf(password, input);
  if (hostNode) ast.host = host(hostNode, input);
  if (port) ast.port = portOf(port, input);
  return ast;
}

/** The rules whose match is a whole URL with a scheme record: the scheme productions and genericurl. */
const URL_RULES = new Set<string>(["httpurl", "ftpurl", "newsurl", "nntpurl", "telneturl", "gopherurl", "waisurl", "mailtourl", "fileurl", "prosperourl", "genericurl", ...WAIS_FORMS]);

/** The node of the scheme production (or genericurl) that derives the whole URL, if any. */
function urlNode(root: DerivationNode): DerivationNode | undefined {
  // url -> httpurl ..., otherurl -> genericurl: each has exactly one child node, the alternative.
  let node: DerivationNode | undefined = root;
  while (node && (node.rule === "url" || node.rule === "otherurl")) node = node.children[0];
  return node && URL_RULES.has(node.rule) ? node : undefined;
}

function buildUrl(node: DerivationNode, input: string): Rfc1738Url {
  const whole = textOf(node, input);
  switch (node.rule) {
    case "httpurl":
      return http(node, input, whole);
    case "ftpurl":
      return ftp(node, input, whole);
    case "fileurl":
      return file(node, input, whole);
    case "gopherurl":
      return gopher(node, input, whole);
    case "mailtourl":
      return { text: whole.text, span: whole.span, kind: "mailto", scheme: literalScheme(node, input, "mailto"), address: textOf(need(node, "encoded822addr"), input) };
    case "newsurl":
      return news(node, input, whole);
    case "nntpurl":
      return nntp(node, input, whole);
    case "telneturl": {
      const login = need(node, "login");
      const lp = loginParts(login, input);
      return { text: whole.text, span: whole.span, kind: "telnet", scheme: literalScheme(node, input, "telnet"), user: lp.user, password: lp.password, host: lp.host, port: lp.port, trailingSlash: login.end < node.end };
    }
    case "waisurl":
    case "waisdatabase":
    case "waisindex":
    case "waisdoc":
      return wais(node, input, whole);
    case "prosperourl":
      return prospero(node, input, whole);
    default:
      return generic(node, input, whole);
  }
}

/** The scheme name inside a scheme production's literal prefix ("http://" -> "http"). */
function literalScheme(node: DerivationNode, input: string, name: string): TextComponent {
  return textBetween(input, node.start, node.start + name.length);
}

function need(node: DerivationNode, rule: string): DerivationNode {
  const found = findNode(node, rule);
  if (!found) throw new Error(`internal: rfc1738 ${node.rule} derivation without ${rule}`);
  return found;
}

function host(node: DerivationNode, input: string): Host {
  // §5: host = hostname | hostnumber
  return classifyHost(node, input, HOSTNAME_OR_HOSTNUMBER);
}

function hostPort(node: DerivationNode, input: string): { host: Host; port: Port | null } {
  const hp = need(node, "hostport");
  const port = findNode(hp, "port");
  return { host: host(need(hp, "host"), input), port: port ? portOf(port, input) : null };
}

/** §3.1 ip-schemepart = login [ "/" urlpath ]: the login parts, then the urlpath. */
function ipSchemepart(login: DerivationNode, urlpath: DerivationNode | undefined, input: string) {
  const lp = loginParts(login, input);
  return { user: lp.user, password: lp.password, host: lp.host, port: lp.port, urlpath: urlpath ? textOf(urlpath, input) : null };
}

function loginParts(login: DerivationNode, input: string) {
  // §3.1: //<user>:<password>@<host>:<port>; an empty user or password is not an absent one.
  const user = findNode(login, "user");
  const password = findNode(login, "password");
  const hp = hostPort(login, input);
  return { user: user ? textOf(user, input) : null, password: password ? textOf(password, input) : null, host: hp.host, port: hp.port };
}

function path(node: DerivationNode, input: string): Rfc1738Path {
  // §5: hpath = hsegment *[ "/" hsegment ], fpath = fsegment *[ "/" fsegment ], ppath = psegment
  // *[ "/" psegment ]: no segment rule has a "/", so the segments are the pieces between "/". (The parser builds no node per segment: a 10 MB path has 5 million of them.)
  return { text: input.slice(node.start, node.end), span: spanOf(node), segments: piecesBetween(input, node.start, node.end, "/") };
}

function http(node: DerivationNode, input: string, whole: TextComponent): Rfc1738HttpUrl {
  const hpath = findNode(node, "hpath");
  const search = findNode(node, "search");
  const hp = hostPort(node, input);
  return { text: whole.text, span: whole.span, kind: "http", scheme: literalScheme(node, input, "http"), host: hp.host, port: hp.port, path: hpath ? path(hpath, input) : null, search: search ? textOf(search, input) : null };
}

function ftp(node: DerivationNode, input: string, whole: TextComponent): Rfc1738FtpUrl {
  // §3.2.2: <cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>
  const fpath = findNode(node, "fpath");
  const type = findNode(node, "ftptype");
  const p = fpath ? path(fpath, input) : null;
  const lp = loginParts(need(node, "login"), input);
  return {
    text: whole.text, span: whole.span,
    kind: "ftp",
    scheme: literalScheme(node, input, "ftp"),
    user: lp.user,
    password: lp.password,
    host: lp.host,
    port: lp.port,
    path: p,
    directories: p ? p.segments.slice(0, -1) : [],
    name: p ? p.segments[p.segments.length - 1] : null,
    type: type ? textOf(type, input) : null,
  };
}

function file(node: DerivationNode, input: string, whole: TextComponent): Rfc1738FileUrl {
  // §3.10: <host> may be the string "localhost" or the empty string.
  const hostNode = findNode(node, "host");
  const fpath = need(node, "fpath");
  const p = path(fpath, input);
  const afterPrefix = node.start + "file://".length;
  const hostForm = hostNode ? "host" : fpath.start - 1 > afterPrefix ? "localhost" : "empty";
  const literal: Host | null = hostForm === "localhost" ? { text: input.slice(afterPrefix, fpath.start - 1), span: { start: afterPrefix, end: fpath.start - 1 }, kind: "hostname" } : null;
  return {
    text: whole.text, span: whole.span,
    kind: "file",
    scheme: literalScheme(node, input, "file"),
    hostForm,
    host: hostNode ? host(hostNode, input) : literal,
    path: p,
    directories: p.segments.slice(0, -1),
    name: p.segments[p.segments.length - 1],
  };
}

function gopher(node: DerivationNode, input: string, whole: TextComponent): Rfc1738GopherUrl {
  const hp = hostPort(node, input);
  const hostportNode = need(node, "hostport");
  const slash = hostportNode.end < node.end;
  const gtype = findNode(node, "gtype");
  const selector = findNode(node, "selector");
  const out: Rfc1738GopherUrl = {
    text: whole.text, span: whole.span,
    kind: "gopher",
    scheme: literalScheme(node, input, "gopher"),
    host: hp.host,
    port: hp.port,
    gopherPath: slash ? textBetween(input, hostportNode.end + 1, node.end) : null,
    type: gtype ? textOf(gtype, input) : null,
    selector: null,
    search: null,
    gopherPlus: null,
  };
  if (selector) Object.assign(out, splitGopherSelector(selector.start, selector.end, input));
  return out;
}

/**
 * §3.4.1: <gophertype><selector>%09<search>%09<gopher+_string>. The grammar's selector = *xchar also
 * matches "%09", so the PEG's greedy selector holds the whole rest (grammar/rfc1738/grammar.peggy, gopherurl).
 * The published rule derives the split too; this picks the derivation with the leftmost separators
 * that the rule allows: the first "%09" after which the rest is `search [ "%09" gopher+_string ]`
 * (search has no "/" or "?", gopher+_string any xchar). Every "%" in a selector starts an escape, so
 * a "%09" substring is always a whole escape.
 */
export function splitGopherSelector(start: number, end: number, input: string): Pick<Rfc1738GopherUrl, "selector" | "search" | "gopherPlus"> {
  const text = input.slice(start, end);
  for (let i = text.indexOf("%09"); i >= 0; i = text.indexOf("%09", i + 3)) {
    const rest = text.slice(i + 3);
    const sep = rest.indexOf("%09");
    const bad = rest.search(/[/?]/);
    if (bad >= 0 && (sep < 0 || sep > bad)) continue;
    const searchEnd = sep < 0 ? rest.length : sep;
    const at = start + i + 3;
    return {
      selector: textBetween(input, start, start + i),
      search: textBetween(input, at, at + searchEnd),
      gopherPlus: sep < 0 ? null : textBetween(input, at + sep + 3, end),
    };
  }
  return { selector: textBetween(input, start, end), search: null, gopherPlus: null };
}

function news(node: DerivationNode, input: string, whole: TextComponent): Rfc1738NewsUrl {
  // §3.6: news:<newsgroup-name> or news:<message-id>; "*" is all available groups.
  const grouppart = need(node, "grouppart");
  const group = findNode(grouppart, "group");
  const article = findNode(grouppart, "article");
  return {
    text: whole.text, span: whole.span,
    kind: "news",
    scheme: literalScheme(node, input, "news"),
    form: article ? "article" : group ? "group" : "all",
    grouppart: textOf(grouppart, input),
    group: group ? textOf(group, input) : null,
    article: article ? { text: input.slice(article.start, article.end), span: spanOf(article), host: host(need(article, "host"), input) } : null,
  };
}

function nntp(node: DerivationNode, input: string, whole: TextComponent): Rfc1738NntpUrl {
  // §3.7: nntp://<host>:<port>/<newsgroup-name>/<article-number>
  const group = need(node, "group");
  const digits = node.children.find((c) => c.rule === "digits" && c.start > group.end);
  const hp = hostPort(node, input);
  return {
    text: whole.text, span: whole.span,
    kind: "nntp",
    scheme: literalScheme(node, input, "nntp"),
    host: hp.host,
    port: hp.port,
    group: textOf(group, input),
    article: digits ? { text: input.slice(digits.start, digits.end), span: spanOf(digits), number: Number.parseInt(input.slice(digits.start, digits.end), 10) } : null,
  };
}

function wais(node: DerivationNode, input: string, whole: TextComponent): Rfc1738WaisUrl {
  // §3.9: wais://<host>:<port>/<database>[?<search> | /<wtype>/<wpath>]
  const form = node.rule === "waisurl" ? node.children.find((c) => WAIS_FORMS.includes(c.rule))! : node;
  const search = findNode(form, "search");
  const wtype = findNode(form, "wtype");
  const wpath = findNode(form, "wpath");
  const hp = hostPort(form, input);
  return {
    text: whole.text, span: whole.span,
    kind: "wais",
    scheme: literalScheme(node, input, "wais"),
    form: form.rule === "waisindex" ? "index" : form.rule === "waisdoc" ? "document" : "database",
    host: hp.host,
    port: hp.port,
    database: textOf(need(form, "database"), input),
    search: search ? textOf(search, input) : null,
    wtype: wtype ? textOf(wtype, input) : null,
    wpath: wpath ? textOf(wpath, input) : null,
  };
}

function prospero(node: DerivationNode, input: string, whole: TextComponent): Rfc1738ProsperoUrl {
  // §3.11: prospero://<host>:<port>/<hsoname>;<field>=<value>
  const hp = hostPort(node, input);
  return {
    text: whole.text, span: whole.span,
    kind: "prospero",
    scheme: literalScheme(node, input, "prospero"),
    host: hp.host,
    port: hp.port,
    hsoname: path(need(node, "ppath"), input),
    fields: findAllNodes(node, "fieldspec").map((f) => ({ text: input.slice(f.start, f.end), span: spanOf(f), name: textOf(need(f, "fieldname"), input), value: textOf(need(f, "fieldvalue"), input) })),
  };
}

function generic(node: DerivationNode, input: string, whole: TextComponent): Rfc1738GenericUrl {
  // §5: genericurl = scheme ":" schemepart; §3.1: the common Internet scheme syntax.
  const ip = findNode(node, "ip-schemepart");
  const urlpath = ip ? findNode(ip, "urlpath") : undefined;
  return {
    text: whole.text, span: whole.span,
    kind: "generic",
    scheme: textOf(need(node, "scheme"), input),
    schemepart: textOf(need(node, "schemepart"), input),
    ipSchemepart: ip ? ipSchemepart(need(ip, "login"), urlpath, input) : null,
  };
}

/**
 * The flat components of an rfc1738 URL, from the production that derived it (§3.1's common
 * Internet scheme syntax `//<user>:<password>@<host>:<port>/<url-path>` where the scheme has one):
 * the host part is hostport or login; the path is what follows it (`/` hpath, `/` fpath `;type=`,
 * the gopher or wais or prospero path ...) up to the "?" of http's and waisindex's search, which is
 * the query. mailto, news and a generic URL without "//" have no host: the path is what follows
 * "scheme:". rfc1738 has no fragment ("#" is not part of a URL, Appendix). Null for an AST of a
 * smaller rule.
 */
export function readRfc1738Components(ast: Rfc1738Ast): ReadComponents | null {
  const url = ast.url;
  if (!url) return null;
  let authority: ReferencePieces["authority"] = null;
  let query: TextComponent | null = null;
  const hostPart = (start: number, end: number, h: Host | null): ReferencePieces["authority"] => ({ span: { start, end }, host: h });
  // The host part starts after "scheme://" and ends after the port (or the host).
  const afterSlashes = url.scheme.span.end + 3;
  const hostEnd = (h: Host, port: Port | null) => (port ? port.span.end : h.span.end);
  switch (url.kind) {
    case "http":
      authority = hostPart(afterSlashes, hostEnd(url.host, url.port), url.host);
      query = url.search;
      break;
    case "wais":
      authority = hostPart(afterSlashes, hostEnd(url.host, url.port), url.host);
      query = url.search;
      break;
    case "ftp":
    case "telnet":
    case "gopher":
    case "nntp":
    case "prospero":
      authority = hostPart(afterSlashes, hostEnd(url.host, url.port), url.host);
      break;
    case "file":
      // §3.10: "file://" [ host | "localhost" ] "/" fpath: the host part may be empty.
      authority = hostPart(afterSlashes, url.host ? url.host.span.end : afterSlashes, url.host);
      break;
    case "generic":
      if (url.ipSchemepart) authority = hostPart(afterSlashes, hostEnd(url.ipSchemepart.host, url.ipSchemepart.port), url.ipSchemepart.host);
      break;
    case "mailto":
    case "news":
      break;
  }
  return componentsFromPieces(ast.text, ast.span.start, { span: url.span, scheme: url.scheme, authority, query, fragment: null });
}

/** rfc1738's oracle, found by this file's name (test/support/oracle/builders.ts): its builder and the rules it reads from the derivation. */
export const ORACLE = { build: buildRfc1738Ast, astNodes: ["url","genericurl","otherurl","scheme","schemepart","ip-schemepart","login","user","password","hostport","host","hostname","hostnumber","port","urlpath","ftpurl","fpath","ftptype","fileurl","httpurl","hpath","search","gopherurl","gtype","selector","gopher+_string","mailtourl","encoded822addr","newsurl","grouppart","group","article","nntpurl","digits","telneturl","waisurl","waisdatabase","waisindex","waisdoc","database","wtype","wpath","prosperourl","ppath","fieldspec","fieldname","fieldvalue"] as readonly string[] };
