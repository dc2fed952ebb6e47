// The IRI commands of the CLI: to-uri (RFC 3987 §3.1) and to-iri (§3.2) on the document's examples
// (test/data/iri/, the same tables test/iri.test.ts gives the API), their --json, exit statuses and
// error output; and check / compare on IRIs and zone identifiers, the done-when commands.
import { expect } from "chai";
import { Readable } from "node:stream";
import { main } from "../src/cli/main";
import type { Io } from "../src/cli/io";
import { toIRI, toURI } from "../src";
import { readRows } from "./support/table";
import { availableSpecIds, getRevision } from "../src/revisions";

async function run(argv: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdin: Readable.from([Buffer.from(stdin, "utf8")]) };
  const code = await main(argv, io);
  return { code, out, err };
}

/** XML notation as the document prints it: "&#xE9;" is U+00E9 (the last ";" may be missing). */
function xml(text: string): string {
  return text.replace(/&#x([0-9A-Fa-f]+);?/g, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)));
}

const TO_URI = readRows("iri/to-uri.tsv", 3).map(({ line, cols }) => ({ line, iri: xml(cols[0]), uri: cols[1], source: cols[2] }));
const TO_IRI = readRows("iri/to-iri.tsv", 3).map(({ line, cols }) => ({ line, uri: cols[0], iri: xml(cols[1]), source: cols[2] }));

describe("cli: to-uri, RFC 3987 §3.1 (test/data/iri/to-uri.tsv)", () => {
  for (const { line, iri, uri, source } of TO_URI) {
    it(`${JSON.stringify(iri)} -> ${uri} (${source})`, async () => {
      const r = await run(["to-uri", "--", iri]);
      expect(r.code, `iri/to-uri.tsv:${line}`).to.equal(0);
      expect(r.out).to.equal(uri + "\n");
      expect(r.err).to.equal("");
    });
  }

  it("converts every input of one call, in order, one line each; --json gives the API's values", async () => {
    const r = await run(["to-uri", "--", ...TO_URI.map((x) => x.iri)]);
    expect(r.code).to.equal(0);
    expect(r.out).to.equal(TO_URI.map((x) => x.uri + "\n").join(""));
    const json = await run(["to-uri", "--json", "--spec", "rfc3987", "--", ...TO_URI.map((x) => x.iri)]);
    expect(json.out.trim().split("\n").map((l) => JSON.parse(l) as unknown)).to.deep.equal(TO_URI.map((x) => ({ version: 1, ...toURI(x.iri) })));
  });

  it("the issue's done-when: http://例え.jp/パス?q=値, the host percent-encoded (not IDNA)", async () => {
    const r = await run(["to-uri", "http://例え.jp/パス?q=値"]);
    expect(r.out).to.equal("http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4\n");
  });
});

describe("cli: to-iri, RFC 3987 §3.2 (test/data/iri/to-iri.tsv)", () => {
  for (const { line, uri, iri, source } of TO_IRI) {
    it(`${uri} -> ${JSON.stringify(iri)} (${source})`, async () => {
      const r = await run(["to-iri", "--", uri]);
      expect(r.code, `iri/to-iri.tsv:${line}`).to.equal(0);
      expect(r.out).to.equal(iri + "\n");
    });
  }

  it("--json gives the API's values", async () => {
    const json = await run(["to-iri", "--json", "--", ...TO_IRI.map((x) => x.uri)]);
    expect(json.code).to.equal(0);
    expect(json.out.trim().split("\n").map((l) => JSON.parse(l) as unknown)).to.deep.equal(TO_IRI.map((x) => ({ version: 1, ...toIRI(x.uri) })));
  });

  it("to-uri then to-iri gives back every IRI of §3.1's table (§3.2: the mapping back, where the IRI is in the form §3.2 gives)", async () => {
    // §3.2 keeps percent-encodings that decode to a character not allowed (the %09 of red%09rosé).
    for (const { iri } of TO_URI) {
      const uri = (await run(["to-uri", "--", iri])).out.trim();
      const back = (await run(["to-iri", "--", uri])).out.trim();
      expect(back, iri).to.equal(iri);
    }
  });
});

describe("cli: to-uri and to-iri refuse what they cannot convert", () => {
  it("an invalid IRI: exit 1, the error with a caret under it, the other inputs still converted", async () => {
    const r = await run(["to-uri", "http://a/é", "http://a b/", "http://a/\u{1FFFE}"]);
    expect(r.code).to.equal(1);
    expect(r.out).to.equal("http://a/%C3%A9\n");
    expect(r.err).to.contain('invalid  "http://a b/": At offset 8');
    expect(r.err).to.contain("  http://a b/\n          ^");
    // A character above U+FFFF is named by its code point; the expected set is in code points.
    expect(r.err).to.contain("cannot accept U+1FFFE").and.contain("%xE1000-EFFFD");
  });

  it("--json: the error value with the input, exit 1", async () => {
    const r = await run(["to-iri", "--json", "http://a/%zz"]);
    expect(r.code).to.equal(1);
    const v = JSON.parse(r.out) as { ok: boolean; input: string; error: { code: string; offset: number } };
    expect(v).to.deep.include({ ok: false, input: "http://a/%zz" });
    expect(v.error).to.deep.include({ code: "syntax", offset: 10 });
  });

  it("an unknown revision or one that is no IRI revision is a usage error (exit 2) that names the IRI revisions", async () => {
    for (const command of ["to-uri", "to-iri"]) {
      const notIri = await run([command, "--spec", "rfc3986", "http://a/"]);
      expect(notIri.code, command).to.equal(2);
      expect(notIri.err).to.contain("is not an IRI revision").and.contain("rfc3987");
      expect(notIri.out).to.equal("");
      const unknown = await run([command, "--spec", "rfc9999", "http://a/"]);
      expect(unknown.code, command).to.equal(2);
      expect(unknown.err).to.contain('unknown spec "rfc9999"');
    }
  });

  it("help names the section and shows an example", async () => {
    const uri = await run(["to-uri", "--help"]);
    expect(uri.code).to.equal(0);
    expect(uri.out).to.contain("RFC 3987 §3.1").and.contain("$ uri-grammars to-uri 'http://例え.jp/パス?q=値'");
    const iri = await run(["to-iri", "--help"]);
    expect(iri.out).to.contain("RFC 3987 §3.2").and.contain("$ uri-grammars to-iri");
  });
});

describe("cli: check and compare on IRIs and zone identifiers (issue 33's done-when)", () => {
  it("check --spec rfc3987 'http://例え.jp/パス?q=値' is valid (exit 0); rfc3986 refuses it at the host", async () => {
    const iri = await run(["check", "--spec", "rfc3987", "http://例え.jp/パス?q=値"]);
    expect(iri.code).to.equal(0);
    expect(iri.out).to.contain("valid").and.contain("rfc3987 IRI-reference");
    const uri = await run(["check", "--spec", "rfc3986", "http://例え.jp/パス?q=値"]);
    expect(uri.code).to.equal(1);
    expect(uri.out).to.contain("At offset 7");
  });

  it("check --spec rfc6874 'http://[fe80::1%25en0]/' is valid where rfc3986 says invalid at the %", async () => {
    const zone = await run(["check", "--spec", "rfc6874", "http://[fe80::1%25en0]/"]);
    expect(zone.code).to.equal(0);
    const uri = await run(["check", "--spec", "rfc3986", "http://[fe80::1%25en0]/"]);
    expect(uri.code).to.equal(1);
    expect(uri.out).to.contain('At offset 15, IP-literal (rfc3986 §3.2.2) cannot accept "%"');
    expect(uri.out).to.contain("  http://[fe80::1%25en0]/\n                 ^");
  });

  it("check --spec rfc3987: a character above U+FFFF is accepted where ucschar allows it, refused by code point where not, and a lone surrogate is refused at its offset", async () => {
    expect((await run(["check", "--spec", "rfc3987", "http://a/\u{20000}?\u{F0000}#x"])).code).to.equal(0);
    const refused = await run(["check", "--spec", "rfc3987", "http://a/\u{10000}\u{1FFFE}"]);
    expect(refused.code).to.equal(1);
    expect(refused.out).to.contain('At offset 11, IRI (rfc3987 §2.2) cannot accept U+1FFFE "\u{1FFFE}"');
    expect(refused.out).to.contain("%x10000-1FFFD, %x20000-2FFFD").and.contain("%xE1000-EFFFD or end of input");
    expect(refused.out).to.not.match(/\\uD[89AB]/);
    // The caret under the refused character: the pair before it is one column.
    expect(refused.out).to.contain("  http://a/\u{10000}\u{1FFFE}\n            ^");
    const lone = await run(["check", "--spec", "rfc3987", "--json", "http://a/\uD800x"]);
    expect(lone.code).to.equal(1);
    const v = JSON.parse(lone.out.trim().split("\n")[0]) as { error: { offset: number; message: string } };
    expect(v.error.offset).to.equal(9);
    expect(v.error.message).to.contain("lone surrogate U+D800").and.contain("repair the text");
  });

  it("compare shows the revisions over code points (rfc3987, the WHATWG URL Standard's) alone accepting an IRI, rfc6874 and the revisions built on it (a ZoneID rule) alone accepting a zone", async () => {
    const r = await run(["compare", "--json", "http://例え.jp/", "http://[fe80::1%25en0]/"]);
    const rows = r.out.trim().split("\n").map((l) => JSON.parse(l) as { input: string; cells: { spec: string; valid: boolean }[] });
    const valid = (i: number) => rows[i].cells.filter((x) => x.valid).map((x) => x.spec);
    expect(valid(0)).to.deep.equal(availableSpecIds().filter((id) => getRevision(id)!.codePoints === true)).and.include("rfc3987");
    expect(valid(1)).to.deep.equal(availableSpecIds().filter((id) => getRevision(id)!.rules.some((r) => r.published === "ZoneID"))).and.include("rfc6874");
  });
});
