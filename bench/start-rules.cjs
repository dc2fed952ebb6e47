// parse() and components() with and without a rule, an older build (BASE: a checkout of an earlier commit, built)
// against this one, in one process, alternating rounds; medians of 15 rounds (ROUNDS) of CPU time after 2 untimed. The top rule (its tagged DFA in both
// builds) and start rules that ship no tagged DFA since issue 27's "pay for one revision" (their positions are
// read off the scanner's walk): absolute-URI over the Debian corpus, authority over its authorities; resolve(), whose
// base is an absolute-URI.
// `BASE=/tmp/base node bench/start-rules.cjs` (ONLY="top rule": the cases whose name holds it, alone in the process)
const fs = require("fs");
const path = require("path");
const lines = fs.readFileSync(path.join(__dirname, "corpus", "debian-packages.txt"), "utf8").split("\n").filter(Boolean);
const builds = { before: require(path.resolve(process.env.BASE ?? "/tmp/base", "dist/src/index.js")), after: require("../dist/src/index.js") };
const specs = ["draft-2003", "rfc3986"];
const cases = [];
// The inputs, chosen by each build alike (what a build has run before shapes its JIT: both do the same).
const inputsBy = (m, spec) => ({
  authorities: lines.map((u) => m.components(u, { spec })).filter((c) => c.ok && c.host !== null).map((c) => `${c.userinfo !== null ? `${c.userinfo}@` : ""}${c.host}${c.port !== null ? `:${c.port}` : ""}`).filter((a) => m.validate(a, { spec, rule: "authority" })),
  absolute: lines.filter((u) => m.validate(u, { spec, rule: "absolute-URI" })),
});
for (const spec of specs) {
  const [mine, theirs] = [inputsBy(builds.after, spec), inputsBy(builds.before, spec)];
  if (JSON.stringify(mine) !== JSON.stringify(theirs)) throw new Error(`${spec}: the builds choose different inputs`);
  const { authorities, absolute } = mine;
  cases.push([`${spec} parse (top rule)`, lines, (m, u) => m.parse(u, { spec }).ok]);
  cases.push([`${spec} components (top rule)`, lines, (m, u) => m.components(u, { spec }).ok]);
  cases.push([`${spec} parse absolute-URI`, absolute, (m, u) => m.parse(u, { spec, rule: "absolute-URI" }).ok]);
  cases.push([`${spec} components absolute-URI`, absolute, (m, u) => m.components(u, { spec, rule: "absolute-URI" }).ok]);
  cases.push([`${spec} parse authority`, authorities, (m, u) => m.parse(u, { spec, rule: "authority" }).ok]);
  // resolve() parses its base with absolute-URI (draft-2003 §5.2, RFC 3986 §5.2.1), the reference with the top rule.
  cases.push([`${spec} resolve "../g" against each absolute-URI`, absolute, (m, u) => m.resolve(u, "../g", { spec }).ok]);
}
if (process.env.ONLY) cases.splice(0, cases.length, ...cases.filter(([name]) => name.includes(process.env.ONLY)));
for (const [name, inputs, f] of cases) for (const m of Object.values(builds)) for (const u of inputs) if (!f(m, u)) throw new Error(`${name}: rejected ${u}`);
const res = {};
const ROUNDS = Number(process.env.ROUNDS ?? 15);
for (let round = -2; round < ROUNDS; round++) {
  for (const [name, inputs, f] of cases) {
    for (const which of round % 2 ? ["after", "before"] : ["before", "after"]) {
      const m = builds[which];
      // CPU time of this process (user + system): less at the mercy of other processes on a shared machine than the clock.
      const t = process.cpuUsage();
      for (const u of inputs) f(m, u);
      const used = process.cpuUsage(t);
      const ns = ((used.user + used.system) * 1000) / inputs.length;
      if (round >= 0) ((res[name] ??= { before: [], after: [], n: inputs.length })[which]).push(ns);
    }
  }
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log("| revision, operation, start rule | inputs | before ns/input | after ns/input | after / before |\n|---|---:|---:|---:|---:|");
for (const [k, v] of Object.entries(res)) console.log(`| ${k} | ${v.n} | ${med(v.before).toFixed(0)} | ${med(v.after).toFixed(0)} | ${(med(v.after) / med(v.before)).toFixed(2)} |`);
