// draft-1993 (seed 000_8d5ef9870e7fee48.txt, "BNF syntax"): what the tables cannot express.
// - the scheme ASTs: spans, absent (null) vs empty ("");
// - the literal-case decision (grammar/draft-1993/README.md, "Literal case");
// - scheme-aware selection with no rule vs the literal top rule;
// - 1 MB inputs (right recursion written as repetition: no stack overflow);
// - agreement with the published grammar read as a context-free grammar (grammar/draft-1993/published.adhoc-bnf,
//   judged by the shared Earley recognizer of src/published) on every short string over small
//   alphabets and on generated inputs.
import { expect } from "chai";
import { ok } from "./support/ok";
import { accepts } from "../src/diagnose";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as peggy from "peggy";
import { runFidelity } from "../src/ops/fidelity";
import { pegGrammarSource } from "../src/published";
import { parse } from "../src";
import type { Draft1993Address, Draft1993Ast } from "./support/loose-ast";
import { loadPublishedGrammar, showExpr, type PublishedGrammar } from "../src/published";
import { compiled, recognize } from "../src/published/earley";
import { Generator as Derivations } from "../src/published/generate";
import { defaultRule, findRule, getRevision } from "../src/revisions";
import { publishedStart } from "./support/published-start";
import { readTable } from "./support/table";
import { characterTableOf } from "../src/ops/characters";
import { compareInput } from "../src/ops/compare";
import { diffRevisions } from "../src/ops/diff";

const SPEC = "draft-1993";

/** The schemes with a docaddress alternative of their own (written apart from grammar/draft-1993/descriptor.ts). */
const SCHEME_RULES: Record<string, string> = {
  http: "httpaddress",
  ftp: "fileaddress",
  news: "newsaddress",
  prospero: "prosperoaddress",
  telnet: "telnetaddress",
  gopher: "gopheraddress",
  wais: "waisaddress",
  afs: "afsaddress",
};

function ast(input: string, rule?: string): Draft1993Ast {
  const r = parse(input, { spec: SPEC, rule });
  if (!r.ok) throw new Error(`expected ${JSON.stringify(input)} to parse: ${r.error.message}`);
  return r.ast as Draft1993Ast;
}

function address<P extends Draft1993Address["production"]>(input: string, production: P): Extract<Draft1993Address, { production: P }> {
  const a = ast(input).address;
  expect(a, `address of ${input}`).to.not.equal(undefined);
  expect(a!.production).to.equal(production);
  return a as Extract<Draft1993Address, { production: P }>;
}

/** A component's text must be the input at its span. */
function at(input: string, c: { text: string; span: { start: number; end: number } }) {
  expect(input.slice(c.span.start, c.span.end), `span of ${JSON.stringify(c.text)}`).to.equal(c.text);
  return c;
}

describe("draft-1993 ASTs", () => {
  it("httpaddress: host, port, path segments, search keywords, anchor, with spans", () => {
    const input = "http://info.cern.ch:80/hypertext/WWW/?a+b#x";
    const top = ast(input);
    const a = address(input, "httpaddress");
    expect(a.scheme).to.deep.equal({ text: "http", span: { start: 0, end: 4 } });
    expect(a.host).to.deep.equal({ text: "info.cern.ch", span: { start: 7, end: 19 }, kind: "hostname" });
    expect(a.port).to.deep.equal({ text: "80", span: { start: 20, end: 22 }, number: 80 });
    expect(a.path!.text).to.equal("hypertext/WWW/");
    expect(a.path!.segments.map((s) => at(input, s).text)).to.deep.equal(["hypertext", "WWW", ""]);
    expect(a.path!.segments[2].span).to.deep.equal({ start: 37, end: 37 });
    expect(a.search!.keywords.map((k) => at(input, k).text)).to.deep.equal(["a", "b"]);
    expect(at(input, top.anchor!).text).to.equal("x");
    expect(a.span).to.deep.equal({ start: 0, end: 41 });
  });

  it("httpaddress: no path (null) vs void path after '/' (empty); no search, no anchor, no port (null)", () => {
    const none = address("http://h", "httpaddress");
    expect(none.path).to.equal(null);
    expect(none.search).to.equal(null);
    expect(none.port).to.equal(null);
    expect(ast("http://h").anchor).to.equal(null);
    const empty = address("http://h/", "httpaddress");
    expect(empty.path).to.deep.equal({ text: "", span: { start: 9, end: 9 }, segments: [] });
    const searchOnly = address("http://h?k", "httpaddress");
    expect(searchOnly.path).to.equal(null);
    expect(searchOnly.search!.text).to.equal("k");
  });

  it("httpaddress: hostnumber is kind IPv4; '@' and '_' stay in the hostname", () => {
    expect(address("http://1.2.3.4/", "httpaddress").host.kind).to.equal("IPv4");
    expect(address("http://user@exa_mple/", "httpaddress").host).to.deep.equal({ text: "user@exa_mple", span: { start: 7, end: 20 }, kind: "hostname" });
  });

  it("fileaddress (scheme ftp): host and path, void path", () => {
    const a = address("ftp://nnsf.net/rfc/rfc959.txt", "fileaddress");
    expect(a.scheme.text).to.equal("ftp");
    expect(a.host.text).to.equal("nnsf.net");
    expect(a.path.segments.map((s) => s.text)).to.deep.equal(["rfc", "rfc959.txt"]);
    expect(address("ftp://h/", "fileaddress").path).to.deep.equal({ text: "", span: { start: 8, end: 8 }, segments: [] });
  });

  it("afsaddress: cell and path", () => {
    const input = "afs://cern.ch/usr/tbl";
    const a = address(input, "afsaddress");
    expect(at(input, a.cell).text).to.equal("cern.ch");
    expect(a.path.segments.map((s) => s.text)).to.deep.equal(["usr", "tbl"]);
  });

  it("newsaddress: '*', group, article (id and host), told apart by '@' as section News says", () => {
    const all = address("news:*", "newsaddress");
    expect([all.kind, all.group, all.article]).to.deep.equal(["all", null, null]);
    const group = address("news:comp.infosystems.www", "newsaddress");
    expect(group.kind).to.equal("group");
    expect(group.group).to.deep.equal({ text: "comp.infosystems.www", span: { start: 5, end: 25 } });
    const input = "news:12345@host.dom";
    const art = address(input, "newsaddress");
    expect(art.kind).to.equal("article");
    expect(art.group).to.equal(null);
    expect(at(input, art.article!.id).text).to.equal("12345");
    expect(art.article!.host).to.deep.equal({ text: "host.dom", span: { start: 11, end: 19 }, kind: "hostname" });
    // The first "@" followed by a possible host ends the id (grammar/draft-1993/grammar.peggy, article).
    const twice = address("news:1@a@1", "newsaddress");
    expect([twice.article!.id.text, twice.article!.host.text]).to.deep.equal(["1", "a@1"]);
    // "1" is no host: a@1 is a group (a group may hold "@").
    expect(address("news:a@1", "newsaddress").kind).to.equal("group");
  });

  it("waisaddress: index (database, search) and document (wtype, length, path)", () => {
    const index = address("wais://quake.think.com/wais-discussion-archives?lynch", "waisaddress");
    expect(index.form).to.equal("index");
    if (index.form !== "index") throw new Error("unreachable");
    expect(index.database.text).to.equal("wais-discussion-archives");
    expect(index.search!.keywords.map((k) => k.text)).to.deep.equal(["lynch"]);
    expect(address("wais://h/db", "waisaddress")).to.include({ form: "index", search: null });
    const input = "wais://h:210/db/TEXT/1234/";
    const doc = address(input, "waisaddress");
    if (doc.form !== "document") throw new Error("expected the document form");
    expect(doc.port!.number).to.equal(210);
    expect(at(input, doc.wtype).text).to.equal("TEXT");
    expect(at(input, doc.length)).to.deep.equal({ text: "1234", span: { start: 21, end: 25 }, number: 1234 });
    expect(doc.path).to.deep.equal({ text: "", span: { start: 26, end: 26 }, segments: [] });
  });

  it("prosperoaddress: path only; hsoname and the %23 fields of section Prospero", () => {
    const input = "prospero://host/dir/obj%23v2%23urn";
    const a = address(input, "prosperoaddress");
    expect(a.path.segments.map((s) => s.text)).to.deep.equal(["host", "dir", "obj%23v2%23urn"]);
    expect(at(input, a.hsoname).text).to.equal("host/dir/obj");
    expect(a.fields.map((f) => at(input, f).text)).to.deep.equal(["v2", "urn"]);
    const bare = address("prospero://", "prosperoaddress");
    expect(bare.path.text).to.equal("");
    expect(bare.fields).to.deep.equal([]);
  });

  it("telnetaddress: user absent (null) or present; host; port", () => {
    const input = "telnet://guest@info.cern.ch:23";
    const a = address(input, "telnetaddress");
    expect(a.user).to.deep.equal({ text: "guest", span: { start: 9, end: 14 } });
    expect(at(input, a.host).text).to.equal("info.cern.ch");
    expect(a.port!.number).to.equal(23);
    const noUser = address("telnet://h", "telnetaddress");
    expect(noUser.user).to.equal(null);
    expect(noUser.port).to.equal(null);
    const v4 = address("telnet://1@2.3.4.5", "telnetaddress");
    expect([v4.user!.text, v4.host.text, v4.host.kind]).to.deep.equal(["1", "2.3.4.5", "IPv4"]);
  });

  it("gopheraddress: gtype and selector absent vs void", () => {
    const input = "gopher://h:70/0/pub/x?a+b";
    const a = address(input, "gopheraddress");
    expect(a.gtype).to.deep.equal({ text: "0", span: { start: 14, end: 15 } });
    expect(a.selector!.segments.map((s) => at(input, s).text)).to.deep.equal(["pub", "x"]);
    expect(a.search!.keywords.map((k) => k.text)).to.deep.equal(["a", "b"]);
    expect(address("gopher://h", "gopheraddress")).to.include({ gtype: null, selector: null, search: null });
    expect(address("gopher://h/1", "gopheraddress").selector).to.equal(null);
    expect(address("gopher://h/1/", "gopheraddress").selector).to.deep.equal({ text: "", span: { start: 13, end: 13 }, segments: [] });
  });

  it("generic: scheme, path, search", () => {
    const input = "x-foo:a/b+c?d+e#f";
    const a = address(input, "generic");
    expect(at(input, a.scheme).text).to.equal("x-foo");
    expect(a.path.segments.map((s) => s.text)).to.deep.equal(["a", "b+c"]);
    expect(a.search!.keywords.map((k) => k.text)).to.deep.equal(["d", "e"]);
    expect(ast(input).anchor!.text).to.equal("f");
    expect(address("abc:", "generic").path).to.deep.equal({ text: "", span: { start: 4, end: 4 }, segments: [] });
  });

  it("start rules below the address give their components only", () => {
    const hp = ast("h:8", "hostport");
    expect(hp.address).to.equal(undefined);
    expect(hp.anchor).to.equal(undefined);
    expect(hp.host!.text).to.equal("h");
    expect(hp.port!.number).to.equal(8);
    expect(ast("a/b", "path").path!.segments.map((s) => s.text)).to.deep.equal(["a", "b"]);
    // docaddress has no anchor key (anchoraddress does).
    const doc = ast("news:x", "docaddress");
    expect(doc.address!.production).to.equal("generic");
    expect(doc).to.not.have.property("anchor");
  });
});

describe("draft-1993 literal case (grammar/draft-1993/README.md): letters are case-sensitive", () => {
  it("the spelled letters of a scheme production match lower case only", () => {
    for (const [scheme, rule] of Object.entries(SCHEME_RULES)) {
      const ok = parse(`${scheme}:`, { spec: SPEC, rule });
      const upper = parse(`${scheme.toUpperCase()}:`, { spec: SPEC, rule });
      expect(upper.ok, `${rule} on upper case`).to.equal(false);
      if (!upper.ok) expect(upper.error.offset, `${rule} fails at the first letter`).to.equal(0);
      // The lower-case spelling gets past the scheme (fails later or not at all).
      if (!ok.ok) expect(ok.error.offset, rule).to.be.greaterThan(scheme.length);
    }
  });

  it("an upper-case scheme is another scheme: generic decides, and generic has no '//'", () => {
    const r = parse("HTTP://info.cern.ch/", { spec: SPEC });
    expect(r.ok).to.equal(false);
    expect(r.production).to.equal("generic");
    if (!r.ok) expect(r.error.offset).to.equal(5);
    const news = parse("NEWS:*", { spec: SPEC });
    expect([news.ok, news.production]).to.deep.equal([true, "generic"]);
  });

  it("alpha has both cases, so hosts, paths and generic schemes take upper case", () => {
    expect(parse("http://INFO.CERN.CH/Hyper/Text", { spec: SPEC }).ok).to.equal(true);
    expect(parse("Foo:Bar", { spec: SPEC }).ok).to.equal(true);
  });
});

describe("draft-1993 scheme-aware selection", () => {
  const revision = getRevision(SPEC)!;

  it("picks the scheme's own production (inside anchoraddress), else generic", () => {
    for (const [scheme, rule] of Object.entries(SCHEME_RULES)) {
      expect(defaultRule(revision, `${scheme}://x`)).to.deep.equal({ rule: `${rule}_anchored`, production: rule });
    }
    for (const input of ["x-foo:bar", "mailto:a@b", "Http://h/", "file://h/x", "no-colon", "", ":", "http"]) {
      expect(defaultRule(revision, input), input).to.deep.equal({ rule: "generic_anchored", production: "generic" });
    }
    for (const name of ["generic_anchored", ...Object.values(SCHEME_RULES).map((r) => `${r}_anchored`)]) {
      expect(findRule(revision, name), name).to.not.equal(undefined);
    }
  });

  it("an http URL that only generic derives is invalid with no rule, valid with the top rule", () => {
    const input = "http:foo";
    const aware = parse(input, { spec: SPEC });
    expect(aware.ok).to.equal(false);
    expect(aware.production).to.equal("httpaddress");
    if (!aware.ok) {
      expect(aware.error.offset).to.equal(5);
      expect(aware.error.rule).to.equal("httpaddress");
    }
    const literal = parse(input, { spec: SPEC, rule: "anchoraddress" });
    expect(literal.ok).to.equal(true);
    expect(literal.production).to.equal(undefined);
    if (literal.ok) expect((literal.ast as Draft1993Ast).address!.production).to.equal("generic");
  });

  it("a news URL that only generic derives: invalid with no rule, valid with docaddress", () => {
    expect(parse("news:a/b", { spec: SPEC }).ok).to.equal(false);
    expect(parse("news:a/b", { spec: SPEC, rule: "docaddress" }).ok).to.equal(true);
  });

  it("the anchor stays allowed under every scheme production", () => {
    for (const input of ["http://h/p#a", "ftp://h/p#a", "news:*#a", "wais://h/d#a", "prospero://p#a", "telnet://h#a", "gopher://h#a", "afs://c/p#a", "x:p#a"]) {
      const r = parse(input, { spec: SPEC });
      expect(r.ok, input).to.equal(true);
      expect((r as { ast: Draft1993Ast }).ast.anchor!.text).to.equal("a");
    }
  });
});

describe("draft-1993 long inputs (repetition, not recursion)", () => {
  const MB = 1 << 20;
  const KB256 = 1 << 18;
  it("a 1 MB path segment, 1 MB of path segments and a 1 MB telnet user parse", function () {
    this.timeout(20000);
    const one = parse("http://h/" + "a".repeat(MB), { spec: SPEC });
    expect(one.ok).to.equal(true);
    expect((one as { ast: Draft1993Ast }).ast.address!.text.length).to.equal(MB + 9);
    const many = parse("http://h/" + "a/".repeat(MB / 2), { spec: SPEC });
    expect(many.ok).to.equal(true);
    const a = (many as { ast: Draft1993Ast }).ast.address!;
    if (a.production !== "httpaddress") throw new Error("expected httpaddress");
    expect(a.path!.segments.length).to.equal(MB / 2 + 1);
    const telnet = parse("telnet://" + "u".repeat(MB) + "@h", { spec: SPEC });
    expect(telnet.ok).to.equal(true);
  });

  it("long searches, groups and '@' runs parse (256 KB each)", function () {
    this.timeout(20000);
    expect(parse("abc:x?" + "k+".repeat(KB256 / 2) + "k", { spec: SPEC }).ok).to.equal(true);
    expect(parse("news:" + "a.".repeat(KB256 / 2) + "b", { spec: SPEC }).ok).to.equal(true);
    expect(parse("news:" + "@1".repeat(KB256 / 2) + "@h", { spec: SPEC }).ok).to.equal(true);
  });

  it("a 256 KB input with one bad character at the end is rejected at that offset", function () {
    this.timeout(20000);
    const input = "http://h/" + "a".repeat(KB256) + "~";
    const r = parse(input, { spec: SPEC });
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.error.offset).to.equal(input.length - 1);
  });
});

describe("draft-1993 PEG = published grammar read as a CFG", () => {
  const revision = getRevision(SPEC)!;
  const loaded = loadPublishedGrammar(SPEC);
  if (!loaded || !loaded.ok) throw new Error(`grammar/draft-1993/published.adhoc-bnf: ${loaded ? loaded.errors.join("; ") : "not registered"}`);
  const published: PublishedGrammar = loaded.grammar;
  /** The published grammar's verdict (the Earley recognizer), by published rule name. */
  function cfg(rule: string, input: string, grammar: PublishedGrammar = published): boolean {
    const v = recognize(compiled(grammar), rule, input);
    if (v === null) throw new Error(`no published rule ${rule}`);
    return v;
  }
  /** The generated scanner alone (no error report), by published rule name. */
  function peg(rule: string, input: string): boolean {
    return accepts(revision, findRule(revision, rule)!.pegName, input);
  }

  function* strings(alphabet: string, max: number): Generator<string> {
    let level = [""];
    yield "";
    for (let n = 1; n <= max; n++) {
      const next: string[] = [];
      for (const s of level) for (const c of alphabet) next.push(s + c);
      yield* next;
      level = next;
    }
  }

  const exhaustive: [string, string, string, number][] = [
    // rule, prefix, alphabet, longest body
    ["article", "", "a1.@", 5],
    ["groupart", "", "a1.@*", 5],
    ["telnetaddress", "telnet://", "a1.@:", 5],
    ["path", "", "a/+", 6],
    ["search", "", "a+", 6],
    ["hostport", "", "a1.:", 6],
    ["waisaddress", "wais://h/", "a/1?", 5],
    ["gopheraddress", "gopher://h", "a/1?", 5],
    ["generic", "", "a1:/?", 5],
    ["anchoraddress", "", "a:/#@", 5],
  ];
  for (const [rule, prefix, alphabet, max] of exhaustive) {
    it(`${rule}: every string ${prefix}<${JSON.stringify(alphabet)} up to ${max}>`, function () {
      this.timeout(20000);
      let valid = 0;
      for (const body of strings(alphabet, max)) {
        const input = prefix + body;
        const expected = cfg(rule, input);
        if (expected) valid++;
        expect(peg(rule, input), `${rule} ${JSON.stringify(input)}`).to.equal(expected);
      }
      expect(valid, "some inputs are valid").to.be.greaterThan(0);
    });
  }

  it("the '@' splits of article and telnetaddress: every sequence of up to 4 tokens around hostnumbers", function () {
    this.timeout(20000);
    const tokens = ["1", ".", "@", "a", "1.1.1.1", ":1", "#a", "1.1.1"];
    let level = [""];
    const all = [""];
    for (let n = 1; n <= 4; n++) {
      level = level.flatMap((s) => tokens.map((t) => s + t));
      all.push(...level);
    }
    for (const [rule, prefix] of [["article", ""], ["telnetaddress", "telnet://"], ["anchoraddress", "news:"]]) {
      let valid = 0;
      for (const body of all) {
        const input = prefix + body;
        const expected = cfg(rule, input);
        if (expected) valid++;
        expect(peg(rule, input), `${rule} ${JSON.stringify(input)}`).to.equal(expected);
      }
      expect(valid, rule).to.be.greaterThan(100);
    }
  });

  it("every rule, on inputs generated from the published grammar and then mutated (seeded)", function () {
    this.timeout(20000);
    let seed = 1993;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const generator = new Derivations(published, 1993);
    const noise = "a1.@/?+#:*-Z%~";
    const rules = published.rules.map((r) => r.name);
    let valid = 0;
    let total = 0;
    for (let n = 0; n < 3000; n++) {
      const rule = n % 2 === 0 ? "anchoraddress" : rules[random(rules.length)];
      let input = generator.derive(rule, 5 + random(30));
      for (let m = random(3); m > 0; m--) {
        const i = random(input.length + 1);
        const c = noise[random(noise.length)];
        input = [input.slice(0, i) + c + input.slice(i), input.slice(0, i) + input.slice(i + 1), input.slice(0, i) + c + input.slice(i + 1)][random(3)];
      }
      if (input.length > 40) continue;
      const expected = cfg(rule, input);
      total++;
      if (expected) valid++;
      expect(peg(rule, input), `${rule} ${JSON.stringify(input)}`).to.equal(expected);
    }
    expect(valid).to.be.greaterThan(total / 5);
    expect(total - valid).to.be.greaterThan(total / 5);
  });

  it("the published file repairs the same rules, with the same words, as grammar/draft-1993/grammar.peggy", () => {
    const peggy = revision.rules.filter((r) => r.kind !== "helper" && r.repairs.length > 0);
    const bnf = published.rules.filter((r) => r.repairs.length > 0);
    expect(bnf.map((r) => r.name)).to.deep.equal(peggy.map((r) => r.published));
    for (const r of bnf) expect(r.repairs, r.name).to.deep.equal(findRule(revision, r.name)!.repairs);
    expect(bnf.length).to.equal(9);
  });

  it("the judge itself agrees with every row of grammar/draft-1993/cases.tsv", () => {
    const rows = readTable("grammar/draft-1993/cases.tsv");
    expect(rows.length).to.be.greaterThan(150);
    for (const row of rows) {
      const { grammar, rule } = row.rule === "*" ? publishedStart(revision, published, row.input) : { grammar: published, rule: row.rule };
      expect(cfg(rule, row.input, grammar), `draft-1993.tsv:${row.line} ${row.rule} ${JSON.stringify(row.input)}`).to.equal(row.valid);
    }
  });

  it("with no rule: the scheme's production inside anchoraddress, or generic", () => {
    const inputs = ["http:foo", "http://h/x#a", "news:a/b", "news:*", "ftp:x", "ftp://h/", "HTTP://h/", "x:y#z", "telnet:h", "wais://h/d/t/1/", "gopher://h/1", "afs://c/", "prospero:x", "abc"];
    for (const input of inputs) {
      // The scheme's production, written apart from grammar/draft-1993/descriptor.ts.
      const colon = input.indexOf(":");
      const production = (colon >= 0 && SCHEME_RULES[input.slice(0, colon)]) || "generic";
      const { grammar, rule } = publishedStart(revision, published, input);
      expect(rule, input).to.equal(`${production}_anchored`);
      // The rule built from the published grammar is the helper: production [ # anchorid ].
      const anchored = grammar.rules.find((r) => r.name === rule)!;
      expect(showExpr(anchored.expr), rule).to.equal(`${production} [ "#" anchorid ]`);
      expect(parse(input, { spec: SPEC }).ok, input).to.equal(cfg(rule, input, grammar));
    }
  });
});

describe("draft-1993 components (Revision.components: compare, diff, matrix)", () => {
  it("compare 'http://a/~b': draft-1993 rejects at the '~' (no xalpha), draft-1997 accepts", () => {
    const [a, b] = ok(compareInput("http://a/~b", [SPEC, "draft-1997"])).cells;
    expect(a.valid).to.equal(false);
    expect(a.error!.offset).to.equal(9);
    expect(a.production).to.equal("httpaddress");
    expect(b.valid).to.equal(true);
    expect(b.differs).to.include("verdict");
  });

  it("compare names the components as the document does: hostport, search, anchorid", () => {
    const [a, b] = ok(compareInput("http://a:80/b/c?x+y#f", [SPEC, "draft-1997"])).cells;
    expect(a.valid).to.equal(true);
    const c = a.components!;
    expect(c.authority).to.include({ name: "hostport", text: "a:80" });
    expect(c.host).to.include({ name: "host", text: "a" });
    expect(c.port).to.include({ name: "port", text: "80" });
    // The document's path follows the "/" after hostport.
    expect(c.path).to.include({ name: "path", text: "b/c" });
    expect(c.query).to.include({ name: "search", text: "x+y" });
    expect(c.fragment).to.include({ name: "anchorid", text: "f" });
    expect(c.scheme, "httpaddress spells h t t p: no scheme rule").to.equal(undefined);
    expect(b.components!.query).to.include({ name: "query", text: "x+y" });
    expect(b.differs).to.include("path");
    expect(b.differs).to.not.include("host");
  });

  it("generic has the scheme rule; newsaddress has no path; telnet's user is no component node", () => {
    const g = ok(compareInput("x-y:a/b?c#d", [SPEC])).cells[0].components!;
    expect(g.scheme).to.include({ name: "scheme", text: "x-y" });
    expect(g.path!.text).to.equal("a/b");
    expect(g.query).to.include({ name: "search", text: "c" });
    const n = ok(compareInput("news:comp.x", [SPEC])).cells[0];
    expect(n.valid).to.equal(true);
    expect(n.components!.path).to.equal(undefined);
    const p = ok(compareInput("prospero://p/q", [SPEC])).cells[0].components!;
    expect(p.path!.text).to.equal("p/q");
    expect(p.host).to.equal(undefined);
  });

  it("diff draft-1993 draft-1997 lists character-class changes and renamed components", () => {
    const d = diffRevisions(getRevision(SPEC)!, getRevision("draft-1997")!);
    const change = (ch: string) => d.classes!.find((x) => x.char === ch);
    expect(change("+")).to.deep.equal({ char: "+", a: ["xpalpha"], b: ["reserved"] });
    expect(change("~")).to.deep.equal({ char: "~", a: [], b: ["mark", "unreserved"] });
    expect(change("%")).to.deep.equal({ char: "%", a: ["xalpha", "xpalpha"], b: ["delims"] });
    const query = d.components!.find((c) => c.key === "query")!;
    expect(query).to.include({ nameA: "search", nameB: "query" });
    expect(query.onlyB).to.include("~");
    const fragment = d.components!.find((c) => c.key === "fragment")!;
    expect(fragment).to.include({ nameA: "anchorid", nameB: "fragment" });
    expect(d.notes.join(" ")).to.match(/draft-1993 has no password/);
  });

  it("matrix: the classes are the document's (alpha, digit, alphanum, xalpha, xpalpha)", () => {
    const t = characterTableOf(getRevision(SPEC)!)!;
    const row = (ch: string) => t.rows.find((r) => r.char === ch)!;
    expect(row("+").classes).to.deep.equal(["xpalpha"]);
    expect(row("7").classes).to.deep.equal(["digit", "alphanum", "xalpha", "xpalpha"]);
    expect(row("/").classes).to.deep.equal([]);
    expect(row("+").allowed.segment).to.equal(true);
    expect(row("+").allowed.host).to.equal(false);
  });
});

describe("draft-1993 fidelity: the shared check catches planted PEG mistakes", () => {
  const source = pegGrammarSource("draft-1993")!;
  const revision = getRevision(SPEC)!;
  function disagreements(from: string, to: string, rules: string[]): number[] {
    expect(source, "the plant's anchor").to.include(from);
    const parser = peggy.generate(source.replace(from, to), { allowedStartRules: ["*"], output: "parser" });
    const peg = (rule: string, input: string) => {
      try {
        parser.parse(input, { startRule: findRule(revision, rule)!.pegName });
        return { ok: true };
      } catch {
        return { ok: false };
      }
    };
    const r = runFidelity({ spec: SPEC, count: 0, countOther: 300, seed: 1, rules, peg });
    if (r instanceof Error) throw r;
    return r.rules.map((x) => x.disagreements);
  }

  it("path with `void` first (the published order, read as a PEG): every non-empty path is lost", () => {
    const [path] = disagreements("path\n  = xpalphas (\"/\" xpalphas)* (\"/\" void)?\n  / void\n", "path\n  = void\n  / xpalphas (\"/\" xpalphas)* (\"/\" void)?\n", ["path"]);
    expect(path).to.be.above(0);
  });

  it("article stopping only at an '@' before a letter: article ids before a hostnumber are lost", function () {
    this.timeout(20000);
    const from = 'article\n  = xalpha (!("@" ([A-Za-z] / [0-9]+ "." [0-9]+ "." [0-9]+ "." [0-9]+ ![A-Za-z0-9$\\-_@!%^&*().])) xalpha)* "@" host\n';
    const [article] = disagreements(from, 'article\n  = xalpha (!("@" [A-Za-z]) xalpha)* "@" host\n', ["article"]);
    expect(article).to.be.above(0);
  });

  it("the unmodified grammar compiled the same way agrees", () => {
    expect(disagreements("", "", ["path", "article"])).to.deep.equal([0, 0]);
  });
});
