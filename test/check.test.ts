// check() (src/ops/check.ts): the grammar's verdict next to one code per violated policy, and the
// CLI's `check --require --schemes --hosts --ports --no-userinfo --no-password`.
import { expect } from "chai";
import { check, parse, type CheckOptions, type SpecId } from "../src";
import { readOpsTable } from "./support/ops-table";
import { runCliWithInput } from "./support/run-cli";

/** The CLI in this process, with this standard input (test/support/run-cli.ts). */
const run = (argv: string[], stdin = "") => runCliWithInput(argv, stdin);

describe("table ops/check.tsv (policies)", () => {
  for (const { line, cols } of readOpsTable("check.tsv", 6)) {
    const [spec, input, policies, valid, violations, source] = cols;
    it(`${spec} ${JSON.stringify(input)} ${policies}: ${valid}, ${violations} (${source})`, () => {
      const r = check(input, { spec: spec as SpecId, ...(JSON.parse(policies) as CheckOptions) });
      expect(r.valid, `ops/check.tsv:${line}`).to.equal(valid === "valid");
      expect(r.violations.map((v) => v.code), `ops/check.tsv:${line}`).to.deep.equal(violations === "-" ? [] : violations.split(","));
      expect(r.ok).to.equal(r.valid && r.violations.length === 0);
      for (const v of r.violations) expect(v.message).to.match(/\.$/);
    });
  }
});

describe("check(): errors are parse()'s values", () => {
  it("an invalid input carries parse()'s error", () => {
    expect(check("http://a b/").error).to.deep.equal((parse("http://a b/") as { error: unknown }).error);
  });
  it("an unknown spec, rule or component name is an error value, never a throw", () => {
    expect(check("x", { spec: "nope" as SpecId }).error?.code).to.equal("unknown-spec");
    expect(check("x", { rule: "nope" as string }).error?.code).to.equal("unknown-rule");
    expect(check("x", { require: ["nope" as never] }).error?.code).to.equal("invalid-option");
    expect(check(42).error?.code).to.equal("not-a-string");
    expect(check("x", null as never).ok).to.equal(true);
  });
  it("policies need a rule that derives a whole reference; without policies any rule is checked", () => {
    expect(check("a.b", { rule: "host" })).to.include({ ok: true, valid: true });
    const r = check("a.b", { rule: "host", require: ["host"] });
    expect(r).to.include({ ok: false, valid: true });
    expect(r.error?.code).to.equal("not-a-reference");
  });
});

describe("uri-grammars check with policies", () => {
  it("refuses an input that violates a policy: exit 1, one line per violated policy", async () => {
    const r = await run(["check", "--require", "host", "--schemes", "http,https", "--no-password", "ftp://u:p@h/"]);
    expect(r.code).to.equal(1);
    expect(r.out).to.match(/^refused  "ftp:\/\/u:p@h\/" is a draft-2003 URI-reference, but violates 2 policies\n/);
    expect(r.out).to.contain("  scheme-not-allowed: ");
    expect(r.out).to.contain("  password-not-allowed: ");
  });
  it("exits 0 when every policy is met", async () => {
    expect((await run(["check", "--require", "host", "--schemes", "http,https", "--ports", "80,443", "--hosts", "a", "--no-userinfo", "https://a:443/"])).code).to.equal(0);
  });
  it("--json adds the violations", async () => {
    const r = await run(["check", "--json", "--ports", "80", "http://a:8080/"]);
    const line = JSON.parse(r.out);
    expect(line).to.include({ valid: true });
    expect(line.violations.map((v: { code: string }) => v.code)).to.deep.equal(["port-not-allowed"]);
  });
  it("with '-': a refused line counts as invalid and is summed under its codes", async () => {
    const r = await run(["check", "--json", "--summary", "--no-progress", "--schemes", "http", "-"], "http://a/\nftp://a/\nhttp://a b/\n");
    expect(r.code).to.equal(1);
    const lines = r.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.slice(0, 3).map((l) => l.violations.map((v: { code: string }) => v.code))).to.deep.equal([[], ["scheme-not-allowed"], []]);
    expect(lines[3].verdicts).to.deep.equal({ valid: 1, refused: 1, invalid: 1 });
    expect(lines[3].rules["scheme-not-allowed"]).to.equal(1);
  });
  it("an unknown component or a port that is no number is a usage error (exit 2)", async () => {
    expect((await run(["check", "--require", "hots", "http://a/"])).code).to.equal(2);
    expect((await run(["check", "--ports", "http", "http://a/"])).code).to.equal(2);
  });
});
