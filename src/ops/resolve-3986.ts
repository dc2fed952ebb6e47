// rfc3986 (RFC 3986) §5.2 "Relative Resolution": §5.2.1 pre-parse the base, §5.2.2 the pseudocode
// "Transform References", §5.2.3 "Merge Paths", §5.2.4 "Remove Dot Segments", then §5.3 "Component
// Recomposition". Unlike draft-2003 §5.2, every path of the target goes through remove_dot_segments,
// an empty reference gives the base (with its query) rather than "the current document", and dot
// segments above the root are always removed (§5.2.4 "removing extra dot-segments rather than treat
// them as an error").
import { getRevision, schemeProduction, type SpecId } from "../revisions";
import type { ResolutionRules } from "../revisions/revision";
import { parse } from "../parse";
import { componentsOf, type UriComponents } from "./uri-components";
import { recombine } from "./format";
import type { ResolveResult } from "./resolve-result";


/** RFC 3986's start rules; a revision that resolves by it under other names gives them (Revision.resolution.rules). */
const RFC_3986_RULES: ResolutionRules = { base: "absolute-URI", reference: "URI-reference" };

export function resolve3986(spec: SpecId, base: string, reference: string, strict: boolean, rules: ResolutionRules = RFC_3986_RULES): ResolveResult {
  // §5.2.1: "The base URI (Base) is established according to the procedure of Section 5.1 and parsed
  // into the five main components described in Section 3." §5.1: "A base URI must conform to the
  // <absolute-URI> syntax rule (Section 4.3)."
  const b = parse(base, { spec: spec, rule: rules.base });
  if (!b.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-base", spec: spec, section: "§5.2.1", message: `The base must be an ${spec} ${rules.base} (§5.1, §4.3): ${b.error.message}`, parseError: b.error } };
  }
  // §3.1: "each scheme's specification may further restrict" the syntax. In a scheme-aware revision
  // (rfc8089: the scheme "file" selects file-URI), a base or reference whose scheme selects a
  // production of its own follows it too; the catch-all production (URI-reference) holds already.
  const how = getRevision(spec)?.schemeProductions;
  const ownProduction = (x: string): string | null => {
    const p = how ? schemeProduction(how, x) : null;
    return p === null || p === how!.otherwise ? null : p;
  };
  const bp = ownProduction(base);
  const bs = bp === null ? b : parse(base, { spec: spec, rule: bp });
  if (!bs.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-base", spec: spec, section: "§5.2.1", message: `The base must be an ${spec} ${rules.base} that its scheme's own syntax accepts (§3.1): ${bs.error.message}`, parseError: bs.error } };
  }
  const Base = componentsOf(b.ast)!;

  // -- The URI reference is parsed into the five URI components
  // (R.scheme, R.authority, R.path, R.query, R.fragment) = parse(R);
  const r = parse(reference, { spec: spec, rule: rules.reference });
  if (!r.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-reference", spec: spec, section: "§5.2.2", message: `The reference is not an ${spec} ${rules.reference}: ${r.error.message}`, parseError: r.error } };
  }
  // The reference too, when its scheme selects a production (a relative reference has none).
  const rp = ownProduction(reference);
  const rs = rp === null ? r : parse(reference, { spec: spec, rule: rp });
  if (!rs.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-reference", spec: spec, section: "§5.2.2", message: `The reference is not an ${spec} ${rules.reference} that its scheme's own syntax accepts (§3.1): ${rs.error.message}`, parseError: rs.error } };
  }
  const R = componentsOf(r.ast)!;
  const T: UriComponents = { scheme: null, authority: null, path: "", query: null, fragment: null };

  // -- A non-strict parser may ignore a scheme in the reference
  // -- if it is identical to the base URI's scheme.
  // if ((not strict) and (R.scheme == Base.scheme)) then undefine(R.scheme); endif;
  // ("==" is read as written: exact string equality.)
  if (!strict && R.scheme === Base.scheme) R.scheme = null;

  if (R.scheme !== null) {
    // if defined(R.scheme) then T.scheme = R.scheme; T.authority = R.authority;
    //   T.path = remove_dot_segments(R.path); T.query = R.query;
    T.scheme = R.scheme;
    T.authority = R.authority;
    T.path = removeDotSegments(R.path);
    T.query = R.query;
  } else {
    if (R.authority !== null) {
      // if defined(R.authority) then T.authority = R.authority;
      //   T.path = remove_dot_segments(R.path); T.query = R.query;
      T.authority = R.authority;
      T.path = removeDotSegments(R.path);
      T.query = R.query;
    } else {
      if (R.path === "") {
        // if (R.path == "") then T.path = Base.path;
        //   if defined(R.query) then T.query = R.query; else T.query = Base.query; endif;
        T.path = Base.path;
        T.query = R.query !== null ? R.query : Base.query;
      } else {
        if (R.path.startsWith("/")) {
          // if (R.path starts-with "/") then T.path = remove_dot_segments(R.path);
          T.path = removeDotSegments(R.path);
        } else {
          // else T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path);
          T.path = removeDotSegments(merge(Base.authority, Base.path, R.path));
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
  // T.fragment = R.fragment;
  T.fragment = R.fragment;
  // §5.2: "The components can then be recomposed, as described in Section 5.3, to form the target URI."
  return { ok: true, kind: "uri", spec: spec, uri: recombine(T), components: T };
}

/** §5.2.3 Merge Paths. */
export function merge(baseAuthority: string | null, basePath: string, referencePath: string): string {
  // "If the base URI has a defined authority component and an empty path, then return a string
  // consisting of "/" concatenated with the reference's path; otherwise,"
  if (baseAuthority !== null && basePath === "") return "/" + referencePath;
  // "return a string consisting of the reference's path component appended to all but the last
  // segment of the base URI's path (i.e., excluding any characters after the right-most "/" in the
  // base URI path, or excluding the entire base URI path if it does not contain any "/" characters)."
  return basePath.slice(0, basePath.lastIndexOf("/") + 1) + referencePath;
}

/** One step of §5.2.4 as the document's traces print it: the step, then both buffers after it. */
export interface DotSegmentStep {
  step: "1" | "2A" | "2B" | "2C" | "2D" | "2E";
  output: string;
  input: string;
}

/**
 * §5.2.4 Remove Dot Segments, with the two string buffers of the text. The input buffer is the path
 * and a read position (a prefix is "removed" by moving past it), the output buffer a list of the
 * pieces step 2E moved (each with its initial "/", if any), so that every step costs time in
 * proportion to what it moves and 2C's "remove the last segment and its preceding "/"" is one pop:
 * linear in the path, without recursion. `trace` receives each step (for the §5.2.4 examples).
 */
export function removeDotSegments(path: string, trace?: (step: DotSegmentStep) => void): string {
  // 1. "The input buffer is initialized with the now-appended path components and the output buffer
  //    is initialized to the empty string."
  let input = path;
  let at = 0;
  const output: string[] = [];
  const show = (step: DotSegmentStep["step"]) => trace?.({ step, output: output.join(""), input: input.slice(at) });
  show("1");
  // 2. "While the input buffer is not empty, loop as follows:"
  while (at < input.length) {
    if (input.startsWith("../", at)) {
      // A. "If the input buffer begins with a prefix of "../" or "./", then remove that prefix from
      //    the input buffer; otherwise,"
      at += 3;
      show("2A");
    } else if (input.startsWith("./", at)) {
      at += 2;
      show("2A");
    } else if (input.startsWith("/./", at)) {
      // B. "if the input buffer begins with a prefix of "/./" or "/.", where "." is a complete path
      //    segment, then replace that prefix with "/" in the input buffer; otherwise,"
      at += 2;
      show("2B");
    } else if (input.length - at === 2 && input.startsWith("/.", at)) {
      input = "/";
      at = 0;
      show("2B");
    } else if (input.startsWith("/../", at)) {
      // C. "if the input buffer begins with a prefix of "/../" or "/..", where ".." is a complete
      //    path segment, then replace that prefix with "/" in the input buffer and remove the last
      //    segment and its preceding "/" (if any) from the output buffer; otherwise,"
      at += 3;
      output.pop();
      show("2C");
    } else if (input.length - at === 3 && input.startsWith("/..", at)) {
      input = "/";
      at = 0;
      output.pop();
      show("2C");
    } else if ((input.length - at === 1 && input[at] === ".") || (input.length - at === 2 && input.startsWith("..", at))) {
      // D. "if the input buffer consists only of "." or "..", then remove that from the input
      //    buffer; otherwise,"
      at = input.length;
      show("2D");
    } else {
      // E. "move the first path segment in the input buffer to the end of the output buffer,
      //    including the initial "/" character (if any) and any subsequent characters up to, but
      //    not including, the next "/" character or the end of the input buffer."
      const next = input.indexOf("/", input[at] === "/" ? at + 1 : at);
      const end = next < 0 ? input.length : next;
      output.push(input.slice(at, end));
      at = end;
      show("2E");
    }
  }
  // 3. "Finally, the output buffer is returned as the result of remove_dot_segments."
  return output.join("");
}
