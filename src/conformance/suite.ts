// The conformance suite of one revision (`uri-grammars suite`): cases that together exercise every
// rule, every alternative, option and repetition bound, every letter case that matters, every
// character class (each character just inside and just outside it), the PEG traps the grammar's
// `@peg` lines note, and every example of the document; plus the resolution and normalization
// examples of the document's tables. Each case has its input, start rule, expected verdict (and
// components, when the input is a whole reference), the section, and a one-line reason.
//
// Where the cases come from:
//   the published grammar (src/published)   points and their witnesses (grammar-points.ts), traps
//                                           (naive-peg.ts), seeded random derivations (generate.ts)
//   the test tables (test/data, shipped as  the document's examples and our hand-checked edges, the
//   dist/conformance/tables.json)           resolution and normalization tables
//   the public API (src/index.ts)           every expected answer: validate, components, resolve,
//                                           normalize
// The suite is deterministic: the same version of uri-grammars gives the same suite, byte for byte.
import { components, normalize, resolve, validate } from "../index";
import type { Components } from "../ast/types";
import { Generator } from "../published/generate";
import { showExpr, type Expr, type PublishedGrammar } from "../published/model";
import { findRule, getRevision, type Revision } from "../revisions";
import type { RuleInfo } from "../revisions/types";
import { GrammarPoints, describeSet, type Point } from "./grammar-points";
import { naivePegMatch } from "../published/naive-peg";

/** The format's name and version: a consumer checks both (docs/conformance-suite.schema.json). */
export const SUITE_FORMAT = "uri-grammars-conformance-suite";
export const SUITE_FORMAT_VERSION = 1;
/** The schema's place in the package and in the repository (its `$id`). */
export const SUITE_SCHEMA = "uri-grammars/docs/conformance-suite.schema.json";

export type CaseKind =
  | "example"
  | "edge"
  | "shortest"
  | "alternative"
  | "option"
  | "repetition"
  | "letter-case"
  | "class"
  | "peg-trap"
  | "derivation"
  | "resolution"
  | "normalization";

export const CASE_KINDS: readonly CaseKind[] = ["example", "edge", "shortest", "alternative", "option", "repetition", "letter-case", "class", "peg-trap", "derivation", "resolution", "normalization"];

/** The components of a reference as `components()` gives them (null: absent, "": present but empty). */
export type CaseComponents = Pick<Components, "scheme" | "userinfo" | "host" | "port" | "path" | "query" | "fragment" | "hostKind">;

export const COMPONENT_NAMES = ["scheme", "userinfo", "host", "port", "path", "query", "fragment", "hostKind"] as const;

export interface SuiteCase {
  /** `<spec>:<number>`, numbered in the whole suite (the same with --rule). */
  id: string;
  /** check: judge `input` under `rule`; resolve: `input` against `base`; normalize: `input` at `level`. */
  op: "check" | "resolve" | "normalize";
  kind: CaseKind;
  /** The start rule (published name); null for resolve and normalize. */
  rule: string | null;
  /** The start rule is the revision's top rule, judged as `check` judges without --rule (scheme-aware in the scheme-specific revisions). */
  top: boolean;
  /** The rule the case is about (its point, class or example), or null. */
  exercises: string | null;
  input: string;
  base: string | null;
  level: string | null;
  /** check: "valid" or "invalid"; resolve: the target; normalize: the normal form. */
  expected: string;
  /** For a valid input whose start rule derives a whole reference: its components; else null. */
  components: CaseComponents | null;
  section: string;
  reason: string;
}

export interface Coverage {
  total: number;
  covered: number;
  /** What has no case (names; empty when everything is covered). */
  missing: string[];
}

export interface Suite {
  $schema: string;
  format: typeof SUITE_FORMAT;
  formatVersion: number;
  generator: { name: string; version: string };
  spec: string;
  title: string;
  topRule: string;
  /** Cases of the top rule are judged scheme-aware (the scheme's own production decides). */
  schemeAware: boolean;
  /** Only the cases about this rule (--rule), or null for the whole suite. */
  ruleFilter: string | null;
  coverage: {
    cases: number;
    byKind: Record<string, number>;
    rules: Coverage;
    alternatives: Coverage;
    options: Coverage;
    repetitionBounds: Coverage;
    letterCase: Coverage;
    classes: Coverage;
    classBoundaries: Coverage;
    /** Rules with `@peg` lines: covered when a literal PEG of the published rule misjudges a case. */
    pegNotes: Coverage;
  };
  cases: SuiteCase[];
}

/** One row of the check tables (test/data/*.tsv), as the build ships it. */
export interface TableCheck {
  spec: string;
  /** Published rule name, or "*" for the top rule (scheme-aware). */
  rule: string;
  input: string;
  valid: boolean;
  source: string;
  /** A document example (else one of our hand-checked edges). */
  example: boolean;
  file: string;
}

export interface TableResolution {
  spec: string;
  mode: string;
  base: string;
  reference: string;
  expected: string;
  section: string;
  printed: string | null;
  file: string;
}

export interface TableNormalization {
  spec: string;
  level: string;
  input: string;
  expected: string;
  source: string;
}

/** The test tables the suite draws on (dist/conformance/tables.json, built by scripts/build-conformance-data.mjs). */
export interface ConformanceTables {
  checks: TableCheck[];
  resolution: TableResolution[];
  normalization: TableNormalization[];
}

export interface SuiteOptions {
  spec: string;
  grammar: PublishedGrammar;
  tables: ConformanceTables;
  /** The generator's version (the package's). */
  version: string;
  /** Only the cases about this rule (published name). */
  rule?: string | undefined;
  /** Where the schema lives, for `$schema`. */
  schema?: string | undefined;
}

/** Strings appended to a witness when looking for PEG traps: what commonly follows a host, a label, an octet. */
const CONTINUATIONS = ["", ".", ".a", "a", "1", "5", ":", ":1", "::", "/", "?", "#", "@", "-", "]", "%41", ";", "=", "+"];
/** Random derivations per rule, and for the top rule. */
const DERIVATIONS_PER_RULE = 3;
const DERIVATIONS_TOP = 30;
/** PEG-trap cases kept per rule (at the rule, and as whole references). */
const TRAPS_PER_RULE = 6;

/** A suite, or an error message (unknown spec or rule, no published grammar). */
export function buildSuite(o: SuiteOptions): Suite | Error {
  const revision = getRevision(o.spec);
  if (!revision) return new Error(`unknown spec "${o.spec}"`);
  if (o.rule !== undefined && !findRule(revision, o.rule)) return new Error(`${o.spec} has no rule "${o.rule}"`);
  return new SuiteBuilder(revision, o).build();
}

interface Tally {
  total: Set<string>;
  covered: Set<string>;
}

function tally(): Tally {
  return { total: new Set(), covered: new Set() };
}

function coverageOf(t: Tally): Coverage {
  return { total: t.total.size, covered: t.covered.size, missing: [...t.total].filter((x) => !t.covered.has(x)) };
}

class SuiteBuilder {
  private readonly points: GrammarPoints;
  private readonly cases: Omit<SuiteCase, "id">[] = [];
  private readonly seen = new Set<string>();
  private readonly contexts: Map<string, { before: string; after: string; via: string[] }>;
  private readonly topName: string;
  private readonly schemeAware: boolean;
  private readonly tallies = {
    rules: tally(),
    alternatives: tally(),
    options: tally(),
    repetitionBounds: tally(),
    letterCase: tally(),
    classes: tally(),
    classBoundaries: tally(),
    pegNotes: tally(),
  };

  constructor(
    private readonly revision: Revision,
    private readonly o: SuiteOptions,
  ) {
    this.points = new GrammarPoints(o.grammar);
    this.topName = this.points.rule(revision.topRule)?.name ?? revision.topRule;
    this.contexts = this.points.contexts(this.topName);
    this.schemeAware = revision.schemeProductions !== undefined;
  }

  /** The registry's record of a published rule (published name, section, @peg lines). */
  private info(name: string): RuleInfo | undefined {
    return findRule(this.revision, name) ?? this.revision.rules.find((r) => r.published !== null && r.published.toLowerCase() === name.toLowerCase());
  }

  private published(name: string): string {
    return this.info(name)?.published ?? name;
  }

  private section(name: string): string {
    const s = this.info(name)?.section;
    return s ? `${this.revision.id} ${s}` : this.revision.id;
  }

  /**
   * Whether cases start at a published rule: not at a `; @reading` rule, the project's (a set
   * difference spelled as its complement, a base class's start rule); the rules that use it are exercised instead.
   */
  private startable(r: { name: string; kind: string }): boolean {
    return r.kind !== "reading";
  }

  /** Whether a name is a `; @reading` rule of the published grammar that the PEG has no rule for (a base class's start rule has one). */
  private isReading(name: string): boolean {
    return this.isReadingRule(name) && findRule(this.revision, name) === undefined;
  }

  /** Whether a name is a `; @reading` rule of the published grammar (counted in no tally of published rules). */
  private isReadingRule(name: string): boolean {
    const r = this.o.grammar.rules.find((x) => x.name === name || x.name.toLowerCase() === name.toLowerCase());
    return r !== undefined && !this.startable(r);
  }

  private isTop(rule: string): boolean {
    return this.published(rule) === this.revision.topRule;
  }

  /**
   * Adds a check case (once per start rule, judgement, input and rule exercised); returns whether it
   * is new. `top`: judged as `check` judges without --rule (default: the start rule is the top rule
   * and the revision is not scheme-aware, where the two judgements are the same).
   */
  private check(kind: CaseKind, rule: string, input: string, exercises: string, section: string, reason: string, top?: boolean): boolean {
    // A `; @reading` rule is the project's, not the document's: no case starts at it or is counted as
    // exercising it (its strings are exercised inside the published rules that use it, by context).
    if (this.isReading(rule) || this.isReading(exercises)) return false;
    const start = this.published(rule);
    top ??= start === this.revision.topRule && !this.schemeAware;
    // Once per start rule, input and rule exercised: a rule's score counts every case made for it.
    const key = `${start}\u0000${top}\u0000${input}\u0000${this.published(exercises)}`;
    // A rule is covered by its cases, also by one that repeats an earlier case (kept once).
    if (!this.isReadingRule(exercises)) this.tallies.rules.covered.add(this.published(exercises));
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    const opts = top ? { spec: this.revision.id } : { spec: this.revision.id, rule: start };
    const valid = validate(input, opts);
    this.cases.push({
      op: "check",
      kind,
      rule: start,
      top,
      exercises: this.published(exercises),
      input,
      base: null,
      level: null,
      expected: valid ? "valid" : "invalid",
      components: valid ? componentsOf(input, opts) : null,
      section,
      reason,
    });
    return true;
  }

  /** The case at the rule, and the same witness inside the rule's shortest context in the top rule. */
  private checkBoth(kind: CaseKind, rule: string, witness: string, section: string, reason: string): void {
    this.check(kind, rule, witness, rule, section, reason);
    if (this.isTop(rule)) {
      // Scheme-aware: the rule literally above, and here as `check` judges it (the scheme's production).
      if (this.schemeAware) this.check(kind, rule, witness, rule, section, `${reason}; judged scheme-aware`, true);
      return;
    }
    const ctx = this.contexts.get(this.points.rule(rule)?.name ?? rule);
    if (!ctx) return;
    this.check(kind, this.topName, ctx.before + witness + ctx.after, rule, section, `${reason}; inside ${ctx.via.map((v) => this.published(v)).join(" > ")}`, true);
  }

  build(): Suite {
    this.fromTables();
    const g = this.o.grammar;
    for (const r of g.rules) {
      if (!this.startable(r)) continue;
      const name = this.published(r.name);
      this.tallies.rules.total.add(name);
      const shortest = this.points.shortestOf(r.name);
      if (shortest !== null) this.checkBoth("shortest", r.name, shortest, this.section(r.name), `the shortest derivation of ${name}`);
      for (const p of this.points.pointsOf(r)) this.fromPoint(p);
      this.classInParents(r.name);
    }
    for (const r of g.rules) if (this.startable(r)) this.traps(r.name);
    this.derivations();
    this.resolution();
    this.normalization();
    let cases: SuiteCase[] = this.cases.map((c, i) => ({ id: `${this.revision.id}:${String(i + 1).padStart(5, "0")}`, ...c }));
    const ruleFilter = this.o.rule === undefined ? null : this.published(this.o.rule);
    if (ruleFilter !== null) cases = cases.filter((c) => c.exercises === ruleFilter || c.rule === ruleFilter);
    const byKind: Record<string, number> = {};
    for (const k of CASE_KINDS) {
      const n = cases.filter((c) => c.kind === k).length;
      if (n > 0) byKind[k] = n;
    }
    const t = this.tallies;
    return {
      $schema: this.o.schema ?? SUITE_SCHEMA,
      format: SUITE_FORMAT,
      formatVersion: SUITE_FORMAT_VERSION,
      generator: { name: "uri-grammars", version: this.o.version },
      spec: this.revision.id,
      title: this.revision.title,
      topRule: this.revision.topRule,
      schemeAware: this.revision.schemeProductions !== undefined,
      ruleFilter,
      coverage: {
        cases: cases.length,
        byKind,
        rules: coverageOf(t.rules),
        alternatives: coverageOf(t.alternatives),
        options: coverageOf(t.options),
        repetitionBounds: coverageOf(t.repetitionBounds),
        letterCase: coverageOf(t.letterCase),
        classes: coverageOf(t.classes),
        classBoundaries: coverageOf(t.classBoundaries),
        pegNotes: coverageOf(t.pegNotes),
      },
      cases,
    };
  }

  /** The document's examples, then our hand-checked edges, in table order. */
  private fromTables(): void {
    const rows = this.o.tables.checks.filter((c) => c.spec === this.revision.id);
    for (const example of [true, false]) {
      for (const row of rows.filter((r) => r.example === example)) {
        const rule = row.rule === "*" ? this.revision.topRule : row.rule;
        if (!findRule(this.revision, rule)) continue;
        const what = example ? "an example of the document" : "an edge case checked by hand";
        if (row.rule === "*") {
          this.check(example ? "example" : "edge", rule, row.input, rule, sectionIn(row.source, this.revision.id) ?? this.section(rule), `${what} (${row.file}): ${row.source}`, true);
          continue;
        }
        this.checkBoth(example ? "example" : "edge", rule, row.input, sectionIn(row.source, this.revision.id) ?? this.section(rule), `${what} (${row.file}): ${row.source}`);
      }
    }
  }

  private fromPoint(p: Point): void {
    const rule = this.points.rule(p.rule)!;
    const witness = this.points.witness(rule.expr, p);
    const name = this.published(p.rule);
    const key = pointKey(name, p);
    const t = p.kind === "alternative" ? this.tallies.alternatives : p.kind === "option" ? this.tallies.options : p.kind === "repetition" ? this.tallies.repetitionBounds : p.kind === "letter-case" ? this.tallies.letterCase : this.tallies.classBoundaries;
    t.total.add(key);
    if (p.kind === "class") this.tallies.classes.total.add(p.cls.name);
    if (witness === null) return;
    this.checkBoth(p.kind, p.rule, witness, this.section(p.rule), this.describe(p));
    t.covered.add(key);
    if (p.kind === "class" && p.cls.boundaries.every((b) => this.tallies.classBoundaries.covered.has(pointKey(name, { ...p, char: b.char, inside: b.inside })))) this.tallies.classes.covered.add(p.cls.name);
  }

  private describe(p: Point): string {
    const r = this.published(p.rule);
    switch (p.kind) {
      case "alternative": {
        const item = (p.node as Extract<Expr, { type: "alt" }>).items[p.index];
        return `${r}: alternative ${p.index + 1} of ${p.of}, ${showExpr(item)}`;
      }
      case "option":
        return `${r}: ${showExpr(p.node)} ${p.present ? "present" : "absent"}`;
      case "repetition":
        return `${r}: ${showExpr(p.node)} repeated ${p.bound}`;
      case "letter-case": {
        const lit = p.node as Extract<Expr, { type: "lit" }>;
        return `${r}: ${JSON.stringify(lit.text)} written ${JSON.stringify(p.text)} (${lit.caseInsensitive ? "quoted strings ignore case in this notation" : "letters match exactly as written in this notation"})`;
      }
      case "class":
        return `${p.cls.named ? p.cls.name : p.cls.name}: ${charName(p.char)} just ${p.inside ? "inside" : "outside"} ${describeSet(p.cls.ranges)}`;
    }
  }

  /**
   * A named class's boundary characters where each rule that uses it puts them; through a rule of
   * one character or escape (the registry's `characterRules`: pchar, uric ...) on to the rules that
   * use that one, so that a class reaches every component (path, query, fragment ...).
   */
  private classInParents(name: string): void {
    const rule = this.points.rule(name)!;
    const classPoints = this.points.pointsOf(rule).filter((p): p is Extract<Point, { kind: "class" }> => p.kind === "class" && p.cls.named);
    const unitRules = this.revision.characterRules ?? new Set<string>();
    const embed = (child: string, text: string, p: Extract<Point, { kind: "class" }>, chain: string[]) => {
      for (const parent of this.points.parentsOf(child)) {
        if (chain.includes(parent.name)) continue;
        const occ = this.points.occurrences(parent, child)[0];
        const w = this.points.witness(parent.expr, { ...occ, text });
        if (w === null) continue;
        const via = [...chain, parent.name].map((x) => this.published(x)).join(" in ");
        this.checkBoth("class", parent.name, w, this.section(name), `${this.describe(p)}, as ${via}`);
        if (unitRules.has(this.published(parent.name)) && chain.length < 3) embed(parent.name, w, p, [...chain, parent.name]);
      }
    };
    for (const p of classPoints) embed(name, String.fromCodePoint(p.char), p, [name]);
  }

  /**
   * The PEG traps of a rule with `@peg` lines: strings built from its witnesses (and a few random
   * derivations) followed by a continuation, kept when a literal PEG of the published rules
   * (src/published/naive-peg.ts, quoted strings as written) judges them otherwise than the grammar does.
   */
  private traps(name: string): void {
    const info = this.info(name);
    if (!info || info.peg.length === 0) return;
    const published = this.published(name);
    this.tallies.pegNotes.total.add(published);
    const rule = this.points.rule(name)!;
    const variants = new Set<string>();
    const shortest = this.points.shortestOf(name);
    if (shortest !== null) variants.add(shortest);
    for (const p of this.points.pointsOf(rule)) {
      const w = this.points.witness(rule.expr, p);
      if (w !== null) variants.add(w);
    }
    const gen = new Generator(this.o.grammar, seedOf(`${this.revision.id} ${name} traps`));
    for (let i = 0; i < 8; i++) variants.add(gen.derive(name, 16));
    const ctx = this.contexts.get(rule.name);
    const note = info.peg.join(" ");
    let atRule = 0;
    let inTop = 0;
    for (const v of variants) {
      for (const c of CONTINUATIONS) {
        const s = v + c;
        if (atRule < TRAPS_PER_RULE && naivePegAccepts(this.o.grammar, rule.name, s) !== validate(s, { spec: this.revision.id, rule: published })) {
          const naive = naivePegAccepts(this.o.grammar, rule.name, s) ? "valid" : "invalid";
          if (this.check("peg-trap", name, s, name, this.section(name), `@peg ${published}: ${note} A literal PEG of the published rule judges it ${naive}.`)) atRule++;
        }
        if (ctx && !this.isTop(name) && inTop < TRAPS_PER_RULE) {
          const whole = ctx.before + s + ctx.after;
          const naive = naivePegAccepts(this.o.grammar, this.topName, whole);
          if (naive !== validate(whole, { spec: this.revision.id, rule: this.revision.topRule })) {
            const where = ctx.via.map((x) => this.published(x)).join(" > ");
            if (this.check("peg-trap", this.topName, whole, name, this.section(name), `@peg ${published}: ${note} A literal PEG of the published rules judges it ${naive ? "valid" : "invalid"}; inside ${where}.`, !this.schemeAware)) inTop++;
          }
        }
      }
    }
    if (atRule + inTop > 0) this.tallies.pegNotes.covered.add(published);
  }

  /** Seeded random derivations (half of them mutated) of every rule, and more of the top rule. */
  private derivations(): void {
    for (const r of this.o.grammar.rules) {
      if (!this.startable(r)) continue;
      const gen = new Generator(this.o.grammar, seedOf(`${this.revision.id} ${r.name}`));
      const count = this.isTop(r.name) ? DERIVATIONS_TOP : DERIVATIONS_PER_RULE;
      for (let i = 0; i < count; i++) {
        const { input, mutated } = gen.next(r.name, 24);
        this.check("derivation", r.name, input, r.name, this.section(r.name), `${mutated ? "a mutated" : "a"} random derivation of ${this.published(r.name)} (src/published/generate.ts)`);
      }
    }
  }

  /** The document's resolution examples (default options), each answered by resolve(). */
  private resolution(): void {
    for (const row of this.o.tables.resolution.filter((r) => r.spec === this.revision.id && r.mode === "-")) {
      const r = resolve(row.base, row.reference, { spec: this.revision.id as never });
      let expected: string;
      if (!r.ok) continue;
      if (r.kind === "uri") expected = r.uri;
      else if (r.kind === "current-document") expected = r.fragment === null ? "(current document)" : `(current document)#${r.fragment}`;
      else continue;
      const printed = row.expected === expected ? "" : `; the document prints ${row.expected}, its own algorithm gives ${expected}`;
      this.cases.push({
        op: "resolve",
        kind: "resolution",
        rule: null,
        top: false,
        exercises: null,
        input: row.reference,
        base: row.base,
        level: null,
        expected,
        components: null,
        section: `${this.revision.id} ${row.section}`,
        reason: `resolution example ${row.printed ?? `${row.reference} = ${row.expected}`} (${row.file})${printed}`,
      });
    }
  }

  /** The normalization table's rows of this revision, each answered by normalize(). */
  private normalization(): void {
    for (const row of this.o.tables.normalization.filter((r) => r.spec === this.revision.id)) {
      const r = normalize(row.input, { spec: this.revision.id as never, level: row.level as never });
      if (!r.ok) continue;
      this.cases.push({
        op: "normalize",
        kind: "normalization",
        rule: null,
        top: false,
        exercises: null,
        input: row.input,
        base: null,
        level: row.level,
        expected: r.normalized,
        components: null,
        section: sectionIn(row.source, this.revision.id) ?? this.revision.id,
        reason: row.source,
      });
    }
  }
}

function componentsOf(input: string, opts: { spec: string; rule?: string }): CaseComponents | null {
  const c = components(input, opts as never);
  if (!c.ok) return null;
  return { scheme: c.scheme, userinfo: c.userinfo, host: c.host, port: c.port, path: c.path, query: c.query, fragment: c.fragment, hostKind: c.hostKind };
}

function pointKey(rule: string, p: Point): string {
  switch (p.kind) {
    case "alternative":
      return `${rule} ${showExpr(p.node)} #${p.index}`;
    case "option":
      return `${rule} ${showExpr(p.node)} ${p.present}`;
    case "repetition":
      return `${rule} ${showExpr(p.node)} x${p.count}`;
    case "letter-case":
      return `${rule} ${showExpr(p.node)} ${p.text}`;
    case "class":
      return `${p.cls.name} U+${p.char.toString(16)}`;
  }
}

/** The first section a table's source column names (`§3.2.2`, `Appendix A`, `C.2`), with the revision. */
function sectionIn(source: string, spec: string): string | null {
  const m = /(§\s?\d+(?:\.\d+)*|Appendix [A-Z](?:\.\d+)*|\b[A-C]\.\d+(?:\.\d+)*)/.exec(source);
  return m ? `${spec} ${m[1]}` : null;
}

/** `U+007E "~"`: a character as a reason names it. */
export function charName(cp: number): string {
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  return cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0) ? hex : `${hex} ${JSON.stringify(String.fromCodePoint(cp))}`;
}

/** A 32-bit seed from a text (FNV-1a), so each rule's derivations have their own stable seed. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Whether a literal PEG of the published rules (quoted strings as written) accepts the whole input. */
export function naivePegAccepts(g: PublishedGrammar, rule: string, input: string): boolean {
  return naivePegMatch(g, rule, input, { literalCase: "as-written" })?.verdict === "valid";
}
