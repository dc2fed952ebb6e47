// One entry point per revision (`uri-grammars/rfc3986`, ...), after tsc and build-package.mjs
// (scripts/build.mjs), for every revision of the registry (SPEC_IDS of the built dist/src/revisions,
// so a revision added as a folder of grammar/ gets its entry with no edit here). What it writes,
// in dist/entries/:
//   parts/core.js everything but validate(), once for all revisions: esbuild bundles
//                 src/revision-entry.ts and the operations only some revisions carry
//                 (src/entry-operations.ts; minified) with the registry's list (src/revisions/built-in.ts)
//                 read from a parameter, and the bundle is wrapped in a function of it: each entry
//                 calls it with its own revision and has its own instance (its registry, its state).
//                 The core reaches no revision's tables but through that list (the build refuses it)
//   parts/<spec>.core.js
//                 the core called with the revision's descriptor (dist/grammar/<spec>/descriptor.js, which
//                 requires its generated modules from ../../generated/: the tarball holds each
//                 revision's tables once, and the main entry shares them) and no other
//   parts/<spec>.validate.js
//                 validate() alone: validatorFor() (src/validator.ts) over the revision's acceptance
//                 DFA (../../generated/<spec>.accept.js), with the descriptor's facts that choose the
//                 start rule written in (validatorFacts())
//   <spec>.js     the CommonJS entry: the two parts' exports together, the core's required when one
//                 of its exports is first read; of the operations of src/entry-operations.ts, those
//                 the revision's descriptor says apply (rfc3987: toURI, toIRI)
//   parts/<spec>.validate.mjs
//                 the validate() part as an ES module, which the ES module entry (dist/esm/<spec>.mjs,
//                 scripts/build-esm.mjs: the library's code shared by every entry, tree-shakable)
//                 re-exports, so that a bundler that sees only `validate` imported leaves the rest out
//                 (package.json "sideEffects": false). Issue 27: a page pays for what it imports.
//   <spec>.d.ts   the types: those of src/revision-entry.ts, with `spec` and the AST types of parse(),
//                 validate(), components() and check() defaulting to the revision (as the code does)
//   <spec>.d.mts  the ES module entry's types (dist/esm/<spec>.mjs): the CommonJS ones, re-exported
// package.json's `exports` maps "./*" to these (an id of no revision finds no file) and "./parts/*" to nothing.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const outDir = join(root, "dist", "entries");
const BUILT_IN = join(root, "src", "revisions", "built-in.ts");

/** What every part is bundled as: CommonJS for Node 20 and bundlers, minified, kept in memory. */
const BUNDLE = { bundle: true, format: "cjs", platform: "neutral", mainFields: ["main"], target: "node20", minify: true, legalComments: "none", write: false, metafile: true };

/** The revisions of the registry, as the build compiled it. */
export function registryIds() {
  return [...require(join(root, "dist", "src", "revisions", "index.js")).SPEC_IDS];
}


/**
 * esbuild's options for parts/core.js, the core every revision's entry shares: src/revision-entry.ts
 * bundled with the registry's list (src/revisions/built-in.ts) replaced by what the entry hands the
 * core (`__uriGrammarsBuiltIn`: its one descriptor, its id as the default, the note of unknown-spec
 * messages). main() wraps the bundle in a function of that parameter, so that each entry that calls
 * it gets its own instance (its own registry and state), and the tarball holds the core once.
 */
export function coreBuildOptions() {
  // src/revision-entry.ts, and the operations only some revisions carry (src/entry-operations.ts): the
  // core has them all, each entry exports those its descriptor says apply (entryExportNames()).
  const contents =
    `export * from ${JSON.stringify(join(root, "src", "revision-entry"))};\n` +
    revisionOperations().map((o) => `export { ${o.values.join(", ")} } from ${JSON.stringify(join(root, "src", o.module))};\n`).join("");
  return {
    stdin: { contents, loader: "ts", resolveDir: join(root, "src"), sourcefile: "revision-entry-core.ts" },
    ...BUNDLE,
    // tr46 (src/ops/idna.ts) stays a package the core requires where it converts a host, not bytes of
    // the core every entry loads: a dependency of the package, found from dist/entries/parts/.
    external: ["tr46"],
    plugins: [
      {
        name: "built-in-from-entry",
        setup(b) {
          b.onResolve({ filter: /\/built-in$/ }, (args) => {
            const path = join(args.resolveDir, args.path) + ".ts";
            return path === BUILT_IN ? { path, namespace: "built-in-from-entry" } : undefined;
          });
          b.onLoad({ filter: /.*/, namespace: "built-in-from-entry" }, () => ({
            loader: "js",
            contents:
              "export const BUILT_IN_REVISIONS = __uriGrammarsBuiltIn.revisions;\n" +
              "export const BUILT_IN_DEFAULT = __uriGrammarsBuiltIn.default;\n" +
              "export const BUILT_IN_NOTE = __uriGrammarsBuiltIn.note;\n" +
              // A revision's entry validates with its own part (src/validator.ts): its core's parse() carries no acceptance DFA.
              "export const BUILT_IN_ACCEPTORS = {};\n",
          }));
          // The core names no revision: a generated module reached from it is a mistake (a module of
          // src/ that imports a revision's tables or descriptor directly).
          // (generated/delimiting is no revision's tables: every revision's row of the delimiting
          // rules, which extract() reads, as src/revisions/delimiting.ts held them before the rows
          // moved to their folders.)
          b.onResolve({ filter: /\/generated\/[^/]+$/ }, (args) =>
            /\/generated\/delimiting$/.test(args.path) ? undefined : { errors: [{ text: `the core reaches ${args.path} (from ${args.importer}): it must reach a revision through the registry alone` }] },
          );
        },
      },
    ],
  };
}

/** The operations only some revisions' entries carry (src/entry-operations.ts, as the build compiled it). */
export function revisionOperations() {
  return require(join(root, "dist", "src", "entry-operations.js")).REVISION_OPERATIONS;
}

/**
 * The exports of the entry of `id`, of the core's `names`: all but the operations of
 * src/entry-operations.ts whose descriptor fact the revision lacks (uri-grammars/rfc3987 has toURI
 * and toIRI, uri-grammars/rfc3986 has not). No list of revisions: the descriptor decides.
 */
export function entryExportNames(id, names) {
  const { getRevision } = require(join(root, "dist", "src", "revisions", "index.js"));
  const revision = getRevision(id);
  const left = new Set(revisionOperations().filter((o) => !o.applies(revision)).flatMap((o) => o.values));
  return names.filter((n) => !left.has(n));
}

/** Where a revision's descriptor is built (grammar/<id>/descriptor.ts, whose `descriptor` export it is), from dist/entries/parts/. */
export function descriptorModule(id) {
  return `../../grammar/${id}/descriptor.js`;
}

/** What an unknown-spec message of the entry of `id` adds (src/revisions/scope.ts, Registry.note). */
export function perRevisionNote(id) {
  return ` This is uri-grammars/${id}, which parses ${id} alone: import from "uri-grammars" for every revision.`;
}

/** What parts/<spec>.core.js hands the core: the revision's descriptor (dist/grammar/<spec>/descriptor.js), its id as the default, the note. */
function builtInOf(id) {
  return `{ revisions: { ${JSON.stringify(id)}: require(${JSON.stringify(descriptorModule(id))}).descriptor }, default: ${JSON.stringify(id)}, note: ${JSON.stringify(perRevisionNote(id))} }`;
}

/**
 * The descriptor's facts that choose validate()'s start rule (src/validator.ts, ValidatorFacts), read
 * from the built registry: the names that find each rule as findNamedRule() finds them
 * (ruleNameMaps()), the top rule and the scheme productions.
 */
export function validatorFacts(id) {
  const { getRevision, ruleNameMaps } = require(join(root, "dist", "src", "revisions", "index.js"));
  const revision = getRevision(id);
  const { exact, folded } = ruleNameMaps(revision);
  const entries = (map) => [...map].map(([name, rule]) => [name, rule.pegName]);
  const how = revision.schemeProductions;
  return {
    id,
    topRule: revision.topRule,
    rules: entries(exact),
    foldedRules: folded === null ? null : entries(folded),
    schemeProductions: how === undefined ? null : { ...how, productions: [...how.productions] },
  };
}

/**
 * Whether the verdict of a revision needs more than its acceptance DFA: checks on the matches of
 * some rules (Revision.predicates) or a start rule chosen by a base URL (Revision.baseRules).
 */
function checkedBeyondDfa(id) {
  const revision = require(join(root, "dist", "src", "revisions", "index.js")).getRevision(id);
  return revision.predicates !== undefined || revision.baseRules !== undefined;
}

/**
 * esbuild's options for parts/<spec>.validate.js: validatorFor() over the acceptance DFA, the DFA
 * required from ../../generated/; for a revision whose verdict needs more than the DFA
 * (checkedBeyondDfa), parse() of its core, which it loads on the first call.
 */
export function validateBuildOptions(id) {
  const contents = checkedBeyondDfa(id)
    ? `let core;\n` +
      `/** validate() of ${id}: parse()'s verdict (predicates on some rules' matches, a start rule a base URL picks: more than the acceptance DFA). */\n` +
      `export function validate(input: unknown, options?: unknown): boolean {\n` +
      `  try {\n` +
      `    // Read once, in parse()'s order (spec, rule, tree, base: src/request.ts), the tree read and dropped.\n` +
      `    const o = typeof options === "object" && options !== null ? { spec: (options as any).spec, rule: (options as any).rule, tree: void (options as any).tree, base: (options as any).base } : options;\n` +
      `    return (core ??= require("./${id}.core.js")).parse(input, o).ok;\n` +
      `  } catch {\n` +
      `    return false; // an options object whose getters throw: false, as validate() of the main entry answers\n` +
      `  }\n` +
      `}\n`
    : `import * as dfa from ${JSON.stringify(join(root, "generated", `${id}.accept`))};\n` +
      `import { validatorFor } from ${JSON.stringify(join(root, "src", "validator"))};\n` +
      `export const validate = validatorFor(dfa, ${JSON.stringify(validatorFacts(id))});\n`;
  return {
    stdin: { contents, loader: "ts", resolveDir: root, sourcefile: `${id}.validate.ts` },
    ...BUNDLE,
    plugins: [
      {
        name: "generated-external",
        setup(b) {
          b.onResolve({ filter: /\/generated\/[^/]+$/ }, (args) => ({ path: `../../generated/${basename(args.path)}.js`, external: true }));
          b.onResolve({ filter: /^\.\/[^/]+\.core\.js$/ }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
  };
}

/** The types of the entry of `id`: src/revision-entry.ts's, with the revision as the default `spec`. */
function declarations(id) {
  const S = JSON.stringify(id);
  const { getRevision } = require(join(root, "dist", "src", "revisions", "index.js"));
  const { resolutionKinds } = require(join(root, "dist", "src", "ops", "resolve.js"));
  const kinds = resolutionKinds(getRevision(id)).map((k) => JSON.stringify(k)).join(" | ");
  return `// GENERATED by scripts/build-entries.mjs: the types of uri-grammars/${id}, the entry of the revision ${id}.
import type { CheckOptions, CheckResult, ComponentsOptions, ComponentsResult, KnownRule, ParseOptions, ParseResult, ResolveOptions, ResolveResult, SpecInfo, ValidateOptions } from "../src/revision-entry";
export * from "../src/revision-entry";
/** This entry's one revision: ${id}. */
export declare const DEFAULT_SPEC: ${S};
/** The revisions this entry parses: ${id} alone (the package's main entry has them all). */
export declare const SPEC_IDS: readonly ${S}[];
export declare function availableSpecIds(): ${S}[];
export declare function isSpecId(id: unknown): id is ${S};
export declare function specs(): SpecInfo[];
/** parse() of the main entry, with \`spec\` ${id} (another revision's id is an unknown-spec error value). */
export declare function parse<R extends string = never, T extends boolean = false>(input: unknown, options?: (ParseOptions<${S}, T, R> & KnownRule<${S}, R>) | ${S}): ParseResult<${S}, T, R>;
export declare function validate<R extends string = never>(input: unknown, options?: (ValidateOptions<${S}, R> & KnownRule<${S}, R>) | ${S}): boolean;
export declare function components<R extends string = never>(input: unknown, options?: (ComponentsOptions<${S}, R> & KnownRule<${S}, R>) | ${S}): ComponentsResult;
export declare function check<R extends string = never>(input: unknown, options?: (CheckOptions<${S}, R> & KnownRule<${S}, R>) | ${S}): CheckResult;
/** resolve() of the main entry, with \`spec\` ${id}: its answers are ${id}'s, of the kinds its ${"notDefined" in getRevision(id).resolution ? "document gives (none: it defines no resolution)" : `algorithm (${getRevision(id).resolution.algorithm}) gives`}. */
export declare function resolve(base: unknown, reference: unknown, options?: ResolveOptions | ${S}): ResolveResult<${S}, ${kinds}>;
${operationDeclarations(id)}`;
}

/** The declarations of the operations of src/entry-operations.ts that the entry of \`id\` carries (its descriptor says they apply). */
function operationDeclarations(id) {
  const { getRevision } = require(join(root, "dist", "src", "revisions", "index.js"));
  return revisionOperations()
    .filter((o) => o.applies(getRevision(id)))
    .map((o) => `// ${o.why}\nexport { ${o.values.join(", ")} } from "../src/${o.module}";\nexport type { ${o.types.join(", ")} } from "../src/${o.module}";\n`)
    .join("");
}

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, "parts"), { recursive: true });
  const ids = registryIds();
  const core = await build(coreBuildOptions());
  const body = core.outputFiles[0].text.replace(/^"use strict";/, "");
  writeFileSync(
    join(outDir, "parts", "core.js"),
    `// GENERATED by scripts/build-entries.mjs: the core of every revision's entry (src/revision-entry.ts, bundled and minified),\n` +
      `// as a function of the registry's list: each entry calls it with its own revision and gets its own instance.\n` +
      `"use strict";\nmodule.exports = function revisionEntry(__uriGrammarsBuiltIn) {\nconst module = { exports: {} };\nconst exports = module.exports;\n${body}\nreturn module.exports;\n};\n`,
  );
  const sizes = [`core ${Math.round(body.length / 1024)} KiB`];
  for (const id of ids) {
    const validate = await build(validateBuildOptions(id));
    const foreign = [...validate.outputFiles[0].text.matchAll(/require\("(?:\.\.\/)+generated\/([^"]+)"\)/g)].map((m) => m[1]).filter((f) => !f.startsWith(`${id}.`));
    if (foreign.length > 0) throw new Error(`build-entries: validate() of ${id} requires ${foreign.join(", ")}`);
    writeFileSync(join(outDir, "parts", `${id}.validate.js`), `// GENERATED by scripts/build-entries.mjs: validate() of uri-grammars/${id}, the revision's acceptance DFA alone (src/validator.ts).\n${validate.outputFiles[0].text}`);
    writeFileSync(join(outDir, "parts", `${id}.validate.mjs`), `// GENERATED by scripts/build-entries.mjs: validate() of uri-grammars/${id} as an ES module.\nimport part from "./${id}.validate.js";\n\nexport const { validate } = part;\n`);
    writeFileSync(
      join(outDir, "parts", `${id}.core.js`),
      `// GENERATED by scripts/build-entries.mjs: uri-grammars/${id} but validate(): the core with ${id}'s descriptor (and through it ${id}'s tables) alone.\n` +
        `"use strict";\nmodule.exports = require("./core.js")(${builtInOf(id)});\n`,
    );
    const names = entryExportNames(id, Object.keys(require(join(outDir, "parts", `${id}.core.js`)))).sort();
    for (const n of names) if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(n)) throw new Error(`build-entries: export ${n} is no identifier`);
    if (names.includes("validate")) throw new Error(`build-entries: the core of ${id} exports validate() (src/revision-entry.ts must not)`);
    writeFileSync(
      join(outDir, `${id}.js`),
      `// GENERATED by scripts/build-entries.mjs: uri-grammars/${id}, the entry of the revision ${id}: its core and its validate().\n` +
        `"use strict";\n` +
        `// validate() at once (its part is the acceptance DFA alone); the rest when a first export of it is read, so that a\n` +
        `// process that only validates never loads the core, the scanner or the AST tables (issue 27: pay for what is used).\n` +
        `let core;\nconst load = () => (core ??= require("./parts/${id}.core.js"));\n` +
        `module.exports = { validate: require("./parts/${id}.validate.js").validate };\n` +
        `for (const name of ${JSON.stringify(names)}) Object.defineProperty(module.exports, name, { enumerable: true, get: () => load()[name] });\n`,
    );
    writeFileSync(join(outDir, `${id}.d.ts`), declarations(id));
    writeFileSync(join(outDir, `${id}.d.mts`), `// GENERATED by scripts/build-entries.mjs: the types of the ES module entry (dist/esm/${id}.mjs) are those of the CommonJS one.\nexport * from "./${id}.js";\n`);
    sizes.push(`${id} ${Math.round(validate.outputFiles[0].text.length / 1024)} KiB`);
  }
  // validate() of the main entry as an ES module (dist/esm/index.mjs re-exports it): every revision's part.
  const { DEFAULT_SPEC } = require(join(root, "dist", "src", "revisions", "index.js"));
  const all = await build({
    ...validateBuildOptions(ids[0]),
    stdin: {
      contents:
        `import { validatorOfRevisions } from ${JSON.stringify(join(root, "src", "validator"))};\n` +
        ids.map((id, i) => `import { validate as v${i} } from "./${id}.validate.js";\n`).join("") +
        `export const validate = validatorOfRevisions({ ${ids.map((id, i) => `${JSON.stringify(id)}: v${i}`).join(", ")} }, ${JSON.stringify(DEFAULT_SPEC)});\n`,
      loader: "ts",
      resolveDir: join(outDir, "parts"),
      sourcefile: "all.validate.ts",
    },
    plugins: [{ name: "parts-external", setup: (b) => b.onResolve({ filter: /^\.\/[^/]+\.validate\.js$/ }, (args) => ({ path: args.path, external: true })) }],
  });
  writeFileSync(join(outDir, "parts", "all.validate.js"), `// GENERATED by scripts/build-entries.mjs: validate() of the main entry as an ES module: every revision's own validate() part.\n${all.outputFiles[0].text}`);
  writeFileSync(join(outDir, "parts", "all.validate.mjs"), `// GENERATED by scripts/build-entries.mjs: validate() of the main entry (dist/esm/index.mjs) as an ES module.\nimport part from "./all.validate.js";\n\nexport const { validate } = part;\n`);
  console.log(`entries: one per revision (dist/entries/; the core shared, validate() parts): ${sizes.join(", ")}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
