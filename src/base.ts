// The `base` option: for a revision whose grammar depends on the base URL an input is resolved
// against (Revision.baseRules: the WHATWG URL Standard's relative-URL strings switch on whether the
// base has an opaque path, and on its scheme), the start rule of the base's class. The revision
// classes the base (its descriptor's classify(): the WHATWG URL parser's reading of it).
import { invalidOption, type UsageFailure } from "./request";
import { availableSpecIds, getRevision, type Revision } from "./revisions";

/**
 * The rule a request applies given a base URL: the rule asked for, if any (`rule` picks any rule);
 * else the start rule of the base's class. An error value for a base that is no string, a revision
 * whose grammar does not depend on a base, or a base the revision cannot class (no URL).
 */
export function ruleForBase(revision: Revision, asked: unknown, base: unknown): { ok: true; rule: unknown } | UsageFailure {
  if (typeof base !== "string") return invalidOption(revision.id, typeof asked === "string" ? asked : null, `base must be a URL as a string, not ${typeof base === "object" ? (base === null ? "null" : "an object") : typeof base}.`);
  const how = revision.baseRules;
  if (how === undefined) {
    const depending = availableSpecIds().filter((id) => getRevision(id)?.baseRules !== undefined);
    return invalidOption(
      revision.id,
      typeof asked === "string" ? asked : null,
      `${revision.id}'s grammar does not depend on a base URL (resolve() resolves a reference against one); base picks the start rule of a revision whose relative strings do${depending.length > 0 ? `: ${depending.join(", ")}` : ""}.`,
    );
  }
  if (asked !== undefined) return { ok: true, rule: asked };
  const c = how.classify(base);
  if (!c.ok) {
    const error = { code: "invalid-base" as const, spec: revision.id, startRule: null, rule: null, section: null, ruleStack: [], offset: null, line: null, column: null, found: null, expected: [], message: `The base URL ${JSON.stringify(base)} is not a URL ${revision.id} can resolve against: ${c.message}` };
    const failure: UsageFailure = { ok: false, spec: revision.id, rule: null, error };
    return failure;
  }
  return { ok: true, rule: how.rules[c.class] ?? revision.topRule };
}
