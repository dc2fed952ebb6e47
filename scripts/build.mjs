// npm run build (and `prepare`, so `npm ci` builds): grammars -> generated/ -> dist/ (tsc) -> the
// package's own files (scripts/build-package.mjs) -> the explorer's site (scripts/build-site.mjs). One script rather than a chain of npm scripts:
// `npm pack` runs `prepare` after `prepack` has replaced package.json by the published manifest,
// which has no scripts (scripts/pack-manifest.mjs).
//
// URI_GRAMMARS_PREBUILT=1 skips the build when dist/ is complete: the consumer test
// (test/package.test.ts) packs the build that `npm test` has just made, instead of rebuilding dist/
// under the running tests.
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

if (process.env.URI_GRAMMARS_PREBUILT === "1" && existsSync(join(root, "dist", "esm", "index.mjs"))) {
  console.log("build: URI_GRAMMARS_PREBUILT=1, using the existing dist/");
  process.exit(0);
}

const node = (script) => execFileSync(process.execPath, [join(root, "scripts", script)], { cwd: root, stdio: "inherit" });
node("build-grammars.mjs");
node("compile-scanner.mjs");
// The test-only revision (test/fixtures/revision/: a grammar and a descriptor, test/fixture-revision.test.ts)
// is built the same way into its own folder; a packed tarball has no test/ and skips it.
const fixture = join("test", "fixtures", "revision");
if (existsSync(join(root, fixture))) {
  for (const script of ["build-grammars.mjs", "compile-scanner.mjs"]) execFileSync(process.execPath, [join(root, "scripts", script), fixture, join(fixture, "generated")], { cwd: root, stdio: "inherit" });
}
// tsc does not remove what an older build compiled (a module since deleted): start from nothing.
rmSync(join(root, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(root, "tsconfig.json")], { cwd: root, stdio: "inherit" });
node("build-package.mjs");
// One entry point per revision of the registry, dist/entries/<spec>.{js,d.ts,d.mts} (scripts/build-entries.mjs).
node("build-entries.mjs");
// The ES module entries, the main one and one per revision, sharing one copy of the code: dist/esm/ (scripts/build-esm.mjs).
node("build-esm.mjs");
// The test tables the conformance suite needs, for the package (scripts/build-conformance-data.mjs).
node("build-conformance-data.mjs");
// The explorer (src/web/) as a static site in site/, for `uri-grammars serve` (not in the package).
node("build-site.mjs");
// The site compressed into dist/site/ for the package, which `uri-grammars serve` serves once installed (scripts/pack-site.mjs).
node("pack-site.mjs");
