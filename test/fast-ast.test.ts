// The AST fast path (src/ast/fast.ts, generated/<spec>.capture.ts) against the peggy path: the same
// derivation node for node, the same AST, the same verdict, on the real-world corpus, every table
// example, and seeded generated strings and mutations from the published grammars. Planted
// mistakes in the group map prove the comparison can fail.
import type { SpecId } from "../src/revisions";
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { DerivationNode } from "../src/ast/derivation";
import { captureDerivation, captureRegex, type CaptureRegex } from "../src/ast/fast";
import { parse, parseWithPeggy, REGEX_MAX_INPUT } from "../src/parse";
import { loadPublishedGrammar } from "../src/published";
import { Generator } from "../src/published/generate";
import { getRevision, type Revision } from "../src/revisions";

const ROOT = join(__dirname, "..", "..");
const SPECS: SpecId[] = ["draft-2003", "draft-1997"];
const corpus = readFileSync(join(ROOT, "bench", "corpus", "real-world.txt"), "utf8").split("\n").filter((l) => l !== "");

/** The table rows of one revision: [start rule (published; "*" is the top rule), input]. */
function tableRows(spec: string): [string, string][] {
  const rows: [string, string][] = [];
  for (const f of readdirSync(join(ROOT, "test", "data")).filter((f) => f.endsWith(".tsv"))) {
    for (const line of readFileSync(join(ROOT, "test", "data", f), "utf8").split("\n")) {
      if (line.startsWith("#") || line.trim() === "") continue;
      const [s, rule, raw] = line.split("\t");
      if (s !== spec || raw === undefined) continue;
      rows.push([rule, raw.startsWith('"') ? JSON.parse(raw) : raw]);
    }
  }
  return rows;
}

function revisionOf(spec: string): Revision {
  const r = getRevision(spec);
  if (!r) throw new Error(spec);
  return r;
}

function pegNameOf(revision: Revision, rule: string): string {
  const info = revision.rules.find((r) => r.published === rule || r.pegName === rule);
  if (!info) throw new Error(`${revision.id}: no rule ${rule}`);
  return info.pegName;
}

/** peggy's derivation (the AST parser), or null when it rejects. */
function peggyDerivation(revision: Revision, pegName: string, input: string): DerivationNode | null {
  try {
    return revision.astParser.parse(input, { startRule: pegName }) as DerivationNode;
  } catch {
    return null;
  }
}

/** The start rules (published names) that have a capture regex. */
function fastRules(revision: Revision): string[] {
  return revision.rules.filter((r) => captureRegex(revision.id, r.pegName) !== null).map((r) => r.published ?? r.pegName);
}

/**
 * Compares the fast path with peggy on `inputs` for one start rule: derivation, verdict, and (with
 * `ast`) parse() against parseWithPeggy(). Returns the first differences (at most `limit`).
 */
function differences(revision: Revision, rule: string, inputs: readonly string[], capture: CaptureRegex, options: { ast?: boolean; limit?: number } = {}): string[] {
  const pegName = pegNameOf(revision, rule);
  const out: string[] = [];
  const limit = options.limit ?? 5;
  for (const input of inputs) {
    if (out.length >= limit) break;
    const slow = peggyDerivation(revision, pegName, input);
    const fast = captureDerivation(capture, input);
    try {
      expect(fast, "derivation").to.deep.equal(slow);
      if (options.ast) expect(parse(input, { spec: revision.id, rule }), "AST").to.deep.equal(parseWithPeggy(input, { spec: revision.id, rule }));
    } catch (e) {
      out.push(`${rule} ${JSON.stringify(input)}: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  return out;
}

function generated(spec: string, rule: string, seed: number, count: number): string[] {
  const r = loadPublishedGrammar(spec);
  if (!r || !r.ok) throw new Error(`${spec}: no published grammar`);
  const gen = new Generator(r.grammar, seed);
  const out: string[] = [];
  for (let k = 0; k < count; k++) out.push(gen.next(rule, 60).input);
  return out;
}

describe("AST fast path (capture regex) = peggy AST path", function () {
  this.timeout(300_000);

  for (const spec of SPECS) {
    const revision = revisionOf(spec);
    const top = revision.topRule;

    describe(spec, () => {
      it("has a capture regex for the top rule and every whole-reference rule", () => {
        const rules = fastRules(revision);
        const whole = spec === "draft-2003" ? ["URI-reference", "absolute-URI-reference", "absolute-URI", "relative-URI"] : ["URL-reference", "absoluteURL", "generic-URL", "opaque-URL", "relativeURL"];
        expect(rules).to.include.members([top, ...whole]);
      });

      it(`every line of bench/corpus/real-world.txt (${corpus.length}), ${top}: same derivation and AST`, () => {
        const capture = captureRegex(spec, pegNameOf(revision, top))!;
        expect(differences(revision, top, corpus, capture, { ast: true })).to.deep.equal([]);
        // The corpus exercises the fast path, not only the fallback.
        expect(corpus.filter((u) => captureDerivation(capture, u) !== null).length).to.be.greaterThan(corpus.length * 0.9);
      });

      it("every example of the test/data tables: same derivation and AST", () => {
        const rows = tableRows(spec);
        expect(rows.length).to.be.greaterThan(20);
        const diffs: string[] = [];
        let fastRows = 0;
        for (const [rule0, input] of rows) {
          const rule = rule0 === "*" ? top : rule0;
          const capture = captureRegex(spec, pegNameOf(revision, rule));
          if (!capture) {
            expect(parse(input, { spec, rule })).to.deep.equal(parseWithPeggy(input, { spec, rule }));
            continue;
          }
          fastRows++;
          diffs.push(...differences(revision, rule, [input], capture, { ast: true }));
          // The top rule on every input too, whatever rule the row names.
          if (rule !== top) diffs.push(...differences(revision, top, [input], captureRegex(spec, pegNameOf(revision, top))!, { ast: true }));
        }
        expect(fastRows).to.be.greaterThan(rows.length / 2);
        expect(diffs).to.deep.equal([]);
      });

      it("generated strings and mutations of every fast start rule (seeded): same derivation and AST", () => {
        const rules = fastRules(revision);
        const diffs: string[] = [];
        rules.forEach((rule, index) => {
          const count = rule === top ? 6000 : 600;
          const inputs = generated(spec, rule, 20240 + index, count);
          const capture = captureRegex(spec, pegNameOf(revision, rule))!;
          diffs.push(...differences(revision, rule, inputs, capture, { ast: true }));
          // Other rules' strings given to the top rule: they probe its edges.
          if (rule !== top) diffs.push(...differences(revision, top, inputs, captureRegex(spec, pegNameOf(revision, top))!, { ast: true }));
        });
        expect(diffs).to.deep.equal([]);
      });

      it("options: tree keeps the traced parser; rejected input gets peggy's error; non-strings are refused", () => {
        const ok = parse("http://a.b:8/c;d/e?f#g", { spec, tree: true });
        expect(ok).to.deep.equal(parseWithPeggy("http://a.b:8/c;d/e?f#g", { spec, tree: true }));
        expect(ok.ok && ok.tree).to.be.an("object");
        const bad = parse("http://a b/", { spec });
        expect(bad.ok).to.equal(false);
        expect(bad).to.deep.equal(parseWithPeggy("http://a b/", { spec }));
        expect(parse(42, { spec })).to.deep.equal(parseWithPeggy(42, { spec }));
      });

      // One revision is enough: peggy takes seconds on a megabyte.
      if (spec === "draft-2003") it("an input above REGEX_MAX_INPUT goes to peggy and gets the same AST", () => {
        const input = "http://a/" + "b;c/".repeat(Math.ceil(REGEX_MAX_INPUT / 4));
        expect(input.length).to.be.greaterThan(REGEX_MAX_INPUT);
        const fast = parse(input, { spec });
        expect(fast.ok).to.equal(true);
        expect(fast).to.deep.equal(parseWithPeggy(input, { spec }));
      });
    });
  }

  describe("planted mistakes are caught", () => {
    const revision = revisionOf("draft-2003");
    const top = revision.topRule;
    const real = captureRegex("draft-2003", pegNameOf(revision, top))!;
    const sample = corpus.slice(0, 2000);

    it("two rules swapped in the group map (query <-> fragment)", () => {
      const rules = real.rules.map((r) => (r === "query" ? "fragment" : r === "fragment" ? "query" : r));
      expect(differences(revision, top, sample, { ...real, rules }, { limit: 1 })).to.have.length(1);
    });

    it("a group given the wrong parent (host under authority instead of hostport)", () => {
      const parents = real.parents.map((p, i) => (real.rules[i] === "host" ? real.rules.indexOf("authority") : p));
      expect(differences(revision, top, sample, { ...real, parents }, { limit: 1 })).to.have.length(1);
    });

    it("a group number off by one", () => {
      const groups = real.groups.map((g, i) => (real.rules[i] === "scheme" ? g + 1 : g));
      expect(differences(revision, top, sample, { ...real, groups }, { limit: 1 })).to.have.length(1);
    });

    it("a regex that accepts more than the PEG (no end anchor)", () => {
      const regex = new RegExp(real.regex.source.replace(/\$$/, ""), "d");
      expect(differences(revision, top, ["http://a b/", ...sample], { ...real, regex }, { limit: 1 })).to.have.length(1);
    });

    it("parse() itself takes the fast path: a wrong map in the cached entry changes its AST", () => {
      const entry = real as { rules: readonly string[] };
      const saved = entry.rules;
      entry.rules = saved.map((r) => (r === "query" ? "fragment" : r === "fragment" ? "query" : r));
      try {
        expect(parse("http://a/?q", { spec: "draft-2003" })).not.to.deep.equal(parseWithPeggy("http://a/?q", { spec: "draft-2003" }));
      } finally {
        entry.rules = saved;
      }
      expect(parse("http://a/?q", { spec: "draft-2003" })).to.deep.equal(parseWithPeggy("http://a/?q", { spec: "draft-2003" }));
    });
  });
});

describe("URI_GRAMMARS_REGEX_MAX_INPUT sets the fast-path limit (read once at load)", () => {
  const limitWith = (value: string | undefined): number => {
    const env = { ...process.env };
    if (value === undefined) delete env.URI_GRAMMARS_REGEX_MAX_INPUT;
    else env.URI_GRAMMARS_REGEX_MAX_INPUT = value;
    const script = `process.stdout.write(String(require(${JSON.stringify(join(ROOT, "dist", "src", "parse.js"))}).REGEX_MAX_INPUT))`;
    return Number(execFileSync(process.execPath, ["-e", script], { env, encoding: "utf8" }));
  };
  it("unset: 1 MiB; 0: off; a count of characters: that; anything else: ignored", () => {
    expect([limitWith(undefined), limitWith("0"), limitWith("4096"), limitWith("-1"), limitWith("lots")]).to.deep.equal([1 << 20, 0, 4096, 1 << 20, 1 << 20]);
  });
});
