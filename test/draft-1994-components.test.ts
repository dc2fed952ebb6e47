// draft-1994's component map (grammar/draft-1994/descriptor.ts `components`) as compare, diff and matrix
// show it: the draft's own words (hostport, search), the rules of the http production, no scheme or
// fragment part. The verdicts and single characters are rows of test/data/ops/*.tsv.
import { expect } from "chai";
import { ok } from "./support/ok";
import { PassThrough } from "node:stream";
import { main } from "../src/cli/main";
import type { Io } from "../src/cli/io";
import { characterTableOf } from "../src/ops/characters";
import { compareInput } from "../src/ops/compare";
import { diffRevisions } from "../src/ops/diff";
import { getRevision, type Revision } from "../src/revisions";

async function run(argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const io: Io = { out: (t) => void (out += t), err: () => undefined, stdin: new PassThrough() };
  const code = await main(argv, io);
  return { code, out };
}

const rev = (id: string): Revision => getRevision(id)!;

describe("draft-1994 components (compare, diff, matrix)", () => {
  it("compare 'http://a/~b': draft-1994 rejects at the national \"~\" (offset 9), decided by httpaddress", () => {
    const cell = ok(compareInput("http://a/~b", ["draft-1994"])).cells[0];
    expect(cell.valid).to.equal(false);
    expect(cell.production).to.equal("httpaddress");
    expect(cell.error!.offset).to.equal(9);
    expect(cell.error!.reason).to.match(/national/);
  });

  it("compare names the http production's parts as the draft does: hostport, user, password, host, port, path, search", () => {
    const [a, b] = ok(compareInput("http://a.b:80/c/d?e+f", ["draft-1994", "draft-1997"])).cells;
    expect(a.valid).to.equal(true);
    expect(a.components!.authority).to.include({ name: "hostport", text: "a.b:80" });
    expect(a.components!.host).to.include({ name: "host", text: "a.b" });
    expect(a.components!.port).to.include({ name: "port", text: "80" });
    expect(a.components!.path).to.include({ name: "path", text: "/c/d" });
    expect(a.components!.query).to.include({ name: "search", text: "e+f" });
    expect(a.components!.scheme).to.equal(undefined);
    // Same texts as draft-1997 for every part both have: only the scheme (draft-1994 has none) and the
    // deciding production (httpaddress, a scheme's own) differ.
    expect(b.differs).to.deep.equal(["production", "scheme"]);
    const ftp = ok(compareInput("URL:ftp://u:p@h/x/yI", ["draft-1994"])).cells[0];
    expect(ftp.production).to.equal("prefixedurl");
    expect(ftp.components!.userinfo).to.include({ name: "user", text: "u" });
    expect(ftp.components!.password).to.include({ name: "password", text: "p" });
    expect(ftp.components!.authority!.text).to.equal("h");
    expect(ftp.components!.path!.text).to.equal("/x/yI");
  });

  it("a production without \"//\" has no path: the draft has no scheme part to start it after", () => {
    const news = ok(compareInput("news:a.b", ["draft-1994"])).cells[0];
    expect(news.valid).to.equal(true);
    expect(news.components).to.deep.equal({});
  });

  it("the compare text shows draft-1994's verdict and its words", async () => {
    const r = await run(["compare", "http://a.b:80/c/d?e+f", "http://a/~b"]);
    expect(r.out).to.match(/search "e\+f"/);
    expect(r.out).to.match(/hostport/);
    expect(r.out).to.match(/\(national\)/);
  });

  it("diff draft-1994 rfc1738 lists rule changes", () => {
    const d = diffRevisions(rev("draft-1994"), rev("rfc1738"));
    expect(d.rules.unchanged).to.include.members(["host", "port"]);
    expect(d.rules.changed.map((c) => c.name)).to.include.members(["hostname", "login", "search", "safe"]);
    expect(d.rules.removed.map((c) => c.name)).to.include.members(["prefixedurl", "httpaddress", "xalphas"]);
    expect(d.rules.added.map((c) => c.name)).to.include.members(["genericurl", "httpurl", "toplabel"]);
  });

  it("diff draft-1994 draft-1997 lists character-class changes and the parts only one side has", () => {
    const d = diffRevisions(rev("draft-1994"), rev("draft-1997"));
    const change = (c: string) => d.classes!.find((x) => x.char === c);
    expect(change("~")).to.deep.equal({ char: "~", a: ["national"], b: ["mark", "unreserved"] });
    expect(change("@")).to.deep.equal({ char: "@", a: ["safe"], b: ["reserved"] });
    expect(change("%")).to.deep.equal({ char: "%", a: [], b: ["delims"] });
    const query = d.components!.find((c) => c.key === "query")!;
    expect([query.nameA, query.nameB]).to.deep.equal(["search", "query"]);
    expect(query.onlyB).to.include.members(["/", "?", "~"]);
    expect(d.notes).to.include("draft-1994 has no scheme component (draft-1997 calls it scheme)");
  });

  it("matrix: every printable character gets the draft's class, and its parts their columns", async () => {
    const table = characterTableOf(rev("draft-1994"))!;
    expect(table.components.map((c) => c.name)).to.deep.equal(["user", "password", "host", "port", "segment", "search"]);
    const classes = (c: string) => table.rows.find((r) => r.char === c)!.classes;
    expect(classes("{")).to.deep.equal(["national"]);
    expect(classes("<")).to.deep.equal(["punctuation"]);
    expect(classes("=")).to.deep.equal(["reserved"]);
    const csv = await run(["matrix", "--spec", "draft-1994", "--csv"]);
    expect(csv.out).to.match(/^draft-1994,~,0x7E,national,/m);
  });
});
