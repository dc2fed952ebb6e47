// Normalization and equivalence (draft-2003 §6.2 ladder, draft-1997 §6): the tables under
// test/data/normalization/, the default-port citations, and two properties of normal forms.
import { expect } from "chai";
import fc from "fast-check";
import { join } from "node:path";
import { parse } from "../src";
import type { SpecId } from "../src/revisions";
import { RFC1738_DEFAULT_PORTS, SCHEME_DEFAULT_PORTS } from "../src/revisions/default-ports";
import { availableSpecIds, getRevision } from "../src/revisions";
import { equivalent } from "../src/ops/equivalent";
import { normalize, type NormalizationLevel } from "../src/ops/normalize";
import { lint } from "../src/ops/lint";
import { ok } from "./support/ok";
import { readTsvLines } from "./support/table";
import { uriReference2003, urlReference1997 } from "./support/generators";
import { requireReferenceFile, requireSeedFile } from "./support/seeds";

/** The lines of a table under test/data/normalization/ (the one table reader: test/support/table.ts). */
function rows(file: string): { line: number; cols: string[] }[] {
  return readTsvLines(join("normalization", file));
}

describe("normalization: normalize.tsv", () => {
  for (const { line, cols } of rows("normalize.tsv")) {
    const [spec, level, input, expected, source] = cols;
    it(`${spec} ${level}: ${input} -> ${expected} (${source})`, () => {
      const r = normalize(input, { spec: spec as SpecId, level: level as NormalizationLevel });
      const got = r.ok ? r.normalized : `error:${r.error.code}`;
      expect(got, `normalize.tsv:${line}`).to.equal(expected);
    });
  }
});

describe("normalization: equivalence.tsv", () => {
  for (const { line, cols } of rows("equivalence.tsv")) {
    const [spec, level, a, b, verdict, source] = cols;
    it(`${spec} ${level}: ${a} ${verdict === "equivalent" ? "≡" : "≢"} ${b} (${source})`, () => {
      const r = equivalent(a, b, { spec: spec as SpecId, level: level as NormalizationLevel });
      expect(r.ok, `equivalence.tsv:${line}`).to.equal(true);
      expect(r.ok && r.equivalent, `equivalence.tsv:${line}`).to.equal(verdict === "equivalent");
    });
  }
  it("an invalid input is an error value naming it, not a verdict", () => {
    const r = equivalent("http://a/", "a b");
    expect(r.ok).to.equal(false);
    expect(!r.ok && r.which).to.equal("b");
  });
});

describe("normalization: default ports (src/revisions/default-ports.ts, Revision.defaultPorts)", () => {
  it("each RFC 1738 default is quoted from the seed (the translation) and from the RFC as published, at the lines given", function () {
    const seed = requireSeedFile(this, "002_3376c89374b224fa.txt").split("\n");
    const rfc = requireReferenceFile(this, "rfc1738.txt").split("\n");
    const squash = (t: string) => t.replace(/\s+/g, "");
    expect(RFC1738_DEFAULT_PORTS.map((d) => `${d.scheme} ${d.port}`)).to.deep.equal(["ftp 21", "http 80", "gopher 70", "nntp 119", "telnet 23", "wais 210", "prospero 1525"]);
    for (const d of RFC1738_DEFAULT_PORTS) {
      const s = d.source;
      expect(squash(seed[s.seedLine! - 1] + seed[s.seedLine!]), s.cite).to.include(squash(s.seedQuote!));
      expect(squash(rfc[s.line! - 1] + rfc[s.line!]), s.cite).to.include(squash(s.quote));
      expect(s.quote).to.include(String(d.port));
      expect(s.seedQuote).to.include(String(d.port));
    }
  });

  it("the scheme definitions in force: http and https by RFC 9110 §4.2, ws and wss by RFC 6455 §3, the rest by RFC 1738 §3", () => {
    const byScheme = Object.fromEntries(SCHEME_DEFAULT_PORTS.map((d) => [d.scheme, `${d.port} ${d.source.cite}`]));
    expect(byScheme).to.deep.equal({
      http: "80 RFC 9110 §4.2.1",
      https: "443 RFC 9110 §4.2.2",
      ws: "80 RFC 6455 §3",
      wss: "443 RFC 6455 §3",
      ftp: "21 RFC 1738 §3.2",
      gopher: "70 RFC 1738 §3.4.1",
      nntp: "119 RFC 1738 §3.7",
      telnet: "23 RFC 1738 §3.8",
      wais: "210 RFC 1738 §3.9",
      prospero: "1525 RFC 1738 §3.11",
    });
    for (const d of SCHEME_DEFAULT_PORTS) expect(d.source.quote, d.scheme).to.include(String(d.port));
  });

  it("every revision names its table: RFC 1738's up to 1995, the schemes' definitions from draft-1997 on (its comparison says \"the default for the scheme\"), the URL Standard's own for the WHATWG revisions", () => {
    const tableOf = (id: string) => {
      const ports = getRevision(id)!.defaultPorts;
      if (ports === RFC1738_DEFAULT_PORTS) return "RFC 1738";
      if (ports === SCHEME_DEFAULT_PORTS) return "schemes";
      return ports.length > 0 && ports.every((d) => d.source.cite === "URL Standard, URL miscellaneous") ? "URL Standard" : "other";
    };
    // The rule, by the revision's document: before draft-1997 (1997-05) RFC 1738's table; the URL
    // Standard (its source is a snapshot of url.bs) its own table; every other the schemes' definitions.
    const expected = (id: string) => {
      const r = getRevision(id)!;
      return r.date < "1997-05" ? "RFC 1738" : /whatwg-url-[0-9-]+\.bs$/.test(r.seed) ? "URL Standard" : "schemes";
    };
    const tables = availableSpecIds().map((id) => `${id} ${tableOf(id)}`);
    expect(tables).to.deep.equal(availableSpecIds().map((id) => `${id} ${expected(id)}`));
    // the rule is not empty: each of the three tables is someone's
    expect(new Set(availableSpecIds().map(expected))).to.deep.equal(new Set(["RFC 1738", "schemes", "URL Standard"]));
  });

  it("the WHATWG revisions' default ports are the rows of the URL Standard's table at the lines they cite", function () {
    for (const id of ["whatwg", "whatwg-2026-06-25"]) {
      for (const d of getRevision(id)!.defaultPorts) {
        const file = d.source.from?.replace(/^\.\.\/references\//, "") ?? "";
        const line = requireReferenceFile(this, file).split("\n")[(d.source.line ?? 0) - 1] ?? "";
        expect(line, `${id} ${d.scheme} ${file}:${d.source.line}`).to.equal(` <tr><td>"<code>${d.scheme}</code>"<td>${d.port}`);
      }
    }
  });

  it('equivalent("https://example.com:443/", "https://example.com/", { spec: "rfc3986" }) is true, resting on rfc3986 §6.2.3 and RFC 9110 §4.2.2', () => {
    const r = equivalent("https://example.com:443/", "https://example.com/", { spec: "rfc3986" });
    expect(r.ok && r.equivalent).to.equal(true);
    expect(r.ok && r.sections).to.deep.equal(["rfc3986 §6.2.1", "rfc3986 §6.2.3", "RFC 9110 §4.2.2"]);
    const n = normalize("https://example.com:443/", { spec: "rfc3986" });
    expect(n.ok && n.steps).to.deep.equal([{ section: "rfc3986 §6.2.3", rule: "default port 443 of https elided (RFC 9110 §4.2.2)", result: "https://example.com/", source: "RFC 9110 §4.2.2" }]);
  });

  it("the sections of an answer with no step are the comparison's alone; each ladder names its own", () => {
    expect(ok(equivalent("http://a/", "http://a/", { spec: "rfc3986" })).sections).to.deep.equal(["rfc3986 §6.2.1"]);
    expect(ok(equivalent("http://a/", "http://a/")).sections).to.deep.equal(["draft-2003 §6.2.1"]);
    expect(ok(equivalent("http://A/", "http://a:80/", { spec: "draft-1997" })).sections).to.deep.equal(["draft-1997 §6", "RFC 9110 §4.2.1"]);
    expect(ok(equivalent("ws://a:80/", "ws://a/", { spec: "rfc2396" })).sections).to.deep.equal(["rfc2396 §6", "RFC 6455 §3"]);
  });

  it("lint's note names the document of the default it compares with", () => {
    const r = lint("https://example.com:8443/", { spec: "rfc3986" });
    expect(r.ok && r.notes.map((n) => n.message)[0]).to.include("not the https default 443 (RFC 9110 §4.2.2)");
  });
});

describe("normalization: properties over generated references", () => {
  // rfc3986 takes the draft-2003 generator's strings: most are rfc3986 references too (the others are skipped).
  const GENERATED = [
    ["draft-2003", uriReference2003],
    ["draft-1997", urlReference1997],
    ["rfc3986", uriReference2003],
  ] as const;
  for (const [spec, gen] of GENERATED)
  for (const level of ["syntax", "scheme"] as const) {
    it(`${spec} ${level}: the normal form is a valid reference and normalizing it again changes nothing`, () => {
      fc.assert(
        fc.property(gen as fc.Arbitrary<string>, (x) => {
          if (!parse(x, { spec }).ok) return true;
          const once = normalize(x, { spec, level });
          if (!once.ok) return false;
          const twice = normalize(once.normalized, { spec, level });
          return twice.ok && twice.normalized === once.normalized;
        }),
        { numRuns: 300, seed: 2003 },
      );
    });
  }
});
