// components() (src/ops/reference-components.ts) and format() (src/ops/format.ts) for every revision:
// the flat view checked against a table of each document's cases, and format(parse(x).ast) === x
// for every valid whole reference of every test table, with a planted reader mistake that the
// round trip catches.
import { expect } from "chai";
import { readdirSync } from "node:fs";
import { componentsFromPieces } from "../src/ast/components";
import type { Components } from "../src/ast/types";
import type { Draft2003Ast } from "./support/loose-ast";
import { components, format, parse, SPEC_IDS, validate, type SpecId } from "../src";
import { getRevision } from "../src/revisions";
import { readOpsTable } from "./support/ops-table";
import { caseTables, DATA_DIR, readTable } from "./support/table";

const KEYS = ["scheme", "userinfo", "host", "port", "path", "query", "fragment", "hostKind"] as const;

describe("table ops/components.tsv (components() from each revision's AST)", () => {
  for (const { line, cols } of readOpsTable("components.tsv", 12)) {
    const [spec, input, production, ...rest] = cols;
    const source = rest[rest.length - 1];
    const expected = Object.fromEntries(KEYS.map((k, i) => [k, rest[i] === "-" ? null : rest[i]])) as Record<(typeof KEYS)[number], string | null>;
    it(`${spec} ${JSON.stringify(input)}: ${KEYS.map((k) => `${k} ${JSON.stringify(expected[k])}`).join(", ")} (${source})`, () => {
      const c = components(input, { spec: spec as SpecId });
      if (!c.ok) throw new Error(`ops/components.tsv:${line}: ${c.error.message}`);
      expect(Object.fromEntries(KEYS.map((k) => [k, c[k]])), `ops/components.tsv:${line}`).to.deep.equal(expected);
      expect(c.production ?? "-", `ops/components.tsv:${line}: production`).to.equal(production);
      // The same components recombine into the input (draft-1994's "URL:" prefix is no component).
      expect(format(c), `ops/components.tsv:${line}: format(components)`).to.equal(spec === "draft-1994" ? input.replace(/^url:/i, "") : input);
    });
  }
});

/** Every valid case of the test tables whose rule derives a whole reference (format is not null). */
function wholeReferences(): { spec: SpecId; rule: string | undefined; input: string; where: string }[] {
  const out: { spec: SpecId; rule: string | undefined; input: string; where: string }[] = [];
  for (const file of caseTables()) {
    for (const c of readTable(file)) if (c.valid) out.push({ spec: c.spec, rule: c.rule === "*" ? undefined : c.rule, input: c.input, where: `${file}:${c.line}` });
  }
  return out;
}

describe("format(parse(x).ast) === x for every valid reference of the test tables, every revision", () => {
  const cases = wholeReferences();
  for (const spec of SPEC_IDS) {
    it(`${spec}`, () => {
      let whole = 0;
      // RFC 3986's whole references that are this revision's too (rfc6874 URIs and rfc3987 IRIs
      // all are: RFC 6874 §2 only widens IP-literal; RFC 3987 §3.1 "Every URI is by definition an
      // IRI"), for the revisions whose own tables are small.
      const borrowed = spec === "rfc3986" ? [] : cases.filter((x) => x.spec === "rfc3986" && x.rule === undefined && validate(x.input, { spec })).map((x) => ({ ...x, spec }));
      for (const c of [...cases.filter((x) => x.spec === spec), ...borrowed]) {
        const r = parse(c.input, { spec, rule: c.rule });
        expect(r.ok, c.where).to.equal(true);
        if (!r.ok) continue;
        const out = format(r.ast);
        // A rule below a whole reference (host, port ...) has no components; the top rule always has.
        if (out === null && c.rule !== undefined) continue;
        expect(out, c.where).to.equal(c.input);
        whole++;
      }
      expect(whole, `whole references of ${spec} in the tables`).to.be.greaterThan(40);
    });
  }

  it("catches a reader mistake: a host span one character short breaks the round trip (planted)", () => {
    // The draft-2003 reader with its host ending one character early, as an off-by-one would.
    const planted = (ast: Draft2003Ast): string | null => {
      const a = ast.authority;
      if (ast.kind === undefined || !a || !a.host || a.host.text.length < 2) return null;
      const host = { ...a.host, text: a.host.text.slice(0, -1), span: { start: a.host.span.start, end: a.host.span.end - 1 } };
      const read = componentsFromPieces(ast.text, ast.span.start, ast.span.start, ast.span.end, ast.scheme ?? null, a.span.start, a.span.end, host, ast.query ?? null, ast.fragment ?? null);
      return format(read.components);
    };
    let caught = 0;
    let tried = 0;
    for (const c of cases.filter((x) => x.spec === "draft-2003" && x.rule === undefined)) {
      const r = parse(c.input, { spec: "draft-2003" });
      if (!r.ok) continue;
      const out = planted(r.ast);
      if (out === null) continue;
      tried++;
      if (out !== c.input) caught++;
    }
    expect(tried).to.be.greaterThan(10);
    expect(caught, `caught ${caught} of ${tried}`).to.equal(tried);
  });
});

describe("components() and format(): edges", () => {
  it("keeps absent and empty apart in every component", () => {
    const absent = components("http://a/");
    const empty = components("http://@a:/?#");
    expect(absent.ok && [absent.userinfo, absent.port, absent.query, absent.fragment]).to.deep.equal([null, null, null, null]);
    expect(empty.ok && [empty.userinfo, empty.port, empty.query, empty.fragment]).to.deep.equal(["", "", "", ""]);
  });
  it("a rule below a whole reference is not-a-reference; an invalid input is parse()'s error value", () => {
    const host = components("a.b", { rule: "host" });
    expect(!host.ok && host.error.code).to.equal("not-a-reference");
    const bad = components("http://a b/");
    expect(bad).to.deep.equal(parse("http://a b/"));
    const h = parse("a.b", { rule: "host" });
    expect(h.ok && format(h.ast)).to.equal(null);
  });
  it("format() of flat components writes the authority only with a host, and never throws", () => {
    const base: Components = { scheme: "s", userinfo: null, host: null, port: null, path: "p", query: null, fragment: null, hostKind: null };
    expect(format(base)).to.equal("s:p");
    expect(format({ ...base, host: "", path: "/p" })).to.equal("s:///p");
    expect(format({ ...base, userinfo: "u", host: "h", port: "1", path: "" })).to.equal("s://u@h:1");
    for (const junk of [null, undefined, 42, "http://a/", {}, { path: 3 }]) expect(format(junk as never)).to.equal(null);
  });
  // components() reads the positions through lean builders that refill one piece per place
  // (src/ast/build.ts, LeanPiece): its answer must hold strings only, the same as the reader of the
  // whole AST, and stay what it was after the next call.
  /** The keys of a components() answer whose value is neither a string nor null (a piece kept). */
  const notStrings = (c: object) => Object.entries(c).filter(([k, v]) => !["ok", "spec", "rule", "production"].includes(k) && v !== null && typeof v !== "string").map(([k]) => k);
  const valid = [...new Set(caseTables().flatMap((t) => readTable(t)).filter((c) => c.valid).map((c) => c.input))];
  it("components() of every valid table input holds strings only, is the whole AST's reading, and stays so after the next call", () => {
    let compared = 0;
    for (const spec of SPEC_IDS) {
      let before: { json: string; c: object } | null = null;
      for (const input of valid) {
        const c = components(input, { spec });
        if (before !== null) expect(JSON.stringify(before.c), `${spec}: an answer changed by the next call`).to.equal(before.json);
        if (!c.ok) continue;
        compared++;
        expect(notStrings(c), `${spec} ${JSON.stringify(input)}`).to.deep.equal([]);
        const r = parse(input, { spec });
        const read = r.ok ? getRevision(spec)!.readComponents!(r.ast) : null;
        expect(read?.components, `${spec} ${JSON.stringify(input)}`).to.deep.equal(Object.fromEntries(KEYS.map((k) => [k, c[k]])));
        before = { json: JSON.stringify(c), c };
      }
    }
    expect(compared).to.be.greaterThan(500);
  });

  it("finds a components() answer that kept a piece (planted)", () => {
    const c = components("http://a/b?c#d", { spec: "rfc3986" });
    expect(notStrings({ ...c, host: { text: "a", span: { start: 7, end: 8 } } })).to.deep.equal(["host"]);
  });

  it("every revision's reader (generated from its @components) reads the AST its parse builds, as components() reads the positions", () => {
    for (const spec of SPEC_IDS) {
      const r = parse("http://a/b?c#d", { spec });
      const read = r.ok ? getRevision(spec)!.readComponents!(r.ast) : null;
      const c = components("http://a/b?c#d", { spec });
      expect(read && c.ok ? { ...read.components, ok: true, spec, rule: c.rule, ...(c.production ? { production: c.production } : {}) } : null, spec).to.deep.equal(c.ok ? c : null);
    }
  });
});
