// `diff draft-2003 rfc3986`: what RFC 3986 changed from the March 2003 draft. The golden file
// test/data/golden/diff-draft-2003-rfc3986.txt is the CLI's text output, read by a person line by line
// when it was written (rules added, removed and changed, the class table, the host characters); the
// assertions below name the changes issue 19 lists, so a regenerated golden file cannot hide them.
// To regenerate after a deliberate change: `node bin/uri-grammars diff draft-2003 rfc3986 > test/data/golden/diff-draft-2003-rfc3986.txt`, then read it.
import { ok } from "./support/ok";
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { main } from "../src/cli/main";
import type { Io } from "../src/cli/io";
import { diffSpecs } from "../src/ops/diff";
import { DATA_DIR } from "./support/table";

async function run(argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const io: Io = { out: (t) => void (out += t), err: () => undefined, stdin: new PassThrough() };
  const code = await main(argv, io);
  return { code, out };
}

describe("diff draft-2003 rfc3986", () => {
  const d = ok(diffSpecs("draft-2003", "rfc3986"));
  const names = (xs: { name: string }[]) => xs.map((x) => x.name);

  it("prints exactly the golden text a person has read", async () => {
    const r = await run(["diff", "draft-2003", "rfc3986"]);
    expect(r.code).to.equal(0);
    expect(r.out).to.equal(readFileSync(join(DATA_DIR, "golden", "diff-draft-2003-rfc3986.txt"), "utf8"));
  });

  it("the path rules: five new ones, path and hier-part rewritten, the draft's path rules gone", () => {
    expect(names(d.rules.added)).to.include.members(["path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty", "segment-nz", "segment-nz-nc"]);
    expect(names(d.rules.changed)).to.include.members(["path", "hier-part"]);
    expect(names(d.rules.removed)).to.include.members(["abs-path", "net-path", "rel-path", "rel-segment", "path-segments", "opaque-part"]);
  });

  it("IP-literal and IPvFuture are new; IPv6reference and h4 are gone (h16 instead)", () => {
    expect(names(d.rules.added)).to.include.members(["IP-literal", "IPvFuture", "h16"]);
    expect(names(d.rules.removed)).to.include.members(["IPv6reference", "h4"]);
    expect(names(d.rules.changed)).to.include.members(["host", "IPv6address", "ls32"]);
  });

  it("reg-name changed (no \":\" or \"@\", may be empty), and server, hostport, hostname and qualified are removed", () => {
    const reg = d.rules.changed.find((c) => c.name === "reg-name")!;
    expect(reg.a.text.join(" ")).to.contain('":" / "@"');
    expect(reg.b.text.join(" ")).to.equal("reg-name      = *( unreserved / pct-encoded / sub-delims )");
    expect(names(d.rules.removed)).to.include.members(["server", "qualified", "hostport", "hostname", "domainlabel", "toplabel"]);
  });

  it("dec-octet is the same rule up to notation (parentheses and where the \"/\" stands)", () => {
    expect(d.rules.unchanged).to.include("dec-octet");
    expect(names(d.rules.changed)).to.not.include("dec-octet");
  });

  it("the character classes: mark, delims and unwise are gone, gen-delims and sub-delims split reserved", () => {
    const cls = new Map(d.classes!.map((c) => [c.char, c]));
    expect(cls.get("!")).to.deep.include({ a: ["mark", "unreserved"], b: ["sub-delims", "reserved"] });
    expect(cls.get("*")!.b).to.deep.equal(["sub-delims", "reserved"]);
    expect(cls.get("#")).to.deep.include({ a: ["delims"], b: ["gen-delims", "reserved"] });
    expect(cls.get("[")!.b).to.deep.equal(["gen-delims", "reserved"]);
    expect(cls.get("~")).to.deep.include({ a: ["mark", "unreserved"], b: ["unreserved"] });
    for (const c of ["{", "}", "|", "\\", "^", "`", "<", ">", '"', "%"]) expect(cls.get(c)!.b, c).to.deep.equal([]);
    expect(names(d.rules.removed)).to.include.members(["mark", "delims", "unwise", "uric", "escaped"]);
    expect(names(d.rules.added)).to.include.members(["gen-delims", "sub-delims", "pct-encoded"]);
  });

  it("the host may hold sub-delims, \"_\" and \"~\" and escapes in rfc3986 (reg-name is its host now)", () => {
    const host = d.components!.find((c) => c.key === "host")!;
    expect(host.onlyA).to.deep.equal([]);
    for (const c of ["!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "_", "~", "%XX"]) expect(host.onlyB, c).to.include(c);
  });
});
