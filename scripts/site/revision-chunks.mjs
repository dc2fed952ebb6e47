// The explorer loads a revision's tables when a page first needs them (issue 27, item 3): an esbuild
// plugin for scripts/build-site.mjs.
//
// A revision's descriptor (grammar/<spec>/descriptor.ts) stays in the pages' bundle with what a page
// reads to draw (title, date, rules, components): every page can list every revision at once. The
// generated modules it imports besides its rule inventory (generated/<spec>.scanner.ts,
// generated/<spec>.ast.ts: the tables, ~90 % of a revision's weight) are replaced there by stubs
// whose functions throw a sentence naming the missing load. The real modules go into one chunk per
// revision, behind a dynamic import() in src/web/lib/revision-tables.ts, whose source this plugin
// replaces by the generated loader: loading a revision imports its chunk and puts the real modules'
// values in place of the stubs' in its descriptor (the namespace object, and each function or object
// the descriptor holds). Node users never see any of this: the library is unchanged, and a bundle
// without this plugin (test/browser-safe.test.ts) keeps every revision built in, where
// revision-tables.ts loads nothing.
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/** The web module whose source the plugin replaces by the loader. */
export const LOADER_MODULE = "src/web/lib/revision-tables.ts";

/**
 * Each built-in revision's descriptor file (grammar/<spec>/descriptor.ts, the registry's ids) and
 * the generated modules it imports that are loaded lazily, read from the descriptors' own imports.
 */
export function lazyRevisionModules(root) {
  const { SPEC_IDS, getRevision } = require(join(root, "dist/src/revisions/index.js"));
  return SPEC_IDS.map((id) => {
    const descriptor = join(root, "grammar", id, "descriptor.ts");
    if (!existsSync(descriptor)) throw new Error(`revision-chunks: ${id} has no grammar/${id}/descriptor.ts`);
    const source = readFileSync(descriptor, "utf8");
    const modules = [...source.matchAll(/^import (?!type )[^;]*? from "\.\.\/\.\.\/generated\/([\w.-]+)";$/gm)]
      .map((m) => m[1])
      .filter((name) => !name.endsWith(".rules"))
      .map((name) => {
        const path = join(root, "generated", `${name}.ts`);
        if (!existsSync(path)) throw new Error(`revision-chunks: ${descriptor} imports generated/${name}, which is missing (npm run build)`);
        // The export names and kinds, read from the compiled module (dist/generated/, built from the same source).
        const compiled = require(join(root, "dist/generated", `${name}.js`));
        return { name, path, exports: Object.keys(compiled).map((k) => ({ name: k, kind: typeof compiled[k] })) };
      });
    if (modules.length === 0) throw new Error(`revision-chunks: ${descriptor} imports no generated tables (the plugin expects scanner and AST modules)`);
    if (getRevision(id) === undefined) throw new Error(`revision-chunks: no revision ${id}`);
    return { id, descriptor, modules };
  });
}

/** The esbuild plugin. `transform(path, source)` is applied to the generated loader as to every source of src/web. */
export function revisionChunksPlugin(root, transform = null) {
  const revisions = lazyRevisionModules(root);
  const stubbed = new Map(revisions.flatMap((r) => r.modules.map((m) => [m.path, { revision: r.id, module: m }])));
  const descriptors = new Set(revisions.map((r) => r.descriptor));
  const loaderPath = join(root, LOADER_MODULE);
  return {
    name: "revision-chunks",
    setup(build) {
      // A descriptor's import of its tables: the stub.
      build.onResolve({ filter: /generated[\\/][\w.-]+$/ }, (args) => {
        if (!descriptors.has(args.importer)) return undefined;
        const path = join(args.resolveDir, `${args.path}.ts`);
        return stubbed.has(path) ? { path, namespace: "revision-stub" } : undefined;
      });
      // The loader's imports of the stubs (the same modules as the descriptors': their values are what it replaces).
      build.onResolve({ filter: /^revision-stub:/ }, (args) => ({ path: args.path.slice("revision-stub:".length), namespace: "revision-stub" }));
      build.onResolve({ filter: /^revision-chunk:/ }, (args) => ({ path: args.path.slice("revision-chunk:".length), namespace: "revision-chunk" }));
      build.onLoad({ filter: /.*/, namespace: "revision-stub" }, (args) => ({ contents: stubSource(stubbed.get(args.path)), loader: "js", resolveDir: root }));
      // One chunk per revision: its real generated modules, as namespaces.
      build.onLoad({ filter: /.*/, namespace: "revision-chunk" }, (args) => {
        const r = revisions.find((x) => x.id === args.path);
        return { contents: r.modules.map((m, i) => `export * as m${i} from ${JSON.stringify(m.path)};`).join("\n"), loader: "js", resolveDir: root };
      });
      build.onLoad({ filter: /[\\/]src[\\/]web[\\/]lib[\\/]revision-tables\.ts$/ }, (args) => {
        if (args.path !== loaderPath) return undefined;
        const contents = loaderSource(root, revisions);
        return { contents: transform ? transform(args.path, contents) : contents, loader: "ts", resolveDir: join(root, "src/web/lib") };
      });
    },
  };
}

/** A stub of one generated module: every export, each function throwing the sentence that names the load it lacks. */
function stubSource({ revision, module }) {
  const lines = [`const missing = () => { throw new Error(${JSON.stringify(`the tables of ${revision} (generated/${module.name}) are not loaded: the page must await loadRevisions(["${revision}"]) (src/web/lib/revision-tables.ts) before it parses with ${revision}`)}); };`];
  for (const { name, kind } of module.exports) {
    if (kind === "function") lines.push(`export function ${name}() { missing(); }`);
    else if (kind === "object") lines.push(`export const ${name} = new Proxy({}, { get: missing, has: missing, ownKeys: missing });`);
    else lines.push(`export const ${name} = undefined;`);
  }
  return lines.join("\n");
}

/** The generated src/web/lib/revision-tables.ts: its exports are the real module's, by name and type. */
function loaderSource(root, revisions) {
  const imports = [`import { getRevision } from ${JSON.stringify(join(root, "src/revisions/index.ts"))};`];
  const entries = revisions.map((r, i) => {
    r.modules.forEach((m, j) => imports.push(`import * as stub${i}_${j} from ${JSON.stringify(`revision-stub:${m.path}`)};`));
    return `  ${JSON.stringify(r.id)}: { stubs: [${r.modules.map((_, j) => `stub${i}_${j}`).join(", ")}], load: () => import(${JSON.stringify(`revision-chunk:${r.id}`)}) },`;
  });
  return `${imports.join("\n")}
// Generated by scripts/site/revision-chunks.mjs in place of this file's own source (which loads nothing).

const CHUNKS: Record<string, { stubs: object[]; load: () => Promise<Record<string, object>> }> = {
${entries.join("\n")}
};
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Whether a revision's tables are in place (every revision without the site build's plugin). */
export function tablesLoaded(spec: string): boolean {
  return !(spec in CHUNKS) || loaded.has(spec);
}

/** Loads each revision's tables (its chunk), once; resolves when all are in place. */
export function loadRevisions(specs: readonly string[]): Promise<void> {
  return Promise.all(specs.map(loadOne)).then(() => undefined);
}

function loadOne(spec: string): Promise<void> {
  const chunk = CHUNKS[spec];
  if (!chunk || loaded.has(spec)) return Promise.resolve();
  let p = loading.get(spec);
  if (!p) {
    p = chunk.load().then((real) => {
      // Each stub value the descriptor holds (the namespace, a function, an object) by the real one.
      const swap = new Map<unknown, unknown>();
      chunk.stubs.forEach((stub, i) => {
        const mod = real[\`m\${i}\`] as Record<string, unknown>;
        swap.set(stub, mod);
        for (const [name, value] of Object.entries(stub)) if (value !== undefined) swap.set(value, mod[name]);
      });
      const revision = getRevision(spec) as unknown as Record<string, unknown>;
      for (const key of Object.keys(revision)) if (swap.has(revision[key])) revision[key] = swap.get(revision[key]);
      loaded.add(spec);
    });
    p.catch(() => loading.delete(spec));
    loading.set(spec, p);
  }
  return p;
}
`;
}
