// rfc3986 ASTs and rule edges that a table cannot express.
import { expect } from "chai";
import { parse } from "../src";
import { decOctetsAccepted, OCTETS } from "./support/octets";
import { astOf, type Rfc3986Ast } from "./support/loose-ast";

const ast = (input: string, rule?: string) => astOf<Rfc3986Ast>("rfc3986", input, rule);

describe("rfc3986 dec-octet (§3.2.2)", () => {
  it("accepts exactly 0..255 without leading zeros, for every number 0..999 and 00..09", () => {
    expect(decOctetsAccepted("rfc3986")).to.deep.equal(OCTETS);
  });
  it("a host that is not an IPv4address is a reg-name, never an error (§3.2.2 first-match-wins)", () => {
    for (const h of ["256.1.1.1", "1.2.3.4.5", "1.2.3", "01.2.3.4", "1.2.3.4.example"]) expect(ast(`http://${h}/`).authority!.host.kind, h).to.equal("reg-name");
    expect(ast("http://1.2.3.4/").authority!.host.kind).to.equal("IPv4");
  });
});

describe("rfc3986 AST", () => {
  it("gives every component of a full URI with its span", () => {
    const input = "http://u:p@[::1]:8080/a/b?c#d";
    const a = ast(input);
    expect(a.kind).to.equal("absolute");
    expect(a.authority!.text).to.equal("u:p@[::1]:8080");
    expect(a.authority!.host).to.deep.include({ text: "[::1]", kind: "IPv6" });
    expect(a.authority!.host.address!.text).to.equal("::1");
    expect(a.authority!.port!.number).to.equal(8080);
    expect(a.path).to.deep.include({ text: "/a/b", form: "path-abempty" });
    expect(a.path!.segments.map((s) => s.text)).to.deep.equal(["a", "b"]);
    for (const c of [a.scheme!, a.authority!, a.authority!.userinfo!, a.authority!.host, a.authority!.port!, a.path!, a.query!, a.fragment!]) {
      expect(input.slice(c.span.start, c.span.end)).to.equal(c.text);
    }
  });
  it("classifies hosts: IP-literal (IPv6 or IPvFuture), IPv4address, reg-name (empty too)", () => {
    const f = ast("http://[v1.x]/").authority!.host;
    expect(f).to.deep.include({ kind: "IPvFuture", text: "[v1.x]" });
    expect(f.address!.text).to.equal("v1.x");
    expect(ast("file:///etc/hosts").authority!.host).to.deep.include({ kind: "reg-name", text: "" });
    expect(ast("http://a_b/").authority!.host.kind).to.equal("reg-name");
    expect(ast("v1.x", "IPvFuture").host!.kind).to.equal("IPvFuture");
  });
  it("names the path rule that matched (§3.3), in each context", () => {
    expect(ast("http://a").path).to.deep.include({ text: "", form: "path-abempty" });
    expect(ast("http:/a").path).to.deep.include({ form: "path-absolute" });
    expect(ast("mailto:a@b").path).to.deep.include({ form: "path-rootless", text: "a@b" });
    expect(ast("http:").path).to.deep.include({ form: "path-empty", text: "" });
    expect(ast("a/b:c").path).to.deep.include({ form: "path-noscheme" });
    expect(ast("?q").path).to.deep.include({ form: "path-empty" });
    expect(ast("/").path!.segments.map((s) => s.text)).to.deep.equal([""]);
    expect(ast("a//b/").path!.segments.map((s) => s.text)).to.deep.equal(["a", "", "b", ""]);
  });
  it("tells the §4.2 reference kinds apart; there is no opaque kind", () => {
    expect(ast("mailto:a@b?subject=x").kind).to.equal("absolute");
    expect(ast("mailto:a@b?subject=x").query!.text).to.equal("subject=x");
    expect(ast("//a").kind).to.equal("network-path");
    expect(ast("/a").kind).to.equal("absolute-path");
    expect(ast("a").kind).to.equal("relative-path");
    expect(ast("").kind).to.equal("relative-path");
    expect(ast("http://a/b", "absolute-URI").kind).to.equal("absolute");
    expect(ast("//a", "relative-ref").kind).to.equal("network-path");
  });
  it("keeps empty components apart from absent ones (§5.3)", () => {
    const a = ast("http://@a:/?#");
    expect([a.authority!.userinfo!.text, a.authority!.port!.text, a.query!.text, a.fragment!.text]).to.deep.equal(["", "", "", ""]);
    expect(a.authority!.port!.number).to.equal(null);
    const b = ast("http://a/");
    expect([b.authority!.userinfo, b.authority!.port, b.query, b.fragment]).to.deep.equal([null, null, null, null]);
  });
  it("builds an AST for start rules below the reference", () => {
    expect(ast("u@[::1]:1", "authority").authority!.port!.number).to.equal(1);
    expect(ast("1.2.3.4", "host").host!.kind).to.equal("IPv4");
    expect(ast("u:p", "userinfo").userinfo!.text).to.equal("u:p");
  });
  it("names the failing rule and its section in an error", () => {
    const r = parse("http://a:b/", { spec: "rfc3986" });
    expect(r.ok).to.equal(false);
    if (r.ok) return;
    expect(r.error.offset).to.equal(10);
    expect(r.error.message).to.match(/rfc3986 §3/);
  });
});
