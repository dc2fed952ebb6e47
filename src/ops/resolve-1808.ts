// RFC 1808 §4 "Resolving Relative URLs", steps 1 to 7 as written, on the six components of §2.1
// (<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>) as §2.4 parses them. It is the
// algorithm draft-1997 §5.2 grew from: step 6's a-d are word for word draft-1997's 6d-6g (and
// draft-2003's merge steps 3-6), shared in buffer-steps.ts; unlike draft-1997, RFC 1808 merges the
// path alone (the query and params never enter it: §5.1 `g?y/./x` = `http://a/b/c/g?y/./x`), an
// empty path inherits the base's params and query (step 5: `?y` = `http://a/b/c/d;p?y`), the
// fragment is inherited only by the entirely empty reference (step 2a), and a reference with a
// net_loc that is empty (`///g`) takes the base's (step 3 tests "non-empty").
//
// §2.4 parses by searching for delimiters ("#", then the scheme's ":", "//" up to the next "/",
// then "?", then ";"); on every URL the §2.2 grammar accepts, that gives the components the
// grammar's derivation gives, which the AST holds (grammar/rfc1808/grammar.peggy): they are read from it.
// §2.4 makes no difference between an absent component and an empty one ("If the question mark is
// the last character, or no question mark is present, then the query information is empty"); the
// AST does, and the steps test "non-empty" where §4 says so. Step 7 writes a component with its
// delimiter when the URL it came from had it.
import type { SpecId } from "../revisions";
import type { RuleAst } from "../revisions/revision";
import { parse } from "../parse";
import type { UriComponents } from "./uri-components";
import { recombine } from "./format";
import { dotSegmentSteps, fromSegments, toSegments } from "./buffer-steps";
import type { ResolveResult } from "./resolve-result";

/** The six components of §2.1, as §2.4 leaves them: the path with "the slash "/" that may precede it" (§2.4.6). */
interface Parts {
  scheme: string | null;
  netLoc: string | null;
  path: string;
  params: string | null;
  query: string | null;
  fragment: string | null;
}

type UrlAst = RuleAst<"rfc1808", "URL">;

function partsOf(ast: UrlAst): Parts {
  // The AST's path runs to the end of the params (the flat components' path); §2.4.5 removes
  // ";" params from the parse string before §2.4.6 reads the path.
  const whole = ast.path?.text ?? "";
  const path = ast.params && ast.path ? whole.slice(0, ast.params.span.start - 1 - ast.path.span.start) : whole;
  return {
    scheme: ast.scheme?.text ?? null,
    netLoc: ast.net_loc?.text ?? null,
    path,
    params: ast.params?.text ?? null,
    query: ast.query?.text ?? null,
    fragment: ast.fragment?.text ?? null,
  };
}

const nonEmpty = (s: string | null): boolean => s !== null && s !== "";

export function resolve1808(spec: SpecId, base: string, reference: string): ResolveResult {
  // Step 1: "The base URL is established according to the rules of Section 3. If the base URL is
  // the empty string (unknown), the embedded URL is interpreted as an absolute URL and we are done."
  // §5's base carries a fragment (`http://a/b/c/d;p?q#f`), so the base is parsed as a URL. §2: "base
  // documents can only make use of relative URLs when their base URL fits within the generic-RL
  // syntax", so any other base is an error (and so is an empty one: the embedded URL must then be
  // absolute, and the caller has it already).
  const b = base === "" ? null : parse(base, { spec: spec, rule: "URL" });
  if (b === null || !b.ok || (b.ast as UrlAst).kind !== "absolute") {
    const why = b === null ? "the base is the empty string: §4 step 1, \"the embedded URL is interpreted as an absolute URL\"" : !b.ok ? b.error.message : `"${base}" is not a generic-RL (§2: "relative URLs cannot be used within documents that have unsuitable base URLs")`;
    return { ok: false, spec: spec, error: { code: "invalid-base", spec: spec, section: "§4 step 1", message: `The base must be an ${spec} generic-RL (scheme ":" relativeURL, §2.2): ${why}.`, ...(b !== null && !b.ok ? { parseError: b.error } : {}) } };
  }
  const B = partsOf(b.ast as UrlAst);

  // Step 2: "Both the base and embedded URLs are parsed into their component parts as described in
  // Section 2.4."
  const r = parse(reference, { spec: spec, rule: "URL" });
  if (!r.ok) {
    return { ok: false, spec: spec, error: { code: "invalid-reference", spec: spec, section: "§4 step 2", message: `The reference is not an ${spec} URL (§2.2): ${r.error.message}`, parseError: r.error } };
  }
  const R = partsOf(r.ast as UrlAst);
  // 2a: "If the embedded URL is entirely empty, it inherits the entire base URL (i.e., is set equal
  // to the base URL) and we are done." (§5.2: `<>` = `http://a/b/c/d;p?q#f`, the base's fragment
  // included; "Fragment identifiers are only inherited from the base URL when the entire embedded
  // URL is empty." "#" is not entirely empty: it has a fragment delimiter.)
  if (reference === "") return { ok: true, kind: "uri", spec: spec, uri: base, components: flat(B) };
  // 2b: "If the embedded URL starts with a scheme name, it is interpreted as an absolute URL and we
  // are done." (§5.2: `http:g` = `http:g`, the loophole of "prior specifications" closed.)
  // An absoluteURL that is no generic-RL (`http://a//b`) has no components after its scheme (§2.2):
  // none are reported.
  if (R.scheme !== null) return { ok: true, kind: "uri", spec: spec, uri: reference, components: (r.ast as UrlAst).kind === "opaque" ? null : flat(R) };
  // 2c: "Otherwise, the embedded URL inherits the scheme of the base URL."
  const T: Parts = { ...R, scheme: B.scheme };

  // Step 3: "If the embedded URL's <net_loc> is non-empty, we skip to Step 7. Otherwise, the
  // embedded URL inherits the <net_loc> (if any) of the base URL."
  if (nonEmpty(R.netLoc)) return done(spec, T);
  T.netLoc = B.netLoc;

  // Step 4: "If the embedded URL path is preceded by a slash "/", the path is not relative and we
  // skip to Step 7."
  if (R.path.startsWith("/")) return done(spec, T);

  // Step 5: "If the embedded URL path is empty (and not preceded by a slash), then the embedded URL
  // inherits the base URL path, and
  if (R.path === "") {
    T.path = B.path;
    // a) if the embedded URL's <params> is non-empty, we skip to step 7; otherwise, it inherits the
    // <params> of the base URL (if any) and
    if (nonEmpty(R.params)) return done(spec, T);
    T.params = B.params;
    // b) if the embedded URL's <query> is non-empty, we skip to step 7; otherwise, it inherits the
    // <query> of the base URL (if any) and we skip to step 7."
    if (nonEmpty(R.query)) return done(spec, T);
    T.query = B.query;
    return done(spec, T);
  }

  // Step 6: "The last segment of the base URL's path (anything following the rightmost slash "/",
  // or the entire path if no slash is present) is removed and the embedded URL's path is appended
  // in its place. The following operations are then applied, in order, to the new path:"
  // a) "All occurrences of "./", where "." is a complete path segment, are removed."
  // b) "If the path ends with "." as a complete path segment, that "." is removed."
  // c) "All occurrences of "<segment>/../", where <segment> is a complete path segment not equal to
  // "..", are removed. Removal of these path segments is performed iteratively, removing the
  // leftmost matching pattern on each iteration, until no matching pattern remains."
  // d) "If the path ends with "<segment>/..", where <segment> is a complete path segment not equal
  // to "..", that "<segment>/.." is removed."
  T.path = fromSegments(dotSegmentSteps(toSegments(B.path.slice(0, B.path.lastIndexOf("/") + 1) + R.path)));
  return done(spec, T);
}

/**
 * Step 7: "The resulting URL components, including any inherited from the base URL, are recombined
 * to give the absolute form of the embedded URL", in §2.1's order
 * `<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>` (the order of format.ts's recombine, with
 * the params written after the path). The "/" there is the path's own
 * delimiter: after a net_loc a path that lacks it (the base `http://a` has an empty path, so step 6
 * gives `g`) is written after one, as net_path = "//" net_loc [ abs_path ] requires.
 */
function done(spec: SpecId, T: Parts): ResolveResult {
  const c = flat(T);
  return { ok: true, kind: "uri", spec: spec, uri: recombine(c), components: c };
}

/** The five parts every resolver reports (uri-components.ts): the params belong to the path there, as in the other revisions' segments. */
function flat(T: Parts): UriComponents {
  const path = T.netLoc !== null && T.path !== "" && !T.path.startsWith("/") ? "/" + T.path : T.path;
  return { scheme: T.scheme, authority: T.netLoc, path: path + (T.params !== null ? ";" + T.params : ""), query: T.query, fragment: T.fragment };
}
