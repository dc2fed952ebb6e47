// The fidelity check: for every rule of a revision, the PEG transcription (src/parse.ts) and the
// published grammar read as a context-free grammar (src/published, Earley recognizer) must agree
// on accept/reject for every generated string. A disagreement is either a documented deviation
// (grammar/<spec>/deviations.tsv: the document's words decide against its own BNF) or a finding.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "../parse";
import { getRevision, type Revision, type SpecId } from "../revisions";
import { compiled, recognize, type SpanChecks } from "../published/earley";
import { Generator } from "../published/generate";
import { GRAMMAR_DIR, loadPublishedGrammar, type PublishedGrammar } from "../published";

/** A PEG's verdict on one input for one rule (published name). */
export type PegVerdict = (rule: string, input: string) => { ok: boolean; detail?: string };

export interface Deviation {
  spec: string;
  rule: string;
  match: RegExp;
  peg: boolean;
  bnf: boolean;
  section: string;
  words: string;
}

export interface Disagreement {
  input: string;
  /** The PEG's verdict (true: accepted). */
  peg: boolean;
  /** The published grammar's verdict (Earley). */
  bnf: boolean;
  /** Whether the string is a derivation of the rule (before mutation). */
  mutated: boolean;
  /** The PEG's error message, when it rejected. */
  detail?: string;
}

export interface RuleFidelity {
  rule: string;
  /** `top`: the revision's top rule (gets `count` strings); `other`: every other rule. */
  role: "top" | "other";
  tried: number;
  agreements: number;
  /** How many of the strings the published grammar accepts. */
  acceptedByBnf: number;
  /** Disagreements matched by a documented deviation. */
  documented: number;
  /** Undocumented disagreements (findings). */
  disagreements: number;
  firstDisagreement: Disagreement | null;
  /** Unmutated derivations the recognizer rejected (a generator or reader bug, never expected). */
  generatorErrors: string[];
}

export interface FidelityReport {
  spec: string;
  seed: number;
  countTop: number;
  countOther: number;
  maxLength: number;
  rules: RuleFidelity[];
  milliseconds: number;
  /** Total undocumented disagreements. */
  disagreements: number;
  documented: number;
}

export interface FidelityOptions {
  spec: string;
  /** Strings for the top rule. */
  count: number;
  /** Strings for every other rule (default count / 10, at least 1). */
  countOther?: number | undefined;
  seed?: number | undefined;
  /** Length bound for derivations (default 40). */
  maxLength?: number | undefined;
  /** Only these rules (published names); default every rule of the PEG registry. */
  rules?: string[] | undefined;
  /** The PEG under test; default src/parse.ts on the registry's revision. */
  peg?: PegVerdict | undefined;
  deviations?: Deviation[] | undefined;
  /** The published grammar; default the revision's grammar/<spec>/published.* (a test may plant a mistake in it). */
  grammar?: PublishedGrammar | undefined;
}

/**
 * The documented deviations of every revision: each folder's `deviations.tsv` (optional), where the
 * document itself decides against its own BNF (grammar/README.md gives the columns). `dir` is the
 * folder of revision folders (a test plants a row in a copy).
 */
export function loadDeviations(dir = GRAMMAR_DIR): Deviation[] {
  const out: Deviation[] = [];
  for (const spec of readdirSync(dir).sort()) {
    const file = join(dir, spec, "deviations.tsv");
    if (!existsSync(file)) continue;
    readFileSync(file, "utf8").split("\n").forEach((raw, i) => {
      const line = raw.replace(/\r$/, "");
      if (line.trim() === "" || line.startsWith("#")) return;
      const [rule, match, peg, bnf, section = "", ...words] = line.split("\t");
      if (![peg, bnf].every((v) => v === "valid" || v === "invalid")) throw new Error(`grammar/${spec}/deviations.tsv:${i + 1}: verdicts must be valid or invalid`);
      out.push({ spec, rule, match: new RegExp(match), peg: peg === "valid", bnf: bnf === "valid", section, words: words.join("\t") });
    });
  }
  return out;
}

export function pegVerdictOf(spec: SpecId): PegVerdict {
  return (rule, input) => {
    try {
      const r = parse(input, { spec, rule });
      return r.ok ? { ok: true } : { ok: false, detail: r.error.message };
    } catch (e) {
      // parse() must never throw on a string; report it as a rejection with the reason.
      return { ok: false, detail: `parse() threw: ${(e as Error).message}` };
    }
  };
}

/** The published grammar of a revision, or an Error value saying why there is none. */
export function publishedGrammarOf(spec: string): PublishedGrammar | Error {
  const r = loadPublishedGrammar(spec);
  if (!r) return new Error(`${spec} has no published grammar file yet (grammar/${spec}/published.<notation>)`);
  if (!r.ok) return new Error(r.errors.join("\n"));
  return r.grammar;
}

/**
 * A revision's predicates (descriptor.predicates) as the recognizer's span checks: a published rule
 * marked `; @predicate NAME` is decided by the same function validate() applies to the PEG rule's matches.
 */
export function spanChecksOf(revision: Revision): SpanChecks {
  const out: Record<string, (text: string) => boolean> = {};
  for (const [name, check] of Object.entries(revision.predicates ?? {})) out[name] = (text) => check(text).ok;
  return out;
}

export function runFidelity(options: FidelityOptions): FidelityReport | Error {
  const started = Date.now();
  const { spec, count } = options;
  const revision = getRevision(spec);
  if (!revision) return new Error(`unknown or untranscribed spec ${spec}`);
  const grammar = options.grammar ?? publishedGrammarOf(spec);
  if (grammar instanceof Error) return grammar;
  const cg = compiled(grammar);
  const checks = spanChecksOf(revision);
  const countOther = options.countOther ?? Math.max(1, Math.floor(count / 10));
  const seed = options.seed ?? 1;
  const maxLength = options.maxLength ?? 40;
  const peg = options.peg ?? pegVerdictOf(revision.id);
  const deviations = (options.deviations ?? loadDeviations()).filter((d) => d.spec === spec);
  const names = options.rules ?? revision.rules.filter((r) => r.kind !== "helper").map((r) => r.published!);
  const rules: RuleFidelity[] = [];
  names.forEach((rule, index) => {
    const role = rule === revision.topRule ? "top" : "other";
    const n = role === "top" ? count : countOther;
    // One generator per rule, seeded from (seed, rule index): a rule's strings do not depend on
    // how many strings the rules before it got.
    const gen = new Generator(grammar, (seed * 1000003 + index * 7919) >>> 0);
    const others = names.filter((x) => x !== rule);
    const report: RuleFidelity = { rule, role, tried: 0, agreements: 0, acceptedByBnf: 0, documented: 0, disagreements: 0, firstDisagreement: null, generatorErrors: [] };
    for (let k = 0; k < n; k++) {
      // Mostly strings of this rule; sometimes another rule's, which probes the rule's edges.
      const from = others.length > 0 && k % 8 === 7 ? others[(k * 31 + index) % others.length] : rule;
      const { input, mutated } = gen.next(from, maxLength);
      const bnf = recognize(cg, rule, input, undefined, checks);
      if (bnf === null) return void rules.push({ ...report, generatorErrors: [`the published grammar has no rule ${rule}`] });
      // An unmutated derivation the recognizer rejects is the generator's mistake, unless only a
      // predicate refused it (the generator derives a `; @predicate` rule's syntactic superset).
      if (from === rule && !mutated && !bnf && report.generatorErrors.length < 5 && (cg.gated.size === 0 || recognize(cg, rule, input) === false)) report.generatorErrors.push(input);
      const pv = peg(rule, input);
      report.tried++;
      if (bnf) report.acceptedByBnf++;
      if (pv.ok === bnf) { report.agreements++; continue; }
      const documented = deviations.some((d) => (d.rule === "*" || d.rule === rule) && d.peg === pv.ok && d.bnf === bnf && d.match.test(input));
      if (documented) { report.documented++; continue; }
      report.disagreements++;
      if (!report.firstDisagreement) report.firstDisagreement = { input, peg: pv.ok, bnf, mutated, ...(pv.detail ? { detail: pv.detail } : {}) };
    }
    rules.push(report);
  });
  return {
    spec,
    seed,
    countTop: count,
    countOther,
    maxLength,
    rules,
    milliseconds: Date.now() - started,
    disagreements: rules.reduce((s, r) => s + r.disagreements, 0),
    documented: rules.reduce((s, r) => s + r.documented, 0),
  };
}
