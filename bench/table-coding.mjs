// The coders of the table strings compared (issue 27): for each candidate, what the pages that import
// `parse` from `uri-grammars/draft-2003` and `uri-grammars/rfc3986` and `validate` from
// `uri-grammars/rfc3986` bundle to (esbuild, minified, browser, gzip -9, as bench/package.mjs), the
// bytes of dist/generated's modules (the tarball's), the decoder's own minified and gzip bytes, and
// the one-time decode of each revision's strings.
//
// Run after `npm run build` (the LZMA build: its strings are decoded to the tables' bytes, which
// each candidate codes anew): `node bench/table-coding.mjs [dist of a build of the text form]`.
// A candidate's pages are the build's with every coded string replaced by a string of the
// candidate's length in the same 90 characters (random: a coded string is incompressible, so gzip
// bytes depend on its length alone), and its decoder's gzip bytes counted instead of the LZMA
// decoder's. The deflate candidates need fflate, from FFLATE_DIR (a folder whose node_modules has it;
// absent: skipped); the hand-written inflate is bench/inflate.mjs.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateRawSync, gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const DIST = join(ROOT, "dist");
const BASE = process.argv[2];

const PAGES = [
  ["`validate` from rfc3986", `import { validate } from "uri-grammars/rfc3986";\nconsole.log(validate("http://a/", { spec: "rfc3986" }));\n`],
  ["`parse` from rfc3986", `import { parse } from "uri-grammars/rfc3986";\nconsole.log(parse("http://a/").ok);\n`],
  ["`parse` from draft-2003", `import { parse } from "uri-grammars/draft-2003";\nconsole.log(parse("http://a/").ok);\n`],
];

async function bundle(contents, resolveDir, plugins = []) {
  const out = await build({ stdin: { contents, resolveDir, loader: "js" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent", plugins });
  const bytes = out.outputFiles[0].contents;
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** A page's import of `uri-grammars/<spec>`: the ES module entry (dist/esm/<spec>.mjs, as the package's exports map it), or the older dist/entries/<spec>.mjs. */
const entryOf = (dist, spec) => (existsSync(join(dist, "esm", `${spec}.mjs`)) ? join(dist, "esm", `${spec}.mjs`) : join(dist, "entries", `${spec}.mjs`));

async function pages(dist) {
  const plugin = { name: "package", setup: (b) => b.onResolve({ filter: /^uri-grammars\// }, (a) => ({ path: entryOf(dist, a.path.split("/")[1]) })) };
  const r = [];
  for (const [, code] of PAGES) r.push((await bundle(code, dist, [plugin])).gzip);
  return r;
}

/** The tarball's generated modules (dist/generated's, CommonJS) and, where the build has them, the ES module chunks (dist/esm, which carry the same tables once more). */
const generatedBytes = (dist) =>
  readdirSync(join(dist, "generated"))
    .filter((f) => /\.(scanner|accept|rules|ast)\.js$/.test(f))
    .reduce((n, f) => n + statSync(join(dist, "generated", f)).size, 0) +
  (existsSync(join(dist, "esm")) ? readdirSync(join(dist, "esm")).filter((f) => f.endsWith(".mjs")).reduce((n, f) => n + statSync(join(dist, "esm", f)).size, 0) : 0);

// ---- the build's coded strings ----
const { decoded, RADIX } = require(join(DIST, "src", "scanner", "coded.js"));
const CODED = /(codedReader|decoded|tableSource)(\)?)\(\s*"([^"]*)",\s*(\d+)\)/g;
const strings = [];
for (const f of readdirSync(join(DIST, "generated")).filter((f) => /\.(scanner|accept|ast)\.js$/.test(f))) {
  for (const m of readFileSync(join(DIST, "generated", f), "utf8").matchAll(CODED)) strings.push({ file: f, coded: m[3], bytes: decoded(m[3], Number(m[4])) });
}

// ---- the candidates: the coded length of a string's bytes, and the decoder ----
const FFLATE_DIR = process.env.FFLATE_DIR;
let fflate = null;
try {
  fflate = createRequire(join(FFLATE_DIR ?? ROOT, "x.js"))("fflate");
} catch {}
/** What a deflate candidate's decoder adds: base-85 text to bytes. */
const FROM_BASE85 = `function b85(s){const o=new Uint8Array(s.length/5*4);for(let i=0,k=0;i<s.length;i+=5){let v=0;for(let j=0;j<5;j++)v=v*85+s.charCodeAt(i+j)-35;o[k++]=v>>>24;o[k++]=v>>>16;o[k++]=v>>>8;o[k++]=v}return o}console.log(b85);`;
const base85 = (n) => Math.ceil(n / 4) * 5; // bytes written 4 to 5 characters (85^5 > 2^32; 90 characters allow no better in blocks this short)
const candidates = [
  { name: "LZMA, radix-90 range coder (chosen)", length: (s) => s.coded.length, decoder: `import { codedReader } from "${join(ROOT, "dist/src/scanner/coded.js")}"; console.log(codedReader);` },
  ...(fflate
    ? [
        { name: "deflate -9 (zlib) + fflate inflateSync, base-85", length: (s) => base85(deflateRawSync(s.bytes, { level: 9 }).length), decoder: `import { inflateSync } from "fflate"; console.log(inflateSync); ${FROM_BASE85}`, dir: FFLATE_DIR },
        { name: "deflate -9 (zlib) + hand-written inflate, base-85", length: (s) => base85(deflateRawSync(s.bytes, { level: 9 }).length), decoder: `import { inflate } from "${join(ROOT, "bench", "inflate.mjs")}"; console.log(inflate); ${FROM_BASE85}` },
      ]
    : []),
  { name: "xz -9e (liblzma's encoder, reference: same decoder)", length: (s) => Math.ceil((xzBytes(s.bytes) * 8) / Math.log2(RADIX)), decoder: null },
];

function xzBytes(bytes) {
  try {
    // A raw LZMA1 stream less its 5-byte end marker and flush (the radix-90 coder writes none).
    return execFileSync("xz", ["--format=raw", "--lzma1=preset=9e,lc=0,lp=0,pb=0", "-c"], { input: bytes }).length - 5;
  } catch {
    return NaN;
  }
}

const digits = (() => {
  let s = "";
  for (let c = 0x20; c < 0x7f; c++) if (!'"$<\\`'.includes(String.fromCharCode(c))) s += String.fromCharCode(c);
  return s;
})();
let seed = 27;
const randomText = (n) => {
  let s = "";
  for (let i = 0; i < n; i++) s += digits[(seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % RADIX];
  return s;
};

/** A copy of the build with every coded string replaced by a random one of the candidate's length. */
function withLengths(length) {
  // (beside the package's package.json: its "sideEffects": false lets the bundler drop what a page does not use)
  const top = mkdtempSync(join(tmpdir(), "table-coding-"));
  cpSync(join(ROOT, "package.json"), join(top, "package.json"));
  const dir = join(top, "dist");
  cpSync(DIST, dir, { recursive: true, filter: (p) => !p.includes("/test") && !p.includes("/conformance") });
  const files = [
    ...readdirSync(join(dir, "generated")).filter((f) => /\.(scanner|accept|ast)\.js$/.test(f)).map((f) => join(dir, "generated", f)),
    ...(existsSync(join(dir, "esm")) ? readdirSync(join(dir, "esm")).filter((f) => f.endsWith(".mjs")).map((f) => join(dir, "esm", f)) : []),
  ];
  // (by the strings themselves: the ES module chunks may name the decoder otherwise)
  const replacement = new Map(strings.map((s) => [s.coded, randomText(length(s))]));
  for (const f of files) {
    let text = readFileSync(f, "utf8");
    for (const [coded, other] of replacement) text = text.split(`"${coded}"`).join(`"${other}"`);
    writeFileSync(f, text);
  }
  return dir;
}

const lzmaDecoder = await bundle(candidates[0].decoder, ROOT);
const rows = [];
if (BASE) rows.push({ name: "text digits + the bundle's gzip (main)", pages: await pages(BASE), generated: generatedBytes(BASE), decoder: null });
for (const c of candidates) {
  const dir = withLengths(c.length);
  const top = join(dir, "..");
  try {
    const decoder = c.decoder ? await bundle(c.decoder, c.dir ?? ROOT) : lzmaDecoder;
    // The pages carry the LZMA decoder: count the candidate's instead.
    const p = (await pages(dir)).map((g) => g - lzmaDecoder.gzip + decoder.gzip);
    rows.push({ name: c.name, pages: p, generated: generatedBytes(dir), decoder, coded: strings.reduce((n, s) => n + c.length(s), 0) });
  } finally {
    rmSync(top, { recursive: true, force: true });
  }
}

// ---- decode time: every string of a revision, once, in this process (first run, then the median of 5) ----
function decodeTimes(decode) {
  const bySpec = new Map();
  for (const s of strings) {
    const spec = s.file.split(".")[0];
    if (!bySpec.has(spec)) bySpec.set(spec, []);
    bySpec.get(spec).push(s);
  }
  const out = {};
  for (const spec of ["rfc3986", "draft-2003"]) {
    const list = bySpec.get(spec);
    const runs = [];
    for (let r = 0; r < 6; r++) {
      const t0 = performance.now();
      for (const s of list) decode(s);
      runs.push(performance.now() - t0);
    }
    const warm = runs.slice(1).sort((a, b) => a - b)[2];
    out[spec] = `${runs[0].toFixed(1)} / ${warm.toFixed(1)}`;
  }
  return out;
}
const times = { [candidates[0].name]: decodeTimes((s) => decoded(s.coded, s.bytes.length)) };
if (fflate) {
  const deflated = new Map(strings.map((s) => [s, deflateRawSync(s.bytes, { level: 9 })]));
  times[candidates[1].name] = decodeTimes((s) => fflate.inflateSync(deflated.get(s), { out: new Uint8Array(s.bytes.length) }));
  const { inflate } = await import(join(ROOT, "bench", "inflate.mjs"));
  times[candidates[2].name] = decodeTimes((s) => inflate(deflated.get(s), s.bytes.length));
}

// ---- the one-time decode of a revision's strings in a fresh process (median of RUNS), as V8 runs it
// (its optimising compiler works beside the decode on another thread) and with the baseline
// compiler alone (--max-opt=1: the work itself, steadier on a loaded machine) ----
const RUNS = Number(process.env.BENCH_CODING_RUNS ?? 5);
const SPECS = [...new Set(strings.map((s) => s.file.split(".")[0]))];
const freshScript = (spec) => `
const { readFileSync, readdirSync } = require("fs");
const { decoded } = require(${JSON.stringify(join(DIST, "src", "scanner", "coded.js"))});
const dir = ${JSON.stringify(join(DIST, "generated"))};
const list = [];
for (const f of readdirSync(dir).filter((f) => f.startsWith(${JSON.stringify(spec + ".")}) && /\.(scanner|accept|ast)\.js$/.test(f)))
  for (const m of readFileSync(dir + "/" + f, "utf8").matchAll(${CODED})) list.push([m[3], +m[4]]);
const t0 = performance.now();
let n = 0;
for (const [c, k] of list) n += decoded(c, k).length;
process.stdout.write(JSON.stringify({ n, ms: performance.now() - t0 }));`;
const fresh = [];
for (const spec of SPECS) {
  const row = { spec };
  for (const [key, flags] of [["jit", []], ["baseline", ["--max-opt=1"]]]) {
    const ms = [];
    for (let r = 0; r < RUNS; r++) {
      const o = JSON.parse(execFileSync(process.execPath, [...flags, "-e", freshScript(spec)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
      row.bytes = o.n;
      ms.push(o.ms);
    }
    row[key] = ms.sort((a, b) => a - b)[ms.length >> 1];
  }
  fresh.push(row);
}

const kb = (n) => (Number.isFinite(n) ? `${(n / 1024).toFixed(1)}` : "-");
console.log("| coder | coded strings (chars) | dist/generated + dist/esm (raw) | validate rfc3986 (gzip) | parse rfc3986 (gzip) | parse draft-2003 (gzip) | decoder (min / gzip) | decode rfc3986, draft-2003 (ms: first / warm) |");
console.log("|---|---:|---:|---:|---:|---:|---:|---|");
for (const r of rows) {
  const t = times[r.name];
  console.log(`| ${r.name} | ${r.coded ? kb(r.coded) : "-"} KB | ${kb(r.generated)} KB | ${r.pages.map(kb).join(" KB | ")} KB | ${r.decoder ? `${r.decoder.min} / ${r.decoder.gzip} B` : "-"} | ${t ? `${t.rfc3986}; ${t["draft-2003"]}` : "-"} |`);
}

console.log("");
console.log(`| revision | decoded bytes (all its strings) | decode in a fresh process, ms (median of ${RUNS}) | the same, baseline compiler only (--max-opt=1) |`);
console.log("|---|---:|---:|---:|");
for (const r of fresh) console.log(`| ${r.spec} | ${r.bytes} | ${r.jit.toFixed(1)} | ${r.baseline.toFixed(1)} |`);
