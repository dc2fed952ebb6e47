// rfc1738: what the tables cannot say: the scheme ASTs (components, spans, absent vs empty), the
// literal-case decision, scheme-aware selection, and long inputs.
// The accept/reject verdicts are in grammar/rfc1738/cases.tsv; agreement with the published rules read
// as a context-free grammar is in test/rfc1738-published.test.ts.
import { expect } from "chai";
import { parse } from "../src";
import type { Rfc1738Ast, Rfc1738Url } from "./support/loose-ast";
import { defaultRule, getRevision } from "../src/revisions";

/** The production the descriptor's scheme table selects for an input (grammar/rfc1738/descriptor.ts, read by defaultRule). */
const selectRfc1738Production = (input: string) => defaultRule(getRevision("rfc1738")!, input).production;

function ast(input: string, rule?: string): Rfc1738Ast {
  const r = parse(input, { spec: "rfc1738", rule });
  if (!r.ok) throw new Error(`${JSON.stringify(input)} rejected: ${r.error.message}`);
  return r.ast as Rfc1738Ast;
}

function url<K extends Rfc1738Url["kind"]>(input: string, kind: K, rule?: string): Extract<Rfc1738Url, { kind: K }> {
  const u = ast(input, rule).url;
  expect(u, `url of ${input}`).to.not.equal(undefined);
  expect(u!.kind).to.equal(kind);
  return u as Extract<Rfc1738Url, { kind: K }>;
}

/** A component: its text, and that its span is where that text is in the input. */
function at(input: string, component: { text: string; span: { start: number; end: number } } | null | undefined, text: string, start: number): void {
  expect(component, `component ${JSON.stringify(text)}`).to.not.equal(null);
  expect(component!.text).to.equal(text);
  expect(component!.span).to.deep.equal({ start, end: start + text.length });
  expect(input.slice(start, start + text.length)).to.equal(text);
}

describe("rfc1738 scheme ASTs", () => {
  describe("the document's examples (§3.1, §3.2.2, §3.6, §3.10, §3.11, Appendix)", () => {
    it("ftp://@host.com/: empty user, no password (§3.1)", () => {
      const s = "ftp://@host.com/";
      const u = url(s, "ftp");
      at(s, u.user, "", 6);
      expect(u.password).to.equal(null);
      at(s, u.host, "host.com", 7);
    });
    it("ftp://host.com/: no user (§3.1)", () => {
      const u = url("ftp://host.com/", "ftp");
      expect(u.user).to.equal(null);
      expect(u.password).to.equal(null);
    });
    it("ftp://foo:@host.com/: user foo, empty password (§3.1)", () => {
      const s = "ftp://foo:@host.com/";
      const u = url(s, "ftp");
      at(s, u.user, "foo", 6);
      at(s, u.password, "", 10);
    });
    it("ftp://myname@host.dom/%2Fetc/motd: CWD /etc (escaped), RETR motd (§3.2.2)", () => {
      const s = "ftp://myname@host.dom/%2Fetc/motd";
      const u = url(s, "ftp");
      at(s, u.scheme, "ftp", 0);
      at(s, u.user, "myname", 6);
      at(s, u.host, "host.dom", 13);
      expect(u.host.kind).to.equal("hostname");
      expect(u.port).to.equal(null);
      expect(u.directories.map((d) => d.text)).to.deep.equal(["%2Fetc"]);
      at(s, u.directories[0], "%2Fetc", 22);
      at(s, u.name, "motd", 29);
      expect(u.type).to.equal(null);
    });
    it("ftp://myname@host.dom//etc/motd: an empty first directory (§3.2.2)", () => {
      const u = url("ftp://myname@host.dom//etc/motd", "ftp");
      expect(u.directories.map((d) => d.text)).to.deep.equal(["", "etc"]);
      expect(u.name!.text).to.equal("motd");
    });
    it("ftp://myname@host.dom/%2Fetc/motd;type=a: the issue's parse example", () => {
      const s = "ftp://myname@host.dom/%2Fetc/motd;type=a";
      const u = url(s, "ftp");
      at(s, u.user, "myname", 6);
      at(s, u.host, "host.dom", 13);
      expect(u.directories.map((d) => d.text)).to.deep.equal(["%2Fetc"]);
      at(s, u.name, "motd", 29);
      at(s, u.type, "a", 39);
    });
    it("ftp://info.cern.ch/pub/www/doc;type=d (Appendix)", () => {
      const u = url("ftp://info.cern.ch/pub/www/doc;type=d", "ftp");
      expect(u.directories.map((d) => d.text)).to.deep.equal(["pub", "www"]);
      expect(u.name!.text).to.equal("doc");
      expect(u.type!.text).to.equal("d");
    });
    it("news:* (§3.6)", () => {
      const u = url("news:*", "news");
      expect(u.form).to.equal("all");
      expect(u.grouppart.text).to.equal("*");
      expect(u.group).to.equal(null);
      expect(u.article).to.equal(null);
    });
    it("the VMS file example (§3.10)", () => {
      const s = "file://vms.host.edu/disk$user/my/notes/note12345.txt";
      const u = url(s, "file");
      expect(u.hostForm).to.equal("host");
      at(s, u.host, "vms.host.edu", 7);
      expect(u.directories.map((d) => d.text)).to.deep.equal(["disk$user", "my", "notes"]);
      at(s, u.name, "note12345.txt", 39);
    });
    it("prospero://host.dom//pros/name has hsoname /pros/name (§3.11)", () => {
      const s = "prospero://host.dom//pros/name";
      const u = url(s, "prospero");
      at(s, u.hsoname, "/pros/name", 20);
      expect(u.hsoname.segments.map((x) => x.text)).to.deep.equal(["", "pros", "name"]);
      expect(u.fields).to.deep.equal([]);
    });
  });

  describe("http (§3.3)", () => {
    it("host, port, path segments, search", () => {
      const s = "http://a.b:8080/x/y;z?q=1";
      const u = url(s, "http");
      at(s, u.scheme, "http", 0);
      at(s, u.host, "a.b", 7);
      at(s, u.port, "8080", 11);
      expect(u.port!.number).to.equal(8080);
      at(s, u.path, "x/y;z", 16);
      expect(u.path!.segments.map((x) => x.text)).to.deep.equal(["x", "y;z"]);
      at(s, u.path!.segments[1], "y;z", 18);
      at(s, u.search, "q=1", 22);
    });
    it("absent vs empty path and search", () => {
      const none = url("http://a", "http");
      expect(none.path).to.equal(null);
      expect(none.search).to.equal(null);
      const empty = url("http://a/?", "http");
      at("http://a/?", empty.path, "", 9);
      expect(empty.path!.segments.map((x) => x.text)).to.deep.equal([""]);
      at("http://a/?", empty.search, "", 10);
      expect(url("http://a/", "http").search).to.equal(null);
    });
    it("a hostnumber host", () => {
      const u = url("http://1.2.3.4/", "http");
      expect(u.host.kind).to.equal("IPv4");
      expect(url("http://1.2.3.4.example/", "http").host.kind).to.equal("hostname");
    });
  });

  describe("ftp (§3.2)", () => {
    it("user, password, host, port, directories, name, type", () => {
      const s = "ftp://u:p@h:21/a/b/c;type=i";
      const u = url(s, "ftp");
      at(s, u.user, "u", 6);
      at(s, u.password, "p", 8);
      at(s, u.host, "h", 10);
      at(s, u.port, "21", 12);
      expect(u.directories.map((d) => d.text)).to.deep.equal(["a", "b"]);
      at(s, u.name, "c", 19);
      at(s, u.type, "i", 26);
    });
    it("no path: name null; a bare '/': name empty", () => {
      const none = url("ftp://h", "ftp");
      expect(none.path).to.equal(null);
      expect(none.name).to.equal(null);
      expect(none.directories).to.deep.equal([]);
      const bare = url("ftp://h/", "ftp");
      at("ftp://h/", bare.name, "", 8);
      const typed = url("ftp://h/;type=d", "ftp");
      at("ftp://h/;type=d", typed.name, "", 8);
      at("ftp://h/;type=d", typed.type, "d", 14);
    });
  });

  describe("file (§3.10)", () => {
    it("empty host", () => {
      const u = url("file:///etc/motd", "file");
      expect(u.hostForm).to.equal("empty");
      expect(u.host).to.equal(null);
      at("file:///etc/motd", u.path, "etc/motd", 8);
    });
    it('the literal "localhost"', () => {
      const u = url("file://localhost/etc/motd", "file");
      expect(u.hostForm).to.equal("localhost");
      at("file://localhost/etc/motd", u.host, "localhost", 7);
    });
    it('a host that starts with "localhost" is a host', () => {
      const u = url("file://localhost.example/x", "file");
      expect(u.hostForm).to.equal("host");
      expect(u.host!.text).to.equal("localhost.example");
    });
    it("an empty fpath has one empty name", () => {
      const u = url("file:///", "file");
      at("file:///", u.name, "", 8);
      expect(u.directories).to.deep.equal([]);
    });
  });

  describe("gopher (§3.4)", () => {
    it("no '/': everything absent", () => {
      const u = url("gopher://h:70", "gopher");
      at("gopher://h:70", u.port, "70", 11);
      expect([u.gopherPath, u.type, u.selector, u.search, u.gopherPlus]).to.deep.equal([null, null, null, null, null]);
    });
    it("a bare '/': empty gopher-path, no type", () => {
      const u = url("gopher://h/", "gopher");
      at("gopher://h/", u.gopherPath, "", 11);
      expect(u.type).to.equal(null);
    });
    it("type and empty selector", () => {
      const s = "gopher://h/1";
      const u = url(s, "gopher");
      at(s, u.type, "1", 11);
      at(s, u.selector, "", 12);
      expect(u.search).to.equal(null);
    });
    it("type, selector, search, gopher+ string split at the %09 separators (§3.4.1)", () => {
      const s = "gopher://h/1sel/x%09find%09!+ABSTRACT%20+SMELL";
      const u = url(s, "gopher");
      at(s, u.type, "1", 11);
      at(s, u.selector, "sel/x", 12);
      at(s, u.search, "find", 20);
      at(s, u.gopherPlus, "!+ABSTRACT%20+SMELL", 27);
    });
    it("an empty search before the gopher+ string (§3.4.3)", () => {
      const s = "gopher://h/1a%09%09+";
      const u = url(s, "gopher");
      at(s, u.selector, "a", 12);
      at(s, u.search, "", 16);
      at(s, u.gopherPlus, "+", 19);
    });
    it("search without a gopher+ string: gopherPlus absent", () => {
      const s = "gopher://h/7a%09b";
      const u = url(s, "gopher");
      at(s, u.search, "b", 16);
      expect(u.gopherPlus).to.equal(null);
    });
    it("the split is one the grammar derives: search has no '/' or '?'", () => {
      // "a%09b/c": search cannot be "b/c", so the whole text is the selector.
      const s = "gopher://h/0a%09b/c";
      const u = url(s, "gopher");
      at(s, u.selector, "a%09b/c", 12);
      expect(u.search).to.equal(null);
      // "a%09b%09c/d": selector a, search b, gopher+ "c/d" (gopher+_string is any xchar).
      const t = "gopher://h/0a%09b%09c/d";
      const v = url(t, "gopher");
      expect([v.selector!.text, v.search!.text, v.gopherPlus!.text]).to.deep.equal(["a", "b", "c/d"]);
      // "a%09b?c%09d": after the first separator, "b?c" has a "?" before the next separator, so the
      // second one splits.
      const w = "gopher://h/0a%09b?c%09d";
      const x = url(w, "gopher");
      expect([x.selector!.text, x.search!.text, x.gopherPlus]).to.deep.equal(["a%09b?c", "d", null]);
    });
    it("the derivation keeps the published shape: gopherurl, gtype, selector", () => {
      const r = parse("gopher://h/1a%09b", { spec: "rfc1738", rule: "gopherurl", tree: true });
      expect(r.ok).to.equal(true);
      const names: string[] = [];
      const walk = (n: { rule: string; children: unknown[] }) => {
        names.push(n.rule);
        n.children.forEach((c) => walk(c as typeof n));
      };
      if (r.ok) walk(r.tree!);
      expect(names).to.include.members(["gopherurl", "gtype", "selector"]);
    });
  });

  describe("mailto, news, nntp, telnet (§3.5-§3.8)", () => {
    it("mailto address", () => {
      const s = "mailto:timbl@info.cern.ch";
      at(s, url(s, "mailto").address, "timbl@info.cern.ch", 7);
    });
    it("news group", () => {
      const s = "news:comp.infosystems.www.misc";
      const u = url(s, "news");
      expect(u.form).to.equal("group");
      at(s, u.group, "comp.infosystems.www.misc", 5);
      expect(u.article).to.equal(null);
    });
    it("news article, also when it starts like a group or like '*'", () => {
      for (const s of ["news:comp.misc@host.dom", "news:*x@host.dom", "news:a/b@1.2.3.4"]) {
        const u = url(s, "news");
        expect(u.form, s).to.equal("article");
        at(s, u.article, s.slice(5), 5);
        expect(u.group).to.equal(null);
        expect(u.article!.host.text).to.equal(s.slice(s.indexOf("@") + 1));
      }
      expect(url("news:a@1.2.3.4", "news").article!.host.kind).to.equal("IPv4");
    });
    it("nntp group and article number", () => {
      const s = "nntp://h:119/comp.misc/0042";
      const u = url(s, "nntp");
      at(s, u.port, "119", 9);
      at(s, u.group, "comp.misc", 13);
      at(s, u.article, "0042", 23);
      expect(u.article!.number).to.equal(42);
      expect(url("nntp://h/g", "nntp").article).to.equal(null);
    });
    it("telnet user, password, host, port", () => {
      const s = "telnet://u:p@h:23/";
      const u = url(s, "telnet");
      at(s, u.user, "u", 9);
      at(s, u.password, "p", 11);
      at(s, u.host, "h", 13);
      at(s, u.port, "23", 15);
      expect(u.trailingSlash).to.equal(true);
      const bare = url("telnet://h", "telnet");
      expect([bare.user, bare.password, bare.port, bare.trailingSlash]).to.deep.equal([null, null, null, false]);
    });
  });

  describe("wais (§3.9) and prospero (§3.11)", () => {
    it("wais database", () => {
      const s = "wais://h/db";
      const u = url(s, "wais");
      expect(u.form).to.equal("database");
      at(s, u.database, "db", 9);
      expect([u.search, u.wtype, u.wpath]).to.deep.equal([null, null, null]);
    });
    it("wais index with search", () => {
      const s = "wais://h:210/db?x";
      const u = url(s, "wais");
      expect(u.form).to.equal("index");
      at(s, u.port, "210", 9);
      at(s, u.search, "x", 16);
    });
    it("wais document with wtype and wpath", () => {
      const s = "wais://h/db/TEXT/0123";
      const u = url(s, "wais");
      expect(u.form).to.equal("document");
      at(s, u.database, "db", 9);
      at(s, u.wtype, "TEXT", 12);
      at(s, u.wpath, "0123", 17);
    });
    it("wais forms as start rules", () => {
      expect(url("wais://h/db?x", "wais", "waisindex").form).to.equal("index");
      expect(url("wais://h/d/t/p", "wais", "waisdoc").form).to.equal("document");
    });
    it("prospero fields", () => {
      const s = "prospero://h:1525/a/b;OBJECT-VERSION=1;x=";
      const u = url(s, "prospero");
      at(s, u.port, "1525", 13);
      at(s, u.hsoname, "a/b", 18);
      expect(u.fields.length).to.equal(2);
      at(s, u.fields[0].name, "OBJECT-VERSION", 22);
      at(s, u.fields[0].value, "1", 37);
      at(s, u.fields[1].name, "x", 39);
      at(s, u.fields[1].value, "", 41);
    });
  });

  describe("the generic form (§5 genericurl)", () => {
    it("an ip-schemepart when the text has that form (§3.1)", () => {
      const s = "x-foo://u:p@h:1/path";
      const u = url(s, "generic");
      at(s, u.scheme, "x-foo", 0);
      at(s, u.schemepart, "//u:p@h:1/path", 6);
      at(s, u.ipSchemepart!.user, "u", 8);
      at(s, u.ipSchemepart!.password, "p", 10);
      at(s, u.ipSchemepart!.host, "h", 12);
      at(s, u.ipSchemepart!.port, "1", 14);
      at(s, u.ipSchemepart!.urlpath, "path", 16);
    });
    it("only *xchar otherwise", () => {
      const u = url("foo://exa_mple/", "generic");
      expect(u.ipSchemepart).to.equal(null);
      expect(u.schemepart.text).to.equal("//exa_mple/");
      const empty = url("foo:", "generic");
      at("foo:", empty.schemepart, "", 4);
    });
    it("ip-schemepart without urlpath: urlpath absent; with '/': empty", () => {
      expect(url("foo://h", "generic").ipSchemepart!.urlpath).to.equal(null);
      at("foo://h/", url("foo://h/", "generic").ipSchemepart!.urlpath, "", 8);
    });
  });

  describe("start rules below the scheme productions", () => {
    it("login: user, password, host, port", () => {
      const a = ast("u:@h:1", "login");
      expect(a.url).to.equal(undefined);
      at("u:@h:1", a.user, "u", 0);
      at("u:@h:1", a.password, "", 2);
      at("u:@h:1", a.host, "h", 3);
      expect(a.port!.number).to.equal(1);
    });
  });
});

describe("rfc1738 literal case (grammar/rfc1738/README.md)", () => {
  it("an upper-case scheme is not conformant: httpurl decides and fails at offset 0", () => {
    const r = parse("HTTP://a/", { spec: "rfc1738" });
    expect(r.ok).to.equal(false);
    expect(r.production).to.equal("httpurl");
    if (!r.ok) {
      expect(r.error.offset).to.equal(0);
      expect(r.error.expected).to.include('"h"');
    }
  });
  it("the literal url rejects it too: scheme is lowalpha only", () => {
    const r = parse("Http://a/", { spec: "rfc1738", rule: "url" });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.offset).to.equal(0);
  });
  it("selection treats upper case as lower case in scheme names (§2.1)", () => {
    expect(selectRfc1738Production("HTTP://a/")).to.equal("httpurl");
    expect(selectRfc1738Production("Mailto:x")).to.equal("mailtourl");
    expect(selectRfc1738Production("GoPhEr://h")).to.equal("gopherurl");
  });
  it("quoted literals are case-sensitive: ';TYPE=' is not ';type=', 'LOCALHOST' is a host", () => {
    expect(parse("ftp://h/a;TYPE=a", { spec: "rfc1738" }).ok).to.equal(false);
    expect(parse("ftp://h/a;type=A", { spec: "rfc1738" }).ok).to.equal(true);
    expect(url("file://LOCALHOST/x", "file").hostForm).to.equal("host");
  });
  it("rules that spell both cases accept both (hex, ftptype, alpha)", () => {
    for (const [rule, input] of [["escape", "%aF"], ["ftptype", "d"], ["ftptype", "D"], ["alpha", "Q"], ["hostname", "Ab.cD"]]) {
      expect(parse(input, { spec: "rfc1738", rule }).ok, `${rule} ${input}`).to.equal(true);
    }
  });
});

describe("rfc1738 scheme-aware selection", () => {
  it("http://exa_mple.com/ is decided by httpurl and fails at the '_' (offset 10)", () => {
    const r = parse("http://exa_mple.com/", { spec: "rfc1738" });
    expect(r.ok).to.equal(false);
    expect(r.production).to.equal("httpurl");
    expect(r.rule).to.equal("httpurl");
    if (!r.ok) {
      expect(r.error.offset).to.equal(10);
      expect(r.error.found).to.equal("_");
      expect(r.error.ruleStack[0]).to.equal("httpurl");
      expect(r.error.message).to.contain("httpurl");
    }
  });
  it("with rule url it is valid, through otherurl", () => {
    const r = parse("http://exa_mple.com/", { spec: "rfc1738", rule: "url" });
    expect(r.ok).to.equal(true);
    expect(r.production).to.equal(undefined);
    expect((r as { ast: Rfc1738Ast }).ast.production).to.equal("otherurl");
    expect((r as { ast: Rfc1738Ast }).ast.url!.kind).to.equal("generic");
  });
  it("a valid http URL reports production httpurl both ways", () => {
    const scheme = parse("http://a/b", { spec: "rfc1738" });
    expect(scheme.ok && scheme.production).to.equal("httpurl");
    const literal = parse("http://a/b", { spec: "rfc1738", rule: "url" });
    expect(literal.ok && (literal.ast as Rfc1738Ast).production).to.equal("httpurl");
  });
  it("every scheme with a production selects it; others select otherurl", () => {
    const expected: Record<string, string> = { http: "httpurl", ftp: "ftpurl", news: "newsurl", nntp: "nntpurl", telnet: "telneturl", gopher: "gopherurl", wais: "waisurl", mailto: "mailtourl", file: "fileurl", prospero: "prosperourl", afs: "otherurl", "x-http": "otherurl", https: "otherurl" };
    for (const [scheme, production] of Object.entries(expected)) expect(selectRfc1738Production(`${scheme}:x`), scheme).to.equal(production);
    expect(selectRfc1738Production("no colon")).to.equal("otherurl");
    expect(selectRfc1738Production(":http")).to.equal("otherurl");
    expect(selectRfc1738Production("constructor:x")).to.equal("otherurl");
  });
  it("news: with no grouppart fails in newsurl; the literal url accepts it as otherurl", () => {
    const r = parse("news:", { spec: "rfc1738" });
    expect(r.ok).to.equal(false);
    expect(r.production).to.equal("newsurl");
    const literal = parse("news:", { spec: "rfc1738", rule: "url" });
    expect(literal.ok && (literal.ast as Rfc1738Ast).production).to.equal("otherurl");
  });
});

describe("rfc1738 long inputs", () => {
  const MB = 1 << 20;
  it("a 1 MB http path parses without stack overflow", () => {
    const input = "http://example.com/" + "abcdefg/".repeat(MB / 8);
    const r = parse(input, { spec: "rfc1738" });
    expect(r.ok).to.equal(true);
    const u = (r as { ast: Rfc1738Ast }).ast.url as Extract<Rfc1738Url, { kind: "http" }>;
    expect(u.path!.segments.length).to.equal(MB / 8 + 1);
    expect(u.path!.span.end).to.equal(input.length);
  });
  it("a 1 MB hostname and a 1 MB gopher selector parse", () => {
    expect(parse("http://" + "a.".repeat(MB / 2) + "b/", { spec: "rfc1738" }).ok).to.equal(true);
    const g = parse("gopher://h/1" + "a%09".repeat(MB / 4) + "x", { spec: "rfc1738" });
    expect(g.ok).to.equal(true);
    const u = (g as { ast: Rfc1738Ast }).ast.url as Extract<Rfc1738Url, { kind: "gopher" }>;
    expect([u.selector!.text, u.search!.text]).to.deep.equal(["a", "a"]);
  });
  it("a 256 KB input with a bad last character reports its offset (errors re-run the traced parser)", () => {
    const input = "ftp://h/" + "a/".repeat(MB / 8) + " ";
    const r = parse(input, { spec: "rfc1738" });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.offset).to.equal(input.length - 1);
  });
});
