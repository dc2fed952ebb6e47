// The ASTs declared in the grammars (generated/<spec>.ast.ts: a generated builder over the positions
// that the tagged DFA records, or for a start rule parse() does not apply by default its walk) are
// deep-equal to the hand-written builders of old (test/support/oracle, reading peggy's own
// derivation) on every table input and on both corpora, every revision; `npm run differential`
// (run by .ci/run) does the same on 10^6 generated and mutated strings per revision. Each of the
// three parts the new path is made of gets a planted mistake the comparison must catch: an
// annotation (the grammar says the wrong rule), a tag operation (a register written wrong on a
// transition), and a generated builder (a field dropped).
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import ts from "typescript";
import { SPEC_IDS, type SpecId } from "../src";
import { findRule, getRevision, type Revision } from "../src/revisions";
import type { AstEntry } from "../src/scanner/tagged";
import { capturesOf } from "../src/parse";
import { oracleAst } from "./support/peggy-reference";
import { ORACLE_SPECS } from "./support/oracle/builders";
import { caseTables, DATA_DIR, readTable } from "./support/table";
import { enumerable } from "./support/plain-ast";

const ROOT = join(__dirname, "..", "..");

/** The AST a set of AST entries builds for an input (null when the start rule rejects it). */
function astBy(revision: Revision, entries: Readonly<Record<string, AstEntry>>, pegName: string, input: string): unknown {
  const entry = entries[pegName];
  const c = capturesOf(entry, revision.scanner, pegName, revision.scanner.START[pegName], input);
  return c === null ? null : enumerable(entry.build(input, c));
}

/** The revision a revision's grammar amends (its header's `// @amends`), or null. */
function baseOf(spec: string): string | null {
  return /^\/\/ @amends[ \t]+(\S+)/m.exec(readFileSync(join(ROOT, "grammar", spec, "grammar.peggy"), "utf8"))?.[1] ?? null;
}

/** The inputs of every table for a revision, with their start rules (the top rule for "*" and for the corpora). */
function inputsOf(spec: SpecId): { pegName: string; input: string }[] {
  const revision = getRevision(spec)!;
  const out: { pegName: string; input: string }[] = [];
  for (const file of caseTables()) {
    for (const c of readTable(file)) {
      if (c.spec !== spec) continue;
      const rule = findRule(revision, c.rule === "*" ? revision.topRule : c.rule);
      if (rule) out.push({ pegName: rule.pegName, input: c.input });
    }
  }
  const top = findRule(revision, revision.topRule)!.pegName;
  for (const corpus of ["real-world.txt", "debian-packages.txt"]) {
    for (const line of readFileSync(join(ROOT, "test", "data", "corpora", corpus), "utf8").split("\n")) if (line !== "") out.push({ pegName: top, input: line });
  }
  return out;
}

/** The inputs on which the entries' AST differs from the oracle's (verdicts included). */
function mismatches(spec: SpecId, entries: Readonly<Record<string, AstEntry>>, inputs: { pegName: string; input: string }[], max = 5): string[] {
  const revision = getRevision(spec)!;
  const out: string[] = [];
  for (const { pegName, input } of inputs) {
    if (!isDeepStrictEqual(astBy(revision, entries, pegName, input), oracleAst(revision, pegName, input))) {
      out.push(`${pegName} ${JSON.stringify(input)}`);
      if (out.length >= max) break;
    }
  }
  return out;
}

describe("ASTs declared in the grammars equal the hand-written builders of old (tables, both corpora) @slow", function () {
  this.timeout(600000);
  // The revisions added since the ASTs were declared have no builder of old: the WHATWG revisions'
  // ASTs are held to the standard's parser (test/whatwg.test.ts); an amendment of a revision that has
  // one (rfc8089 of rfc6874) is held to its base's ASTs on every rule they share (below).
  it("every revision without an oracle resolves by its document's parser, which checks its ASTs, or amends one with an oracle", () => {
    for (const spec of SPEC_IDS.filter((id) => !ORACLE_SPECS.includes(id))) {
      const how = getRevision(spec)!.resolution;
      const base = baseOf(spec);
      expect(("algorithm" in how && how.byParser !== undefined) || (base !== null && ORACLE_SPECS.includes(base)), spec).to.equal(true);
    }
  });
  for (const spec of SPEC_IDS.filter((id) => !ORACLE_SPECS.includes(id) && ORACLE_SPECS.includes(baseOf(id) ?? ""))) {
    it(`${spec}: every table input and every corpus line of a rule its base has builds the base's AST (held to the base's oracle above)`, () => {
      const revision = getRevision(spec)!;
      const base = getRevision(baseOf(spec)!)!;
      const inputs = inputsOf(spec).filter(({ pegName }) => base.ast[pegName] !== undefined);
      expect(inputs.length).to.be.greaterThan(50000);
      // The same AST but for its `spec` (the revision that built it).
      const sansSpec = (ast: unknown) => (ast !== null && typeof ast === "object" ? { ...(ast as object), spec: null } : ast);
      const differ = (plant: (ast: unknown) => unknown = (x) => x) => inputs.filter(({ pegName, input }) => !isDeepStrictEqual(sansSpec(astBy(revision, revision.ast, pegName, input)), plant(sansSpec(astBy(base, base.ast, pegName, input)))));
      expect(differ().slice(0, 5).map(({ pegName, input }) => `${pegName} ${JSON.stringify(input)}`)).to.deep.equal([]);
      // planted: a base AST whose path forgot its segments is caught
      expect(differ((ast) => (ast !== null && typeof ast === "object" && "path" in ast ? { ...ast, path: { ...(ast.path as object), segments: [] } } : ast)).length).to.be.greaterThan(0);
    });
  }
  for (const spec of SPEC_IDS.filter((id) => ORACLE_SPECS.includes(id))) {
    it(`${spec}: every table input and every corpus line`, () => {
      const inputs = inputsOf(spec);
      expect(inputs.length).to.be.greaterThan(50000);
      expect(mismatches(spec, getRevision(spec)!.ast, inputs)).to.deep.equal([]);
    });
  }
});

describe("the comparison can fail @slow", function () {
  this.timeout(600000);
  const spec: SpecId = "rfc3986";
  const sample = () => inputsOf(spec).filter((_, i) => i % 10 === 0);

  it("a planted mistake in an annotation (the query field reads the fragment) is caught", async () => {
    const { compileGrammar } = await import(join(ROOT, "scripts", "compile-scanner.mjs"));
    const source = readFileSync(join(ROOT, "generated", `${spec}.composed.peggy`), "utf8");
    const planted = source.replace("// @field query: text query", "// @field query: text fragment");
    expect(planted).to.not.equal(source);
    // (the passes up to emit-ast, tables plain: the coder is not what this test is about)
    const code = compileGrammar(planted, `generated/${spec}.composed.peggy`, spec, { srcDir: join(ROOT, "dist", "src"), tables: "plain", until: "emit-ast" }).astModule;
    const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
    const mod = { exports: {} as { AST: Readonly<Record<string, AstEntry>> } };
    new Function("require", "module", "exports", js)(require, mod, mod.exports);
    expect(mismatches(spec, mod.exports.AST, sample(), 1)).to.have.length(1);
  });

  it("a planted mistake in the tag operations (each position is recorded in the register after its own) is caught", () => {
    const entries = getRevision(spec)!.ast;
    const top = findRule(getRevision(spec)!, "URI-reference")!.pegName;
    const real = entries[top];
    const table = real.table!;
    // ops: per list, its length n, then n pairs (register, source); source -1 is the position.
    const ops = Int16Array.from(table.ops);
    for (let k = 0; k < ops.length; k += 1 + 2 * ops[k]) for (let j = 0; j < ops[k]; j++) if (ops[k + 2 + 2 * j] === -1) ops[k + 1 + 2 * j] += 1;
    const planted = { ...entries, [top]: { ...real, table: { ...table, ops } } };
    expect(mismatches(spec, planted, sample(), 1)).to.have.length(1);
  });

  it("a planted mistake in a generated builder (the port dropped) is caught", () => {
    const entries = getRevision(spec)!.ast;
    const top = findRule(getRevision(spec)!, "URI-reference")!.pegName;
    const real = entries[top];
    const build = (input: string, c: Int32Array) => {
      const ast = real.build(input, c) as { authority: { port: unknown } | null };
      if (ast.authority) ast.authority.port = null;
      return ast;
    };
    expect(mismatches(spec, { ...entries, [top]: { ...real, build } }, sample(), 1)).to.have.length(1);
  });
});
