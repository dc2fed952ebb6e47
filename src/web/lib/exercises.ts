// Exercises checked exactly. The site build expands the templates of src/web/data/exercises.json
// over the registry (scripts/site/exercises.mjs) into data/exercises.json: each exercise a set of
// constraints ("rfc3986 accepts it as host", "rfc1738 rejects it as host") and, for the hint, the
// shortest string that meets them all (the product of the rules' DFAs, src/automata/product.ts
// shortestMember()). An answer is checked here, in the explorer's worker, with the library's own
// scanners (their DFAs decide every verdict): a wrong answer gets the sentence explain() gives and
// the step where it fails (the offset and the rule, and the trace opened there). A choice exercise
// ("where does PEG's ordered choice commit here?") is checked on the derivation the scanner's walk
// builds: the alternative the rule's node goes through.
import { explain, ruleBefore } from "../../ops/explain";
import { parse } from "../../parse";
import { getRevision, type SpecId } from "../../revisions";

/** One condition an answer must meet: the revision accepts it (`want` true) or rejects it, as `rule` (null: the whole reference, scheme-aware as parse()). */
export interface Constraint {
  spec: string;
  rule: string | null;
  want: boolean;
}

/** One alternative of a choice exercise: its text (published names) and the rule that starts it. */
export interface ChoiceOption {
  label: string;
  rule: string;
}

export interface Exercise {
  id: string;
  kind: "string" | "choice";
  prompt: string;
  /** What the exercise teaches, shown once it is answered (or the hint taken). */
  note: string;
  /** The notations of the revisions it involves (ABNF, RFC 822-style BNF, ad-hoc BNF). */
  notations: string[];
  /** A string exercise's conditions; a choice exercise's one: its rule accepts the input. */
  constraints: Constraint[];
  /** The shortest string that meets every condition (string exercises), checked at build time. */
  hint: string | null;
  /** A choice exercise: the input, and the alternatives of the rule's ordered choice. */
  choice?: { spec: string; rule: string; input: string; options: ChoiceOption[] };
}

export interface ExerciseSet {
  exercises: Exercise[];
  /** From the templates file: what the page says about the exercises. */
  about: string;
}

/** How one condition came out, and, where it did not hold, why: the sentence and the step where it fails. */
export interface ConstraintVerdict extends Constraint {
  /** Whether the revision accepts the answer as the rule. */
  got: boolean;
  /** A rejected answer: where the scanner stops (parse()'s offset), and the rule explain() names there. */
  offset: number | null;
  errorRule: string | null;
  /** explain()'s sentence for a rejection; for an acceptance the exercise did not want, what accepted it. */
  sentence: string;
}

export interface ExerciseVerdict {
  correct: boolean;
  verdicts: ConstraintVerdict[];
  /** The first condition that does not hold (-1: none). */
  failing: number;
  /** A choice exercise: the alternative the derivation goes through (its rule), and the one chosen. */
  committed?: string | null;
  chosen?: string;
}

/** The first level of a derivation under its root, as "host > reg-name". */
function readAs(tree: { rule: string; children: { rule: string }[] } | undefined): string {
  if (!tree) return "";
  const first = tree.children[0];
  return first ? ` (read as ${tree.rule} > ${first.rule})` : ` (read as ${tree.rule})`;
}

/** One condition on an answer, with the sentence and the step where it fails. */
export function checkConstraint(c: Constraint, input: string): ConstraintVerdict {
  const revision = getRevision(c.spec);
  const options = c.rule === null ? { spec: c.spec as SpecId } : { spec: c.spec as SpecId, rule: c.rule };
  if (!revision) return { ...c, got: false, offset: null, errorRule: null, sentence: `There is no revision ${c.spec}.` };
  const r = parse(input, { ...options, tree: true });
  if (r.ok) {
    const as = c.rule ?? r.production ?? r.rule ?? "a reference";
    return { ...c, got: true, offset: null, errorRule: null, sentence: c.want ? `${c.spec} accepts it as ${as}.` : `${c.spec} accepts it as ${as}${readAs((r as { tree?: { rule: string; children: { rule: string }[] } }).tree)}, but the exercise wants a string ${c.spec} rejects.` };
  }
  const e = r.error;
  if (e.code !== "syntax") return { ...c, got: false, offset: null, errorRule: null, sentence: e.message };
  // The rule explain() names: the one that was being extended where the input stopped matching.
  const before = ruleBefore(revision, input, e.offset, c.rule ?? undefined);
  const x = explain(input, { ...options, others: [] });
  const sentence = x.ok && x.sentence ? x.sentence.replace(/ No other revision is available to compare\.$/, "") : e.message;
  return { ...c, got: false, offset: e.offset, errorRule: before?.rule ?? e.rule, sentence: c.want ? sentence : `${c.spec} rejects it, as the exercise wants.` };
}

/** A string exercise's answer against every condition. */
export function checkString(ex: Exercise, input: string): ExerciseVerdict {
  const verdicts = ex.constraints.map((c) => checkConstraint(c, input));
  const failing = verdicts.findIndex((v) => v.got !== v.want);
  return { correct: failing < 0, verdicts, failing };
}

/** A choice exercise: the alternative chosen (its rule) against the one the derivation goes through. */
export function checkChoice(ex: Exercise, chosen: string): ExerciseVerdict {
  const choice = ex.choice!;
  const r = parse(choice.input, { spec: choice.spec as SpecId, rule: choice.rule, tree: true });
  const tree = r.ok ? (r as { tree?: { rule: string; children: { rule: string }[] } }).tree : undefined;
  const committed = tree?.children[0]?.rule ?? null;
  const verdict: ConstraintVerdict = {
    spec: choice.spec,
    rule: choice.rule,
    want: true,
    got: r.ok,
    offset: r.ok ? null : r.error.offset,
    errorRule: r.ok ? null : r.error.rule,
    sentence: !r.ok ? r.error.message : committed === chosen ? `${choice.rule} commits to ${committed}.` : `${choice.rule} commits to ${committed ?? "nothing"}, not ${chosen}: ${committed ? `the alternatives before it fail on “${choice.input}”, and ${committed} matches` : "no alternative matches"}; the choice never tries the ones after it.`,
  };
  return { correct: r.ok && committed === chosen, verdicts: [verdict], failing: r.ok && committed === chosen ? -1 : 0, committed, chosen };
}
