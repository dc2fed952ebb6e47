// The conformance suite (`uri-grammars suite`, src/conformance/suite.ts): complete (every rule,
// alternative, option, repetition bound, letter case and character-class boundary of the published
// grammar has a case; every document example is in it), right (every expected verdict is the
// Earley recognizer's on the published grammar; every resolution and normalization case is the
// document table's answer), deterministic, and in the documented format (the JSON Schema in
// docs/, the TSV columns). Each check has a planted mistake that it catches.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSuite, naivePegAccepts, type ConformanceTables, type Suite, type SuiteCase } from "../src/conformance/suite";
import { suiteJson, suiteTsv, TSV_COLUMNS } from "../src/conformance/suite-format";
import { GrammarPoints } from "../src/conformance/grammar-points";
import { loadPublishedGrammar, type Expr, type PublishedGrammar } from "../src/published";
import { compiled, recognize } from "../src/published/earley";
import { availableSpecIds, getRevision, SPEC_IDS } from "../src/revisions";
import { spanChecksOf } from "../src/ops/fidelity";
import { jsonOrLiteral } from "./support/table";
import { conformanceTables } from "../src/cli/conformance-data";
import { publishedStart } from "./support/published-start";
import { validateJson, type Schema } from "./support/json-schema";
import { readResolutionTable } from "./support/resolution-table";
import { DATA_DIR, readTable } from "./support/table";
import { readdirSync } from "node:fs";

const ROOT = join(__dirname, "..", "..");
// The tables as the package ships them and the CLI reads them (src/cli/conformance-data.ts).
const TABLES: ConformanceTables = conformanceTables();
const SCHEMA = JSON.parse(readFileSync(join(ROOT, "docs", "conformance-suite.schema.json"), "utf8")) as Schema;

function grammarOf(spec: string): PublishedGrammar {
  const r = loadPublishedGrammar(spec);
  if (!r || !r.ok) throw new Error(`${spec}: no published grammar`);
  return r.grammar;
}

const suites = new Map<string, Suite>();
function suiteOf(spec: string): Suite {
  let s = suites.get(spec);
  if (!s) {
    const built = buildSuite({ spec, grammar: grammarOf(spec), tables: TABLES, version: "0.0.0-test" });
    if (built instanceof Error) throw built;
    suites.set(spec, (s = built));
  }
  return s;
}

/** The Earley recognizer's verdict on a check case: the published grammar read as a CFG. */
function earleyVerdict(spec: string, c: SuiteCase): boolean {
  const revision = getRevision(spec)!;
  const g = grammarOf(spec);
  const start = c.top ? publishedStart(revision, g, c.input) : { grammar: g, rule: c.rule! };
  // A `; @predicate` rule is decided by the revision's predicate, as validate() decides its PEG rule.
  return recognize(compiled(start.grammar), start.rule, c.input, undefined, spanChecksOf(revision)) === true;
}

/** Counts of the published model's alternatives, options and repetitions, walked here on its own. */
function modelCounts(g: PublishedGrammar): { alternatives: number; options: number } {
  const points = new GrammarPoints(g);
  let alternatives = 0;
  let options = 0;
  // Two equal options of one rule are one point to the suite (rfc2732's hexpart has `[ hexseq ]` twice).
  let seen = new Set<string>();
  const walk = (e: Expr) => {
    if ((e.type === "alt" || e.type === "chars") && points.charset(e) !== null) return; // a class: its characters are its cases
    if (e.type === "alt") alternatives += e.items.length;
    if (e.type === "opt" && !seen.has(JSON.stringify(e))) {
      seen.add(JSON.stringify(e));
      options += 2;
    }
    if (e.type === "seq" || e.type === "alt") e.items.forEach(walk);
    if (e.type === "opt" || e.type === "rep") walk(e.expr);
  };
  for (const r of g.rules) {
    seen = new Set();
    // A `; @reading` rule is the project's: the suite starts no case at it (src/conformance/suite.ts).
    if (r.kind === "reading") continue;
    if (points.charset(r.expr) === null) walk(r.expr);
  }
  return { alternatives, options };
}

describe("conformance suite (uri-grammars suite)", function () {
  this.timeout(300_000);

  for (const spec of SPEC_IDS) {
    describe(spec, () => {
      it("covers every rule, alternative, option, repetition bound, letter case and class boundary", () => {
        const c = suiteOf(spec).coverage;
        for (const key of ["rules", "alternatives", "options", "repetitionBounds", "letterCase", "classes", "classBoundaries"] as const) {
          expect(c[key].missing, `${spec} ${key}`).to.deep.equal([]);
          expect(c[key].covered, `${spec} ${key}`).to.equal(c[key].total);
        }
        const revision = getRevision(spec)!;
        expect(c.rules.total).to.equal(revision.rules.filter((r) => r.kind !== "helper").length);
        const counted = modelCounts(grammarOf(spec));
        expect(c.alternatives.total, "alternatives counted on the model").to.equal(counted.alternatives);
        expect(c.options.total, "options counted on the model").to.equal(counted.options);
        expect(c.classes.total).to.be.greaterThan(0);
      });

      it("has a case of every document example and edge of its tables, with the table's verdict", () => {
        const s = suiteOf(spec);
        const rows = TABLES.checks.filter((r) => r.spec === spec);
        expect(rows.length).to.be.greaterThan(0);
        const topRule = getRevision(spec)!.topRule;
        for (const row of rows) {
          const rule = row.rule === "*" ? topRule : row.rule;
          // "*" is the top rule as `check` judges it (scheme-aware); a rule named is judged literally.
          const top = row.rule === "*" || (rule === topRule && !s.schemeAware);
          const c = s.cases.find((x) => x.rule === rule && x.top === top && x.input === row.input && (x.kind === "example" || x.kind === "edge"));
          expect(c, `${row.file}: ${rule} ${JSON.stringify(row.input)}`).to.not.equal(undefined);
          expect(c!.expected, `${row.file}: ${rule} ${JSON.stringify(row.input)}`).to.equal(row.valid ? "valid" : "invalid");
          // An edge that repeats an example is kept once, as the example.
          if (row.example) expect(c!.kind).to.equal("example");
        }
      });

      it("every expected verdict is the Earley recognizer's on the published grammar", () => {
        const wrong = suiteOf(spec)
          .cases.filter((c) => c.op === "check" && earleyVerdict(spec, c) !== (c.expected === "valid"))
          .map((c) => `${c.id} ${c.rule} ${JSON.stringify(c.input)} ${c.expected}`);
        expect(wrong).to.deep.equal([]);
      });

      it("valid cases of whole references carry their components; others none", () => {
        const s = suiteOf(spec);
        for (const c of s.cases.filter((x) => x.op === "check")) {
          if (c.expected === "invalid") expect(c.components, c.id).to.equal(null);
          if (c.top && c.expected === "valid") expect(c.components, c.id).to.not.equal(null);
        }
        expect(s.cases.some((c) => c.components !== null)).to.equal(true);
      });

      it("every PEG-trap case is misjudged by a literal PEG of the published rules", () => {
        const g = grammarOf(spec);
        const topRule = getRevision(spec)!.topRule;
        for (const c of suiteOf(spec).cases.filter((x) => x.kind === "peg-trap")) {
          const naive = naivePegAccepts(g, c.top ? topRule : c.rule!, c.input);
          const real = earleyVerdict(spec, c.top ? { ...c, top: false, rule: topRule } : c);
          expect(naive, `${c.id} ${JSON.stringify(c.input)}`).to.not.equal(real);
        }
      });

      it("validates against docs/conformance-suite.schema.json, and its TSV has the same cases", () => {
        const s = suiteOf(spec);
        expect(validateJson(SCHEMA, JSON.parse(suiteJson(s)))).to.deep.equal([]);
        const rows = suiteTsv(s).split("\n").filter((l) => l !== "" && !l.startsWith("#"));
        expect(rows).to.have.length(s.cases.length);
        rows.forEach((line, i) => {
          const cols = line.split("\t");
          expect(cols).to.have.length(TSV_COLUMNS.length);
          const field = (k: (typeof TSV_COLUMNS)[number]) => {
            const v = cols[TSV_COLUMNS.indexOf(k)];
            return v === "-" ? null : jsonOrLiteral(v);
          };
          const c = s.cases[i];
          expect([field("id"), field("rule"), field("input"), field("expected"), field("base"), field("reason")]).to.deep.equal([c.id, c.rule, c.input, c.expected, c.base, c.reason]);
        });
      });
    });
  }

  it("resolution and normalization cases are the documents' tables' answers", () => {
    let n = 0;
    for (const file of readdirSync(join(DATA_DIR, "resolution")).filter((f) => /^(appendix-c|section-5\.4)/.test(f))) {
      // An example the revision's own grammar rejects (rfc2396's "?y") has no case: resolve() answers an error.
      for (const row of readResolutionTable(file).filter((r) => r.mode === "-" && !(r.algorithm ?? "").startsWith("error:"))) {
        const c = suiteOf(row.spec).cases.find((x) => x.op === "resolve" && x.base === row.base && x.input === row.reference);
        expect(c, `${file}:${row.line}`).to.not.equal(undefined);
        expect(c!.expected, `${file}:${row.line}`).to.equal(row.algorithm ?? row.expected);
        n++;
      }
    }
    expect(n).to.be.greaterThan(100);
    for (const spec of new Set(TABLES.normalization.map((r) => r.spec))) {
      for (const row of TABLES.normalization.filter((r) => r.spec === spec && !r.expected.startsWith("error:"))) {
        const c = suiteOf(spec).cases.find((x) => x.op === "normalize" && x.input === row.input && x.level === row.level);
        expect(c?.expected, `${spec} ${row.level} ${row.input}`).to.equal(row.expected);
      }
    }
  });

  it("every document example of test/data is marked as one in the shipped tables", () => {
    const examples = readTable("grammar/rfc3986/examples.tsv");
    for (const e of examples) expect(TABLES.checks.some((c) => c.example && c.spec === "rfc3986" && c.input === e.input), e.input).to.equal(true);
    expect(TABLES.checks.filter((c) => c.file === "grammar/rfc3986/edges.tsv").every((c) => !c.example)).to.equal(true);
    // draft-1993.tsv holds both: the rows under "Every URL the document gives" are examples, the rest edges.
    const mixed = TABLES.checks.filter((c) => c.file === "grammar/draft-1993/cases.tsv");
    expect(mixed.some((c) => c.example) && mixed.some((c) => !c.example)).to.equal(true);
  });

  it("is deterministic: the same version writes the same suite, and --rule keeps the ids", () => {
    const a = buildSuite({ spec: "rfc3986", grammar: grammarOf("rfc3986"), tables: TABLES, version: "0.0.0-test" }) as Suite;
    expect(suiteJson(a)).to.equal(suiteJson(suiteOf("rfc3986")));
    const only = buildSuite({ spec: "rfc3986", rule: "IPv4address", grammar: grammarOf("rfc3986"), tables: TABLES, version: "0.0.0-test" }) as Suite;
    expect(only.cases.length).to.be.greaterThan(5);
    for (const c of only.cases) {
      expect(c.exercises === "IPv4address" || c.rule === "IPv4address", c.id).to.equal(true);
      expect(a.cases.find((x) => x.id === c.id)).to.deep.equal(c);
    }
    expect(only.cases.map((c) => c.input)).to.include("01.2.3.4");
  });

  it("class boundaries: just inside is in the class, just outside is not (every revision)", () => {
    for (const spec of SPEC_IDS) {
      const points = new GrammarPoints(grammarOf(spec));
      for (const cls of points.classes()) {
        for (const b of cls.boundaries) expect(cls.ranges.some(([lo, hi]) => lo <= b.char && b.char <= hi), `${spec} ${cls.name} U+${b.char.toString(16)}`).to.equal(b.inside);
        // A class of surrogates only (half of a code point above U+FFFF: rfc3987's ucschar) has no
        // boundary inside it that a UTF-8 line can carry (grammar-points.ts leaves lone surrogates out).
        const surrogatesOnly = cls.ranges.every(([lo, hi]) => lo >= 0xd800 && hi <= 0xdfff);
        expect(cls.boundaries.some((b) => b.inside) && cls.boundaries.some((b) => !b.inside), cls.name).to.equal(!surrogatesOnly);
      }
    }
  });

  it("docs/conformance.md sizes the suite of every revision of the registry (scripts/conformance.mjs reads SPEC_IDS), in its order", () => {
    const doc = readFileSync(join(__dirname, "..", "..", "docs", "conformance.md"), "utf8");
    const table = doc.slice(doc.indexOf("<!-- suite-size:start -->"), doc.indexOf("<!-- suite-size:end -->"));
    // (The counts follow the tables, which change often: npm run conformance rewrites them, .ci/run runs it.)
    expect([...table.matchAll(/^\| ([a-z0-9-]+) \| \d+ \|/gm)].map((m) => m[1])).to.deep.equal([...SPEC_IDS]);
  });

  it("refuses an unknown spec or rule with an error value", () => {
    expect(buildSuite({ spec: "rfc9999", grammar: grammarOf("rfc3986"), tables: TABLES, version: "x" })).to.be.instanceOf(Error);
    expect(buildSuite({ spec: "rfc3986", rule: "nope", grammar: grammarOf("rfc3986"), tables: TABLES, version: "x" })).to.be.instanceOf(Error);
    expect(availableSpecIds()).to.include("rfc3986");
  });

  describe("the checks can fail", () => {
    it("a planted wrong verdict is caught by the Earley check", () => {
      const c = suiteOf("rfc3986").cases.find((x) => x.input === "01.2.3.4" && x.rule === "IPv4address")!;
      expect(earleyVerdict("rfc3986", { ...c, expected: "valid" }) !== true).to.equal(true);
    });
    it("a planted extra field, a wrong kind and a missing field are schema errors", () => {
      const s = JSON.parse(suiteJson(suiteOf("rfc3986"))) as { cases: Record<string, unknown>[] };
      s.cases[0].extra = 1;
      s.cases[1].kind = "mystery";
      delete s.cases[2].reason;
      const problems = validateJson(SCHEMA, s);
      expect(problems.join("\n")).to.contain("cases[0]: unexpected property extra").and.contain("cases[1].kind").and.contain("cases[2]: missing reason");
    });
    it("a planted grammar with an alternative the suite does not know is counted differently", () => {
      const g = grammarOf("rfc3986");
      const more: PublishedGrammar = { ...g, rules: [...g.rules, { ...g.rules[0], name: "extra-rule", expr: { type: "alt", items: [{ type: "lit", text: "ab", caseInsensitive: false }, { type: "lit", text: "cd", caseInsensitive: false }] } }] };
      expect(modelCounts(more).alternatives).to.equal(modelCounts(g).alternatives + 2);
    });
  });
});
