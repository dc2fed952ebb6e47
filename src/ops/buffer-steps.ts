// The string-buffer steps shared (word for word) by RFC 1808 §4 step 6 a-d, draft-1997 §5.2 step 6 d-g and draft-2003 §5.2
// merge steps 3-6. Each step works on the buffer as a list of its "complete path segments": the
// pieces between "/" characters (a buffer that starts with "/" has an empty piece first; the
// buffer may also hold a query in draft-1997, which the text treats like any other characters).
// Every step runs in linear time and without recursion, so thousands of ".." segments are fine.
//
// Reading of "<segment>" in "<segment>/../" (not spelled out by either document): a non-empty
// complete path segment. Appendix C of both documents requires that the empty piece before a
// leading "/" does not count (`../../../g` = `http://a/../g`, not `http://ag`).

/** The buffer as its complete path segments. */
export function toSegments(buffer: string): string[] {
  return buffer.split("/");
}

export function fromSegments(segments: string[]): string {
  return segments.join("/");
}

/**
 * draft-1997 §5.2 step 6d / draft-2003 merge step 3: "All occurrences of "./", where "." is a
 * complete path segment, are removed from the buffer string." A "." followed by "/" is every "."
 * piece but the last.
 */
function removeDotSlash(segments: string[]): string[] {
  const last = segments.length - 1;
  return segments.filter((s, i) => !(s === "." && i < last));
}

/**
 * draft-1997 §5.2 step 6e / draft-2003 merge step 4: "If the buffer string ends with "." as a
 * complete path segment, that "." is removed." The "/" before it stays.
 */
function removeTrailingDot(segments: string[]): string[] {
  if (segments[segments.length - 1] !== ".") return segments;
  return [...segments.slice(0, -1), ""];
}

function isRemovableSegment(s: string | undefined): boolean {
  return s !== undefined && s !== "" && s !== "..";
}

/**
 * draft-1997 §5.2 step 6f / draft-2003 merge step 5: "All occurrences of "<segment>/../", where
 * <segment> is a complete path segment not equal to "..", are removed from the buffer string.
 * Removal of these path segments is performed iteratively, removing the leftmost matching pattern
 * on each iteration, until no matching pattern remains."
 * The leftmost-first iteration is a matching of each "../" with the nearest open segment before it,
 * which a stack computes in one pass (the "pair of segment stacks" both documents mention).
 */
function removeSegmentDotDotSlash(segments: string[]): string[] {
  const out: string[] = [];
  const last = segments.length - 1;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    // "../" is a ".." piece followed by "/", i.e. not the last piece.
    if (s === ".." && i < last && isRemovableSegment(out[out.length - 1])) {
      out.pop();
      continue;
    }
    out.push(s);
  }
  return out;
}

/**
 * draft-1997 §5.2 step 6g / draft-2003 merge step 6: "If the buffer string ends with
 * "<segment>/..", where <segment> is a complete path segment not equal to "..", that
 * "<segment>/.." is removed." The "/" before <segment> stays.
 */
function removeTrailingSegmentDotDot(segments: string[]): string[] {
  const n = segments.length;
  if (n >= 2 && segments[n - 1] === ".." && isRemovableSegment(segments[n - 2])) {
    return [...segments.slice(0, n - 2), ""];
  }
  return segments;
}

/**
 * The four steps above in the order every document that has them gives them (RFC 1808 §4 6a-d,
 * draft-1997 §5.2 6d-g, draft-2003 merge steps 3-6): "./" removed, a final "." removed, every
 * "<segment>/../" removed leftmost first, a final "<segment>/.." removed.
 */
export function dotSegmentSteps(segments: string[]): string[] {
  return removeTrailingSegmentDotDot(removeSegmentDotDotSlash(removeTrailingDot(removeDotSlash(segments))));
}
