// npm run conformance: audits every adapter (adapters/) against the revision it claims and the ones
// it is often assumed to follow, with `uri-grammars audit --json` (the built CLI: run npm run build
// first, as npm run conformance does), and writes into docs/conformance.md, between its markers:
//   the suite's size per revision (cases, rules, alternatives, repetition bounds, classes ...)
//   the table implementation x revision: score, the rules it fails most, a sample input
// The full report of each audit goes to test-output/conformance/<implementation>-<spec>.md.
//
// An implementation this machine lacks is listed as missing; under CI (CI set, as .ci/run sets it)
// a missing one fails the run, since .ci/run installs them all. --check writes nothing and fails
// when docs/conformance.md's tables differ from a fresh run (the numbers are deterministic: the
// same suite, the same installed versions).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const CLI = join(root, "bin", "uri-grammars");
const DOC = join(root, "docs", "conformance.md");
const OUT = join(root, "test-output", "conformance");
const DEBIAN_PYTHON = "/usr/bin/python3";
/** Every revision of the registry (src/revisions/built-in.ts), from the build, oldest first. */
const { SPEC_IDS: SPECS } = require(join(root, "dist", "src", "index.js"));

const run = (cmd, args) => spawnSync(cmd, args, { encoding: "utf8", cwd: root });
const firstLine = (s) => (s ?? "").trim().split("\n")[0];
const pythonVersion = (module) => {
  const r = run(DEBIAN_PYTHON, ["-c", `import ${module}; print(${module}.__version__)`]);
  return r.status === 0 ? { version: firstLine(r.stdout) } : { missing: `${DEBIAN_PYTHON} cannot import ${module}` };
};
const npmVersion = (name) => ({ version: require(join(root, "node_modules", name, "package.json")).version });

let uriparserBinary;
function buildUriparser() {
  if (!existsSync("/usr/include/uriparser/Uri.h")) return { missing: "/usr/include/uriparser/Uri.h is missing" };
  const out = join(mkdtempSync(join(tmpdir(), "uri-grammars-conformance-")), "liburiparser");
  try {
    execFileSync("cc", ["-O1", "-o", out, join(root, "adapters", "liburiparser.c"), "-luriparser"], { stdio: "pipe" });
  } catch (e) {
    return { missing: `cannot compile adapters/liburiparser.c: ${firstLine(e.message)}` };
  }
  uriparserBinary = out;
  const v = run("dpkg-query", ["-W", "-f", "${Version}", "liburiparser1"]);
  return { version: v.status === 0 ? v.stdout.trim().replace(/\+dfsg.*$/, "") : "?" };
}

/**
 * The adapters: how each is run, where it comes from, the revisions it is audited against (the
 * one it claims first) and why. `json`: the adapter speaks the json protocol, so the resolution and
 * normalization cases are sent too; `rules: "all"`: it answers rule by rule.
 */
const ADAPTERS = [
  {
    name: "python3-rfc3986",
    source: "Debian python3-rfc3986",
    probe: () => pythonVersion("rfc3986"),
    argv: () => ["--", DEBIAN_PYTHON, "adapters/python3-rfc3986.py"],
    json: true,
    audits: [
      ["rfc3986", "claims RFC 3986"],
      ["rfc6874", "its IPv6 regex takes RFC 6874's zone (docs/differential.md)"],
    ],
  },
  {
    name: "python3-rfc3987",
    source: "Debian python3-rfc3987",
    probe: () => pythonVersion("rfc3987"),
    argv: () => ["--", DEBIAN_PYTHON, "adapters/python3-rfc3987.py"],
    json: true,
    rules: "all",
    audits: [
      ["rfc3986", "RFC 3986's rules, one regex each"],
      ["rfc3987", "RFC 3987's IRI rules, one regex each"],
    ],
  },
  {
    name: "liburiparser",
    source: "Debian liburiparser-dev",
    probe: buildUriparser,
    argv: () => ["--", uriparserBinary],
    json: true,
    audits: [["rfc3986", "claims RFC 3986"]],
  },
  {
    name: "java.net.URI",
    source: "Debian openjdk-17-jdk-headless",
    probe: () => {
      const r = run("java", ["-XshowSettings:properties", "-version"]);
      const m = /java\.version = (\S+)/.exec(r.stderr ?? "");
      return r.status === 0 ? { version: m ? m[1] : "?" } : { missing: "java is not installed" };
    },
    argv: () => ["--", "java", "adapters/JavaNetUri.java"],
    json: true,
    audits: [
      ["rfc2732", "claims RFC 2396 with RFC 2732's IPv6 literals"],
      ["draft-1997", "RFC 2396's draft"],
      ["rfc3986", "often assumed"],
    ],
  },
  {
    name: "Node URL",
    source: "Node built-in (WHATWG URL)",
    probe: () => ({ version: process.version }),
    argv: () => ["--module", "adapters/node-url.cjs"],
    audits: [
      ["rfc3986", "often assumed (claims the WHATWG URL Standard)"],
      ["rfc1738", "often assumed (\"URL\")"],
      ["rfc3987", "often assumed (it takes non-ASCII characters)"],
    ],
  },
  {
    name: "fast-uri",
    source: "npm fast-uri",
    probe: () => npmVersion("fast-uri"),
    argv: () => ["--module", "adapters/fast-uri.cjs"],
    audits: [["rfc3986", "claims RFC 3986"]],
  },
  {
    name: "uri-js",
    source: "npm uri-js",
    probe: () => npmVersion("uri-js"),
    argv: () => ["--module", "adapters/uri-js.cjs"],
    audits: [["rfc3986", "claims RFC 3986"]],
  },
  {
    name: "url-parse",
    source: "npm url-parse",
    probe: () => npmVersion("url-parse"),
    argv: () => ["--module", "adapters/url-parse.cjs"],
    audits: [
      ["rfc3986", "often assumed"],
      ["rfc1738", "often assumed (\"URL\")"],
    ],
  },
];

const pct = (x) => (x === null || x === undefined ? "-" : `${(Math.floor(x * 1000) / 10).toFixed(1)}%`);
const cell = (s) => String(s).replace(/\|/g, "\\|").replace(/\n/g, " ");
const codeSpan = (s) => {
  const j = JSON.stringify(s.length > 48 ? s.slice(0, 47) + "…" : s);
  return j.includes("`") ? `\`\` ${cell(j)} \`\`` : `\`${cell(j)}\``;
};

function audit(adapter, spec) {
  const args = ["audit", "--spec", spec, "--json", "--name", adapter.name];
  if (adapter.json || adapter.argv()[0] === "--module") args.push("--protocol", "json", "--ops", "check,resolve,normalize");
  if (adapter.rules === "all") args.push("--rules", "all");
  const r = spawnSync(process.execPath, [CLI, ...args, ...adapter.argv()], { encoding: "utf8", cwd: root, maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${adapter.name} against ${spec}: exit status ${r.status}: ${r.stderr}`);
  const report = JSON.parse(r.stdout);
  const md = spawnSync(process.execPath, [CLI, ...args.filter((a) => a !== "--json"), "--markdown", ...adapter.argv()], { encoding: "utf8", cwd: root, maxBuffer: 1 << 28 });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, `${adapter.name.replace(/[^A-Za-z0-9.-]+/g, "-")}-${spec}.md`), md.stdout);
  return report;
}

function scoreOf(report, rule) {
  const r = report.rules.find((x) => x.rule === rule);
  return r && r.answered > 0 ? `${pct(r.score)} (${r.agreed}/${r.answered})` : "-";
}

/** A disagreement in a few words: the input (and the start rule, when it is not the top rule), both answers. */
function sample(report, group) {
  const item = group.items[0];
  const as = item.startRule && item.startRule !== report.suite.topRule ? ` as ${cell(item.startRule)}` : "";
  if (item.components) {
    const show = (k) => item.components.map((c) => `${c.name} ${JSON.stringify(c[k])}`).join(", ");
    return `${codeSpan(item.input)}${as} ${cell(show("answered"))}, expected ${cell(show("expected"))}`;
  }
  return `${codeSpan(item.input)}${as} ${cell(item.answer.split(",")[0])}, expected ${cell(item.expected.split(",")[0])}`;
}

function row(adapter, version, spec, why, report) {
  const checks = report.rules.filter((r) => !r.rule.startsWith("("));
  const checked = checks.reduce((s, r) => s + r.answered, 0);
  const checkAgreed = checks.reduce((s, r) => s + r.agreed, 0);
  // The rules with the most disagreements (resolution and normalization have their own columns),
  // each with the first disagreement of its largest group.
  const worst = checks.filter((r) => r.answered > r.agreed).sort((a, b) => b.answered - b.agreed - (a.answered - a.agreed) || a.rule.localeCompare(b.rule)).slice(0, 3);
  const fails = worst.map((r) => {
    const group = report.groups.filter((g) => g.rule === r.rule).sort((a, b) => b.count - a.count)[0];
    return `${cell(r.rule)} (${r.answered - r.agreed}): ${sample(report, group)}`;
  });
  const components = report.componentsCompared > 0 ? `${pct(report.componentsAgreed / report.componentsCompared)} (${report.componentsAgreed}/${report.componentsCompared})` : "-";
  const verdicts = report.verdictsCompared ? pct(report.verdictsAgreed / report.verdictsCompared) : "-";
  return `| ${cell(adapter.name)} ${cell(version)} | ${spec} (${cell(why)}) | ${pct(checked === 0 ? null : checkAgreed / checked)} (${checkAgreed}/${checked}) | ${verdicts} | ${components} | ${scoreOf(report, "(resolution)")} | ${scoreOf(report, "(normalization)")} | ${fails.join("<br>") || "-"} |`;
}

function suiteTable() {
  const lines = ["| revision | cases | top-rule cases | rules | alternatives | options | repetition bounds | letter case | classes | class boundaries | `@peg` notes with trap cases | examples + edges | resolution | normalization |", "|---|---:|---:|---|---|---|---|---|---|---|---|---:|---:|---:|"];
  for (const spec of SPECS) {
    const r = spawnSync(process.execPath, [CLI, "suite", "--spec", spec], { encoding: "utf8", cwd: root, maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`suite --spec ${spec}: ${r.stderr}`);
    const s = JSON.parse(r.stdout);
    const c = s.coverage;
    const cov = (x) => `${x.covered}/${x.total}`;
    const top = s.cases.filter((x) => x.top).length;
    const k = c.byKind;
    lines.push(`| ${spec} | ${c.cases} | ${top} | ${cov(c.rules)} | ${cov(c.alternatives)} | ${cov(c.options)} | ${cov(c.repetitionBounds)} | ${cov(c.letterCase)} | ${cov(c.classes)} | ${cov(c.classBoundaries)} | ${cov(c.pegNotes)} | ${(k.example ?? 0) + (k.edge ?? 0)} | ${k.resolution ?? 0} | ${k.normalization ?? 0} |`);
  }
  return lines.join("\n");
}

function replaceBetween(text, name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`docs/conformance.md has no ${start} ... ${end} markers`);
  return text.slice(0, i + start.length) + "\n" + body + "\n" + text.slice(j);
}

const started = Date.now();
const rows = ["| implementation | revision (why) | check cases agree | verdicts | components | resolution | normalization | the rules it fails most (disagreements): a sample input, its answer, expected |", "|---|---|---|---|---|---|---|---|"];
const missing = [];
for (const adapter of ADAPTERS) {
  const probe = adapter.probe();
  if (probe.missing) {
    missing.push(`${adapter.name}: ${probe.missing} (${adapter.source})`);
    for (const [spec, why] of adapter.audits) rows.push(`| ${cell(adapter.name)} | ${spec} (${cell(why)}) | not installed here: ${cell(probe.missing)} | | | | | |`);
    continue;
  }
  for (const [spec, why] of adapter.audits) {
    const t = Date.now();
    const report = audit(adapter, spec);
    rows.push(row(adapter, probe.version, spec, why, report));
    console.log(`${adapter.name} ${probe.version} against ${spec}: ${pct(report.score)} of ${report.answered} answers agree (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  }
}
const suites = suiteTable();
let doc = readFileSync(DOC, "utf8");
doc = replaceBetween(doc, "suite-size", suites);
doc = replaceBetween(doc, "conformance-table", rows.join("\n"));
if (process.argv.includes("--check")) {
  if (doc !== readFileSync(DOC, "utf8")) {
    console.error("docs/conformance.md is not what npm run conformance writes: run it and commit the result");
    process.exit(1);
  }
} else {
  writeFileSync(DOC, doc);
}
console.log(`conformance: ${ADAPTERS.length} implementations in ${((Date.now() - started) / 1000).toFixed(1)} s; tables written to docs/conformance.md, full reports to test-output/conformance/`);
if (missing.length > 0) {
  console.error(`missing here:\n  ${missing.join("\n  ")}`);
  if (process.env.CI) process.exit(1);
}
