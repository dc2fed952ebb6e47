// The fidelity check as a proof: for every rule of a revision, the PEG's language (the DFA the
// scanner runs, src/ops/rule-automaton.ts) and the published rule's (src/automata/published.ts: the
// grammar as the document writes it, alternation as union, repetition as star) are compared exactly
// (src/automata/product.ts). Equal, or every difference is one grammar/<spec>/deviations.tsv
// lists, with its witnesses; a rule that cannot be compiled (recursion that is not right-linear) is
// named, and sampled against the Earley recognizer instead (src/ops/fidelity.ts). Every witness is
// checked with validate() and the Earley recognizer before it is shown; an equality is checked
// against the two minimal DFAs' canonical forms.
import { refine } from "../automata/alphabet";
import { canonicalForm, minimize, stopOffset, type Dfa } from "../automata/dfa";
import { compareDfas, productStep, type Candidate, type ProductStep } from "../automata/product";
import { publishedAutomata, type PublishedAutomata } from "../automata/published";
import { compiled, recognize } from "../published/earley";
import { findPublishedRule, type Expr, type PublishedGrammar } from "../published/model";
import { describeCharacter } from "../errors";
import { parse, validate } from "../parse";
import { getRevision, type Revision, type SpecId } from "../revisions";
import { loadDeviations, publishedGrammarOf, runFidelity, spanChecksOf, type Deviation } from "./fidelity";
import { revisionDfa } from "./language-diff";

/** A string on which the PEG and the published rule disagree, checked with validate() and the Earley recognizer. */
export interface ProofWitness {
  input: string;
  /** validate()'s verdict (the PEG) and the Earley recognizer's (the published rule). */
  peg: boolean;
  published: boolean;
  /** Why the side that rejects it does: the PEG's error message, or where the published rule's automaton stops. */
  sentence: string;
  /** The row of deviations.tsv that documents it (null: none does). */
  deviation: { rule: string; match: string; section: string; words: string } | null;
}

export interface RuleProof {
  rule: string;
  /**
   * `equal`: the same language; `documented`: different, and every cause's witness is a row of
   * deviations.tsv; `undocumented`: different, some witness matches no row (a finding);
   * `not-compiled`: the published rule has no DFA (see `reason`), sampled instead (`sampling`);
   * `unconfirmed`: the decision and its checks disagree (a bug, see `reason`).
   */
  verdict: "equal" | "documented" | "undocumented" | "not-compiled" | "unconfirmed";
  reason?: string;
  /** Live states of the PEG's and the published rule's minimal DFAs, and the pairs of the product walk. */
  states: { peg: number; published: number; product: number };
  /** The witnesses shown (undocumented first), at most `witnesses` per side. */
  witnesses: ProofWitness[];
  /** Causes of difference, per side (the PEG accepts more / the published rule accepts more). */
  causes: { pegOnly: number; publishedOnly: number };
  /** For a rule that is not compiled: the sampled comparison (strings, disagreements not documented). */
  sampling?: { tried: number; disagreements: number; documented: number; first: string | null };
  milliseconds: number;
}

export interface FidelityProof {
  spec: string;
  file: string;
  rules: RuleProof[];
  /** Rows of deviations.tsv for this revision that no witness matched (a listed difference that is not there). */
  unusedDeviations: { rule: string; match: string; section: string }[];
  counts: Record<RuleProof["verdict"], number>;
  milliseconds: number;
}

export interface ProveOptions {
  spec: string;
  /** Only these rules (published names); default every rule of the PEG registry but helpers. */
  rules?: string[] | undefined;
  /** Witnesses per side and rule (default 3). */
  witnesses?: number | undefined;
  deviations?: Deviation[] | undefined;
  /** Sampling for rules that are not compiled: strings per rule (default 2000). */
  samples?: number | undefined;
  /** Planted mistakes (tests): a published grammar other than the file, a rule compiled wrong, a product that drops a transition. */
  grammar?: PublishedGrammar | undefined;
  transform?: ((rule: string, e: Expr) => Expr) | undefined;
  step?: ProductStep | undefined;
}

const automataCache = /* @__PURE__ */ new WeakMap<PublishedGrammar, PublishedAutomata>();

/** Proves, rule by rule, that the PEG of `spec` accepts what its published grammar accepts (or lists why not). */
export function proveFidelity(options: ProveOptions): FidelityProof | Error {
  const started = now();
  const revision = getRevision(options.spec);
  if (!revision) return new Error(`unknown or untranscribed spec ${options.spec}`);
  const grammar = options.grammar ?? publishedGrammarOf(revision.id);
  if (grammar instanceof Error) return grammar;
  let automata: PublishedAutomata;
  if (options.transform) automata = publishedAutomata(grammar, options.transform);
  else {
    automata = automataCache.get(grammar) ?? publishedAutomata(grammar);
    automataCache.set(grammar, automata);
  }
  let deviations: Deviation[];
  try {
    deviations = (options.deviations ?? loadDeviations()).filter((d) => d.spec === revision.id);
  } catch (e) {
    return e as Error;
  }
  const names = options.rules ?? revision.rules.filter((r) => r.kind !== "helper").map((r) => r.published!);
  const used = new Set<Deviation>();
  const rules = names.map((rule) => proveRule(revision, grammar, automata, rule, deviations, used, options));
  const counts = { equal: 0, documented: 0, undocumented: 0, "not-compiled": 0, unconfirmed: 0 };
  for (const r of rules) counts[r.verdict]++;
  const unusedDeviations = deviations
    .filter((d) => !used.has(d) && (options.rules === undefined || d.rule === "*" || options.rules.includes(d.rule)))
    .map((d) => ({ rule: d.rule, match: d.match.source, section: d.section }));
  return { spec: revision.id, file: grammar.file, rules, unusedDeviations, counts, milliseconds: now() - started };
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

function proveRule(revision: Revision, grammar: PublishedGrammar, automata: PublishedAutomata, rule: string, deviations: Deviation[], used: Set<Deviation>, options: ProveOptions): RuleProof {
  const started = now();
  const out: RuleProof = { rule, verdict: "equal", states: { peg: 0, published: 0, product: 0 }, witnesses: [], causes: { pegOnly: 0, publishedOnly: 0 }, milliseconds: 0 };
  const finish = () => ((out.milliseconds = now() - started), out);
  const peg = revisionDfa(revision, rule);
  const published = automata.rule(rule);
  if (!peg || !published || !published.ok) {
    out.verdict = "not-compiled";
    out.reason = !peg ? `the PEG has no automaton for ${rule}` : !published ? `${grammar.file} has no rule ${rule}` : (published as { reason: string }).reason;
    if (peg && published) {
      const sampled = runFidelity({ spec: revision.id, count: options.samples ?? 2000, countOther: options.samples ?? 2000, rules: [rule], grammar, deviations });
      if (!(sampled instanceof Error)) {
        const r = sampled.rules[0];
        out.sampling = { tried: r.tried, disagreements: r.disagreements, documented: r.documented, first: r.firstDisagreement?.input ?? null };
      }
    }
    return finish();
  }
  const cmp = compareDfas(peg.trimmed, published.dfa, options.step ?? productStep);
  out.states = { peg: peg.minimal.size, published: published.dfa.size, product: cmp.pairs };
  out.causes = { pegOnly: cmp.onlyA.length, publishedOnly: cmp.onlyB.length };
  const problems: string[] = [];
  const joint = refine([peg.minimal.classRanges, published.dfa.classRanges]);
  const sameForm = canonicalForm(peg.minimal, joint.of[0]) === canonicalForm(minimize(published.dfa), joint.of[1]);
  if (sameForm !== cmp.equal) problems.push(cmp.equal ? "the product found no difference, but the minimal DFAs differ" : "the product found differences, but the minimal DFAs are the same");
  const earley = compiled(grammar);
  const witnesses = options.witnesses ?? 3;
  // Every candidate (one per cause) is checked and matched against the rows; only those shown are explained.
  const findings: { input: string; pegAccepts: boolean }[] = [];
  const documented: { input: string; pegAccepts: boolean; row: Deviation }[] = [];
  const check = (list: Candidate[], pegAccepts: boolean) => {
    let shown = 0;
    for (const cand of list) {
      const v = validate(cand.input, { spec: revision.id as SpecId, rule });
      const e = recognize(earley, rule, cand.input, undefined, spanChecksOf(revision));
      if (v !== pegAccepts || e !== !pegAccepts) {
        problems.push(`${JSON.stringify(cand.input)} was found as accepted by the ${pegAccepts ? "PEG" : "published rule"} only, but validate() ${v ? "accepts" : "rejects"} and the Earley recognizer ${e ? "accepts" : "rejects"} it`);
        continue;
      }
      const row = deviations.find((d) => (d.rule === "*" || d.rule === rule) && d.peg === pegAccepts && d.bnf === !pegAccepts && d.match.test(cand.input));
      if (!row) findings.push({ input: cand.input, pegAccepts });
      else {
        used.add(row);
        if (shown++ < witnesses) documented.push({ input: cand.input, pegAccepts, row });
      }
    }
  };
  check(cmp.onlyA, true);
  check(cmp.onlyB, false);
  const witness = (x: { input: string; pegAccepts: boolean; row?: Deviation }): ProofWitness => ({
    input: x.input,
    peg: x.pegAccepts,
    published: !x.pegAccepts,
    sentence: x.pegAccepts ? publishedStop(grammar, rule, published.dfa, x.input) : pegStop(revision, rule, x.input),
    deviation: x.row ? { rule: x.row.rule, match: x.row.match.source, section: x.row.section, words: x.row.words } : null,
  });
  out.witnesses = [...findings.slice(0, 2 * witnesses), ...documented].slice(0, 2 * witnesses).map(witness);
  if (problems.length > 0) {
    out.verdict = "unconfirmed";
    out.reason = problems.slice(0, 3).join("; ");
  } else out.verdict = cmp.equal ? "equal" : findings.length > 0 ? "undocumented" : "documented";
  return finish();
}

function pegStop(revision: Revision, rule: string, input: string): string {
  const r = parse(input, { spec: revision.id as SpecId, rule });
  return r.ok ? "the PEG accepts it" : `the PEG rejects it: ${r.error.message}`;
}

/** Where the published rule's automaton gives up on an input it rejects. */
function publishedStop(grammar: PublishedGrammar, rule: string, d: Dfa, input: string): string {
  const published = findPublishedRule(grammar, rule);
  const where = `the published rule ${published?.name ?? rule} (${grammar.file}${published ? `:${published.line}` : ""})`;
  const offset = stopOffset(d, input);
  return offset < input.length ? `${where} cannot take ${describeCharacter(input[offset])} at offset ${offset}` : `${where} needs more after offset ${offset}`;
}
