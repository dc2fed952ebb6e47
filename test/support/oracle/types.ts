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

// A host and a port are the library's types (the values both the oracle and the generated builders make).
import type { Host, Port } from "../../../src/ast/types";
export type { Host, Port };

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


// The flat components and the kinds of host are the library's types (what the builders' ASTs are
// compared through, not what they build).
export type { Components, HostKind } from "../../../src/ast/types";
