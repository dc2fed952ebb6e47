// Reads every grammar/<spec>.peggy: its annotation comments (the rule inventory) and, for tests, a
// peggy parser of it.
//
// Data flow: grammar/<spec>.peggy  ->  generated/<spec>.rules.ts  (rule inventory read from the
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
import { readFileSync, writeFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, dirname, basename, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const peggy = require("peggy");
const tspegjs = require("ts-pegjs");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const grammarDir = join(root, "grammar");
const outDir = join(root, "generated");

/**
 * Reads the annotation comments above each rule.
 *   // @rule <published-name> <section>      a rule of the document
 *   // @core <name> <source>                  a core rule imported by the document's notation
 *   // @helper <why>                          a helper rule that is not in the document
 *   //   <published text>                     (three spaces) the rule as published
 *   // @peg <reason>                          why the PEG shape differs from the published one
 *   // @repair <what was repaired>            a deliberate repair of garbled source text
 *   // @seed <the seed's own words>           the unrepaired source text
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

function ruleFromBlock(pegName, block, file) {
  const rule = { pegName, published: null, kind: null, section: null, text: [], peg: [], repairs: [] };
  let lastRepair = null;
  for (const raw of block) {
    const body = raw.replace(/^\/\/ ?/, "");
    let m;
    if ((m = /^@rule\s+(\S+)\s+(.+)$/.exec(body))) { rule.kind = "published"; rule.published = m[1]; rule.section = m[2].trim(); }
    else if ((m = /^@core\s+(\S+)\s+(.+)$/.exec(body))) { rule.kind = "core"; rule.published = m[1]; rule.section = m[2].trim(); }
    else if ((m = /^@helper\s+(.+)$/.exec(body))) { rule.kind = "helper"; rule.published = null; rule.peg.push(m[1].trim()); }
    else if ((m = /^@peg\s+(.+)$/.exec(body))) rule.peg.push(m[1].trim());
    else if ((m = /^@repair\s+(.+)$/.exec(body))) { lastRepair = { repair: m[1].trim(), seed: "" }; rule.repairs.push(lastRepair); }
    else if ((m = /^@seed\s+(.+)$/.exec(body))) { if (!lastRepair) throw new Error(`${file}: @seed without @repair above rule ${pegName}`); lastRepair.seed = m[1].trim(); }
    else if (/^@(ast|field|components)\b/.test(body)) continue; // the AST annotations (scripts/ast/read-ast.mjs)
    else if (/^@(top-rule|scheme-productions)\b/.test(body)) continue; // the start rules parse() applies (readStartRules)
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
 *   // @scheme-productions <name> ...     a scheme-aware revision: the start rules its scheme selects
 *                                         (the descriptor's `schemeProductions`: each production with
 *                                         its rule suffix, the catch-all, the prefix's production;
 *                                         test/walk-captures.test.ts holds the two in step)
 * Names are published names (or a helper's own). Returns { topRule, schemeProductions }.
 */
export function readStartRules(source, file, rules) {
  const top = [...source.matchAll(/^\/\/ @top-rule[ \t]+(\S+)[ \t]*$/gm)];
  if (top.length !== 1) throw new Error(`${file}: ${top.length === 0 ? "no @top-rule annotation (the top rule)" : "a second @top-rule"}`);
  const schemeProductions = [...source.matchAll(/^\/\/ @scheme-productions[ \t]+(.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/));
  const names = new Set(rules.map((r) => r.published ?? r.pegName));
  for (const name of [top[0][1], ...schemeProductions]) if (!names.has(name)) throw new Error(`${file}: @top-rule or @scheme-productions names no rule: ${name}`);
  return { topRule: top[0][1], schemeProductions };
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
  return `// GENERATED by scripts/build-grammars.mjs from grammar/${file}. Do not edit: edit the grammar and run \`npm run build\`.\n`;
}

/**
 * Builds every grammar of `from` (default grammar/) into `to` (default generated/). Test fixtures
 * (test/fixtures/revision/) are built the same way into their own folder.
 */
export function buildAll(from = grammarDir, to = outDir) {
  const grammarDir = from;
  const outDir = to;
  const srcDir = relative(outDir, join(root, "src")).split(sep).join("/");
  mkdirSync(outDir, { recursive: true });
  // A file an older build wrote (another variant, a grammar since removed) must not survive:
  // generated/ holds exactly what the build makes (it is not committed).
  const ids = readdirSync(grammarDir).filter((f) => f.endsWith(".peggy")).map((f) => basename(f, ".peggy"));
  const made = new Set([...ids.flatMap((id) => [`${id}.peggy.ts`, `${id}.rules.ts`, `${id}.scanner.ts`, `${id}.ast.ts`, `${id}.accept.ts`, `${id}.ast-tables.ts`]), "rule-names.ts", "ast-types.ts"]);
  for (const f of readdirSync(outDir)) if (f.endsWith(".ts") && !made.has(f)) rmSync(join(outDir, f));
  const specs = [];
  const ruleNames = {};
  for (const file of readdirSync(grammarDir).filter((f) => f.endsWith(".peggy")).sort()) {
    const id = basename(file, ".peggy");
    const source = readFileSync(join(grammarDir, file), "utf8");
    const { rules } = readAnnotations(source, file);
    const { topRule } = readStartRules(source, file, rules);
    const publishedNames = new Map(rules.map((r) => [r.pegName, r.published ?? r.pegName]));
    addUses(rules, source, file, publishedNames);
    writeFileSync(join(outDir, `${id}.peggy.ts`), stamp(file) + generate(source, file, publishedNames));
    writeFileSync(join(outDir, `${id}.rules.ts`), stamp(file) +
      `import type { RuleInfo } from "${srcDir}/revisions/types";\n\n` +
      `/** The top rule (the grammar's @top-rule): parse()'s start rule when none is asked for and no scheme decides. */\n` +
      `export type TopRule = ${JSON.stringify(topRule)};\nexport const TOP_RULE: TopRule = ${JSON.stringify(topRule)};\n\n` +
      `export const RULES: readonly RuleInfo[] = ${JSON.stringify(rules, null, 2)};\n`);
    specs.push(id);
    ruleNames[id] = rules.map((r) => r.published ?? r.pegName);
  }
  writeFileSync(join(outDir, "rule-names.ts"), ruleNamesModule(ruleNames));
  return specs;
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
  return `// GENERATED by scripts/build-grammars.mjs from grammar/*.peggy. Do not edit: edit the grammars and run \`npm run build\`.\n` +
    `/** The rule names of each revision, by revision id (published names; helper rules by their own name). */\n` +
    `export interface RuleNames {\n${body}\n}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [from, to] = process.argv.slice(2);
  const specs = from && to ? buildAll(join(process.cwd(), from), join(process.cwd(), to)) : buildAll();
  console.log(`built ${specs.length} grammars: ${specs.join(", ")}`);
}
