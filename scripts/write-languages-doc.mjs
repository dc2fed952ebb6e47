// Writes the generated tables of docs/languages.md (between its generated markers) from the
// fidelity proof and the language comparison of every pair of revisions (run after `npm run build`).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const { languagesMarkdown } = require("../dist/src/cli/languages-doc.js");
const file = new URL("../docs/languages.md", import.meta.url);
const witnesses = readFileSync(new URL("../test/data/languages/witnesses.tsv", import.meta.url), "utf8");
const doc = readFileSync(file, "utf8");
const next = doc.replace(/<!-- generated:start -->[\s\S]*<!-- generated:end -->/, () => languagesMarkdown(witnesses));
writeFileSync(file, next);
console.log("wrote docs/languages.md");
