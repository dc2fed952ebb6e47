// confusion() (src/ops/confusion.ts), the `confusion` command, and the corpus (test/data/confusion/,
// docs/confusion.md): what each revision reads, how the readings are grouped and classed, rows that
// misbehave, and the corpus files held to what the code gives now.
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { availableSpecIds, components, confusion, type ReadingSource, type SpecId } from "../src";
import { getRevision } from "../src/revisions";
import { excludedUnits, revisionReading, tabulate, revisionRows } from "../src/ops/confusion";
import { characterTableOf } from "../src/ops/characters";
import { generateCorpus, revisionsTable } from "../src/conformance/confusion-corpus";
import { blockOf, generatedTsv, MARKERS, parsePublished, readingsTsv, revisionsMarkdown } from "../src/conformance/confusion-doc";
import { readingOf } from "../src/cli/commands/confusion";
import { runCli } from "./support/run-cli";

const ROOT = join(__dirname, "..", "..");
const DATA = join(ROOT, "test", "data", "confusion");
const CLI = join(ROOT, "bin", "uri-grammars");

/** A row source that reads "\" as "/" after the scheme's "//" (what the WHATWG parser does for a special scheme). */
const backslashIsSlash: ReadingSource = {
  id: "backslash-is-slash",
  label: "a WHATWG-like split",
  read: (input) => {
    const m = /^([a-z]+):\/\/([^/\\?#@]*@)?([^/\\?#]*)(.*)$/.exec(input);
    return m ? { verdict: "valid", components: { scheme: m[1], userinfo: m[2] ? m[2].slice(0, -1) : null, host: m[3], port: null, path: m[4].replace(/\\/g, "/"), query: null, fragment: null } } : { verdict: "invalid", components: null };
  },
};

function hostsOf(r: ReturnType<typeof confusion>): Record<string, string | null | undefined> {
  if (!r.ok) throw new Error(r.error.message);
  return Object.fromEntries(r.rows.map((x) => [x.id, x.components?.host]));
}

describe("confusion(): which parser reads an input how", function () {
  this.timeout(60_000);

  describe("the revisions' readings", () => {
    it("an accepted input is read as components() reads it, for every revision and every corpus input", () => {
      const published = parsePublished(readFileSync(join(DATA, "published.tsv"), "utf8")).map((p) => p.input);
      let checked = 0;
      for (const input of [...published, "http://u:p@h.example:8080/a/b?q#f", "//h/a", "mailto:a@b"]) {
        for (const spec of availableSpecIds()) {
          const c = components(input, { spec });
          if (!c.ok) continue;
          const r = revisionReading(getRevision(spec)!, input);
          expect(r.reading, `${spec} ${input}`).to.equal("parsed");
          expect(r.components, `${spec} ${input}`).to.deep.equal({ scheme: c.scheme, userinfo: c.userinfo, host: c.host, port: c.port, path: c.path, query: c.query, fragment: c.fragment });
          checked++;
        }
      }
      expect(checked).to.be.greaterThan(40);
    });

    it("http://a\\b@c/: every RFC from draft-1997 on reads host c with the backslash escaped; draft-1993 reads the '@' into its hostname; the WHATWG grammar, which has no userinfo, reads nothing", () => {
      const hosts = hostsOf(confusion("http://a\\b@c/"));
      const ids = availableSpecIds();
      const later = ids.slice(ids.indexOf("draft-1997"));
      for (const spec of later.filter((id) => getRevision(id)!.components?.parts.userinfo)) expect(hosts[spec], spec).to.equal("c");
      // §4.3: "There is no way to express a username or password of a URL record within a valid URL string."
      for (const spec of later.filter((id) => !getRevision(id)!.components?.parts.userinfo)) expect(hosts[spec], spec).to.equal(undefined);
      expect(hosts["draft-1993"]).to.equal("a%5Cb@c");
      const r = confusion("http://a\\b@c/", { specs: ["rfc3986"] });
      if (!r.ok) throw new Error("not ok");
      expect(r.rows[0].reading).to.equal("escaped");
      expect(r.rows[0].how).to.contain('"\\\\" is in no reference of the revision');
    });

    it("the characters escaped are exactly those the DFA never accepts: each is allowed in no component of the character table (two computations agree)", () => {
      for (const spec of availableSpecIds()) {
        const revision = getRevision(spec)!;
        const excluded = excludedUnits(revision)!;
        const table = characterTableOf(revision);
        if (!table) continue;
        for (const row of table.rows) {
          if (row.char.length !== 1) continue;
          if (excluded(row.char.charCodeAt(0))) expect(Object.values(row.allowed).some((v) => v), `${spec} ${JSON.stringify(row.char)}`).to.equal(false);
        }
        // Letters and digits are in every revision's language.
        expect(excluded("a".charCodeAt(0)), spec).to.equal(false);
        expect(excluded("\\".charCodeAt(0)), spec).to.equal(true);
      }
    });

    it("a revision whose URL ends before '#' (RFC 1738 §2.2) reads the fragment apart; one that splits nothing (rfc1808's net_loc) is not compared on host", () => {
      const r = confusion("http://evil.com#@good.com/");
      if (!r.ok) throw new Error("not ok");
      const rfc1738 = r.rows.find((x) => x.id === "rfc1738")!;
      expect([rfc1738.reading, rfc1738.components?.host, rfc1738.components?.fragment]).to.deep.equal(["fragment-apart", "evil.com", "@good.com/"]);
      expect(r.rows.find((x) => x.id === "rfc1808")!.unsplit).to.deep.equal(["userinfo", "host", "port"]);
      expect(r.differs.host).to.equal(false);
    });
  });

  describe("grouping and classes", () => {
    it("a row source that reads '\\' as '/': host a against c, classed backslash confusion and scheme mix-up, its row matching no revision", () => {
      const r = confusion("http://a\\b@c/", { specs: ["rfc3986", "rfc3987"], sources: [backslashIsSlash] });
      if (!r.ok) throw new Error("not ok");
      expect(r.differs.host).to.equal(true);
      const host = r.disagreements.find((d) => d.component === "host")!;
      expect(host.readings.map((g) => [g.value, g.revisions])).to.deep.equal([
        ["c", ["rfc3986", "rfc3987"]],
        ["a", []],
      ]);
      expect(host.classes.map((c) => c.id)).to.include("backslash-confusion");
      const row = r.rows.find((x) => x.id === "backslash-is-slash")!;
      expect(row.matches).to.deep.equal([]);
      expect(row.marked).to.include("host");
      expect(r.rows.find((x) => x.id === "rfc3986")!.matches).to.deep.equal(["rfc3987"]);
    });

    it("the classes from the published examples: slash, authority delimiter, whitespace, encoded data; port and IPv4 forms", () => {
      const cases: [string, string][] = [
        ["http:///google.com", "slash-confusion"],
        ["http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", "authority-delimiter-confusion"],
        ["http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", "whitespace-confusion"],
        ["http://evil.com%2F@good.com/", "url-encoded-data-confusion"],
      ];
      // A source that takes the host as the text after the last "@" before the first "/" (no escape decoded),
      // and one that decodes first: enough to make each of these disagree with the revisions.
      const lastAt: ReadingSource = {
        id: "last-at",
        label: "last @",
        read: (input) => {
          const m = /^([a-z]+):\/+([^/]*)/.exec(decodeURIComponent(input.replace(/%(?![0-9A-Fa-f]{2})/g, "%25")));
          if (!m) return { verdict: "invalid", components: null };
          const auth = m[2];
          const at = auth.lastIndexOf("@");
          return { verdict: "valid", components: { scheme: m[1], userinfo: at >= 0 ? auth.slice(0, at) : null, host: (at >= 0 ? auth.slice(at + 1) : auth).split(":")[0], port: null, path: "/", query: null, fragment: null } };
        },
      };
      for (const [input, id] of cases) {
        const r = confusion(input, { specs: ["rfc3986"], sources: [lastAt] });
        if (!r.ok) throw new Error("not ok");
        expect(r.disagreements.flatMap((d) => d.classes.map((c) => c.id)), input).to.include(id);
      }
      const port = (p: string): ReadingSource => ({ id: `port-${p}`, label: p, read: () => ({ verdict: "valid", components: { scheme: "http", host: "a", port: p, path: "/" } }) });
      const ports = confusion("http://a:1:2/", { specs: ["rfc3986"], sources: [port("1"), port("2")] });
      if (!ports.ok) throw new Error("not ok");
      expect(ports.disagreements.flatMap((d) => d.classes.map((c) => c.id))).to.include("port-confusion");
      const numbers = confusion("http://127.1/", { specs: ["rfc3986"], sources: [{ id: "ipv4", label: "IPv4 forms", read: () => ({ verdict: "valid", components: { scheme: "http", host: "127.0.0.1", path: "/" } }) }] });
      if (!numbers.ok) throw new Error("not ok");
      expect(numbers.disagreements[0].classes.map((c) => c.id)).to.include("ipv4-number-forms");
    });

    it("readings that differ in spelling only (case, escapes of unreserved characters) are noted, not counted", () => {
      const r = confusion("http://%67oogle.COM/", { specs: ["rfc3986"], sources: [{ id: "decoder", label: "decodes", read: () => ({ verdict: "valid", components: { scheme: "HTTP", host: "google.com", path: "/" } }) }] });
      if (!r.ok) throw new Error("not ok");
      expect(r.differs).to.deep.equal({ scheme: false, userinfo: false, host: false, port: false });
      expect(r.spellingOnly.map((s) => s.component)).to.deep.equal(["scheme", "host"]);
    });

    it("a default port dropped (WHATWG) is no disagreement where the scheme's default is known (RFC 1738 §3); a different port is", () => {
      const dropped = confusion("http://a:80/", { specs: ["rfc3986"], sources: [{ id: "d", label: "drops", read: () => ({ verdict: "valid", components: { scheme: "http", host: "a", port: null, path: "/" } }) }] });
      const other = confusion("http://a:80/", { specs: ["rfc3986"], sources: [{ id: "d", label: "other", read: () => ({ verdict: "valid", components: { scheme: "http", host: "a", port: "8080", path: "/" } }) }] });
      if (!dropped.ok || !other.ok) throw new Error("not ok");
      expect(dropped.differs.port).to.equal(false);
      expect(other.differs.port).to.equal(true);
    });

    it("a source that throws or answers nonsense is a row without a reading, never a throw", () => {
      const r = confusion("http://a/", { specs: ["rfc3986"], sources: [{ id: "t", label: "throws", read: () => { throw new Error("boom"); } }, { id: "n", label: "nonsense", read: () => 42 as never }] });
      if (!r.ok) throw new Error("not ok");
      expect(r.rows.slice(1).map((x) => [x.reading, x.error])).to.deep.equal([
        ["none", "the implementation failed: boom"],
        ["none", "the implementation gave no reading"],
      ]);
      expect(confusion(42 as never).ok).to.equal(false);
      expect(confusion("x", { specs: ["no-such"] as never }).ok).to.equal(false);
    });

    it("the check can fail: a planted classifier input without a backslash gets no backslash class", () => {
      const r = tabulate("http://a/b@c/", [...revisionRows("http://a/b@c/", ["rfc3986"] as SpecId[]), { id: "x", label: "x", kind: "implementation", reading: { verdict: "valid", components: { scheme: "http", host: "b" } } }]);
      expect(r.disagreements.flatMap((d) => d.classes.map((c) => c.id))).to.not.include("backslash-confusion");
    });
  });

  describe("implementations' answers (src/cli/commands/confusion.ts readingOf)", () => {
    it("reads components, a verdict alone, skip, garbage and failures", () => {
      expect(readingOf({ line: '{"verdict":"invalid","components":{"host":"a","port":80}}' })).to.deep.equal({ verdict: "invalid", components: { scheme: null, userinfo: null, host: "a", port: "80", path: "", query: null, fragment: null } });
      expect(readingOf({ line: "valid" }).components).to.equal(null);
      expect(readingOf({ line: "skip" }).error).to.contain("does not speak it");
      expect(readingOf({ line: "%%%" }).error).to.contain("not a reading");
      expect(readingOf({ failure: "timeout", detail: "no answer within 5 s" }).error).to.equal("timeout: no answer within 5 s");
    });
  });
});

describe("uri-grammars confusion (the command)", function () {
  this.timeout(120_000);

  it("confusion --json 'http://a\\b@c/' shows at least two hosts, each labelled with the revisions that read it so; exit 1", async () => {
    const r = await runCli(["confusion", "--json", "--implementations", "node-url", "http://a\\b@c/"]);
    expect(r.code).to.equal(1);
    const d = JSON.parse(r.out) as { ok: boolean; disagreements: { component: string; readings: { value: string; revisions: string[]; rows: string[] }[] }[] };
    expect(d.ok).to.equal(false);
    const host = d.disagreements.find((x) => x.component === "host")!;
    expect(host.readings.length).to.be.greaterThanOrEqual(2);
    expect(host.readings.find((g) => g.value === "c")!.revisions).to.include("rfc3986");
    expect(host.readings.find((g) => g.value === "a")!.rows).to.include("node-url");
  });

  it("exit 0 when scheme and host readings agree; the text view marks nothing", async () => {
    const r = await runCli(["confusion", "--implementations", "none", "--specs", "rfc3986,rfc3987", "http://a/b?c"]);
    expect(r.code).to.equal(0);
    expect(r.out).to.contain("agree on scheme, userinfo, host and port");
  });

  it("a user's adapter that hangs, crashes or throws: that row says so, the process is replaced, the next inputs are read", () => {
    const adapter = join(ROOT, "test", "fixtures", "confusion", "flaky-adapter.cjs");
    const inputs = ["http://a\\b@c/", "http://hang/", "http://x\\y@z/", "http://crash/", "http://throw/", "http://p\\q@r/"];
    const started = Date.now();
    const r = spawnSync(process.execPath, [CLI, "confusion", "--json", "--exit-zero", "--no-progress", "--implementations", "none", "--specs", "rfc3986", "--adapter", adapter, "--timeout", "1", "--startup-timeout", "5", "-"], { cwd: ROOT, input: inputs.join("\n") + "\n", encoding: "utf8" });
    expect(r.status, r.stderr).to.equal(0);
    const rows = r.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { rows: { id: string; components: { host: string } | null; error?: string }[] }).rows.find((x) => x.id === "adapter-1")!);
    expect(rows.map((x) => x.components?.host ?? x.error!.split(":")[0])).to.deep.equal(["a", "timeout", "x", "crash", "the implementation failed", "p"]);
    expect(Date.now() - started).to.be.below(30_000);
  });

  it("an adapter that is no command: usage error (2) names it; an unknown shipped implementation too", async () => {
    const r = await runCli(["confusion", "--implementations", "no-such", "http://a/"]);
    expect(r.code).to.equal(2);
    expect(r.err).to.contain("no-such");
  });
});

describe("the confusion corpus (test/data/confusion/, docs/confusion.md): what the code gives now", function () {
  this.timeout(120_000);
  const published = parsePublished(readFileSync(join(DATA, "published.tsv"), "utf8"));
  const generated = generateCorpus();
  const tables = [...published.map((p) => p.input), ...generated.map((g) => g.input)].map((i) => revisionsTable(i));

  it("published.tsv cites a source and where the string was read for every example", () => {
    expect(published.length).to.be.greaterThan(15);
    for (const p of published) {
      expect(p.source, p.input).to.match(/\S/);
      expect(p.readIn, p.input).to.match(/\S/);
    }
  });

  it("generated.tsv is what src/conformance/confusion-corpus.ts generates (regenerate: node scripts/write-confusion.mjs)", () => {
    expect(generated.length).to.be.greaterThan(100);
    expect(readFileSync(join(DATA, "generated.tsv"), "utf8")).to.equal(generatedTsv(generated));
  });

  it("every generated case splits the revisions, and the lead's probes are all there (\\, @, #, ?, %2F, :, ;, brackets, whitespace, tab, newline)", () => {
    for (const t of tables.slice(published.length)) expect(t.disagreements.length, t.input).to.be.greaterThan(0);
    const mutations = new Set(generated.map((g) => g.mutation));
    for (const p of ["\\", "@", "#", "?", "%2F", ":", ";", "[", "]", " ", "\t", "\n"]) expect(mutations.has(`insert ${JSON.stringify(p)}`), p).to.equal(true);
  });

  it("readings.tsv holds every case's reading by every revision", () => {
    expect(readFileSync(join(DATA, "readings.tsv"), "utf8")).to.equal(readingsTsv(tables));
  });

  it("docs/confusion.md's revisions block is what the code gives now", () => {
    const doc = readFileSync(join(ROOT, "docs", "confusion.md"), "utf8");
    expect(blockOf(doc, ...MARKERS.revisions)).to.equal(revisionsMarkdown(published, generated, tables));
  });

  it("the check can fail: a planted change to one reading is caught", () => {
    const planted = tables.map((t, i) => (i === 0 ? { ...t, rows: t.rows.map((r, k) => (k === 0 && r.components ? { ...r, components: { ...r.components, host: "planted" } } : k === 0 ? { ...r, reading: "parsed" as const, components: { scheme: null, userinfo: null, host: "planted", port: null, path: "", query: null, fragment: null } } : r)) } : t));
    expect(readingsTsv(planted)).to.not.equal(readFileSync(join(DATA, "readings.tsv"), "utf8"));
  });
});
