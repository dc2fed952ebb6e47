// draft-2003 (draft-fielding-uri-rfc2396bis-01) §5.2 "Resolving Relative References to Absolute
// Form": the pseudocode, then the merge routine's steps 1 to 8, then "recombined".
import type { SpecId } from "../revisions";
import { parse } from "../parse";
import { referenceComponents, type UriComponents } from "./uri-components";
import { recombine } from "./format";
import { dotSegmentSteps, fromSegments, toSegments } from "./buffer-steps";
import { dotSegmentsAboveRoot, type DotSegmentsChoice, type ResolveResult } from "./resolve-result";


export function resolve2003(spec: SpecId, base: string, reference: string, strict: boolean, dotSegments: DotSegmentsChoice): ResolveResult {
  // §5.2: "The base URI is established according to the rules of Section 5.1 and parsed into the
  // four main components as described in Section 3. Note that only the scheme component is
  // required to be present in the base URI".
  const b = parse(base, { spec: spec, rule: "absolute-URI" });
  if (!b.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-base", spec: spec, section: "§5.2", message: `The base must be a draft-2003 absolute-URI (§5.2, §3): ${b.error.message}`, parseError: b.error } };
  }
  // The grammar validates; the components are the four main ones of §4.3
  // (opaque forms split as Appendix B does, see referenceComponents).
  const Base = referenceComponents(b.ast)!;

  // (R.scheme, R.authority, R.path, R.query, fragment) = parse(R);
  const r = parse(reference, { spec: spec, rule: "URI-reference" });
  if (!r.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-reference", spec: spec, section: "§5.2", message: `The reference is not a draft-2003 URI-reference: ${r.error.message}`, parseError: r.error } };
  }
  const R = referenceComponents(r.ast)!;
  const T: UriComponents = { scheme: null, authority: null, path: "", query: null, fragment: R.fragment };

  // if ((not validating) and (R.scheme == Base.scheme)) then undefine(R.scheme); endif;
  // ("==" is read as written: exact string equality, so "HTTP:g" against an "http" base is kept.)
  if (!strict && R.scheme === Base.scheme) R.scheme = null;

  if (R.scheme !== null) {
    // if defined(R.scheme) then T.scheme = R.scheme; T.authority = R.authority; T.path = R.path; T.query = R.query;
    T.scheme = R.scheme;
    T.authority = R.authority;
    T.path = R.path;
    T.query = R.query;
  } else {
    if (R.authority !== null) {
      // if defined(R.authority) then T.authority = R.authority; T.path = R.path; T.query = R.query;
      T.authority = R.authority;
      T.path = R.path;
      T.query = R.query;
    } else {
      if (R.path === "") {
        if (R.query !== null) {
          // if defined(R.query) then T.path = Base.path; T.query = R.query;
          T.path = Base.path;
          T.query = R.query;
        } else {
          // -- An empty reference refers to the current document
          // return (current-document, fragment);
          return { ok: true, kind: "current-document", spec: spec, fragment: R.fragment };
        }
      } else {
        if (R.path.startsWith("/")) {
          // if (R.path starts-with "/") then T.path = R.path;
          T.path = R.path;
        } else {
          // else T.path = merge(Base.path, R.path);
          const merged = merge(Base.path, R.path, dotSegments);
          if (merged === null) return dotSegmentsAboveRoot(spec, "§5.2, merge step 7", "draft-2003 §5.2 merge step 7", base, reference);
          T.path = merged;
        }
        // T.query = R.query;
        T.query = R.query;
      }
      // T.authority = Base.authority;
      T.authority = Base.authority;
    }
    // T.scheme = Base.scheme;
    T.scheme = Base.scheme;
  }
  // return (T, fragment); ... "can be recombined to provide the absolute form of the URI reference"
  return { ok: true, kind: "uri", spec: spec, uri: recombine(T), components: T };
}

/**
 * draft-2003 §5.2, the merge routine ("a simple method using a separate string buffer").
 * Returns null when step 7 finds leading ".." segments and the "error" choice is in force.
 */
export function merge(basePath: string, referencePath: string, dotSegments: DotSegmentsChoice): string | null {
  // Step 1: "All but the last segment of the base URI's path component is copied to the buffer. In
  // other words, any characters after the last (right-most) slash character, if any, are excluded.
  // If the base URI's path component is the empty string, then a single slash character ("/") is
  // copied to the buffer."
  let buffer = basePath === "" ? "/" : basePath.slice(0, basePath.lastIndexOf("/") + 1);
  // Step 2: "The reference's path component is appended to the buffer string."
  buffer += referencePath;
  return removeDotSegments(buffer, dotSegments);
}

/**
 * draft-2003 §5.2 merge steps 3 to 8 on a buffer (also used by §6.2.2.3 path segment normalization,
 * which merges the path of an absolute URI with the base "/").
 */
export function removeDotSegments(buffer: string, dotSegments: DotSegmentsChoice): string | null {
  // Step 3: "All occurrences of "./", where "." is a complete path segment, are removed".
  // Step 4: "If the buffer string ends with "." as a complete path segment, that "." is removed."
  // Step 5: "All occurrences of "<segment>/../", where <segment> is a complete path segment not equal
  // to "..", are removed ... leftmost matching pattern on each iteration". (The seed lost the
  // "<segment>" between the quotes when it was flattened: it reads ""/../", where is a complete path
  // segment"; the draft-1997 text of the same step has it.)
  // Step 6: "If the buffer string ends with "<segment>/..", where <segment> is a complete path segment
  // not equal to "..", that "<segment>/.." is removed."
  let segments = dotSegmentSteps(toSegments(buffer));
  // Step 7: "If the resulting buffer string still begins with one or more complete path segments of
  // "..", then the reference is considered to be in error. Implementations may handle this error by
  // retaining these components in the resolved path ..., by removing them from the resolved path
  // ..., or by avoiding traversal of the reference." "Begins with" is read after the leading "/"
  // of an absolute path: Appendix C calls `http://a/../g` such a case.
  const first = segments[0] === "" && segments.length > 1 ? 1 : 0;
  let count = 0;
  while (segments[first + count] === "..") count++;
  if (count > 0) {
    if (dotSegments === "error") return null;
    if (dotSegments === "remove") {
      const rest = segments.slice(first + count);
      // Removing a final ".." leaves the directory it named: "/.." becomes "/".
      segments = [...segments.slice(0, first), ...(rest.length > 0 ? rest : [""])];
    }
  }
  // Step 8: "The remaining buffer string is the target URI's path component."
  return fromSegments(segments);
}
