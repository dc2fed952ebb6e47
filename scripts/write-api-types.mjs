// docs/api.md, "Every exported type": the index of every type the package exports (from src/index.ts,
// read by the TypeScript compiler), with the file that defines it and the first sentence of its doc
// comment, written between the markers below. test/api-types.test.ts fails when the index is stale
// (a type added, renamed or removed) until this is run. Each revision's AST types (generated from its
// grammar into generated/<spec>.ast.ts, named after its id: `Rfc3986Ast`) are one row, by pattern:
// a revision added changes nothing here.
//
//   node scripts/write-api-types.mjs           rewrite the index in docs/api.md
//   node scripts/write-api-types.mjs --check   exit 1 (and say what differs) when it is stale
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const ts = require("typescript");
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const API = join(root, "docs", "api.md");
export const BEGIN = "<!-- exported-types:begin (node scripts/write-api-types.mjs) -->";
export const END = "<!-- exported-types:end -->";

/** Every exported type (not a value) of src/index.ts: name, defining file, first sentence of its doc. */
export function exportedTypes() {
  const program = ts.createProgram([join(root, "src", "index.ts")], { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, types: [], skipLibCheck: true, noEmit: true, resolveJsonModule: true, esModuleInterop: true, noResolve: false });
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(root, "src", "index.ts"));
  const out = [];
  for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(index))) {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    if (!(target.flags & ts.SymbolFlags.Type) || target.flags & ts.SymbolFlags.Value) continue;
    const decl = target.declarations?.[0];
    const file = decl ? relative(root, decl.getSourceFile().fileName) : "";
    const doc = ts.displayPartsToString(target.getDocumentationComment(checker)).replace(/\s+/g, " ").trim();
    const spec = /^generated\/([a-z0-9-]+)\.ast\.ts$/.exec(file)?.[1];
    const first = /^(.*?\.)(\s|$)/.exec(doc)?.[1] ?? doc;
    const sentence = (first !== "" ? first : spec ? `A record of ${spec}'s AST, generated from the @ast annotations of grammar/${spec}/grammar.peggy.` : "(no doc comment)").replace(/\|/g, "\\|");
    out.push({ name: s.name, file, sentence, revision: spec !== undefined });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

/** The one row for every revision's generated AST types. */
export const REVISION_TYPES_ROW =
  "| `<Spec>Ast`, `<Spec>Asts` and the revision's records (`Rfc3986Authority`, `Rfc3986Path`, `Draft1993Http` ...), for each revision, `<Spec>` its id in PascalCase | generated/<spec>.ast.ts | A revision's AST: the AST of a start rule (without one, the union of all), the AST of each start rule by published name, and a record for each `@ast` of grammar/<spec>/grammar.peggy (the types of the entry `uri-grammars/<spec>` name them all). |";

export function indexText(types) {
  const rows = types.filter((t) => !t.revision).map((t) => `| \`${t.name}\` | ${t.file} | ${t.sentence} |`);
  if (types.some((t) => t.revision)) rows.push(REVISION_TYPES_ROW);
  return `${BEGIN}\n| type | defined in | what it is |\n|---|---|---|\n${rows.join("\n")}\n${END}`;
}

const check = process.argv.includes("--check");
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const api = readFileSync(API, "utf8");
  const begin = api.indexOf(BEGIN);
  const end = api.indexOf(END);
  if (begin < 0 || end < 0) {
    console.error(`write-api-types: docs/api.md has no ${BEGIN} ... ${END}`);
    process.exit(2);
  }
  const types = exportedTypes();
  const next = api.slice(0, begin) + indexText(types) + api.slice(end + END.length);
  if (check) {
    const unnamed = types.filter((t) => !t.revision && !api.slice(0, begin).includes(t.name) && !api.slice(begin, end).includes(`\`${t.name}\``));
    if (next !== api) {
      console.error(`docs/api.md's index of exported types is stale${unnamed.length > 0 ? ` (not named: ${unnamed.map((t) => t.name).join(", ")})` : ""}: run node scripts/write-api-types.mjs`);
      process.exit(1);
    }
    console.log(`docs/api.md names every exported type (${types.length})`);
  } else {
    writeFileSync(API, next);
    console.log(`docs/api.md: ${types.length} exported types indexed`);
  }
}
