// The explorer for the package (scripts/build.mjs, after build-site.mjs): every file of site/ stored
// brotli-compressed as dist/site/<path>.br, which `uri-grammars serve` serves from an installed
// package (src/cli/site-server.ts: as it is to a browser that accepts br, decompressed otherwise).
// Shipping the site built, not building it at first run: the build needs esbuild (a devDependency with
// a native binary), the grammars' sources and the documents' text from ../shared, none of which an
// installed package has. Compressed, because the tarball is compressed anyway (npm pack gzips it):
// what it costs there is about the same, and unpacked it costs a fifth of site/ (bench/results/package.md).
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

export function packSite(siteDir = join(root, "site"), outDir = join(root, "dist", "site")) {
  rmSync(outDir, { recursive: true, force: true });
  let raw = 0;
  let packed = 0;
  const files = listFiles(siteDir);
  for (const file of files) {
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const out = join(outDir, relative(siteDir, file)) + ".br";
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, br);
    raw += bytes.length;
    packed += br.length;
  }
  console.log(`site for the package: ${files.length} files in dist/site/ (brotli), ${Math.round(raw / 1024)} KB -> ${Math.round(packed / 1024)} KB`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) packSite();
