// One convention for every public operation: input(s) and an options object with `spec`, a result
// value, never a throw. A non-string input, an unknown spec and an unknown rule give the same error
// value as parse() (same code, same message). Every function the package exports is listed here, so
// a new export cannot skip the check.
import { expect } from "chai";
import * as api from "../src";
import type { ParseError, SpecId } from "../src";

type Options = { spec?: unknown; rule?: unknown } | null | undefined;
type Operation = (input: unknown, options: Options) => unknown;

/** Each operation, called with one input and an options object; `rule: true` when it takes a rule. */
const OPERATIONS: Record<string, { call: Operation; rule?: boolean }> = {
  parse: { call: (input, o) => api.parse(input, o as never), rule: true },
  components: { call: (input, o) => api.components(input, o as never), rule: true },
  check: { call: (input, o) => api.check(input, o as never), rule: true },
  explain: { call: (input, o) => api.explain(input, o as never), rule: true },
  lint: { call: (input, o) => api.lint(input, o as never) },
  toURI: { call: (input, o) => api.toURI(input, (o && o.spec === "draft-2003" ? { spec: "rfc3987" } : o) as never) },
  toIRI: { call: (input, o) => api.toIRI(input, (o && o.spec === "draft-2003" ? { spec: "rfc3987" } : o) as never) },
  compareInput: { call: (input, o) => api.compareInput(input, o && o.spec !== undefined ? { specs: [o.spec as SpecId] } : undefined) },
  confusion: { call: (input, o) => api.confusion(input, o && o.spec !== undefined ? { specs: [o.spec as SpecId] } : undefined) },
  normalize: { call: (input, o) => api.normalize(input, o as never) },
  equivalent: { call: (input, o) => api.equivalent(input, input, o as never) },
  resolve: { call: (input, o) => api.resolve("http://a/b/c", input, o as never) },
  diffSpecs: { call: (_input, o) => api.diffSpecs((o?.spec ?? "draft-1997") as SpecId, "draft-2003") },
  languageDiff: { call: (_input, o) => api.languageDiff((o?.spec ?? "draft-1997") as SpecId, "draft-2003", { rule: "port", ...(o && o.rule !== undefined ? { rule: o.rule as string } : {}) }), rule: true },
  languageEdit: { call: (_input, o) => api.languageEdit((o?.spec ?? "draft-1997") as SpecId, ["port = *digit"], { rule: "port" }) },
  characterTable: { call: (_input, o) => api.characterTable(o as never) },
  extract: { call: (input, o) => api.extract(input, o as never) },
  extractAllSpecs: { call: (input, o) => api.extractAllSpecs(input, o && o.spec !== undefined ? { specs: [o.spec as SpecId] } : undefined) },
  createExtractor: { call: (input, o) => {
    const c = api.createExtractor(o as never);
    if (!c.ok) return c;
    c.extractor.push(input as string);
    c.extractor.end();
    return c.extractor.error ? { ok: false, error: c.extractor.error } : c;
  } },
  createMultiExtractor: { call: (_input, o) => api.createMultiExtractor(o && o.spec !== undefined ? { specs: [o.spec as SpecId] } : undefined) },
  buildReference: { call: (_input, o) => api.buildReference({ scheme: "http", host: "a", path: "/b" }, o as never) },
  encodeComponent: { call: (input, o) => api.encodeComponent(input, withComponent(o)) },
  decodeComponent: { call: (input, o) => api.decodeComponent(input, withComponent(o)) },
};

/** The options of encodeComponent() and decodeComponent(), which also name a component: `o` with component `query`. */
function withComponent(o: Options): never {
  if (typeof o === "string") return { spec: o, component: "query" } as never;
  return (typeof o === "object" && o !== null ? { ...o, component: "query" } : { component: "query" }) as never;
}

/** Exports that are no operation on an input; each still never throws (checked below). */
const OTHERS = ["specs", "availableSpecIds", "iriSpecIds", "isSpecId", "validate", "format", "delimitingRules", "extractChunks", "urlApiReading", "urlApiSource"];

/** The error value inside any operation's failure: `error`, or the parse error a resolve error carries. */
function errorOf(result: unknown): ParseError | null {
  if (typeof result !== "object" || result === null) return null;
  const e = (result as { error?: ParseError & { parseError?: ParseError } }).error;
  if (!e) return null;
  return e.parseError ?? e;
}

const NON_STRINGS: unknown[] = [undefined, null, 42, {}, [], Symbol("x"), () => "http://a/"];

describe("public API: every export is covered by this convention check", () => {
  it("lists every exported function", () => {
    const functions = Object.entries(api).filter(([, v]) => typeof v === "function").map(([k]) => k).sort();
    expect(functions).to.deep.equal([...Object.keys(OPERATIONS), ...OTHERS].sort());
  });
});

describe("public API: no operation throws; usage problems are parse()'s error values", () => {
  const unknownSpec = (api.parse("x", { spec: "nope" as SpecId }) as { error: ParseError }).error;
  it("a usage error has no place in the input: offset, line and column are null (issue 41 item 6: they were 0, 1, 1); a syntax error keeps its place", () => {
    const usage = [unknownSpec, errorOf(api.parse(5)), errorOf(api.parse("x", { rule: "no-such" as string })), errorOf(api.check("x", { schemes: "https" as never })), errorOf(api.parse("http://a/" + "b".repeat(api.MAX_TREE_INPUT), { tree: true }))];
    expect(usage.map((e) => [e?.code, e?.offset, e?.line, e?.column])).to.deep.equal([
      ["unknown-spec", null, null, null],
      ["not-a-string", null, null, null],
      ["unknown-rule", null, null, null],
      ["invalid-option", null, null, null],
      ["input-too-long", null, null, null],
    ]);
    const syntax = errorOf(api.parse("http://a b/"));
    expect([syntax?.code, syntax?.offset, syntax?.line, syntax?.column]).to.deep.equal(["syntax", 8, 1, 9]);
  });
  for (const [name, op] of Object.entries(OPERATIONS)) {
    it(`${name}: an unknown spec is parse()'s unknown-spec error`, () => {
      const r = op.call("http://a/", { spec: "nope" });
      expect((r as { ok: boolean }).ok, name).to.equal(false);
      expect(errorOf(r), name).to.deep.equal(unknownSpec);
    });
    if (name !== "diffSpecs" && name !== "languageDiff" && name !== "languageEdit" && name !== "characterTable" && name !== "createMultiExtractor" && name !== "buildReference") {
      it(`${name}: a non-string input is parse()'s not-a-string error, never a throw`, () => {
        for (const input of NON_STRINGS) {
          const r = op.call(input, { spec: "draft-2003" });
          const e = errorOf(r);
          expect(e?.code, `${name}(${String(input)})`).to.equal("not-a-string");
          // parse()'s sentence, with the operation's own word for its input (extract's "text").
          expect(e?.message.replace(/^The text /, "The input ")).to.equal((api.parse(input, { spec: "draft-2003" }) as { error: ParseError }).error.message);
        }
      });
    }
    if (op.rule) {
      it(`${name}: an unknown rule is parse()'s unknown-rule error`, () => {
        const r = op.call("http://a/", { spec: "draft-2003", rule: "URI_reference" });
        expect(errorOf(r)).to.deep.equal((api.parse("x", { spec: "draft-2003", rule: "URI_reference" as string }) as { error: ParseError }).error);
      });
    }
    it(`${name}: null, undefined or junk options read as no options`, () => {
      for (const o of [null, undefined, 42, "draft-1997"]) expect(() => op.call("http://a/", o as Options), `${name}(…, ${String(o)})`).not.to.throw();
      const r = op.call("http://a/", null) as { ok: boolean };
      expect(r.ok, name).to.equal(true);
    });
  }
  it("validate, format, isSpecId: junk in, a plain answer out", () => {
    for (const junk of NON_STRINGS) {
      expect(api.validate(junk)).to.equal(false);
      expect(api.format(junk as never)).to.equal(null);
    }
    for (const junk of [...NON_STRINGS.filter((x) => x !== undefined), "nope", "DRAFT-2003"]) {
      expect(api.validate("http://a/", { spec: junk as SpecId })).to.equal(false);
      expect(api.isSpecId(junk)).to.equal(false);
    }
  });
});

describe("public API: the calls the issue reported", () => {
  it('explain(input, "nope") returns the error value instead of throwing (the old call shape still works)', () => {
    const r = api.explain("http://a/", "nope");
    expect(r.ok).to.equal(false);
    expect(!r.ok && r.error.code).to.equal("unknown-spec");
    const old = api.explain("http://a/", "draft-1997");
    expect(old.ok && old.spec).to.equal("draft-1997");
  });
  it("diffSpecs takes spec ids, and an unknown id is an error value", () => {
    const d = api.diffSpecs("rfc1738", "draft-1997");
    expect(d.ok && [d.a, d.b]).to.deep.equal(["rfc1738", "draft-1997"]);
    const bad = api.diffSpecs("rfc1738", "nope" as SpecId);
    expect(!bad.ok && bad.error.code).to.equal("unknown-spec");
  });
  it('compareInput(x, ["nope"]) is an error value, not an empty list of cells', () => {
    const r = api.compareInput("http://a/", ["nope"]);
    expect(r.ok).to.equal(false);
    expect(!r.ok && r.error.message).to.contain('"nope"');
    const two = api.compareInput("http://a/", { specs: ["draft-2003", "draft-1997"] });
    expect(two.ok && two.cells.map((c) => c.spec)).to.deep.equal(["draft-1997", "draft-2003"]);
  });
});
