import { build } from "esbuild";
const r = await build({ entryPoints: ["src/index.ts"], bundle: true, minify: true, write: false, format: "cjs", platform: "neutral", metafile: true,
  plugins: [{ name: "ext", setup(b) { b.onResolve({ filter: /generated\// }, (a) => ({ path: a.path, external: true })); } }] });
console.log("core min bytes", r.outputFiles[0].contents.length);
const ins = Object.entries(r.metafile.outputs)[0][1].inputs; const top = Object.entries(ins).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput).slice(0,15); console.log(top.map(([k,v])=>k+" "+v.bytesInOutput).join("\n"));
