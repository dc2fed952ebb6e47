// Options a caller got wrong, as data (issue 25 items 4, 5 and 6): every export answers any options
// argument with a value, never a throw, and gives the error the conventions promise for an option it
// reads (docs/api.md, Conventions). The shapes: strings and numbers for lists, null-prototype
// objects, Symbols, BigInts, sparse arrays, getters that throw, Proxies that throw. A string in place
// of the options is the revision, in every function. explain() and parse(x, { tree: true }) refuse
// valid inputs over MAX_TREE_INPUT with input-too-long. The random campaign over the same shapes is
// test/fuzz/ (the bad-options rows).
import { expect } from "chai";
import * as api from "../src";
import { MAX_TREE_INPUT } from "../src/request";

type Result = { ok?: boolean; error?: { code?: string; message?: string; parseError?: { code: string; message: string } }; spec?: string };
const errorOf = (r: unknown) => {
  const e = (r as Result).error;
  return e?.parseError ?? e;
};

/** A getter on `key` that throws, on an otherwise plain object. */
function throwingGetter(key: string): object {
  return Object.defineProperty({}, key, {
    get() {
      throw new Error(`planted getter ${key}`);
    },
    enumerable: true,
  });
}
const trap = () => {
  throw new Error("planted trap");
};

/** Hostile values for an option (each made fresh). */
export const HOSTILE_VALUES: Readonly<Record<string, () => unknown>> = {
  "an object without a prototype": () => Object.create(null),
  "a Symbol": () => Symbol("x"),
  "a BigInt": () => 10n,
  "a string": () => "https",
  "a number": () => 443,
  "NaN": () => NaN,
  "a sparse list": () => [, "rfc1738"], // eslint-disable-line no-sparse-arrays
  "a list of Symbols": () => [Symbol("x")],
  "a list of objects without a prototype": () => [Object.create(null)],
  "a list of BigInts": () => [1n],
  "an object whose toString throws": () => ({ toString: trap }),
  "a function": () => () => "draft-1997",
  "null": () => null,
  "true": () => true,
  "a Proxy that throws": () => new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap }),
  // Issue 41 item 4: what escaped every list-valued option (Array.isArray() of a revoked Proxy throws;
  // a list's length or element read through a getter or a Proxy; a Proxy claiming 2^32 - 1 elements).
  "a revoked Proxy": () => revoked({}),
  "a revoked Proxy of a list": () => revoked(["https"]),
  "a list whose length getter throws": () => new Proxy(["https"], { get: (t, k) => (k === "length" ? trap() : Reflect.get(t, k)) }),
  "a list whose element getter throws": () => Object.defineProperty(["https", "http"], 1, { get: trap }),
  "a list holding a revoked Proxy": () => [revoked({})],
  "a list claiming 2^32 - 1 elements": () => new Proxy([], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : typeof k === "string" && /^[0-9]+$/.test(k) ? "https" : Reflect.get(t, k)), has: () => true }),
};

/** A Proxy of `target`, revoked: every operation on it throws, Array.isArray() included. */
function revoked(target: object): unknown {
  const p = Proxy.revocable(target, {});
  p.revoke();
  return p.proxy;
}

/** Every option name any export reads (and `path`, buildReference()'s list-valued part: "buildReference (parts)" takes `o` as the parts). */
const OPTION_NAMES = ["path", "sources", "spec", "rule", "component", "witnesses", "tree", "full", "parsed", "others", "specs", "level", "dotSegments", "strict", "require", "schemes", "hosts", "ports", "allowUserinfo", "allowPassword", "check", "hyphen", "anyScheme", "maxReferenceLength"];

/** Every export that takes options, called with `o` in the options' place (the extractors also run). */
const CALLS: Record<string, (o: unknown) => unknown> = {
  parse: (o) => api.parse("http://a/b", o as never),
  validate: (o) => api.validate("http://a/b", o as never),
  components: (o) => api.components("http://a/b", o as never),
  check: (o) => api.check("http://u:p@a:80/b", o as never),
  explain: (o) => api.explain("http://a/b", o as never),
  "explain (invalid input)": (o) => api.explain("http://a b/", o as never),
  lint: (o) => api.lint("http://a/b", o as never),
  toURI: (o) => api.toURI("http://a/b", o as never),
  toIRI: (o) => api.toIRI("http://a/b", o as never),
  compareInput: (o) => api.compareInput("http://a/b", o as never),
  confusion: (o) => api.confusion("http://a\\b@c/", o as never),
  "confusion (a source)": (o) => api.confusion("http://a/b", { specs: [api.DEFAULT_SPEC], sources: [o as never] }),
  urlApiReading: (o) => api.urlApiReading(o as never, "http://a/b"),
  urlApiSource: (o) => api.urlApiSource(o as never, o as never, o as never).read("http://a/b"),
  normalize: (o) => api.normalize("http://a/b", o as never),
  equivalent: (o) => api.equivalent("http://a/b", "http://a/b", o as never),
  resolve: (o) => api.resolve("http://a/b/c", "../d", o as never),
  characterTable: (o) => api.characterTable(o as never),
  "diffSpecs (first)": (o) => api.diffSpecs(o as never, "draft-2003"),
  "diffSpecs (second)": (o) => api.diffSpecs("draft-1997", o as never),
  "languageDiff (first)": (o) => api.languageDiff(o as never, "draft-2003", { rule: "port" }),
  // One rule keeps each call quick (a whole diff takes a second): the options inherit from `o`, so its
  // getters still run; languageDiff's own rule values are tried in the test below.
  "languageDiff (options)": (o) => api.languageDiff("draft-1997", "draft-2003", (typeof o === "object" && o !== null ? Object.create(o, { rule: { value: "port", enumerable: true } }) : { rule: "port" }) as never),
  "languageEdit (first)": (o) => api.languageEdit(o as never, ["port = 1*DIGIT"], { rule: "port" }),
  "languageEdit (edits)": (o) => api.languageEdit("rfc3986", o as never, { rule: "port" }),
  "languageEdit (options)": (o) => api.languageEdit("rfc3986", ["port = 1*DIGIT"], (typeof o === "object" && o !== null ? Object.create(o, { rule: { value: "port", enumerable: true } }) : { rule: "port" }) as never),
  extract: (o) => api.extract("see http://a/b and <URL:http://c/d>", o as never),
  createExtractor: (o) => {
    const c = api.createExtractor(o as never);
    if (c.ok) c.extractor.push("http://a/ x"), c.extractor.end();
    return c;
  },
  createMultiExtractor: (o) => {
    const c = api.createMultiExtractor(o as never);
    if (c.ok) c.extractor.push("http://a/ x"), c.extractor.end();
    return c;
  },
  extractAllSpecs: (o) => api.extractAllSpecs("see http://a/b", o as never),
  delimitingRules: (o) => api.delimitingRules(o as never),
  isSpecId: (o) => api.isSpecId(o),
  format: (o) => api.format(o as never),
  "format (options)": (o) => api.format({ scheme: "http", userinfo: null, host: "a", port: null, path: "/b", query: null, fragment: null, hostKind: "hostname" }, o as never),
  buildReference: (o) => api.buildReference({ scheme: "http", host: "a", path: "/b c" }, o as never),
  "buildReference (parts)": (o) => api.buildReference(o as never),
  encodeComponent: (o) => api.encodeComponent("a b", o as never),
  decodeComponent: (o) => api.decodeComponent("a%20b", o as never),
};

/** Runs `answer`: a throw, or a failure without the fields a caller reads (code, message), is a line of `problems`. */
function answersWithoutThrowing(label: string, answer: () => unknown, problems: string[]): void {
  try {
    const r = answer();
    if (typeof r === "object" && r !== null && (r as Result).ok === false) {
      const e = errorOf(r);
      if (typeof e?.code !== "string" || typeof e?.message !== "string" || e.message === "") problems.push(`${label}: a failure without code or message`);
    }
  } catch (e) {
    problems.push(`${label}: ${(e as Error).message}`);
  }
}

describe("public API: no export throws, whatever the options", () => {
  it(`lists every exported function that takes options or a value (${Object.keys(CALLS).length} calls)`, () => {
    const covered = new Set(Object.keys(CALLS).map((k) => k.split(" ")[0]));
    const exported = Object.entries(api).filter(([, v]) => typeof v === "function").map(([k]) => k);
    // specs(), availableSpecIds() and iriSpecIds() take nothing; extractChunks() is asynchronous (below).
    expect(exported.filter((k) => !covered.has(k)).sort()).to.deep.equal(["availableSpecIds", "extractChunks", "iriSpecIds", "specs"]);
  });
  for (const [name, call] of Object.entries(CALLS)) {
    it(`${name}: ${Object.keys(HOSTILE_VALUES).length} values as the options, and as each of ${OPTION_NAMES.length} options, and a getter that throws for each`, () => {
      const thrown: string[] = [];
      const attempt = (label: string, make: () => unknown) => answersWithoutThrowing(label, () => call(make()), thrown);
      for (const [v, make] of Object.entries(HOSTILE_VALUES)) attempt(`options = ${v}`, make);
      for (const key of OPTION_NAMES) {
        for (const [v, make] of Object.entries(HOSTILE_VALUES)) attempt(`${key} = ${v}`, () => ({ [key]: make() }));
        attempt(`${key}: a getter that throws`, () => throwingGetter(key));
      }
      expect(thrown).to.deep.equal([]);
    });
  }
  it("extractChunks: chunks that are no iterable, or an iterable that throws, end with an error value", async () => {
    for (const chunks of [5, null, Object.create(null), new Proxy({}, { get: trap })]) {
      const g = api.extractChunks(chunks as never);
      const step = await g.next();
      expect(step.done).to.equal(true);
      expect((step.value as Result).ok).to.equal(false);
      expect((step.value as Result).error?.code).to.equal("invalid-option");
    }
    async function* failing() {
      yield "see http://a/b ";
      throw new Error("planted: the stream failed");
    }
    const seen: string[] = [];
    const g = api.extractChunks(failing());
    let step = await g.next();
    while (!step.done) {
      seen.push(step.value.reference);
      step = await g.next();
    }
    expect(seen).to.deep.equal(["http://a/b"]);
    expect(step.value.ok).to.equal(false);
    expect(!step.value.ok && step.value.error.message).to.contain("planted: the stream failed");
  });
});

describe("public API: no export throws on a revoked Proxy or a hostile list as its input (issue 41 item 4)", () => {
  /** Every export that takes an input or a value, called with `x` there. */
  const INPUT_CALLS: Record<string, (x: unknown) => unknown> = {
    parse: (x) => api.parse(x),
    validate: (x) => api.validate(x),
    components: (x) => api.components(x),
    check: (x) => api.check(x, { schemes: ["http"] }),
    lint: (x) => api.lint(x),
    explain: (x) => api.explain(x),
    compareInput: (x) => api.compareInput(x),
    normalize: (x) => api.normalize(x),
    "equivalent (a)": (x) => api.equivalent(x, "http://a/"),
    "equivalent (b)": (x) => api.equivalent("http://a/", x),
    "resolve (base)": (x) => api.resolve(x, "g"),
    "resolve (reference)": (x) => api.resolve("http://a/b", x),
    format: (x) => api.format(x as never),
    toURI: (x) => api.toURI(x),
    toIRI: (x) => api.toIRI(x),
    extract: (x) => api.extract(x),
    extractAllSpecs: (x) => api.extractAllSpecs(x),
    createExtractor: (x) => {
      const c = api.createExtractor();
      return c.ok ? [c.extractor.push(x as string), c.extractor.end(), c.extractor.error] : c;
    },
    createMultiExtractor: (x) => {
      const c = api.createMultiExtractor();
      return c.ok ? [c.extractor.push(x as string), c.extractor.end()] : c;
    },
    encodeComponent: (x) => api.encodeComponent(x, { component: "path" }),
    decodeComponent: (x) => api.decodeComponent(x, { component: "path" }),
    isSpecId: (x) => api.isSpecId(x),
    "buildReference (parts)": (x) => api.buildReference(x as never),
    "buildReference (path)": (x) => api.buildReference({ scheme: "http", host: "h", path: x as never }),
  };
  for (const [name, call] of Object.entries(INPUT_CALLS)) {
    it(`${name}: ${Object.keys(HOSTILE_VALUES).length} hostile values as the input, each an answer`, () => {
      const thrown: string[] = [];
      for (const [v, make] of Object.entries(HOSTILE_VALUES)) answersWithoutThrowing(v, () => call(make()), thrown);
      expect(thrown).to.deep.equal([]);
    });
  }
  it("the check can fail: a call that throws and a failure without a message are caught (planted)", () => {
    const problems: string[] = [];
    answersWithoutThrowing("throws", () => {
      throw new Error("planted");
    }, problems);
    answersWithoutThrowing("mute", () => ({ ok: false, error: { code: "x", message: "" } }), problems);
    answersWithoutThrowing("fine", () => ({ ok: false, error: { code: "x", message: "said" } }), problems);
    expect(problems).to.deep.equal(["throws: planted", "mute: a failure without code or message"]);
  });
  it('buildReference({ scheme: "http", host: "h", path: ["", , "c"] }): invalid-option naming the hole, not a TypeError', () => {
    const r = api.buildReference({ scheme: "http", host: "h", path: ["", , "c"] as never }); // eslint-disable-line no-sparse-arrays
    expect(r.ok).to.equal(false);
    expect(!r.ok && r.error.code).to.equal("invalid-option");
    expect(!r.ok && r.error.message).to.equal("The path must be a string or a list of segments (strings); it has a hole at index 1.");
  });
  it("a revoked Proxy as the input is not-a-string, saying so", () => {
    const r = api.parse(HOSTILE_VALUES["a revoked Proxy"]());
    expect(!r.ok && r.error.message).to.equal("The input must be a string, not a revoked Proxy.");
  });
  it("a list option whose length getter throws, or that is a revoked Proxy, is invalid-option naming what threw", () => {
    const len = api.check("http://a/", { schemes: HOSTILE_VALUES["a list whose length getter throws"]() as never });
    expect(!len.ok && len.error!.message).to.equal('check() takes schemes as a list of schemes, like ["https"]; reading it threw Error: planted trap.');
    const rev = api.compareInput("http://a/", { specs: HOSTILE_VALUES["a revoked Proxy of a list"]() as never });
    expect(!rev.ok && rev.error.code).to.equal("invalid-option");
    expect(!rev.ok && rev.error.message).to.contain("specs must be a list of revision ids; reading it threw TypeError: Cannot perform 'IsArray' on a proxy that has been revoked");
    const huge = api.extractAllSpecs("http://a/", { specs: HOSTILE_VALUES["a list claiming 2^32 - 1 elements"]() as never });
    expect(!huge.ok && huge.error.message).to.contain("it has 4294967295 elements, more than the 1048576 a list argument may have");
  });
});

describe("public API: wrong options are error values with a sentence (the calls of issue 25 item 4)", () => {
  const cases: [string, () => unknown, string, string][] = [
    ['check(u, { schemes: "https" })', () => api.check("http://a/", { schemes: "https" as never }), "invalid-option", 'takes schemes as a list of schemes, like ["https"], not "https"'],
    ["check(u, { hosts: 5 })", () => api.check("http://a/", { hosts: 5 as never }), "invalid-option", "takes hosts as a list of host names"],
    ['check(u, { ports: "443" })', () => api.check("http://a/", { ports: "443" as never }), "invalid-option", "takes ports as a list of ports"],
    ["check(u, { ports: [443n] })", () => api.check("http://a/", { ports: [443n] as never }), "invalid-option", "element 0 is 443n (a BigInt)"],
    ["check(u, { schemes: [, \"http\"] })", () => api.check("http://a/", { schemes: [, "http"] as never }), "invalid-option", "hole at index 0"], // eslint-disable-line no-sparse-arrays
    ['check(u, { allowPassword: "false" })', () => api.check("http://u:p@a/", { allowPassword: "false" as never }), "invalid-option", "takes allowPassword as true or false"],
    ["extractAllSpecs(t, { specs: [, \"rfc1738\"] })", () => api.extractAllSpecs("http://a/", { specs: [, "rfc1738"] as never }), "invalid-option", "hole at index 0"], // eslint-disable-line no-sparse-arrays
    ["explain(u, { parsed: 0 })", () => api.explain("http://a/", { parsed: 0 as never }), "invalid-option", "takes parsed as parse(input"],
    ["explain(u, { parsed: another revision's })", () => api.explain("http://a/", { parsed: api.parse("http://a/", { spec: "rfc1738", tree: true }) }), "invalid-option", 'this one is for "rfc1738"'],
    ["explain(u, { parsed: a tree outside the input })", () => api.explain("http://a/", { parsed: { ok: true, spec: "draft-2003", rule: "URI-reference", ast: {}, tree: { rule: "x", start: 0, end: 99, children: [] } } as never }), "invalid-option", "whose span is not inside the input"],
    ["languageDiff(a, b, { rule: Symbol() })", () => api.languageDiff("draft-1997", "draft-2003", { rule: Symbol("x") as never }), "invalid-option", "rule must be a rule's published name (a string), not Symbol(x) (a Symbol)"],
    ["languageDiff(a, b, { rule: a getter that throws })", () => api.languageDiff("draft-1997", "draft-2003", throwingGetter("rule") as never), "invalid-option", "The option rule could not be read"],
    ["languageDiff(a, b, { component: 5n })", () => api.languageDiff("draft-1997", "draft-2003", { component: 5n as never }), "invalid-option", "component must be a component's name (a string), not 5n (a BigInt)"],
    ['explain(u, { rule: 5 })', () => api.explain("http://a/", { rule: 5 as never }), "invalid-option", "takes rule as a rule's published name (a string), not 5"],
    ['explain(u, { others: "all" })', () => api.explain("http://a b/", { others: "all" as never }), "invalid-option", "takes others as a list of { spec, valid, offset? }"],
    ["explain(u, { others: [{ spec: 1 }] })", () => api.explain("http://a b/", { others: [{ spec: 1 }] as never }), "invalid-option", "element 0 is an object"],
    ["parse(u, { spec: Object.create(null) })", () => api.parse("http://a/", { spec: Object.create(null) }), "unknown-spec", "a revision is named by a string, not an object without a prototype"],
    ["parse(u, { rule: Object.create(null) })", () => api.parse("http://a/", { rule: Object.create(null) }), "unknown-rule", "has no rule an object without a prototype: a rule is named by a string"],
    ['normalize(u, { level: Symbol("x") })', () => api.normalize("http://a/", { level: Symbol("x") as never }), "invalid-option", "Unknown level Symbol(x) (a Symbol)"],
    ["resolve(b, r, { dotSegments: 10n })", () => api.resolve("http://a/b", "c", { dotSegments: 10n as never }), "invalid-option", "Unknown dotSegments 10n (a BigInt)"],
    ["parse(u, a getter for tree that throws)", () => api.parse("http://a/", throwingGetter("tree") as never), "invalid-option", "The option tree could not be read: reading it threw Error: planted getter tree"],
    ["extract(t, { maxReferenceLength: 3 })", () => api.extract("http://a/", { maxReferenceLength: 3 }), "invalid-option", "maxReferenceLength must be a whole number of at least 16"],
  ];
  for (const [call, run, code, says] of cases) {
    it(`${call}: ${code}, saying "${says}"`, () => {
      const r = run() as Result;
      expect(r.ok).to.equal(false);
      expect(errorOf(r)?.code).to.equal(code);
      expect(errorOf(r)?.message).to.contain(says);
    });
  }
  it("extractAllSpecs(t, null) and createMultiExtractor(null) read as no options (every revision)", () => {
    const r = api.extractAllSpecs("see http://a/b", null as never);
    expect(r.ok && r.specs).to.deep.equal(api.availableSpecIds());
    const m = api.createMultiExtractor(null as never);
    expect(m.ok && m.specs).to.deep.equal(api.availableSpecIds());
  });
  it("a policy given right still applies: check(u, { ports: [443, \"8080\"], schemes: [\"https\"] })", () => {
    const r = api.check("http://a:80/", { ports: [443, "8080"], schemes: ["https"] });
    expect(r.violations.map((v) => v.code)).to.deep.equal(["scheme-not-allowed", "port-not-allowed"]);
  });
});

describe("public API: a string in place of the options is the revision, in every function (issue 25 item 6)", () => {
  // "http://a/~b": draft-2003 accepts it, rfc1738 rejects it ("~" is unsafe there).
  it('validate("http://a/~b", "rfc1738") is false, as validate(x, { spec: "rfc1738" })', () => {
    expect(api.validate("http://a/~b")).to.equal(true);
    expect(api.validate("http://a/~b", "rfc1738" as never)).to.equal(false);
    expect(api.validate("http://a/~b", "nope" as never)).to.equal(false);
  });
  const TAKING_SPEC: Record<string, (spec: string) => unknown> = {
    parse: (s) => api.parse("http://a/~b", s as never),
    components: (s) => api.components("http://a/~b", s as never),
    check: (s) => api.check("http://a/~b", s as never),
    explain: (s) => api.explain("http://a/~b", s),
    lint: (s) => api.lint("http://a/~b", s as never),
    normalize: (s) => api.normalize("http://a/~b", s as never),
    equivalent: (s) => api.equivalent("http://a/~b", "http://a/~b", s as never),
    resolve: (s) => api.resolve("http://a/b", "~c", s as never),
    characterTable: (s) => api.characterTable(s as never),
    extract: (s) => api.extract("see http://a/~b", s as never),
    createExtractor: (s) => api.createExtractor(s as never),
    compareInput: (s) => api.compareInput("http://a/~b", s as never),
    extractAllSpecs: (s) => api.extractAllSpecs("see http://a/~b", s as never),
    createMultiExtractor: (s) => api.createMultiExtractor(s as never),
    buildReference: (s) => api.buildReference({ scheme: "http", host: "a", path: "/~b" }, s as never),
  };
  for (const [name, call] of Object.entries(TAKING_SPEC)) {
    it(`${name}(…, "draft-1997") answers under draft-1997; (…, "nope") is unknown-spec`, () => {
      const r = call("draft-1997") as Result & { specs?: string[]; cells?: { spec: string }[]; references?: { spec: string }[] };
      const specs = r.specs ?? r.cells?.map((c) => c.spec) ?? r.references?.map((x) => x.spec) ?? [r.spec];
      expect(specs.length).to.be.greaterThan(0);
      expect([...new Set(specs)]).to.deep.equal(["draft-1997"]);
      expect(errorOf(call("nope"))?.code).to.equal("unknown-spec");
    });
  }
});

describe("a valid input longer than MAX_TREE_INPUT: parse(x, { tree: true }) refuses it, explain() prunes its derivation to the components (issues 25 item 5, 26) @slow", function () {
  this.timeout(60_000);
  // Valid under draft-2003: before the limit, a 10 MB valid input to explain() ended the process (SIGABRT).
  const big = "http://a/" + "b".repeat(10 * 1000 * 1000);
  it(`explain() of a valid ${big.length}-character input: the component rules' nodes only, its components, a remark naming the limit`, () => {
    const r = api.explain(big);
    if (!r.ok) expect.fail(r.error.message);
    expect([r.valid, r.pruned]).to.deep.equal([true, true]);
    const rules: string[] = [];
    const walk = (n: api.ExplainNode) => (rules.push(n.rule), n.children.forEach(walk));
    walk(r.tree!);
    expect(rules).to.deep.equal(["URI-reference", "scheme", "authority", "host", "hostname"]);
    expect(r.components!.map((c) => [c.key, c.text?.length])).to.deep.include.members([["scheme", 4], ["host", 1], ["path", 10_000_001]]);
    expect(r.remarks.join(" ")).to.contain(`over the ${MAX_TREE_INPUT} of a full derivation`);
    // Under the limit, nothing is pruned.
    const small = api.explain("http://a/b");
    expect(small.ok && small.pruned).to.equal(undefined);
  });
  it("parse(x, { tree: true }) of it too; parse(x) and validate(x) take it", () => {
    const t = api.parse(big, { tree: true });
    expect(!t.ok && t.error.code).to.equal("input-too-long");
    expect(api.parse(big).ok).to.equal(true);
    expect(api.validate(big)).to.equal(true);
  });
  it("an invalid input over the limit gets its syntax error (no derivation is built for it)", () => {
    const bad = big + " ";
    const x = api.explain(bad);
    expect(x.ok && !x.valid && x.sentence).to.match(/^A space at offset 10000009/);
    const t = api.parse(bad, { tree: true });
    expect(!t.ok && t.error.code).to.equal("syntax");
  });
  it("explain() given a parse of a valid input over the limit refuses it too", () => {
    const parsed = { ok: true, spec: "draft-2003", rule: "URI-reference", ast: {}, tree: { rule: "URI-reference", start: 0, end: big.length, children: [] } };
    expect(errorOf(api.explain(big, { parsed: parsed as never }))?.code).to.equal("input-too-long");
  });
  it("an input of exactly MAX_TREE_INPUT characters gets its derivation", () => {
    const atLimit = "http://a/" + "b".repeat(MAX_TREE_INPUT - 9);
    const t = api.parse(atLimit, { tree: true });
    expect(t.ok && t.tree.end).to.equal(MAX_TREE_INPUT);
  });
});
