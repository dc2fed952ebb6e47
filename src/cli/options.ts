// Options and checks shared by the commands.
import { Option } from "commander";
import { specSuggestion, unknownRuleMessage } from "../request";
import { availableSpecIds, DEFAULT_SPEC, findRule, getRevision, type Revision, type SpecId } from "../revisions";
import { UsageError } from "./io";

export function specOption(): Option {
  return new Option("--spec <id>", `revision: ${availableSpecIds().join(", ")}`).default(DEFAULT_SPEC);
}

/** Checks --spec and --rule before any input is read; a problem here is a usage error (exit 2). */
export function resolveSpecAndRule(spec: string, rule: string | undefined): { spec: SpecId; rule: string | undefined } {
  const revision = resolveRevision(spec);
  if (rule === undefined) return { spec: revision.id, rule };
  const info = findRule(revision, rule);
  if (!info) throw new UsageError(unknownRuleMessage(revision, rule));
  // The rule's own name (an ABNF revision finds `uri-reference` as URI-reference, RFC 2234 §2.1).
  return { spec: revision.id, rule: info.published ?? info.pegName };
}

/** The revision of a --spec (or a command's spec argument); an unknown id is a usage error (exit 2). */
export function resolveRevision(spec: string): Revision {
  const revision = getRevision(spec);
  if (!revision) throw new UsageError(`unknown spec "${spec}";${specSuggestion(spec)} available: ${availableSpecIds().join(", ")}`);
  return revision;
}
