// Recomposition: the components of a reference recombined into a string.
// draft-1997 §5.2 step 7 and draft-2003 §5.2 ("The resulting target URI components and fragment can
// be recombined ...") give the same pseudocode; both insist on "the distinction between a component
// that is undefined ... and a component that is empty", which is why null and "" differ here.
import { authorityOf } from "../ast/components";
import type { Ast } from "../revisions/revision";
import type { Components } from "../ast/types";
import { readComponents } from "./reference-components";
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
 * if (q.ok) format({ ...q.ast, query: null }); // => "http://a/b#d"
 * format({ scheme: "http", userinfo: null, host: "a", port: "", path: "/", query: "", fragment: null, hostKind: "hostname" }); // => "http://a:/?"
 */
export function format(x: Ast | Components): string | null {
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
 * A reference AST of the generic syntax (draft-1997, draft-2003, rfc3986: one with `kind`), written
 * from its fields: draft-1997 calls the authority its site (§3.1). A field that is null is absent
 * (issue 25 item 7: `authority: null`, `query: null`, `path: null` were ignored, the text read by
 * position instead); an absent path is the empty path, which every reference has.
 */
function formatGenericAst(ast: object): string | null {
  const has = readFields(ast, ["site"]);
  if (has === null) return null;
  const parts = {
    scheme: fieldText(ast, "scheme"),
    authority: fieldText(ast, has.site !== undefined ? "site" : "authority"),
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
