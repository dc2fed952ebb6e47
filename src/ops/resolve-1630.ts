// RFC 1630 ("Universal Resource Identifiers in WWW", June 1994), "Partial (relative) form": the rules
// "for the use of a partial name relative to the URI of the context", applied to strings, as they are
// written (this module does not use an RFC 1630 parser). Quoted from ../shared/references/rfc1630.txt.
// The text is the 1993 draft's "Partial form" (src/ops/resolve-1993.ts) rewritten: the host rule
// became a rule on runs of slashes, and "/xxx/.." became "xxx/../".
//
// Readings where the text is silent (each is marked "Reading" below):
// - the context URI's slashes are looked for before its "?" (search) and "#" (fragment id): neither
//   can hold a "/" by either of the RFC's grammars (xalphas), so this changes nothing for a URI the
//   grammar accepts;
// - when the context has no run of slashes the rule can take, the scheme alone is the same ("the
//   scheme is omitted") and the partial form follows it;
// - "and then: Within the result ..." chains from the "Otherwise" branch: the removal of "xxx/../" and
//   "/." follows the relative-path rule only, not the rule on leading slashes;
// - the path of the context URI is everything after "scheme:" up to "?" or "#" (the generic syntax:
//   `uri = scheme : path [ ? search ]`), so a host is a path element too: for `http://a` the rightmost
//   slash is the second of "//";
// - xxx is a non-empty path element other than ".." and "." (otherwise the result would depend on the
//   order of removal, which the text does not give), and the removals go leftmost first.
//
// The printed examples and the rule on slashes disagree on "/g" (test/data/resolution/rfc1630.tsv):
// the rule takes the first single slash "which has no greater number of consecutive slashes anywhere
// to the right of it", the slash after "d" in magic://a/b/c//d/e/f, while the document prints
// magic://a/g, the first single slash. The table asserts both.
import type { SpecId } from "../revisions";
import type { ResolveResult } from "./resolve-result";
import { isFullForm, uriResult } from "./resolve-1993";

export function resolve1630(spec: SpecId, base: string, partial: string): ResolveResult {
  // "A partial form can be distinguished from an absolute form in that the latter must have a colon
  // and that colon must occur before any slash characters." (The same test as the 1993 draft's.)
  if (!isFullForm(base)) {
    return {
      ok: false,
      spec: spec,
      error: { code: "invalid-base", spec: spec, section: "Partial (relative) form", message: `The context URI "${base}" is not an absolute form: "the latter must have a colon and that colon must occur before any slash characters" (RFC 1630, Partial (relative) form).` },
    };
  }
  // "If the scheme parts are different, the whole absolute URI must be given." An absolute form is
  // taken whole (g:h -> g:h).
  if (isFullForm(partial)) return uriResult(spec, partial);

  // "Otherwise, the scheme is omitted, and:"
  const colon = base.indexOf(":");
  const scheme = base.slice(0, colon + 1);
  // Reading: the context's slashes and path end before "?" and "#".
  const end = base.slice(colon + 1).search(/[?#]/);
  const context = end < 0 ? base : base.slice(0, colon + 1 + end);

  // "If the partial URI starts with a non-zero number of consecutive slashes, then everything from the
  // context URI up to (but not including) the first occurrence of exactly the same number of
  // consecutive slashes which has no greater number of consecutive slashes anywhere to the right of it
  // is taken to be the same and so prepended to the partial URL to form the full URL."
  const slashes = leadingSlashes(partial);
  if (slashes > 0) {
    const at = sameSlashes(context, colon + 1, slashes);
    // Reading: no such run: only the scheme is the same.
    return uriResult(spec, (at < 0 ? scheme : context.slice(0, at)) + partial);
  }

  // "Otherwise: The last part of the path of the context URI (anything following the rightmost slash)
  // is removed, and the given partial URI appended in its place, and then:" (Reading: a path without
  // a slash is all "last part".)
  const path = context.slice(colon + 1);
  const joined = path.slice(0, path.lastIndexOf("/") + 1) + partial;
  // "Within the result, all occurrences of "xxx/../" or "/." are recursively removed, where xxx, ".."
  // and "." are complete path elements." (Reading: in the path of the result, before "?" or "#".)
  const tail = joined.search(/[?#]/);
  const resultPath = tail < 0 ? joined : joined.slice(0, tail);
  return uriResult(spec, scheme + removeXxxDotDotSlash(resultPath) + (tail < 0 ? "" : joined.slice(tail)));
}

function leadingSlashes(s: string): number {
  let n = 0;
  while (n < s.length && s.charCodeAt(n) === 0x2f) n++;
  return n;
}

/**
 * Where, at or after `from`, the first run of exactly `n` consecutive slashes begins that has no
 * longer run anywhere to its right; -1 when there is none. One pass from the right: the longest run
 * seen so far to the right of each run decides.
 */
export function sameSlashes(s: string, from: number, n: number): number {
  const runs: { start: number; length: number }[] = [];
  for (let i = from; i < s.length; ) {
    if (s.charCodeAt(i) !== 0x2f) { i++; continue; }
    const start = i;
    while (i < s.length && s.charCodeAt(i) === 0x2f) i++;
    runs.push({ start, length: i - start });
  }
  let found = -1;
  let longestToTheRight = 0;
  for (let k = runs.length - 1; k >= 0; k--) {
    if (runs[k].length === n && longestToTheRight <= n) found = runs[k].start;
    longestToTheRight = Math.max(longestToTheRight, runs[k].length);
  }
  return found;
}

/**
 * "all occurrences of "xxx/../" or "/." are recursively removed, where xxx, ".." and "." are complete
 * path elements": "xxx/../" is removed with the slash after "..", so "b/c/../g" becomes "b/g" and a
 * final "b/c/.." stays (no slash follows); "/." is removed with the slash before ".", so "b/./g"
 * becomes "b/g", "b/." becomes "b", and a leading "./" stays. One pass with a stack, leftmost first.
 */
export function removeXxxDotDotSlash(path: string): string {
  const elements = path.split("/");
  const out: string[] = [];
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i];
    if (e === "." && i > 0) continue; // "/." removed
    const top = out[out.length - 1];
    const last = i === elements.length - 1;
    if (e === ".." && !last && out.length > 0 && top !== "" && top !== ".." && top !== ".") {
      out.pop(); // "xxx/../" removed
      continue;
    }
    out.push(e);
  }
  return out.join("/");
}
