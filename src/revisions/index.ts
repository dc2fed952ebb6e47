// The registry of revisions. Only these ids exist: draft-1993, draft-1994, rfc1738, draft-1997,
// draft-2003, rfc3986. A revision whose grammar is not transcribed yet is absent from REVISIONS; asking for
// it gives a clear answer ("not transcribed yet") instead of an unknown id.
import { draft1993 } from "./draft-1993";
import { draft1994 } from "./draft-1994";
import { draft1997 } from "./draft-1997";
import { draft2003 } from "./draft-2003";
import { rfc1738 } from "./rfc1738";
import { rfc3986 } from "./rfc3986";
import { SPEC_IDS, type Revision, type SpecId, type SpecInfo } from "./revision";
import type { RuleInfo } from "./types";

export { SPEC_IDS };
export type { Revision, SpecId, SpecInfo, RuleInfo };

// The default stays the newest draft the project set out to transcribe (1993-2003); rfc3986, the
// standard it became, is one --spec away (README, "Revisions").
export const DEFAULT_SPEC: SpecId = "draft-2003";

const REVISIONS: ReadonlyMap<SpecId, Revision> = new Map<SpecId, Revision>([
  ["draft-1993", draft1993 as Revision],
  ["draft-1994", draft1994 as Revision],
  ["rfc1738", rfc1738 as Revision],
  ["draft-1997", draft1997 as Revision],
  ["draft-2003", draft2003 as Revision],
  ["rfc3986", rfc3986 as Revision],
]);

/** The revisions this build can parse, oldest first. */
export function availableSpecIds(): SpecId[] {
  return SPEC_IDS.filter((id) => REVISIONS.has(id));
}

export function isSpecId(id: string): id is SpecId {
  return (SPEC_IDS as readonly string[]).includes(id);
}

export function getRevision(id: string): Revision | undefined {
  return isSpecId(id) ? REVISIONS.get(id) : undefined;
}

/** The registry: every available revision with its rules (published names), oldest first. */
export function specs(): SpecInfo[] {
  return availableSpecIds().map((id) => {
    const r = REVISIONS.get(id)!;
    return { id: r.id, title: r.title, date: r.date, seed: r.seed, notation: r.notation, grammarSection: r.grammarSection, topRule: r.topRule, rules: r.rules };
  });
}

/** Looks a rule up by the name a user types: the published spelling (`URI-reference`, `IPv6address`). */
export function findRule(revision: Revision, name: string): RuleInfo | undefined {
  return revision.rules.find((r) => r.published === name) ?? revision.rules.find((r) => r.kind === "helper" && r.pegName === name);
}

/** Published rule names of a revision, in grammar order (for "which rules exist" messages). */
export function ruleNames(revision: Revision): string[] {
  return revision.rules.map((r) => r.published ?? r.pegName);
}

/**
 * The rule parse() applies when none is asked for: for a scheme-aware revision the rule its
 * selectProduction picks (and the production to report), otherwise the top rule.
 */
export function defaultRule(revision: Revision, input: string): { rule: string; production?: string } {
  if (!revision.selectProduction) return { rule: revision.topRule };
  const selected = revision.selectProduction(input);
  return typeof selected === "string" ? { rule: selected, production: selected } : selected;
}
