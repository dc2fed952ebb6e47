// `uri-grammars audit --module FILE`: the child process that loads FILE (CommonJS or an ES module)
// and answers the audit's json-protocol lines with its functions, one line each, so the audit's
// runner (audit-runner.ts) watches a JavaScript function exactly as it watches a command: a
// function that never returns is a timeout, one that takes the process down is a crash. FILE
// exports (as named exports, properties of module.exports, or of the default export):
//   check(input, { rule, top, spec })  -> "valid" | "invalid" | boolean | { verdict, components } | "skip"
//   resolve(base, reference)           -> the target (optional)
//   normalize(input, level)            -> the normal form (optional)
// or is itself the check function. A function may return a promise. A thrown error is answered as
// {"error": message}, which the audit reports as an exception of that case.
import { createInterface } from "node:readline";
import { resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";

type Fn = (...args: unknown[]) => unknown;

interface Implementation {
  check?: Fn;
  resolve?: Fn;
  normalize?: Fn;
}

/** import() kept as is: TypeScript's CommonJS output would turn it into require(), which cannot load an ES module. */
const dynamicImport = new Function("specifier", "return import(specifier)") as (s: string) => Promise<Record<string, unknown>>;

async function load(file: string): Promise<Implementation> {
  const m = await dynamicImport(pathToFileURL(resolvePath(file)).href);
  const pick = (o: unknown): Implementation | null => {
    if (typeof o === "function") return { check: o as Fn };
    if (typeof o !== "object" || o === null) return null;
    const x = o as Record<string, unknown>;
    const fn = (k: string) => (typeof x[k] === "function" ? (x[k] as Fn) : undefined);
    return fn("check") || fn("resolve") || fn("normalize") ? { check: fn("check"), resolve: fn("resolve"), normalize: fn("normalize") } : null;
  };
  const found = pick(m) ?? pick(m.default) ?? pick((m.default as Record<string, unknown> | undefined)?.default);
  if (!found) throw new Error(`${file} exports no check, resolve or normalize function`);
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
      const fn = q.op === "check" ? impl.check : q.op === "resolve" ? impl.resolve : q.op === "normalize" ? impl.normalize : undefined;
      if (!fn) out = "skip";
      else if (q.op === "check") out = answerOf(q.op, await fn(q.input, { rule: q.rule, top: q.top, spec }));
      else if (q.op === "resolve") out = answerOf(q.op, await fn(q.base, q.input));
      else out = answerOf(q.op, await fn(q.input, q.level));
    } catch (e) {
      out = JSON.stringify({ error: `${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`.slice(0, 300) });
    }
    if (!process.stdout.write(out.replace(/\n/g, " ") + "\n")) await new Promise((r) => process.stdout.once("drain", r));
  }
}

if (require.main === module) {
  hostModule(process.argv[2], process.argv[3] ?? "").catch((e: unknown) => {
    process.stderr.write(`audit --module: ${(e as Error).message}\n`);
    process.exit(70);
  });
}
