// The types every revision's AST is made of (a revision's own AST types are generated from its
// grammar's @ast annotations into generated/<spec>.ast.ts), and the flat components.

/** A piece of the input: its half-open span of UTF-16 offsets. */
export interface Span {
  start: number;
  end: number;
}

/** A piece of the input: its text and its span. */
export interface TextComponent {
  text: string;
  span: Span;
}

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
   * IP-literal holding an IPvFuture), `reg-name` (draft-2003, rfc3986), `domain` and `opaque` (the
   * WHATWG URL Standard's valid domain string and valid opaque-host string).
   */
  kind: "hostname" | "IPv4" | "IPv6" | "IPvFuture" | "reg-name" | "domain" | "opaque";
  /** For IPv6 and IPvFuture: the address without the brackets. */
  address?: TextComponent;
}

/** A port: its text, span and number (null when empty). */
export interface Port extends TextComponent {
  /** The decimal value; null for an empty port (`http://a:/`), which both grammars allow. */
  number: number | null;
}

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
