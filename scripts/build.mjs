// npm run build (and `prepare`, so `npm ci` builds): grammars -> generated/ -> dist/ (tsc) -> the
// package's own files (scripts/build-package.mjs) -> the entries, the conformance data, the explorer's
// site. One script rather than a chain of npm scripts: `npm pack` runs `prepare` after `prepack` has
// replaced package.json by the published manifest, which has no scripts (scripts/pack-manifest.mjs).
//
// Incremental: each step records the hash of what it reads (dist/.build-stamps.json) and is skipped
// when that is unchanged; tsc keeps its own incremental state (dist/.tsbuildinfo). A build with
// nothing changed does next to nothing, so `npm test` starts testing at once. What an older build
// compiled from a source since removed is swept from dist/. `node scripts/build.mjs --clean` (or
// deleting dist/) builds everything from nothing.
//
// URI_GRAMMARS_PREBUILT=1 skips the build when dist/ is complete: the consumer test
// (test/package.test.ts) packs the build that `npm test` has just made.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const dist = join(root, "dist");

if (process.env.URI_GRAMMARS_PREBUILT === "1" && existsSync(join(dist, "esm", "index.mjs"))) {
  console.log("build: URI_GRAMMARS_PREBUILT=1, using the existing dist/");
  process.exit(0);
}
if (process.argv.includes("--clean")) rmSync(dist, { recursive: true, force: true });

const started = Date.now();
const STAMPS = join(dist, ".build-stamps.json");
const stamps = existsSync(STAMPS) ? JSON.parse(readFileSync(STAMPS, "utf8")) : {};
const ran = [];
const skipped = [];

/** Every file under the given paths (files or folders, relative to the root), sorted; node_modules and dot-folders left out. */
export function filesUnder(paths) {
  const out = [];
  const walk = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const e of readdirSync(p).sort()) if (e !== "node_modules" && !e.startsWith(".")) walk(join(p, e));
    } else out.push(p);
  };
  for (const p of paths) walk(join(root, p));
  return out;
}

/** The hash of the files under `paths` (their names and contents). */
function hashOf(paths) {
  const h = createHash("sha256");
  for (const f of filesUnder(paths)) h.update(relative(root, f)).update("\0").update(readFileSync(f)).update("\0");
  return h.digest("hex");
}

/** Runs `run` unless the files it reads (`inputs`) and the settings it reads (`settings`) are as they were when it last ran. */
function step(name, inputs, run, settings = "") {
  const hash = hashOf(inputs) + settings;
  if (stamps[name] === hash) return void skipped.push(name);
  run();
  stamps[name] = hashOf(inputs) + settings; // what it read, as it is now (a step may write into its own inputs)
  mkdirSync(dist, { recursive: true });
  writeFileSync(STAMPS, JSON.stringify(stamps, null, 2));
  ran.push(name);
}

const node = (script, ...args) => execFileSync(process.execPath, [join(root, "scripts", script), ...args], { cwd: root, stdio: "inherit" });

// 1. The grammars: rule inventories, peggy's reference parsers, scanners and AST modules
//    (generated/; scripts/compile-scanner.mjs also skips each revision whose inputs are unchanged).
//    The test-only revision (test/fixtures/revision/, test/fixture-revision.test.ts) is built the
//    same way into its own folder; a packed tarball has no test/ and skips it. The scanner compiler
//    is type-checked first (tsconfig.scripts.json: its passes are JavaScript with JSDoc types); how
//    the tables are written (URI_GRAMMARS_TABLES: coded, or plain) is one of the step's settings.
const fixture = join("test", "fixtures", "revision");
step("grammars", ["grammar", "generated", join(fixture, "generated"), "scripts/build-grammars.mjs", "scripts/revisions.mjs", "scripts/compile-scanner.mjs", "scripts/scanner", "scripts/ast", "tsconfig.scripts.json", join(fixture, "test-mini"), "node_modules/peggy/package.json"], () => {
  if (existsSync(join(root, "tsconfig.scripts.json"))) execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "--noEmit", "-p", join(root, "tsconfig.scripts.json")], { cwd: root, stdio: "inherit" });
  node("build-grammars.mjs");
  node("compile-scanner.mjs");
  if (existsSync(join(root, fixture))) for (const script of ["build-grammars.mjs", "compile-scanner.mjs"]) node(script, fixture, join(fixture, "generated"));
}, `tables ${process.env.URI_GRAMMARS_TABLES ?? "coded"}`);

// 2. TypeScript, incrementally (tsconfig.json: incremental, dist/.tsbuildinfo), then what an older
//    build compiled from a source since removed goes; peggy's reference parsers (2 MB that only the
//    tests run) are compiled apart, without a type check.
//    tsc is not even started when no source it reads changed since it last passed (its own
//    incremental no-op takes seconds: it still builds the program), so `npm test` with nothing
//    changed starts testing at once; `npm run dev` compiles apart and leaves its mark, which sends
//    the next build to tsc.
step("typescript", ["src", "grammar", "generated", "test", "tsconfig.json", "package.json", "package-lock.json"], () => {
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(root, "tsconfig.json")], { cwd: root, stdio: "inherit" });
  rmSync(join(dist, ".dev-sources.json"), { force: true }); // what `npm run dev` compiled is tsc's again
  sweepOrphans();
}, `tsbuildinfo ${existsSync(join(dist, ".tsbuildinfo"))} dev ${existsSync(join(dist, ".dev-sources.json"))}`);
const peggyParsers = ["generated", join(fixture, "generated")].flatMap((d) => (existsSync(join(root, d)) ? readdirSync(join(root, d)).filter((f) => f.endsWith(".peggy.ts")).map((f) => join(d, f)) : []));
step("peggy-parsers", peggyParsers, () => compilePeggyParsers());

// 3. The package's own files, the entries, the conformance data and the explorer: each from what tsc
//    wrote and the files it names.
const compiled = ["dist/src", "dist/grammar", "dist/generated", "generated"];
step("package", [...compiled, "scripts/build-package.mjs"], () => node("build-package.mjs"));
// One entry point per revision of the registry, dist/entries/<spec>.{js,d.ts,d.mts} (scripts/build-entries.mjs).
step("entries", [...compiled, "src", "grammar", "dist/entries", "scripts/build-entries.mjs", "scripts/revisions.mjs"], () => node("build-entries.mjs"));
// The ES module entries, the main one and one per revision, sharing one copy of the code: dist/esm/ (scripts/build-esm.mjs).
step("esm", [...compiled, "src", "grammar", "dist/entries", "dist/esm", "scripts/build-esm.mjs", "scripts/build-entries.mjs"], () => node("build-esm.mjs"));
// The test tables the conformance suite needs, for the package (scripts/build-conformance-data.mjs).
step("conformance-data", ["dist/test/support", "dist/conformance", "grammar", "test/data", "docs/conformance-suite.schema.json", "scripts/build-conformance-data.mjs"], () => node("build-conformance-data.mjs"));
// The explorer (src/web/) as a static site in site/, for `uri-grammars serve` (not in the package).
step("site", [...compiled, "src", "grammar", "test/data", "scripts/build-site.mjs", "scripts/site", "site"], () => node("build-site.mjs"));
// The site compressed into dist/site/ for the package, which `uri-grammars serve` serves once installed (scripts/pack-site.mjs).
step("pack-site", ["site", "scripts/pack-site.mjs"], () => node("pack-site.mjs"));

console.log(`build: ${ran.length > 0 ? ran.join(", ") : "nothing"} built${skipped.length > 0 ? `, ${skipped.join(", ")} unchanged` : ""} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

/**
 * Removes what tsc wrote from a source that no longer exists (a module deleted or moved): each .js,
 * .d.ts and .js.map under dist/{src,grammar,generated,test} without its .ts (or, for the
 * reference parsers, .peggy.ts) beside it in the sources. The files the other steps write there
 * (minified tables, the composed grammars, index.d.mts) have their sources too, or are kept by name.
 */
function sweepOrphans() {
  const KEEP = new Set(["src/index.d.mts"]);
  for (const tree of ["src", "grammar", "generated", "test"]) {
    for (const f of filesUnder([join("dist", tree)])) {
      const rel = relative(dist, f).split(sep).join("/");
      if (KEEP.has(rel) || !/\.(js|d\.ts|js\.map)$/.test(rel)) continue;
      const source = join(root, rel.replace(/(\.d\.ts|\.js|\.js\.map)$/, ".ts"));
      if (!existsSync(source)) rmSync(f);
    }
  }
}

/** peggy's reference parsers (generated/<spec>.peggy.ts, ts-pegjs's output) to dist/, by esbuild (no type check: machine output the tests require). */
function compilePeggyParsers() {
  const { transformSync } = require("esbuild");
  for (const dir of ["generated", join(fixture, "generated")]) {
    if (!existsSync(join(root, dir))) continue;
    for (const f of readdirSync(join(root, dir)).filter((x) => x.endsWith(".peggy.ts"))) {
      const out = join(dist, dir, f.replace(/\.ts$/, ".js"));
      const { code } = transformSync(readFileSync(join(root, dir, f), "utf8"), { loader: "ts", format: "cjs", target: "node20", sourcefile: f });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, code);
    }
  }
}
