// The IRI and zone-identifier scanners beside RFC 3986's (issue 33's closing note): the size of
// each DFA (states, classes, transition table in memory, its encoded rows in the generated module,
// raw and gzip, and the whole generated scanner module), and validate() speed in one process on
// corpora of URIs and IRIs, as ratios to rfc3986 measured in the same run.
//
//   npm run build && nice node bench/iri-scanners.mjs      (BENCH_IRI_ROUNDS: timed rounds, default 21)
//
// Corpora:
//   URIs  test/data/corpora/real-world.txt: the lines rfc3986 accepts (real references, ASCII);
//   IRIs  the same lines with the ASCII letters of host, path, query and fragment moved to Cyrillic
//         (a-z -> U+0430..U+0449, A-Z -> U+0410..U+0429): real shapes, every letter non-ASCII, all
//         valid rfc3987 IRIs (rfc3986 refuses them at their first letter, so it is not timed on them);
//   astral IRIs  the same, letters moved to CJK Extension B (U+20000 + letter), two UTF-16 units each.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const { validate, parse } = require(join(ROOT, "dist", "src", "index.js"));
const { getRevision } = require(join(ROOT, "dist", "src", "revisions", "index.js"));
const { SPEC_IDS } = require(join(ROOT, "dist", "src", "revisions", "index.js"));
// The IRI revisions, each beside the URI revision its §3.1 mapping produces (rfc3987 and rfc3986).
const SPECS = [...new Set(SPEC_IDS.filter((id) => getRevision(id).iri).flatMap((id) => [getRevision(id).iri.uri, id]))];
const ROUNDS = Number(process.env.BENCH_IRI_ROUNDS ?? 21);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// ---- sizes ----
console.log("| revision | DFA states | classes | TRANS in memory | encoded rows (raw / gzip) | generated scanner module (raw / gzip) |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const spec of SPECS) {
  const scanner = getRevision(spec).scanner;
  scanner.load();
  const source = readFileSync(join(ROOT, "generated", `${spec}.scanner.ts`), "utf8");
  const rows = /rowsInto\(TRANS, K, "([^"]*)"/.exec(source)[1];
  const states = scanner.ACCEPT.length;
  console.log(
    `| ${spec} | ${states.toLocaleString("en")} | ${scanner.K} | ${kb(scanner.TRANS.byteLength)} | ${kb(rows.length)} / ${kb(gzipSync(rows).length)} | ${kb(Buffer.byteLength(source))} / ${kb(gzipSync(source).length)} |`,
  );
}

// ---- corpora ----
const lines = readFileSync(join(ROOT, "test", "data", "corpora", "real-world.txt"), "utf8").split("\n").filter((l) => l !== "");
const uris = lines.filter((l) => validate(l, { spec: "rfc3986" }) && /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(l));
/** The URI with the letters after "scheme://" moved by `move`. */
function iriOf(uri, move) {
  const i = uri.indexOf("://") + 3;
  // Letters of a percent-encoding's hex digits stay ASCII.
  return uri.slice(0, i) + uri.slice(i).replace(/%[0-9A-Fa-f]{2}|[A-Za-z]/g, (m) => (m.length === 3 ? m : move(m)));
}
const cyrillic = (ch) => String.fromCodePoint((ch >= "a" ? 0x430 + ch.charCodeAt(0) - 0x61 : 0x410 + ch.charCodeAt(0) - 0x41));
const astral = (ch) => String.fromCodePoint(0x20000 + ch.charCodeAt(0));
const iris = uris.map((u) => iriOf(u, cyrillic));
const astralIris = uris.map((u) => iriOf(u, astral));
for (const [name, xs] of [["IRIs", iris], ["astral IRIs", astralIris]]) {
  const bad = xs.filter((x) => !validate(x, { spec: "rfc3987" }));
  if (bad.length > 0) throw new Error(`${name}: ${bad.length} not valid rfc3987, e.g. ${bad[0]}: ${parse(bad[0], { spec: "rfc3987" }).error.message}`);
}
const units = (xs) => xs.reduce((s, x) => s + x.length, 0);
console.log(`\ncorpora: ${uris.length} URIs (${units(uris)} UTF-16 units), ${iris.length} IRIs (${units(iris)} units), ${astralIris.length} astral IRIs (${units(astralIris)} units)`);

// ---- speed: every (corpus, revision) pair in turn, ROUNDS times, the median of each ----
function timeOnce(xs, spec) {
  const t = process.hrtime.bigint();
  let ok = 0;
  for (const x of xs) if (validate(x, { spec })) ok++;
  const ns = Number(process.hrtime.bigint() - t);
  if (ok !== xs.length) throw new Error(`${spec}: ${xs.length - ok} rejected`);
  return ns;
}
const runs = [
  ["URIs", uris, "rfc3986"],
  ["URIs", uris, "rfc3987"],
  ["URIs", uris, "rfc6874"],
  ["IRIs", iris, "rfc3987"],
  ["astral IRIs", astralIris, "rfc3987"],
];
const times = runs.map(() => []);
for (const [, xs, spec] of runs) timeOnce(xs, spec); // warm-up
for (let r = 0; r < ROUNDS; r++) runs.forEach(([, xs, spec], k) => times[k].push(timeOnce(xs, spec)));
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const base = median(times[0]) / uris.length;
console.log(`\n| corpus | revision | ns per input (median of ${ROUNDS}) | million UTF-16 units per s | ratio to rfc3986 on the URIs |`);
console.log("|---|---|---:|---:|---:|");
runs.forEach(([name, xs, spec], k) => {
  const ns = median(times[k]) / xs.length;
  console.log(`| ${name} | ${spec} | ${ns.toFixed(0)} | ${((units(xs) / median(times[k])) * 1e3).toFixed(1)} | ${(ns / base).toFixed(2)} |`);
});
