// `uri-grammars audit` (src/conformance/audit.ts, src/cli/audit-runner.ts, src/cli/commands/audit.ts):
// a correct implementation scores 100%; a deliberately faulty one (test/fixtures/conformance/) gets
// a report that names the rules and inputs of its two planted mistakes; one that hangs, crashes,
// prints garbage or answers too few lines gets each case named, within the time limit, and the
// rest answered. Then the adapters (adapters/, docs/conformance.md) on a small sample, and the two
// commands of the README exactly as it shows them.
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readAnswer, type AuditReport } from "../src/conformance/audit";
import { runLines, type RunnerOptions } from "../src/cli/audit-runner";
import { validateJson, type Schema } from "./support/json-schema";
import { peers, uriparser } from "./support/peers";
import { inCI, skipBecause } from "./support/seeds";

const ROOT = join(__dirname, "..", "..");
const CLI = join(ROOT, "bin", "uri-grammars");
const FIXTURES = join(ROOT, "test", "fixtures", "conformance");
const IMPL = join(FIXTURES, "impl.cjs");

/** A module with check() alone (written once into a temporary directory). */
let checkOnly: string | undefined;
function IMPL_MODULE_CHECK_ONLY(): string {
  if (!checkOnly) {
    checkOnly = join(mkdtempSync(join(tmpdir(), "uri-grammars-check-only-")), "check-only.cjs");
    writeFileSync(checkOnly, 'exports.check = (input) => !input.includes(" ");\n');
  }
  return checkOnly;
}

function cli(args: string[], timeout = 120_000): { status: number | null; stdout: string; stderr: string; seconds: number } {
  const started = Date.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: "utf8", timeout, maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, seconds: (Date.now() - started) / 1000 };
}

function auditJson(args: string[]): { report: AuditReport; status: number | null; seconds: number } {
  const r = cli(["audit", "--json", ...args]);
  if (r.status !== 0 && r.status !== 1) throw new Error(`audit exited ${r.status}: ${r.stderr}`);
  return { report: JSON.parse(r.stdout) as AuditReport, status: r.status, seconds: r.seconds };
}

/** The groups of a report as "rule: cause: input" lines, for one readable assertion. */
function named(report: AuditReport): string[] {
  return report.groups.flatMap((g) => g.items.map((d) => `${g.rule}: ${g.cause}: ${d.input}`));
}

const RUNNER: RunnerOptions = { timeoutMs: 1000, startupMs: 1000, batch: 0, maxConsecutiveFailures: 5 };
const script = (code: string) => [process.execPath, "-e", code];
/** A line implementation in a few words: `f(line)` gives the answer, or does something else. */
const lineImpl = (body: string) => script(`require("node:readline").createInterface({ input: process.stdin }).on("line", (l) => { ${body} });`);

describe("conformance audit (uri-grammars audit)", function () {
  this.timeout(180_000);

  describe("the runner: one answer per line, whatever the implementation does", () => {
    const lines = ["a", "b", "hang", "c", "d"];
    it("a hang is named after the per-case limit, the process restarted, the rest answered", async () => {
      const started = Date.now();
      const r = await runLines(lineImpl(`if (l === "hang") for (;;); console.log("valid");`), lines, RUNNER);
      expect(r.answers).to.deep.equal(["valid", "valid", { failure: "timeout", detail: r.answers[2] && (r.answers[2] as { detail: string }).detail }, "valid", "valid"]);
      expect((r.answers[2] as { detail: string }).detail).to.contain("no answer within 1 s");
      expect(Date.now() - started).to.be.below(6000);
    });
    it("a crash is named with its exit status and error output; too few lines with status 0 too", async () => {
      const r = await runLines(lineImpl(`if (l === "hang") { console.error("boom on " + l); process.exit(3); } console.log("valid");`), lines, RUNNER);
      expect(r.answers[2]).to.deep.include({ failure: "crash" });
      expect((r.answers[2] as { detail: string }).detail).to.contain("status 3").and.contain("boom on hang");
      expect(r.answers.filter((a) => a === "valid")).to.have.length(4);
      const short = await runLines(lineImpl(`if (l === "hang") process.exit(0); console.log("valid");`), lines, RUNNER);
      expect(short.answers[2]).to.deep.include({ failure: "no-answer" });
      expect(short.answers.filter((a) => a === "valid")).to.have.length(4);
    });
    it("an implementation that answers only when its input ends gets shorter runs, and no case is blamed @slow", async () => {
      // 250 ms per line, all answers at the end: the run of the 11 lines after the first is over the
      // 1.5 + 0.5 s limit; one line alone, or two, is well within it (with room for a loaded machine).
      const slow = script(`const n = []; require("node:readline").createInterface({ input: process.stdin }).on("line", (l) => n.push(l)).on("close", () => setTimeout(() => console.log(n.map(() => "valid").join("\\n")), 250 * n.length));`);
      const inputs = Array.from({ length: 12 }, (_, i) => `x${i}`);
      const r = await runLines(slow, inputs, { ...RUNNER, timeoutMs: 500, startupMs: 1500 });
      expect(r.answers).to.deep.equal(inputs.map(() => "valid"));
      expect(r.notes.join(" ")).to.contain("answered its first case alone");
    });
    it("stops after too many cases in a row without an answer, and a command that cannot start is an error", async () => {
      const r = await runLines(lineImpl(`process.exit(1);`), Array.from({ length: 50 }, (_, i) => `x${i}`), RUNNER);
      expect(r.answers.filter((a) => typeof a !== "string")).to.have.length(50);
      expect(r.notes.join(" ")).to.contain("stopped after 5 cases in a row");
      const missing = await runLines(["/nonexistent/implementation"], ["a"], RUNNER);
      expect(missing.startError).to.contain("cannot start /nonexistent/implementation");
    });
    it("an implementation that writes without end: the run still ends, the endless line is one garbled answer", async () => {
      const started = Date.now();
      const endless = await runLines(script(`setInterval(() => process.stdout.write("valid\\n".repeat(1000)), 1);`), ["a", "b"], RUNNER);
      expect(endless.answers).to.deep.equal(["valid", "valid"]);
      const noBreak = await runLines(script(`setInterval(() => process.stdout.write("x".repeat(65536)), 1);`), ["a"], RUNNER);
      expect(readAnswer(noBreak.answers[0] as string, "check").kind).to.equal("garbage");
      expect(Date.now() - started).to.be.below(8000);
    });
    it("extra lines are noted, output that is not UTF-8 is read as garbage", async () => {
      const r = await runLines(lineImpl(`process.stdout.write(l === "b" ? Buffer.from([0xff, 0x0a]) : "valid\\nvalid\\n");`), ["a", "b"], RUNNER);
      expect(r.answers[0]).to.equal("valid");
      expect(readAnswer(r.answers[1] as string, "check").kind).to.equal("garbage");
    });
  });

  describe("answers", () => {
    it("reads verdicts, JSON with components, results, skip and garbage", () => {
      expect(readAnswer("valid", "check")).to.deep.equal({ kind: "verdict", valid: true, components: null });
      expect(readAnswer("0\r", "check")).to.deep.equal({ kind: "verdict", valid: false, components: null });
      expect(readAnswer('{"verdict":"valid","components":{"host":"a","port":80,"mystery":1}}', "check")).to.deep.equal({ kind: "verdict", valid: true, components: { host: "a", port: "80" } });
      expect(readAnswer('{"result":"http://a/g"}', "resolve")).to.deep.equal({ kind: "result", result: "http://a/g" });
      expect(readAnswer("skip", "normalize")).to.deep.equal({ kind: "skip" });
      expect(readAnswer("perhaps", "check").kind).to.equal("garbage");
      expect(readAnswer('{"verdict":"maybe"}', "check").kind).to.equal("garbage");
      expect(readAnswer('{"error":"TypeError: x"}', "check")).to.deep.equal({ kind: "failure", failure: "exception", detail: "TypeError: x" });
    });
  });

  describe("whole audits @slow", () => {
    it("uri-grammars itself, as a command: 100%, exit status 0", () => {
      const { report, status } = auditJson(["--spec", "rfc3986", "--", process.execPath, IMPL, "perfect"]);
      expect(status).to.equal(0);
      expect(report.score).to.equal(1);
      expect(report.sent).to.be.greaterThan(500);
      expect(report.componentsCompared).to.be.greaterThan(300);
    });

    it("a faulty implementation: the report names IPv4address with 01.2.3.4, and the path rules with ~ (module, every rule)", () => {
      const { report, status } = auditJson(["--spec", "rfc3986", "--module", join(FIXTURES, "faulty.cjs"), "--rules", "all"]);
      expect(status).to.equal(1);
      const lines = named(report);
      expect(lines).to.include("IPv4address: accepts-invalid: 01.2.3.4");
      expect(lines).to.include("IPv4address: components: hostKind: //01.2.3.4");
      expect(lines.filter((l) => /: rejects-valid: .*~/.test(l)).map((l) => l.split(":")[0])).to.include.members(["unreserved", "URI-reference"]);
      const ipv4 = report.groups.find((g) => g.rule === "IPv4address" && g.cause === "accepts-invalid")!;
      expect(ipv4.items[0].explanation).to.contain("IPv4address (rfc3986 §3.2.2)");
      const worst = report.rules.slice(0, 3).map((r) => r.rule);
      expect(worst).to.include("IPv4address");
    });

    it("the same faults through the text protocol, as a command", () => {
      const { report } = auditJson(["--spec", "rfc3986", "--", process.execPath, IMPL, "faulty"]);
      const lines = named(report);
      expect(lines).to.include("IPv4address: components: hostKind: //01.2.3.4");
      expect(lines).to.include("URI-reference: rejects-valid: http://a/~b");
    });

    it("the text and Markdown reports say the same", () => {
      const args = ["audit", "--spec", "rfc3986", "--rule", "IPv4address", "--module", join(FIXTURES, "faulty.cjs"), "--rules", "all"];
      const text = cli(args);
      expect(text.status).to.equal(1);
      expect(text.stdout).to.contain("IPv4address: accepts-invalid (1)").and.contain('"01.2.3.4"').and.contain("expected invalid").and.contain("answered valid");
      const md = cli([...args, "--markdown"]);
      expect(md.stdout).to.match(/^# Conformance audit: /).and.contain("### IPv4address: accepts-invalid (1)").and.contain('`"01.2.3.4"`');
    });

    for (const [mode, failure, input] of [
      ["hang", "timeout", "http://localhost/"],
      ["crash", "crash", "file:///etc/hosts"],
      ["garbage", "garbage", "mailto:John.Doe@example.com"],
      ["short", "no-answer", "http://www.ietf.org/rfc/rfc2396.txt"],
    ] as const) {
      it(`an implementation that ${mode === "short" ? "answers too few lines" : mode === "garbage" ? "prints garbage" : `${mode}s`} on one input: that case is named, every other one answered`, () => {
        // The cases about URI-reference hold the document's examples, among them the planted inputs.
        const { report, seconds } = auditJson(["--spec", "rfc3986", "--rule", "URI-reference", "--timeout", "2", "--startup-timeout", "3", "--", process.execPath, IMPL, mode]);
        expect(report.incidents.map((i) => [i.failure, i.input])).to.deep.equal([[failure, input]]);
        expect(report.agreed).to.equal(report.answered - 1);
        expect(seconds).to.be.below(mode === "hang" ? 20 : 15);
      });
    }

    it("a module that hangs and one that takes its process down: both named, within the limit", () => {
      const { report, seconds } = auditJson(["--spec", "rfc3986", "--rule", "URI-reference", "--timeout", "2", "--startup-timeout", "3", "--module", join(FIXTURES, "hang-module.cjs")]);
      expect(report.incidents.map((i) => [i.failure, i.input])).to.deep.equal([
        ["timeout", "http://localhost/"],
        ["crash", "file:///etc/hosts"],
      ]);
      expect(report.agreed).to.equal(report.answered - 2);
      expect(seconds).to.be.below(20);
    });

    it("stopping the audit (SIGINT) stops the implementation too", async () => {
      const { spawn } = await import("node:child_process");
      const marker = `hang-${process.pid}-${Date.now()}`;
      const audit = spawn(process.execPath, [CLI, "audit", "--spec", "rfc3986", "--timeout", "100", "--", process.execPath, IMPL, "hang", marker], { cwd: ROOT, stdio: "ignore" });
      await new Promise((r) => setTimeout(r, 3000));
      const running = () => spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout.split("\n").filter((l) => l.includes(marker) && !l.startsWith("ps ")).length;
      expect(running(), "the implementation runs while the audit waits for it").to.be.greaterThan(0);
      const exited = new Promise<NodeJS.Signals | null>((r) => audit.on("exit", (_code, signal) => r(signal)));
      audit.kill("SIGINT");
      expect(await exited).to.equal("SIGINT");
      await new Promise((r) => setTimeout(r, 300));
      expect(running(), "no implementation left behind").to.equal(0);
    });

    it("usage errors: no implementation, both, an unknown protocol, --rules all over text, a module that does not load", () => {
      expect(cli(["audit", "--spec", "rfc3986"]).status).to.equal(2);
      expect(cli(["audit", "--spec", "rfc3986", "--module", IMPL, "--", "true"]).status).to.equal(2);
      expect(cli(["audit", "--spec", "rfc3986", "--protocol", "xml", "--", "true"]).status).to.equal(2);
      expect(cli(["audit", "--spec", "rfc3986", "--rules", "all", "--", "true"]).status).to.equal(2);
      const bad = cli(["audit", "--spec", "rfc3986", "--module", join(FIXTURES, "no-such-module.cjs")]);
      expect(bad.status).to.equal(2);
      expect(bad.stderr).to.contain("no-such-module.cjs");
      expect(cli(["audit", "--spec", "rfc3986", "--", "/nonexistent/implementation"]).stderr).to.contain("cannot start");
    });
  });

  describe("a --module whatever its CommonJS form (issue 43 item 5)", () => {
    // A module written `module.exports = { check() {...}, resolve() {...} }` lost its resolve: the host
    // read import()'s namespace, in which Node's lexer finds `check` alone.
    for (const form of ["object-literal.cjs", "exports-form.cjs"]) {
      it(`${form}: resolve is called (every resolution case answered), parse is named as not called, the denominator said`, () => {
        const { report } = auditJson(["--spec", "rfc3986", "--module", join(FIXTURES, form), "--ops", "check,resolve"]);
        const resolution = report.rules.find((r) => r.rule === "(resolution)")!;
        expect(resolution.answered).to.equal(resolution.sent);
        expect(resolution.sent).to.be.greaterThan(30);
        expect(report.skipped).to.equal(0);
        expect(report.notes.join(" ")).to.contain("also exports parse");
        const text = cli(["audit", "--spec", "rfc3986", "--rule", "IPv4address", "--module", join(FIXTURES, form)]).stdout;
        expect(text).to.match(/answers agree \(the denominator: the \d+ cases sent/);
      });
    }
    it("the check can fail: import() of the object literal has no resolve in its namespace (what the old host read), only in default", async () => {
      const dynamicImport = new Function("s", "return import(s)") as (s: string) => Promise<Record<string, unknown>>;
      const m = await dynamicImport(pathToFileURL(join(FIXTURES, "object-literal.cjs")).href);
      expect(m).to.not.have.property("resolve");
      expect(m.default).to.have.property("resolve");
    });
    it("a module without resolve: its resolution cases answered skip, and the report says why", () => {
      const { report } = auditJson(["--spec", "rfc3986", "--module", IMPL_MODULE_CHECK_ONLY(), "--ops", "check,resolve"]);
      expect(report.skipped).to.be.greaterThan(30);
      expect(report.notes.join(" ")).to.match(/the module exports no resolve function: its \d+ resolve cases were answered "skip"/);
    });
  });

  describe("adapters (adapters/), on a sample: the cases about one rule (host, IPv4address) @slow", () => {
    const modules = ["node-url.cjs", "fast-uri.cjs", "uri-js.cjs", "url-parse.cjs"];
    for (const m of modules) {
      it(`${m}: runs, answers every case, no crash, timeout or garbage`, () => {
        const { report } = auditJson(["--spec", "rfc3986", "--rule", "host", "--module", join(ROOT, "adapters", m), "--protocol", "json", "--ops", "check,resolve"]);
        expect(report.sent).to.be.greaterThan(10);
        expect(report.incidents).to.deep.equal([]);
        expect(report.score).to.be.within(0, 1);
      });
    }
    const commands: Record<string, () => string[]> = {
      "python3-rfc3986": () => ["/usr/bin/python3", "adapters/python3-rfc3986.py"],
      "python3-rfc3987": () => ["/usr/bin/python3", "adapters/python3-rfc3987.py"],
      liburiparser: () => [uriparser()!],
      "java.net.URI": () => ["java", "adapters/JavaNetUri.java"],
    };
    for (const peer of peers()) {
      // The json protocol (every start rule, resolve, normalize); the differential tests and the
      // README's command run the text protocol.
      it(`${peer.name}: answers the json protocol, no crash, timeout or garbage`, function () {
        if (peer.missing) {
          if (inCI()) throw new Error(`${peer.name} is missing under CI (.ci/run installs it): ${peer.missing}`);
          skipBecause(this, `an adapter's implementation is not installed here (.ci/run installs it): ${peer.name}`);
        }
        const spec = peer.name === "java.net.URI" ? "draft-1997" : "rfc3986";
        const rule = peer.name === "java.net.URI" ? "host" : "IPv4address";
        const json = auditJson(["--spec", spec, "--rule", rule, "--protocol", "json", "--rules", "all", "--ops", "check,resolve,normalize", "--", ...commands[peer.name]()]).report;
        expect(json.incidents).to.deep.equal([]);
        expect(json.sent).to.be.greaterThan(3);
        if (peer.name === "python3-rfc3987") {
          // docs/differential.md, rfc3987-dec-octet-leading-zero: its regex takes a leading zero.
          expect(named(json)).to.include("IPv4address: accepts-invalid: 01.2.3.4");
        }
      });
    }

    it("python3-rfc3987 against rfc3987's IRI rules: every ucschar and iprivate case agrees, above U+FFFF too, and its known departure shows", function () {
      const peer = peers().find((p) => p.name === "python3-rfc3987")!;
      if (peer.missing) {
        if (inCI()) throw new Error(`python3-rfc3987 is missing under CI (.ci/run installs it): ${peer.missing}`);
        skipBecause(this, `an adapter's implementation is not installed here (.ci/run installs it): ${peer.name}`);
      }
      for (const rule of ["ucschar", "iprivate"]) {
        const { report } = auditJson(["--spec", "rfc3987", "--rule", rule, "--protocol", "json", "--rules", "all", "--", ...commands["python3-rfc3987"]()]);
        expect(report.incidents, rule).to.deep.equal([]);
        expect(report.answered, rule).to.be.greaterThan(10);
        expect(report.agreed, rule).to.equal(report.answered);
      }
      const ipv4 = auditJson(["--spec", "rfc3987", "--rule", "IPv4address", "--protocol", "json", "--rules", "all", "--", ...commands["python3-rfc3987"]()]).report;
      expect(named(ipv4)).to.include("IPv4address: accepts-invalid: 01.2.3.4");
    });
  });

  describe("the README's two commands, exactly as it shows them", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const suiteCommand = "npx uri-grammars suite --spec rfc3986 --format json > suite.json";
    const auditCommand = "npx uri-grammars audit --spec rfc3986 -- python3 adapters/python3-rfc3986.py";
    it("are in the README", () => {
      expect(readme).to.contain(suiteCommand);
      expect(readme).to.contain(auditCommand);
    });
    it("run as a user runs them, the package installed: a suite that validates against the schema, and an audit report", function () {
      if (peers().find((p) => p.name === "python3-rfc3986")!.missing) {
        if (inCI()) throw new Error("python3-rfc3986 is missing under CI (.ci/run installs it)");
        skipBecause(this, "python3-rfc3986 is not installed here (.ci/run installs it)");
      }
      // A project of the user's in a temporary folder, with this build installed in its
      // node_modules (linked) and the adapters beside it, so `npx uri-grammars` runs the installed
      // binary. Run from this repository's root, npx would link the project itself and run its
      // prepare script, which rebuilds dist/ under the tests that run from it.
      const dir = mkdtempSync(join(tmpdir(), "uri-grammars-readme-"));
      try {
        writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "a-user-project", private: true }));
        mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
        symlinkSync(ROOT, join(dir, "node_modules", "uri-grammars"), "dir");
        symlinkSync(join(ROOT, "bin", "uri-grammars"), join(dir, "node_modules", ".bin", "uri-grammars"));
        symlinkSync(join(ROOT, "adapters"), join(dir, "adapters"), "dir");
        const env = { ...process.env, npm_config_update_notifier: "false", npm_config_offline: "true" };
        const s = spawnSync("sh", ["-c", suiteCommand], { cwd: dir, encoding: "utf8", timeout: 120_000, env });
        expect(s.status, s.stderr).to.equal(0);
        const schema = JSON.parse(readFileSync(join(ROOT, "docs", "conformance-suite.schema.json"), "utf8")) as Schema;
        expect(validateJson(schema, JSON.parse(readFileSync(join(dir, "suite.json"), "utf8")))).to.deep.equal([]);
        const a = spawnSync("sh", ["-c", auditCommand], { cwd: dir, encoding: "utf8", timeout: 120_000, env });
        expect(a.status, a.stderr).to.be.oneOf([0, 1]);
        expect(a.stdout).to.contain("python3 adapters/python3-rfc3986.py against rfc3986").and.contain("score ").and.contain("disagreements by rule and cause");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
