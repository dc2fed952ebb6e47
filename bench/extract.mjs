// npm run bench:extract (and the last section of npm run bench): extract() measured against a peer.
//
// 1. Real text: the documentation and licence files the benchmark corpus came from
//    (scripts/collect-corpus.sh: /usr/share/doc of Debian packages, README/LICENSE/*.md/*.txt of
//    node_modules), read on this machine. Bare-URL detection is compared with linkify-it
//    (markdown-it's detector, default options except fuzzyEmail: false, so it reports only links
//    with a scheme or "//", as ours does): how many links each finds, how many the two agree on
//    (same start and end), and the disagreements by cause, with a sample. Throughput in MB/s of
//    both, ours with and without the verdicts (parse() of every reference).
// 2. Streaming: `uri-grammars extract --json` on a generated 10 MB and 100 MB file, each in a fresh
//    process (bench/extract-stream.mjs): time, MB/s, references, peak RSS.
//
// BENCH_EXTRACT_MB sets the large size (default 100); BENCH_EXTRACT_STREAM=0 skips part 2.
// Writes bench/results/extract.json and bench/results/extract.md; prints the Markdown.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const { extract } = require("../dist/src/index.js");
const { LinkifyIt } = require("linkify-it");

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LINKIFY_SCHEMES = new Set(["http", "https", "ftp", "mailto"]);

// ---- the corpus: text files, sorted, no binaries ----
const TEXT_NAME = /(^|\/)(copyright|README[^/]*|NEWS[^/]*|changelog(\.Debian)?|CHANGES[^/]*|AUTHORS|THANKS|TODO|LICEN[CS]E[^/]*)$|\.(txt|md|rst|markdown)$/i;

function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && TEXT_NAME.test(p)) out.push(p);
  }
}

export function corpusFiles() {
  const files = [];
  walk("/usr/share/doc", files);
  walk(join(ROOT, "node_modules"), files);
  return files.sort().filter((f) => {
    const size = statSync(f).size;
    if (size === 0 || size > 4 * 1024 * 1024) return false;
    const head = readFileSync(f).subarray(0, 8192);
    return !head.includes(0);
  });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median CPU seconds (user + system) of `fn` over ROUNDS runs after a warm-up: the machine may be shared. */
function time(fn) {
  fn(); // warm-up
  const runs = [];
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    runs.push((c.user + c.system) / 1e6);
  }
  return median(runs);
}

// ---- disagreement causes ----
const MARKDOWN = /\]\(|\)\]/;
const MARKDOWN_CAUSE = "Markdown [text](url) with no space between the parts: ours reads one whitespace-delimited run (the documents' rule) and the grammar rejects it; linkify-it splits at \")\" and \"]\"";
function describe(ch) {
  if (ch === undefined) return "end of text";
  const code = ch.codePointAt(0);
  if (ch === "\n" || ch === "\r") return "a line break";
  if (/\s/.test(ch)) return code > 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, "0")} (whitespace)` : "whitespace";
  if (code > 0x7f) return "a non-ASCII character";
  return JSON.stringify(ch);
}

/** Why the two ends differ: what lies between them, and who stops first. */
function endCause(text, oursEnd, theirsEnd) {
  if (theirsEnd > oursEnd) return `ours stops before ${describe(text[oursEnd])}, linkify-it goes on`;
  return `linkify-it stops before ${describe(text[theirsEnd])}, ours goes on`;
}

function context(text, start, end) {
  const from = Math.max(0, start - 20);
  const to = Math.min(text.length, end + 20);
  return JSON.stringify(text.slice(from, to));
}

export function comparePeers(files) {
  const linkify = new LinkifyIt({ fuzzyEmail: false });
  const texts = files.map((f) => ({ file: f, text: readFileSync(f, "utf8") }));
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const counts = { ours: 0, oursComparable: 0, oursOtherSchemes: 0, linkify: 0, agree: 0, sameStartOtherEnd: 0, oursOnly: 0, linkifyOnly: 0 };
  const causes = new Map();
  const samples = new Map();
  const otherSchemes = new Map();
  const note = (cause, sample) => {
    causes.set(cause, (causes.get(cause) ?? 0) + 1);
    if (!samples.has(cause)) samples.set(cause, sample);
  };
  for (const { file, text } of texts) {
    const r = extract(text, { spec: "draft-2003", check: false });
    const ours = r.ok ? r.references : [];
    const theirs = linkify.match(text) ?? [];
    counts.ours += ours.length;
    counts.linkify += theirs.length;
    const theirsByStart = new Map(theirs.map((m) => [m.index, m]));
    const matched = new Set();
    const where = relative("/", file);
    for (const ref of ours) {
      const scheme = ref.reference.slice(0, ref.reference.indexOf(":")).toLowerCase();
      const m = theirsByStart.get(ref.referenceStart);
      if (!LINKIFY_SCHEMES.has(scheme)) {
        counts.oursOtherSchemes++;
        otherSchemes.set(scheme, (otherSchemes.get(scheme) ?? 0) + 1);
        if (m) matched.add(m.index);
        continue;
      }
      counts.oursComparable++;
      if (!m) {
        counts.oursOnly++;
        const cause =
          ref.wrapper === "<...>" || ref.wrapper === "<URL:...>"
            ? `ours only: in ${ref.wrapper}${ref.repairs.some((x) => x.kind === "whitespace-removed") ? ", with whitespace ignored" : ""}`
            : `ours only: ${ref.wrapper} reference after ${describe(text[ref.start.offset - 1])}, which linkify-it does not take`;
        note(cause, { where, ours: ref.reference, linkify: null, context: context(text, ref.start.offset, ref.end.offset) });
        continue;
      }
      matched.add(m.index);
      if (m.lastIndex === ref.referenceEnd && ref.repairs.every((x) => x.kind !== "whitespace-removed")) {
        counts.agree++;
        continue;
      }
      counts.sameStartOtherEnd++;
      const cause = ref.repairs.some((x) => x.kind === "whitespace-removed")
        ? "ours joins a URL broken by whitespace inside <...>, linkify-it stops at the whitespace"
        : MARKDOWN.test(ref.reference)
          ? MARKDOWN_CAUSE
          : endCause(text, ref.referenceEnd, m.lastIndex);
      note(cause, { where, ours: ref.reference, linkify: m.raw, context: context(text, ref.start.offset, Math.max(ref.end.offset, m.lastIndex)) });
    }
    for (const m of theirs) {
      if (matched.has(m.index)) continue;
      counts.linkifyOnly++;
      const inside = ours.find((ref) => m.index > ref.referenceStart && m.index < ref.referenceEnd);
      const cause =
        m.schema === "//"
          ? 'linkify only: a scheme-less "//host" link'
          : inside
            ? MARKDOWN.test(inside.reference)
              ? `${MARKDOWN_CAUSE} (the second link)`
              : "linkify only: inside a longer reference of ours (no whitespace between them)"
            : `linkify only: preceded by ${describe(text[m.index - 1])}`;
      note(cause, { where, ours: inside ? inside.reference : null, linkify: m.raw, context: context(text, m.index, m.lastIndex) });
    }
  }
  // Throughput over the same texts.
  const run = (f) => () => {
    for (const { text } of texts) f(text);
  };
  const seconds = {
    locate: time(run((t) => extract(t, { spec: "draft-2003", check: false }))),
    check: time(run((t) => extract(t, { spec: "draft-2003" }))),
    linkify: time(run((t) => linkify.match(t))),
  };
  return { files: files.length, bytes, counts, causes: [...causes].sort((a, b) => b[1] - a[1]), samples: Object.fromEntries(samples), otherSchemes: [...otherSchemes].sort((a, b) => b[1] - a[1]), seconds };
}

// ---- streaming: a generated file through the CLI, in a fresh process ----
/** Generates an `mb` MB text, runs the CLI on it in a fresh process for each entry of `heaps` (a V8 old-space cap in MB, or null), removes the file. */
export function runStream(mb, heaps = [null]) {
  const file = join(os.tmpdir(), `uri-grammars-extract-${mb}mb.txt`);
  execFileSync(process.execPath, [join(ROOT, "bench", "extract-stream.mjs"), "generate", file, String(mb)], { stdio: "inherit" });
  try {
    return heaps.map((heap) => {
      const flags = heap === null ? [] : [`--max-old-space-size=${heap}`];
      const out = execFileSync("nice", [process.execPath, ...flags, join(ROOT, "bench", "extract-stream.mjs"), "run", file], { encoding: "utf8", maxBuffer: 1 << 20 });
      return { mb, heap, ...JSON.parse(out.trim().split("\n").pop()) };
    });
  } finally {
    rmSync(file, { force: true });
  }
}

export function extractTable(peer, streams) {
  const mbps = (s) => (peer.bytes / 1e6 / s).toFixed(1);
  const c = peer.counts;
  const lines = [
    `Extraction (bench/extract.mjs): ${peer.files} documentation and licence files (${(peer.bytes / 1e6).toFixed(1)} MB) from /usr/share/doc and node_modules, the sources of the benchmark corpus; ${ROUNDS} rounds, median, MB/s of CPU time (user + system).`,
    "",
    "| contestant | MB/s | links found |",
    "|---|---:|---:|",
    `| ours, draft-2003, locate only (check: false) | ${mbps(peer.seconds.locate)} | ${c.ours} |`,
    `| ours, draft-2003, locate + parse() each | ${mbps(peer.seconds.check)} | ${c.ours} |`,
    `| linkify-it 6.1.0 (fuzzyEmail: false) | ${mbps(peer.seconds.linkify)} | ${c.linkify} |`,
    "",
    `Agreement on links with the schemes linkify-it knows (http, https, ftp, mailto): ours ${c.oursComparable}, linkify-it ${c.linkify}; the same link (same start and end) ${c.agree}; same start, other end ${c.sameStartOtherEnd}; ours only ${c.oursOnly}; linkify-it only ${c.linkifyOnly}. Ours also found ${c.oursOtherSchemes} references with other schemes (${peer.otherSchemes.slice(0, 8).map(([s, n]) => `${s} ${n}`).join(", ")}).`,
    "",
    "| disagreement | count | sample (ours / linkify-it, in context) |",
    "|---|---:|---|",
    ...peer.causes.slice(0, 14).map(([cause, n]) => {
      const s = peer.samples[cause];
      const cut = (x, n) => (x.length > n ? x.slice(0, n) + "…" : x);
      return `| ${cause.replace(/\|/g, "\\|")} | ${n} | ${[s.ours ?? "-", s.linkify ?? "-"].map((x) => "`" + cut(x, 90).replace(/\|/g, "\\|") + "`").join(" / ")} in ${cut(s.context, 110).replace(/\|/g, "\\|")} (${s.where}) |`;
    }),
  ];
  if (streams.length > 0) {
    lines.push(
      "",
      "Streaming (bench/extract-stream.mjs): `uri-grammars extract --json FILE` on a generated text, one fresh process per size, output counted and discarded. Peak RSS = process.resourceUsage().maxRSS (Node's own ~45 MB included).",
      "",
      "| size | V8 heap | references | CPU seconds | MB/s (CPU) | wall seconds | peak RSS (MB) |",
      "|---:|---|---:|---:|---:|---:|---:|",
      ...streams.map((s) => `| ${s.mb} MB | ${s.heap === null ? "default" : `--max-old-space-size=${s.heap}`} | ${s.references} | ${s.cpuSeconds.toFixed(1)} | ${(s.bytes / 1e6 / s.cpuSeconds).toFixed(1)} | ${s.seconds.toFixed(1)} | ${(s.maxRSS / 1024).toFixed(0)} |`),
    );
    if (streams.length > 1) lines.push("", `CPU time ratio ${streams[1].mb} MB / ${streams[0].mb} MB: ${(streams[1].cpuSeconds / streams[0].cpuSeconds).toFixed(1)} (linear: ${streams[1].mb / streams[0].mb}).`);
  }
  return lines;
}

export function runExtractBench(log = console.error) {
  const files = corpusFiles();
  log(`extract bench: ${files.length} files`);
  const peer = comparePeers(files);
  const streams = [];
  if (process.env.BENCH_EXTRACT_STREAM !== "0") {
    const big = Number(process.env.BENCH_EXTRACT_MB ?? 100);
    // The small size and the large one as they run; the large one again with the heap capped at
    // 32 MB: it completes, so the memory it needs does not grow with the input.
    log(`extract bench: streaming ${Math.max(1, Math.round(big / 10))} MB`);
    streams.push(...runStream(Math.max(1, Math.round(big / 10))));
    log(`extract bench: streaming ${big} MB, then with the heap capped at 32 MB`);
    streams.push(...runStream(big, [null, 32]));
  }
  return { peer, streams };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { peer, streams } = runExtractBench();
  const text = extractTable(peer, streams).join("\n");
  console.log(text);
  const machine = { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` };
  writeFileSync(join(ROOT, "bench", "results", "extract.json"), JSON.stringify({ date: new Date().toISOString(), machine, rounds: ROUNDS, peer, streams }, null, 2));
  writeFileSync(join(ROOT, "bench", "results", "extract.md"), `Machine: ${machine.cpu} x${machine.cores}, Node ${machine.node}, ${machine.platform}.\n\n${text}\n`);
}
