// What a grammar says beyond its rules, on the smallest revision that says it (test-checked,
// test/fixtures/revision/test-checked/): a predicate on a rule's match (`@predicate short-host`,
// src/predicates.ts) and a start rule a base URL picks (`@base-rule`, the `base` option, src/base.ts),
// the two things the WHATWG URL Standard's valid URL string needs. Every way to ask for a verdict
// (parse, validate, components, check, compare) answers alike.
import { expect } from "chai";
import { check, components, compareInput, parse, validate, type SpecId } from "../src";
import { registerRevision, unregisterRevision } from "../src/revisions";
import { descriptor, TEST_CHECKED_ID } from "./fixtures/revision/test-checked/descriptor";

const spec = TEST_CHECKED_ID as SpecId;

describe("a revision with a predicate and base rules (test/fixtures/revision/test-checked)", () => {
  before(() => registerRevision(descriptor));
  after(() => unregisterRevision(TEST_CHECKED_ID));

  it("the grammar states both: the rule's predicate, the base rules", () => {
    expect(descriptor.rules.find((r) => r.published === "host")!.predicate).to.equal("short-host");
    expect(descriptor.baseRules!.rules).to.deep.equal({ none: "absolute", rooted: "any reference" });
  });

  it("a match the predicate refuses makes the input invalid, at the match, with the predicate's sentence", () => {
    expect(validate("a://short/p", { spec })).to.equal(true);
    expect(parse("a://short/p", { spec }).ok).to.equal(true);
    const r = parse("a://much.too.long/p", { spec });
    expect(r.ok).to.equal(false);
    if (r.ok) return;
    expect(r.error).to.deep.include({ code: "predicate", rule: "host", offset: 4, line: 1, column: 5, expected: [] });
    expect(r.error.predicate).to.deep.equal({ name: "short-host", check: "length", step: "§1" });
    expect(r.error.message).to.contain("short-host").and.contain("at most 8 characters");
    expect(validate("a://much.too.long/p", { spec })).to.equal(false);
    expect(components("a://much.too.long/p", { spec }).ok).to.equal(false);
    expect(check("a://much.too.long/p", { spec }).ok).to.equal(false);
    const cell = compareInput("a://much.too.long/p", [spec]);
    expect(cell.ok && cell.cells[0]!.valid).to.equal(false);
  });

  it("the check can fail: with a predicate that accepts everything, the long host is valid (planted)", () => {
    const planted = { ...descriptor, id: "test-checked-planted" as SpecId, predicates: { "short-host": () => ({ ok: true as const }) } };
    registerRevision(planted);
    try {
      expect(parse("a://much.too.long/p", { spec: planted.id }).ok).to.equal(true);
    } finally {
      unregisterRevision(planted.id);
    }
  });

  it("without a base only the absolute form is valid, and the error says what a base would change", () => {
    expect(validate("a://h/p", { spec })).to.equal(true);
    const r = parse("/p", { spec });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.message).to.contain("Without a base URL only absolutes are valid");
  });

  it("a base URL's class picks the start rule; `rule` still picks any", () => {
    const r = parse("/p", { spec, base: "a://h/q" });
    expect(r.ok && r.rule).to.equal("any reference");
    expect(validate("/p", { spec, base: "a://h/q" })).to.equal(true);
    expect(validate("a://h/p", { spec, base: "a://h/q" })).to.equal(true);
    expect(parse("/p", { spec, base: "a://h/q", rule: "absolute" as string }).ok).to.equal(false);
  });

  it("a base that is no URL, a base that is no string, and a base for a revision that takes none are error values", () => {
    const bad = parse("/p", { spec, base: "not a base" });
    expect(!bad.ok && bad.error.code).to.equal("invalid-base");
    expect(!bad.ok && bad.error.message).to.contain("is not a URL test-checked can resolve against");
    const odd = parse("/p", { spec, base: 5 as unknown as string });
    expect(!odd.ok && odd.error.code).to.equal("invalid-option");
    const other = parse("http://a/", { spec: "rfc3986", base: "http://b/" });
    expect(!other.ok && other.error.code).to.equal("invalid-option");
    expect(!other.ok && other.error.message).to.contain("does not depend on a base URL");
    expect(validate("/p", { spec, base: "not a base" })).to.equal(false);
  });
});
