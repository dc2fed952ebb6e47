// draft-1997 ASTs and the places where Appendix A says something surprising.
import { expect } from "chai";
import { parse } from "../src";
import { astOf, type Draft1997Ast } from "./support/loose-ast";

const ast = (input: string, rule?: string) => astOf<Draft1997Ast>("draft-1997", input, rule);

describe("draft-1997 AST", () => {
  it("tells an empty user name from none, and an empty password from none (§4.3.1 examples)", () => {
    const empty = ast("ftp://@host.com/").site!;
    expect(empty.user).to.deep.equal({ text: "", span: { start: 6, end: 6 } });
    expect(empty.password).to.equal(null);
    const none = ast("ftp://host.com/").site!;
    expect(none.user).to.equal(null);
    expect(none.password).to.equal(null);
    const foo = ast("ftp://foo:@host.com/").site!;
    expect(foo.user!.text).to.equal("foo");
    expect(foo.password).to.deep.equal({ text: "", span: { start: 10, end: 10 } });
  });
  it("gives segments with their ;params (§4.3.2)", () => {
    const a = ast("http://a/b;p;q/c;r?x");
    expect(a.path!.text).to.equal("/b;p;q/c;r");
    expect(a.path!.segments.map((s) => [s.name.text, s.params.map((p) => p.text)])).to.deep.equal([["b", ["p", "q"]], ["c", ["r"]]]);
    expect(a.query!.text).to.equal("x");
  });
  it("keeps an empty query apart from an absent one", () => {
    expect(ast("http://a/?").query!.text).to.equal("");
    expect(ast("http://a/").query).to.equal(null);
  });
  it("classifies hosts: hostname and hostnumber (IPv4)", () => {
    expect(ast("http://example.com/").site!.host!.kind).to.equal("hostname");
    expect(ast("http://1.2.3.4/").site!.host!.kind).to.equal("IPv4");
    expect(ast("http://1.2.3.4.example/").site!.host!.kind).to.equal("hostname");
    expect(ast("http://a:80/").site!.port!.number).to.equal(80);
  });
  it("tells the reference kinds apart (§4.2, §5)", () => {
    expect(ast("http://a/").kind).to.equal("absolute");
    expect(ast("mailto:a@b").kind).to.equal("absolute"); // §4.4: parsed as if it is a generic-URL
    expect(ast("//a").kind).to.equal("network-path");
    expect(ast("/a").kind).to.equal("absolute-path");
    expect(ast("a").kind).to.equal("relative-path");
  });
  it("follows Appendix A where no site can be derived: //a?x is a path (documented gap)", () => {
    const a = ast("http://a?x");
    expect(a.site).to.equal(null);
    expect(a.path!.text).to.equal("//a");
    expect(a.query!.text).to.equal("x");
    const b = ast("http://a_b/c");
    expect(b.site).to.equal(null);
    expect(b.path!.text).to.equal("//a_b/c");
  });
  it("lets the site win whenever the rest parses (§4.4)", () => {
    const a = ast("http://a/b?x");
    expect(a.site!.text).to.equal("a");
    expect(a.path!.text).to.equal("/b");
  });
});
