// Issue 27: only the start rules parse() applies when none is asked for (the grammar's @top-rule and
// @scheme-productions) ship a tagged DFA; every other start rule's AST is built by the same generated
// builders from captures read off the scanner's walk, pruned to the rules its tags are at
// (src/scanner/walk-captures.ts; the tags as data, and the proofs that make them exact, from
// scripts/ast/walk-tags.mjs). Here:
//   - those captures (c[0], c[1] and every tag's home slot: what a tagged DFA's run guarantees; its
//     other registers are scratch), the AST and components() built from them, and parse()'s AST,
//     equal what the start rule's own tagged DFA gives (generated/<spec>.ast-tables.ts: every start
//     rule's table, built for the tests only), on every table input, generated strings per start
//     rule, and (slow) both corpora and more generated strings; planted: a wrong slot in the tags;
//   - the build's proofs fail where they must (planted: a kept rule too few, a kept rule inside a
//     repetition, a first iteration read), and which start rules keep a table, with the reason;
//   - the grammar's @scheme-productions are the start rules the descriptor's schemeProductions select;
//   - (slow) a 10 MB input for a start rule without a table parses in flat memory (planted: a kept
//     rule inside a repetition runs out of it).
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { enumerable } from "./support/plain-ast";
import { availableSpecIds, getRevision, type Revision } from "../src/revisions";
import { parse } from "../src/parse";
import { capture, type AstEntry, type TaggedTable } from "../src/scanner/tagged";
import { walkCaptures, walkTags, type WalkTags } from "../src/scanner/walk-captures";
import { generatedInputs } from "./support/scanner-differential";
import { caseTables, DATA_DIR, readTable } from "./support/table";

const ROOT = join(__dirname, "..", "..");
const nodeRequire = createRequire(__filename);

/** generated/<spec>.ast-tables.ts: every start rule's tagged DFA and the slots its tags set. */
interface AllTables {
  TAGGED: Readonly<Record<string, TaggedTable>>;
  HOMES: Readonly<Record<string, readonly number[]>>;
}

function allTables(spec: string): AllTables {
  return nodeRequire(join(ROOT, "dist", "generated", `${spec}.ast-tables.js`)) as AllTables;
}

/** The start rules of a revision whose captures come from the walk. */
function walked(revision: Revision): [string, AstEntry & { walk: WalkTags }][] {
  return Object.entries(revision.ast).filter((e): e is [string, AstEntry & { walk: WalkTags }] => e[1].walk !== undefined);
}

const published = (revision: Revision, pegName: string) => revision.rules.find((r) => r.pegName === pegName)!.published ?? pegName;

/**
 * Where the walk's captures (with `walk`, the start rule's or a planted one) and what is built from
 * them differ from the tagged DFA's, over the inputs; verdicts too. `api`: also parse()'s AST.
 */
function differences(revision: Revision, pegName: string, walk: WalkTags, inputs: readonly string[], api = false, max = 5): string[] {
  const entry = revision.ast[pegName];
  const { TAGGED, HOMES } = allTables(revision.id);
  const table = TAGGED[pegName];
  const slots = [0, 1, ...HOMES[pegName]];
  const scanner = revision.scanner;
  const out: string[] = [];
  const problem = (input: string, what: string) => out.length < max && out.push(`${revision.id} ${pegName} ${JSON.stringify(input.slice(0, 80))}: ${what}`);
  for (const input of inputs) {
    const accepted = scanner.scan(scanner.START[pegName], input) === -1;
    const a = capture(table, scanner, input);
    if ((a !== null) !== accepted) problem(input, "the tagged DFA and the scanner disagree on the verdict");
    if (a === null || !accepted) continue;
    const fromTable = { c: slots.map((k) => a[k]), ast: enumerable(entry.build(input, a)), components: entry.components?.(input, a) };
    const b = walkCaptures(walk, scanner, pegName, input);
    const fromWalk = { c: slots.map((k) => b[k]), ast: enumerable(entry.build(input, b)), components: entry.components?.(input, b) };
    if (!isDeepStrictEqual(fromWalk.c, fromTable.c)) problem(input, `captures ${fromWalk.c.join(",")}, the table's ${fromTable.c.join(",")}`);
    else if (!isDeepStrictEqual(fromWalk.ast, fromTable.ast)) problem(input, "the AST differs");
    else if (!isDeepStrictEqual(fromWalk.components, fromTable.components)) problem(input, "the components differ");
    if (api) {
      const r = parse(input, { spec: revision.id, rule: published(revision, pegName) });
      // A predicate refusing a match the grammar accepts (the WHATWG valid domain) leaves no AST.
      if (!r.ok && r.error.code === "predicate") continue;
      if (!r.ok || !isDeepStrictEqual(enumerable(r.ast), fromTable.ast)) problem(input, "parse()'s AST differs");
    }
    if (out.length >= max) break;
  }
  return out;
}

/** Every input of every test table (each is tried on every start rule). */
const TABLE_INPUTS = [...new Set(caseTables().flatMap((f) => readTable(f).map((c) => c.input)))];
const CORPORA = ["real-world.txt", "debian-packages.txt"].flatMap((f) => readFileSync(join(ROOT, "test", "data", "corpora", f), "utf8").split("\n").filter((l) => l !== ""));

describe("captures read off the walk equal the tagged DFA's: captures, AST, components, parse()", () => {
  for (const spec of availableSpecIds()) {
    it(`${spec}: every table input and 300 generated strings per start rule without a table`, function () {
      this.timeout(120_000);
      const revision = getRevision(spec)!;
      const rules = walked(revision);
      expect(rules.length, "start rules without a table").to.be.greaterThan(0);
      for (const [pegName, entry] of rules) {
        const inputs = [...TABLE_INPUTS, ...generatedInputs(spec, pegName, 300, 27)];
        expect(differences(revision, pegName, entry.walk, inputs, true)).to.deep.equal([]);
      }
    });
  }
});

describe("captures read off the walk equal the tagged DFA's: both corpora and 20,000 generated strings per start rule @slow", function () {
  this.timeout(600_000);
  for (const spec of availableSpecIds()) {
    it(spec, () => {
      const revision = getRevision(spec)!;
      let accepted = 0;
      for (const [pegName, entry] of walked(revision)) {
        const inputs = [...CORPORA, ...generatedInputs(spec, pegName, 20_000, 2003)];
        accepted += inputs.filter((x) => revision.scanner.scan(revision.scanner.START[pegName], x) === -1).length;
        expect(differences(revision, pegName, entry.walk, inputs)).to.deep.equal([]);
      }
      expect(accepted, "accepted inputs compared").to.be.greaterThan(1000);
    });
  }
});

describe("the comparison can fail", () => {
  it("a planted mistake in the emitted tags (an entry sets the slot after its own) is caught", () => {
    for (const [spec, rule] of [["draft-2003", "hier_part"], ["rfc3986", "authority"]] as const) {
      const revision = getRevision(spec)!;
      const { walk } = revision.ast[rule];
      const entries = [...walk!.entries];
      const k = entries.findIndex((code, i) => i % 3 === 2 && code >= 2);
      entries[k] += 2;
      const planted = walkTags(walk!.names, entries, walk!.captures + 2);
      const inputs = [...TABLE_INPUTS, ...generatedInputs(spec, rule, 300, 27)];
      expect(differences(revision, rule, planted, inputs, false, 1), `${spec} ${rule}`).to.have.length(1);
      expect(differences(revision, rule, walk!, inputs), `${spec} ${rule}, as built`).to.deep.equal([]);
    }
  });
});

/** The build's view of a grammar: its rules, published names, and per start rule the tags (scripts/ast/). */
async function buildView(spec: string) {
  const { readAnnotations, readStartRules } = await import(join(ROOT, "scripts", "build-grammars.mjs"));
  const { planGrammar } = await import(join(ROOT, "scripts", "ast", "emit-ast.mjs"));
  const walkTagsModule = await import(join(ROOT, "scripts", "ast", "walk-tags.mjs"));
  const peggy = nodeRequire("peggy");
  const file = `generated/${spec}.composed.peggy`;
  const source = readFileSync(join(ROOT, file), "utf8");
  const ast = peggy.parser.parse(source, { grammarSource: file });
  const annotations: { pegName: string; published: string | null }[] = readAnnotations(source, file).rules;
  const names = new Map(annotations.map((r) => [r.pegName, r.published ?? r.pegName]));
  const planned = planGrammar(source, file, spec, ast.rules, names);
  const rules = new Map(ast.rules.map((r: { name: string; expression: unknown }) => [r.name, r.expression]));
  const tags = (pegName: string) => {
    const plan = planned.plans.find((p: { peg: string }) => p.peg === pegName).plan;
    return plan.assignSlots().tags.map((t: { node: number; slot: number; close: boolean }) => ({ path: plan.nodes[t.node].path, slot: t.slot, close: t.close }));
  };
  const proofs = (pegName: string, keep: Iterable<string>) => walkTagsModule.proofs(rules, names, pegName, tags(pegName), keep) as { ok: boolean; reason?: string };
  return { source, starts: readStartRules(source, file, annotations) as { topRule: string; schemeProductions: string[] }, proofs };
}

describe("the build's proofs that a start rule's captures can be read off its walk (scripts/ast/walk-tags.mjs)", () => {
  it("hold for the kept rules the build chose, and fail for planted ones: a tagged rule not kept, one inside a repetition, a first iteration read", async function () {
    this.timeout(60_000);
    const view = await buildView("draft-2003");
    const kept = getRevision("draft-2003")!.ast.relative_URI.walk!.names;
    expect(view.proofs("relative_URI", kept)).to.deep.equal({ ok: true });
    expect(view.proofs("relative_URI", [...kept, "segment"]).reason).to.match(/inside a repetition \(.*segment\)/);
    expect(view.proofs("relative_URI", kept.filter((n) => n !== "query")).reason).to.match(/ends in a rule that is not kept/);
    const draft1994 = await buildView("draft-1994");
    expect(draft1994.proofs("wpath", ["path"]).reason).to.match(/first iteration/);
  });

  it("call paths that a pruned derivation shows alike: the proof fails, and the build keeps a rule that tells them apart", async () => {
    // X is read under A only; under B it is another call path that a derivation pruned to X alone shows the same way.
    const { proofs, walkTags: buildTags } = await import(join(ROOT, "scripts", "ast", "walk-tags.mjs"));
    const peggy = nodeRequire("peggy");
    const ast = peggy.parser.parse('S = A / B\nA = "a" X\nB = "b" X\nX = "x"\n');
    const rules = new Map(ast.rules.map((r: { name: string; expression: unknown }) => [r.name, r.expression]));
    const names = new Map([..."SABX"].map((n) => [n, n]));
    const tags = [{ path: ["S", "A", "X"], slot: 2, close: true }];
    expect(proofs(rules, names, "S", tags, ["X"]).reason).to.equal("call paths A>X and B>X look the same in a derivation pruned to X");
    const built = buildTags(rules, names, "S", tags);
    expect(built.ok).to.equal(true);
    expect(proofs(rules, names, "S", tags, built.keep)).to.deep.equal({ ok: true });
    expect(built.keep).to.have.length(2);
  });

  // Start rules that keep a tagged DFA although parse() does not apply them by default, and why.
  const KEEP_TABLE: [spec: string, rule: string, why: RegExp][] = [
    ["draft-1994", "wpath", /#first>path, a first iteration/],
    ["rfc1630", "wpath", /#first>path, a first iteration/],
    ["rfc1630", "url", /sits inside a repetition \(waisaddress>waisdoc>wpath>path\)/],
  ];
  for (const spec of availableSpecIds()) {
    it(`${spec}: a tagged DFA ships exactly for the start rules parse() applies by default${KEEP_TABLE.some(([s]) => s === spec) ? " and those the header names" : ""}`, async function () {
      this.timeout(60_000);
      const revision = getRevision(spec)!;
      const { starts } = await buildView(spec);
      // The top rule, the scheme productions, and the start rules a base URL picks (@base-rule).
      const byDefault = new Set([starts.topRule, ...starts.schemeProductions, ...Object.values((starts as { baseRules?: Record<string, string> }).baseRules ?? {})]);
      const header = readFileSync(join(ROOT, "generated", `${spec}.ast.ts`), "utf8").split("\n/* eslint-disable */")[0];
      const { TAGGED } = allTables(spec);
      for (const [pegName, entry] of Object.entries(revision.ast)) {
        const name = published(revision, pegName);
        const exception = KEEP_TABLE.find(([s, r]) => s === spec && r === name);
        if (!(pegName in TAGGED)) {
          expect(entry.table === null && entry.walk === undefined, `${name} reads no position`).to.equal(true);
          continue;
        }
        expect(entry.table !== null, `${name} ships a table`).to.equal(byDefault.has(name) || exception !== undefined);
        expect(entry.walk !== undefined, `${name} reads off the walk`).to.equal(entry.table === null);
        if (exception) expect(header).to.match(new RegExp(`// ${name} keeps its tagged DFA although parse\\(\\) does not apply it by default: .*${exception[2].source}`));
      }
    });
  }
});

/** The start rules a descriptor's schemeProductions select (each production with the rule suffix, the catch-all, the prefix's). */
function selectable(revision: Revision): string[] {
  const how = revision.schemeProductions;
  if (!how) return [];
  const suffix = how.ruleSuffix ?? "";
  const rules = [...how.productions.values(), how.otherwise, ...(how.prefix ? [how.prefix.production] : [])].map((p) => p + suffix);
  return [...new Set(rules)].sort();
}

describe("the grammar's @scheme-productions are the start rules the descriptor's schemeProductions select", () => {
  for (const spec of availableSpecIds()) {
    it(spec, async () => {
      const { starts } = await buildView(spec);
      expect([...starts.schemeProductions].sort()).to.deep.equal(selectable(getRevision(spec)!));
    });
  }
  it("the check can fail: a descriptor with one production more", () => {
    const revision = getRevision("rfc1738")!;
    const how = revision.schemeProductions!;
    const planted = { ...revision, schemeProductions: { ...how, productions: new Map([...how.productions, ["x-new", "genericurl"]]) } } as unknown as Revision;
    expect(selectable(planted)).to.not.deep.equal(selectable(revision));
  });
});

describe("a 10 MB input for a start rule without a tagged DFA parses in flat memory @slow", function () {
  this.timeout(300_000);
  /**
   * In a child process with a 128 MB heap: components() of a 10 MB absolute-URI (5 M path segments,
   * which the AST would list but components() does not) and parse() of a 10 MB hier-part (a query).
   */
  const run = (planted: boolean) => {
    const script = `
      const { components, parse } = require(${JSON.stringify(join(ROOT, "dist", "src", "index.js"))});
      const { getRevision } = require(${JSON.stringify(join(ROOT, "dist", "src", "revisions", "index.js"))});
      const { walkTags } = require(${JSON.stringify(join(ROOT, "dist", "src", "scanner", "walk-captures.js"))});
      const entry = getRevision("draft-2003").ast.absolute_URI;
      // Planted: the walk also keeps segment, which sits inside a repetition (a node per segment).
      if (${planted}) entry.walk = walkTags([...entry.walk.names, "segment"], entry.walk.entries, entry.walk.captures);
      const input = "http://u@a:8/" + "b/".repeat(5 * 1024 * 1024) + "?q";
      const c = components(input, { spec: "draft-2003", rule: "absolute-URI" });
      if (!c.ok) throw new Error(JSON.stringify(c));
      const r = parse("//u@a:8?" + "q".repeat(10 * 1024 * 1024), { spec: "draft-2003", rule: "hier-part" });
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      console.log(JSON.stringify({ host: c.host, port: c.port, path: c.path.length, query: c.query, q: r.ast.query.text.length, heap: process.memoryUsage().heapUsed }));
    `;
    return spawnSync(process.execPath, ["--max-old-space-size=128", "-e", script], { encoding: "utf8" });
  };
  it("components() of a draft-2003 absolute-URI (10 MB, 5 M path segments) and parse() of a hier-part (10 MB) within a 128 MB heap", () => {
    const r = run(false);
    expect(r.status, r.stderr.slice(-2000)).to.equal(0);
    expect(JSON.parse(r.stdout)).to.deep.include({ host: "a", port: "8", path: 1 + 10 * 1024 * 1024, query: "q", q: 10 * 1024 * 1024 });
  });
  it("the check can fail: a walk that keeps a rule inside a repetition runs out of that heap", () => {
    const r = run(true);
    expect(r.status).to.not.equal(0);
    expect(r.stderr).to.match(/heap out of memory|Allocation failed/);
  });
});
