// The package's ES module entries, after build-entries.mjs (scripts/build.mjs): the main entry
// (dist/esm/index.mjs, `import ... from "uri-grammars"`) and one per revision of the registry
// (dist/esm/<spec>.mjs, `import ... from "uri-grammars/rfc3986"`), built by esbuild in one run with code
// splitting, so that the tarball holds the library's code once (dist/esm/chunk-*.mjs) and a bundler that
// builds a page keeps only what the page imports (issue 27: a page pays for what it imports; the CommonJS
// core, one bundle of everything, cannot be tree-shaken).
//
// One copy of the code serves every entry, and each entry has its own registry (its revisions, its
// default, its unknown-spec note): src/revisions/built-in.ts is replaced by nothing, and each exported
// function of an entry puts its entry's registry in force for the call (src/revisions/scope.ts,
// enterRegistry/leaveRegistry). An entry's SPEC_IDS and DEFAULT_SPEC are its own constants.
//
// What stays outside the chunks, imported as it is:
//   ../generated/<spec>.*.js            the tables (CommonJS, minified by build-package.mjs), shared with the
//                                        CommonJS entries; Node and bundlers read their named exports
//   ../src/<module>.js                   the modules of src/ the tables require (the scanner's and AST's
//                                        readers, src/scanner/tables.ts ...): one copy, the one they use
//   ../entries/parts/<spec>.validate.mjs validate() of a per-revision entry (its acceptance DFA alone), and
//   ../entries/parts/all.validate.mjs    the main entry's (every revision's part), from build-entries.mjs
// The chunks are closed to importers by the `exports` map ("./chunk-*": null).
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { build } from "esbuild";
import { entryExportNames, perRevisionNote, revisionOperations } from "./build-entries.mjs";
import { typePrefix } from "./revisions.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const outDir = join(root, "dist", "esm");
const BUILT_IN = join(root, "src", "revisions", "built-in.ts");

/** The revisions of the registry, as the build compiled it (dist/src: tsc's output). */
function registry() {
  return require(join(root, "dist", "src", "revisions", "index.js"));
}


/**
 * The source of one entry: the registry, each exported function of `api` (the exports as the CommonJS
 * build has them: name -> value) wrapped to put it in force, the other exports as they are, and
 * validate() from its part. `modules` are where the exports come from: `main` for all but `from`'s
 * (name -> module: the operations of src/entry-operations.ts), each imported as its own namespace so
 * that a bundler keeps of each only what a page reaches.
 */
function entrySource({ api, main, from = {}, ids, defaultId, note, validatePart }) {
  const lines = [];
  const modules = [main, ...new Set(Object.values(from))];
  modules.forEach((m, i) => lines.push(`import * as api${i} from ${JSON.stringify(m)};`));
  const namespaceOf = (name) => `api${modules.indexOf(from[name] ?? main)}`;
  lines.push(`import { enterRegistry, leaveRegistry } from ${JSON.stringify(join(root, "src", "revisions", "scope"))};`);
  // Each revision's descriptor (grammar/<id>/descriptor.ts), under a name of its own.
  const local = (id) => `descriptor${typePrefix(id)}`;
  for (const id of ids) lines.push(`import { descriptor as ${local(id)} } from ${JSON.stringify(join(root, "grammar", id, "descriptor"))};`);
  lines.push(`export { validate } from ${JSON.stringify(validatePart)};`);
  lines.push(`const REGISTRY = { revisions: { ${ids.map((id) => `${JSON.stringify(id)}: ${local(id)}`).join(", ")} }, default: ${JSON.stringify(defaultId)}, note: ${JSON.stringify(note)} };`);
  lines.push(`export const SPEC_IDS = /* @__PURE__ */ Object.freeze(${JSON.stringify(ids)});`);
  lines.push(`export const DEFAULT_SPEC = ${JSON.stringify(defaultId)};`);
  const own = new Set(["validate", "SPEC_IDS", "DEFAULT_SPEC"]);
  const values = new Map();
  for (const name of Object.keys(api).sort()) {
    if (own.has(name)) continue;
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name)) throw new Error(`build-esm: export ${name} is no identifier`);
    if (typeof api[name] === "function") {
      lines.push(`export function ${name}(...args) {\n  const before = enterRegistry(REGISTRY);\n  try {\n    return ${namespaceOf(name)}.${name}(...args);\n  } finally {\n    leaveRegistry(before);\n  }\n}`);
    } else values.set(from[name] ?? main, [...(values.get(from[name] ?? main) ?? []), name]);
  }
  // Re-exported as they are (a statement with no effect: a bundler drops those a page does not import).
  for (const [module, names] of values) lines.push(`export { ${names.join(", ")} } from ${JSON.stringify(module)};`);
  return lines.join("\n") + "\n";
}

/** The modules of src/ that the generated modules require (as tsc compiled them: dist/src/<path>.js), as paths under src/ without extension. */
function sharedWithTables() {
  const dir = join(root, "dist", "generated");
  const out = new Set();
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".js"))) {
    for (const m of readFileSync(join(dir, f), "utf8").matchAll(/require\("\.\.\/src\/([^"]+)"\)/g)) out.add(m[1]);
  }
  return out;
}

export async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  {
    const ids = [...registry().SPEC_IDS];
    const shared = sharedWithTables();
    // Each entry's source, by name (esbuild reads them from the "entry" namespace below).
    const sources = new Map();
    // The main entry: every revision; its exports are src/index.ts's (the CommonJS main entry's).
    const mainApi = require(join(root, "dist", "src", "index.js"));
    sources.set("index", entrySource({ api: mainApi, main: join(root, "src", "index"), ids, defaultId: registry().DEFAULT_SPEC, note: "", validatePart: "../entries/parts/all.validate.mjs" }));
    // One per revision: src/revision-entry.ts's exports (its CommonJS core's), that revision alone.
    for (const id of ids) {
      // src/revision-entry.ts's exports and those of src/entry-operations.ts the descriptor says apply (as the CommonJS entry has them).
      const core = require(join(root, "dist", "entries", "parts", `${id}.core.js`));
      const api = Object.fromEntries(entryExportNames(id, Object.keys(core)).map((n) => [n, core[n]]));
      const from = Object.fromEntries(revisionOperations().flatMap((o) => o.values.filter((v) => v in api).map((v) => [v, join(root, "src", o.module)])));
      sources.set(id, entrySource({ api, main: join(root, "src", "revision-entry"), from, ids: [id], defaultId: id, note: perRevisionNote(id), validatePart: `../entries/parts/${id}.validate.mjs` }));
    }
    // Each module of src/entry-operations.ts as an entry point of its own, closed to importers by the
    // `exports` map ("./chunk-*": null): the code it reaches (ops/iri: the IDNA of src/ops/idna.ts and
    // tr46, whose tables are 200 KB) is then reached by a set of entries no other code is, and lands in
    // a chunk of its own, which a page that does not call it drops whole (package.json "sideEffects":
    // false); without it, tr46 shared a chunk with rfc3987's descriptor, which every page of the main
    // entry keeps (test/entries.test.ts).
    for (const o of revisionOperations()) sources.set(`chunk-${o.module.replace(/\//g, "-")}`, `export * from ${JSON.stringify(join(root, "src", o.module))};\n`);
    const entryPoints = Object.fromEntries([...sources.keys()].map((name) => [name, `entry:${name}`]));
    const result = await build({
      entryPoints,
      outdir: outDir,
      outExtension: { ".js": ".mjs" },
      chunkNames: "chunk-[hash]",
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      target: "node20",
      // Minified but for whitespace: minifying whitespace drops the /* @__PURE__ */ annotations of the
      // modules' top-level values, and without them a page's bundler keeps every such value (and what
      // it reaches) whether the page uses it or not.
      minifySyntax: true,
      minifyIdentifiers: true,
      legalComments: "none",
      metafile: true,
      logLevel: "error",
      plugins: [
        {
          name: "package-layout",
          setup(b) {
            // The entries' sources, made above (no file on disk, so the output names no scratch path).
            b.onResolve({ filter: /^entry:/ }, (args) => ({ path: args.path.slice("entry:".length), namespace: "entry" }));
            b.onLoad({ filter: /.*/, namespace: "entry" }, (args) => ({ contents: sources.get(args.path), loader: "js", resolveDir: outDir }));
            // The code has no built-in list: each entry hands its registry in (src/revisions/scope.ts).
            b.onResolve({ filter: /\/built-in$/ }, (args) => {
              const path = join(args.resolveDir, args.path) + ".ts";
              return path === BUILT_IN ? { path, namespace: "no-built-in" } : undefined;
            });
            b.onLoad({ filter: /.*/, namespace: "no-built-in" }, () => ({
              loader: "js",
              contents: "export const BUILT_IN_REVISIONS = undefined;\nexport const BUILT_IN_DEFAULT = undefined;\nexport const BUILT_IN_NOTE = \"\";\nexport const BUILT_IN_ACCEPTORS = {};\n",
            }));
            // The tables and the validate() parts stay where they are, shared with the CommonJS entries,
            // and so do the modules of src/ the tables require.
            b.onResolve({ filter: /\/generated\/[^/]+$/ }, (args) => ({ path: `../generated/${basename(args.path)}.js`, external: true }));
            b.onResolve({ filter: /^\.\.?\// }, (args) => {
              const under = relative(join(root, "src"), join(args.resolveDir, args.path)).split(sep).join("/");
              return shared.has(under) ? { path: `../src/${under}.js`, external: true } : undefined;
            });
            b.onResolve({ filter: /^\.\.\/entries\/parts\/[^/]+\.validate\.mjs$/ }, (args) => ({ path: args.path, external: true }));
          },
        },
      ],
    });
    const files = readdirSync(outDir);
    const chunks = files.filter((f) => f.startsWith("chunk-"));
    const bytes = Object.entries(result.metafile.outputs).reduce((n, [, o]) => n + o.bytes, 0);
    console.log(`esm: ${Object.keys(entryPoints).length} entries and ${chunks.length} shared chunks in dist/esm/ (${Math.round(bytes / 1024)} KiB)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
