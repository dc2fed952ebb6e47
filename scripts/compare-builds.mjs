// Proves that two builds accept the same languages, rule by rule: for every revision both builds
// have and every rule of it (and the scheme-aware automaton of validate() without a rule), the two
// builds' scanner DFAs (src/ops/rule-automaton.ts) compared by the product walk
// (src/automata/product.ts): equal, or the shortest strings only one of them accepts.
//
//   node scripts/compare-builds.mjs OLD_DIST [NEW_DIST]     (NEW_DIST default: this checkout's dist/)
//
// OLD_DIST is the dist/ (with dist/generated/) of an earlier build, e.g. a copy made before a change
// to how grammars are laid out or composed. Exit 0 when every rule is equal, 1 otherwise.
import { createRequire } from "node:module";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** What the comparison needs of one build. */
function load(dist) {
  return {
    registry: require(join(dist, "src", "revisions", "index.js")),
    automata: require(join(dist, "src", "ops", "rule-automaton.js")),
    dfa: require(join(dist, "src", "automata", "dfa.js")),
  };
}

/** Compares every rule of every revision both builds have; returns the rows and whether all are equal. */
export function compareBuilds(oldDist, newDist = join(root, "dist")) {
  const a = load(resolve(oldDist));
  const b = load(resolve(newDist));
  const { compareDfas } = require(join(resolve(newDist), "src", "automata", "product.js"));
  const rows = [];
  for (const spec of b.registry.specIds()) {
    const ra = a.registry.getRevision(spec);
    const rb = b.registry.getRevision(spec);
    if (ra === undefined) { rows.push({ spec, rule: "*", verdict: "new revision" }); continue; }
    const names = [...new Set([...ra.rules, ...rb.rules].map((r) => r.published ?? r.pegName))];
    const pairs = names.map((name) => [name, a.automata.ruleAutomaton(ra, name), b.automata.ruleAutomaton(rb, name)]);
    pairs.push(["(validate without a rule)", a.automata.referenceAutomaton(ra), b.automata.referenceAutomaton(rb)]);
    for (const [rule, x, y] of pairs) {
      if (x === null || y === null) { rows.push({ spec, rule, verdict: x === y ? "equal" : `only in the ${x === null ? "new" : "old"} build` }); continue; }
      const c = compareDfas(a.dfa.materialize(x), b.dfa.materialize(y));
      rows.push({ spec, rule, verdict: c.equal ? "equal" : "different", onlyOld: c.onlyA.map((w) => w.input), onlyNew: c.onlyB.map((w) => w.input) });
    }
  }
  return { rows, equal: rows.every((r) => r.verdict === "equal" || r.verdict === "new revision") };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [oldDist, newDist] = process.argv.slice(2);
  if (!oldDist) {
    console.error("usage: node scripts/compare-builds.mjs OLD_DIST [NEW_DIST]");
    process.exit(2);
  }
  const started = Date.now();
  const { rows, equal } = compareBuilds(oldDist, newDist);
  const bySpec = new Map();
  for (const r of rows) bySpec.set(r.spec, [...(bySpec.get(r.spec) ?? []), r]);
  for (const [spec, rs] of bySpec) {
    const eq = rs.filter((r) => r.verdict === "equal").length;
    console.log(`${spec}: ${eq} of ${rs.length} rules equal`);
    for (const r of rs.filter((r) => r.verdict !== "equal")) console.log(`  ${r.rule}: ${r.verdict}${r.onlyOld ? ` (only old: ${JSON.stringify(r.onlyOld.slice(0, 3))}; only new: ${JSON.stringify(r.onlyNew.slice(0, 3))})` : ""}`);
  }
  console.log(`${rows.length} rules of ${bySpec.size} revisions: ${equal ? "every one the same language" : "DIFFERENT"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  process.exit(equal ? 0 : 1);
}
