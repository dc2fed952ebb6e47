// Reads every grammar/<spec>/grammar.peggy: its annotation comments (the rule inventory) and, for tests, a
// peggy parser of it.
//
// Data flow: grammar/<spec>/grammar.peggy  ->  generated/<spec>.rules.ts  (rule inventory read from the
//                                                                  grammar's annotation comments)
//                                  ->  generated/<spec>.peggy.ts  (peggy's own parser of the grammar:
//                                                                  every rule builds a derivation node;
//                                                                  the reference the scanner is tested
//                                                                  against, never used by the library)
// The scanner the library runs is written by scripts/compile-scanner.mjs from the same grammars.
//
// The grammar files hold no action code: they are transcriptions only. Node building is added
// here, by a peggy plugin that wraps rule bodies, so the published shape stays readable.
//
// Why peggy 3.0.2 + ts-pegjs 4.2.2: ts-pegjs 4.x declares `peggy ^3.0.2` as its peer dependency
// and drives peggy's plugin API of that major version; peggy 4/5 changed the generated code and
// the plugin hooks ts-pegjs relies on. Both are pinned exactly in package.json.
import { existsSync, readFileSync, writeFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, dirname, basename, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const peggy = require("peggy");
const tspegjs = require("ts-pegjs");
import { composeGrammar, revisionIds, typePrefix } from "./revisions.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const grammarDir = join(root, "grammar");
const outDir = join(root, "generated");

/**
 * Reads the annotation comments above each rule.
 *   // @rule <published-name> <section>      a rule of the document ("a name with spaces" quoted)
 *   // @core <name> <source>                  a core rule imported by the document's notation (likewise)
 *   // @helper <why>                          a helper rule that is not in the document
 *   //   <published text>                     (three spaces) the rule as published
 *   // @peg <reason>                          why the PEG shape differs from the published one
 *   // @repair <what was repaired>            a deliberate repair of garbled source text
 *   // @seed <the seed's own words>           the unrepaired source text
 *   // @predicate <name>                      a check the rule's match must pass once the input has
 *                                             parsed (what no grammar states: the WHATWG URL
 *                                             Standard's "valid domain"); the descriptor's
 *                                             `predicates` gives the function
 */
export function readAnnotations(source, file) {
  const lines = source.split("\n");
  const rules = [];
  let block = [];
  for (const line of lines) {
    if (line.startsWith("//")) { block.push(line); continue; }
    const def = /^([A-Za-z_][A-Za-z0-9_]*)\b/.exec(line);
    if (def) rules.push(ruleFromBlock(def[1], block, file));
    block = [];
  }
  return { rules };
}

// `@rule NAME SECTION` and `@core NAME SOURCE`: NAME is one word (`URI-reference`) or, for a
// published name that holds spaces (the WHATWG URL Standard's `valid URL string`), written between
// double quotes; the quotes are not part of the name. An unclosed quote is an unknown annotation.
const NAMED = /^@(rule|core)\s+(?:"([^"]+)"|([^\s"]+))\s+(.+)$/;

function ruleFromBlock(pegName, block, file) {
  const rule = { pegName, published: null, kind: null, section: null, text: [], peg: [], repairs: [] };
  let lastRepair = null;
  for (const raw of block) {
    const body = raw.replace(/^\/\/ ?/, "");
    let m;
    if ((m = NAMED.exec(body))) { rule.kind = m[1] === "rule" ? "published" : "core"; rule.published = m[2] ?? m[3]; rule.section = m[4].trim(); }
    else if ((m = /^@helper\s+(.+)$/.exec(body))) { rule.kind = "helper"; rule.published = null; rule.peg.push(m[1].trim()); }
    else if ((m = /^@peg\s+(.+)$/.exec(body))) rule.peg.push(m[1].trim());
    else if ((m = /^@repair\s+(.+)$/.exec(body))) { lastRepair = { repair: m[1].trim(), seed: "" }; rule.repairs.push(lastRepair); }
    else if ((m = /^@seed\s+(.+)$/.exec(body))) { if (!lastRepair) throw new Error(`${file}: @seed without @repair above rule ${pegName}`); lastRepair.seed = m[1].trim(); }
    else if ((m = /^@predicate\s+([a-z][a-z0-9-]*)\s*$/.exec(body))) { if (rule.predicate) throw new Error(`${file}: a second @predicate above rule ${pegName}`); rule.predicate = m[1]; }
    else if (/^@(ast|field|components)\b/.test(body)) continue; // the AST annotations (scripts/ast/read-ast.mjs)
    else if (/^@(top-rule|scheme-productions|base-rule)\b/.test(body)) continue; // the start rules parse() applies (readStartRules)
    else if (/^@origin\b/.test(body)) continue; // where a rule an amendment inherits is written (scripts/revisions.mjs)
    else if (/^  \s*\S/.test(body)) rule.text.push(body.slice(2)); // continuation lines keep their alignment
    else if (/^@/.test(body)) throw new Error(`${file}: unknown annotation "${body}" above rule ${pegName}`);
  }
  if (!rule.kind) throw new Error(`${file}: rule ${pegName} has no @rule/@core/@helper annotation`);
  if (rule.kind !== "helper" && rule.text.length === 0) throw new Error(`${file}: rule ${pegName} has no published text`);
  for (const r of rule.repairs) if (!r.seed) throw new Error(`${file}: repair on ${pegName} lacks the seed's words (@seed)`);
  return rule;
}

/**
 * The start rules parse() applies when none is asked for, from the grammar's header: the facts the
 * descriptor reads (generated/<spec>.rules.ts TOP_RULE) and the build ships a tagged DFA for
 * (scripts/ast/walk-tags.mjs: every other start rule's AST is read off the scanner's walk).
 *   // @top-rule <name>                   the top rule (the descriptor's `topRule`)
 *   // @base-rule <class> <name>          the start rule for an input resolved against a base URL of
 *                                         this class (the WHATWG URL Standard's relative strings
 *                                         depend on the base: the descriptor's `baseRules`)
 *   // @scheme-productions <name> ...     a scheme-aware revision: the start rules its scheme selects
 *                                         (the descriptor's `schemeProductions`: each production with
 *                                         its rule suffix, the catch-all, the prefix's production;
 *                                         test/walk-captures.test.ts holds the two in step)
 * Names are published names (or a helper's own; between double quotes when they hold spaces).
 * Returns { topRule, schemeProductions, baseRules }.
 */
export function readStartRules(source, file, rules) {
  const name = `(?:"([^"\\n]+)"|(\\S+))`;
  const top = [...source.matchAll(new RegExp(`^\\/\\/ @top-rule[ \\t]+${name}[ \\t]*$`, "gm"))];
  if (top.length !== 1) throw new Error(`${file}: ${top.length === 0 ? "no @top-rule annotation (the top rule)" : "a second @top-rule"}`);
  const topRule = top[0][1] ?? top[0][2];
  const schemeProductions = [...source.matchAll(/^\/\/ @scheme-productions[ \t]+(.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/));
  // `// @base-rule CLASS RULE`: the start rule for an input resolved against a base URL of this class.
  const baseRules = {};
  for (const m of source.matchAll(new RegExp(`^\\/\\/ @base-rule[ \\t]+(\\S+)[ \\t]+${name}[ \\t]*$`, "gm"))) {
    if (m[1] in baseRules) throw new Error(`${file}: a second @base-rule ${m[1]}`);
    baseRules[m[1]] = m[2] ?? m[3];
  }
  const names = new Set(rules.map((r) => r.published ?? r.pegName));
  for (const n of [topRule, ...schemeProductions, ...Object.values(baseRules)]) if (!names.has(n)) throw new Error(`${file}: @top-rule, @scheme-productions or @base-rule names no rule: ${n}`);
  return { topRule, schemeProductions, baseRules: Object.keys(baseRules).length > 0 ? baseRules : null };
}

/**
 * The rules each rule's PEG refers to, by published name (helpers by their own), in first-use
 * order: the grammar model's reference graph, which the error advice walks (src/diagnose.ts) and
 * the explorer draws as links. Read from peggy's AST of the grammar, not from the rule's text.
 */
function addUses(rules, source, file, publishedNames) {
  const ast = peggy.parser.parse(source, { grammarSource: file });
  const byName = new Map(rules.map((r) => [r.pegName, r]));
  for (const rule of ast.rules) {
    const uses = new Set();
    (function walk(node) {
      if (node === null || typeof node !== "object") return;
      if (Array.isArray(node)) return node.forEach(walk);
      if (node.type === "rule_ref") uses.add(publishedNames.get(node.name) ?? node.name);
      for (const [k, v] of Object.entries(node)) if (k !== "location" && k !== "codeLocation" && k !== "nameLocation") walk(v);
    })(rule.expression);
    byName.get(rule.name).uses = [...uses];
  }
}

/** Peggy plugin: wraps the body of every rule in an action that returns a derivation node. */
function nodePlugin(publishedNames) {
  return {
    use(config) {
      config.passes.transform.unshift((ast) => {
        const code = [
          "function peg$collectNodes(x, out) {",
          "  if (x === null || typeof x !== 'object') return out;",
          "  if (Array.isArray(x)) { for (let i = 0; i < x.length; i++) peg$collectNodes(x[i], out); return out; }",
          "  out.push(x); return out;",
          "}",
        ].join("\n");
        if (ast.topLevelInitializer) throw new Error("grammar files must not carry code");
        ast.topLevelInitializer = { type: "top_level_initializer", code, codeLocation: ast.location, location: ast.location };
        for (const rule of ast.rules) {
          const label = "peg$derivation";
          const name = JSON.stringify(publishedNames.get(rule.name) ?? rule.name);
          rule.expression = {
            type: "action",
            expression: { type: "labeled", label, labelLocation: rule.location, expression: rule.expression, location: rule.location },
            code: ` const r = range(); return { rule: ${name}, start: r.start, end: r.end, children: peg$collectNodes(${label}, []) }; `,
            codeLocation: rule.location,
            location: rule.location,
          };
        }
      });
    },
  };
}

/** peggy's parser of a grammar, every rule wrapped to build a derivation node (the test reference). */
function generate(source, file, publishedNames) {
  return peggy.generate(source, {
    output: "source",
    format: "commonjs",
    grammarSource: file,
    allowedStartRules: ["*"],
    plugins: [nodePlugin(publishedNames), tspegjs],
    tspegjs: { skipTypeComputation: true },
  });
}

function stamp(file) {
  return `// GENERATED by scripts/build-grammars.mjs from ${file}. Do not edit: edit the grammar and run \`npm run build\`.\n`;
}

/**
 * The document a revision transcribes, from its grammar's header (the registry's facts about it,
 * stated once: the descriptor spreads generated/<spec>.rules.ts DOCUMENT):
 *   // @title <the document's title as the registry shows it>
 *   // @date <YYYY-MM, its publication; YYYY-MM-DD for a snapshot of a living standard>
 *   // @source <its text, relative to ../shared/seeds/: a seed file, or ../references/<file>>
 *   // @notation <the grammar notation it uses>
 *   // @grammar-section <where in it the grammar is>
 *   // @summary <one line for the tables that list the revisions: the document and what it brings>
 */
export function readDocument(source, file) {
  const doc = {};
  for (const [key, field] of [["title", "title"], ["date", "date"], ["source", "seed"], ["notation", "notation"], ["grammar-section", "grammarSection"], ["summary", "summary"]]) {
    const found = [...source.matchAll(new RegExp(`^// @${key}[ \\t]+(.+?)[ \\t]*$`, "gm"))];
    if (found.length !== 1) throw new Error(`${file}: ${found.length === 0 ? `no @${key} in its header` : `a second @${key}`} (the registry's facts about the document: scripts/build-grammars.mjs readDocument)`);
    doc[field] = found[0][1];
  }
  // A month for a published document (RFCs are dated so); a day for a living standard's snapshot.
  if (!/^\d{4}-\d{2}(-\d{2})?$/.test(doc.date)) throw new Error(`${file}: @date ${doc.date} is not YYYY-MM or YYYY-MM-DD`);
  return doc;
}

/**
 * Builds every revision of `from` (default grammar/: its folders, scripts/revisions.mjs) into `to`
 * (default generated/). Test fixtures (test/fixtures/revision/) are built the same way into their
 * own folder. `registry` (the default build): also the modules that list the revisions
 * (generated/revisions.ts, generated/delimiting.ts), derived from the folders.
 */
export function buildAll(from = grammarDir, to = outDir, { registry = from === grammarDir, only = null } = {}) {
  const grammarDir = from;
  const outDir = to;
  const srcDir = relative(outDir, join(root, "src")).split(sep).join("/");
  mkdirSync(outDir, { recursive: true });
  const ids = revisionIds(grammarDir);
  // A file an older build wrote (another variant, a grammar since removed) must not survive:
  // generated/ holds exactly what the build makes (it is not committed).
  const made = new Set([...ids.flatMap((id) => [`${id}.composed.peggy`, `${id}.peggy.ts`, `${id}.rules.ts`, `${id}.scanner.ts`, `${id}.ast.ts`, `${id}.accept.ts`, `${id}.ast-tables.ts`]), "rule-names.ts", "ast-types.ts", "revisions.ts", "revision-types.ts", "delimiting.ts", "published-sources.ts", "README.md"]);
  for (const f of readdirSync(outDir)) if (!made.has(f) && (f.endsWith(".ts") || f.endsWith(".composed.peggy"))) rmSync(join(outDir, f));
  const revisions = [];
  const ruleNames = {};
  for (const id of ids) {
    if (only !== null && id !== only) continue;
    const { source, file } = composeGrammar(grammarDir, id, root);
    const { rules } = readAnnotations(source, file);
    const { topRule, schemeProductions, baseRules } = readStartRules(source, file, rules);
    const document = readDocument(source, file);
    const publishedNames = new Map(rules.map((r) => [r.pegName, r.published ?? r.pegName]));
    addUses(rules, source, file, publishedNames);
    // The grammar as composed: what the tools read (the rules command, the explorer, fidelity).
    writeIfChanged(join(outDir, `${id}.composed.peggy`), source);
    writeIfChanged(join(outDir, `${id}.peggy.ts`), stamp(file) + generate(source, file, publishedNames));
    writeIfChanged(join(outDir, `${id}.rules.ts`), stamp(file) +
      `import type { RuleInfo } from "${srcDir}/revisions/types";\n\n` +
      `/** The document the revision transcribes (the grammar's header: @title, @date, @source, @notation, @grammar-section, @summary). */\n` +
      `export const DOCUMENT = ${JSON.stringify(document, null, 2)} as const;\n\n` +
      `/** The top rule (the grammar's @top-rule): parse()'s start rule when none is asked for and no scheme decides. */\n` +
      `export type TopRule = ${JSON.stringify(topRule)};\nexport const TOP_RULE: TopRule = ${JSON.stringify(topRule)};\n\n` +
      `/** The start rule for each class of base URL (the grammar's @base-rule lines), or null. */\n` +
      `export const BASE_RULES: Readonly<Record<string, string>> | null = ${JSON.stringify(baseRules)};\n\n` +
      `export const RULES: readonly RuleInfo[] = ${JSON.stringify(rules, null, 2)};\n`);
    revisions.push({ id, date: document.date, seed: document.seed, schemeAware: schemeProductions.length > 0, delimiting: existsSync(join(grammarDir, id, "delimiting.ts")) });
    ruleNames[id] = rules.map((r) => r.published ?? r.pegName);
  }
  // Oldest first (the order every operation lists revisions in); a tie by id.
  revisions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  if (only !== null) return revisions.map((r) => r.id); // one revision (npm run dev): the lists of all stay as they are
  writeIfChanged(join(outDir, "rule-names.ts"), ruleNamesModule(ruleNames));
  if (registry) {
    writeIfChanged(join(outDir, "revisions.ts"), revisionsModule(revisions, relative(outDir, grammarDir).split(sep).join("/")));
    writeIfChanged(join(outDir, "revision-types.ts"), revisionTypesModule(revisions));
    writeIfChanged(join(outDir, "delimiting.ts"), delimitingModule(revisions, relative(outDir, grammarDir).split(sep).join("/")));
    writeIfChanged(join(outDir, "published-sources.ts"), publishedSourcesModule(grammarDir, revisions));
  }
  return revisions.map((r) => r.id);
}

/** Writes a file unless it already holds exactly this text (an unchanged build leaves times alone, so incremental steps skip it). */
function writeIfChanged(path, text) {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return;
  writeFileSync(path, text);
}

/**
 * generated/revisions.ts: the registry's list, derived from the folders of grammar/: every
 * revision's descriptor, oldest first (src/revisions/built-in.ts).
 */
function revisionsModule(revisions, grammarRel) {
  const v = (id) => `r_${typePrefix(id)}`;
  return [
    "// GENERATED by scripts/build-grammars.mjs from the folders of grammar/ (one per revision). Do not edit: add or change a folder and run `npm run build`.",
    ...revisions.map((r) => `import { descriptor as ${v(r.id)} } from "${grammarRel}/${r.id}/descriptor";`),
    ...revisions.map((r) => `import * as a_${typePrefix(r.id)} from "./${r.id}.accept";`),
    "",
    "/** Every revision's descriptor, oldest first (by its grammar's @date, then id). */",
    "export const DESCRIPTORS = {",
    ...revisions.map((r) => `  ${JSON.stringify(r.id)}: ${v(r.id)},`),
    "} as const;",
    "",
    "/** Every revision's acceptance DFA (generated/<spec>.accept.ts): what the main entry's validate() runs (src/parse.ts, makeTarget()). */",
    "export const ACCEPTORS = {",
    ...revisions.map((r) => `  ${JSON.stringify(r.id)}: a_${typePrefix(r.id)},`),
    "} as const;",
    "",
  ].join("\n");
}

/**
 * generated/revision-types.ts: the types by revision id (src/revisions/revision.ts), derived from the
 * folders as the registry's list is: each revision's ASTs by start rule (generated/<spec>.ast.ts
 * <Prefix>Asts) and, for a revision without scheme productions, its top rule. A module apart from
 * generated/revisions.ts, whose descriptors import the types that import these.
 */
function revisionTypesModule(revisions) {
  return [
    "// GENERATED by scripts/build-grammars.mjs from the folders of grammar/ (one per revision). Do not edit.",
    ...revisions.map((r) => `import type { ${typePrefix(r.id)}Asts } from "./${r.id}.ast";`),
    ...revisions.filter((r) => !r.schemeAware).map((r) => `import type { TopRule as ${typePrefix(r.id)}TopRule } from "./${r.id}.rules";`),
    "",
    "/** What the types know of each revision, by id: the AST of each of its start rules (generated/<spec>.ast.ts). */",
    "export interface SpecAstsByRule {",
    ...revisions.map((r) => `  ${JSON.stringify(r.id)}: ${typePrefix(r.id)}Asts;`),
    "}",
    "",
    "/** The start rule parse() applies when none is given, for the revisions without scheme productions (each grammar's @top-rule). */",
    "export interface TopRules {",
    ...revisions.filter((r) => !r.schemeAware).map((r) => `  ${JSON.stringify(r.id)}: ${typePrefix(r.id)}TopRule;`),
    "}",
    "",
  ].join("\n");
}

/**
 * generated/published-sources.ts: each revision's published grammar as its folder holds it
 * (grammar/<spec>/published.<notation>, the file's text), for what reads or edits it without a file
 * system: the grammar sandbox (src/ops/language-edit.ts), in the CLI, the library and the explorer.
 */
function publishedSourcesModule(grammarDir, revisions) {
  const entries = [];
  for (const r of revisions) {
    const files = readdirSync(join(grammarDir, r.id)).filter((f) => f.startsWith("published."));
    if (files.length !== 1) continue;
    entries.push(`  ${JSON.stringify(r.id)}: { file: ${JSON.stringify(`grammar/${r.id}/${files[0]}`)}, source: ${JSON.stringify(readFileSync(join(grammarDir, r.id, files[0]), "utf8"))} },`);
  }
  return [
    "// GENERATED by scripts/build-grammars.mjs from grammar/<spec>/published.* (one per revision that has one). Do not edit.",
    "",
    "/** Each revision's published grammar: the file (relative to the repository) and its text. */",
    "export const PUBLISHED_SOURCES: Readonly<Record<string, { file: string; source: string }>> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

/**
 * generated/delimiting.ts: every revision's row of the delimiting rules (grammar/<spec>/delimiting.ts:
 * what its document says of references in running text, even that it says nothing), oldest first,
 * with the text each revision's quotes are from (its grammar's @source). A revision without the file
 * is a build error: no row falls back silently.
 */
function delimitingModule(revisions, grammarRel) {
  const missing = revisions.filter((r) => !r.delimiting).map((r) => `${grammarRel.replace(/^\.\.\//, "")}/${r.id}/delimiting.ts`);
  if (missing.length > 0) throw new Error(`every revision states how its document delimits a reference in running text (even that it says nothing): missing ${missing.join(", ")}`);
  const v = (id) => `d_${typePrefix(id)}`;
  return [
    "// GENERATED by scripts/build-grammars.mjs from the folders of grammar/. Do not edit.",
    'import type { DelimitingRow } from "../src/revisions/delimiting-row";',
    ...revisions.map((r) => `import { DELIMITING as ${v(r.id)} } from "${grammarRel}/${r.id}/delimiting";`),
    "",
    "/** Each revision's row, oldest first. */",
    "export const DELIMITING_ROWS: readonly (readonly [string, DelimitingRow])[] = [",
    ...revisions.map((r) => `  [${JSON.stringify(r.id)}, ${v(r.id)}],`),
    "];",
    "",
    "/** The text each revision transcribes (its @source), which its quotes are from unless they name another revision's. */",
    "export const SOURCES: Readonly<Record<string, string>> = {",
    ...revisions.map((r) => `  ${JSON.stringify(r.id)}: ${JSON.stringify(r.seed)},`),
    "};",
    "",
  ].join("\n");
}

/**
 * generated/rule-names.ts: per revision, the union of the names a start rule can be given by (the
 * published name, or the helper rule's own name), so that `parse(x, { spec, rule })` completes and
 * checks them (src/revisions/revision.ts, RuleName). Keyed by the grammar's file name, which is the
 * revision id.
 */
function ruleNamesModule(ruleNames) {
  const body = Object.entries(ruleNames)
    .map(([id, names]) => `  ${JSON.stringify(id)}:\n${names.map((n) => `    | ${JSON.stringify(n)}`).join("\n")};`)
    .join("\n");
  return `// GENERATED by scripts/build-grammars.mjs from grammar/*/grammar.peggy. Do not edit: edit the grammars and run \`npm run build\`.\n` +
    `/** The rule names of each revision, by revision id (published names; helper rules by their own name). */\n` +
    `export interface RuleNames {\n${body}\n}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `--only <id>`: that revision alone (npm run dev).
  const args = process.argv.slice(2);
  const at = args.indexOf("--only");
  const only = at >= 0 ? args.splice(at, 2)[1] : null;
  const [from, to] = args;
  const specs = from && to ? buildAll(join(process.cwd(), from), join(process.cwd(), to), { only }) : buildAll(undefined, undefined, { only });
  console.log(`built ${specs.length} grammars: ${specs.join(", ")}`);
}
