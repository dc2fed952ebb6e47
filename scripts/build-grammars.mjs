// Compiles every grammar/<spec>.peggy into typed TypeScript parsers under generated/.
//
// Data flow: grammar/<spec>.peggy  ->  generated/<spec>.ast.ts    (fast parser: only the
//                                                                  component rules build nodes)
//                                  ->  generated/<spec>.trace.ts  (every rule builds a node and
//                                                                  calls the tracer: used for
//                                                                  `tree: true` and for errors)
//                                  ->  generated/<spec>.validate.ts (no nodes, no tracer: accept/reject)
//                                  ->  generated/<spec>.diagnose.ts (tracer only, no nodes: re-run on
//                                                                  a rejected input to name the rule)
//                                  ->  generated/<spec>.rules.ts  (rule inventory read from the
//                                                                  grammar's annotation comments)
//
// The grammar files hold no action code: they are transcriptions only. Node building is added
// here, by a peggy plugin that wraps rule bodies, so the published shape stays readable.
//
// Why peggy 3.0.2 + ts-pegjs 4.2.2: ts-pegjs 4.x declares `peggy ^3.0.2` as its peer dependency
// and drives peggy's plugin API of that major version; peggy 4/5 changed the generated code and
// the plugin hooks ts-pegjs relies on. Both are pinned exactly in package.json.
import { readFileSync, writeFileSync, mkdirSync, readdirSync } from "node:fs";
import { join, dirname, basename } from "node:path";
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
  const header = { astNodes: [], top: [] };
  const rules = [];
  let block = [];
  for (const line of lines) {
    if (line.startsWith("//")) { block.push(line); continue; }
    const def = /^([A-Za-z_][A-Za-z0-9_]*)\b/.exec(line);
    if (def) rules.push(ruleFromBlock(def[1], block, file));
    for (const b of block) {
      const m = /^\/\/\s*@ast-nodes\s+(.*)$/.exec(b);
      if (m) header.astNodes.push(...m[1].trim().split(/\s+/));
    }
    block = [];
  }
  return { header, rules };
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
    else if (/^  \s*\S/.test(body)) rule.text.push(body.slice(2)); // continuation lines keep their alignment
    else if (/^@/.test(body)) throw new Error(`${file}: unknown annotation "${body}" above rule ${pegName}`);
  }
  if (!rule.kind) throw new Error(`${file}: rule ${pegName} has no @rule/@core/@helper annotation`);
  if (rule.kind !== "helper" && rule.text.length === 0) throw new Error(`${file}: rule ${pegName} has no published text`);
  for (const r of rule.repairs) if (!r.seed) throw new Error(`${file}: repair on ${pegName} lacks the seed's words (@seed)`);
  return rule;
}

/** Peggy plugin: wraps the body of the chosen rules in an action that returns a derivation node. */
function nodePlugin(wrapAll, names, publishedNames) {
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
          if (!wrapAll && !names.has(rule.name)) continue;
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

/**
 * Peggy plugin for the fast variants (ast, validate): a choice whose adjacent alternatives each match
 * exactly one character (a one-character literal, a character class, or a reference to a rule that
 * is itself such a choice) becomes one character class, and references to such rules are inlined.
 * Each merged alternative consumes exactly one character, so the language and the PEG's choices are
 * unchanged; only adjacent runs merge, so no alternative moves ahead of a longer one. The traced
 * variants keep the grammar's own shape (derivation trees and error messages name every rule).
 * `keep` names rules that must stay rules (the AST builder reads their nodes).
 */
function charClassPlugin(keep) {
  return {
    use(config) {
      config.passes.transform.unshift((ast) => {
        const rules = new Map(ast.rules.map((r) => [r.name, r]));
        const memo = new Map();
        // The character set an expression matches when it always consumes exactly one character, else null.
        const charSet = (e, seen = new Set()) => {
          switch (e.type) {
            case "literal":
              return e.value.length === 1 && !e.ignoreCase ? [e.value] : null;
            case "class":
              return !e.inverted && !e.ignoreCase ? e.parts : null;
            case "group":
            case "named":
              return charSet(e.expression, seen);
            case "choice": {
              const parts = [];
              for (const alt of e.alternatives) {
                const p = charSet(alt, seen);
                if (!p) return null;
                parts.push(...p);
              }
              return parts;
            }
            case "rule_ref": {
              if (memo.has(e.name)) return memo.get(e.name);
              if (seen.has(e.name)) return null;
              seen.add(e.name);
              const rule = rules.get(e.name);
              const p = rule ? charSet(rule.expression, seen) : null;
              memo.set(e.name, p);
              return p;
            }
            default:
              return null;
          }
        };
        const asClass = (parts, location) => ({ type: "class", parts, inverted: false, ignoreCase: false, location });
        const rewrite = (e) => {
          if (!e || typeof e !== "object") return e;
          if (e.type === "rule_ref" && !keep.has(e.name)) {
            const p = charSet(e);
            if (p) return asClass(p, e.location);
          }
          if (e.type === "choice") {
            const out = [];
            let run = null;
            for (const alt of e.alternatives) {
              const p = alt.type === "rule_ref" && keep.has(alt.name) ? null : charSet(alt);
              if (p) {
                if (run) run.parts.push(...p);
                else out.push((run = asClass([...p], alt.location)));
              } else {
                run = null;
                out.push(rewrite(alt));
              }
            }
            return out.length === 1 ? out[0] : { ...e, alternatives: out };
          }
          for (const key of ["expression", "delimiter"]) if (e[key]) e[key] = rewrite(e[key]);
          if (e.elements) e.elements = e.elements.map(rewrite);
          return e;
        };
        for (const rule of ast.rules) if (!keep.has(rule.name)) rule.expression = rewrite(rule.expression);
        for (const rule of ast.rules) if (keep.has(rule.name)) rule.expression = rewrite(rule.expression);
      });
    },
  };
}

/** The validate variant never needs expectations: start with failures silenced, so none are recorded. */
function silenced(source) {
  const needle = "var peg$silentFails = 0;";
  if (!source.includes(needle)) throw new Error("peggy output changed: cannot silence the validate parser");
  return source.replace(needle, "var peg$silentFails = 1;");
}

/**
 * For the fast variants (ast, validate): values that hold no derivation node are not kept.
 * peggy builds a value for every match: an array per sequence and an array per repetition, with
 * one element per character. Nothing reads those values but peg$collectNodes (the grammar files
 * hold no actions of their own), which keeps only the nodes. On a 10 MB input these arrays made
 * most of the time and memory (a 10 MB host label allocated 2.5 GB in the draft-1997 parser), and
 * the garbage collector made the time superlinear. So:
 *   - a sequence `sA = [sB, sC, ...]` becomes `peg$seqN(sB, sC, ...)`: "" when no element holds a
 *     node (a string, an empty array, null, undefined), the element itself when one does, else the
 *     array of the elements that do;
 *   - a repetition keeps only the elements that hold a node (`sA.push(sB)` only if peg$keep(sB)),
 *     except in a rule whose code reads an array's length (bounded repetitions `|n..m|` count
 *     their elements that way).
 * A failed match is still peg$FAILED and every kept value is still different from it, so what
 * matches and how is unchanged; only the values, which hold the same nodes in the same order, shrink.
 */
function dropValuesWithoutNodes(source) {
  const seq = /\b(s\d+) = \[((?:s\d+, )+s\d+)\];/g;
  const push = /\b(s\d+)\.push\((s\d+)\);/g;
  const arities = new Set();
  let sequences = 0;
  let pushes = 0;
  // One chunk per rule function ("peg$parseX() {" at the start of a line), so that a rule that
  // reads an array's length keeps its pushes.
  const chunks = source.split(/(?=^peg\$parse\w+\(\) \{$)/m);
  if (chunks.length < 2) throw new Error("peggy output changed: cannot find the rule functions");
  const out = chunks.map((chunk, i) => {
    if (i === 0) return chunk;
    let c = chunk.replace(seq, (_m, target, elements) => {
      const n = elements.split(", ").length;
      arities.add(n);
      sequences++;
      return `${target} = peg$seq${n}(${elements});`;
    });
    if (!/\bs\d+\.length\b/.test(c)) {
      c = c.replace(push, (_m, target, value) => {
        pushes++;
        return `if (peg$keep(${value})) ${target}.push(${value});`;
      });
    }
    return c;
  });
  if (sequences === 0 || pushes === 0) throw new Error("peggy output changed: no sequence or repetition values found");
  const helpers = [
    "function peg$keep(x) { return x !== null && typeof x === 'object' && !(Array.isArray(x) && x.length === 0); }",
    ...[...arities].sort((a, b) => a - b).map((n) => {
      const args = Array.from({ length: n }, (_, k) => `a${k}`);
      const body = args.map((a) => `  if (peg$keep(${a})) { if (one === undefined) one = ${a}; else if (out === null) out = [one, ${a}]; else out.push(${a}); }`);
      return [`function peg$seq${n}(${args.join(", ")}) {`, "  let one = undefined, out = null;", ...body, "  return out !== null ? out : one === undefined ? '' : one;", "}"].join("\n");
    }),
  ].join("\n");
  // The helpers go with peg$collectNodes, at the top level of the module.
  const needle = "function peg$collectNodes(x, out) {";
  if (!out[0].includes(needle)) throw new Error("peggy output changed: cannot place the value helpers");
  // ts-pegjs marks every line of peggy's code with "@ts-ignore"; the helpers get the same.
  const ignored = helpers.split("\n").map((l) => `// @ts-ignore\n${l}`).join("\n");
  out[0] = out[0].replace(needle, `${ignored}\n// @ts-ignore\n${needle}`);
  return out.join("");
}

// The diagnose variant's failure is read for its expected, found and location only (src/parse.ts
// syntaxError): skip peggy's English message, which cost about a quarter of a rejected parse.
function withoutMessage(source) {
  const needle = "peg$SyntaxError.buildMessage(expected, found),";
  if (source.split(needle).length !== 2) throw new Error("peggy output changed: cannot drop the diagnose parser's message");
  return source.replace(needle, '"rejected (the diagnose parser builds no message; see src/parse.ts)",');
}

// peggy records the farthest failure in peg$fail; report it so the caller can pair it with the
// rule stack it keeps in its tracer (this names "the rule being tried" in error messages).
function withFailHook(source) {
  const needle = "peg$maxFailExpected.push(expected);";
  if (!source.includes(needle)) throw new Error("peggy output changed: cannot install the failure hook");
  return source.replace(needle, `${needle}\n    if (options.onFail) options.onFail(peg$currPos, expected);`);
}

function generate(source, file, { wrapAll, names, trace, publishedNames, fast = false }) {
  const out = peggy.generate(source, {
    output: "source",
    format: "commonjs",
    grammarSource: file,
    allowedStartRules: ["*"],
    trace,
    plugins: [...(fast ? [charClassPlugin(names)] : []), nodePlugin(wrapAll, names, publishedNames), tspegjs],
    tspegjs: { skipTypeComputation: true },
  });
  return withFailHook(fast ? dropValuesWithoutNodes(out) : out);
}

function stamp(file) {
  return `// GENERATED by scripts/build-grammars.mjs from grammar/${file}. Do not edit: edit the grammar and run \`npm run build\`.\n`;
}

export function buildAll() {
  mkdirSync(outDir, { recursive: true });
  const specs = [];
  const ruleNames = {};
  for (const file of readdirSync(grammarDir).filter((f) => f.endsWith(".peggy")).sort()) {
    const id = basename(file, ".peggy");
    const source = readFileSync(join(grammarDir, file), "utf8");
    const { header, rules } = readAnnotations(source, file);
    const publishedNames = new Map(rules.map((r) => [r.pegName, r.published ?? r.pegName]));
    const names = new Set(header.astNodes);
    for (const n of names) if (!publishedNames.has(n)) throw new Error(`${file}: @ast-nodes names unknown rule ${n}`);
    writeFileSync(join(outDir, `${id}.ast.ts`), stamp(file) + generate(source, file, { wrapAll: false, names, trace: false, publishedNames, fast: true }));
    writeFileSync(join(outDir, `${id}.trace.ts`), stamp(file) + generate(source, file, { wrapAll: true, names, trace: true, publishedNames }));
    writeFileSync(join(outDir, `${id}.validate.ts`), stamp(file) + silenced(generate(source, file, { wrapAll: false, names: new Set(), trace: false, publishedNames, fast: true })));
    writeFileSync(join(outDir, `${id}.diagnose.ts`), stamp(file) + withoutMessage(generate(source, file, { wrapAll: false, names: new Set(), trace: true, publishedNames })));
    writeFileSync(join(outDir, `${id}.rules.ts`), stamp(file) +
      `import type { RuleInfo } from "../src/revisions/types";\n\nexport const RULES: readonly RuleInfo[] = ${JSON.stringify(rules, null, 2)};\n`);
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
  const specs = buildAll();
  console.log(`built ${specs.length} grammars: ${specs.join(", ")}`);
}
