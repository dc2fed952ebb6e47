// Options and checks shared by the commands.
import { Option, type Command } from "commander";
import { specSuggestion, unknownRuleMessage } from "../request";
import { availableSpecIds, DEFAULT_SPEC, findNamedRule, getRevision, type Revision, type SpecId } from "../revisions";
import { UsageError } from "./io";
import { ruleForBase } from "../base";

export function specOption(): Option {
  return new Option("--spec <id>", `revision: ${availableSpecIds().join(", ")}`).default(DEFAULT_SPEC);
}

/** --base: the base URL an input is resolved against, for a revision whose grammar depends on it (src/base.ts). */
export function baseOption(): Option {
  const depending = availableSpecIds().filter((id) => getRevision(id)?.baseRules !== undefined);
  return new Option("--base <url>", `the base URL the inputs are resolved against: its class picks the start rule${depending.length > 0 ? ` (${depending.join(", ")})` : ""}; --rule still picks any rule`);
}

/**
 * Checks --spec, --rule and --base before any input is read; a problem here is a usage error (exit
 * 2). With a base and no rule, the rule is the start rule of the base's class (ruleForBase).
 */
export function resolveSpecAndRule(spec: string, rule: string | undefined, base?: string): { spec: SpecId; rule: string | undefined } {
  const revision = resolveRevision(spec);
  if (base !== undefined) {
    const picked = ruleForBase(revision, rule, base);
    if (!picked.ok) throw new UsageError(`--base: ${picked.error.message}`);
    if (rule === undefined) rule = picked.rule as string;
  }
  if (rule === undefined) return { spec: revision.id, rule };
  const info = findNamedRule(revision, rule);
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

/** --color: auto (the default), always or never; --no-color is never. */
export function colorOptions(command: Command): Command {
  return command
    .addOption(new Option("--color <when>", "colour the output: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always, never").choices(["auto", "always", "never"]).default("auto"))
    .addOption(new Option("--no-color", "plain text even on a terminal (as --color never)"));
}

/**
 * Whether to colour, from --color and the environment: always and never decide; with auto,
 * FORCE_COLOR (set, and not "0" or "false") colours, then NO_COLOR (set and not empty, no-color.org)
 * does not, else only when standard output is a terminal.
 */
export function wantColour(choice: string | boolean | undefined, stdoutIsTerminal: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (choice === false || choice === "never") return false;
  if (choice === "always") return true;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return stdoutIsTerminal;
}
