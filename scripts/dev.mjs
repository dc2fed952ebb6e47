// The inner loop of a grammar edit: `npm run dev -- <spec> [--full]`.
//
//   1. recompiles that revision's grammar when it changed (scripts/build-grammars.mjs and
//      scripts/compile-scanner.mjs with --only; a revision that amends it waits for npm run build),
//      its tables plain (URI_GRAMMARS_TABLES=plain unless set: no coder, which is 40% of a grammar's
//      compile time; the next npm run build writes them coded again);
//   2. compiles every TypeScript source that changed since the last build or dev run to dist/, one
//      file at a time, without a type check (the next build type-checks everything); no bundles,
//      entries or site;
//   3. runs that revision's tests in this process: the revision-wide test files with mocha's grep on
//      its id (the tests name the revision they check), and its own test files (test/<spec>*.test.ts).
//      --full adds the slower revision-wide checks (the AST oracle, the walk's captures, the
//      fidelity campaign, the pruned derivation, format()).
//
// It needs one full build first (it runs `npm run build` when dist/ has none). Exit status: mocha's
// (0 when every test passed), 2 on a usage error.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { revisionIds } from "./revisions.mjs";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");

/** The test files that check every revision, each test naming the revision it checks. */
export const REVISION_TESTS = ["tables", "scanner", "fidelity-proof", "published-recognizer", "components", "rule-name-case"];
/** With --full: the slower ones. */
export const FULL_REVISION_TESTS = ["ast-oracle", "walk-captures", "fidelity", "pruned-derivation", "format"];

/** The sources dev compiles to dist/ (the explorer's are the site build's). */
const SOURCES = ["src", "grammar", "generated", "test"];
const CACHE = join(dist, ".dev-sources.json");

function usage(message) {
  console.error(`${message}\nusage: npm run dev -- <spec> [--full]   (revisions: ${revisionIds(join(root, "grammar")).join(", ")})`);
  process.exit(2);
}

/** Every .ts source (not a declaration, not the explorer's) under SOURCES, relative to the root. */
function tsSources() {
  const out = [];
  const walk = (rel) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const p = join(rel, e.name);
      if (e.isDirectory()) {
        if (p !== join("src", "web") && e.name !== "node_modules") walk(p);
      } else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(p);
    }
  };
  for (const s of SOURCES) if (existsSync(join(root, s))) walk(s);
  return out;
}

/**
 * Compiles the sources that changed since the cache was written, each alone with TypeScript's
 * transpileModule (the CommonJS tsc writes, whose exports Node's ES module loader can name); returns
 * their number. tsc's incremental state no longer matches what is in dist/ then, so it is dropped:
 * the next build type-checks and writes everything again.
 */
function compileChanged() {
  const ts = require("typescript");
  const options = ts.parseJsonConfigFileContent(ts.readConfigFile(join(root, "tsconfig.json"), ts.sys.readFile).config, ts.sys, root).options;
  const cache = existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, "utf8")) : null;
  const next = {};
  let n = 0;
  for (const rel of tsSources()) {
    const text = readFileSync(join(root, rel), "utf8");
    const hash = createHash("sha1").update(text).digest("hex");
    next[rel] = hash;
    const out = join(dist, rel.replace(/\.ts$/, ".js"));
    // Without a cache (the first dev run after a build), what tsc wrote is current unless the source is newer.
    if (cache ? cache[rel] === hash && existsSync(out) : existsSync(out) && statSync(out).mtimeMs >= statSync(join(root, rel)).mtimeMs) continue;
    const { outputText } = ts.transpileModule(text, { compilerOptions: { ...options, declaration: false, incremental: false, tsBuildInfoFile: undefined }, fileName: rel });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
    n++;
  }
  writeFileSync(CACHE, JSON.stringify(next));
  if (n > 0) rmSync(join(dist, ".tsbuildinfo"), { force: true });
  return n;
}

async function main() {
  const args = process.argv.slice(2);
  const spec = args.find((a) => !a.startsWith("--"));
  const ids = revisionIds(join(root, "grammar"));
  if (spec === undefined) usage("npm run dev needs a revision");
  if (!ids.includes(spec)) usage(`no revision "${spec}" (a folder of grammar/ with a grammar.peggy)`);
  const times = [];
  let t = Date.now();
  const lap = (what) => {
    times.push(`${what} ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
  };
  if (!existsSync(join(dist, ".build-stamps.json"))) {
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    lap("first build");
  }
  // That revision alone: one that amends it is left as it was until npm run build.
  execFileSync(process.execPath, [join(root, "scripts", "build-grammars.mjs"), "--only", spec], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(process.execPath, [join(root, "scripts", "compile-scanner.mjs"), "--only", spec], { cwd: root, stdio: "inherit", env: { ...process.env, URI_GRAMMARS_TABLES: process.env.URI_GRAMMARS_TABLES ?? "plain" } });
  lap("grammars");
  const compiled = compileChanged();
  lap(`${compiled} sources compiled`);
  const Mocha = require("mocha");
  const mocha = new Mocha({ reporter: "dot", timeout: 600_000, grep: new RegExp(spec.replace(/[-]/g, "\\-")) });
  const names = [...REVISION_TESTS, ...(args.includes("--full") ? FULL_REVISION_TESTS : [])];
  for (const name of names) mocha.addFile(join(dist, "test", `${name}.test.js`));
  for (const f of readdirSync(join(dist, "test")).filter((f) => f.startsWith(spec) && f.endsWith(".test.js"))) mocha.addFile(join(dist, "test", f));
  const failures = await new Promise((resolve) => mocha.run(resolve));
  lap("tests");
  console.log(`dev ${spec}: ${times.join(", ")}`);
  process.exitCode = failures > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
