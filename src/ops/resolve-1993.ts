// draft-1993 (T. Berners-Lee, "Uniform Resource Locators", March 1993), "Partial form": the rules
// "for the use of a partial name", applied to strings (they are written for strings; this module
// does not use a draft-1993 parser). Quoted from seed 000_8d5ef9870e7fee48.txt, lines 192-201.
//
// Readings where the text is silent (each is marked below):
// - the path of the context locator ends before "?" (search) and "#" (anchor-id): the BNF writes
//   `httpaddress = h t t p : // hostport [ / path ] [ ? search ]` and `anchoraddress = docaddress
//   [ # anchorid ]`; a hosted locator's path begins after the "/" that follows hostport;
// - the removal of "/xxx/.." and "/." applies to the path of the result (the text says "path
//   elements"), for relative paths only (it is listed under "a relative path is interpreted as
//   follows"), leftmost first, with xxx a non-empty element other than ".." (otherwise the result
//   would depend on the order of removal, which the text does not give);
// - the document has no "current document": an empty partial form or "#s" is appended like any
//   other relative path.
import type { SpecId } from "../revisions";
import type { ResolveResult } from "./resolve-result";


/** "a full form must have a colon and that colon must occur before any slash characters." */
export function isFullForm(s: string): boolean {
  const colon = s.indexOf(":");
  const slash = s.indexOf("/");
  return colon >= 0 && (slash < 0 || colon < slash);
}

interface Locator {
  scheme: string;
  /** "//" and the internet protocol part up to the next "/" (user@host:port), or null. */
  hostPart: string | null;
  /** The rest of the document address up to "?" or "#": "/b/c/d;p" or "comp.infosystems". */
  path: string;
}

function splitFullForm(s: string): Locator {
  const colon = s.indexOf(":");
  const scheme = s.slice(0, colon);
  let rest = s.slice(colon + 1);
  // Reading: the anchor-id ("#") and the search ("?") are not part of the path.
  const end = rest.search(/[?#]/);
  if (end >= 0) rest = rest.slice(0, end);
  // "Internet protocol parts": "This starts with a double slash "//" to indicate its presence, and
  // continues until the following slash "/"."
  if (rest.startsWith("//")) {
    const slash = rest.indexOf("/", 2);
    return { scheme, hostPart: slash < 0 ? rest : rest.slice(0, slash), path: slash < 0 ? "" : rest.slice(slash) };
  }
  return { scheme, hostPart: null, path: rest };
}

export function resolve1993(spec: SpecId, base: string, partial: string): ResolveResult {
  if (!isFullForm(base)) {
    return {
      ok: false,
      spec: spec,
      error: { code: "invalid-base", spec: spec, section: "Partial form", message: `The context locator "${base}" is not a full form: "a full form must have a colon and that colon must occur before any slash characters" (draft-1993, Partial form).` },
    };
  }
  const context = splitFullForm(base);

  // "If the scheme parts are different, the whole absolute locator must be given." A full form is
  // taken whole ("A partial form can be distinguished from a full form in that a full form must
  // have a colon and that colon must occur before any slash characters.")
  if (isFullForm(partial)) return uriResult(spec, partial);

  // "Otherwise, the scheme is omitted, and:"
  const scheme = context.scheme + ":";

  // "If the host and/or port parts are the different, the host, port name and all the rest of the
  // locator must be given." (The internet protocol part starts with "//".)
  if (partial.startsWith("//")) return uriResult(spec, scheme + partial);

  // "If the access and host parts are the same, then the path may be given in absolute (fully
  // qualified) or relative form. Within the path:"
  const host = context.hostPart ?? "";
  // "If a leading slash is present, the path is absolute."
  if (partial.startsWith("/")) return uriResult(spec, scheme + host + partial);

  // "Otherwise, a relative path is interpreted as follows:"
  // "The last part of the path of the context locator (anything following the rightmost slash) is
  // removed, and the given partial URL appended in its place." (Reading: a hosted locator without
  // a path gets the "/" that separates hostport from path, `[ / path ]` in the BNF.)
  const cut = context.path.lastIndexOf("/");
  const kept = cut >= 0 ? context.path.slice(0, cut + 1) : context.hostPart !== null ? "/" : "";
  const joined = kept + partial;
  // "Within the result, all occurrences of "/xxx/.." or "/." are recursively removed, where xxx,
  // ".." and "." are complete path elements." (Reading: in the path of the result, before "?"/"#".)
  const end = joined.search(/[?#]/);
  const path = end >= 0 ? joined.slice(0, end) : joined;
  const tail = end >= 0 ? joined.slice(end) : "";
  return uriResult(spec, scheme + host + removeXxxDotDot(path) + tail);
}

/**
 * "all occurrences of "/xxx/.." or "/." are recursively removed, where xxx, ".." and "." are
 * complete path elements": "/." and "/xxx/.." are removed whole (with their leading "/"), so
 * "/b/c/.." becomes "/b" and "/b/c/." becomes "/b/c". One pass with a stack, leftmost first.
 */
export function removeXxxDotDot(path: string): string {
  const elements = path.split("/");
  // elements[0] is the text before the first "/": it is not preceded by "/", so it is never an
  // "xxx", ".", or ".." of the patterns.
  const out: string[] = [elements[0]];
  for (let i = 1; i < elements.length; i++) {
    const e = elements[i];
    if (e === ".") continue; // "/." removed
    const top = out[out.length - 1];
    if (e === ".." && out.length >= 2 && top !== "" && top !== "..") {
      out.pop(); // "/xxx/.." removed
      continue;
    }
    out.push(e);
  }
  return out.join("/");
}

/** A resolved URI as a result value (no components: these rules work on strings). */
export function uriResult(spec: SpecId, text: string): ResolveResult {
  return { ok: true, kind: "uri", spec: spec, uri: text, components: null };
}
