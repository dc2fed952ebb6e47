// Writes the generated part of docs/whatwg.md (between its generated markers), after `npm run build`:
// the WHATWG URL Standard's two definitions of "valid" compared for every class of base URL
// (src/ops/parser-agreement.ts: strings from the grammar's automata, and --count generated strings per
// class from test/support/whatwg-strings.ts, seed 1), with whatwg-url's isValidURLString (its own
// reading of §4.3) on the same strings; the editors' divergence classes (whatwg/url issue 704, PR 905);
// the web-platform-tests URL data (test/data/wpt/urltestdata.json); the July 2026 language difference
// and the differences to RFC 3986 and RFC 3987 (languageDiff()).
//
//   node scripts/write-whatwg-doc.mjs [--count N] [--check]
//
// --check writes nothing and exits 1 when docs/whatwg.md differs from what it would write (.ci/run);
// exit 1 too when the grammar and isValidURLString disagree on any string.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { parserAgreement } = require("../dist/src/ops/parser-agreement.js");
const { languageDiff, validate, specs } = require("../dist/src/index.js");
const { getRevision } = require("../dist/src/revisions/index.js");
const { whatwgStrings } = require("../dist/test/support/whatwg-strings.js");
const { basicURLParse, isValidURLString, parseURLWithValidationErrors } = require("whatwg-url");
const whatwgUrlVersion = require("whatwg-url/package.json").version;

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const COUNT = Number(flag("--count", "1000000"));
const CHECK = args.includes("--check");
const SPEC = "whatwg";
const OLDER = "whatwg-2026-06-25";
const file = new URL("../docs/whatwg.md", import.meta.url);
const n = (x) => x.toLocaleString("en-US");
/** A string as a table shows it: escapes for what cannot be seen (controls, spaces, private use, noncharacters, lone surrogates). */
const visible = (s) => [...s].map((ch) => (/^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch) && !/[\p{Co}\uFFF0-\uFFFF]/u.test(ch) && !/\p{Noncharacter_Code_Point}/u.test(ch) ? ch : `\\u{${ch.codePointAt(0).toString(16).toUpperCase()}}`)).join("");
const code = (s) => (s === "" ? "(empty)" : "`" + visible(s).replace(/`/g, "\\`").replace(/\|/g, "\\|") + "`");
const cell = (s) => String(s).replace(/\|/g, "\\|").replace(/\n/g, " ");

const revision = getRevision(SPEC);
const examples = revision.baseRules.examples;
let failed = false;

/**
 * isValidURLString of whatwg-url on the same strings (a third reading: the validator the editors
 * fuzzed with), judged as parserAgreement() draws each string: the strings are generated once.
 */
const againstValidator = new Map();
function validatorCheck(cls) {
  const base = examples[cls];
  const baseURL = base === null ? null : basicURLParse(base);
  const opts = base === null ? { spec: SPEC } : { spec: SPEC, base };
  const tally = { count: 0, examples: [] };
  againstValidator.set(cls, tally);
  return (s) => {
    if (validate(s, opts) !== isValidURLString(s, { baseURL })) (tally.count++, tally.examples.length < 3 && tally.examples.push(s));
  };
}

const lines = [];
const push = (...xs) => lines.push(...xs);

// 1. The two definitions.
const generated = (cls) => {
  const next = whatwgStrings(1 + Object.keys(examples).indexOf(cls));
  const check = validatorCheck(cls);
  return { *[Symbol.iterator]() { for (let i = 0; i < COUNT; i++) { const s = next(); check(s); yield s; } } };
};
const agreement = parserAgreement(SPEC, { inputs: generated });
if (!agreement.ok) throw new Error(agreement.error.message);
push(
  "### The writing grammar against the parser's definition, by class of base URL",
  "",
  `Strings through every transition of each start rule's minimal DFA (each class of characters at its most typable unit and at both ends of each of its ranges) and one unit outside each missing transition, then ${n(COUNT)} generated strings per class (test/support/whatwg-strings.ts, seed by class). "Grammar" is \`validate()\` of the \`whatwg\` revision with the class's base; "parser" is ${agreement.parser}'s \`parseURLWithValidationErrors\` returning a URL with no validation error; "isValidURLString" is whatwg-url's own validator on the same strings.`,
  "",
  "| class of base URL | base | start rule | from the DFA | generated | valid by the grammar | valid by the parser | grammar ≠ parser | grammar ≠ isValidURLString |",
  "|---|---|---|---|---|---|---|---|---|",
);
const classRows = [];
for (const b of agreement.bases) {
  const v = againstValidator.get(b.baseClass);
  if (v === undefined || v.count > 0) failed = true;
  push(`| ${b.baseClass} | ${b.base === null ? "(none)" : code(b.base)} | ${cell(b.rule)} | ${n(b.systematic)} | ${n(b.given)} | ${n(b.validByGrammar)} | ${n(b.validByParser)} | ${n(b.systematic + b.given - b.agree)} | ${v === undefined ? "not drawn" : n(v.count)}${(v?.examples ?? []).map((e) => " " + code(e)).join("")} |`);
  for (const c of b.classes) classRows.push({ cls: b.baseClass, ...c });
}
push("");
if (classRows.length === 0) push("No string separates the two definitions in any class.", "");
else {
  push("Disagreement classes (what sets them apart, with the shortest witness):", "", "| class of base URL | valid by | cause | strings | shortest | more |", "|---|---|---|---|---|---|");
  for (const r of classRows) push(`| ${r.cls} | ${r.validBy} only | ${cell(r.cause)} | ${n(r.count)} | ${code(r.shortest)} | ${r.examples.map(code).join(" ")} |`);
  push("");
}

// 2. The editors' classes.
const editors = [
  ["https://example.255/", null, "numeric-looking domain (issue 704, PR 905)"],
  ["https://1.2.3.4.5/", null, "numeric-looking domain (issue 704)"],
  ["https://example.org//", null, "empty path segment after the host (PR 905)"],
  ["foo://h@x", null, "userinfo in a non-special URL (PR 905)"],
  ["foo://:80", null, "port without a host (commit messages of July 2026)"],
  ["foo:a:b", null, "colon in an opaque path (commit messages of July 2026)"],
];
const parserSays = (input, base) => {
  const { url, validationErrors } = parseURLWithValidationErrors(input, { baseURL: base === null ? null : basicURLParse(base) });
  return url === null ? `failure${validationErrors.length ? ` (${validationErrors.join(", ")})` : ""}` : validationErrors.length === 0 ? "URL, no validation error" : `URL, ${[...new Set(validationErrors)].join(", ")}`;
};
const verdict = (spec, input, base) => (validate(input, base === null ? { spec } : { spec, base }) ? "valid" : "invalid");
push(
  "### The classes the editors listed",
  "",
  "| input | what | `whatwg-2026-06-25` grammar | `whatwg` grammar | parser (its definition) | isValidURLString |",
  "|---|---|---|---|---|---|",
);
for (const [input, base, what] of editors) {
  const baseURL = base === null ? null : basicURLParse(base);
  push(`| ${code(input)} | ${what} | ${verdict(OLDER, input, base)} | ${verdict(SPEC, input, base)} | ${parserSays(input, base)} | ${isValidURLString(input, { baseURL }) ? "valid" : "invalid"} |`);
}
push("");

// 3. WPT.
const wpt = JSON.parse(readFileSync(new URL("../test/data/wpt/urltestdata.json", import.meta.url), "utf8")).filter((t) => typeof t === "object" && t !== null && typeof t.input === "string");
const tally = { tests: wpt.length, failure: 0, parse: 0, clean: 0, validClean: 0, validNotClean: 0, cleanNotValid: 0, olderValid: 0, validator: 0 };
const errors = new Map();
for (const t of wpt) {
  if (t.failure) tally.failure++;
  const base = t.base ?? null;
  const baseURL = base === null ? null : basicURLParse(base);
  const { url, validationErrors } = parseURLWithValidationErrors(t.input, { baseURL });
  const opts = base === null ? { spec: SPEC } : { spec: SPEC, base };
  const ours = validate(t.input, opts);
  if (ours === isValidURLString(t.input, { baseURL })) tally.validator++;
  if (url === null) continue;
  tally.parse++;
  const clean = validationErrors.length === 0;
  if (clean) tally.clean++;
  if (ours && clean) tally.validClean++;
  if (ours && !clean) tally.validNotClean++;
  if (!ours && clean) tally.cleanNotValid++;
  if (validate(t.input, base === null ? { spec: OLDER } : { spec: OLDER, base })) tally.olderValid++;
  if (!clean) for (const e of new Set(validationErrors)) errors.set(e, (errors.get(e) ?? 0) + 1);
}
if (tally.validNotClean + tally.cleanNotValid > 0) failed = true;
push(
  "### web-platform-tests' urltestdata.json",
  "",
  "Each input against its base (test/data/wpt/, 891 tests; `npm test` holds these numbers):",
  "",
  "| | count |",
  "|---|---|",
  `| tests | ${n(tally.tests)} (${n(tally.failure)} expecting failure) |`,
  `| the parser returns a URL | ${n(tally.parse)} |`,
  `| ... with no validation error | ${n(tally.clean)} |`,
  `| ... and valid URL strings by the \`whatwg\` grammar | ${n(tally.validClean)} |`,
  `| valid by the grammar, with validation errors | ${n(tally.validNotClean)} |`,
  `| no validation error, invalid by the grammar | ${n(tally.cleanNotValid)} |`,
  `| the grammar and isValidURLString agree | ${n(tally.validator)} of ${n(tally.tests)} |`,
  `| valid by the \`whatwg-2026-06-25\` grammar among those that parse | ${n(tally.olderValid)} |`,
  "",
  `The validation errors of the ${n(tally.parse - tally.clean)} inputs that parse with errors (an input may carry several): ${[...errors].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([e, k]) => `${e} ${k}`).join(", ")}.`,
  "",
);

// 4. Language differences.
function diffSection(a, b, title, witnesses) {
  const d = languageDiff(a, b, { witnesses });
  if (!d.ok) throw new Error(d.error.message);
  push(`### ${title}`, "", `\`uri-grammars diff --languages ${a} ${b}\`: ${d.comparisons.filter((c) => c.verdict === "equal").length} of ${d.comparisons.length} languages equal.`, "");
  push("| language | verdict | only " + a + " | only " + b + " |", "|---|---|---|---|");
  for (const c of d.comparisons) {
    if (c.verdict === "equal") continue;
    const list = (ws) => ws.map((w) => code(w.input)).join(" ") || "(none)";
    push(`| ${c.kind === "reference" ? "whole reference" : `${c.kind} ${cell(c.name)}`} | ${c.verdict} | ${list(c.onlyA)} | ${list(c.onlyB)} |`);
  }
  for (const note of d.notes) push("", `Note: ${note}`);
  push("");
}
diffSection(OLDER, SPEC, "What changed in July 2026 (whatwg-2026-06-25 to whatwg)", 4);
for (const rfc of specs().map((s) => s.id).filter((id) => id === "rfc3986" || id === "rfc3987")) diffSection(rfc, SPEC, `${rfc} against whatwg`, 6);

const block = `<!-- generated:start -->\n<!-- node scripts/write-whatwg-doc.mjs (whatwg-url ${whatwgUrlVersion}; --count ${COUNT}) -->\n\n${lines.join("\n")}\n<!-- generated:end -->`;
const doc = readFileSync(file, "utf8");
const next = doc.replace(/<!-- generated:start -->[\s\S]*<!-- generated:end -->/, () => block);
if (CHECK) {
  if (next !== doc) {
    console.error("docs/whatwg.md is stale: run node scripts/write-whatwg-doc.mjs");
    failed = true;
  }
} else writeFileSync(file, next);
console.log(`${CHECK ? "checked" : "wrote"} docs/whatwg.md (${n(COUNT)} generated strings per class)${failed ? ": FAILED (a disagreement or a stale file)" : ""}`);
process.exit(failed ? 1 : 0);
