// Per-input checks of the generated recognizers against the peggy parsers, built in a worker thread by
// test/support/time-limit.ts (so a recognizer that hangs under a planted mistake, or a regex that
// backtracks without end, fails the test naming its input instead of hanging the suite). Each
// factory takes structured-clonable arguments and returns (input) => null when the two agree, or a
// sentence saying how they differ.
import { isDeepStrictEqual } from "node:util";
import { captureDerivation, type CaptureRegex } from "../../src/ast/fast";
import { parse, parseWithPeggy, validate, validateWithPeggy, validatorRegex } from "../../src/parse";
import { defaultRule, findRule, getRevision, type Revision } from "../../src/revisions";

function revisionOf(spec: string): Revision {
  const r = getRevision(spec);
  if (!r) throw new Error(`no revision ${spec}`);
  return r;
}

/** A regex put in place of a generated one (a planted mistake), by source and flags. */
export interface PlantedRegex {
  /** The rule's peggy name. */
  rule: string;
  source: string;
  flags?: string;
}

/**
 * For {rule (peggy name), input}: does the rule's validator regex (generated/<spec>.regex.ts) give the
 * peggy validate parser's verdict? `plant` puts another regex in place of one rule's.
 */
export function regexAgreesWithPeggy(spec: string, plant?: PlantedRegex): (c: { rule: string; input: string }) => string | null {
  const revision = revisionOf(spec);
  const planted = plant ? new RegExp(plant.source, plant.flags) : null;
  return ({ rule, input }) => {
    const regex = planted && plant!.rule === rule ? planted : validatorRegex(spec, rule);
    if (!regex) return `${rule}: no regex`;
    const expected = validateWithPeggy(revision, rule, input);
    return regex.test(input) === expected ? null : `${rule} ${JSON.stringify(input)}: peggy ${expected ? "accepts" : "rejects"}`;
  };
}

/** For an input: validate() on the scheme-aware default rule against the peggy validate parser; `accepted` is peggy's verdict. */
export function validateAgreesWithPeggy(spec: string): (input: string) => { accepted: boolean; difference: string | null } {
  const revision = revisionOf(spec);
  return (input) => {
    const pegName = findRule(revision, defaultRule(revision, input).rule)!.pegName;
    const accepted = validateWithPeggy(revision, pegName, input);
    return { accepted, difference: validate(input, { spec }) === accepted ? null : `${JSON.stringify(input)}: peggy ${accepted ? "accepts" : "rejects"}` };
  };
}

/** A capture regex in clonable form (the RegExp as source and flags). */
export interface CaptureSpec {
  source: string;
  flags: string;
  groups: readonly number[];
  rules: readonly string[];
  parents: readonly number[];
}

export function captureSpec(c: CaptureRegex): CaptureSpec {
  return { source: c.regex.source, flags: c.regex.flags, groups: c.groups, rules: c.rules, parents: c.parents };
}

/**
 * For an input: does the capture regex `capture` of start rule `rule` (published name) build peggy's
 * derivation (src/ast/fast.ts against the peggy AST parser)? With `ast`, parse() against
 * parseWithPeggy() too.
 */
export function captureAgreesWithPeggy(spec: string, rule: string, capture: CaptureSpec, options: { ast?: boolean } = {}): (input: string) => string | null {
  const revision = revisionOf(spec);
  const info = findRule(revision, rule);
  if (!info) throw new Error(`${spec}: no rule ${rule}`);
  const compiled: CaptureRegex = { regex: new RegExp(capture.source, capture.flags), groups: capture.groups, rules: capture.rules, parents: capture.parents };
  return (input) => {
    let slow: unknown = null;
    try {
      slow = revision.astParser.parse(input, { startRule: info.pegName });
    } catch {
      slow = null;
    }
    if (!isDeepStrictEqual(captureDerivation(compiled, input), slow)) return `${rule} ${JSON.stringify(input)}: derivation differs`;
    if (options.ast && !isDeepStrictEqual(parse(input, { spec, rule }), parseWithPeggy(input, { spec, rule }))) return `${rule} ${JSON.stringify(input)}: AST differs`;
    return null;
  };
}
