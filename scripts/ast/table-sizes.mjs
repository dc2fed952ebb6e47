// node scripts/ast/table-sizes.mjs [dist folder]: per revision, what its AST module costs as
// `npm run build` emits it (dist/generated/<spec>.ast.js, minified: bytes and gzip -9 bytes), the
// part of it that is tagged DFA tables (the packed string), and the states of each start rule's
// table (from generated/<spec>.ast.ts's header). A Markdown table on stdout; run it after a build.
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dist = process.argv[2] ?? join(root, "dist");
const rows = [];
const total = { raw: 0, gzip: 0, tables: 0, states: 0 };
for (const file of readdirSync(join(dist, "generated")).filter((f) => f.endsWith(".ast.js")).sort()) {
  const spec = file.replace(/\.ast\.js$/, "");
  const code = readFileSync(join(dist, "generated", file), "utf8");
  const gzip = gzipSync(code, { level: 9 }).length;
  // (the one table string of the module, as encode-tables wrote it: coded or plain)
  const tables = (code.match(/(?:codedReader|plainText)\)?\("([^"]*)"/) ?? ["", ""])[1].length;
  const header = readFileSync(join(root, "generated", `${spec}.ast.ts`), "utf8").match(/^\/\/ {3}(.*states\/.*)$/m);
  const states = header ? [...header[1].matchAll(/(\S+) (\d+) states/g)].map((m) => [m[1], Number(m[2])]) : [];
  const sum = states.reduce((a, [, n]) => a + n, 0);
  rows.push(`| ${spec} | ${code.length} | ${gzip} | ${tables} | ${sum} | ${states.map(([r, n]) => `${r} ${n}`).join(", ")} |`);
  total.raw += code.length;
  total.gzip += gzip;
  total.tables += tables;
  total.states += sum;
}
console.log("| revision | module bytes | gzip | packed tables | states | states per start rule |");
console.log("|---|---:|---:|---:|---:|---|");
console.log(rows.join("\n"));
console.log(`| all | ${total.raw} | ${total.gzip} | ${total.tables} | ${total.states} | |`);
