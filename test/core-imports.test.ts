// The core (src/ outside src/cli, and outside src/published/index.ts, src/ops/fidelity.ts and
// src/ops/fidelity-proof.ts, which read files) must run in a browser: no module of it imports a
// Node module (`node:fs`, `fs`, `worker_threads` ...) or a file outside the core at run time, and
// none uses Node's globals (Buffer, __dirname, require, an unguarded process). Type-only imports
// are erased and allowed. A planted import shows the check fails.
import { expect } from "chai";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import * as ts from "typescript";

const ROOT = join(__dirname, "..", "..");
const SRC = join(ROOT, "src");
const NOT_CORE = [join(SRC, "cli"), join(SRC, "published", "index.ts"), join(SRC, "ops", "fidelity.ts"), join(SRC, "ops", "fidelity-proof.ts")];

function isCore(file: string): boolean {
  return !NOT_CORE.some((p) => file === p || file.startsWith(p + "/"));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const NODE_MODULES = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** The problems of one source file, as `what (line N)`; `file` is where relative imports resolve from. */
export function coreProblems(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const problems: string[] = [];
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const checkSpecifier = (spec: string, at: ts.Node) => {
    if (spec.startsWith("node:") || NODE_MODULES.has(spec) || NODE_MODULES.has(spec.split("/")[0])) problems.push(`imports the Node module "${spec}" (line ${line(at)})`);
    else if (spec.startsWith(".")) {
      const target = resolve(dirname(file), spec);
      const asFile = [`${target}.ts`, join(target, "index.ts")].find((p) => p.startsWith(SRC) && existsSync(p)) ?? `${target}.ts`;
      if (target.startsWith(SRC) && (!isCore(target) || !isCore(asFile))) problems.push(`imports "${spec}", which is no core module (line ${line(at)})`);
    }
  };
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && !n.importClause?.isTypeOnly) checkSpecifier(n.moduleSpecifier.text, n);
    if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier) && !n.isTypeOnly) checkSpecifier(n.moduleSpecifier.text, n);
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      const isRequire = ts.isIdentifier(callee) && callee.text === "require";
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      if (isRequire || isDynamicImport) {
        const arg = n.arguments[0];
        if (arg && ts.isStringLiteral(arg)) checkSpecifier(arg.text, n);
        else problems.push(`${isRequire ? "require" : "import"}() of a computed name (line ${line(n)})`);
      }
    }
    if (ts.isIdentifier(n) && (n.text === "Buffer" || n.text === "__dirname" || n.text === "__filename") && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) {
      problems.push(`uses Node's global ${n.text} (line ${line(n)})`);
    }
    if (ts.isIdentifier(n) && n.text === "process" && !ts.isTypeOfExpression(n.parent) && !source.includes('typeof process === "undefined"')) {
      problems.push(`uses Node's global process without checking it exists (line ${line(n)})`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return problems;
}

describe("the core imports no Node module (it must run in a browser)", () => {
  const files = tsFiles(SRC).filter(isCore);
  it("finds the core modules", () => {
    expect(files.length).to.be.greaterThan(40);
    expect(files.some((f) => f.endsWith("parse.ts"))).to.equal(true);
  });
  it("no core module imports a Node module or a non-core module, or uses Node's globals", () => {
    const problems = files.flatMap((f) => coreProblems(f, readFileSync(f, "utf8")).map((p) => `${relative(ROOT, f)}: ${p}`));
    expect(problems).to.deep.equal([]);
  });
  it("catches a planted Node import, a bare builtin, a non-core import, a require and a Buffer (planted)", () => {
    const file = join(SRC, "ops", "planted.ts");
    const planted = [
      'import { readFileSync } from "node:fs";',
      'import { join } from "path";',
      'import { main } from "../cli";',
      'import type { Io } from "../cli/io";',
      'const w = require("worker_threads");',
      'export const b = Buffer.from("x");',
    ].join("\n");
    const problems = coreProblems(file, planted);
    expect(problems).to.have.length(5);
    expect(problems.join("\n")).to.contain('"node:fs"').and.contain('"path"').and.contain('"../cli"').and.contain('"worker_threads"').and.contain("Buffer");
  });
});
