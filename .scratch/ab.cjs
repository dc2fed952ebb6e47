const { execFileSync } = require("child_process");
const path = require("path");
const t = (mod) => { const out = execFileSync(process.execPath, ["-e", `const t0=process.hrtime.bigint();require(${JSON.stringify(mod)});console.log(Number(process.hrtime.bigint()-t0)/1e6)`]); return +out; };
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
const mods = { before: path.resolve(".scratch/before/dist/src/index.js"), after: path.resolve("dist/src/index.js"), afterRfc3986: path.resolve("dist/entries/rfc3986.js"), fastUri: require.resolve("fast-uri"), uriJs: require.resolve("uri-js") };
const r = {}; for (const k in mods) r[k] = [];
for (let i = 0; i < 15; i++) for (const k in mods) r[k].push(t(mods[k]));
for (const k in mods) console.log(k, med(r[k]).toFixed(1), "ms");
