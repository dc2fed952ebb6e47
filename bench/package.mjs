// The package as a user pays for it (issue 27), measured on the packed tarball beside fast-uri and
// uri-js: the bundle a web page ships (esbuild, minified, browser, gzip) for what it imports, the
// tarball unpacked, and the time to load an entry in a fresh Node process (median of fresh processes,
// fast-uri's and uri-js's in the same run). Prints a Markdown table; part of `npm run bench` (after
// bench/run.mjs), or alone: `npm run build && node bench/package.mjs`. BENCH_PACKAGE_RUNS sets the
// number of fresh processes per row (default 15).
//
// The package is packed with `npm pack` (prepack writes the published manifest; URI_GRAMMARS_PREBUILT=1
// packs the build just made) and unpacked into a scratch project's node_modules, next to fast-uri and
// uri-js copied from this repository's node_modules (the versions package-lock.json pins).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.BENCH_PACKAGE_RUNS ?? 15);

/** Bytes of every file under `dir`. */
function treeBytes(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? treeBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return n;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export async function runPackageBench() {
  const work = mkdtempSync(join(tmpdir(), "uri-grammars-package-bench-"));
  try {
    const packs = join(work, "packs");
    const project = join(work, "project");
    const modules = join(project, "node_modules");
    mkdirSync(packs, { recursive: true });
    mkdirSync(modules, { recursive: true });
    execFileSync("npm", ["pack", "--pack-destination", packs], { cwd: ROOT, env: { ...process.env, URI_GRAMMARS_PREBUILT: "1" }, stdio: ["ignore", "pipe", "pipe"] });
    const tgz = join(packs, readdirSync(packs).find((f) => f.endsWith(".tgz")));
    const packed = statSync(tgz).size;
    execFileSync("tar", ["-xzf", tgz, "-C", modules]);
    const pkgDir = join(modules, "uri-grammars");
    execFileSync("mv", [join(modules, "package"), pkgDir]);
    const unpacked = treeBytes(pkgDir);
    // The package's dependencies (the CLI's) and the peers, with what they depend on, as this
    // repository has them installed (the versions package-lock.json pins).
    const seen = new Set();
    const queue = [...Object.keys(JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).dependencies ?? {}), "fast-uri", "uri-js"];
    while (queue.length > 0) {
      const dep = queue.shift();
      if (seen.has(dep)) continue;
      seen.add(dep);
      cpSync(join(ROOT, "node_modules", dep), join(modules, dep), { recursive: true });
      queue.push(...Object.keys(JSON.parse(readFileSync(join(ROOT, "node_modules", dep, "package.json"), "utf8")).dependencies ?? {}));
    }
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "bench", private: true }));

    // ---- bundles ----
    const bundles = [
      { what: "`validate` from `uri-grammars/rfc3986`", target: "≤ 25 KB", code: `import { validate } from "uri-grammars/rfc3986";\nconsole.log(validate("http://a/", { spec: "rfc3986" }));\n` },
      { what: "`validate` from `uri-grammars/draft-2003`", target: "", code: `import { validate } from "uri-grammars/draft-2003";\nconsole.log(validate("http://a/"));\n` },
      { what: "`parse` from `uri-grammars/rfc3986`", target: "", code: `import { parse } from "uri-grammars/rfc3986";\nconsole.log(parse("http://a/").ok);\n` },
      { what: "`parse` from `uri-grammars/draft-2003`", target: "≤ 45 KB", code: `import { parse } from "uri-grammars/draft-2003";\nconsole.log(parse("http://a/").ok);\n` },
      { what: "`validate` from `uri-grammars` (every revision)", target: "", code: `import { validate } from "uri-grammars";\nconsole.log(validate("http://a/", { spec: "rfc3986" }));\n` },
      { what: "every export of `uri-grammars`", target: "≤ 120 KB", code: `import * as api from "uri-grammars";\nconsole.log(Object.keys(api).length, api);\n` },
      { what: "fast-uri (`parse`)", target: "", code: `import { parse } from "fast-uri";\nconsole.log(parse("http://a/"));\n` },
      { what: "uri-js (`parse`)", target: "", code: `import { parse } from "uri-js";\nconsole.log(parse("http://a/"));\n` },
    ];
    const bundleRows = [];
    for (const [i, b] of bundles.entries()) {
      const entry = join(project, `page-${i}.mjs`);
      writeFileSync(entry, b.code);
      const out = await build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
      const bytes = out.outputFiles[0].contents;
      bundleRows.push({ ...b, min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }

    // ---- fresh-process load ----
    const loads = [
      { what: "`require(\"uri-grammars/rfc3986\")`", spec: "uri-grammars/rfc3986", target: "≤ 3×" },
      { what: "`require(\"uri-grammars/draft-2003\")`", spec: "uri-grammars/draft-2003", target: "≤ 3×" },
      { what: "`require(\"uri-grammars\")`", spec: "uri-grammars" },
      { what: "`require(\"fast-uri\")`", spec: "fast-uri" },
      { what: "`require(\"uri-js\")`", spec: "uri-js" },
      { what: "`require(\"uri-grammars/rfc3986\")` + first `validate`", spec: "uri-grammars/rfc3986", call: `m.validate("http://a/b?c#d")` },
      { what: "`require(\"uri-grammars/rfc3986\")` + first `parse`", spec: "uri-grammars/rfc3986", call: `m.parse("http://a/b?c#d")` },
      { what: "`require(\"fast-uri\")` + first `parse`", spec: "fast-uri", call: `m.parse("http://a/b?c#d")` },
      // The ES module entries (dist/esm/), as Node imports them.
      { what: "`import(\"uri-grammars/rfc3986\")`", spec: "uri-grammars/rfc3986", esm: true },
      { what: "`import(\"uri-grammars/rfc3986\")` + first `parse`", spec: "uri-grammars/rfc3986", esm: true, call: `m.parse("http://a/b?c#d")` },
      { what: "`import(\"uri-grammars\")`", spec: "uri-grammars", esm: true },
      { what: "`import(\"fast-uri\")`", spec: "fast-uri", esm: true },
    ];
    const times = loads.map(() => []);
    for (let r = 0; r < RUNS; r++) {
      for (const [i, l] of loads.entries()) {
        const load = l.esm ? `await import(${JSON.stringify(l.spec)})` : `require(${JSON.stringify(l.spec)})`;
        const script = `const t0 = process.hrtime.bigint(); const m = ${load}; ${l.call ?? ""}; process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6));`;
        const args = l.esm ? ["--input-type=module", "-e", script] : ["-e", script];
        times[i].push(Number(execFileSync(process.execPath, args, { cwd: project, encoding: "utf8" })));
      }
    }
    // Each row beside fast-uri's load in the same module system (require, or import).
    const fast = (esm) => median(times[loads.findIndex((l) => l.spec === "fast-uri" && !l.call && !l.esm === !esm)]);
    const loadRows = loads.map((l, i) => ({ ...l, ms: median(times[i]), ratio: median(times[i]) / fast(l.esm) }));
    return { packed, unpacked, bundleRows, loadRows, runs: RUNS };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function packageTable(r) {
  const lines = [];
  lines.push(`### The package (packed tarball ${kb(r.packed)}, unpacked ${kb(r.unpacked)}; target unpacked ≤ 1 MB)`, "");
  lines.push("| browser bundle (esbuild, minified) | minified | gzip | target (gzip) |", "|---|---:|---:|---|");
  for (const b of r.bundleRows) lines.push(`| ${b.what} | ${kb(b.min)} | ${kb(b.gzip)} | ${b.target} |`);
  lines.push("", `| fresh Node process (median of ${r.runs}) | ms | × fast-uri's (same module system) | target |`, "|---|---:|---:|---|");
  for (const l of r.loadRows) lines.push(`| ${l.what} | ${l.ms.toFixed(1)} | ${l.ratio.toFixed(1)} | ${l.target ?? ""} |`);
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(packageTable(await runPackageBench()));
}
