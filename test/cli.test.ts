// The command-line tool: exit statuses, JSON lines, verbatim standard input, usage errors.
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Readable } from "node:stream";
import { main, specIdsInAnyCase } from "../src/cli/main";
import { SPEC_IDS } from "../src/revisions";
import { runCliWithInput } from "./support/run-cli";

/** The CLI in this process, with this standard input (test/support/run-cli.ts). */
const run = (argv: string[], stdin = "") => runCliWithInput(argv, stdin);

describe("uri-grammars check", () => {
  it("exits 0 for a valid input and 1 for an invalid one, naming the offset", async () => {
    expect((await run(["check", "--spec", "draft-2003", "--rule", "IPv4address", "255.255.255.255"])).code).to.equal(0);
    const bad = await run(["check", "--spec", "draft-2003", "--rule", "IPv6address", "1::2::3"]);
    expect(bad.code).to.equal(1);
    expect(bad.out).to.contain("At offset 5");
    expect(bad.out).to.contain("     ^"); // caret under offset 5, after the two-space indent
    expect((await run(["check", "--spec", "draft-2003", "--rule", "IPv4address", "256.1.1.1"])).code).to.equal(1);
  });
  it("exits 1 when any of several inputs is invalid, and answers each in order", async () => {
    const r = await run(["check", "--json", "http://a/", "http://a b/", "x"]);
    expect(r.code).to.equal(1);
    const lines = r.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.input, l.valid])).to.deep.equal([["http://a/", true], ["http://a b/", false], ["x", true]]);
    expect(lines[0]).to.deep.equal({ version: 1, ok: true, input: "http://a/", spec: "draft-2003", rule: "URI-reference", valid: true, verdict: "valid" });
    expect(lines[1].error.offset).to.equal(8);
  });
  it("exits 2 on an unknown spec or rule and says which exist", async () => {
    const spec = await run(["check", "--spec", "rfc9999", "x"]);
    expect(spec.code).to.equal(2);
    expect(spec.err).to.contain(SPEC_IDS.join(", "));
    const rule = await run(["check", "--rule", "nosuchrule", "x"]);
    expect(rule.code).to.equal(2);
    expect(rule.err).to.contain("IPv6address");
    expect((await run(["check", "--bogus", "x"])).code).to.equal(2);
    expect((await run(["nosuchcommand"])).code).to.equal(2);
  });
  it("takes revision ids in any case (--spec RFC3986, --spec=Draft-1997, --specs RFC3986,Whatwg); inputs after -- stay as written", async () => {
    const upper = await run(["check", "--json", "--spec", "RFC3986", "http://a/"]);
    expect([upper.code, JSON.parse(upper.out).spec]).to.deep.equal([0, "rfc3986"]);
    const eq = await run(["check", "--json", "--spec=Draft-1997", "http://a/"]);
    expect([eq.code, JSON.parse(eq.out).spec]).to.deep.equal([0, "draft-1997"]);
    expect(specIdsInAnyCase(["compare", "--specs", "RFC3986, Whatwg", "--", "--spec", "RFC3986"])).to.deep.equal(["compare", "--specs", "rfc3986,whatwg", "--", "--spec", "RFC3986"]);
    // An id that is no revision's in any case is still refused (exit 2).
    expect((await run(["check", "--spec", "RFC9999", "x"])).code).to.equal(2);
  });
  it("says an rfc3986 and a draft-2003 (issue 41 item 7: \"a rfc3986 reference\")", async () => {
    const r = await run(["check", "--spec", "rfc3986", "http://a/{"]);
    expect(r.out).to.contain('"http://a/{" is not an rfc3986 URI-reference');
    expect(r.out).to.contain("anywhere in an rfc3986 reference");
    expect((await run(["check", "--spec", "draft-2003", "http://a/"])).out).to.contain("is a draft-2003 URI-reference");
  });
  it("an argument that names a file gets a note saying how to check the file's lines (issue 41 item 7); a URL or --json gets none", async () => {
    const file = join(__dirname, "..", "..", "package.json");
    const r = await run(["check", file]);
    expect(r.out).to.contain(`note: a file of this name exists`);
    expect(r.out).to.contain(`--input ${file}`);
    expect((await run(["check", "http://a/"])).out).to.not.contain("note:");
    expect((await run(["check", "--json", file])).out).to.not.contain("note:");
  });
  it("reads standard input with '-': one input per line, verbatim, no line dropped", async () => {
    const r = await run(["check", "--json", "-"], "http://a/\n\n http://a/\r\nhttp://a/ \nlast");
    const lines = r.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.input)).to.deep.equal(["http://a/", "", " http://a/", "http://a/ ", "last"]);
    expect(lines.map((l) => l.valid)).to.deep.equal([true, true, false, false, true]);
    expect(r.code).to.equal(1);
  });
  it("answers a line with invalid UTF-8 or a NUL byte instead of dropping it", async () => {
    let out = "";
    const stdin = Readable.from([Buffer.from([0x61, 0xff, 0x0a, 0x62, 0x00, 0x0a, 0x63, 0x0a])]);
    const code = await main(["check", "--json", "-"], { out: (t) => void (out += t), err: () => undefined, stdin });
    const lines = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.valid)).to.deep.equal([false, false, true]);
    expect(code).to.equal(1);
  });
  it("prints help with examples and exits 0", async () => {
    for (const argv of [["--help"], ["check", "--help"], ["parse", "--help"], ["specs", "--help"]]) {
      const r = await run(argv);
      expect(r.code, argv.join(" ")).to.equal(0);
      expect(r.out, argv.join(" ")).to.contain("Example");
    }
  });
});

describe("uri-grammars parse and specs", () => {
  it("prints the AST as JSON", async () => {
    const r = await run(["parse", "http://a/?"]);
    expect(r.code).to.equal(0);
    const ast = JSON.parse(r.out);
    expect(ast.query).to.deep.equal({ text: "", span: { start: 10, end: 10 } });
    expect(ast.fragment).to.equal(null);
  });
  it("prints the derivation with --tree", async () => {
    const r = await run(["parse", "--tree", "--rule", "authority", "a@b:1"]);
    expect(JSON.parse(r.out).tree.rule).to.equal("authority");
  });
  it("prints the error and exits 1 for an invalid input", async () => {
    const r = await run(["parse", "http://a b"]);
    expect(r.code).to.equal(1);
    expect(JSON.parse(r.out).error.offset).to.equal(8);
  });
  it("lists the revisions", async () => {
    const r = await run(["specs", "--json"]);
    expect(JSON.parse(r.out).specs.map((s: { id: string }) => s.id)).to.include("draft-2003");
  });
});

describe("bin/uri-grammars", () => {
  it("runs as a program with the documented exit statuses", () => {
    const bin = join(__dirname, "..", "..", "bin", "uri-grammars");
    const ok = spawnSync(process.execPath, [bin, "check", "http://[::1]:8080/a/b?c#d"], { encoding: "utf8" });
    expect(ok.status).to.equal(0);
    expect(ok.stdout).to.contain("valid");
    const bad = spawnSync(process.execPath, [bin, "check", "--spec", "draft-2003", "--rule", "IPv6address", "1::2::3"], { encoding: "utf8" });
    expect(bad.status).to.equal(1);
    const usage = spawnSync(process.execPath, [bin, "check", "--spec", "nope", "x"], { encoding: "utf8" });
    expect(usage.status).to.equal(2);
  });
});
