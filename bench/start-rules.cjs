// parse() and components() with and without a rule, an older build (BASE: a checkout of an earlier commit, built)
// against this one, in one process, alternating rounds; medians of 7 rounds. The top rule (its tagged DFA in both
// builds) and start rules that ship no tagged DFA since issue 27's "pay for one revision" (their positions are
// read off the scanner's walk): absolute-URI over the Debian corpus, authority over its authorities.
// `BASE=/tmp/base node bench/start-rules.cjs`
const fs = require("fs");
const path = require("path");
const lines = fs.readFileSync(path.join(__dirname, "corpus", "debian-packages.txt"), "utf8").split("\n").filter(Boolean);
const builds = { before: require(path.resolve(process.env.BASE ?? "/tmp/base", "dist/src/index.js")), after: require("../dist/src/index.js") };
const specs = ["draft-2003", "rfc3986"];
const cases = [];
for (const spec of specs) {
  const authorities = lines.map((u) => builds.after.components(u, { spec })).filter((c) => c.ok && c.host !== null).map((c) => `${c.userinfo !== null ? `${c.userinfo}@` : ""}${c.host}${c.port !== null ? `:${c.port}` : ""}`).filter((a) => builds.after.validate(a, { spec, rule: "authority" }));
  const absolute = lines.filter((u) => builds.after.validate(u, { spec, rule: "absolute-URI" }));
  cases.push([`${spec} parse (top rule)`, lines, (m, u) => m.parse(u, { spec }).ok]);
  cases.push([`${spec} components (top rule)`, lines, (m, u) => m.components(u, { spec }).ok]);
  cases.push([`${spec} parse absolute-URI`, absolute, (m, u) => m.parse(u, { spec, rule: "absolute-URI" }).ok]);
  cases.push([`${spec} components absolute-URI`, absolute, (m, u) => m.components(u, { spec, rule: "absolute-URI" }).ok]);
  cases.push([`${spec} parse authority`, authorities, (m, u) => m.parse(u, { spec, rule: "authority" }).ok]);
}
for (const [name, inputs, f] of cases) for (const m of Object.values(builds)) for (const u of inputs) if (!f(m, u)) throw new Error(`${name}: rejected ${u}`);
const res = {};
for (let round = 0; round < 7; round++) {
  for (const [name, inputs, f] of cases) {
    for (const which of round % 2 ? ["after", "before"] : ["before", "after"]) {
      const m = builds[which];
      const t = process.hrtime.bigint();
      for (const u of inputs) f(m, u);
      const ns = Number(process.hrtime.bigint() - t) / inputs.length;
      ((res[name] ??= { before: [], after: [], n: inputs.length })[which]).push(ns);
    }
  }
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log("| revision, operation, start rule | inputs | before ns/input | after ns/input | after / before |\n|---|---:|---:|---:|---:|");
for (const [k, v] of Object.entries(res)) console.log(`| ${k} | ${v.n} | ${med(v.before).toFixed(0)} | ${med(v.after).toFixed(0)} | ${(med(v.after) / med(v.before)).toFixed(2)} |`);
