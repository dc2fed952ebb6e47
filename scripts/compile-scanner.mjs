// @ts-check
// Compiles every grammar/<spec>/grammar.peggy into a linear-time scanner: generated/<spec>.scanner.ts
// (every rule as a start rule, and the walk that builds a derivation), <spec>.accept.ts (validate()'s
// DFA alone), <spec>.ast.ts (the AST's tagged DFAs and builders) and <spec>.ast-tables.ts (the tests').
//
// The compiler is a list of named passes in stages (PASSES below; one module each under
// scripts/scanner/passes/, each with its test under test/compiler/). Each pass reads what earlier
// passes wrote into the compilation and writes one field of it; a stage's problems are collected and
// reported together when it ends (scripts/scanner/pipeline.mjs), as peggy's compiler does. Any pass's
// result can be printed: `npm run grammar -- <spec> --dump <pass>` (`--dump list` lists them).
//
//   read     parse-grammar        the grammar's text -> peggy's AST
//            read-annotations     each rule's published name
//   check    check-grammar        rules defined once, references known, no recursion, only what a DFA takes
//   build    list-decisions       every decision the walk makes: dom(e) of an alternative, optional, repetition
//            build-continuations  the continuation graph: C(rule, END) per rule, dom(e) per decision
//            partition-classes    the character classes
//            build-dfa            one DFA for all of them (derivatives, BDD states), minimised, numbered
//            classify-decisions   how each question is answered (next character, bounded, reverse pass)
//            build-reverse        the right-to-left DFA of the questions that need it
//            build-walk           the walk: one function per rule, peggy's successful run, decided
//            label-errors         what an error names: each state's rule stack, each rule's characters
//            build-acceptance     validate()'s DFA: the start rules' part, minimised by acceptance
//            plan-ast             the AST per start rule, from the @ast annotations
//            build-tagged         the tagged DFAs that record the AST's positions
//   verify   check-tables         the tables are what the run time takes for granted; their sizes
//   encode   encode-tables        every table as a string: coded (scripts/scanner/coder.mjs), or plain
//   emit     emit-scanner, emit-accept, emit-ast, emit-ast-tables: the generated modules
//
// The run time is src/scanner/ (scanner.ts: scan, load, walk and its questions; acceptor.ts:
// validate()'s loop; run.ts: the DFA loop both run; coded.ts and plain.ts: the table strings' readers),
// compiled and type-checked once: a generated module holds tables, walk functions and the glue that
// hands them over.
//
// What the scanner does with an input:
//   scan(start, input)   the start rule's DFA, left to right, one table lookup per character; stops
//                        at the first character after which no continuation can be accepted.
//   walk(rule, input)    on an accepted input only: the derivation, by the walk functions.
//
// Why it is linear (the numbers are in each module's header, per start rule):
//   - scan reads each character once;
//   - the walk consumes each character once and asks a bounded number of questions per character
//     (every repetition consumes, so the questions between two characters are bounded by the grammar);
//   - a question dom(e) is answered by running e's own DFA from the current position until it is
//     decided (the states "certainly yes" and "certainly no" are sinks):
//       * bounded decisions: e's DFA has no cycle before a sink, so at most `depth` characters;
//       * unbounded decisions outside any repetition: asked at most once per call path from the
//         start rule (check-grammar: the grammars are not recursive), so a fixed number of passes
//         over the input;
//       * unbounded decisions inside a repetition: answered by one reverse pass computed once
//         (scripts/scanner/reverse.mjs), then a table lookup.
//   No backtracking engine runs on the input.
//
//   node scripts/compile-scanner.mjs [FROM TO] [--only <spec>]    compile (the build runs it);
//   npm run grammar -- <spec>                                     compile that revision alone
//   node scripts/compile-scanner.mjs <spec | file.peggy> --dump <pass | list>   print a pass's result
// URI_GRAMMARS_TABLES=plain writes the tables plain (readable; no coder: npm run dev builds so).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join, dirname, basename, relative, sep, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { composeGrammar, revisionIds } from "./revisions.mjs";
import { runPasses, checkPassList } from "./scanner/pipeline.mjs";
import { parseGrammar } from "./scanner/passes/parse-grammar.mjs";
import { readAnnotations } from "./scanner/passes/read-annotations.mjs";
import { checkGrammar } from "./scanner/passes/check-grammar.mjs";
import { listDecisions } from "./scanner/passes/list-decisions.mjs";
import { buildContinuations } from "./scanner/passes/build-continuations.mjs";
import { partitionClasses } from "./scanner/passes/partition-classes.mjs";
import { buildDfa } from "./scanner/passes/build-dfa.mjs";
import { classifyDecisions } from "./scanner/passes/classify-decisions.mjs";
import { buildReverse } from "./scanner/passes/build-reverse.mjs";
import { buildWalk } from "./scanner/passes/build-walk.mjs";
import { labelErrors } from "./scanner/passes/label-errors.mjs";
import { buildAcceptance } from "./scanner/passes/build-acceptance.mjs";
import { planAst } from "./scanner/passes/plan-ast.mjs";
import { buildTagged } from "./scanner/passes/build-tagged.mjs";
import { checkTables } from "./scanner/passes/check-tables.mjs";
import { encodeTables } from "./scanner/passes/encode-tables.mjs";
import { emitScanner } from "./scanner/passes/emit-scanner.mjs";
import { emitAccept } from "./scanner/passes/emit-accept.mjs";
import { emitAst } from "./scanner/passes/emit-ast.mjs";
import { emitAstTables } from "./scanner/passes/emit-ast-tables.mjs";

/** @typedef {import("./scanner/compilation").Compilation} Compilation */
/** @typedef {import("./scanner/compilation").CompileOptions} CompileOptions */
/** @typedef {import("./scanner/compilation").Pass} Pass */

const require = createRequire(import.meta.url);

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const grammarDir = join(root, "grammar");
const outDir = join(root, "generated");

/** The stages, in order. */
export const STAGES = /** @type {const} */ (["read", "check", "build", "verify", "encode", "emit"]);

/** The passes, in the order they run (each stage's together). */
export const PASSES = /** @type {readonly Pass[]} */ ([
  parseGrammar,
  readAnnotations,
  checkGrammar,
  listDecisions,
  buildContinuations,
  partitionClasses,
  buildDfa,
  classifyDecisions,
  buildReverse,
  buildWalk,
  labelErrors,
  buildAcceptance,
  planAst,
  buildTagged,
  checkTables,
  encodeTables,
  emitScanner,
  emitAccept,
  emitAst,
  emitAstTables,
]);
checkPassList(PASSES, STAGES);

/**
 * How the tables are written when nothing says: URI_GRAMMARS_TABLES=plain for plain (readable, no
 * coder), else coded (the package's).
 * @returns {import("./scanner/compilation").TableMode}
 */
export function tableMode() {
  const mode = process.env.URI_GRAMMARS_TABLES ?? "coded";
  if (mode !== "coded" && mode !== "plain") throw new Error(`URI_GRAMMARS_TABLES=${mode}: coded or plain`);
  return mode;
}

/**
 * Compiles one grammar: runs the passes (all of them, or up to and including `until`) and returns the
 * compilation, every pass's result in its field (the emitted modules: scannerModule, acceptModule,
 * astModule, astTablesModule). Throws a CompileError (scripts/scanner/pipeline.mjs) with every
 * problem of the first stage that found one.
 * @param {string} source the grammar's text (as composed: scripts/revisions.mjs)
 * @param {string} file where it is from, for messages and the generated modules' headers
 * @param {string} [id] the revision
 * @param {Partial<CompileOptions> & { until?: string }} [options]
 * @returns {Compilation}
 */
export function compileGrammar(source, file, id = basename(file, ".peggy"), { until, ...options } = {}) {
  /** @type {Compilation} */
  const c = { source, file, id, options: { tables: tableMode(), srcDir: "../src", ...options } };
  if (until !== undefined && !PASSES.some((p) => p.name === until)) throw new Error(`no pass ${until} (passes: ${PASSES.map((p) => p.name).join(", ")})`);
  runPasses(c, PASSES, { until });
  return c;
}

/**
 * What `--dump <pass>` prints: the pass's result in its readable form (`list`: the passes).
 * @param {string} source
 * @param {string} file
 * @param {string} id
 * @param {string} passName
 */
export function dumpPass(source, file, id, passName) {
  if (passName === "list") return PASSES.map((p) => `${p.stage.padEnd(7)} ${p.name.padEnd(20)} ${p.summary}`).join("\n");
  const c = compileGrammar(source, file, id, { until: passName });
  const pass = /** @type {Pass} */ (PASSES.find((p) => p.name === passName));
  const result = c[pass.key];
  return result === null || result === undefined ? `${pass.name}: nothing (${pass.summary})` : pass.dump(/** @type {any} */ (result), c);
}

/**
 * The hash of everything a scanner is made from: the grammar, this script and the compiler's
 * modules (scripts/scanner/, scripts/ast/), the annotation reader, peggy's version and how the tables
 * are written (coded or plain). The build skips a grammar whose generated scanner carries the same
 * hash (the compilation takes seconds per grammar); any change to an input rebuilds it, and a plain
 * build is never taken for a coded one.
 * @param {string} source
 * @param {string} mode
 */
function inputHash(source, mode) {
  const h = createHash("sha256");
  h.update(source);
  /** @param {string} dir */
  const walk = (dir) => {
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(relative(root, p)).update(readFileSync(p));
    }
  };
  for (const dir of ["scanner", "ast"]) walk(join(root, "scripts", dir));
  for (const f of [fileURLToPath(import.meta.url), join(root, "scripts", "build-grammars.mjs"), join(root, "scripts", "revisions.mjs")]) h.update(readFileSync(f));
  h.update(require("peggy/package.json").version);
  h.update(`tables ${mode}`);
  return h.digest("hex");
}

/**
 * Compiles every grammar of `from` (default grammar/) into `to` (default generated/). Test fixtures
 * (test/fixtures/revision/) are compiled the same way into their own folder.
 * @param {string} [from]
 * @param {string} [to]
 * @param {{ only?: string | null }} [options]
 */
export function buildAll(from = grammarDir, to = outDir, { only = null } = {}) {
  const grammarDir = from;
  const outDir = to;
  const srcDir = relative(outDir, join(root, "src")).split(sep).join("/");
  const tables = tableMode();
  mkdirSync(outDir, { recursive: true });
  const built = [];
  for (const id of revisionIds(grammarDir)) {
    if (only !== null && id !== only) continue;
    // The grammar as composed (an amendment spliced into its base: scripts/revisions.mjs).
    const { source, file, extras } = composeGrammar(grammarDir, id, root);
    const out = join(outDir, `${id}.scanner.ts`);
    const astOut = join(outDir, `${id}.ast.ts`);
    const acceptOut = join(outDir, `${id}.accept.ts`);
    const tablesOut = join(outDir, `${id}.ast-tables.ts`);
    const hash = inputHash(source, tables);
    const stampLine = `// input-hash ${hash}\n`;
    if ([out, astOut, acceptOut, tablesOut].every((f) => existsSync(f) && readFileSync(f, "utf8").startsWith(stampLine))) {
      built.push(`${id} (unchanged)`);
      continue;
    }
    const c = compileGrammar(source, file, id, { tables, srcDir, ...(extras === null ? {} : { extras: relative(outDir, extras).split(sep).join("/") }) });
    writeFileSync(out, stampLine + c.scannerModule);
    writeFileSync(astOut, stampLine + c.astModule);
    writeFileSync(acceptOut, stampLine + c.acceptModule);
    writeFileSync(tablesOut, stampLine + c.astTablesModule);
    const s = /** @type {import("./scanner/compilation").Stats} */ (c.stats);
    built.push(`${id} ${s.states}/${s.classes}/${s.reverseStates} (validate: ${c.acceptance?.trans.length})`);
  }
  // One module that names every revision's AST types, for the package's index (export type * of
  // the AST modules themselves would collide on their values): the generated ones, and the types of
  // what each revision's grammar cannot state (grammar/<spec>/ast.ts) that it exports.
  const lines = [`// GENERATED by scripts/compile-scanner.mjs: the AST types of every grammar of this folder. Do not edit.`];
  const named = new Set();
  for (const file of readdirSync(outDir).filter((f) => f.endsWith(".ast.ts")).sort()) {
    const text = readFileSync(join(outDir, file), "utf8");
    const names = [...text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    // (a generated module re-exports some of its extras' types: those are named once)
    for (const m of text.matchAll(/^export type \{ ([^}]+) \} from/gm)) for (const n of m[1].split(",")) named.add(n.trim());
    for (const n of names) named.add(n);
    if (names.length > 0) lines.push(`export type { ${names.join(", ")} } from "./${basename(file, ".ts")}";`);
  }
  for (const id of revisionIds(grammarDir)) {
    const extras = join(grammarDir, id, "ast.ts");
    if (!existsSync(extras)) continue;
    const names = [...readFileSync(extras, "utf8").matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]).filter((n) => !named.has(n));
    if (names.length > 0) lines.push(`export type { ${names.join(", ")} } from "${relative(outDir, join(grammarDir, id, "ast")).split(sep).join("/")}";`);
  }
  writeFileSync(join(outDir, "ast-types.ts"), lines.join("\n") + "\n");
  return built;
}

/**
 * `<spec | file.peggy> --dump <pass>`: the grammar of a revision of grammar/ (as composed), or a
 * grammar file.
 * @param {string} what
 */
function grammarOf(what) {
  if (what.endsWith(".peggy") && existsSync(resolve(what))) {
    const file = resolve(what);
    return { source: readFileSync(file, "utf8"), file: relative(root, file).split(sep).join("/"), id: basename(file, ".peggy") };
  }
  const ids = revisionIds(grammarDir);
  if (!ids.includes(what)) throw new Error(`no revision "${what}" (revisions: ${ids.join(", ")}; or a .peggy file)`);
  const { source, file } = composeGrammar(grammarDir, what, root);
  return { source, file, id: what };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const args = process.argv.slice(2);
  const dumpAt = args.indexOf("--dump");
  if (dumpAt >= 0) {
    // npm run grammar -- <spec> --dump <pass>
    const passName = args[dumpAt + 1];
    const what = args.filter((_, i) => i !== dumpAt && i !== dumpAt + 1)[0];
    if (passName === undefined || (what === undefined && passName !== "list")) {
      console.error("usage: npm run grammar -- <spec | file.peggy> --dump <pass>   (--dump list: the passes)");
      process.exit(2);
    }
    try {
      const g = passName === "list" ? { source: "", file: "", id: "" } : grammarOf(/** @type {string} */ (what));
      process.stdout.write(dumpPass(g.source, g.file, g.id, passName) + "\n");
    } catch (e) {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    }
  } else {
    // `--only <id>` (or the revision alone, `npm run grammar -- <id>`): that revision alone (npm run
    // dev); the others are left as they are.
    const at = args.indexOf("--only");
    const only = at >= 0 ? args.splice(at, 2)[1] : args.length === 1 ? /** @type {string} */ (args.pop()) : null;
    const [from, to] = args;
    const built = from && to ? buildAll(resolve(from), resolve(to), { only }) : buildAll(undefined, undefined, { only });
    console.log(`compiled scanners (states/classes/reverse states, tables ${tableMode()}): ${built.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
