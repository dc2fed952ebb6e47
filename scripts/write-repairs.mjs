// Writes grammar/REPAIRS.md from the grammar annotations (run after `npm run build`).
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const { repairsMarkdown } = require("../dist/src/revisions/repairs.js");
writeFileSync(new URL("../grammar/REPAIRS.md", import.meta.url), repairsMarkdown());
console.log("wrote grammar/REPAIRS.md");
