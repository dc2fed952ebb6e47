// The CLI's conventions from issue 15: `--version`, and every command either answers each input it
// is given or refuses the extra ones with exit 2 (parse and explain take one input).
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { main } from "../src/cli/main";
import { SPEC_IDS } from "../src/revisions";

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t), stdin: Readable.from([]) });
  return { code, out, err };
}

const VERSION = (JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as { version: string }).version;

describe("uri-grammars --version", () => {
  for (const flag of ["--version", "-V"]) {
    it(`${flag} prints the package's version and exits 0`, async () => {
      const r = await run([flag]);
      expect(r.code).to.equal(0);
      expect(r.out).to.equal(`${VERSION}\n`);
    });
  }
});

describe("uri-grammars: extra inputs are refused, never ignored", () => {
  for (const command of ["parse", "explain"]) {
    it(`${command} with two inputs exits 2 and says so`, async () => {
      const r = await run([command, "http://a/", "http://b/"]);
      expect(r.code).to.equal(2);
      expect(r.err).to.contain("too many arguments");
      expect(r.out).to.equal("");
    });
  }
  it("diff and equivalent take exactly two; check answers every input", async () => {
    expect((await run(["diff", ...SPEC_IDS.slice(0, 3)])).code).to.equal(2);
    expect((await run(["equivalent", "http://a/", "http://a/", "http://a/"])).code).to.equal(2);
    const r = await run(["check", "--json", "http://a/", "http://b/", "http://c/"]);
    expect(r.out.trim().split("\n")).to.have.length(3);
  });
});
