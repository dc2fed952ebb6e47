// Documentation cannot drift from the code: every TypeScript snippet of README.md and docs/*.md
// (```ts blocks) and every `@example` of the doc comments in src/ is compiled under `strict`
// against the package as a consumer resolves it (`import ... from "uri-grammars"` through its
// `exports` map and types), then run. A line `expression; // => value` is an assertion: the value
// (a JavaScript literal; an object may show only some of its keys) must match, and the line must
// run. A block marked ```ts no-run, or an `@example (compiled, not run: ...)`, is compiled but not run.
import { expect } from "chai";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import * as ts from "typescript";

const ROOT = join(__dirname, "..", "..");

export interface Snippet {
  /** Where it is: `README.md:127`, `src/parse.ts:61` (the line of its first code line). */
  where: string;
  file: string;
  line: number;
  code: string;
  run: boolean;
}

/** The ```ts blocks of a markdown file. */
export function markdownSnippets(file: string, text: string): Snippet[] {
  const out: Snippet[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(ts|typescript)(\s+no-run)?\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    out.push({ where: `${file}:${start + 1}`, file, line: start + 1, code: lines.slice(start, end).join("\n"), run: !open[2] });
    i = end;
  }
  return out;
}

/** The `@example` blocks of the doc comments of a TypeScript file. */
export function docCommentSnippets(file: string, text: string): Snippet[] {
  const out: Snippet[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const tag = /^\s*\*\s*@example\b(.*)$/.exec(lines[i]);
    if (!tag) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && /^\s*\*(\s|$)/.test(lines[end]) && !/^\s*\*\s*@\w/.test(lines[end]) && !/^\s*\*\//.test(lines[end])) end++;
    const code = lines.slice(start, end).map((l) => l.replace(/^\s*\* ?/, "")).join("\n");
    // `@example (compiled, not run: why)` marks an example that is deliberately not run.
    out.push({ where: `${file}:${start + 1}`, file, line: start + 1, code, run: !/not run/.test(tag[1]) });
    i = end;
  }
  return out;
}

/**
 * The snippet with each `expression; // => value` turned into `__expect(expression, value, id)`, on
 * the same line (so compiler messages keep their line numbers); returns the ids of the assertions.
 */
export function withAssertions(s: Snippet): { code: string; ids: string[] } {
  const sf = ts.createSourceFile("snippet.ts", s.code, ts.ScriptTarget.ES2022, true);
  const lines = s.code.split("\n");
  const edits: { start: number; end: number; text: string }[] = [];
  const ids: string[] = [];
  const statementsEndingOn = new Map<number, ts.ExpressionStatement>();
  const visit = (n: ts.Node) => {
    if (ts.isExpressionStatement(n)) statementsEndingOn.set(sf.getLineAndCharacterOfPosition(n.getEnd()).line, n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  lines.forEach((text, index) => {
    const m = /\/\/ => (.+)$/.exec(text);
    if (!m) return;
    const statement = statementsEndingOn.get(index);
    if (!statement) throw new Error(`${s.file}:${s.line + index}: "// =>" follows no expression statement`);
    const id = `${s.file}:${s.line + index}`;
    ids.push(id);
    const expr = statement.expression;
    edits.push({ start: expr.getStart(), end: expr.getEnd(), text: `__expect((${expr.getText()}), (${m[1].trim()}), ${JSON.stringify(id)})` });
  });
  let code = s.code;
  for (const e of edits.sort((a, b) => b.start - a.start)) code = code.slice(0, e.start) + e.text + code.slice(e.end);
  // Appended, so that the lines above keep their numbers.
  return { code: `${code}\ndeclare function __expect(actual: unknown, expected: unknown, where: string): void;\n`, ids };
}

/** Deep match: an expected object's keys must match (others may exist); arrays and primitives must be equal. */
export function matches(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matches(actual[i], e));
  if (typeof expected === "object" && expected !== null) {
    return typeof actual === "object" && actual !== null && Object.entries(expected).every(([k, v]) => matches((actual as Record<string, unknown>)[k], v));
  }
  return Object.is(actual, expected);
}

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p, ext) : p.endsWith(ext) ? [p] : [];
  });
}

function allSnippets(): Snippet[] {
  const docs = [join(ROOT, "README.md"), ...files(join(ROOT, "docs"), ".md")];
  return [
    ...docs.flatMap((f) => markdownSnippets(relative(ROOT, f), readFileSync(f, "utf8"))),
    ...files(join(ROOT, "src"), ".ts").flatMap((f) => docCommentSnippets(relative(ROOT, f), readFileSync(f, "utf8"))),
  ];
}

describe("documentation snippets compile under strict and run (README.md, docs/, doc comments)", function () {
  this.timeout(300_000);
  const snippets = allSnippets();
  const work = mkdtempSync(join(tmpdir(), "uri-grammars-snippets-"));
  const hits = new Set<string>();
  const failures: string[] = [];
  const compiled = new Map<Snippet, { js: string; ids: string[] } | string>();

  before(() => {
    // A consumer's view of the package: node_modules/uri-grammars is this repository.
    mkdirSync(join(work, "node_modules"), { recursive: true });
    symlinkSync(ROOT, join(work, "node_modules", "uri-grammars"), "dir");
    writeFileSync(join(work, "package.json"), JSON.stringify({ name: "snippets", private: true, type: "commonjs" }));
    (globalThis as { __expect?: unknown }).__expect = (actual: unknown, expected: unknown, where: string) => {
      hits.add(where);
      if (!matches(actual, expected)) failures.push(`${where}: got ${JSON.stringify(actual)}, the documentation says ${JSON.stringify(expected)}`);
    };
    const names = snippets.map((_, i) => join(work, `snippet-${i}.ts`));
    const assertions = snippets.map((s, i) => {
      const w = withAssertions(s);
      writeFileSync(names[i], w.code);
      return w.ids;
    });
    const options: ts.CompilerOptions = {
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: false,
      outDir: join(work, "out"),
      rootDir: work,
    };
    const program = ts.createProgram(names, options);
    program.emit();
    const diagnostics = ts.getPreEmitDiagnostics(program);
    snippets.forEach((s, i) => {
      const mine = diagnostics.filter((d) => d.file?.fileName === names[i]);
      if (mine.length > 0) {
        compiled.set(s, mine.map((d) => `${s.file}:${s.line + d.file!.getLineAndCharacterOfPosition(d.start!).line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`).join("\n"));
      } else {
        compiled.set(s, { js: join(work, "out", `snippet-${i}.js`), ids: assertions[i] });
      }
    });
    const elsewhere = diagnostics.filter((d) => !names.includes(d.file?.fileName ?? ""));
    if (elsewhere.length > 0) throw new Error(elsewhere.map((d) => `${d.file?.fileName ?? "?"}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`).join("\n"));
  });

  after(() => {
    delete (globalThis as { __expect?: unknown }).__expect;
    rmSync(work, { recursive: true, force: true });
  });

  it("finds the snippets: the README's API section, docs/api.md and a doc comment on every public function", () => {
    expect(snippets.filter((s) => s.file === "README.md").length).to.be.greaterThan(0);
    expect(snippets.filter((s) => s.file === join("docs", "api.md")).length).to.be.greaterThan(10);
    expect(snippets.filter((s) => s.file.startsWith("src")).length).to.be.greaterThan(15);
  });

  for (const s of snippets) {
    it(`${s.where}${s.run ? "" : " (compiled, not run)"}`, () => {
      const c = compiled.get(s)!;
      if (typeof c === "string") throw new Error(`does not compile under strict:\n${c}`);
      if (!s.run) return;
      const before = failures.length;
      require(c.js);
      expect(failures.slice(before)).to.deep.equal([]);
      const missed = c.ids.filter((id) => !hits.has(id));
      expect(missed, "assertions that never ran (a branch not taken?)").to.deep.equal([]);
    });
  }

  it("every function and constant the package exports has a doc comment with an example", () => {
    const index = join(ROOT, "src", "index.ts");
    const program = ts.createProgram([index], { strict: true, module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, types: [], noEmit: true, skipLibCheck: true });
    const checker = program.getTypeChecker();
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(index)!)!;
    // The values the package exports at run time (`export type *` also names functions, as types only).
    const runtime = new Set(Object.keys(require(join(ROOT, "dist", "src", "index.js")) as object));
    const values = checker
      .getExportsOfModule(moduleSymbol)
      .filter((e) => runtime.has(e.name))
      .map((e) => [e.name, e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e] as const);
    const withoutExample = values.filter(([, sym]) => !(sym.declarations ?? []).some((d) => ts.getJSDocTags(d).some((t) => t.tagName.text === "example"))).map(([name]) => name);
    expect(values.length).to.be.greaterThan(15);
    expect(withoutExample).to.deep.equal([]);
  });

  it("the assertion check catches a wrong value and a line that never runs (planted)", () => {
    expect(matches({ a: 1, b: [1, 2] }, { b: [1, 2] })).to.equal(true);
    expect(matches({ a: 1 }, { a: 2 })).to.equal(false);
    expect(matches([1, 2], [1])).to.equal(false);
    const planted = withAssertions({ where: "planted.md:1", file: "planted.md", line: 1, code: 'const x = 1;\nif (x > 1) x; // => 1\nx + 1; // => 3', run: true });
    expect(planted.ids).to.deep.equal(["planted.md:2", "planted.md:3"]);
    expect(planted.code).to.contain('__expect((x), (1), "planted.md:2")').and.contain('__expect((x + 1), (3), "planted.md:3")');
    expect(() => withAssertions({ where: "p.md:1", file: "p.md", line: 1, code: "const y = 2; // => 2", run: true })).to.throw(/follows no expression statement/);
  });
});
