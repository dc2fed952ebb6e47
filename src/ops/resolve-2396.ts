// RFC 2396 §5.2 "Resolving Relative References to Absolute Form", steps 1 to 7 as written, with
// step 6's string buffer (a to h). It differs from draft-1997's §5.2 (the draft it came from) in
// step 2 ("the reference URI's query and fragment components are defined as found ... and not
// inherited from the base URI"), so the query never enters the buffer (draft-1997's steps 6c, 6h and
// 6i are gone: Appendix C gives `g?y/./x` = `http://a/b/c/g?y/./x`), in step 3's loophole for a
// scheme equal to the base's, and in step 6g, the leading ".." that "is considered to be in error".
// Steps 6c to 6h are word for word draft-2003's merge steps 3 to 8 (resolve-2003.ts,
// removeDotSegments); step 6a lacks draft-2003's "If the base URI's path component is the empty
// string, then a single slash character ("/") is copied to the buffer".
import type { SpecId } from "../revisions";
import { parse } from "../parse";
import { referenceComponents, type UriComponents } from "./uri-components";
import { recombine } from "./format";
import { removeDotSegments } from "./resolve-2003";
import { dotSegmentsAboveRoot, type DotSegmentsChoice, type ResolveResult } from "./resolve-result";

export function resolve2396(spec: SpecId, base: string, reference: string, strict: boolean, dotSegments: DotSegmentsChoice): ResolveResult {
  // §5.2: "The base URI is established according to the rules of Section 5.1 and parsed into the
  // four main components as described in Section 3. Note that only the scheme component is required
  // to be present in the base URI" (§5.1: "the base URI ... must be an absolute URI").
  const b = parse(base, { spec: spec, rule: "absoluteURI" });
  if (!b.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-base", spec: spec, section: "§5.2", message: `The base must be an ${spec} absoluteURI (§5.2, §3): ${b.error.message}`, parseError: b.error } };
  }
  const B = referenceComponents(b.ast)!;

  // Step 1: "The URI reference is parsed into the potential four components and fragment
  // identifier, as described in Section 4.3." (§4.3 points to Appendix B, as draft-1997's §4.4 does.)
  const r = parse(reference, { spec: spec, rule: "URI-reference" });
  if (!r.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-reference", spec: spec, section: "§5.2 step 1", message: `The reference is not an ${spec} URI-reference: ${r.error.message}`, parseError: r.error } };
  }
  const R = referenceComponents(r.ast)!;

  // Step 2: "If the path component is empty and the scheme, authority, and query components are
  // undefined, then it is a reference to the current document and we are done. Otherwise, the
  // reference URI's query and fragment components are defined as found (or not found) within the
  // URI reference and not inherited from the base URI."
  if (R.path === "" && R.scheme === null && R.authority === null && R.query === null) {
    return { ok: true, kind: "current-document", spec: spec, fragment: R.fragment };
  }
  const T: UriComponents = { ...R };

  // Step 3: "If the scheme component is defined, indicating that the reference starts with a scheme
  // name, then the reference is interpreted as an absolute URI and we are done. Otherwise, the
  // reference URI's scheme is inherited from the base URI's scheme component." The loophole: "an
  // implementation may work around such references by removing the scheme if it matches that of the
  // base URI and the scheme is known to always use the <hier_part> syntax ... Validating parsers
  // should mark such a misformed relative reference as an error" (strict: false asks for the
  // work-around; "matches" is read as draft-2003 reads "==": the same string).
  if (R.scheme !== null && (strict || R.scheme !== B.scheme)) return done(spec, T);
  T.scheme = B.scheme;

  // What is left is a relative reference, which §5 (its opening, before §5.1) allows only against a
  // hierarchical base:
  // "Documents can only make use of relative URI when their base URI fits within the <hier_part>
  // syntax. ... In other words, relative URI cannot be used within a document that has an
  // unsuitable base URI." An absoluteURI whose hier_part is absent is an opaque_part: no authority,
  // and a path not beginning with "/" (steps 6a-6h would otherwise merge with the opaque part and can
  // give a URI the grammar rejects: "." against news:comp.infosystems.www gives "news:").
  if (B.authority === null && !B.path.startsWith("/")) {
    return {
      ok: false,
      spec: spec,
      error: {
        code: "unsuitable-base",
        spec: spec,
        section: "§5",
        message: `The base "${base}" is an opaque URI (its part after "${B.scheme}:" is an opaque_part, not a hier_part), and RFC 2396 §5 says "relative URI cannot be used within a document that has an unsuitable base URI": resolve "${reference}" against a base of the form scheme://authority/path or scheme:/path, or give an absolute reference.`,
      },
    };
  }

  // Step 4: "If the authority component is defined, then the reference is a network-path and we
  // skip to step 7. Otherwise, the reference URI's authority is inherited from the base URI's
  // authority component".
  if (R.authority !== null) return done(spec, T);
  T.authority = B.authority;

  // Step 5: "If the path component begins with a slash character ("/"), then the reference is an
  // absolute-path and we skip to step 7."
  if (R.path.startsWith("/")) return done(spec, T);

  // Step 6: "we are resolving a relative-path reference. The relative path needs to be merged with
  // the base URI's path ... using a separate string buffer."
  // 6a: "All but the last segment of the base URI's path component is copied to the buffer. In other
  // words, any characters after the last (right-most) slash character, if any, are excluded."
  // 6b: "The reference's path component is appended to the buffer string."
  const buffer = B.path.slice(0, B.path.lastIndexOf("/") + 1) + R.path;
  // 6c-6h: the dot segments, then "The remaining buffer string is the reference URI's new path
  // component" (6g's error: the dotSegments choice, as for draft-2003).
  const path = removeDotSegments(buffer, dotSegments);
  if (path === null) return dotSegmentsAboveRoot(spec, "§5.2 step 6g", "RFC 2396 §5.2 step 6g", base, reference);
  T.path = path;
  return done(spec, T);
}

/** Step 7: "The resulting URI components, including any inherited from the base URI, are recombined". */
function done(spec: SpecId, T: UriComponents): ResolveResult {
  return { ok: true, kind: "uri", spec: spec, uri: recombine(T), components: T };
}
