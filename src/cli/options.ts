// Options and checks shared by the commands.
import { Option } from "commander";
import { unknownRuleMessage } from "../parse";
import { availableSpecIds, DEFAULT_SPEC, findRule, getRevision, isSpecId } from "../revisions";
import { UsageError } from "./io";

export function specOption(): Option {
  return new Option("--spec <id>", `revision: ${availableSpecIds().join(", ")}`).default(DEFAULT_SPEC);
}

/** Checks --spec and --rule before any input is read; a problem here is a usage error (exit 2). */
export function resolveSpecAndRule(spec: string, rule: string | undefined): { spec: string; rule: string | undefined } {
  const revision = getRevision(spec);
  if (!revision) {
    const why = isSpecId(spec) ? `the ${spec} grammar is not transcribed yet` : `unknown spec "${spec}"`;
    throw new UsageError(`${why}; available: ${availableSpecIds().join(", ")}`);
  }
  if (rule !== undefined && !findRule(revision, rule)) throw new UsageError(unknownRuleMessage(revision, rule));
  return { spec, rule };
}
