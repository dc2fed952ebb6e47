// npm run conformance: audits every adapter (adapters/) against the revision it claims and the ones
// it is often assumed to follow, with `uri-grammars audit --json` (the built CLI: run npm run build
// first, as npm run conformance does), and writes into docs/conformance.md, between its markers:
//   the suite's size per revision (cases, rules, alternatives, repetition bounds, classes ...)
//   the table implementation x revision: score, the rules it fails most, a sample input
//   the fingerprint of every adapter (`audit --fingerprint`): every revision ranked by agreement
//   two JSON Schema validators' scores on the JSON Schema Test Suite export (suite --format json-schema-test-suite)
// The full report of each audit goes to test-output/conformance/<implementation>-<spec>.md.
//
// An implementation this machine lacks is listed as missing; under CI (CI set, as .ci/run sets it)
// a missing one fails the run, since .ci/run installs them all. --check writes nothing (not the
// tables, not the full reports), says so, and fails when docs/conformance.md's tables differ from a
// fresh run (the numbers are deterministic: the same suite, the same installed versions).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const CLI = join(root, "bin", "uri-grammars");
const DOC = join(root, "docs", "conformance.md");
const OUT = join(root, "test-output", "conformance");
/** Every revision of the registry (src/revisions/built-in.ts), from the build, oldest first. */
const { SPEC_IDS: SPECS } = require(join(root, "dist", "src", "index.js"));

/** The adapters (src/cli/implementations.ts): where each comes from, how it runs, the revisions it is audited against. */
const { IMPLEMENTATIONS } = require(join(root, "dist", "src", "cli", "implementations.js"));
const { fingerprintMarkdownHead } = require(join(root, "dist", "src", "conformance", "fingerprint.js"));
const check = process.argv.includes("--check");

/** The audit's arguments for an implementation: --module FILE, or -- and the command. */
function argvOf(impl, started) {
  return impl.module ? ["--module", join("adapters", impl.adapter)] : ["--", ...started.argv];
}

const pct = (x) => (x === null || x === undefined ? "-" : `${(Math.floor(x * 1000) / 10).toFixed(1)}%`);
const cell = (s) => String(s).replace(/\|/g, "\\|").replace(/\n/g, " ");
const codeSpan = (s) => {
  const j = JSON.stringify(s.length > 48 ? s.slice(0, 47) + "…" : s);
  return j.includes("`") ? `\`\` ${cell(j)} \`\`` : `\`${cell(j)}\``;
};

function audit(impl, started, spec) {
  const args = ["audit", "--spec", spec, "--json", "--name", impl.name, "--protocol", "json", "--ops", "check,resolve,normalize"];
  if (impl.rulesAll) args.push("--rules", "all");
  const r = spawnSync(process.execPath, [CLI, ...args, ...argvOf(impl, started)], { encoding: "utf8", cwd: root, maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${impl.name} against ${spec}: exit status ${r.status}: ${r.stderr}`);
  const report = JSON.parse(r.stdout);
  // The full report (Markdown) for test-output/; --check writes nothing.
  if (!check) {
    const md = spawnSync(process.execPath, [CLI, ...args.filter((a) => a !== "--json"), "--markdown", ...argvOf(impl, started)], { encoding: "utf8", cwd: root, maxBuffer: 1 << 28 });
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, `${impl.name.replace(/[^A-Za-z0-9.-]+/g, "-")}-${spec}.md`), md.stdout);
  }
  return report;
}

/** `audit --fingerprint`: every revision ranked for the implementation (src/conformance/fingerprint.ts). */
function fingerprint(impl, started) {
  const args = ["audit", "--fingerprint", "--markdown", "--name", `${impl.name} ${started.version}`, "--protocol", "json", "--ops", "check,resolve"];
  const r = spawnSync(process.execPath, [CLI, ...args, ...argvOf(impl, started)], { encoding: "utf8", cwd: root, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`${impl.name} --fingerprint: exit status ${r.status}: ${r.stderr}`);
  return r.stdout.trim().split("\n").pop();
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

function row(impl, version, spec, why, report) {
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
  return `| ${cell(impl.name)} ${cell(version)} | ${spec} (${cell(why)}) | ${pct(checked === 0 ? null : checkAgreed / checked)} (${checkAgreed}/${checked}) | ${verdicts} | ${components} | ${scoreOf(report, "(resolution)")} | ${scoreOf(report, "(normalization)")} | ${fails.join("<br>") || "-"} |`;
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
const fingerprints = [];
const missing = [];
for (const impl of IMPLEMENTATIONS) {
  const started = impl.start("");
  if (started.missing) {
    missing.push(`${impl.name}: ${started.missing} (${impl.source})`);
    for (const [spec, why] of impl.audits) rows.push(`| ${cell(impl.name)} | ${spec} (${cell(why)}) | not installed here: ${cell(started.missing)} | | | | | |`);
    fingerprints.push(`| ${cell(impl.name)} | not installed here: ${cell(started.missing)} | | | |`);
    continue;
  }
  try {
    for (const [spec, why] of impl.audits) {
      const t = Date.now();
      const report = audit(impl, started, spec);
      rows.push(row(impl, started.version, spec, why, report));
      console.log(`${impl.name} ${started.version} against ${spec}: ${pct(report.score)} of ${report.answered} answers agree (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    }
    const t = Date.now();
    fingerprints.push(fingerprint(impl, started));
    console.log(`${impl.name} ${started.version}: fingerprint over every revision (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } finally {
    started.cleanup();
  }
}
const suites = suiteTable();
// JSON Schema validators on the JSON Schema Test Suite export (suite --format json-schema-test-suite).
const { ajvWithFormats, cfworker, scoreFile, scoresMarkdown } = require(join(root, "dist", "test", "support", "json-schema-validators.js"));
const jsonSchemaScores = [];
for (const validator of [ajvWithFormats(), cfworker()]) {
  for (const format of ["uri", "uri-reference", "iri", "iri-reference"]) {
    const r = spawnSync(process.execPath, [CLI, "suite", "--format", "json-schema-test-suite", "--json-format", format], { encoding: "utf8", cwd: root, maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`suite --format json-schema-test-suite --json-format ${format}: ${r.stderr}`);
    jsonSchemaScores.push(scoreFile(validator, format, JSON.parse(r.stdout)));
  }
}
let doc = readFileSync(DOC, "utf8");
doc = replaceBetween(doc, "suite-size", suites);
doc = replaceBetween(doc, "conformance-table", rows.join("\n"));
doc = replaceBetween(doc, "fingerprints", [fingerprintMarkdownHead(), ...fingerprints].join("\n"));
doc = replaceBetween(doc, "json-schema-scores", scoresMarkdown(jsonSchemaScores));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (check) {
  if (doc !== readFileSync(DOC, "utf8")) {
    console.error("--check: nothing written; docs/conformance.md is not what npm run conformance writes: run it and commit the result");
    process.exit(1);
  }
  console.log(`--check: nothing written; docs/conformance.md's tables are current (${IMPLEMENTATIONS.length} implementations in ${seconds} s)`);
} else {
  writeFileSync(DOC, doc);
  console.log(`conformance: ${IMPLEMENTATIONS.length} implementations in ${seconds} s; tables written to docs/conformance.md, full reports to test-output/conformance/`);
}
if (missing.length > 0) {
  console.error(`missing here:\n  ${missing.join("\n  ")}`);
  if (process.env.CI) process.exit(1);
}
