// draft-1997 (draft-fielding-url-syntax-05) §5.2 "Resolving Relative References to Absolute Form",
// steps 1 to 7 as written, with step 6's string buffer (a to i). Unlike draft-2003, the reference's
// query is appended to the buffer (step 6c) before "." and ".." are removed, so Appendix C gives
// `g?y/./x` = `http://a/b/c/g?y/x`.
import type { SpecId } from "../revisions";
import { parse } from "../parse";
import { referenceComponents, type UriComponents } from "./uri-components";
import { recombine } from "./format";
import { dotSegmentSteps, fromSegments, toSegments } from "./buffer-steps";
import type { ResolveResult } from "./resolve-result";


export function resolve1997(spec: SpecId, base: string, reference: string): ResolveResult {
  // §5.2: "The base URL is established according to the rules of Section 5.1 and parsed into the four
  // main components as described in Section 4.4. Note that only the scheme component is required to
  // be present in the base URL" (§5.1.1: Content-Base = "Content-Base" ":" absoluteURL).
  const b = parse(base, { spec: spec, rule: "absoluteURL" });
  if (!b.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-base", spec: spec, section: "§5.2", message: `The base must be a draft-1997 absoluteURL (§5.2, §5.1.1): ${b.error.message}`, parseError: b.error } };
  }
  // The grammar validates; the components are the four main ones of §4.4
  // ("parsed as if it is a generic-URL", see referenceComponents).
  const B = referenceComponents(b.ast)!;

  // Step 1: "The URL reference is parsed into the potential four components and fragment
  // identifier, as described in Section 4.4."
  const r = parse(reference, { spec: spec, rule: "URL-reference" });
  if (!r.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-reference", spec: spec, section: "§5.2 step 1", message: `The reference is not a draft-1997 URL-reference: ${r.error.message}`, parseError: r.error } };
  }
  const R = referenceComponents(r.ast)!;

  // Step 2: "If the path component is empty and the scheme, site, and query components are
  // undefined, then it is a reference to the current document and we are done."
  if (R.path === "" && R.scheme === null && R.authority === null && R.query === null) {
    return { ok: true, kind: "current-document", spec: spec, fragment: R.fragment };
  }

  // Step 3: "If the scheme component is defined, indicating that the reference starts with a scheme
  // name, then the reference is interpreted as an absolute URL and we are done. Otherwise, the
  // reference URL's scheme is inherited from the base URL's scheme component."
  if (R.scheme !== null) return done(spec, R);
  const T: UriComponents = { ...R, scheme: B.scheme };

  // Step 4: "If the site component is defined, then the reference is a network-path and we skip to
  // step 7. Otherwise, the reference URL's site is inherited from the base URL's site component".
  if (R.authority !== null) return done(spec, T);
  T.authority = B.authority;

  // Step 5: "If the path component begins with a slash character ("/"), then the reference is an
  // absolute-path and we skip to step 7."
  if (R.path.startsWith("/")) return done(spec, T);

  // Step 6: "we are resolving a relative-path reference. The relative path needs to be merged with
  // the base URL's path ... using a separate string buffer."
  // 6a: "All but the last segment of the base URL's path component is copied to the buffer. In other
  // words, any characters after the last (right-most) slash character, if any, are excluded."
  let buffer = B.path.slice(0, B.path.lastIndexOf("/") + 1);
  // 6b: "The reference's path component is appended to the buffer string."
  buffer += R.path;
  // 6c: "If the reference's query component is defined, then a "?" character is appended to the
  // buffer string, followed by the query component."
  if (R.query !== null) buffer += "?" + R.query;
  // 6d: "All occurrences of "./", where "." is a complete path segment, are removed".
  // 6e: "If the buffer string ends with "." as a complete path segment, that "." is removed."
  // 6f: "All occurrences of "<segment>/../" ... are removed ... leftmost matching pattern on each
  // iteration, until no matching pattern remains."
  // 6g: "If the buffer string ends with "<segment>/..", ... that "<segment>/.." is removed."
  buffer = fromSegments(dotSegmentSteps(toSegments(buffer)));
  const q = buffer.indexOf("?");
  // 6h: "If the buffer string contains a question-mark "?" character, then the reference URL's
  // query component is the substring after the first (left-most) question-mark. Otherwise, the
  // reference URL's query component is set undefined."
  T.query = q >= 0 ? buffer.slice(q + 1) : null;
  // 6i: "The reference URL's new path component is the buffer string up to, but not including, the
  // first question-mark character or the end of the buffer string."
  T.path = q >= 0 ? buffer.slice(0, q) : buffer;
  return done(spec, T);
}

/** Step 7: "The resulting URL components, including any inherited from the base URL, are recombined". */
function done(spec: SpecId, T: UriComponents): ResolveResult {
  return { ok: true, kind: "uri", spec: spec, uri: recombine(T), components: T };
}
