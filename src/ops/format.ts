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
 * reference, `format(parse(x).ast) === x`. Null for an AST of a smaller rule (host, port ...) and
 * for anything that is neither. Never throws.
 *
 * @example
 * import { format, parse } from "uri-grammars";
 * const r = parse("ftp://u:p@h/a;type=i", { spec: "rfc1738" });
 * if (r.ok) format(r.ast); // => "ftp://u:p@h/a;type=i"
 * format({ scheme: "http", userinfo: null, host: "a", port: "", path: "/", query: "", fragment: null, hostKind: "hostname" }); // => "http://a:/?"
 */
export function format(x: Ast | Components): string | null {
  if (typeof x !== "object" || x === null) return null;
  if ("span" in x && "spec" in x) {
    const read = readComponents(x as Ast);
    return read === null ? null : read.prefix + formatComponents(read.components);
  }
  if (typeof (x as Components).path !== "string") return null;
  return formatComponents(x as Components);
}

function formatComponents(c: Components): string {
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  return recombine({ scheme: str(c.scheme), authority: authorityOf({ ...c, userinfo: str(c.userinfo), host: str(c.host), port: str(c.port) }), path: c.path, query: str(c.query), fragment: str(c.fragment) });
}
