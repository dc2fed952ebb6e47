// The ES module entries (dist/esm/, scripts/build-esm.mjs) share one copy of the library's code, and
// each of their exported functions puts its entry's registry in force for the call
// (src/revisions/scope.ts). Property: every entry answers every call exactly as its CommonJS entry
// (whose core instance has its own registry by construction), also when calls through two entries
// interleave (the last-request memo of parse(), an extractor made through one entry and fed after a
// call through another, extractChunks() across awaits). Run in a fresh Node process that imports the
// ES modules as Node does. A planted entry whose registry names another default is caught.
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SPEC_IDS } from "../src";

const ROOT = join(__dirname, "..", "..");

/**
 * The check, as an ES module: for each entry given (name -> [ES module path, CommonJS path]), the
 * calls of CALLS through both, as JSON; prints the differences as JSON lines.
 */
const SCRIPT = String.raw`
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const [, , spec] = process.argv;
const { entries, inputs } = JSON.parse(spec);
// (Timings, languageDiff's milliseconds, differ from run to run.)
const json = (v) => JSON.stringify(v, (k, x) => (k === "milliseconds" ? 0 : typeof x === "function" ? "[function]" : typeof x === "bigint" ? String(x) : x));
/** What a call gives, as text: its value, or what it threw (an entry's function never throws; a throw is a difference too). */
function answer(f) {
  try {
    return json(f());
  } catch (e) {
    return "threw " + String(e && e.message);
  }
}
/** The calls, each through one API object; every function export is called at least once. */
function calls(api, other) {
  const out = [];
  for (const x of inputs) {
    out.push(["parse", () => api.parse(x)], ["parse tree", () => api.parse(x, { tree: true })], ["parse rule", () => api.parse(x, { rule: "scheme" })]);
    out.push(["parse other spec", () => api.parse(x, { spec: other })], ["validate", () => api.validate(x)], ["components", () => api.components(x)]);
    out.push(["check", () => api.check(x, { require: ["scheme"] })], ["lint", () => api.lint(x)], ["format", () => (api.components(x).ok ? api.format(api.components(x)) : null)]);
    out.push(["resolve", () => api.resolve("../g?y#s", x)], ["normalize", () => api.normalize(x)], ["equivalent", () => api.equivalent(x, x.toUpperCase())]);
    out.push(["extract", () => api.extract("see " + x + ", then")], ["extractAllSpecs", () => api.extractAllSpecs("<" + x + ">")]);
    out.push(["encodeComponent", () => api.encodeComponent(x, { component: "query" })], ["decodeComponent", () => api.decodeComponent("a%20b", { component: "query" })]);
  }
  out.push(["specs", () => api.specs().map((s) => s.id)], ["availableSpecIds", () => api.availableSpecIds()], ["isSpecId", () => [api.isSpecId(other), api.isSpecId(api.DEFAULT_SPEC)]]);
  out.push(["buildReference", () => api.buildReference({ scheme: "http", host: "a", path: "/b c" })], ["delimitingRules", () => api.delimitingRules(api.DEFAULT_SPEC)]);
  out.push(["createMultiExtractor", () => { const m = api.createMultiExtractor(); return m.ok ? [...m.extractor.push("x http://a/b y"), ...m.extractor.end()] : m; }]);
  out.push(["constants", () => [api.SPEC_IDS, api.DEFAULT_SPEC, api.LEVELS, api.MAX_TREE_INPUT, api.DEFAULT_MAX_REFERENCE_LENGTH, [...api.OPAQUE_SCHEMES], api.DELIMITING_RULES.length]]);
  if (api.explain) {
    out.push(["explain", () => api.explain(inputs[0])], ["compareInput", () => api.compareInput(inputs[0])], ["diffSpecs", () => api.diffSpecs("draft-1997", "draft-2003").rules.length]);
    out.push(["characterTable", () => api.characterTable().rows.length], ["languageDiff", () => api.languageDiff("draft-1997", "rfc3986", { rule: "port" })], ["languageEdit", () => api.languageEdit("rfc3986", ["port = 1*DIGIT"], { rule: "port" })]);
    out.push(["confusion", () => api.confusion(inputs[0])], ["urlApiReading", () => api.urlApiReading(URL, inputs[0])], ["urlApiSource", () => api.urlApiSource(URL, "url", "URL").read(inputs[0])]);
  }
  // The main entry and an IRI revision's (src/entry-operations.ts).
  if (api.toURI) {
    out.push(["toURI", () => api.toURI("http://é/")], ["toIRI", () => api.toIRI("http://%C3%A9/")], ["iriSpecIds", () => api.iriSpecIds()]);
    out.push(["toURI idna", () => api.toURI("http://例え.jp/é", { idna: true })], ["toIRI idna", () => api.toIRI("http://xn--r8jz45g.jp/", { idna: true })]);
  }
  return out;
}
const loaded = [];
for (const [name, [esmPath, cjsPath]] of Object.entries(entries)) loaded.push({ name, esm: await import(esmPath), cjs: require(cjsPath) });
const differences = [];
const say = (name, what, a, b) => differences.push({ name, what, esm: a.slice(0, 300), cjs: b.slice(0, 300) });
for (const [i, { name, esm, cjs }] of loaded.entries()) {
  const names = (m) => Object.keys(m).filter((k) => k !== "default" && k !== "__esModule").sort();
  if (json(names(esm)) !== json(names(cjs))) say(name, "exports", json(names(esm)), json(names(cjs)));
  const next = loaded[(i + 1) % loaded.length];
  const other = cjs.DEFAULT_SPEC === "rfc3986" ? "draft-1997" : "rfc3986";
  const esmCalls = calls(esm, other);
  const cjsCalls = calls(cjs, other);
  const functions = new Set(names(cjs).filter((k) => typeof cjs[k] === "function"));
  for (const [k, [what, f]] of esmCalls.entries()) {
    // Interleaved: a call through the next entry before each call (the same call, no spec).
    answer(() => next.esm.parse(inputs[k % inputs.length]));
    const a = answer(f);
    const b = answer(cjsCalls[k][1]);
    if (a !== b) say(name, what, a, b);
  }
  // Every function export was called: a new export cannot skip the check.
  const called = new Set(esmCalls.map(([what]) => what.split(" ")[0]));
  for (const f of functions) if (!called.has(f) && !["createExtractor", "extractChunks"].includes(f)) say(name, "not called: " + f, "", "");
  // An extractor made through this entry, fed after a call through the next one.
  const e = esm.createExtractor({});
  const c = cjs.createExtractor({});
  next.esm.parse("http://a/");
  const fed = answer(() => [...e.extractor.push("a http://[v1.x]/p and mailto:x@y z"), ...e.extractor.end()]);
  const fedCjs = answer(() => [...c.extractor.push("a http://[v1.x]/p and mailto:x@y z"), ...c.extractor.end()]);
  if (fed !== fedCjs) say(name, "createExtractor", fed, fedCjs);
  // extractChunks() across awaits, with calls through the next entry between the chunks.
  async function* chunks() {
    for (const s of ["see http://[v1.x]/p", "ath and ", "mailto:x@y."]) {
      await new Promise((r) => setTimeout(r, 1));
      next.esm.parse("http://a/");
      yield s;
    }
  }
  const read = async (api) => { const out = []; for await (const r of api.extractChunks(chunks(), {})) out.push(r); return json(out); };
  const [x, y] = [await read(esm), await read(cjs)];
  if (x !== y) say(name, "extractChunks", x, y);
}
console.log(JSON.stringify(differences));
`;

/** The differences between the ES module and CommonJS answers of these entries (name -> [ESM file, CommonJS file]). */
function differences(entries: Record<string, [string, string]>): { name: string; what: string; esm: string; cjs: string }[] {
  const dir = mkdtempSync(join(tmpdir(), "uri-grammars-esm-"));
  try {
    const script = join(dir, "check.mjs");
    writeFileSync(script, SCRIPT);
    const inputs = ["http://[v1.x]/a/./b?c#d", "HTTP://A:80/%7e/../x", "mailto:x@y", "a b", "gopher://h/0sel", "urn:isbn:1"];
    const out = execFileSync(process.execPath, [script, JSON.stringify({ entries, inputs })], { encoding: "utf8", maxBuffer: 1 << 26 });
    return JSON.parse(out.trim().split("\n").pop()!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the ES module entries: one copy of the code, each entry's registry in force for its calls", function () {
  this.timeout(300000);

  it("every entry answers every call as its CommonJS entry, with calls through another entry interleaved", () => {
    const entries: Record<string, [string, string]> = { index: [join(ROOT, "dist", "esm", "index.mjs"), join(ROOT, "dist", "src", "index.js")] };
    for (const id of SPEC_IDS) entries[id] = [join(ROOT, "dist", "esm", `${id}.mjs`), join(ROOT, "dist", "entries", `${id}.js`)];
    expect(differences(entries)).to.deep.equal([]);
  });

  it("the check finds an entry whose registry names another default (planted)", () => {
    // A copy of rfc3986's entry beside it (its chunks resolve), its registry's default changed.
    const real = join(ROOT, "dist", "esm", "rfc3986.mjs");
    const planted = join(ROOT, "dist", "esm", `planted-${process.pid}.mjs`);
    const text = readFileSync(real, "utf8");
    expect(text).to.include('default: "rfc3986"');
    writeFileSync(planted, text.replace('default: "rfc3986"', 'default: "rfc3987"'));
    try {
      const found = differences({ rfc3986: [planted, join(ROOT, "dist", "entries", "rfc3986.js")], "draft-2003": [join(ROOT, "dist", "esm", "draft-2003.mjs"), join(ROOT, "dist", "entries", "draft-2003.js")] });
      expect(found.filter((d) => d.name === "rfc3986").length).to.be.greaterThan(0);
      expect(found.filter((d) => d.name === "draft-2003")).to.deep.equal([]);
    } finally {
      rmSync(planted, { force: true });
    }
  });
});
