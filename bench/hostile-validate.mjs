// node bench/hostile-validate.mjs: the compiled validator regexes (generated/<spec>.regex.ts) on
// hostile inputs of 10 KB to 10 MB, one test each: time must grow linearly, no engine error.
// Prints, per revision and shape, ms per size, the 10 MB / 1 MB ratio, and the verdict (which must
// equal the peggy validate parser's, checked up to 100 KB). validate() itself uses the regex up to
// REGEX_MAX_INPUT characters (src/parse.ts) and the peggy parser above.
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const { availableSpecIds } = require("../dist/src/index.js");
const { validatorRegex, validateWithPeggy, REGEX_MAX_INPUT } = require("../dist/src/parse.js");
const { getRevision, defaultRule, findRule } = require("../dist/src/revisions/index.js");

const SIZES = (process.env.HOSTILE_SIZES ?? "1e4,1e5,1e6,1e7").split(",").map(Number);
const shapes = [
  ["long path", (n) => "http://a/" + "b/".repeat(n / 2)],
  ["path of %41", (n) => "http://a/" + "%41".repeat(n / 3)],
  ["long host label", (n) => "http://" + "a".repeat(n) + "/"],
  ["dotted host", (n) => "http://" + "a.".repeat(n / 2) + "com/"],
  ["many ':' in [ ]", (n) => "http://[" + ":".repeat(n) + "]/"],
  ["long query", (n) => "http://a/?" + "q=1&".repeat(n / 4)],
  ["long path, bad end", (n) => "http://a/" + "b/".repeat(n / 2) + " "],
  ["%4 runs (bad escape)", (n) => "http://a/" + "%4".repeat(n / 2)],
];

console.log(`REGEX_MAX_INPUT = ${REGEX_MAX_INPUT} characters (validate() uses the peggy parser above)\n`);
console.log(`| spec | shape | ${SIZES.map((n) => `${n / 1e3} KB`).join(" | ")} | last / previous | verdict |`);
console.log(`|---|---|${SIZES.map(() => "---:").join("|")}|---:|---|`);
for (const spec of availableSpecIds()) {
  const revision = getRevision(spec);
  for (const [shape, make] of shapes) {
    const ms = [];
    let verdict = "";
    for (const n of SIZES) {
      const input = make(n);
      const pegName = findRule(revision, defaultRule(revision, input).rule).pegName;
      const regex = validatorRegex(spec, pegName);
      if (!regex) { ms.push(NaN); verdict = "no regex"; continue; }
      const t0 = performance.now();
      let ok;
      try {
        ok = regex.test(input);
      } catch (e) {
        ok = `${e.constructor.name}: ${e.message}`;
      }
      ms.push(performance.now() - t0);
      if (typeof ok === "string") verdict = ok;
      else if (n <= 1e5 && ok !== validateWithPeggy(revision, pegName, input)) verdict = "DISAGREES with peggy";
      else if (!verdict) verdict = ok ? "valid" : "invalid";
    }
    const ratio = ms.length > 1 ? (ms[ms.length - 1] / ms[ms.length - 2]).toFixed(1) : "-";
    console.log(`| ${spec} | ${shape} | ${ms.map((m) => m.toFixed(1)).join(" | ")} | ${ratio} | ${verdict} |`);
  }
}
