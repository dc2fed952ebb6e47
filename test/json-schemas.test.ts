// Every `--json` output of the CLI against its JSON Schema (docs/schemas/, docs/schemas/README.md),
// on real output of every command, validated by ajv (a maintained JSON Schema validator, draft-07):
// each answer starts with the format's version and an overall `ok` that agrees with the exit status.
import Ajv from "ajv";
import { expect } from "chai";
import { readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { Io } from "../src/cli/io";
import { JSON_FORMAT_VERSION } from "../src/cli/json";
import { buildProgram } from "../src/cli/main";
import { availableSpecIds } from "../src/revisions";
import { runCli, runCliWithInput } from "./support/run-cli";

const ROOT = join(__dirname, "..", "..");
const SCHEMAS = join(ROOT, "docs", "schemas");

const run = (argv: string[], stdin: string | Buffer = "") => (stdin === "" ? runCli(argv) : runCliWithInput(argv, stdin));

/** Every schema file, compiled with the others (they refer to common.schema.json). */
function loadSchemas(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, strictTypes: false });
  for (const f of readdirSync(SCHEMAS).filter((f) => f.endsWith(".schema.json"))) ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, f), "utf8")) as object);
  return ajv;
}

/** The JSON values an output holds: one document (indented), or one per line (compact). */
function documents(out: string): unknown[] {
  const text = out.trim();
  if (text.startsWith("{\n")) return [JSON.parse(text)];
  return text.split("\n").map((l) => JSON.parse(l) as unknown);
}

const GOOD = "http://a/b?c";
const BAD = "http://a b/";

/** Each case: the schema, the arguments, standard input; the exit status expected. */
const CASES: { schema: string; argv: string[]; stdin?: string | Buffer; code: number }[] = [
  { schema: "check", argv: ["check", "--json", GOOD], code: 0 },
  { schema: "check", argv: ["check", "--json", GOOD, BAD], code: 1 },
  { schema: "check", argv: ["check", "--json", "--require", "port", "--schemes", "https", GOOD], code: 1 },
  { schema: "check", argv: ["check", "--json", "--lint", "http://u:p@a/"], code: 0 },
  { schema: "check", argv: ["check", "--json", "--summary", "--no-progress", "-"], stdin: Buffer.concat([Buffer.from(`${GOOD}\n${BAD}\nhttp://a/\xff\n`, "latin1"), Buffer.from("\n")]), code: 1 },
  { schema: "compare", argv: ["compare", "--json", GOOD, BAD], code: 1 },
  { schema: "compare", argv: ["compare", "--json", "--summary", "--no-progress", "-"], stdin: `${GOOD}\n`, code: 0 },
  { schema: "confusion", argv: ["confusion", "--json", "--implementations", "none", GOOD, "http://a\\b@c/"], code: 1 },
  { schema: "confusion", argv: ["confusion", "--json", "--implementations", "none", "--summary", "--no-progress", "-"], stdin: `${GOOD}\n`, code: 0 },
  { schema: "explain", argv: ["explain", "--json", GOOD], code: 0 },
  { schema: "explain", argv: ["explain", "--json", BAD], code: 1 },
  { schema: "explain", argv: ["explain", "--json", "--no-progress", "-"], stdin: `${GOOD}\n${BAD}\n`, code: 1 },
  { schema: "normalize", argv: ["normalize", "--json", "eXAMPLE://a/./b/../b/c/%7a", BAD], code: 1 },
  { schema: "resolve", argv: ["resolve", "--json", "http://a/b/c/d;p?q", "?y", "::"], code: 1 },
  { schema: "resolve", argv: ["resolve", "--json", "--all-specs", "http://a/b/c/d;p?q", "g"], code: 0 },
  { schema: "build", argv: ["build", "--json", "--spec", "rfc3986", "--scheme", "https", "--host", "example.com", "--path", "/a b"], code: 0 },
  { schema: "build", argv: ["build", "--json", "--spec", "draft-1997", "--host", "a b"], code: 1 },
  { schema: "equivalent", argv: ["equivalent", "--json", "http://example.com/", "http://example.com:80/"], code: 0 },
  { schema: "equivalent", argv: ["equivalent", "--json", "http://a/", "http://b/"], code: 1 },
  { schema: "iri", argv: ["to-uri", "--json", "http://é/"], code: 0 },
  { schema: "iri", argv: ["to-iri", "--json", "http://a/%C3%A9", "http://a b/"], code: 1 },
  { schema: "extract", argv: ["extract", "--json", "-"], stdin: "see http://a/b and <URL:ftp://x/y>\n", code: 0 },
  { schema: "extract-all-specs", argv: ["extract", "--json", "--all-specs", "-"], stdin: "see http://a/b and <URL:ftp://x/y>\n", code: 0 },
  { schema: "diff", argv: ["diff", "--json", "rfc1738", "draft-1997"], code: 0 },
  { schema: "diff-languages", argv: ["diff", "--json", "--languages", "draft-2003", "rfc3986", "--rule", "IPv4address"], code: 0 },
  { schema: "matrix", argv: ["matrix", "--json"], code: 0 },
  { schema: "rules", argv: ["rules", "--json", "--spec", "rfc3986", "host"], code: 0 },
  { schema: "rules", argv: ["rules", "--json", "--spec", "draft-1993"], code: 0 },
  { schema: "specs", argv: ["specs", "--json"], code: 0 },
  { schema: "fidelity", argv: ["fidelity", "--json", "--spec", "rfc3986", "--count", "5"], code: 0 },
  { schema: "fidelity-prove", argv: ["fidelity", "--prove", "--json", "--spec", "rfc3986", "--rule", "IPv4address"], code: 0 },
];

describe("JSON Schemas of every --json output (docs/schemas/), checked by ajv against real output", function () {
  this.timeout(60_000);
  const ajv = loadSchemas();
  const tmp = mkdtempSync(join(tmpdir(), "uri-grammars-schemas-"));
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it("every schema is valid JSON Schema and compiles (its $refs resolve)", () => {
    for (const f of readdirSync(SCHEMAS).filter((f) => f.endsWith(".schema.json"))) {
      const id = (JSON.parse(readFileSync(join(SCHEMAS, f), "utf8")) as { $id: string }).$id;
      expect(id, f).to.equal(f);
      expect(ajv.getSchema(id), f).to.be.a("function");
    }
  });

  for (const c of CASES) {
    it(`${c.argv.join(" ")} matches ${c.schema}.schema.json, version ${JSON_FORMAT_VERSION}, ok as the exit status counts`, async () => {
      const r = await run(c.argv, c.stdin);
      expect(r.code, r.err).to.equal(c.code);
      const validate = ajv.getSchema(`${c.schema}.schema.json`)!;
      const docs = documents(r.out);
      expect(docs.length).to.be.greaterThan(0);
      for (const d of docs) {
        expect(validate(d), `${JSON.stringify(d).slice(0, 300)}\n${ajv.errorsText(validate.errors)}`).to.equal(true);
        expect((d as { version: number }).version).to.equal(JSON_FORMAT_VERSION);
      }
      // The exit status is 1 exactly when some answer is not ok.
      expect(docs.some((d) => (d as { ok: boolean }).ok === false)).to.equal(c.code === 1);
    });
  }

  it("audit --json matches audit.schema.json", async () => {
    const module = join(tmp, "impl.cjs");
    writeFileSync(module, "exports.check = () => true;\n");
    const r = await run(["audit", "--json", "--spec", "rfc3986", "--rule", "IPv4address", "--module", module]);
    const validate = ajv.getSchema("audit.schema.json")!;
    const d = JSON.parse(r.out) as { ok: boolean };
    expect(validate(d), ajv.errorsText(validate.errors)).to.equal(true);
    expect(d.ok).to.equal(r.code === 0);
  });

  it("audit --fingerprint --json matches audit-fingerprint.schema.json", async () => {
    const module = join(tmp, "impl.cjs");
    writeFileSync(module, "exports.check = () => true;\n");
    const r = await run(["audit", "--fingerprint", "--json", "--module", module]);
    const validate = ajv.getSchema("audit-fingerprint.schema.json")!;
    const d = JSON.parse(r.out) as { ok: boolean; check: unknown[] };
    expect(validate(d), ajv.errorsText(validate.errors)).to.equal(true);
    expect(d.check.length).to.be.greaterThan(1);
    expect(r.code).to.equal(0);
  });

  it("a policy violation never says ok: the answer is refused, valid (the grammar's verdict) and ok false", async () => {
    const r = await run(["check", "--json", "--no-password", "ftp://u:p@h/"]);
    const d = JSON.parse(r.out) as Record<string, unknown>;
    expect([d.valid, d.verdict, d.ok, r.code]).to.deep.equal([true, "refused", false, 1]);
  });

  it("a line that is not UTF-8 keeps its bytes: inputBase64 decodes to the line as read", async () => {
    const line = Buffer.from([0x68, 0x74, 0x74, 0x70, 0x3a, 0x2f, 0x2f, 0x61, 0x2f, 0xff, 0xfe, 0x80]);
    const r = await run(["check", "--json", "--no-progress", "-"], Buffer.concat([line, Buffer.from("\n")]));
    const d = JSON.parse(r.out) as { inputBase64: string; error: { code: string } };
    expect(d.error.code).to.equal("invalid-utf8");
    expect(Buffer.from(d.inputBase64, "base64").equals(line)).to.equal(true);
  });

  it("every command with --json has a case here (a new command's JSON gets a schema)", () => {
    const io: Io = { out: () => undefined, err: () => undefined, stdin: new PassThrough() };
    const program = buildProgram(io, () => undefined);
    const withJson = program.commands.filter((c) => c.options.some((o) => o.long === "--json")).map((c) => c.name());
    const covered = new Set([...CASES.map((c) => c.argv[0]), "audit"]);
    expect(withJson.filter((n) => !covered.has(n))).to.deep.equal([]);
  });

  it("the check can fail: an answer without version, or ok true beside a violation, is refused by the schema (planted)", () => {
    const validate = ajv.getSchema("check.schema.json")!;
    const good = { version: 1, ok: true, input: GOOD, spec: availableSpecIds()[0], rule: "x", valid: true, verdict: "valid" };
    expect(validate(good)).to.equal(true);
    const { version: _v, ...noVersion } = good;
    expect(validate(noVersion)).to.equal(false);
    expect(validate({ ...good, verdict: "refused", violations: [{ code: "missing-port", message: "m" }] })).to.equal(false);
    expect(validate({ ...good, valid: false, error: { code: "syntax", message: "m" } })).to.equal(false);
  });
});
