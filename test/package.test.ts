// The consumer test: `npm pack` this repository, install the tarball into a new project with no
// registry (its dependencies are packed from this repository's node_modules), then use it as a
// consumer would: import it from an .mjs file and an .cjs file, compile a `strict` TypeScript file
// of each module kind (`module: nodenext`) against its types, and run the installed binary from a
// directory that has nothing to do with it. The tarball must carry what it runs and nothing of the
// repository's own (tests, sources, benchmarks), and installing it must warn about no install script.
import { expect } from "chai";
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { get as httpGet } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packBuild } from "./support/pack";

const ROOT = join(__dirname, "..", "..");

/**
 * The lines in which npm (11) names an installed package that declares install-time scripts (prepare
 * included, from a tarball), for the package called `name`. Only our own package's are asked about:
 * a dependency installed from its tarball (whatwg-url 17 declares prepare, which npm does not run for
 * a registry or tarball install) is named too, and is not ours to answer for.
 */
function installScriptWarnings(output: string, name: string): string[] {
  return output.split("\n").filter((line) => /install-scripts/.test(line) && line.includes(`${name}@`));
}

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, input?: string): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", input, timeout: 240_000 });
  if (r.error) throw r.error;
  return r;
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The runtime dependencies of a package, and theirs, as installed in this repository's node_modules. */
function dependencyClosure(names: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const pkg = JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    queue.push(...Object.keys(pkg.dependencies ?? {}));
  }
  return [...seen];
}

describe("the package as a consumer installs it (npm pack, install offline, import, run) @slow", function () {
  this.timeout(600_000);
  const work = mkdtempSync(join(tmpdir(), "uri-grammars-consumer-"));
  const packs = join(work, "packs");
  const project = join(work, "project");
  const elsewhere = join(work, "elsewhere");
  const manifestBefore = readFileSync(join(ROOT, "package.json"), "utf8");
  const version = (JSON.parse(manifestBefore) as { version: string }).version;
  let tarball = "";
  let install: SpawnSyncReturns<string>;

  before(() => {
    for (const d of [packs, project, elsewhere]) mkdirSync(d, { recursive: true });
    // Packed in a copy of the repository (prepack writes the published manifest; prepare finds the
    // build `npm test` has just made), so the checkout the other tests run from is not touched.
    const packed = packBuild(packs);
    if (packed instanceof Error) throw packed;
    tarball = packed;
    const published = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    for (const dep of dependencyClosure(Object.keys(published.dependencies ?? {}))) {
      ok(sh("npm", ["pack", "--ignore-scripts", "--pack-destination", packs, join(ROOT, "node_modules", dep)], ROOT), `npm pack ${dep}`);
    }
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }, null, 2));
    const tgzs = readdirSync(packs).filter((f) => f.endsWith(".tgz")).map((f) => join(packs, f));
    install = sh("npm", ["install", "--offline", "--no-audit", "--no-fund", ...tgzs], project);
  });

  after(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it("npm pack leaves the repository's package.json as it was (it packs a copy)", () => {
    expect(readFileSync(join(ROOT, "package.json"), "utf8")).to.equal(manifestBefore);
  });

  it("the tarball carries dist/, the binary and the grammars, and none of the repository's own files", () => {
    const files = ok(sh("tar", ["-tzf", tarball], work), "tar").trim().split("\n").map((f) => f.replace(/^package\//, ""));
    for (const f of ["package.json", "README.md", "bin/uri-grammars", "dist/src/index.js", "dist/esm/index.mjs", "dist/esm/rfc3986.mjs", "dist/src/index.d.ts", "dist/src/index.d.mts", "dist/entries/rfc3986.js", "dist/entries/rfc3986.d.ts", "dist/entries/rfc3986.d.mts", "dist/entries/parts/rfc3986.validate.js", "dist/entries/parts/rfc3986.core.js", "dist/generated/rfc3986.accept.js", "dist/src/cli/main.js", "dist/src/cli/batch-worker.js", "dist/generated/draft-2003.scanner.js", "dist/generated/draft-2003.rules.js", "dist/generated/rule-names.d.ts", "grammar/draft-2003/grammar.peggy", "grammar/rfc3986/published.abnf", "dist/grammar/rfc3986/descriptor.js", "dist/generated/rfc3986.composed.peggy", "dist/conformance/tables.json.br", "dist/conformance/suite.schema.json", "dist/site/index.html.br", "dist/site/trace.html.br", "dist/site/assets/pages.json.br", "adapters/python3-rfc3986.py", "CHANGELOG.md", "LICENSE", "docs/api.md", "docs/schemas/check.schema.json", "docs/schemas/common.schema.json"]) {
      expect(files, f).to.include(f);
    }
    const foreign = files.filter((f) => /^(test|bench|scripts|src|generated|dist\/test|site)\//.test(f) || /\.peggy\.js$/.test(f) || (f.endsWith(".ts") && !f.endsWith(".d.ts")) || f.endsWith(".map"));
    expect(foreign).to.deep.equal([]);
  });

  it("the published manifest has no scripts (no install-time build) and no devDependencies", () => {
    const manifest = JSON.parse(ok(sh("tar", ["-xzf", tarball, "-O", "package/package.json"], work), "tar")) as Record<string, unknown>;
    expect(manifest).to.not.have.property("scripts");
    expect(manifest).to.not.have.property("devDependencies");
    expect(manifest).to.have.property("exports");
    expect(manifest).to.have.property("files");
  });

  it("installs offline, with no warning about install scripts", () => {
    expect(install.status, install.stderr).to.equal(0);
    expect(installScriptWarnings(install.stdout + install.stderr, "uri-grammars")).to.deep.equal([]);
  });

  it("the warning check catches a tarball that declares prepare (planted)", function () {
    // npm 11 names install scripts at install time; npm 10 (Node 20's own) says nothing either way.
    if (Number.parseInt(ok(sh("npm", ["--version"], work), "npm --version"), 10) < 11) this.skip();
    const planted = join(work, "planted");
    const plantedProject = join(work, "planted-project");
    for (const d of [planted, plantedProject]) mkdirSync(d, { recursive: true });
    writeFileSync(join(planted, "package.json"), JSON.stringify({ name: "planted", version: "1.0.0", scripts: { prepare: "node build.js" } }));
    writeFileSync(join(planted, "index.js"), "module.exports = 1;\n");
    ok(sh("npm", ["pack", "--ignore-scripts", "--pack-destination", plantedProject], planted), "npm pack planted");
    writeFileSync(join(plantedProject, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
    const r = sh("npm", ["install", "--offline", "--no-audit", "--no-fund", join(plantedProject, "planted-1.0.0.tgz")], plantedProject);
    expect(r.status, r.stderr).to.equal(0);
    expect(installScriptWarnings(r.stdout + r.stderr, "planted")).to.have.length.greaterThan(0);
  });

  it("imports from an .mjs file and a .cjs file, with the same exports", () => {
    writeFileSync(
      join(project, "esm.mjs"),
      `import * as api from "uri-grammars";\nimport { parse, components } from "uri-grammars";\n` +
        `const r = parse("http://a/b?c", { spec: "draft-1997" });\nconst c = components("http://u@[::1]:8/p");\n` +
        `const b = api.buildReference({ scheme: "https", host: "example.com", path: "/a b" }, { spec: "rfc3986" });\n` +
        `console.log(JSON.stringify({ kind: r.ok && r.ast.kind, host: c.ok && c.host, built: b.ok && b.reference, exports: Object.keys(api).sort() }));\n`,
    );
    writeFileSync(
      join(project, "cjs.cjs"),
      `const api = require("uri-grammars");\nconst r = api.parse("ftp://u:p@h/a;type=i", { spec: "rfc1738" });\n` +
        `const b = api.buildReference({ scheme: "https", host: "example.com", path: "/a b" }, { spec: "rfc3986" });\n` +
        `console.log(JSON.stringify({ formatted: r.ok && api.format(r.ast), built: b.ok && b.reference, version: require("uri-grammars/package.json").version, exports: Object.keys(api).sort() }));\n`,
    );
    const esm = JSON.parse(ok(sh(process.execPath, ["esm.mjs"], project), "node esm.mjs")) as { kind: string; host: string; built: string; exports: string[] };
    const cjs = JSON.parse(ok(sh(process.execPath, ["cjs.cjs"], project), "node cjs.cjs")) as { formatted: string; built: string; version: string; exports: string[] };
    expect(esm.kind).to.equal("absolute");
    expect(esm.host).to.equal("[::1]");
    expect(cjs.formatted).to.equal("ftp://u:p@h/a;type=i");
    expect([esm.built, cjs.built]).to.deep.equal(["https://example.com/a%20b", "https://example.com/a%20b"]);
    expect(cjs.version).to.equal(version);
    expect(esm.exports).to.deep.equal(cjs.exports);
    expect(esm.exports).to.include.members(["parse", "validate", "components", "format", "check", "explain", "resolve", "normalize", "equivalent"]);
  });

  it("compiles strict TypeScript (exactOptionalPropertyTypes, module nodenext, ESM and CommonJS, no @types/node) against its types, and runs it, building URLs", () => {
    const typed = (kind: string) =>
      `import { parse, validate, components, check, lint, resolve, normalize, explain, format, buildReference, encodeComponent, type Draft1997Ast, type Rfc1738Ast, type SpecId, type RuleName } from "uri-grammars";\n` +
      `declare const process: { argv: string[] };\n` +
      `const r = parse("http://a/b?c", { spec: "draft-1997", tree: true });\n` +
      `if (r.ok) { const ast: Draft1997Ast = r.ast; console.log("${kind}", ast.kind, r.tree.rule); }\n` +
      `const old = parse("http://a.b/", { spec: "rfc1738" });\nif (old.ok) { const ast: Rfc1738Ast = old.ast; console.log(ast.url?.kind); }\n` +
      `const rule: RuleName<"draft-2003"> = "IPv6address";\nconst id: SpecId = "draft-2003";\nconsole.log(parse("1::2::3", { spec: id, rule }).ok);\n` +
      // Checked by the compiler, never run: what the types must refuse.
      `export function refused(): void {\n  const noTree = parse("http://a/");\n  // @ts-expect-error tree is on the result only with tree: true\n  if (noTree.ok) console.log(noTree.tree.rule);\n` +
      `  // @ts-expect-error no such revision\n  parse("x", { spec: "draft-2030" });\n}\n` +
      `const c = components("http://a/");\nif (c.ok) console.log(c.path);\n` +
      // Building, with options typed for exactOptionalPropertyTypes (a spec that may be undefined).
      `const maybe: SpecId | undefined = process.argv.length > 99 ? "rfc3986" : undefined;\n` +
      `const built = buildReference({ scheme: "https", host: "example.com", path: ["", "a/b c"], query: "q=1 2" }, { spec: maybe });\nif (built.ok) console.log(built.reference);\n` +
      `const q = encodeComponent("a b", { spec: "rfc3986", component: "query" });\nif (q.ok) console.log(q.text);\n` +
      // Every option that may be undefined, as a caller passes on what it was given (exactOptionalPropertyTypes).
      `const spec: SpecId | undefined = maybe;\nconst tree: boolean | undefined = undefined;\nconst ruleMaybe: string | undefined = undefined;\n` +
      `const parsed = parse("http://a/");\nconst formatted = parsed.ok && format(parsed.ast, { spec }).ok;\n` +
      `console.log([parse("http://a/", { spec }).ok, parse("http://a/", { spec, rule: ruleMaybe, tree }).ok, validate("http://a/", { spec, rule: ruleMaybe }), components("http://a/", { spec }).ok, check("http://a/", { spec, require: undefined }).ok, lint("http://a/", { spec }).ok, resolve("http://a/b", "c", { spec, strict: undefined }).ok, normalize("http://a/", { spec, level: undefined }).ok, explain("http://a/", { spec, full: undefined }).ok, formatted].join());\n`;
    writeFileSync(join(project, "typed.mts"), typed("esm"));
    writeFileSync(join(project, "typed.cts"), typed("cjs"));
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, exactOptionalPropertyTypes: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", types: [], skipLibCheck: false, outDir: "out" }, files: ["typed.mts", "typed.cts"] }, null, 2),
    );
    ok(sh(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "."], project), "tsc");
    const esm = ok(sh(process.execPath, [join("out", "typed.mjs")], project), "node out/typed.mjs");
    const cjs = ok(sh(process.execPath, [join("out", "typed.cjs")], project), "node out/typed.cjs");
    expect(esm).to.equal("esm absolute URL-reference\nhttp\nfalse\n/\nhttps://example.com/a%2Fb%20c?q=1%202\na%20b\ntrue,true,true,true,true,true,true,true,true,true\n");
    expect(cjs).to.equal("cjs absolute URL-reference\nhttp\nfalse\n/\nhttps://example.com/a%2Fb%20c?q=1%202\na%20b\ntrue,true,true,true,true,true,true,true,true,true\n");
  });

  it("compiles the same strict TypeScript with the oldest TypeScript the README states (5.4: typescript-5.4, a pinned alias)", () => {
    const tsc54 = join(ROOT, "node_modules", "typescript-5.4", "bin", "tsc");
    expect(ok(sh(process.execPath, [tsc54, "--version"], project), "tsc 5.4")).to.match(/^Version 5\.4\./);
    writeFileSync(join(project, "tsconfig.54.json"), JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { outDir: "out-54" } }, null, 2));
    ok(sh(process.execPath, [tsc54, "-p", "tsconfig.54.json"], project), "tsc 5.4");
    expect(ok(sh(process.execPath, [join("out-54", "typed.mjs")], project), "node out-54/typed.mjs")).to.contain("https://example.com/a%2Fb%20c?q=1%202");
  });

  it("answers check --json as its shipped schema says (docs/schemas/, validated by ajv), from an unrelated directory", () => {
    const bin = join(project, "node_modules", ".bin", "uri-grammars");
    const schemas = join(project, "node_modules", "uri-grammars", "docs", "schemas");
    // ajv is this repository's devDependency: the consumer's validator, loaded from here.
    const Ajv = require(join(ROOT, "node_modules", "ajv")) as { default: new (o: object) => { addSchema(s: object): void; getSchema(id: string): ((d: unknown) => boolean) & { errors?: unknown } } };
    const ajv = new Ajv.default({ allErrors: true, strict: false });
    for (const f of readdirSync(schemas).filter((f) => f.endsWith(".schema.json"))) ajv.addSchema(JSON.parse(readFileSync(join(schemas, f), "utf8")) as object);
    const validate = ajv.getSchema("check.schema.json")!;
    const r = sh(bin, ["check", "--json", "--no-password", "http://a/", "http://a b/", "ftp://u:p@h/"], elsewhere);
    expect(r.status).to.equal(1);
    const answers = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { ok: boolean; verdict: string });
    for (const a of answers) expect(validate(a), JSON.stringify(validate.errors)).to.equal(true);
    expect(answers.map((a) => [a.ok, a.verdict])).to.deep.equal([[true, "valid"], [false, "invalid"], [false, "refused"]]);
    // The planted answer: ok beside a refusal is refused by the shipped schema.
    expect(validate({ ...answers[2], ok: true })).to.equal(false);
  });

  it("npx uri-grammars serve from the installed package answers its pages (the site it ships, dist/site/), as br or plain; --help lists serve and its pages", async () => {
    const bin = join(project, "node_modules", ".bin", "uri-grammars");
    const help = ok(sh(bin, ["--help"], elsewhere), "--help");
    expect(help).to.match(/^\s+serve\b/m);
    const serveHelp = ok(sh(bin, ["serve", "--help"], elsewhere), "serve --help");
    for (const page of ["index.html", "trace.html", "source.html"]) expect(serveHelp).to.contain(page);
    // npx from the consumer project, as the README says; --port 0: a free port, printed.
    const child = spawn("npx", ["--offline", "uri-grammars", "serve", "--port", "0"], { cwd: project, env: { ...process.env, npm_config_yes: "true" }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        let err = "";
        const timer = setTimeout(() => reject(new Error(`serve printed no address in 60 s: ${out} ${err}`)), 60_000);
        child.stdout.on("data", (b: Buffer) => {
          out += b.toString();
          const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[0]);
          }
        });
        child.stderr.on("data", (b: Buffer) => (err += b.toString()));
        child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${out} ${err}`)));
      });
      const get = (path: string, encoding: string) => new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = httpGet(url + path, { headers: { "Accept-Encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on("error", reject);
      });
      const plain = await get("", "identity");
      expect(plain.status).to.equal(200);
      expect(plain.headers["content-type"]).to.equal("text/html; charset=utf-8");
      expect(plain.body.toString("utf8")).to.contain("<title>Playground · uri-grammars explorer</title>");
      const br = await get("trace.html", "gzip, br");
      expect(br.headers["content-encoding"]).to.equal("br");
      expect(brotliDecompressSync(br.body).toString("utf8")).to.contain("<title>Trace · uri-grammars explorer</title>");
      const gz = await get("assets/explorer.css", "gzip");
      expect(gz.headers["content-encoding"]).to.equal("gzip");
      expect(gunzipSync(gz.body).length).to.be.greaterThan(1000);
      expect((await get("no-such-page.html", "br")).status).to.equal(404);
    } finally {
      process.kill(-child.pid!, "SIGTERM");
    }
  });

  it("imports a revision's own entry (uri-grammars/rfc3986) from .mjs, .cjs and strict TypeScript: that revision alone, its spec the default", () => {
    const use = (kind: string, load: string) =>
      `${load}\nconst r = parse("http://a/b?c");\n` +
      `console.log(JSON.stringify({ kind: ${JSON.stringify(kind)}, spec: r.ok && r.spec, valid: validate("http://[::1]/"), other: validate("http://a/", { spec: "draft-2003" }), ids: SPEC_IDS, host: (() => { const c = components("http://u@h:8/p"); return c.ok && c.host; })() }));\n`;
    writeFileSync(join(project, "one.mjs"), use("esm", `import { parse, validate, components, SPEC_IDS } from "uri-grammars/rfc3986";`));
    writeFileSync(join(project, "one.cjs"), use("cjs", `const { parse, validate, components, SPEC_IDS } = require("uri-grammars/rfc3986");`));
    const typed = (kind: string) =>
      `import { parse, validate, components, SPEC_IDS, type Rfc3986Ast } from "uri-grammars/rfc3986";\n` +
      `const r = parse("http://a/b?c");\nif (r.ok) { const ast: Rfc3986Ast = r.ast; console.log("${kind}", ast.kind, r.spec, SPEC_IDS.join(), validate("http://[::1]/")); }\n` +
      `const c = components("http://a/", { spec: "rfc3986" });\nif (c.ok) console.log(c.path);\n` +
      `const host = parse("h:1", { rule: "authority" });\nif (host.ok) console.log(host.ast.authority.host.text);\n` +
      `export function refused(): void {\n  // @ts-expect-error this entry's parse() has rfc3986's AST, not draft-1997's\n  const r2 = parse("http://a/"); if (r2.ok) { const a: import("uri-grammars").Draft1997Ast = r2.ast; console.log(a); }\n}\n`;
    writeFileSync(join(project, "one-typed.mts"), typed("esm"));
    writeFileSync(join(project, "one-typed.cts"), typed("cjs"));
    writeFileSync(
      join(project, "tsconfig.one.json"),
      JSON.stringify({ compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", types: [], skipLibCheck: false, outDir: "out-one" }, files: ["one-typed.mts", "one-typed.cts"] }, null, 2),
    );
    for (const kind of ["esm", "cjs"]) {
      const out = JSON.parse(ok(sh(process.execPath, [kind === "esm" ? "one.mjs" : "one.cjs"], project), `node one.${kind}`)) as Record<string, unknown>;
      expect(out).to.deep.equal({ kind, spec: "rfc3986", valid: true, other: false, ids: ["rfc3986"], host: "h" });
    }
    ok(sh(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.one.json"], project), "tsc");
    expect(ok(sh(process.execPath, [join("out-one", "one-typed.mjs")], project), "node out-one/one-typed.mjs")).to.equal("esm absolute rfc3986 rfc3986 true\n/\nh\n");
    expect(ok(sh(process.execPath, [join("out-one", "one-typed.cjs")], project), "node out-one/one-typed.cjs")).to.equal("cjs absolute rfc3986 rfc3986 true\n/\nh\n");
    // ESM and CommonJS hand out the same validate() (its part), and the parts are no subpath of the package.
    writeFileSync(join(project, "same.mjs"), `import { validate } from "uri-grammars/rfc3986";\nimport { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);\nconsole.log(validate === require("uri-grammars/rfc3986").validate);\n`);
    expect(ok(sh(process.execPath, ["same.mjs"], project), "node same.mjs")).to.equal("true\n");
    const hidden = sh(process.execPath, ["-e", `require("uri-grammars/parts/rfc3986.validate.js")`], project);
    expect(hidden.status).to.not.equal(0);
    expect(hidden.stderr).to.contain("ERR_PACKAGE_PATH_NOT_EXPORTED");
  });

  it("runs the installed binary from an unrelated directory", () => {
    const bin = join(project, "node_modules", ".bin", "uri-grammars");
    expect(ok(sh(bin, ["--version"], elsewhere), "--version")).to.equal(`${version}\n`);
    expect(sh(bin, ["check", "http://[::1]:8080/a/b?c#d"], elsewhere).status).to.equal(0);
    expect(sh(bin, ["check", "--spec", "draft-1997", "http://[::1]:8080/a/b?c#d"], elsewhere).status).to.equal(1);
    expect(sh(bin, ["parse", "http://a/", "http://b/"], elsewhere).status).to.equal(2);
    // rules reads the grammars, and a batch with --jobs starts worker threads from the package's files.
    expect(ok(sh(bin, ["rules", "--spec", "draft-2003", "IPv6address"], elsewhere), "rules")).to.contain("IPv6address");
    const batch = sh(bin, ["check", "--json", "--jobs", "2", "--no-progress", "-"], elsewhere, {}, "http://a/\nhttp://a b/\n");
    expect(batch.status).to.equal(1);
    expect(batch.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { valid: boolean }).valid)).to.deep.equal([true, false]);
    // The conformance suite reads the published grammars and the tables the build ships (test/data is not in the package).
    const suite = JSON.parse(ok(sh(bin, ["suite", "--spec", "rfc3986"], elsewhere), "suite")) as { generator: { version: string }; coverage: { byKind: Record<string, number> } };
    expect(suite.generator.version).to.equal(version);
    expect(suite.coverage.byKind.example).to.be.greaterThan(100);
    expect(suite.coverage.byKind.resolution).to.be.greaterThan(30);
  });
});
