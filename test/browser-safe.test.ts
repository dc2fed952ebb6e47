// The library runs in a browser (issue 14): src/ outside src/cli imports no Node module, except the
// two modules that read the grammar files (the fidelity check and the published-grammar loader),
// which the explorer does not load (the site build reads those files and ships them as JSON).
// Checked the way the explorer is built: esbuild bundles for platform "browser", and every import of
// a Node built-in is recorded with the module that imports it.
import { expect } from "chai";
import { builtinModules } from "node:module";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(__dirname, "..", "..");

/** The modules allowed to import Node built-ins outside src/cli, and why. */
const READS_FILES = new Set([
  "src/ops/fidelity.ts", // reads grammar/*/published.* for the fidelity check (CLI `fidelity`, tests)
  "src/published/index.ts", // reads grammar/*/published.* (the site build ships what it reads as JSON)
]);

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

interface NodeImport {
  module: string;
  importer: string;
}

/** Every import of a Node built-in reachable from the entry points (or stdin), bundled for a browser. */
async function nodeImports(entryPoints: string[], stdin?: string): Promise<NodeImport[]> {
  // esbuild, as the site build uses it (scripts/build-site.mjs).
  const esbuild = require("esbuild") as typeof import("esbuild");
  const found: NodeImport[] = [];
  await esbuild.build({
    absWorkingDir: ROOT,
    ...(stdin !== undefined ? { stdin: { contents: stdin, resolveDir: join(ROOT, "src"), sourcefile: "planted.ts", loader: "ts" } } : { entryPoints }),
    bundle: true,
    write: false,
    platform: "browser",
    format: "esm",
    logLevel: "silent",
    outdir: join(ROOT, "dist", "browser-safe-check"),
    plugins: [
      {
        name: "record-node-builtins",
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (!BUILTINS.has(args.path)) return undefined;
            found.push({ module: args.path, importer: relative(ROOT, args.importer) || args.importer });
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return path === "src/cli" ? [] : sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

describe("the library is browser-safe (bundled for a browser, as the explorer is)", () => {
  it("its entry point (src/index.ts) reaches no Node built-in", async () => {
    expect(await nodeImports(["src/index.ts"])).to.deep.equal([]);
  });

  it("no module of src/ outside src/cli imports a Node built-in, except the two that read the grammar files @slow", async function () {
    this.timeout(60_000);
    const files = sourceFiles("src");
    expect(files.length).to.be.greaterThan(50);
    expect(files).to.include("src/web/pages/playground.ts");
    const importers = [...new Set((await nodeImports(files)).map((x) => x.importer))].sort();
    expect(importers.filter((f) => !READS_FILES.has(f)), "modules importing a Node built-in").to.deep.equal([]);
  });

  it("the explorer's pages reach no Node built-in at all", async () => {
    const pages = sourceFiles("src/web/pages");
    expect(pages.length).to.be.at.least(6);
    expect(await nodeImports(pages)).to.deep.equal([]);
  });

  it("a planted mistake (a core module importing node:fs) is caught, with the module named", async () => {
    const found = await nodeImports([], 'import { readFileSync } from "node:fs";\nimport { parse } from "./parse";\nexport const read = [readFileSync, parse];\n');
    expect(found).to.deep.equal([{ module: "node:fs", importer: "src/planted.ts" }]);
  });
});
