// compare, diff, matrix, explain and the security notes (src/ops/, src/cli/commands/).
import { expect } from "chai";
import { ok } from "./support/ok";
import { characterTableOf } from "../src/ops/characters";
import { compareInput } from "../src/ops/compare";
import { diffRevisions, normalizeRuleText } from "../src/ops/diff";
import { explain } from "../src/ops/explain";
import { lint } from "../src/ops/lint";
import { parse } from "../src/parse";
import { availableSpecIds, getRevision, type Revision, type SpecId } from "../src/revisions";
import { readOpsTable } from "./support/ops-table";
import { runCli } from "./support/run-cli";

const run = runCli;

const rev = (id: string): Revision => getRevision(id)!;

describe("table ops/characters.tsv (character classes and unescaped characters, computed)", () => {
  for (const { line, cols } of readOpsTable("characters.tsv", 6)) {
    const [spec, char, classes, component, allowed, source] = cols;
    it(`${spec} ${JSON.stringify(char)} is ${classes} and ${allowed === "yes" ? "may" : "may not"} appear unescaped in ${component} (${source})`, () => {
      const table = characterTableOf(rev(spec))!;
      const row = table.rows.find((r) => r.char === char);
      expect(row, `ops/characters.tsv:${line}: no row for ${char}`).to.not.equal(undefined);
      expect(row!.classes.join(" ") || "-", `ops/characters.tsv:${line}: classes`).to.equal(classes);
      expect(row!.allowed[component as "host"], `ops/characters.tsv:${line}: ${component}`).to.equal(allowed === "yes");
    });
  }
});

describe("table ops/lint.tsv (security notes)", () => {
  for (const { line, cols } of readOpsTable("lint.tsv", 5)) {
    const [spec, input, code, fires, source] = cols;
    it(`${spec} ${JSON.stringify(input)}: ${code} ${fires === "yes" ? "fires" : "does not fire"} (${source})`, () => {
      // An invalid input is parse()'s error value, with no notes.
      const r = lint(input, { spec: spec as SpecId });
      const notes = r.ok ? r.notes : [];
      const codes = notes.map((n) => n.code);
      expect(codes.includes(code as never), `ops/lint.tsv:${line}: notes ${JSON.stringify(codes)}`).to.equal(fires === "yes");
      // Each note names the section it comes from (rfc6874 §2-§4 on zones, rfc3987 §4 on bidi IRIs).
      for (const n of notes) expect(n.message).to.match(/§7|§6|rfc6874 §[234]|rfc3987 §4/);
    });
  }
});

describe("table ops/compare.tsv (verdict per revision)", () => {
  for (const { line, cols } of readOpsTable("compare.tsv", 5)) {
    const [input, spec, verdict, offset, source] = cols;
    it(`${JSON.stringify(input)} under ${spec} is ${verdict} (${source})`, () => {
      const cell = ok(compareInput(input, [spec])).cells[0];
      expect(cell.valid, `ops/compare.tsv:${line}`).to.equal(verdict === "valid");
      if (verdict === "invalid" && offset !== "-") expect(cell.error!.offset, `ops/compare.tsv:${line}: offset`).to.equal(Number(offset));
    });
  }
});

/** Whether http://[::1]/ is valid: RFC 2732 brought the brackets (each row a revision on either side). */
const IPV6_LITERAL: readonly (readonly [SpecId, boolean])[] = [
  ["draft-1997", false],
  ["rfc2396", false],
  ["rfc2732", true],
  ["draft-2003", true],
  ["rfc3986", true],
  ["rfc6874", true],
];

describe("compare", () => {
  it("loops over the registry, oldest first", () => {
    expect(ok(compareInput("http://a/")).cells.map((c) => c.spec)).to.deep.equal(availableSpecIds());
  });

  it("http://[::1]/: the revisions since RFC 2732 accept, the ones before do not, and rfc2732's cell is marked as differing", () => {
    const r = ok(compareInput("http://[::1]/"));
    for (const [spec, valid] of IPV6_LITERAL) expect(r.cells.find((c) => c.spec === spec)!.valid, spec).to.equal(valid);
    const c2732 = r.cells.find((c) => c.spec === "rfc2732")!;
    expect(c2732.differs).to.include("verdict");
    expect(c2732.components!.host!.text).to.equal("[::1]");
    const c2003 = r.cells.find((c) => c.spec === "draft-2003")!;
    expect(c2003.differs).to.not.include("verdict");
    expect(c2003.components!.host!.text).to.equal("[::1]");
    expect(r.cells.find((c) => c.spec === "rfc3986")!.components!.host!.text).to.equal("[::1]");
  });

  it("http://a:b/ and http://[v1.x]/: draft-2003 and rfc3986 part ways (reg-name lost \":\"; IPvFuture is new)", () => {
    const verdicts = (input: string) => ok(compareInput(input, ["draft-2003", "rfc3986"])).cells.map((c) => c.valid);
    expect(verdicts("http://a:b/")).to.deep.equal([true, false]);
    expect(verdicts("http://[v1.x]/")).to.deep.equal([false, true]);
    const [, c3986] = ok(compareInput("http://[v1.x]/", ["draft-2003", "rfc3986"])).cells;
    expect(c3986.differs).to.include("verdict");
  });

  it("names the components as each revision does (site vs authority, user vs userinfo)", () => {
    const r = ok(compareInput("ftp://u:p@h:21/a;type=i?x#y", ["draft-1997", "draft-2003"]));
    const [a, b] = r.cells;
    expect(a.components!.authority).to.include({ name: "site", text: "u:p@h:21" });
    expect(b.components!.authority).to.include({ name: "authority", text: "u:p@h:21" });
    expect(a.components!.userinfo).to.include({ name: "user", text: "u" });
    expect(a.components!.password!.text).to.equal("p");
    expect(b.components!.userinfo).to.include({ name: "userinfo", text: "u:p" });
    expect(b.components!.password).to.equal(undefined);
    expect(b.differs).to.include.members(["userinfo", "password"]);
    expect(b.differs).to.not.include("host");
    expect(a.components!.path!.text).to.equal("/a;type=i");
    expect(a.components!.query!.text).to.equal("x");
  });

  it("the text form fits 100 columns and marks differing cells; --json gives the same cells", async () => {
    const input = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm?" + "q".repeat(120);
    const t = await run(["compare", input, "http://[::1]/"]);
    expect(t.code).to.equal(1);
    for (const l of t.out.split("\n")) expect(l.length, l).to.be.at.most(100);
    expect(t.out).to.match(/valid \*/);
    const j = await run(["compare", "--json", "http://[::1]/"]);
    const rec = JSON.parse(j.out);
    for (const [spec, valid] of IPV6_LITERAL) expect(rec.cells.find((c: { spec: string }) => c.spec === spec).valid, spec).to.equal(valid);
    expect(rec.cells.find((c: { spec: string }) => c.spec === "draft-1997").error.offset).to.equal(7);
  });

  it("http://a/~b: rfc1738 rejects the '~' (national, §5), the later revisions accept it", () => {
    const r = ok(compareInput("http://a/~b", ["rfc1738", "draft-1997"]));
    const [c1738, c1997] = r.cells;
    const [c2003] = ok(compareInput("http://a/~b", ["draft-2003"])).cells;
    expect(c1738).to.include({ valid: false, production: "httpurl" });
    expect(c1738.error).to.include({ offset: 9, rule: "hsegment", found: "~" });
    expect(c1738.error!.reason).to.match(/national/);
    expect([c1997.valid, c2003.valid]).to.deep.equal([true, true]);
    expect(c1997.differs).to.include("verdict");
  });

  it("rfc1738 components under the document's words (hostport, hpath, search), user and password from login", () => {
    const [http] = ok(compareInput("http://a.b:80/c/d?e", ["rfc1738"])).cells;
    expect(http.components!.authority).to.include({ name: "hostport", text: "a.b:80" });
    expect(http.components!.path).to.include({ name: "hpath", text: "/c/d" });
    expect(http.components!.query).to.include({ name: "search", text: "e" });
    expect(http.components!.fragment).to.equal(undefined);
    const [ftp] = ok(compareInput("ftp://u:p@h:21/a;type=i", ["rfc1738"])).cells;
    expect(ftp.components!.userinfo).to.include({ name: "user", text: "u" });
    expect(ftp.components!.password!.text).to.equal("p");
    expect(ftp.components!.path!.text).to.equal("/a;type=i");
  });

  it("an unknown revision in --specs is a usage error", async () => {
    expect((await run(["compare", "--specs", "draft-1997,nope", "http://a/"])).code).to.equal(2);
  });
});

describe("diff", () => {
  const d = diffRevisions(rev("draft-1997"), rev("draft-2003"));

  it("[ and ] become reserved in draft-2003 (unwise in draft-1997 §2.4.3)", () => {
    const change = (c: string) => d.classes!.find((x) => x.char === c);
    expect(change("[")).to.deep.equal({ char: "[", a: ["unwise"], b: ["reserved"] });
    expect(change("]")).to.deep.equal({ char: "]", a: ["unwise"], b: ["reserved"] });
    expect(change("$")!.b).to.deep.equal(["reserved"]);
  });

  it("~ keeps its class (mark) from draft-1997 to draft-2003; letters do not differ by ALPHA/alpha spelling", () => {
    expect(d.classes!.find((x) => x.char === "~")).to.equal(undefined);
    expect(d.classes!.find((x) => x.char === "a")).to.equal(undefined);
  });

  it("computes where characters may appear: ':' enters userinfo, '[' enters host", () => {
    const userinfo = d.components!.find((c) => c.key === "userinfo")!;
    expect(userinfo.onlyB).to.include(":");
    expect(userinfo).to.include({ nameA: "user", nameB: "userinfo" });
    const host = d.components!.find((c) => c.key === "host")!;
    expect(host.onlyB).to.include.members(["[", "]", ":"]);
    expect(host.onlyA).to.deep.equal([]);
    expect(d.notes.join(" ")).to.match(/draft-2003 has no password/);
  });

  it("lists rules added, removed and changed, in each side's published notation", () => {
    expect(d.rules.added.map((r) => r.name)).to.include.members(["IPv6address", "reg-name", "userinfo"]);
    expect(d.rules.removed.map((r) => r.name)).to.include.members(["urlc", "site", "hostnumber"]);
    const reserved = d.rules.changed.find((r) => r.name === "reserved")!;
    expect(reserved.a.text[0]).to.contain('";" | "/"');
    expect(reserved.b.text[0]).to.contain('"[" / "]"');
    expect(d.rules.unchanged).to.include("hostport");
    expect(normalizeRuleText(['a = b | "c" ; note'])).to.equal(normalizeRuleText(["a = b / \"c\""]));
  });

  it("follows the grammar: a revision whose mark rule stops matching ~ loses the class", () => {
    const real = rev("draft-1997");
    const patched: Revision = {
      ...real,
      scanner: {
        ...real.scanner,
        scan(start: number, input: string) {
          if (start === real.scanner.START.mark && input === "~") return 0;
          return real.scanner.scan(start, input);
        },
      },
    };
    const c = diffRevisions(real, patched).classes!.find((x) => x.char === "~");
    expect(c).to.deep.equal({ char: "~", a: ["mark", "unreserved"], b: ["unreserved"] });
  });

  it("CLI text and JSON", async () => {
    const t = await run(["diff", "draft-1997", "draft-2003"]);
    expect(t.code).to.equal(0);
    expect(t.out).to.match(/"\["\s+unwise\s+reserved/);
    const j = JSON.parse((await run(["diff", "--json", "draft-1997", "draft-2003"])).out);
    expect(j.a).to.equal("draft-1997");
    expect((await run(["diff", "draft-1997", "rfc9999"])).code).to.equal(2);
  });
});

describe("diff rfc1738 draft-1997", () => {
  const d = diffRevisions(rev("rfc1738"), rev("draft-1997"));
  const change = (c: string) => d.classes!.find((x) => x.char === c);

  it("'~' moves from national to mark, '+' from safe to reserved", () => {
    expect(change("~")).to.deep.equal({ char: "~", a: ["national"], b: ["mark", "unreserved"] });
    expect(change("+")).to.deep.equal({ char: "+", a: ["safe", "unreserved"], b: ["reserved"] });
    expect(change("[")).to.deep.equal({ char: "[", a: ["national"], b: ["unwise"] });
  });

  it("components are paired by role under each document's name; rfc1738 has no fragment", () => {
    const query = d.components!.find((c) => c.key === "query")!;
    expect(query).to.include({ nameA: "search", nameB: "query" });
    expect(query.onlyB).to.include.members(["/", "?", "~"]);
    const segment = d.components!.find((c) => c.key === "segment")!;
    expect(segment).to.include({ nameA: "hsegment", nameB: "segment" });
    expect(segment.onlyB).to.deep.equal(["~"]);
    expect(d.notes.join(" ")).to.match(/rfc1738 has no fragment/);
  });
});

describe("matrix", () => {
  it("CSV: one line per printable ASCII character and %XX per revision", async () => {
    const r = await run(["matrix", "--csv"]);
    const lines = r.out.trimEnd().split("\n");
    expect(lines[0]).to.equal("spec,char,code,classes,scheme,userinfo,password,host,port,segment,query,fragment");
    expect(lines.length).to.equal(1 + 96 * availableSpecIds().filter((id) => getRevision(id)!.components).length);
    expect(lines).to.include("draft-2003,[,0x5B,reserved,0,0,,1,0,0,0,0");
    expect(lines).to.include("draft-1997,[,0x5B,unwise,0,0,0,0,0,0,0,0");
  });

  it("--spec selects revisions; JSON carries the tables", async () => {
    const j = JSON.parse((await run(["matrix", "--json", "--spec", "draft-1997"])).out);
    expect(j.specs).to.deep.equal(["draft-1997"]);
    expect(j.tables[0].rows).to.have.length(96);
  });
});

describe("explain", () => {
  it("a valid input: the derivation with each rule's substring, tagged by component", () => {
    const x = ok(explain("http://a/b?c", "draft-2003"));
    expect(x.valid).to.equal(true);
    expect(x.tree!.rule).to.equal("URI-reference");
    const flat: { rule: string; text: string; component: string | null }[] = [];
    const walk = (n: NonNullable<typeof x.tree>) => {
      flat.push(n);
      n.children.forEach(walk);
    };
    walk(x.tree!);
    expect(flat.find((n) => n.rule === "host")).to.include({ text: "a", component: "host" });
    expect(flat.find((n) => n.rule === "query")).to.include({ text: "c", component: "query" });
    expect(flat.some((n) => n.rule === "ALPHA")).to.equal(false);
  });

  it("colours only when asked, never with --no-color", async () => {
    const plain = await run(["explain", "--no-color", "http://u@a/"]);
    expect(plain.out).to.not.contain("\x1b[");
    expect(plain.out).to.contain('userinfo "u"');
    const { explainText } = await import("../src/cli/commands/explain");
    expect(explainText(ok(explain("http://u@a/", "draft-2003")), true)).to.contain("\x1b[1;31m");
  });

  it("an invalid input: the character, offset, rule, what it allows, its class and the escape", async () => {
    const r = await run(["explain", "--spec", "draft-1997", "http://a/b[1]"]);
    expect(r.code).to.equal(1);
    const x = ok(explain("http://a/b[1]", "draft-1997"));
    expect(x.sentence).to.contain('"[" at offset 10');
    expect(x.sentence).to.contain("segment (draft-1997 §4.3.2)");
    expect(x.sentence).to.contain("`unwise` in draft-1997 §2.4.3");
    expect(x.sentence).to.contain("%5B");
    expect(x.sentence).to.match(/draft-2003 \(offset 10\)[^.]* it too/);
  });

  it("says which other revisions accept the input", () => {
    const others = ok(compareInput("http://[::1]/")).cells.filter((c) => c.valid && c.spec !== "rfc2732").map((c) => c.spec);
    expect(others.length).to.be.greaterThan(2);
    expect(ok(explain("http://[::1]/", "draft-1997")).sentence).to.contain(`${others.join(", ")} accept it`);
  });

  it("a bad escape gets escape advice, not a class", () => {
    expect(ok(explain("http://a/b%zz", "draft-2003")).sentence).to.contain('"%" at offset 10 starts an escape');
  });

  it("given the parse and the other verdicts (as the explorer passes them), explains exactly as it does alone", () => {
    for (const input of ["http://a/b?c", "http://a/b[1]", "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", "", "http://[::1]/"]) {
      const verdicts = availableSpecIds().map((spec) => {
        const o = parse(input, { spec });
        return o.ok ? { spec, valid: true } : { spec, valid: false, offset: o.error.offset ?? undefined };
      });
      for (const spec of availableSpecIds()) {
        const given = explain(input, { spec, parsed: parse(input, { spec, tree: true }), others: verdicts.filter((v) => v.spec !== spec) });
        expect(given, `${spec} ${JSON.stringify(input)}`).to.deep.equal(explain(input, { spec }));
      }
    }
  });

  it("uses the verdicts it is given (they are not recomputed)", () => {
    const others = [{ spec: "no-such-revision", valid: true }];
    expect(ok(explain("http://a/b[1]", { spec: "draft-1997", others })).sentence).to.contain("no-such-revision accepts it");
  });

  it("the §7.5 example gets a semantic-attack warning under draft-2003", async () => {
    const r = await run(["explain", "--spec", "draft-2003", "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"]);
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/warning: The userinfo begins with "www\.example\.com"/);
    expect(r.out).to.contain("draft-2003 §7.5");
  });
});

describe("check --lint", () => {
  it("adds warnings without changing validity", async () => {
    const input = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    const plain = await run(["check", input]);
    const linted = await run(["check", "--lint", input]);
    expect(plain.out).to.not.contain("warning:");
    expect(linted.out).to.contain("warning:");
    expect(linted.code).to.equal(0);
    expect(plain.code).to.equal(0);
    const j = JSON.parse((await run(["check", "--lint", "--json", "http://a:25/"])).out);
    expect(j.valid).to.equal(true);
    expect(j.notes.map((n: { code: string }) => n.code)).to.deep.equal(["non-default-port"]);
  });
});

describe("a revision without a component map", () => {
  const bare: Revision = { ...rev("draft-1997"), components: undefined };

  it("is skipped with a note, not an error", () => {
    expect(characterTableOf(bare)).to.equal(null);
    const d = diffRevisions(bare, rev("draft-2003"));
    expect(d.classes).to.equal(null);
    expect(d.notes.join(" ")).to.match(/no component map/);
    expect(d.rules.changed.length).to.be.greaterThan(0);
  });
});
