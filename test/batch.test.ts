// Batch mode (`check -`, `compare -`; src/cli/batch.ts): input order with worker threads, one answer
// per input line whatever the bytes, summary counts, exit statuses. Correctness only: timing lives in
// `npm run bench:batch`.
import type { SpecId } from "../src/revisions";
import { expect } from "chai";
import { Readable } from "node:stream";
import { firstInvalidUtf8 } from "../src/cli/batch";
import { main } from "../src/cli/main";
import { parse } from "../src";

async function run(argv: string[], chunks: Buffer[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t), stdin: Readable.from(chunks) });
  return { code, out, err };
}

const jsonLines = (out: string) => out.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));

/** Cuts `bytes` into chunks of `size` bytes (so lines and UTF-8 sequences straddle chunk boundaries). */
function chunked(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe("batch: check - with --jobs keeps input order", () => {
  const inputs = Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? `http://a b/${i}` : i % 7 === 0 ? `http://[::1/${i}` : `http://a/${i}`));
  const valid = inputs.map((s) => parse(s, { spec: "draft-2003" }).ok);
  const stdin = Buffer.from(inputs.join("\n") + "\n", "utf8");
  for (const jobs of ["1", "3"]) {
    it(`--jobs ${jobs}: ${inputs.length} lines of mixed validity come back in order, one JSON line each`, async () => {
      const r = await run(["check", "--json", "--jobs", jobs, "-"], chunked(stdin, 97));
      const lines = jsonLines(r.out);
      expect(lines.map((l) => l.input)).to.deep.equal(inputs);
      expect(lines.map((l) => l.valid)).to.deep.equal(valid);
      expect(valid).to.include(true).and.to.include(false);
      expect(r.code).to.equal(1);
    });
  }
  it("--jobs 3: compare - answers in order too", async () => {
    const few = inputs.slice(0, 30);
    const r = await run(["compare", "--json", "--jobs", "3", "--specs", "draft-1997,draft-2003", "-"], chunked(Buffer.from(few.join("\n"), "utf8"), 50));
    expect(jsonLines(r.out).map((l) => l.input)).to.deep.equal(few);
  });
});

describe("batch: one answer per input line for nasty inputs", () => {
  const big = "http://a/" + "b".repeat(3 * 1024 * 1024); // a line of several MB, under the limit
  const parts: Buffer[] = [
    Buffer.from("http://a/\r\n"), // CRLF: one CR removed
    Buffer.from("http://a/\r\r\n"), // only one CR removed: the other is data (invalid)
    Buffer.from("a\rb\n"), // a lone CR inside a line is data
    Buffer.from([0x61, 0x62, 0x63, 0xff, 0x0a]), // invalid UTF-8 at byte 3
    Buffer.from([0xe2, 0x82, 0x0a]), // a truncated UTF-8 sequence at byte 0
    Buffer.from([0xc3, 0xa9, 0xed, 0xa0, 0x80, 0x0a]), // a UTF-8-encoded surrogate at byte 2
    Buffer.from("a\u0000b\n"), // NUL
    Buffer.from("\n"), // empty line (valid: a same-document reference)
    Buffer.from(big + "\n"),
    Buffer.from("http://a/" + "c".repeat(5000) + "\n"), // over --max-line-bytes 4096 below
    Buffer.from("http://a/é\n"),
    Buffer.from("last\r"), // no LF: the CR stays (invalid)
  ];
  const expected: [string | null, boolean, string | null][] = [
    ["http://a/", true, null],
    ["http://a/\r", false, "syntax"],
    ["a\rb", false, "syntax"],
    [null, false, "invalid-utf8"],
    [null, false, "invalid-utf8"],
    [null, false, "invalid-utf8"],
    ["a\u0000b", false, "syntax"],
    ["", true, null],
    [null, true, null],
    [null, true, null], // valid here; over the limit in the --max-line-bytes 4096 test
    ["http://a/é", false, "syntax"],
    ["last\r", false, "syntax"],
  ];
  const stdin = Buffer.concat(parts);
  for (const [jobs, size] of [["1", 65536], ["2", 1000], ["1", 7919]] as const) {
    it(`--jobs ${jobs}, chunks of ${size} bytes: ${parts.length} lines in, ${parts.length} JSON lines out`, async () => {
      const r = await run(["check", "--json", "--jobs", jobs, "--max-line-bytes", String(4 * 1024 * 1024), "-"], chunked(stdin, size));
      const lines = jsonLines(r.out);
      expect(r.out.split("\n").length - 1).to.equal(parts.length);
      expect(lines.length).to.equal(parts.length);
      lines.forEach((l, i) => {
        const [input, valid, code] = expected[i];
        if (input !== null) expect(l.input, `line ${i}`).to.equal(input);
        expect(l.valid, `line ${i}`).to.equal(valid);
        expect(l.error?.code ?? null, `line ${i}`).to.equal(code);
      });
      expect(lines[3].error.message).to.contain("invalid UTF-8 at byte 3 of the line");
      expect(lines[4].error.byte).to.equal(0);
      expect(lines[5].error.byte).to.equal(2);
      expect(lines[8].input.length).to.equal(big.length);
      expect(r.code).to.equal(1);
    });
  }
  it("chunks of 1 byte: lines and UTF-8 sequences cut anywhere are still answered one by one", async () => {
    const small = Buffer.concat([parts[3], parts[0], parts[5], parts[10], parts[11]]);
    const lines = jsonLines((await run(["check", "--json", "-"], chunked(small, 1))).out);
    expect(lines.map((l) => l.error?.byte ?? l.input)).to.deep.equal([3, "http://a/", 2, "http://a/é", "last\r"]);
  });
  it("a line over --max-line-bytes gets a per-line 'line too long' answer; the next line is still judged", async () => {
    const r = await run(["check", "--json", "--max-line-bytes", "4096", "-"], chunked(stdin, 1500));
    const lines = jsonLines(r.out);
    expect(lines.length).to.equal(parts.length);
    expect(lines[8].error.code).to.equal("line-too-long");
    expect(lines[8].error.bytes).to.equal(big.length);
    expect(lines[9].error.code).to.equal("line-too-long");
    expect(lines[9].error.message).to.contain("line too long");
    expect(lines[10].input).to.equal("http://a/é");
  });
  it("text mode answers every line too (one block per line, each starting with its verdict)", async () => {
    const r = await run(["check", "--max-line-bytes", "4096", "-"], chunked(stdin, 4096));
    const heads = r.out.split("\n").filter((l) => /^(valid|invalid) /.test(l));
    expect(heads.length).to.equal(parts.length);
    expect(r.out).to.contain("invalid UTF-8 at byte 3 of the line");
  });
  it("empty standard input gives no output; a final line without LF is answered", async () => {
    expect((await run(["check", "--json", "-"], [])).out).to.equal("");
    expect(jsonLines((await run(["check", "--json", "-"], [Buffer.from("a\nb")])).out).map((l) => l.input)).to.deep.equal(["a", "b"]);
  });
  it("firstInvalidUtf8 follows RFC 3629: overlongs, surrogates and code points above U+10FFFF are invalid", () => {
    expect(firstInvalidUtf8(Buffer.from("aé€😀", "utf8"))).to.equal(-1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc0, 0xaf]))).to.equal(1); // overlong "/"
    expect(firstInvalidUtf8(Buffer.from([0xe0, 0x80, 0xaf]))).to.equal(0); // overlong
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).to.equal(0); // above U+10FFFF
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x62, 0x80]))).to.equal(2); // lone continuation byte
  });
});

describe("batch: --summary and exit statuses", () => {
  const stdin = [Buffer.from("http://a/\nhttp://a b/\nhttp://a b/\nhttp://[::1/\n\n", "utf8"), Buffer.from([0xff, 0x0a])];
  it("--json --summary: a last line {summary: true} with counts per verdict and per failing rule", async () => {
    const r = await run(["check", "--json", "--summary", "--jobs", "2", "-"], stdin);
    const lines = jsonLines(r.out);
    expect(lines.length).to.equal(7); // 6 input lines (one is empty) + the summary
    expect(lines[6]).to.deep.equal({ version: 1, ok: false, summary: true, lines: 6, verdicts: { valid: 2, invalid: 3, "invalid UTF-8": 1 }, rules: { "URI-reference": 2, IPv6reference: 1 } });
    expect(r.err).to.equal("");
  });
  it("text --summary goes to standard error", async () => {
    const r = await run(["check", "--summary", "-"], stdin);
    expect(r.err).to.match(/summary: 6 lines/);
    expect(r.err).to.match(/ 3 {2}invalid\n/);
    expect(r.err).to.match(/ 2 {2}URI-reference\n/);
    expect(r.out).not.to.contain("summary");
  });
  it("compare --summary counts per revision pattern and per revision's failing rule", async () => {
    const r = await run(["compare", "--json", "--summary", "--specs", "draft-1997,draft-2003", "-"], [Buffer.from("http://a/\nhttp://[::1]/\n")]);
    const s = jsonLines(r.out).pop();
    expect(s.lines).to.equal(2);
    expect(s.verdicts).to.deep.equal({ "valid in all": 1, "valid only in draft-2003": 1 });
    expect(Object.keys(s.rules)).to.have.length(1);
    expect(Object.keys(s.rules)[0]).to.match(/^draft-1997: /);
  });
  it("exit 1 when a line is invalid, 0 with --exit-zero, 0 when all are valid, 2 on a usage error even with --exit-zero", async () => {
    expect((await run(["check", "-"], stdin)).code).to.equal(1);
    expect((await run(["check", "--exit-zero", "-"], stdin)).code).to.equal(0);
    expect((await run(["check", "--exit-zero", "--jobs", "2", "-"], stdin)).code).to.equal(0);
    expect((await run(["compare", "--exit-zero", "-"], stdin)).code).to.equal(0);
    expect((await run(["compare", "-"], stdin)).code).to.equal(1);
    expect((await run(["check", "-"], [Buffer.from("http://a/\n\n")])).code).to.equal(0);
    expect((await run(["check", "--exit-zero", "http://a b/"], [])).code).to.equal(0);
    expect((await run(["check", "--exit-zero", "--spec", "nosuch", "-"], stdin)).code).to.equal(2);
    expect((await run(["check", "--exit-zero", "--jobs", "0", "-"], stdin)).code).to.equal(2);
    expect((await run(["compare", "--exit-zero", "--specs", "nosuch", "-"], stdin)).code).to.equal(2);
  });
});

describe("10 MB inputs parse via the API without an exception (one shape per revision; no timing) @slow", () => {
  const MB = 1 << 20;
  const cases: [SpecId, string][] = [
    ["draft-1993", "http://a/" + "%41".repeat(Math.floor((10 * MB) / 3))],
    ["draft-1994", "http://a/b?" + "q".repeat(10 * MB)],
    ["rfc1738", "http://a/b?" + "q".repeat(10 * MB)],
    ["draft-1997", "http://a/b?" + "q".repeat(10 * MB)],
    ["draft-2003", "http://a/b?" + "q".repeat(10 * MB)],
  ];
  for (const [spec, input] of cases) {
    it(`${spec}: ${input.length} characters starting ${JSON.stringify(input.slice(0, 14))} is valid`, () => {
      const r = parse(input, { spec });
      expect(r.ok).to.equal(true);
    });
  }
});
