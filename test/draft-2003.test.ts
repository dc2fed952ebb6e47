// draft-2003 ASTs and rule edges that a table cannot express.
import { expect } from "chai";
import { parse } from "../src";
import { decOctetsAccepted, OCTETS } from "./support/octets";
import { astOf, type Draft2003Ast } from "./support/loose-ast";

const ast = (input: string, rule?: string) => astOf<Draft2003Ast>("draft-2003", input, rule);

describe("draft-2003 dec-octet (§3.2.2)", () => {
  it("accepts exactly 0..255 without leading zeros, for every number 0..999 and 00..09", () => {
    expect(decOctetsAccepted("draft-2003")).to.deep.equal(OCTETS);
  });
  it("accepts each octet position in an IPv4address for 0..255 and rejects 256", () => {
    for (const pos of [0, 1, 2, 3]) {
      for (const n of [0, 9, 10, 99, 100, 199, 200, 249, 250, 255, 256]) {
        const parts = ["1", "1", "1", "1"];
        parts[pos] = String(n);
        expect(parse(parts.join("."), { spec: "draft-2003", rule: "IPv4address" }).ok, parts.join(".")).to.equal(n <= 255);
      }
    }
  });
});

describe("draft-2003 AST", () => {
  it("keeps an empty query apart from an absent one (§3.4)", () => {
    expect(ast("http://a/?").query).to.deep.equal({ text: "", span: { start: 10, end: 10 } });
    expect(ast("http://a/").query).to.equal(null);
  });
  it("keeps an empty fragment apart from an absent one (§4.1)", () => {
    expect(ast("http://a/#").fragment).to.deep.equal({ text: "", span: { start: 10, end: 10 } });
    expect(ast("http://a/").fragment).to.equal(null);
  });
  it("keeps empty userinfo and empty port apart from absent ones (§3.2.2)", () => {
    const a = ast("http://@a:/").authority!;
    expect(a.userinfo).to.deep.equal({ text: "", span: { start: 7, end: 7 } });
    expect(a.port).to.deep.equal({ text: "", span: { start: 10, end: 10 }, number: null });
    const b = ast("http://a/").authority!;
    expect(b.userinfo).to.equal(null);
    expect(b.port).to.equal(null);
  });
  it("gives every component of a full URI with its span", () => {
    const a = ast("http://u:p@[::1]:8080/a/b?c#d");
    expect(a.kind).to.equal("absolute");
    expect(a.scheme).to.deep.equal({ text: "http", span: { start: 0, end: 4 } });
    expect(a.authority!.form).to.equal("server");
    expect(a.authority!.text).to.equal("u:p@[::1]:8080");
    expect(a.authority!.userinfo!.text).to.equal("u:p");
    expect(a.authority!.host).to.deep.include({ text: "[::1]", kind: "IPv6" });
    expect(a.authority!.host!.address!.text).to.equal("::1");
    expect(a.authority!.port!.number).to.equal(8080);
    expect(a.path!.text).to.equal("/a/b");
    expect(a.path!.segments.map((s) => s.text)).to.deep.equal(["a", "b"]);
    expect(a.query!.text).to.equal("c");
    expect(a.fragment!.text).to.equal("d");
    const input = "http://u:p@[::1]:8080/a/b?c#d";
    for (const c of [a.scheme!, a.authority!, a.authority!.userinfo!, a.authority!.host!, a.authority!.port!, a.path!, a.query!, a.fragment!]) {
      expect(input.slice(c.span.start, c.span.end)).to.equal(c.text);
    }
  });
  it("classifies hosts: hostname, IPv4, IPv6, reg-name", () => {
    expect(ast("http://example.com/").authority!.host!.kind).to.equal("hostname");
    expect(ast("http://1.2.3.4/").authority!.host!.kind).to.equal("IPv4");
    expect(ast("http://1.2.3.4.example/").authority!.host!.kind).to.equal("hostname");
    expect(ast("http://256.1.1.1/").authority!.host!.kind).to.equal("hostname");
    expect(ast("http://[v6::1]/".replace("v6", "ab")).authority!.host!.kind).to.equal("IPv6");
    const reg = ast("http://a_b/").authority!;
    expect(reg.form).to.equal("reg-name");
    expect(reg.host).to.deep.include({ kind: "reg-name", text: "a_b" });
    expect(ast(`http://${"a".repeat(63)}.com/`).authority!.form).to.equal("server");
    expect(ast(`http://${"a".repeat(64)}.com/`).authority!.form).to.equal("reg-name");
  });
  it("lets the authority win over a path that starts with // (§4.3)", () => {
    const a = ast("//a/b");
    expect(a.kind).to.equal("network-path");
    expect(a.authority!.text).to.equal("a");
    expect(a.path!.text).to.equal("/b");
  });
  it("tells the reference kinds apart", () => {
    expect(ast("http://a/").kind).to.equal("absolute");
    expect(ast("http:").kind).to.equal("absolute");
    expect(ast("mailto:a@b").kind).to.equal("opaque");
    expect(ast("//a").kind).to.equal("network-path");
    expect(ast("/a").kind).to.equal("absolute-path");
    expect(ast("a/b").kind).to.equal("relative-path");
    expect(ast("").kind).to.equal("relative-path");
    expect(ast("#f").kind).to.equal("relative-path");
  });
  it("reads an opaque part as the path, with no query of its own (§3 opaque-part)", () => {
    const a = ast("mailto:a@b?subject=x");
    expect(a.path).to.deep.include({ text: "a@b?subject=x", form: "opaque-part" });
    expect(a.query).to.equal(null);
  });
  it("splits a rel-path into segments (§5)", () => {
    expect(ast("a/b/").path!.segments.map((s) => s.text)).to.deep.equal(["a", "b", ""]);
    expect(ast("/").path!.segments.map((s) => s.text)).to.deep.equal([""]);
    expect(ast("//a").path).to.deep.include({ text: "", form: "empty" });
  });
  it("builds an AST for a start rule below the reference (host, authority)", () => {
    expect(ast("1.2.3.4", "host").host!.kind).to.equal("IPv4");
    expect(ast("a@b:1", "authority").authority!.userinfo!.text).to.equal("a");
  });
});

describe("draft-2003 derivation tree (tree: true)", () => {
  it("lists every named rule that matched, with published names and nested spans", () => {
    const r = parse("http://a/b", { spec: "draft-2003", tree: true });
    if (!r.ok || !r.tree) throw new Error("expected a tree");
    expect(r.tree.rule).to.equal("URI-reference");
    expect([r.tree.start, r.tree.end]).to.deep.equal([0, 10]);
    const names: string[] = [];
    const walk = (n: typeof r.tree, parent: typeof r.tree | null) => {
      names.push(n.rule);
      if (parent) expect(n.start >= parent.start && n.end <= parent.end, `${n.rule} inside ${parent.rule}`).to.equal(true);
      n.children.forEach((c) => walk(c, n));
    };
    walk(r.tree, null);
    for (const rule of ["absolute-URI", "scheme", "hier-part", "net-path", "authority", "server", "hostport", "host", "hostname", "abs-path", "path-segments", "segment", "pchar", "ALPHA"]) {
      expect(names, rule).to.include(rule);
    }
    // failed alternatives leave no trace: no reg-name, no IPv4address, no opaque-part
    for (const rule of ["reg-name", "IPv4address", "opaque-part", "relative-URI"]) expect(names, rule).to.not.include(rule);
  });
  it("is not built unless asked for", () => {
    const r = parse("http://a/b", { spec: "draft-2003" });
    expect(r.ok && "tree" in r).to.equal(false);
  });
});
