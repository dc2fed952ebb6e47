// A revision is a grammar, its story and a descriptor. The test-only revision `test-mini`
// (test/fixtures/revision/: a small generic syntax, compiled by the build like grammar/) is
// registered at run time, and every operation handles it with no change to src/ops: each answer
// below comes from reading its descriptor (AST builder, resolution and normalization algorithms,
// components, character classes) and its generated scanner.
import { expect } from "chai";
import {
  characterTable,
  check,
  compareInput,
  components,
  diffSpecs,
  equivalent,
  explain,
  extract,
  format,
  lint,
  normalize,
  parse,
  resolve,
  validate,
  type SpecId,
} from "../src";
import { availableSpecIds, getRevision, isSpecId, registerRevision, SPEC_IDS, unregisterRevision } from "../src/revisions";
import { TEST_MINI_ID, descriptor as testMini } from "./fixtures/revision/test-mini/descriptor";

const spec = TEST_MINI_ID as SpecId;

describe("a test-only revision (test/fixtures/revision/test-mini): every operation reads its descriptor", () => {
  before(() => registerRevision(testMini));
  // The registry is global to the process: the other test files see the built-in revisions only.
  after(() => unregisterRevision(TEST_MINI_ID));

  it("is registered next to the built-in revisions, which stay the package's (SPEC_IDS, isSpecId)", () => {
    expect(availableSpecIds()).to.include(TEST_MINI_ID);
    expect(SPEC_IDS).to.not.include(TEST_MINI_ID);
    expect(isSpecId(TEST_MINI_ID)).to.equal(false);
    expect(getRevision(TEST_MINI_ID)!.rules.map((r) => r.published)).to.include.members(["URI-reference", "absolute-URI", "IPv4address", "ALPHA"]);
  });
  it("parse and validate: its grammar decides (no IPv6 here), errors name its rules and sections", () => {
    expect(parse("http://u@a.b:80/x/y?q#f", { spec }).ok).to.equal(true);
    expect([validate("http://a/", { spec }), validate("http://[::1]/", { spec }), validate("http://[::1]/")]).to.deep.equal([true, false, true]);
    const bad = parse("http://a b/", { spec });
    expect(!bad.ok && [bad.error.offset, bad.error.rule, bad.error.section]).to.deep.equal([8, "URI-reference", "§4"]);
    expect(!bad.ok && bad.error.message).to.contain("(test-mini §4)");
    const v4 = parse("1.2.3.4", { spec, rule: "host" });
    const name = parse("1.2.3.4.example", { spec, rule: "host" });
    expect([v4.ok && (v4.ast as { host?: { kind: string } }).host?.kind, name.ok && (name.ast as { host?: { kind: string } }).host?.kind]).to.deep.equal(["IPv4", "hostname"]);
  });
  it("components, format and check: the generic reader, the round trip, the policies", () => {
    const c = components("http://u@a.b:80/x?q#f", { spec });
    expect(c).to.deep.include({ ok: true, spec: TEST_MINI_ID, scheme: "http", userinfo: "u", host: "a.b", port: "80", path: "/x", query: "q", fragment: "f", hostKind: "hostname" });
    const p = parse("http://u@a.b:80/x?q#f", { spec });
    expect(p.ok && format(p.ast)).to.equal("http://u@a.b:80/x?q#f");
    const k = check("ftp://a/", { spec, schemes: ["http"] });
    expect([k.valid, k.violations.map((v) => v.code)]).to.deep.equal([true, ["scheme-not-allowed"]]);
  });
  it("resolve: the algorithm its descriptor names (RFC 3986 §5.2), with its own grammar for base and reference", () => {
    const r = resolve("http://a/b/c/d", "../g?y#s", { spec });
    expect(r.ok && r.kind === "uri" && r.uri).to.equal("http://a/b/g?y#s");
    // "http:g" is no URI-reference in this grammar (its hier-part needs a path starting with "/").
    const e = resolve("http://a/b/c/d", "http:g", { spec });
    expect(!e.ok && "code" in e.error && e.error.code).to.equal("invalid-reference");
  });
  it("normalize and equivalent: draft-2003's ladder, as its descriptor says", () => {
    const n = normalize("HTTP://A.B:80/x/../y", { spec });
    expect(n.ok && [n.normalized, n.steps.map((s) => s.section)]).to.deep.equal(["http://a.b/y", ["draft-2003 §6.2.2.1", "draft-2003 §6.2.2.3", "draft-2003 §6.2.3"]]);
    const q = equivalent("http://a.b/", "HTTP://A.B:80/", { spec });
    expect(q.ok && q.equivalent).to.equal(true);
  });
  it("explain, compareInput, lint, extract, diffSpecs, characterTable: the rest of the operations", () => {
    const x = explain("http://a/b", { spec });
    expect(x.ok && [x.valid, x.production]).to.deep.equal([true, "URI-reference"]);
    const cmp = compareInput("http://[::1]/", { specs: [TEST_MINI_ID as SpecId, "draft-2003"] });
    expect(cmp.ok && cmp.cells.map((cell) => [cell.spec, cell.valid])).to.deep.equal([
      ["draft-2003", true],
      [TEST_MINI_ID, false],
    ]);
    const l = lint("http://u:p@a.b:8080/", { spec });
    expect(l.ok && l.notes.map((note) => note.code)).to.include("password");
    const found = extract("see http://a.b/c now", { spec });
    expect(found.ok && found.references.map((ref) => [ref.reference, ref.verdict?.valid])).to.deep.equal([["http://a.b/c", true]]);
    const d = diffSpecs(TEST_MINI_ID as SpecId, "draft-2003");
    expect(d.ok && d.rules.added.map((r) => r.name)).to.include("IPv6address");
    const t = characterTable({ spec });
    expect(t.ok && t.rows.find((row) => row.char === "~")?.classes).to.deep.equal(["unreserved", "pchar"]);
  });
});
