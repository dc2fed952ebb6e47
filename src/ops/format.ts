// Recomposition: the components of a reference recombined into a string.
// draft-1997 §5.2 step 7 and draft-2003 §5.2 ("The resulting target URI components and fragment can
// be recombined ...") give the same pseudocode; both insist on "the distinction between a component
// that is undefined ... and a component that is empty", which is why null and "" differ here.
import type { Ast } from "../ast/types";
import { componentsOf, type UriComponents } from "./uri-components";

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
 * Rebuilds the string of a parsed whole reference from its components (absent and empty kept
 * apart). Null for an AST of a smaller start rule (host, port ...), which is not a reference.
 * For every input the grammar accepts as a reference, `format(parse(x).ast) === x`.
 */
export function format(ast: Ast): string | null {
  const c = componentsOf(ast);
  return c === null ? null : recombine(c);
}
