import type { Span, TextComponent } from "./derivation";

export type { Span, TextComponent };

/**
 * What kind of reference the input is, by the derivation that matched it:
 * - `absolute`: a scheme, then a hierarchical part (draft-2003 hier-part, draft-1997 generic-URL);
 * - `opaque`: a scheme, then an opaque part (draft-2003 opaque-part, draft-1997 opaque-URL);
 * - `network-path`: starts with "//" (net-path / net_path);
 * - `absolute-path`: starts with one "/" (abs-path / abs_path);
 * - `relative-path`: anything else, the empty reference included (rel-path / rel_path or empty).
 */
export type ReferenceKind = "absolute" | "opaque" | "network-path" | "absolute-path" | "relative-path";

/** A host as the revision classifies it. */
export interface Host extends TextComponent {
  /**
   * `hostname`, `IPv4` (draft-2003 and rfc3986 IPv4address, draft-1997 hostnumber), `IPv6`
   * (draft-2003 IPv6reference, rfc3986 IP-literal holding an IPv6address), `IPvFuture` (rfc3986
   * IP-literal holding an IPvFuture), `reg-name` (draft-2003, rfc3986).
   */
  kind: "hostname" | "IPv4" | "IPv6" | "IPvFuture" | "reg-name";
  /** For IPv6 and IPvFuture: the address without the brackets. */
  address?: TextComponent;
}

export interface Port extends TextComponent {
  /** The decimal value; null for an empty port (`http://a:/`), which both grammars allow. */
  number: number | null;
}

/** draft-2003 authority (§3.2): a server (§3.2.2) or a registry-based name (§3.2.1). */
export interface Draft2003Authority extends TextComponent {
  form: "server" | "reg-name";
  userinfo: TextComponent | null;
  host: Host | null;
  port: Port | null;
}

export interface Draft2003Path extends TextComponent {
  /** Which rule derived the path: abs-path, rel-path, opaque-part, or nothing (empty path). */
  form: "abs-path" | "rel-path" | "opaque-part" | "empty";
  /** The segments of a hierarchical path (split at "/"); empty for an opaque part or an empty path. */
  segments: TextComponent[];
}

/**
 * The AST of a draft-2003 parse. For the reference rules (URI-reference, absolute-URI-reference,
 * absolute-URI, relative-URI) `kind` is set and every component key is present: null means absent,
 * an empty text means present but empty (`http://a/?` has query "", `http://a/` has query null).
 * For other start rules only the components the rule contains are present.
 */
export interface Draft2003Ast {
  spec: "draft-2003";
  rule: string;
  text: string;
  span: Span;
  kind?: ReferenceKind;
  scheme?: TextComponent | null;
  authority?: Draft2003Authority | null;
  userinfo?: TextComponent | null;
  host?: Host | null;
  port?: Port | null;
  path?: Draft2003Path | null;
  query?: TextComponent | null;
  fragment?: TextComponent | null;
}

/** rfc3986 authority (§3.2): `[ userinfo "@" ] host [ ":" port ]`; the host is always there (maybe empty). */
export interface Rfc3986Authority extends TextComponent {
  userinfo: TextComponent | null;
  host: Host;
  port: Port | null;
}

export interface Rfc3986Path extends TextComponent {
  /** Which §3.3 rule derived the path. */
  form: "path-abempty" | "path-absolute" | "path-noscheme" | "path-rootless" | "path-empty";
  /** The segments (split at "/"; a path that starts with "/" has no empty first segment here); empty for path-empty. */
  segments: TextComponent[];
}

/**
 * The AST of an rfc3986 parse; the conventions of Draft2003Ast (null = absent, "" = present but
 * empty). `kind` is `absolute` for a URI or absolute-URI (§3, §4.3), else the §4.2 kind of the
 * relative reference (`network-path`, `absolute-path`, `relative-path`); RFC 3986 has no opaque form.
 */
export interface Rfc3986Ast {
  spec: "rfc3986";
  rule: string;
  text: string;
  span: Span;
  kind?: Exclude<ReferenceKind, "opaque">;
  scheme?: TextComponent | null;
  authority?: Rfc3986Authority | null;
  userinfo?: TextComponent | null;
  host?: Host | null;
  port?: Port | null;
  path?: Rfc3986Path | null;
  query?: TextComponent | null;
  fragment?: TextComponent | null;
}

/** draft-1997 site (§4.3.1): `[ [ user [ ":" password ] "@" ] hostport ]`, possibly empty. */
export interface Draft1997Site extends TextComponent {
  user: TextComponent | null;
  password: TextComponent | null;
  host: Host | null;
  port: Port | null;
}

/** A draft-1997 path segment (§4.3.2): `*pchar *( ";" param )`. */
export interface Draft1997Segment extends TextComponent {
  /** The part before the first ";". */
  name: TextComponent;
  params: TextComponent[];
}

export interface Draft1997Path extends TextComponent {
  /** Which rule derived the path: abs_path (starts with "/"), rel_path, or nothing (empty path). */
  form: "abs_path" | "rel_path" | "empty";
  segments: Draft1997Segment[];
}

/** The AST of a draft-1997 parse; the same conventions as Draft2003Ast (null = absent). */
export interface Draft1997Ast {
  spec: "draft-1997";
  rule: string;
  text: string;
  span: Span;
  kind?: ReferenceKind;
  scheme?: TextComponent | null;
  site?: Draft1997Site | null;
  user?: TextComponent | null;
  password?: TextComponent | null;
  host?: Host | null;
  port?: Port | null;
  path?: Draft1997Path | null;
  query?: TextComponent | null;
  fragment?: TextComponent | null;
}

/** The ASTs of the generic grammars (draft-1997, draft-2003, rfc3986): the ones resolution and normalization read. */
export type GenericAst = Draft1997Ast | Draft2003Ast | Rfc3986Ast;


/** How a revision classifies a host: `Host["kind"]`. */
export type HostKind = Host["kind"];

/**
 * The flat view of a whole reference that `components()` returns and `format()` recombines, read
 * from the revision's own AST. `null` means absent (its delimiter is not in the input); `""` means
 * present but empty (`http://a/?` has query `""`, `http://a/` has query null).
 * - `userinfo`: the text before "@" (draft-1997 and rfc1738 `user [ ":" password ]`);
 * - `host`: as written, IPv6 with its brackets; `""` when the input has an authority ("//") with no
 *   host in it (then `hostKind` is null, except in rfc3986, whose grammar derives an empty reg-name);
 * - `path`: never absent (the generic syntax always has one, possibly empty); it keeps its leading
 *   "/". For the scheme-specific revisions it is everything between the host part (or "scheme:") and
 *   the "?" of a query, whatever the scheme's production calls its parts there (`fpath;type=i`, a
 *   gopher selector, a news group).
 */
export interface Components {
  scheme: string | null;
  userinfo: string | null;
  host: string | null;
  port: string | null;
  path: string;
  query: string | null;
  fragment: string | null;
  /** The kind of host the grammar derived (`reg-name`, `hostname`, `IPv4`, `IPv6`, `IPvFuture`); null without a host. */
  hostKind: HostKind | null;
}
