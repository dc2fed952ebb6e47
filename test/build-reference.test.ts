// Building references (src/ops/build-reference.ts): buildReference(), encodeComponent(),
// decodeComponent() and format() with a check, against tables of cases from the documents
// (test/data/ops/build.tsv, codec.tsv), and properties over random component values for every
// revision of the registry: what is built parses under that revision and its components decode to
// the values given. Planted mistakes: an escaping that keeps a delimiter (the parse back refuses
// it) and one that keeps "%" (the decode property catches it).
import { expect } from "chai";
import fc from "fast-check";
import { buildReference, characterTable, decodeComponent, encodeComponent, format, parse, SPEC_IDS, type BuildResult, type EncodableComponent, type ReferenceParts, type SpecId } from "../src";
import { buildWith, escapingsOf, type Escaping } from "../src/ops/build-reference";
import { getRevision } from "../src/revisions";
import { readOpsTable } from "./support/ops-table";

const PART_KEYS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment"] as const;
const nullable = (v: string) => (v === "-" ? null : v);

describe("table ops/build.tsv (buildReference() per revision)", () => {
  for (const { line, cols } of readOpsTable("build.tsv", 10)) {
    const [spec, ...rest] = cols;
    const parts = Object.fromEntries(PART_KEYS.map((k, i) => [k, k === "path" ? rest[i] : nullable(rest[i])])) as ReferenceParts;
    const expected = rest[7];
    const source = rest[8];
    it(`${spec} ${JSON.stringify(parts)} -> ${expected} (${source})`, () => {
      const r = buildReference(parts, { spec: spec as SpecId });
      if (expected.startsWith("!")) {
        expect(r.ok, `ops/build.tsv:${line}: ${r.ok ? r.reference : ""}`).to.equal(false);
        if (!r.ok) {
          expect(r.error.code, `ops/build.tsv:${line}: ${r.error.message}`).to.equal(expected.slice(1));
          expect(r.error.message.length, `ops/build.tsv:${line}`).to.be.greaterThan(20);
        }
        return;
      }
      if (!r.ok) throw new Error(`ops/build.tsv:${line}: ${r.error.message}`);
      expect(r.reference, `ops/build.tsv:${line}`).to.equal(expected);
      expect(parse(r.reference, { spec: spec as SpecId }).ok, `ops/build.tsv:${line}: parses`).to.equal(true);
    });
  }
});

describe("table ops/codec.tsv (encodeComponent() and decodeComponent() per revision and component)", () => {
  for (const { line, cols } of readOpsTable("codec.tsv", 5)) {
    const [spec, component, value, text, source] = cols;
    const options = { spec: spec as SpecId, component: component as EncodableComponent };
    it(`${spec} ${component} ${JSON.stringify(value)} <-> ${text} (${source})`, () => {
      const e = encodeComponent(value, options);
      if (text.startsWith("!")) {
        expect(e.ok, `ops/codec.tsv:${line}`).to.equal(false);
        if (!e.ok) expect(e.error.code, `ops/codec.tsv:${line}`).to.equal(text.slice(1));
        return;
      }
      if (!e.ok) throw new Error(`ops/codec.tsv:${line}: ${e.error.message}`);
      expect(e.text, `ops/codec.tsv:${line}: encode`).to.equal(text);
      const d = decodeComponent(text, options);
      if (!d.ok) throw new Error(`ops/codec.tsv:${line}: ${d.error.message}`);
      expect(d.value, `ops/codec.tsv:${line}: decode`).to.equal(value);
    });
  }
});

/** The components a revision can write (its character matrix's columns, the path by its segments). */
function writable(spec: SpecId): Set<string> {
  const cached = WRITABLE.get(spec);
  if (cached) return cached;
  const t = characterTable({ spec });
  const keys = new Set<string>(t.ok ? t.components.map((c) => c.key) : []);
  if (keys.has("segment")) keys.add("path");
  WRITABLE.set(spec, keys);
  return keys;
}
const WRITABLE = new Map<SpecId, Set<string>>();

/** Whether an http reference can end in a fragment (rfc1630's fragment is its generic syntax's alone: no scheme production has one). */
function httpHasFragment(spec: SpecId): boolean {
  return parse("http://example.com/#f", { spec }).ok;
}

/**
 * Whether a built reference holds the values given: it parses under the revision, and each
 * component it reads back decodes (decodeComponent) to the value given; the reason when not.
 */
function holdsValues(spec: SpecId, parts: ReferenceParts, r: BuildResult): string | null {
  if (!r.ok) return null;
  if (!parse(r.reference, { spec }).ok) return `${r.reference} does not parse under ${spec}`;
  for (const key of PART_KEYS) {
    const given = key === "path" ? (Array.isArray(parts.path) ? parts.path.join("/") : (parts.path ?? "")) : (parts[key] ?? null);
    const text = r.components[key];
    if (given === null || text === null) {
      if (given !== text) return `${key}: ${JSON.stringify(text)} read back, ${JSON.stringify(given)} given`;
      continue;
    }
    // A port is digits; a scheme is written as given where the revision has no rule for it (draft-1994
    // spells each scheme in its production); elsewhere it decodes like the rest (draft-1993's takes escapes).
    if (key === "port" || !writable(spec).has(key)) {
      if (text !== String(given)) return `${key}: ${JSON.stringify(text)} read back, ${JSON.stringify(given)} given`;
      continue;
    }
    if (key === "path" && Array.isArray(parts.path)) {
      // Each segment decoded apart, as the path's (a "/" inside one is escaped); no segments is the empty path.
      const segments = text.split("/").map((s) => decodeComponent(s, { spec, component: "path" }));
      const values = segments.map((s) => (s.ok ? s.value : null));
      const expected = parts.path.length === 0 ? [""] : parts.path;
      if (JSON.stringify(values) !== JSON.stringify(expected)) return `path: segments ${JSON.stringify(values)} read back, ${JSON.stringify(expected)} given`;
      continue;
    }
    const d = decodeComponent(text, { spec, component: key as EncodableComponent });
    if (!d.ok) return `${key}: ${JSON.stringify(text)} does not decode: ${d.error.message}`;
    if (d.value !== given) return `${key}: ${JSON.stringify(d.value)} decoded, ${JSON.stringify(given)} given`;
  }
  return null;
}

/** Any text, lone surrogates excepted (they have no UTF-8 octets: a not-expressible error value, tested apart). */
const text = fc.string({ unit: "grapheme", maxLength: 12 });
const ascii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 12 });
const value = fc.oneof(text, ascii);

describe("buildReference(): properties over random component values, every revision of the registry", () => {
  for (const spec of SPEC_IDS) {
    it(`${spec}: whatever is built parses under ${spec} and its components decode to the values given; every refusal is an error value`, () => {
      const parts = fc.record(
        {
          scheme: fc.option(fc.oneof(fc.constant("http"), ascii), { nil: null }),
          userinfo: fc.option(value, { nil: null }),
          host: fc.option(fc.oneof(fc.constant("example.com"), value), { nil: null }),
          port: fc.option(fc.oneof(fc.nat({ max: 65535 }), ascii), { nil: null }),
          path: fc.oneof(value, fc.array(value, { maxLength: 4 })),
          query: fc.option(value, { nil: null }),
          fragment: fc.option(value, { nil: null }),
        },
        { requiredKeys: ["path"] },
      );
      fc.assert(
        fc.property(parts, (p) => {
          const r = buildReference(p, { spec });
          if (!r.ok) expect(r.error.message.length).to.be.greaterThan(20);
          const wrong = holdsValues(spec, p, r);
          if (wrong) throw new Error(wrong);
        }),
        { numRuns: 300 },
      );
    });

    it(`${spec}: http references with any text in the path, query and fragment (where ${spec} has them) are always built`, () => {
      const has = writable(spec);
      // Not empty: an empty search is none in draft-1993 and draft-1994 (xalphas has a character), and
      // rfc1738's httpurl has a search only after a path.
      const some = fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }), fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 12 }));
      const parts = fc.record({ path: fc.array(some, { minLength: 1, maxLength: 4 }), query: fc.option(some, { nil: null }), fragment: fc.option(some, { nil: null }) });
      fc.assert(
        fc.property(parts, ({ path, query, fragment }) => {
          const p: ReferenceParts = { scheme: "http", host: "example.com", path: ["", ...path], query: has.has("query") ? query : null, fragment: has.has("fragment") && httpHasFragment(spec) ? fragment : null };
          const r = buildReference(p, { spec });
          if (!r.ok) throw new Error(`${JSON.stringify(p)}: ${r.error.message}`);
          const wrong = holdsValues(spec, p, r);
          if (wrong) throw new Error(wrong);
        }),
        { numRuns: 200 },
      );
    });
  }

  it("every refusal names what to do, and a lone surrogate is a not-expressible error value, not a throw", () => {
    const r = buildReference({ path: "/a\ud800" }, { spec: "rfc3986" });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect([r.error.code, r.error.offset]).to.deep.equal(["not-expressible", 2]);
    const e = encodeComponent("\udc00", { spec: "rfc3986", component: "query" });
    expect(e.ok).to.equal(false);
  });

  it("a path given as segments escapes the '/' inside one", () => {
    const r = buildReference({ scheme: "http", host: "h", path: ["", "a/b", "c"] }, { spec: "rfc3986" });
    expect(r.ok && r.reference).to.equal("http://h/a%2Fb/c");
  });

  it("junk in, an error value out: no throw for a non-object, a wrong field type, an unknown spec or component", () => {
    for (const junk of [null, 3, "x", { path: 3 }, { host: {} }, { port: -1 }, { path: [1] }]) expect(buildReference(junk as never).ok).to.equal(false);
    const getter = Object.defineProperty({}, "host", { get: () => { throw new Error("boom"); } });
    expect(buildReference(getter as never).ok).to.equal(false);
    expect(buildReference({}, { spec: "rfc-1738" as SpecId }).ok).to.equal(false);
    expect(encodeComponent("a", { spec: "rfc3986", component: "authority" as EncodableComponent }).ok).to.equal(false);
    expect(decodeComponent(3, { spec: "rfc3986", component: "query" }).ok).to.equal(false);
    expect(decodeComponent("a%FF", { spec: "rfc3986", component: "query" }).ok).to.equal(false);
  });
});

describe("buildReference(): planted escaping mistakes", () => {
  const revision = getRevision("rfc3986")!;
  const escapings = escapingsOf(revision)!;
  /** The escapings with `char` kept as itself in every component (so that no fallback escapes it either). */
  const planted = (char: string) => {
    const m = new Map<EncodableComponent, Escaping>();
    for (const [key, e] of escapings) m.set(key, { ...e, keep: new Set([...e.keep, char]) });
    return m;
  };

  it("an escaping that keeps '#' writes a fragment: the parse back refuses it (the real escaping writes it)", () => {
    const parts = { scheme: "http", host: "h", path: "/", query: "a#b" };
    const wrong = buildWith(revision, parts, planted("#"));
    expect(wrong.ok).to.equal(false);
    if (!wrong.ok) expect(wrong.error.message).to.match(/reads back with query "a"/);
    expect(buildWith(revision, parts, escapings).ok).to.equal(true);
  });

  it("an escaping that keeps '%' is caught by the decode property (the parse back alone cannot see it)", () => {
    const parts = { path: "/%41" };
    const wrong = buildWith(revision, parts, planted("%"));
    expect(wrong.ok).to.equal(true);
    expect(holdsValues("rfc3986", parts, wrong)).to.match(/"\/A" decoded, "\/%41" given/);
    expect(holdsValues("rfc3986", parts, buildWith(revision, parts, escapings))).to.equal(null);
  });
});

describe("format() with a check: the result parses back to the components given", () => {
  const flat = { scheme: null, userinfo: null, host: "a", port: null, path: "b", query: null, fragment: null, hostKind: null } as const;

  it('host "a" and path "b" write "//ab", whose host is "ab": not-expressible, naming the host', () => {
    const r = format(flat, { spec: "rfc3986" });
    expect(r.ok).to.equal(false);
    if (!r.ok) {
      expect([r.reference, r.error.code]).to.deep.equal(["//ab", "not-expressible"]);
      expect(r.error.message).to.match(/host "ab", not "a"/);
    }
    expect(format(flat)).to.equal("//ab"); // without options, the string as before
  });

  it("a space in a path: the revision does not accept the result (its syntax error)", () => {
    const r = format({ ...flat, host: "h", path: "/a b" }, "rfc3986");
    expect(r.ok === false && r.error.code).to.equal("syntax");
  });

  it("every valid reference of ops/components.tsv formats and checks under its own revision; an edited AST checks", () => {
    for (const { cols } of readOpsTable("components.tsv", 12)) {
      const p = parse(cols[1], { spec: cols[0] as SpecId });
      if (!p.ok) continue;
      const r = format(p.ast, {});
      expect(r.ok, `${cols[0]} ${cols[1]}: ${r.ok ? "" : r.error.message}`).to.equal(true);
    }
    const q = parse("http://a/b?c#d");
    const edited = q.ok ? format(Object.assign(q.ast, { query: null }), {}) : null;
    expect(edited).to.deep.equal({ ok: true, spec: "draft-2003", reference: "http://a/b#d" });
  });

  it("junk in, an error value out", () => {
    expect(format(null as never, {}).ok).to.equal(false);
    expect(format(flat, { spec: "x" as SpecId }).ok).to.equal(false);
  });
});
