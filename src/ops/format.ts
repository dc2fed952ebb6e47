// Recomposition: the components of a reference recombined into a string.
// draft-1997 §5.2 step 7 and draft-2003 §5.2 ("The resulting target URI components and fragment can
// be recombined ...") give the same pseudocode; both insist on "the distinction between a component
// that is undefined ... and a component that is empty", which is why null and "" differ here.
import { authorityOf } from "../ast/components";
import type { Ast } from "../revisions/revision";
import type { Components } from "../ast/types";
import { components, readComponents } from "./reference-components";
import { plainError, usageError, type ParseError } from "../errors";
import { invalidOption, isFailure, optionsObject, requireRevision } from "../request";
import type { SpecId } from "../revisions";
import type { UriComponents } from "./uri-components";

/** draft-1997 §5.2 step 7 / draft-2003 §5.2 "recombined": components -> string. */
export function recombine(c: UriComponents): string {
  // result = ""
  let result = "";
  // if defined(T.scheme) then append T.scheme to result; append ":" to result; endif;
  if (c.scheme !== null) result += c.scheme + ":";
  // if defined(T.authority) then append "//" to result; append T.authority to result; endif;
  // (draft-1997: "if site is defined then append "//" to result append site to result")
  if (c.authority !== null) result += "//" + c.authority;
  // append T.path to result;
  result += c.path;
  // if defined(T.query) then append "?" to result; append T.query to result; endif;
  if (c.query !== null) result += "?" + c.query;
  // if defined(fragment) then append "#" to result; append fragment to result; endif;
  if (c.fragment !== null) result += "#" + c.fragment;
  // return result;
  return result;
}

/**
 * Recombines components into a reference (draft-2003 §5.2 "recombined", draft-1997 §5.2 step 7):
 * either the AST of a parse, of any revision, or flat components as `components()` returns them
 * (the authority is written `[ userinfo "@" ] host [ ":" port ]` when `host` is not null). Absent
 * (`null`) and empty (`""`) components stay apart. For every input a revision accepts as a whole
 * reference, `format(parse(x).ast) === x`. An AST of draft-1997, draft-2003 or rfc3986 is written
 * from its fields (`scheme`, `authority` or `site`, `path`, `query`, `fragment`: each one's `text`,
 * nothing for one that is null), so an edited AST gives the edited reference; the scheme-specific
 * ASTs of draft-1993, draft-1994 and rfc1738 are read by position from their text. Null for an AST
 * of a smaller rule (host, port ...), and for anything that is neither (a field of the wrong type
 * included). Never throws.
 *
 * @example
 * import { format, parse } from "uri-grammars";
 * const r = parse("ftp://u:p@h/a;type=i", { spec: "rfc1738" });
 * if (r.ok) format(r.ast); // => "ftp://u:p@h/a;type=i"
 * const q = parse("http://a/b?c#d");
 * if (q.ok) format(Object.assign(q.ast, { query: null })); // => "http://a/b#d"
 * format({ scheme: "http", userinfo: null, host: "a", port: "", path: "/", query: "", fragment: null, hostKind: "hostname" }); // => "http://a:/?"
 */
export function format(x: Ast | Components): string | null;
/**
 * With options, format() also checks its result: it parses the reference back under the revision
 * (`spec`; default the AST's own revision, or draft-2003 for flat components) and compares the
 * components read back with those given. `{ ok: true, reference }` when they are the same;
 * otherwise `{ ok: false, reference, error }`, whose `not-expressible` error names the first
 * component that reads back otherwise (flat components with host "a" and path "b" write "//ab",
 * whose host is "ab"), or the syntax error of a reference the revision does not accept. format()
 * does not escape: to write values that need escapes, use `buildReference()`. Never throws.
 *
 * @example
 * import { format } from "uri-grammars";
 * const c = { scheme: null, userinfo: null, host: "a", port: null, path: "b", query: null, fragment: null, hostKind: null };
 * const r = format(c, { spec: "rfc3986" });
 * if (!r.ok) [r.reference, r.error.code]; // => ["//ab", "not-expressible"]
 */
export function format(x: Ast | Components, options: FormatCheckOptions | SpecId): FormatChecked;
export function format(x: Ast | Components, options?: FormatCheckOptions | SpecId): string | null | FormatChecked {
  const text = formatText(x);
  return options === undefined ? text : checkFormatted(x, text, options);
}

/** The options of format() that ask for its result to be checked. */
export interface FormatCheckOptions {
  /** The revision to parse the result back with; default the AST's own, or draft-2003 for flat components. */
  spec?: SpecId | undefined;
}

/** What format() with options returns: the reference, and whether it reads back to the components given. */
export type FormatChecked = { ok: true; spec: SpecId; reference: string } | { ok: false; spec: string; rule: string | null; reference: string | null; error: ParseError };

const FLAT_KEYS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const;

/** The components format() was given, as the parts a reference is recombined from (and, for flat components, userinfo, host and port). */
function partsGiven(x: object): Record<string, string | null> | null {
  const fields = readFields(x, ["span", "spec", "kind"]);
  if (fields === null) return null;
  if (fields.span !== undefined && fields.spec !== undefined && fields.kind !== undefined) {
    const key = authorityKey(x);
    if (key === null) return null;
    const authority = fieldText(x, key);
    return { scheme: fieldText(x, "scheme") ?? null, authority: authority ?? null, path: fieldText(x, "path") ?? "", query: fieldText(x, "query") ?? null, fragment: fieldText(x, "fragment") ?? null };
  }
  let flat: Partial<Components> | null;
  if (fields.span !== undefined && fields.spec !== undefined) {
    try {
      flat = readComponents(x as Ast)?.components ?? null;
    } catch {
      flat = null;
    }
  } else flat = readFields(x, FLAT_KEYS) as Partial<Components> | null;
  if (flat === null) return null;
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const out: Record<string, string | null> = {};
  for (const k of FLAT_KEYS) out[k] = k === "path" ? (str(flat.path) ?? "") : str(flat[k]);
  out.authority = authorityOf(out as unknown as Components);
  return out;
}

function checkFormatted(x: Ast | Components, text: string | null, options: FormatCheckOptions | SpecId): FormatChecked {
  const given = typeof x === "object" && x !== null ? readFields(x, ["spec"]) : null;
  const o = optionsObject(options, ["spec"]);
  const revision = requireRevision(o.spec ?? (typeof given?.spec === "string" ? given.spec : undefined));
  if (isFailure(revision)) return { ...revision, reference: null };
  const parts = text === null ? null : partsGiven(x);
  if (text === null || parts === null) return { ...invalidOption(revision.id, null, "format() takes the AST of a whole reference or flat components ({ scheme, userinfo, host, port, path, query, fragment }); this is neither."), reference: null };
  const back = components(text, { spec: revision.id });
  if (!back.ok) return { ...back, reference: text, error: { ...plainError(back.error), message: `format() wrote "${text}", which ${revision.id} does not accept: ${back.error.message}` } };
  const read: Record<string, string | null> = { scheme: back.scheme, userinfo: back.userinfo, host: back.host, port: back.port, path: back.path, query: back.query, fragment: back.fragment, authority: authorityOf(back) };
  const differs = Object.keys(parts).find((k) => parts[k] !== read[k]);
  if (differs === undefined) return { ok: true, spec: revision.id, reference: text };
  const message = `format() wrote "${text}", which ${revision.id} reads with ${differs} ${JSON.stringify(read[differs])}, not ${JSON.stringify(parts[differs])}: these components make another reference. Use buildReference() to write values that need escapes.`;
  return { ok: false, spec: revision.id, rule: null, reference: text, error: usageError("not-expressible", revision.id, null, message) };
}

function formatText(x: Ast | Components): string | null {
  if (typeof x !== "object" || x === null) return null;
  const fields = readFields(x, ["span", "spec", "kind", "path"]);
  if (fields === null) return null;
  if (fields.span !== undefined && fields.spec !== undefined) {
    if (fields.kind !== undefined) return formatGenericAst(x);
    return formatByReader(x as Ast);
  }
  if (typeof fields.path !== "string") return null;
  const c = readFields(x, ["scheme", "userinfo", "host", "port", "path", "query", "fragment"]);
  return c === null ? null : formatComponents(c as Partial<Components>);
}

/** The fields `keys` of a caller's object, each read once; null when reading one throws (a getter, a Proxy). */
function readFields(x: object, keys: readonly string[]): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  try {
    for (const k of keys) out[k] = (x as Record<string, unknown>)[k];
  } catch {
    return null;
  }
  return out;
}

/** A component field of an AST: absent (null, or no such field), its text, or undefined when it is no component ({ text: string }). */
function fieldText(x: object, key: string): string | null | undefined {
  const f = readFields(x, [key]);
  if (f === null) return undefined;
  const v = f[key];
  if (v === null || v === undefined) return null;
  if (typeof v !== "object") return undefined;
  const t = readFields(v, ["text"]);
  return t !== null && typeof t.text === "string" ? t.text : undefined;
}

/**
 * The field of a generic AST that holds the text after "//", by the AST's shape: draft-1997 calls it
 * its site (§3.1), rfc1808 its net_loc (§2.1), the others the authority. Null when reading throws.
 */
function authorityKey(ast: object): "site" | "net_loc" | "authority" | null {
  const has = readFields(ast, ["site", "net_loc"]);
  if (has === null) return null;
  return has.site !== undefined ? "site" : has.net_loc !== undefined ? "net_loc" : "authority";
}

/**
 * A reference AST of the generic syntax (draft-1997, draft-2003, rfc3986: one with `kind`), written
 * from its fields: draft-1997 calls the authority its site (§3.1). A field that is null is absent
 * (issue 25 item 7: `authority: null`, `query: null`, `path: null` were ignored, the text read by
 * position instead); an absent path is the empty path, which every reference has.
 */
function formatGenericAst(ast: object): string | null {
  const key = authorityKey(ast);
  if (key === null) return null;
  const parts = {
    scheme: fieldText(ast, "scheme"),
    authority: fieldText(ast, key),
    path: fieldText(ast, "path"),
    query: fieldText(ast, "query"),
    fragment: fieldText(ast, "fragment"),
  };
  if (Object.values(parts).some((v) => v === undefined)) return null;
  return recombine({ scheme: parts.scheme!, authority: parts.authority!, path: parts.path ?? "", query: parts.query!, fragment: parts.fragment! });
}

/**
 * A scheme-specific AST (draft-1993, draft-1994, rfc1738), read by its revision's reader, which
 * takes the components by position from the AST's text and spans. The reader is the AST layer's
 * and trusts the shape it built: an AST a caller edited into another shape (a span outside the
 * text, a field of the wrong type) makes it throw, and that AST is no AST of the revision: null.
 */
function formatByReader(ast: Ast): string | null {
  try {
    const read = readComponents(ast);
    return read === null ? null : read.prefix + formatComponents(read.components);
  } catch {
    return null;
  }
}

function formatComponents(c: Partial<Components>): string {
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const path = str(c.path) ?? "";
  return recombine({ scheme: str(c.scheme), authority: authorityOf({ ...(c as Components), userinfo: str(c.userinfo), host: str(c.host), port: str(c.port) }), path, query: str(c.query), fragment: str(c.fragment) });
}
