// Helper rules (`@helper` in a grammar: rules of the transcription that are not in the document,
// such as draft-1993's scheme-aware `httpaddress_anchored`) are never shown as if they were
// published: wherever the library names one, the explorer names the published rule it stands for.
import { findRule, type Revision } from "../../revisions";
import type { RuleInfo } from "../../revisions/types";

/**
 * The published rule a rule is shown as: itself when published (or a core rule), else, for a
 * helper, the first published rule it uses (the production it wraps: `httpaddress_anchored` is
 * `httpaddress` with an anchor); null when there is none.
 */
export function shownRule(revision: Revision, rule: RuleInfo, seen = new Set<string>()): RuleInfo | null {
  if (rule.kind !== "helper") return rule;
  seen.add(rule.pegName);
  for (const used of rule.uses) {
    const r = findRule(revision, used);
    if (!r || seen.has(r.pegName)) continue;
    const shown = shownRule(revision, r, seen);
    if (shown) return shown;
  }
  return null;
}

/** The name shown for a rule (published name, peggy name or published name of its helper). */
export function shownName(revision: Revision, name: string): string {
  const rule = findRule(revision, name);
  if (!rule) return name;
  const shown = shownRule(revision, rule);
  return shown ? (shown.published ?? shown.pegName) : name;
}

/** A message of the library with each helper rule's name replaced by the published rule it stands for. */
export function publishedMessage(revision: Revision, message: string, ruleStack: readonly string[]): string {
  let out = message;
  for (const rule of revision.rules) {
    if (rule.kind !== "helper" || !out.includes(rule.pegName)) continue;
    // The innermost published rule of the error's stack names the place best; else the helper's own.
    const inner = [...ruleStack].reverse().map((n) => findRule(revision, n)).find((r) => r && r.kind !== "helper");
    const name = inner?.published ?? shownName(revision, rule.pegName);
    out = out.replace(new RegExp(`\\b${rule.pegName}\\b`, "g"), name);
  }
  return out;
}
