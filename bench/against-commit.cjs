// validate, parse and components of the main entry, an older build (BASE: a checkout of an earlier commit, built with build-grammars, compile-scanner, tsc and build-package) against this one, in one process, alternating rounds; medians of 7 rounds over the Debian corpus. `BASE=/tmp/base node bench/against-commit.cjs` (OPS=c: components alone).
const fs = require("fs");
const lines = fs.readFileSync(require("path").join(__dirname, "..", "test", "data", "corpora", "debian-packages.txt"), "utf8").split("\n").filter(Boolean);
const builds = { before: require(require("path").resolve(process.env.BASE ?? "/tmp/base", "dist/src/index.js")), after: require("../dist/src/index.js") };
// Every revision both builds have (SPECS=a,b to pick some).
const specs = process.env.SPECS ? process.env.SPECS.split(",") : builds.after.SPEC_IDS.filter((id) => builds.before.SPEC_IDS.includes(id));
const ops = process.env.OPS === "c" ? { components: (m, u, o) => m.components(u, o).ok } : { validate: (m, u, o) => m.validate(u, o), parse: (m, u, o) => m.parse(u, o).ok, components: (m, u, o) => m.components(u, o).ok };
const res = {};
for (let round = 0; round < 7; round++) for (const spec of specs) for (const [op, f] of Object.entries(ops)) for (const name of round % 2 ? ["after", "before"] : ["before", "after"]) {
  const m = builds[name], o = { spec };
  const t = process.hrtime.bigint(); for (const u of lines) f(m, u, o); const ns = Number(process.hrtime.bigint() - t) / lines.length;
  ((res[`${spec} ${op}`] ??= { before: [], after: [] })[name]).push(ns);
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log("| revision, operation | before ns/URL | after ns/URL | after / before |\n|---|---:|---:|---:|");
for (const [k, v] of Object.entries(res)) console.log(`| ${k} | ${med(v.before).toFixed(0)} | ${med(v.after).toFixed(0)} | ${(med(v.after) / med(v.before)).toFixed(2)} |`);
