// The resolve, normalize and equivalent commands: output, exit status, --json, --all-specs.
import { expect } from "chai";
import { readResolutionTable } from "./support/resolution-table";
import { Readable } from "node:stream";
import { main } from "../src/cli/main";
import { SPEC_IDS, type SpecId } from "../src/revisions";
import type { Io } from "../src/cli/io";

async function run(argv: string[], stdin = ""): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdin: Readable.from([Buffer.from(stdin)]) };
  const code = await main(argv, io);
  return { code, out, err };
}

const BASE = "http://a/b/c/d;p?q";

/**
 * `resolve --all-specs`'s table read back: its panels (a header line above a "---+---" rule, then a
 * row per reference, a cell wrapped onto lines whose label is blank), merged by reference.
 */
function readPanels(text: string): { specs: string[]; rows: Map<string, { cells: Record<string, string>; differs: boolean }> } {
  const lines = text.split("\n");
  const specs: string[] = [];
  const rows = new Map<string, { cells: Record<string, string>; differs: boolean }>();
  for (let i = 0; i < lines.length; i++) {
    if (!/^-+-\+-/.test(lines[i + 1] ?? "")) continue;
    const heads = lines[i].split(" | ").slice(1).map((h) => h.trim());
    specs.push(...heads);
    let last: { cells: Record<string, string>; differs: boolean } | null = null;
    for (let j = i + 2; j < lines.length && lines[j].trim() !== ""; j++) {
      const [label, ...cells] = lines[j].split(/ \|(?: |$)/);
      if (label.trim() === "" && last) {
        heads.forEach((h, k) => (last!.cells[h] = `${last!.cells[h]} ${cells[k]?.trim() ?? ""}`.trim()));
        continue;
      }
      const reference = label.trim().replace(/ ≠$/, "");
      last = rows.get(reference) ?? { cells: {}, differs: label.trim().endsWith("≠") };
      heads.forEach((h, k) => (last!.cells[h] = cells[k]?.trim() ?? ""));
      rows.set(reference, last);
    }
  }
  return { specs, rows };
}
/** What `resolve --all-specs` prints in a cell: reference, revision, answer (the base is BASE). */
const ALL_SPECS_CELLS: readonly (readonly [string, SpecId, string])[] = [
  ["?y", "rfc1808", "http://a/b/c/d;p?y"],
  ["?y", "draft-1997", "http://a/b/c/?y"],
  ["?y", "rfc2396", "error: invalid-reference"],
  ["?y", "rfc2732", "error: invalid-reference"],
  ["?y", "draft-2003", "http://a/b/c/d;p?y"],
  ["?y", "rfc3986", "http://a/b/c/d;p?y"],
  ["?y", "rfc3987", "http://a/b/c/d;p?y"],
  ["?y", "rfc6874", "http://a/b/c/d;p?y"],
  ["g?y/./x", "rfc1808", "http://a/b/c/g?y/./x"],
  ["g?y/./x", "draft-1997", "http://a/b/c/g?y/x"],
  ["g?y/./x", "rfc2396", "http://a/b/c/g?y/./x"],
  ["g?y/./x", "rfc2732", "http://a/b/c/g?y/./x"],
  ["g?y/./x", "draft-2003", "http://a/b/c/g?y/./x"],
  ["g?y/./x", "rfc3986", "http://a/b/c/g?y/./x"],
  ["g?y/./x", "rfc3987", "http://a/b/c/g?y/./x"],
  ["g?y/./x", "rfc6874", "http://a/b/c/g?y/./x"],
  ["http:g", "rfc1808", "http:g"],
  ["http:g", "draft-1997", "http:g"],
  ["http:g", "rfc2396", "http:g (non-strict: http://a/b/c/g)"],
  ["http:g", "rfc2732", "http:g (non-strict: http://a/b/c/g)"],
  ["http:g", "draft-2003", "http://a/b/c/g (validating: http:g)"],
  ["http:g", "rfc3986", "http:g (non-strict: http://a/b/c/g)"],
  ["http:g", "rfc3987", "http:g (non-strict: http://a/b/c/g)"],
  ["http:g", "rfc6874", "http:g (non-strict: http://a/b/c/g)"],
];

describe("cli: resolve", () => {
  it("prints REF = ANSWER lines, as Appendix C does", async () => {
    const r = await run(["resolve", BASE, "g", "", "#s", "?y"]);
    expect(r.code).to.equal(0);
    expect(r.out).to.equal("g = http://a/b/c/g\n<> = (current document)\n#s = (current document)#s\n?y = http://a/b/c/d;p?y\n");
  });
  it("--spec draft-1997 and --strict change the answers the documents say they change", async () => {
    expect((await run(["resolve", "--spec", "draft-1997", BASE, "g?y/./x"])).out).to.equal("g?y/./x = http://a/b/c/g?y/x\n");
    expect((await run(["resolve", BASE, "http:g"])).out).to.equal("http:g = http://a/b/c/g\n");
    expect((await run(["resolve", "--strict", BASE, "http:g"])).out).to.equal("http:g = http:g\n");
  });
  it("--all-specs shows every revision side by side and marks the differences (the issue's done-when)", async () => {
    const r = await run(["resolve", "--all-specs", BASE, "?y", "g?y/./x", "http:g", "g"]);
    // 1: one cell is an error (rfc2396 rejects "?y", below), and stderr says why.
    expect(r.code).to.equal(1);
    expect(r.err).to.include('rfc2396: "?y": The reference is not an rfc2396 URI-reference');
    const t = readPanels(r.out);
    expect(t.specs).to.deep.equal([...SPEC_IDS]);
    const cell = (ref: string, spec: string) => t.rows.get(ref)!.cells[spec];
    // rfc2396's Appendix A derives no "?y" (relativeURI needs a path before "?"), though its Appendix C resolves it;
    // rfc3987 and rfc6874 resolve as rfc3986 (RFC 3987 §6.5; RFC 6874 changes only IP-literal), and the
    // revisions whose algorithm offers the strict choice show the other answer beside theirs.
    for (const [ref, spec, answer] of ALL_SPECS_CELLS) expect(cell(ref, spec), `${ref} under ${spec}`).to.equal(answer);
    expect(SPEC_IDS.map((spec) => cell("g", spec))).to.deep.equal(SPEC_IDS.map((spec) => (spec === "draft-1994" ? "not defined [1]" : spec === "rfc1738" ? "not defined [2]" : "http://a/b/c/g")));
    expect(["?y", "g?y/./x", "http:g", "g"].map((ref) => t.rows.get(ref)!.differs)).to.deep.equal([true, true, true, false]);
    expect(r.out.replace(/\s+/g, " ")).to.include("Fragment identifiers and partial URLs are not involved in the basic URL definition.");
    expect(r.out.replace(/\s+/g, " ")).to.include("Relative links are not described in this document.");
  });
  it("--all-specs fits the width: at most 100 columns off a terminal (issue 41 item 7: one line of 326)", async () => {
    const r = await run(["resolve", "--all-specs", BASE, "?y", "g?y/./x", "http:g", "g", "../../../g"]);
    const widest = Math.max(...r.out.split("\n").map((l) => [...l].length));
    expect(widest).to.be.at.most(100);
    expect(readPanels(r.out).specs).to.have.length(SPEC_IDS.length);
  });
  it("--all-specs answers RFC 1808 §5's examples as printed, and marks where the drafts answer otherwise", async () => {
    // §5's base is http://a/b/c/d;p?q#f; the other revisions take no fragment in a base, so the
    // table runs on the drafts' base, and RFC 1808's empty reference gives that base (§4 step 2a).
    const examples = readResolutionTable("section-5-rfc1808.tsv");
    const r = await run(["resolve", "--all-specs", BASE, ...examples.map((c) => c.reference)]);
    // 1: rfc2396 and rfc2732 reject "?y" (their Appendix A needs a path before "?"; see above).
    expect(r.code).to.equal(1);
    expect(r.err).to.include('rfc2396: "?y"');
    expect(r.err).not.to.include("rfc1808:");
    const t = readPanels(r.out);
    const differing: string[] = [];
    for (const c of examples) {
      const shown = c.reference === "" ? "<>" : c.reference;
      const row = t.rows.get(shown)!;
      expect(row.cells["rfc1808"], shown).to.equal(c.reference === "" ? BASE : c.expected);
      // The drafts' own answers (draft-2003's first, before its validating one).
      const drafts = ["draft-1997", "draft-2003"].map((d) => row.cells[d].replace(/ \(.*\)$/, ""));
      if (drafts.some((d) => d !== row.cells["rfc1808"])) {
        differing.push(shown);
        expect(row.differs, `${shown} is marked`).to.equal(true);
      }
    }
    // grammar/rfc1808/README.md, "Where RFC 1808 differs from the drafts".
    expect(differing).to.deep.equal(["?y", "g?y/./x", "#s", ";x", "<>", "http:g", "http:"]);
  });
  it("--json gives result values; an invalid reference exits 1, an unknown spec 2", async () => {
    const j = await run(["resolve", "--json", BASE, "#s"]);
    expect(JSON.parse(j.out)).to.deep.include({ ok: true, kind: "current-document", fragment: "s", spec: "draft-2003" });
    const all = await run(["resolve", "--json", "--all-specs", BASE, "g"]);
    expect(JSON.parse(all.out).results.rfc1738.kind).to.equal("not-defined");
    const bad = await run(["resolve", BASE, "a b"]);
    expect(bad.code).to.equal(1);
    expect(bad.err).to.include("%20");
    expect((await run(["resolve", "--spec", "draft-9", BASE, "g"])).code).to.equal(2);
    expect((await run(["resolve", "--dot-segments", "error", BASE, "../../../g"])).code).to.equal(1);
  });
});

describe("cli: normalize and equivalent", () => {
  it("equivalent exits 0 for the §6.2.2 pair (the issue's done-when), 1 on the string rung, 2 on bad input", async () => {
    expect((await run(["equivalent", "--spec", "draft-2003", "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"])).code).to.equal(0);
    expect((await run(["equivalent", "--level", "string", "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a"])).code).to.equal(1);
    expect((await run(["equivalent", "http://a/", "a b"])).code).to.equal(2);
    expect((await run(["equivalent", "--level", "bogus", "a", "b"])).code).to.equal(2);
    const j = await run(["equivalent", "--json", "http://example.com/", "http://example.com:80/"]);
    expect(JSON.parse(j.out)).to.deep.include({ ok: true, equivalent: true, level: "scheme" });
  });
  it("normalize prints normal forms, reads '-' line by line, and explains with --steps", async () => {
    const r = await run(["normalize", "-"], "http://a:80/\nHTTP://A/\n");
    expect(r.out).to.equal("http://a/\nhttp://a/\n");
    const s = await run(["normalize", "--steps", "HTTP://a/./b"]);
    expect(s.out).to.include("draft-2003 §6.2.2.1").and.include("draft-2003 §6.2.2.3");
    expect((await run(["normalize", "--spec", "draft-1997", "--level", "syntax", "http://WWW.XEROX.com:80/"])).out).to.equal("http://www.xerox.com:80/\n");
    expect((await run(["normalize", "--spec", "rfc1738", "http://a/"])).code).to.equal(2);
    expect((await run(["normalize", "a b"])).code).to.equal(1);
  });
  it("every new command has examples in --help", async () => {
    for (const cmd of ["resolve", "normalize", "equivalent"]) {
      const r = await run([cmd, "--help"]);
      expect(r.code, cmd).to.equal(0);
      expect(r.out, cmd).to.include("Examples:").and.include(`$ uri-grammars ${cmd}`);
    }
  });
});

describe("cli: build", () => {
  it("writes the reference with each component escaped for the revision", async () => {
    const r = await run(["build", "--spec", "rfc3986", "--scheme", "https", "--host", "example.com", "--path", "/a b/ü", "--query", "q=1 2"]);
    expect([r.code, r.out]).to.deep.equal([0, "https://example.com/a%20b/%C3%BC?q=1%202\n"]);
    const s = await run(["build", "--scheme", "http", "--host", "h", "--segment", "a/b", "--segment", "c"]);
    expect(s.out).to.equal("http://h/a%2Fb/c\n");
  });
  it("refuses what the revision cannot write: exit 1 and the sentence; --json gives the error value; an unknown spec is exit 2", async () => {
    const r = await run(["build", "--spec", "draft-1997", "--scheme", "http", "--host", "a b"]);
    expect(r.code).to.equal(1);
    expect(r.err).to.match(/^cannot build: The host cannot be written in draft-1997/);
    const j = await run(["build", "--json", "--host", "a", "--path", "b"]);
    expect(j.code).to.equal(1);
    expect(JSON.parse(j.out).error.code).to.equal("not-expressible");
    expect((await run(["build", "--spec", "rfc-1738", "--path", "a"])).code).to.equal(2);
  });
});

describe("cli: mistyped specs and inputs that look like options", () => {
  it('--spec rfc-1738 is exit 2 with a suggestion ("rfc1738"); so is the API\'s message', async () => {
    const r = await run(["check", "--spec", "rfc-1738", "http://a/"]);
    expect(r.code).to.equal(2);
    expect(r.err).to.include('Did you mean "rfc1738"?');
    expect((await run(["check", "--spec", "rfc9999", "http://a/"])).err).not.to.include("Did you mean");
    const { parse } = await import("../src");
    const p = parse("x", { spec: "Draft2003" as never });
    expect(!p.ok && p.error.message).to.include('Did you mean "draft-2003"?');
  });
  it('an input starting with "-" is an unknown option (exit 2) with a hint to put "--" before it, which works', async () => {
    const r = await run(["check", "-a/b"]);
    expect(r.code).to.equal(2);
    expect(r.err).to.include(`put "--" before the inputs: uri-grammars check -- '-a/b'`);
    const ok = await run(["check", "--spec", "rfc3986", "--", "-a/b"]);
    expect(ok.code).to.equal(0);
  });
});
