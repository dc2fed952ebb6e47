// Rules as the explorer shows them: by their published name (peggy's name only for helpers), with
// one anchor per rule on the grammar page, and the links between rules.
import { findPublishedRule, type PublishedRule } from "../../published/model";
import { getRevision, type Revision, type RuleInfo } from "../../revisions";
import type { RevisionData } from "./data";
import type { RuleLinks } from "./railroad";
import { pageLink } from "./url-state";

export function displayName(rule: RuleInfo): string {
  return rule.published ?? rule.pegName;
}

/**
 * The element id of a rule's entry on the grammar page: its published name (`#dec-octet`), what
 * users type; a helper's own name (helpers have no published one).
 */
export function ruleAnchor(rule: RuleInfo): string {
  return rule.published ?? rule.pegName;
}

/** The address of a rule's entry (by peggy name) on its revision's grammar page. */
export function ruleHref(spec: string, pegName: string, here = false): string {
  const revision = getRevision(spec);
  const rule = revision ? ruleByPegName(revision, pegName) : undefined;
  const anchor = rule ? ruleAnchor(rule) : pegName;
  return here ? `#${encodeURIComponent(anchor)}` : pageLink("grammar.html", { spec }, anchor);
}

export function ruleByPegName(revision: Revision, pegName: string): RuleInfo | undefined {
  return revision.rules.find((r) => r.pegName === pegName);
}

/** Peggy name -> name shown, for every rule of a revision. */
export function displayNames(revision: Revision): Map<string, string> {
  return new Map(revision.rules.map((r) => [r.pegName, displayName(r)]));
}

/** The rule as the published-grammar file has it (null for helpers, or when there is no file). */
export function publishedRule(data: RevisionData, rule: RuleInfo): PublishedRule | null {
  if (!data.published || !rule.published || rule.kind === "helper") return null;
  return findPublishedRule(data.published, rule.published) ?? null;
}

/** The rules that refer to each rule (peggy names). */
export function usedBy(data: RevisionData): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, rule] of Object.entries(data.peg)) {
    for (const used of rule.uses) {
      if (!out.has(used)) out.set(used, []);
      out.get(used)!.push(name);
    }
  }
  return out;
}

/** `@peg` notes that say the shape differs (a note starting "none" says it does not). */
export function reshapeReasons(rule: RuleInfo): string[] {
  return rule.kind === "helper" ? [] : rule.peg.filter((p) => !/^none\b/.test(p));
}

export function revisionOrThrow(spec: string): Revision {
  const r = getRevision(spec);
  if (!r) throw new Error(`no revision ${spec}`);
  return r;
}

/** Rule references in diagrams: published names (ABNF names ignore case), linked to their entry. */
export function ruleLinks(revision: Revision, here = true): RuleLinks {
  const byPeg = new Map(revision.rules.map((r) => [r.pegName, r]));
  const byPublished = new Map<string, RuleInfo>();
  for (const r of revision.rules) if (r.published) byPublished.set(r.published.toLowerCase(), r);
  const find = (name: string) => byPeg.get(name) ?? byPublished.get(name.toLowerCase());
  return {
    label: (name) => {
      const r = byPeg.get(name);
      return r ? displayName(r) : name;
    },
    href: (name) => {
      const r = find(name);
      return r ? ruleHref(revision.id, r.pegName, here) : null;
    },
  };
}

