// draft-1994 (URL Internet-Draft 03, March 1994): the typed scheme ASTs, the literal-case decision,
// scheme-aware selection, and long inputs. Verdict-only cases are in grammar/draft-1994/cases.tsv.
import { expect } from "chai";
import { parse, type ParseResult, type SpecId } from "../src";
import type { Draft1994Ast } from "./support/loose-ast";
import type {
  Draft1994FtpAddress,
  Draft1994GopherAddress,
  Draft1994HttpAddress,
  Draft1994MailtoAddress,
  Draft1994MidAddress,
  Draft1994NewsAddress,
  Draft1994NntpAddress,
  Draft1994ProsperoAddress,
  Draft1994TelnetAddress,
  Draft1994WaisAddress,
  Draft1994CidAddress,
  Draft1994AfsAddress,
} from "../generated/draft-1994.ast";
import { getRevision } from "../src/revisions";

const SPEC = "draft-1994";

function ok(input: string, rule?: string): { result: ParseResult<SpecId, boolean, string> & { ok: true }; ast: Draft1994Ast } {
  const result = parse(input, { spec: SPEC, rule });
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to parse: ${result.error.message}`);
  return { result, ast: result.ast as Draft1994Ast };
}

function address<T>(input: string, rule?: string): T {
  const { ast } = ok(input, rule);
  expect(ast.address, "address").to.not.equal(null);
  return ast.address as unknown as T;
}

/** A component's text and span, checked against the input it came from. */
function part(input: string, text: string, start: number) {
  expect(input.slice(start, start + text.length), "test data: span inside the input").to.equal(text);
  return { text, span: { start, end: start + text.length } };
}

describe("draft-1994 ASTs", () => {
  it("http: host, port, path segments, search, with spans", () => {
    const input = "http://www.w3.org:80/hypertext/WWW/Overview.html?a+b";
    const a = address<Draft1994HttpAddress>(input);
    expect(a.production).to.equal("httpaddress");
    expect(a.scheme).to.deep.equal(part(input, "http", 0));
    expect(a.hostport.host).to.deep.equal({ ...part(input, "www.w3.org", 7), kind: "hostname" });
    expect(a.hostport.port).to.deep.equal({ ...part(input, "80", 18), number: 80 });
    expect(a.path!.segments).to.deep.equal([part(input, "hypertext", 21), part(input, "WWW", 31), part(input, "Overview.html", 35)]);
    expect(a.search).to.deep.equal(part(input, "a+b", 49));
  });

  it("http: absent path and search are null; a path after '/' is present even when void", () => {
    const bare = address<Draft1994HttpAddress>("http://a");
    expect(bare.path).to.equal(null);
    expect(bare.search).to.equal(null);
    expect(bare.hostport.port).to.equal(null);
    const slash = address<Draft1994HttpAddress>("http://a/");
    expect(slash.path).to.deep.equal({ text: "", span: { start: 9, end: 9 }, segments: [] });
    const trailing = address<Draft1994HttpAddress>("http://a/b/");
    expect(trailing.path!.segments.map((s) => s.text)).to.deep.equal(["b", ""]);
  });

  it("http: a hostnumber is kind IPv4", () => {
    expect(address<Draft1994HttpAddress>("http://1.2.3.4/").hostport.host.kind).to.equal("IPv4");
  });

  it("URL: prefix is kept, and the spans of the address count from the start of the input", () => {
    const input = "URL:http://a/b";
    const { result, ast } = ok(input);
    expect(result.production).to.equal("prefixedurl");
    expect(ast.prefix).to.deep.equal(part(input, "URL:", 0));
    const a = ast.address as Draft1994HttpAddress;
    expect(a.production).to.equal("httpaddress");
    expect(a.span).to.deep.equal({ start: 4, end: 14 });
    expect(a.scheme).to.deep.equal(part(input, "http", 4));
    expect(a.path!.segments).to.deep.equal([part(input, "b", 13)]);
  });

  it("without the prefix, prefix is null (absent), not an empty text", () => {
    expect(ok("http://a/").ast.prefix).to.equal(null);
    expect(ok("http://a/", "url").ast.prefix).to.equal(null);
  });

  it("ftp: user and password absent or present; directories and name; type is null", () => {
    const input = "ftp://u:p@ftp.w3.org:21/pub/www/doc";
    const a = address<Draft1994FtpAddress>(input);
    expect(a.login.user).to.deep.equal(part(input, "u", 6));
    expect(a.login.password).to.deep.equal(part(input, "p", 8));
    expect(a.login.host).to.deep.equal({ ...part(input, "ftp.w3.org", 10), kind: "hostname" });
    expect(a.login.port!.number).to.equal(21);
    expect(a.directories).to.deep.equal([part(input, "pub", 24), part(input, "www", 28)]);
    expect(a.name).to.deep.equal(part(input, "doc", 32));
    expect(a.type).to.equal(null);
    const anon = address<Draft1994FtpAddress>("ftp://h/pub/");
    expect(anon.login.user).to.equal(null);
    expect(anon.login.password).to.equal(null);
    expect(anon.directories.map((d) => d.text)).to.deep.equal(["pub"]);
    expect(anon.name).to.deep.equal({ text: "", span: { start: 12, end: 12 } });
    const userOnly = address<Draft1994FtpAddress>("ftp://u@h/");
    expect(userOnly.login.user!.text).to.equal("u");
    expect(userOnly.login.password).to.equal(null);
  });

  it("ftp: 'a@1' is a hostname, not user 'a' at host '1' (the login end-lookahead)", () => {
    const a = address<Draft1994FtpAddress>("ftp://a@1/p");
    expect(a.login.user).to.equal(null);
    expect(a.login.host.text).to.equal("a@1");
    const b = address<Draft1994FtpAddress>("ftp://a@1.2.3.4/p");
    expect(b.login.user!.text).to.equal("a");
    expect(b.login.host).to.include({ text: "1.2.3.4", kind: "IPv4" });
  });

  it("gopher: type, selector, search and gopher+ string split at the %09 separators", () => {
    const input = "gopher://host/0a_gopher_selector%09%09+application/postscript%20Es_ES";
    const a = address<Draft1994GopherAddress>(input);
    expect(a.type).to.deep.equal(part(input, "0", 14));
    expect(a.selector).to.deep.equal(part(input, "a_gopher_selector", 15));
    expect(a.search).to.deep.equal({ text: "", span: { start: 35, end: 35 } });
    expect(a.gopherPlus).to.deep.equal(part(input, "+application/postscript%20Es_ES", 38));
  });

  it("gopher: search without gopher+; a gopher+ string keeps its own %09", () => {
    const search = address<Draft1994GopherAddress>("gopher://h:70/7a_gopher_selector%09foobar");
    expect(search.search!.text).to.equal("foobar");
    expect(search.gopherPlus).to.equal(null);
    const ask = address<Draft1994GopherAddress>("gopher://h/0s%09%09+%091%0D%0A");
    expect(ask.gopherPlus!.text).to.equal("+%091%0D%0A");
  });

  it("gopher: no type means everything after it is absent; a type alone has an empty selector", () => {
    const none = address<Draft1994GopherAddress>("gopher://h");
    expect([none.type, none.command, none.selector, none.search, none.gopherPlus]).to.deep.equal([null, null, null, null, null]);
    const top = address<Draft1994GopherAddress>("gopher://h/1");
    expect(top.type!.text).to.equal("1");
    expect(top.selector).to.deep.equal({ text: "", span: { start: 12, end: 12 } });
    expect(top.search).to.equal(null);
  });

  it("news: *, group and article (an '@' makes an article)", () => {
    expect(address<Draft1994NewsAddress>("news:*").target.kind).to.equal("all");
    const group = address<Draft1994NewsAddress>("news:comp.infosystems.www");
    expect(group.target).to.deep.equal({ text: "comp.infosystems.www", span: { start: 5, end: 25 }, kind: "group" });
    const input = "news:1234@host.dom";
    const article = address<Draft1994NewsAddress>(input);
    expect(article.target.kind).to.equal("article");
    if (article.target.kind !== "article") throw new Error("unreachable");
    expect(article.target.local).to.deep.equal(part(input, "1234", 5));
    expect(article.target.host).to.deep.equal({ ...part(input, "host.dom", 10), kind: "hostname" });
  });

  it("nntp: group and article number (no host in this draft)", () => {
    const input = "nntp:comp.infosystems/42";
    const a = address<Draft1994NntpAddress>(input);
    expect(a.group).to.deep.equal(part(input, "comp.infosystems", 5));
    expect(a.article).to.deep.equal({ ...part(input, "42", 22), number: 42 });
    expect(a).to.not.have.property("host");
  });

  it("mailto (repaired to one colon): local part and hostname", () => {
    const input = "mailto:timbl@info.cern.ch";
    const a = address<Draft1994MailtoAddress>(input);
    expect(a.address.local).to.deep.equal(part(input, "timbl", 7));
    expect(a.address.host).to.deep.equal({ ...part(input, "info.cern.ch", 13), kind: "hostname" });
  });

  it("mid and cid", () => {
    const mid = address<Draft1994MidAddress>("mid:part1@host.dom");
    expect(mid.addrSpec.local.text).to.equal("part1");
    expect(mid.addrSpec.host.text).to.equal("host.dom");
    const cid = address<Draft1994CidAddress>("cid:foo4*bar");
    expect(cid.contentIdentifier).to.deep.equal({ text: "foo4*bar", span: { start: 4, end: 12 } });
  });

  it("wais: index with and without search, document with wtype and wpath fields", () => {
    const index = address<Draft1994WaisAddress>("wais://quake.think.com/wais-discussion-archives?lynch");
    expect(index.form).to.equal("waisindex");
    expect(index.database.text).to.equal("wais-discussion-archives");
    expect(index.search!.text).to.equal("lynch");
    expect(index.wtype).to.equal(null);
    expect(index.wpath).to.equal(null);
    expect(address<Draft1994WaisAddress>("wais://h/db").search).to.equal(null);
    const input = "wais://h/db/TEXT/1=a/b;2=;";
    const doc = address<Draft1994WaisAddress>(input);
    expect(doc.form).to.equal("waisdoc");
    expect(doc.search).to.equal(null);
    expect(doc.wtype).to.deep.equal(part(input, "TEXT", 12));
    expect(doc.wpath!.fields).to.have.length(2);
    expect(doc.wpath!.fields[0].number).to.deep.equal(part(input, "1", 17));
    expect(doc.wpath!.fields[0].value.segments.map((s) => s.text)).to.deep.equal(["a", "b"]);
    expect(doc.wpath!.fields[1].value).to.deep.equal({ text: "", span: { start: 25, end: 25 }, segments: [] });
  });

  it("prospero: hsoname, version and attributes; absent version", () => {
    const input = "prospero://h:1525/a/b%0012abc";
    const a = address<Draft1994ProsperoAddress>(input);
    expect(a.hostport.port!.number).to.equal(1525);
    expect(a.hsoname.text).to.equal("a/b");
    expect(a.version).to.deep.equal(part(input, "12", 24));
    expect(a.attributes).to.deep.equal(part(input, "abc", 26));
    const plain = address<Draft1994ProsperoAddress>("prospero://h/a%00x");
    expect(plain.hsoname.text).to.equal("a%00x");
    expect(plain.version).to.equal(null);
    expect(plain.attributes).to.equal(null);
    const voidName = address<Draft1994ProsperoAddress>("prospero://h/%001");
    expect(voidName.hsoname).to.deep.equal({ text: "", span: { start: 13, end: 13 }, segments: [] });
    expect(voidName.version!.text).to.equal("1");
  });

  it("telnet: login", () => {
    const a = address<Draft1994TelnetAddress>("telnet://guest:pw@host:23");
    expect(a.login.user!.text).to.equal("guest");
    expect(a.login.password!.text).to.equal("pw");
    expect(a.login.port!.number).to.equal(23);
  });

  it("afs (a start rule only): cell and path", () => {
    const a = address<Draft1994AfsAddress>("afs://cell.edu/a/b", "afsaddress");
    expect(a.cell.text).to.equal("cell.edu");
    expect(a.path.segments.map((s) => s.text)).to.deep.equal(["a", "b"]);
  });

  it("a start rule below the addresses gives its components", () => {
    const { ast } = ok("u:p@h:8", "login");
    expect(ast.login!.user!.text).to.equal("u");
    expect(ast.login!.port!.number).to.equal(8);
    expect(ast).to.not.have.property("address");
  });

  it("tree: true returns the derivation with published names", () => {
    const r = parse("URL:mid:a@b", { spec: SPEC, tree: true });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    const names: string[] = [];
    const walk = (n: { rule: string; children: { rule: string; children: unknown[] }[] }) => {
      names.push(n.rule);
      n.children.forEach((c) => walk(c as never));
    };
    walk(r.tree as never);
    expect(names).to.include.members(["prefixedurl", "url", "midaddress", "addr-spec", "hostname"]);
  });
});

describe("draft-1994 literal case: spelled letters match either case", () => {
  // Notation: "Single letters stand for single letters"; PrePrefix: the whole string "must start with a
  // constant prefix "URL:"" while the BNF spells it `u r l :`. See grammar/draft-1994/README.md "Literal case".
  for (const input of ["HTTP://a/", "Http://a/", "URL:http://a/", "url:http://a/", "uRL:NEWS:*", "FTP://h/", "MAILTO:a@b", "GOPHER://h"]) {
    it(`${input} is valid`, () => {
      expect(parse(input, { spec: SPEC }).ok).to.equal(true);
    });
  }
  it("the scheme keeps the case it was written in", () => {
    expect((address<Draft1994HttpAddress>("HtTp://a/")).scheme.text).to.equal("HtTp");
    expect(ok("url:news:*").ast.prefix!.text).to.equal("url:");
  });
  it("ftptype letters match either case", () => {
    expect(parse("an", { spec: SPEC, rule: "ftptype" }).ok).to.equal(true);
    expect(parse("i", { spec: SPEC, rule: "ftptype" }).ok).to.equal(true);
  });
  it("case does not make other letters match: 'htp://' and 'URI:' stay invalid", () => {
    expect(parse("HTP://a/", { spec: SPEC }).ok).to.equal(false);
    expect(parse("URI:http://a/", { spec: SPEC, rule: "prefixedurl" }).ok).to.equal(false);
  });
});

describe("draft-1994 scheme-aware conformance", () => {
  it("with no rule, a bare http URL is decided by httpaddress; the top rule prefixedurl rejects it", () => {
    const aware = parse("http://a/", { spec: SPEC });
    expect(aware.ok).to.equal(true);
    expect(aware.production).to.equal("httpaddress");
    const literal = parse("http://a/", { spec: SPEC, rule: "prefixedurl" });
    expect(literal.ok).to.equal(false);
    if (!literal.ok) expect(literal.error.offset).to.equal(0);
    expect(getRevision(SPEC)!.topRule).to.equal("prefixedurl");
  });

  it("an http URL that httpaddress rejects is invalid with production httpaddress, offset where it failed", () => {
    const r = parse("http://exa mple/", { spec: SPEC });
    expect(r.ok).to.equal(false);
    expect(r.production).to.equal("httpaddress");
    if (!r.ok) {
      expect(r.error.offset).to.equal(10);
      expect(r.error.startRule).to.equal("httpaddress");
    }
  });

  it("there is no generic production: url rejects what the scheme's production rejects (no catch-all)", () => {
    // The case "httpurl rejects, the generic form accepts" cannot exist in this draft: url lists
    // eleven scheme productions and nothing else. Literal `url` and scheme-aware agree on every input.
    const url = getRevision(SPEC)!.rules.find((r) => r.published === "url")!;
    const alternatives = url.text.join(" ").replace(/^url =/, "").split("|").map((s) => s.trim());
    expect(alternatives).to.have.length(11);
    for (const a of alternatives) expect(a).to.match(/address$/);
    for (const input of ["http://exa mple/", "http://exa_mple/", "news:a@b", "ftp://h", "gopher://h/", "foo:bar", "mailto::a@b", "wais://h/d/t/1=a"]) {
      const aware = parse(input, { spec: SPEC });
      const literal = parse(input, { spec: SPEC, rule: "url" });
      expect(aware.ok, input).to.equal(literal.ok);
      if (!aware.ok && !literal.ok) expect(aware.error.offset, input).to.equal(literal.error.offset);
    }
  });

  it("a URL:-prefixed input is decided by prefixedurl; the AST names the scheme production", () => {
    const r = parse("URL:gopher://h/1", { spec: SPEC });
    expect(r.production).to.equal("prefixedurl");
    expect(r.ok).to.equal(true);
    if (r.ok) expect((r.ast as Draft1994Ast).address!.production).to.equal("gopheraddress");
    const bad = parse("URL:gopher://h/", { spec: SPEC });
    expect(bad.ok).to.equal(false);
    if (!bad.ok) expect(bad.error.offset).to.equal(15);
  });

  it("afs has a production, but 'is not a url production': no rule -> url, invalid; --rule afsaddress -> valid", () => {
    const r = parse("afs://cell.edu/a", { spec: SPEC });
    expect(r.ok).to.equal(false);
    expect(r.production).to.equal("url");
    expect(parse("afs://cell.edu/a", { spec: SPEC, rule: "afsaddress" }).ok).to.equal(true);
  });

  it("the scheme is found in either case and wais picks waisaddress (index or document)", () => {
    expect(parse("WAIS://h/db/t/1=a;", { spec: SPEC }).production).to.equal("waisaddress");
    expect(parse("Mid:a@b", { spec: SPEC }).production).to.equal("midaddress");
    expect(parse("rlogin://h", { spec: SPEC }).production).to.equal("url");
    expect(parse("no-colon", { spec: SPEC }).production).to.equal("url");
  });

  it("the seed's spellings are not rule names: 'ur l' is unknown, 'url' exists", () => {
    const r = parse("news:*", { spec: SPEC, rule: "ur l" as string });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.code).to.equal("unknown-rule");
    expect(parse("news:*", { spec: SPEC, rule: "url" }).ok).to.equal(true);
  });
});

describe("draft-1994 long inputs", () => {
  const MB = 1 << 20;
  it("a 1 MB http path parses without stack overflow", () => {
    const input = "http://a/" + "ab/".repeat(Math.ceil(MB / 3));
    expect(input.length).to.be.greaterThan(MB);
    const a = address<Draft1994HttpAddress>(input);
    expect(a.path!.segments.length).to.equal(Math.ceil(MB / 3) + 1);
  });
  it("a 1 MB news article with an '@' every other character parses (bounded-greedy loop, linear)", () => {
    const input = "news:" + "1@".repeat(MB / 2) + "1.2.3.4";
    const a = address<Draft1994NewsAddress>(input);
    expect(a.target.kind).to.equal("article");
  });
  it("a 1 MB invalid mailto reports the offset without stack overflow", () => {
    const input = "mailto:" + "a@b".repeat(Math.ceil(MB / 3)) + " ";
    const r = parse(input, { spec: SPEC });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.offset).to.equal(input.length - 1);
  });
});
