// The import graph of src/ (and generated/), read from the TypeScript sources by madge: no cycle,
// and data flows one way (docs/architecture.md): grammar -> generated scanner -> AST builders ->
// revisions -> parse -> operations -> the package entry -> CLI. A module imports only from its own
// stage or an earlier one. Type-only imports count: a type cycle is still a tangle for a reader.
import { expect } from "chai";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import madge from "madge";

const ROOT = join(__dirname, "..", "..");

/**
 * The stage of a module (a path relative to the repository root). Leaves first: the AST types and
 * builders, errors, the published grammars' reader and the scanner runtime; then the generated
 * modules; the revision registry; parsing; the operations; the package entry; the CLI and the
 * explorer's pages (src/web).
 */
export function stageOf(file: string): number {
  if (file.startsWith("src/cli/")) return 6;
  if (file.startsWith("src/web/")) return 6; // the explorer's pages: the same stage as the CLI
  if (file === "src/index.ts" || file === "src/revision-entry.ts" || file === "src/entry-operations.ts") return 5; // the package entry and the per-revision one (with the operations only some revisions carry)
  if (file.startsWith("src/conformance/")) return 5; // the conformance kit: built on the package's API
  if (file.startsWith("src/ops/")) return 4;
  if (["src/request.ts", "src/diagnose.ts", "src/parse.ts", "src/validator.ts", "src/predicates.ts", "src/base.ts"].includes(file)) return 3; // validator.ts: a per-revision entry's validate()
  if (file === "src/revisions/types.ts") return 0; // the rule-record type the generated rule tables import
  if (file === "src/revisions/delimiting-row.ts") return 0; // what a revision's row of the delimiting rules is made of
  if (file.startsWith("src/revisions/")) return 2;
  // A revision's folder: its descriptor (and the component map, the document's parser and the facts it shares with another revision that it reads)
  // with the registry; the rest (what its grammar cannot state about its AST, its predicates, its
  // delimiting row, its scheme table) with the leaves.
  if (/^grammar\/[^/]+\/(descriptor|components|parser|facts)\.ts$/.test(file)) return 2;
  if (file.startsWith("grammar/")) return 0;
  if (file === "generated/revisions.ts") return 2; // the registry's list: every revision's descriptor
  if (file.startsWith("generated/")) return 1;
  return 0; // src/ast, src/scanner, src/published, src/automata, src/errors.ts
}

/** Every import that goes to a later stage: "from -> to". */
export function backwardImports(graph: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, deps] of Object.entries(graph)) for (const to of deps) if (stageOf(to) > stageOf(from)) out.push(`${from} -> ${to}`);
  return out;
}

async function graphOf(baseDir: string, paths: string[]): Promise<{ graph: Record<string, string[]>; cycles: string[][] }> {
  const res = await madge(paths, { baseDir, fileExtensions: ["ts"], tsConfig: join(ROOT, "tsconfig.json"), excludeRegExp: [/\.d\.ts$/] });
  return { graph: res.obj(), cycles: res.circular() };
}

describe("import graph (madge): no cycle, and every import goes to the same or an earlier stage", function () {
  this.timeout(120_000);
  let graph: Record<string, string[]> = {};
  let cycles: string[][] = [];
  before(async () => {
    ({ graph, cycles } = await graphOf(ROOT, ["src", "generated", "grammar"]));
  });

  it("reads the whole of src/, generated/ and grammar/ (the parse entry, the generated AST builders and what they call, the descriptors, the CLI)", () => {
    for (const f of ["src/parse.ts", "generated/draft-2003.ast.ts", "grammar/rfc1738/ast.ts", "grammar/rfc3986/descriptor.ts", "generated/revisions.ts", "src/ast/build.ts", "src/cli/main.ts", "generated/draft-2003.scanner.ts"]) expect(graph, f).to.have.property(f);
  });
  it("has no import cycle", () => {
    expect(cycles.map((c) => c.join(" > "))).to.deep.equal([]);
  });
  it("has no import from a later stage", () => {
    expect(backwardImports(graph)).to.deep.equal([]);
  });

  describe("the checks can fail", () => {
    it("a planted cycle (two modules importing each other, by type only) is found", async () => {
      const dir = mkdtempSync(join(tmpdir(), "uri-grammars-cycle-"));
      try {
        writeFileSync(join(dir, "a.ts"), 'import type { B } from "./b";\nexport interface A { b: B }\n');
        writeFileSync(join(dir, "b.ts"), 'import type { A } from "./a";\nexport interface B { a: A }\n');
        const { cycles: planted } = await graphOf(dir, [dir]);
        expect(planted).to.deep.equal([["a.ts", "b.ts"]]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
    it("a planted import from the AST pieces back into the operations is found", () => {
      const planted = { ...graph, "grammar/rfc1738/ast.ts": [...(graph["grammar/rfc1738/ast.ts"] ?? []), "src/ops/resolve.ts"] };
      expect(backwardImports(planted)).to.deep.equal(["grammar/rfc1738/ast.ts -> src/ops/resolve.ts"]);
    });
  });
});
