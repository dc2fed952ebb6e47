// `uri-grammars audit --module FILE` (and `confusion --adapter FILE`): the child process that loads
// FILE (CommonJS or an ES module) and answers the json-protocol lines with its functions, one line
// each, so the runner (audit-runner.ts, line-client.ts) watches a JavaScript function exactly as it
// watches a command: a function that never returns is a timeout, one that takes the process down is
// a crash. FILE exports (as named exports, properties of module.exports, or of the default export,
// whatever the form: `module.exports = { check() {}, resolve() {} }` and `exports.check = ...` alike):
//   check(input, { rule, top, spec })  -> "valid" | "invalid" | boolean | { verdict, components } | "skip"
//   resolve(base, reference)           -> the target (optional)
//   normalize(input, level)            -> the normal form (optional)
//   components(input)                  -> { verdict, components } whatever the verdict (optional; for
//                                         confusion: without it, check(input, { top: true }) answers)
// or is itself the check function. A function may return a promise. A thrown error is answered as
// {"error": message}, which the audit reports as an exception of that case.
//
// `audit-module-host.js FILE SPEC --describe` loads FILE and writes one JSON line, what it found:
// {"called": ["check", "resolve"], "uncalled": ["parse"]}: the functions the kit calls, and the
// exported functions it does not (the audit names them in its report).
import { createInterface } from "node:readline";
import { resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";

type Fn = (...args: unknown[]) => unknown;

/** The functions the kit calls, by name. */
export const CALLED = ["check", "resolve", "normalize", "components"] as const;

interface Implementation {
  check?: Fn;
  resolve?: Fn;
  normalize?: Fn;
  components?: Fn;
  /** Exported functions the kit does not call (names, sorted). */
  uncalled: string[];
}

/** import() kept as is: TypeScript's CommonJS output would turn it into require(), which cannot load an ES module. */
const dynamicImport = new Function("specifier", "return import(specifier)") as (s: string) => Promise<Record<string, unknown>>;

/**
 * The module's functions. An ES module's named exports, or a CommonJS module's properties: Node's
 * import() gives a CommonJS module's `module.exports` as `default` and, as named exports, only the
 * names its lexer finds (`module.exports = { check() {}, resolve() {} }` yields `check` alone), so
 * each function is looked up by name in the namespace, then in `default`, then in `default.default`
 * (a bundler's CommonJS output of an ES module).
 */
async function load(file: string): Promise<Implementation> {
  const m = await dynamicImport(pathToFileURL(resolvePath(file)).href);
  const layers: Record<string, unknown>[] = [];
  const addLayer = (o: unknown) => {
    if ((typeof o === "object" || typeof o === "function") && o !== null && !layers.includes(o as Record<string, unknown>)) layers.push(o as Record<string, unknown>);
  };
  addLayer(m);
  addLayer(m.default);
  addLayer((m.default as Record<string, unknown> | undefined)?.default);
  const fn = (k: string): Fn | undefined => {
    for (const layer of layers) if (typeof layer[k] === "function") return layer[k] as Fn;
    return undefined;
  };
  const found: Implementation = { check: fn("check"), resolve: fn("resolve"), normalize: fn("normalize"), components: fn("components"), uncalled: [] };
  // The module is itself the check function (module.exports = function ...; export default function ...).
  if (!found.check && !found.resolve && !found.normalize && !found.components) {
    const whole = typeof m.default === "function" ? (m.default as Fn) : undefined;
    if (!whole) throw new Error(`${file} exports no check, resolve, normalize or components function`);
    found.check = whole;
  }
  const names = new Set<string>();
  for (const layer of layers) for (const k of Object.keys(layer)) if (typeof layer[k] === "function" && k !== "default" && !(CALLED as readonly string[]).includes(k)) names.add(k);
  found.uncalled = [...names].sort();
  return found;
}

function answerOf(op: string, v: unknown): string {
  if (v === undefined || v === "skip") return "skip";
  if (op !== "check") return typeof v === "string" ? JSON.stringify({ result: v }) : JSON.stringify(v);
  if (typeof v === "boolean") return v ? "valid" : "invalid";
  if (typeof v === "string") return v;
  return JSON.stringify(v);
}

export async function hostModule(file: string, spec: string): Promise<void> {
  const impl = await load(file);
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    let out: string;
    try {
      const q = JSON.parse(line) as { op: string; input: string; rule?: string; top?: boolean; base?: string; level?: string };
      const fn = q.op === "check" ? impl.check : q.op === "resolve" ? impl.resolve : q.op === "normalize" ? impl.normalize : q.op === "components" ? (impl.components ?? impl.check) : undefined;
      if (!fn) out = "skip";
      else if (q.op === "components") out = answerOf("check", impl.components ? await fn(q.input) : await fn(q.input, { rule: null, top: true, spec }));
      else if (q.op === "check") out = answerOf(q.op, await fn(q.input, { rule: q.rule, top: q.top, spec }));
      else if (q.op === "resolve") out = answerOf(q.op, await fn(q.base, q.input));
      else out = answerOf(q.op, await fn(q.input, q.level));
    } catch (e) {
      out = JSON.stringify({ error: `${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`.slice(0, 300) });
    }
    if (!process.stdout.write(out.replace(/\n/g, " ") + "\n")) await new Promise((r) => process.stdout.once("drain", r));
  }
}

/** What the module exports, as `--describe` writes it. */
export async function describeModule(file: string): Promise<{ called: string[]; uncalled: string[] }> {
  const impl = await load(file);
  return { called: CALLED.filter((k) => impl[k] !== undefined), uncalled: impl.uncalled };
}

if (require.main === module) {
  const run = process.argv[4] === "--describe" ? describeModule(process.argv[2]).then((d) => void process.stdout.write(JSON.stringify(d) + "\n")) : hostModule(process.argv[2], process.argv[3] ?? "");
  run.catch((e: unknown) => {
    process.stderr.write(`audit --module: ${(e as Error).message}\n`);
    process.exit(70);
  });
}
