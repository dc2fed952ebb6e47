// What the tests of the scanner compiler's passes share (test/compiler/<pass>.test.ts): a small
// grammar written here (every kind of decision, a question the reverse pass answers, AST
// annotations), the compiler (scripts/compile-scanner.mjs) run up to a pass, and a pass with a
// planted fault: its module's source with one piece replaced, imported from a temporary copy (the
// tree the tests run from is not touched), run in the real one's place.
import { expect } from "chai";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

export const ROOT = join(__dirname, "..", "..", "..");
const PASSES_DIR = join(ROOT, "scripts", "scanner", "passes");

/** A pass (scripts/scanner/compilation.d.ts): its result is the compilation's field `key`. */
export interface Pass {
  readonly name: string;
  readonly stage: string;
  readonly key: string;
  readonly summary: string;
  run(c: Compilation, session: unknown): unknown;
  dump(result: unknown, c: Compilation): string;
}

/** A compilation (scripts/scanner/compilation.d.ts), loosely typed: the tests read what they check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Compilation = Record<string, any> & { source: string; file: string; id: string };

interface CompilerModule {
  PASSES: readonly Pass[];
  STAGES: readonly string[];
  compileGrammar(source: string, file: string, id: string, options?: { until?: string; tables?: "coded" | "plain"; srcDir?: string }): Compilation;
  dumpPass(source: string, file: string, id: string, pass: string): string;
}

interface PipelineModule {
  runPasses(c: Compilation, passes: readonly Pass[], options?: { until?: string }): Pass | null;
}

export function compiler(): CompilerModule {
  return require(join(ROOT, "scripts", "compile-scanner.mjs")) as CompilerModule;
}

function pipeline(): PipelineModule {
  return require(join(ROOT, "scripts", "scanner", "pipeline.mjs")) as PipelineModule;
}

/**
 * A small URI-like grammar: a choice and an optional the next character decides, a bounded
 * repetition, a question inside a repetition that only the rest of the input answers (`path`'s
 * segments: the reverse pass), a lookahead, a helper rule, and AST annotations (a record, text
 * fields) for the AST's passes.
 */
export const MINI = `// mini: a grammar for the compiler's tests.
// @top-rule ref
//
// @ast-root MiniAst whole ref
// @field scheme: text scheme
// @field path: text path
// @field fragment: text frag

// @rule ref §1
//   ref = [ scheme ":" ] path [ "#" frag ]
ref
  = (scheme ":" &[a-z0-9%/#])? path ("#" frag)?

// @rule scheme §1
//   scheme = ALPHA *( ALPHA / DIGIT / "+" )
scheme
  = ALPHA (ALPHA / DIGIT / "+")*

// @rule path §1
//   path = *( segment "/" ) segment
path
  = (segment "/")* segment

// @rule segment §1
//   segment = *( ALPHA / DIGIT / pct )
segment
  = (ALPHA / DIGIT / pct)*

// @helper percent-encoding, as RFC 3986's pct-encoded
pct
  = "%" HEX|2|

// @rule frag §1
//   frag = 1*ALPHA
frag
  = ALPHA+

// @core ALPHA RFC 2234 §6.1
//   ALPHA = %x41-5A / %x61-7A
ALPHA
  = [A-Za-z]

// @core DIGIT RFC 2234 §6.1
//   DIGIT = %x30-39
DIGIT
  = [0-9]

// @core HEXDIG RFC 2234 §6.1
//   HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
HEX
  = [0-9A-Fa-f]
`;

/** Inputs of MINI's top rule: accepted ones and rejected ones. */
export const MINI_ACCEPTED = ["", "a", "a:b", "a:/b/c", "x1+:a%20b/c#frag", "ab/cd/ef", "a:b#c", "%41/%42"];
export const MINI_REJECTED = ["a:", ":b", "a:b#", "a%2", "a%zz", "a b", "a:b#1", "1:b"];

/** MINI compiled up to (and including) `until` (default: every pass), tables plain unless asked. */
export function compileMini(until?: string, source = MINI, options: { tables?: "coded" | "plain" } = {}): Compilation {
  return compiler().compileGrammar(source, "mini.peggy", "mini", { until, tables: options.tables ?? "plain", srcDir: join(ROOT, "dist", "src") });
}

/** The problems a compilation of `source` reports (the CompileError's problems), or [] when it compiles up to `until`. */
export function problemsOf(source: string, until?: string): string[] {
  try {
    compileMini(until, source);
    return [];
  } catch (e) {
    return (e as { problems?: string[] }).problems ?? [String(e)];
  }
}

/**
 * The pass of scripts/scanner/passes/<file>.mjs with `from` (which must occur exactly once in its
 * source) replaced by `to`: a copy in a temporary folder, its relative imports made absolute.
 */
export function plantedPass(file: string, from: string, to: string): Pass {
  const path = join(PASSES_DIR, `${file}.mjs`);
  const source = readFileSync(path, "utf8");
  expect(source.split(from).length, `the planted fault's text occurs once in ${file}.mjs: ${from}`).to.equal(2);
  const planted = source
    .replace(from, to)
    .replace(/from "(\.{1,2}\/[^"]+)"/g, (_, rel: string) => `from ${JSON.stringify(pathToFileURL(join(dirname(path), rel)).href)}`)
    .replace(/import\.meta\.url/g, JSON.stringify(pathToFileURL(path).href));
  const dir = mkdtempSync(join(tmpdir(), "planted-pass-"));
  let module: Record<string, unknown>;
  try {
    const out = join(dir, `${file}.mjs`);
    writeFileSync(out, planted);
    module = require(out) as Record<string, unknown>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pass = Object.values(module).find((v): v is Pass => typeof v === "object" && v !== null && "run" in v && "key" in v);
  if (!pass) throw new Error(`${file}.mjs exports no pass`);
  return pass;
}

/** MINI (or `source`) compiled with `pass` in place of the real pass of its name, up to `until`. */
export function compileWith(pass: Pass, until?: string, source = MINI, tables: "coded" | "plain" = "plain"): Compilation {
  const { PASSES } = compiler();
  const c: Compilation = { source, file: "mini.peggy", id: "mini", options: { tables, srcDir: join(ROOT, "dist", "src") } };
  pipeline().runPasses(c, PASSES.map((p) => (p.name === pass.name ? pass : p)), { until });
  return c;
}

/** A generated module's TypeScript, compiled and loaded (its imports of src/ are dist/src's). */
export function loadModule<T>(code: string): T {
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const mod = { exports: {} as T };
  new Function("require", "module", "exports", js)(require, mod, mod.exports);
  return mod.exports;
}

/** The pass modules under scripts/scanner/passes/, by file name (without .mjs). */
export function passFiles(): string[] {
  return readdirSync(PASSES_DIR)
    .filter((f) => f.endsWith(".mjs"))
    .map((f) => f.replace(/\.mjs$/, ""))
    .sort();
}

/** A DFA given by rows (state -> targets by class) run over class numbers: the state it ends in (0: rejected on the way). */
export function runRows(trans: readonly ArrayLike<number>[], start: number, classes: readonly number[]): number {
  let s = start;
  for (const k of classes) {
    s = trans[s][k];
    if (s === 0) return 0;
  }
  return s;
}

/** The class of each code unit of `input` under a compilation's classes. */
export function classesOf(c: Compilation, input: string): number[] {
  const classes = c.classes as { id: number; ranges: [number, number][] }[];
  return [...input].map((ch) => {
    const code = ch.charCodeAt(0);
    return classes.find((cls) => cls.ranges.some(([lo, hi]) => code >= lo && code <= hi))!.id;
  });
}

/** A derivation node (src/scanner/derivation.ts). */
export interface Node {
  rule: string;
  start: number;
  end: number;
  children: Node[];
}

/**
 * peggy's parser of `source` with every rule building its derivation node, as the reference parsers
 * of scripts/build-grammars.mjs do (nodes named by `names`: pegName -> published name): what the
 * scanner must agree with. `parse(input, rule)`: the node, or null when the rule rejects the input.
 */
export function referenceParser(source: string, names: ReadonlyMap<string, string>): { parse(input: string, rule: string): Node | null } {
  const peggy = require("peggy") as typeof import("peggy");
  const plugin = {
    use(config: { passes: { transform: ((ast: { rules: { name: string; expression: unknown; location: unknown }[]; topLevelInitializer?: unknown; location: unknown }) => void)[] } }) {
      config.passes.transform.unshift((ast) => {
        const code = "function collect(x, out) { if (x === null || typeof x !== 'object') return out; if (Array.isArray(x)) { for (const y of x) collect(y, out); return out; } out.push(x); return out; }";
        ast.topLevelInitializer = { type: "top_level_initializer", code, codeLocation: ast.location, location: ast.location };
        for (const rule of ast.rules) {
          const name = JSON.stringify(names.get(rule.name) ?? rule.name);
          rule.expression = {
            type: "action",
            expression: { type: "labeled", label: "d", labelLocation: rule.location, expression: rule.expression, location: rule.location },
            code: ` const r = range(); return { rule: ${name}, start: r.start, end: r.end, children: collect(d, []) }; `,
            codeLocation: rule.location,
            location: rule.location,
          };
        }
      });
    },
  };
  const parser = peggy.generate(source, { allowedStartRules: ["*"], plugins: [plugin as never] }) as { parse(input: string, options: { startRule: string }): Node };
  return {
    parse(input, rule) {
      try {
        return parser.parse(input, { startRule: rule });
      } catch {
        return null;
      }
    },
  };
}

/** Inputs for MINI: the accepted and rejected ones, every string of up to 3 of its characters, and longer ones (seeded). */
export function miniInputs(): string[] {
  const alphabet = ["a", "F", "1", "+", ":", "/", "%", "#", " "];
  const out = new Set<string>([...MINI_ACCEPTED, ...MINI_REJECTED, ""]);
  let level = [""];
  for (let n = 1; n <= 3; n++) {
    level = level.flatMap((s) => alphabet.map((ch) => s + ch));
    for (const s of level) out.add(s);
  }
  let x = 27;
  const pieces = ["a", "b1", "%4F", "/", ":", "#x", "+", "%", "F", "ab:"];
  for (let i = 0; i < 300; i++) {
    let s = "";
    for (let k = 0; k < 3 + (i % 6); k++) s += pieces[(x = (Math.imul(x, 1103515245) + 12345) >>> 0) % pieces.length];
    out.add(s);
  }
  return [...out];
}

/** Where `problems` says the check found nothing, or throws with the first few. */
export function expectNone(problems: readonly string[]): void {
  expect(problems.slice(0, 5), `${problems.length} problems`).to.deep.equal([]);
}

/** A generated scanner module's exports the tests read (src/scanner/types.ts, GeneratedScanner). */
export interface ScannerModule {
  START: Record<string, number>;
  scan(start: number, input: string): number;
  walk(rule: string, input: string, tree: true): Node[];
  LOW: Uint8Array;
  classOf(c: number): number;
  CLASS_RANGES: readonly (readonly number[])[];
}

/**
 * What is wrong with a compilation's scanner module (emit-scanner's, loaded): per rule and input,
 * scan()'s verdict against peggy's, and on an accepted input walk()'s derivation against peggy's.
 */
export function scannerProblems(c: Compilation, source = MINI): string[] {
  const scanner = loadModule<ScannerModule>(c.scannerModule);
  const ref = referenceParser(source, c.names);
  const out: string[] = [];
  for (const r of c.grammar.rules as { name: string }[]) {
    for (const input of miniInputs()) {
      const want = ref.parse(input, r.name);
      let got: string;
      try {
        const accepted = scanner.scan(scanner.START[r.name], input) === -1;
        got = accepted ? JSON.stringify(scanner.walk(r.name, input, true)[0]) : "rejected";
      } catch (e) {
        got = `threw ${(e as Error).message}`;
      }
      if (got !== (want === null ? "rejected" : JSON.stringify(want))) out.push(`${r.name} ${JSON.stringify(input)}: ${got.slice(0, 80)}`);
    }
  }
  return out;
}

/**
 * What is wrong with MINI's AST (emit-ast's module, loaded, its tagged DFA run by src/scanner/tagged.ts
 * over the scanner's classes): per accepted input of `ref`, the scheme, path and fragment against
 * the nodes peggy's derivation has under ref.
 */
export function astProblems(c: Compilation, astModule: string = c.astModule): string[] {
  const scanner = loadModule<ScannerModule>(c.scannerModule);
  const { AST } = loadModule<{ AST: Record<string, { table: unknown; build(input: string, c: Int32Array): Record<string, { text: string; span: { start: number; end: number } } | null> }> }>(astModule);
  const { capture } = require(join(ROOT, "dist", "src", "scanner", "tagged.js")) as { capture(t: unknown, s: ScannerModule, input: string): Int32Array | null };
  const ref = referenceParser(MINI, c.names);
  const out: string[] = [];
  const entry = AST.ref;
  if (!entry || !entry.table) return ["ref has no tagged DFA"];
  for (const input of miniInputs()) {
    const tree = ref.parse(input, "ref");
    if (tree === null) continue;
    const part = (rule: string) => {
      const n = tree.children.find((x) => x.rule === rule);
      return n ? `${input.slice(n.start, n.end)}@${n.start}-${n.end}` : null;
    };
    const captures = capture(entry.table, scanner, input);
    if (captures === null) {
      out.push(`${JSON.stringify(input)}: no captures`);
      continue;
    }
    const ast = entry.build(input, captures);
    const field = (name: string) => {
      const f = ast[name];
      return f ? `${f.text}@${f.span.start}-${f.span.end}` : null;
    };
    for (const [name, rule] of [["scheme", "scheme"], ["path", "path"], ["fragment", "frag"]]) {
      if (field(name) !== part(rule)) out.push(`${JSON.stringify(input)} ${name}: ${field(name)}, not ${part(rule)}`);
    }
  }
  return out;
}

/** The question's answer at p: its DFA from `start` over the rest, and how many characters it read to know. */
export function answer(c: Compilation, start: number, input: string, p: number): { yes: boolean; read: number } {
  const { trans, accept } = c.dfa;
  const classes = classesOf(c, input);
  let s = start;
  let read = 0;
  for (let i = p; s > 1 && i < classes.length; i++, read++) s = trans[s][classes[i]];
  return { yes: s === 1 || (s > 1 && accept[s] === 1), read };
}

/**
 * A pass's two tests: on MINI its checker finds no problem, and with a planted fault (`from` replaced
 * by `to` in the pass's source, what the fault is in `what`) it finds some, so the checker can fail.
 */
export function passTests(pass: string, problems: (c: Compilation) => string[], holds: string, plant: { what: string; from: string; to: string }): void {
  describe(`compiler pass ${pass}`, () => {
    it(holds, () => {
      expect(problems(compileMini(pass))).to.deep.equal([]);
    });
    it(`a planted fault (${plant.what}) is caught`, () => {
      expect(problems(compileWith(plantedPass(pass, plant.from, plant.to), pass))).to.not.deep.equal([]);
    });
  });
}
