// Differential tests against implementations nobody here wrote (test/support/peers.ts): for RFC 3986
// python3-rfc3987 (rule by rule), python3-rfc3986 and liburiparser (URI-reference); for RFC 2396
// java.net.URI against draft-1997, our nearest revision. Inputs: every input of the test tables, strings
// generated from the published grammars (derivations and mutations, src/published/generate.ts), and the
// real-world corpus bench/corpus/real-world.txt. Each peer runs as one process over all its inputs.
// Every disagreement must have a documented cause (test/support/differential-causes.ts, with the table
// of causes and the sections that explain them in docs/differential.md); the counts are printed.
// Under CI (process.env.CI) a missing peer fails the test; elsewhere the test is skipped with the reason.
import type { SpecId } from "../src/revisions";
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validate } from "../src";
import { loadPublishedGrammar } from "../src/published";
import { Generator } from "../src/published/generate";
import { getRevision } from "../src/revisions";
import { CAUSES, causeOf, type Disagreement } from "./support/differential-causes";
import { peers, type Peer, type PeerName } from "./support/peers";
import { readLines, RESOLUTION_DIR } from "./support/resolution-table";
import { inCI, skipBecause } from "./support/seeds";
import { DATA_DIR, readTable } from "./support/table";

const ROOT = join(__dirname, "..", "..");
const DOC = join(ROOT, "docs", "differential.md");

/** Inputs a line-based peer can take: well-formed UTF-16 (UTF-8 has no lone surrogates) with no line break. */
function transportable(s: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\r\n]/.test(s);
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)].filter(transportable);
}

function tableInputs(): string[] {
  const out: string[] = [];
  for (const f of readdirSync(DATA_DIR).filter((x) => x.endsWith(".tsv"))) for (const c of readTable(f)) out.push(c.input);
  for (const f of readdirSync(RESOLUTION_DIR).filter((x) => x.endsWith(".tsv") && x !== "differences-1997-2003.tsv")) {
    for (const { cols } of readLines(f)) for (const c of [cols[2], cols[3], cols[4]]) out.push(c.startsWith('"') ? (JSON.parse(c) as string) : c);
  }
  return out;
}

function corpus(): string[] {
  return readFileSync(join(ROOT, "bench", "corpus", "real-world.txt"), "utf8").split("\n").filter((l) => l !== "");
}

function generated(spec: string, rule: string, count: number, seed: number): string[] {
  const r = loadPublishedGrammar(spec);
  if (!r || !r.ok) throw new Error(`${spec}: no published grammar`);
  const g = new Generator(r.grammar, seed);
  return Array.from({ length: count }, () => g.next(rule, 40).input);
}

interface Case {
  rule: string;
  input: string;
  source: "tables" | "generated" | "corpus";
}

/** What each peer is compared on: our revision, and the (rule, input) pairs. */
function casesFor(peer: PeerName, javaSpec: "draft-1997" | "rfc2732" = "draft-1997"): { spec: string; cases: Case[] } {
  const top = (spec: string, topRule: string, seed: number): Case[] => [
    ...unique(tableInputs()).map((input) => ({ rule: topRule, input, source: "tables" as const })),
    ...unique(generated(spec, topRule, 4000, seed)).map((input) => ({ rule: topRule, input, source: "generated" as const })),
    ...unique(corpus()).map((input) => ({ rule: topRule, input, source: "corpus" as const })),
  ];
  if (peer === "java.net.URI" && javaSpec === "rfc2732") return { spec: "rfc2732", cases: top("rfc2732", "URI-reference", 2732) };
  if (peer === "java.net.URI") return { spec: "draft-1997", cases: top("draft-1997", "URL-reference", 2396) };
  const cases = top("rfc3986", "URI-reference", 3986);
  if (peer === "python3-rfc3987") {
    // Rule by rule: every published rule of rfc3986 (rfc3987 has a regex for each; the core rules
    // ALPHA, DIGIT and HEXDIG aside), on strings generated for it and on the table rows that name it.
    const rules = getRevision("rfc3986")!.rules.filter((r) => r.kind === "published" && r.published !== "URI-reference").map((r) => r.published!);
    rules.forEach((rule, k) => {
      for (const input of unique(generated("rfc3986", rule, 400, 3987 + k))) cases.push({ rule, input, source: "generated" });
    });
    for (const f of readdirSync(DATA_DIR).filter((x) => x.endsWith(".tsv"))) {
      for (const c of readTable(f)) if (c.spec === "rfc3986" && rules.includes(c.rule) && transportable(c.input)) cases.push({ rule: c.rule, input: c.input, source: "tables" });
    }
  }
  return { spec: "rfc3986", cases };
}

/** Cause ids in docs/differential.md's table (first column, in backquotes), with their sections. */
function documentedCauses(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(DOC, "utf8").split("\n")) {
    const m = /^\| `([a-z0-9-]+)` \| ([^|]+) \|[^|]*\|[^|]*\| ([^|]+) \|/.exec(line);
    if (m) out.set(m[1], m[3].trim());
  }
  return out;
}

const fired = new Map<string, number>();
const ranPeers = new Set<PeerName>();

function compare(peer: Peer, javaSpec?: "draft-1997" | "rfc2732"): { total: number; accepted: number; disagreements: (Disagreement & { source: string; cause: string | null })[] } {
  const { spec, cases } = casesFor(peer.name, javaSpec);
  const theirs = peer.run(cases.map((c) => ({ rule: c.rule, input: c.input })));
  const disagreements = [];
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const ours = validate(c.input, { spec: spec as SpecId, rule: c.rule });
    if (ours === theirs[i]) continue;
    const d: Disagreement = { peer: peer.name, spec, rule: c.rule, input: c.input, ours, theirs: theirs[i] };
    disagreements.push({ ...d, source: c.source, cause: causeOf(d) });
  }
  return { total: cases.length, accepted: theirs.filter(Boolean).length, disagreements };
}

describe("differential: real implementations (docs/differential.md)", function () {
  this.timeout(600_000);

  // java.net.URI runs twice: against draft-1997 (RFC 2396's draft) and against rfc2732 (RFC 2396 as
  // amended by RFC 2732, what its documentation says it implements).
  type Run = { peer: Peer; spec: "draft-1997" | "rfc2732" | "rfc3986" };
  const RUNS = peers().flatMap((peer): Run[] => (peer.name === "java.net.URI" ? [{ peer, spec: "draft-1997" }, { peer, spec: "rfc2732" }] : [{ peer, spec: "rfc3986" }]));
  for (const { peer, spec: runSpec } of RUNS) {
    it(`${peer.name}: every disagreement with ${runSpec} has a documented cause`, function () {
      if (peer.missing) {
        if (inCI()) throw new Error(`${peer.name} is missing under CI (.ci/run installs it): ${peer.missing}`);
        skipBecause(this, `a differential peer is not installed here (.ci/run installs it): ${peer.name}`);
      }
      const { total, accepted, disagreements } = compare(peer, runSpec === "rfc3986" ? undefined : runSpec);
      ranPeers.add(peer.name);
      const counts = new Map<string, { tables: number; generated: number; corpus: number }>();
      for (const d of disagreements) {
        const key = d.cause ?? "(unexplained)";
        const c = counts.get(key) ?? { tables: 0, generated: 0, corpus: 0 };
        c[d.source as "tables"]++;
        counts.set(key, c);
        if (d.cause) fired.set(d.cause, (fired.get(d.cause) ?? 0) + 1);
      }
      console.log(`      ${peer.name} against ${runSpec}: ${total} inputs (${accepted} accepted by the peer), ${disagreements.length} disagreements`);
      for (const [cause, c] of counts) console.log(`        ${cause.padEnd(34)} tables ${c.tables}, generated ${c.generated}, corpus ${c.corpus}`);
      const documented = documentedCauses();
      const unexplained = disagreements.filter((d) => d.cause === null).slice(0, 10);
      expect(unexplained.map((d) => ({ rule: d.rule, input: d.input, ours: d.ours, theirs: d.theirs })), "disagreements with no documented cause").to.deep.equal([]);
      for (const cause of counts.keys()) expect(documented.has(cause), `${cause} is in docs/differential.md`).to.equal(true);
      // The comparison is not vacuous: many inputs, and the peer accepts some and rejects others.
      expect(total).to.be.greaterThan(5000);
      expect(accepted, "inputs the peer accepts").to.be.above(1000);
      expect(total - accepted, "inputs the peer rejects").to.be.above(100);
    });
  }

  it("docs/differential.md documents exactly the classifier's causes, each with a section", () => {
    const documented = documentedCauses();
    expect([...documented.keys()].sort()).to.deep.equal(CAUSES.map((c) => c.id).sort());
    for (const [id, section] of documented) expect(section, id).to.match(/§|Appendix|javadoc|source/);
  });

  it("every documented cause explains at least one disagreement (no stale cause), when all peers ran", function () {
    if (ranPeers.size < 4) skipBecause(this, "not every differential peer ran here, so a stale cause cannot be told");
    for (const c of CAUSES) expect(fired.get(c.id) ?? 0, c.id).to.be.greaterThan(0);
  });

  it("a planted disagreement that no cause explains is caught", () => {
    // A peer that rejected "http://a/" would be a new kind of disagreement: no cause may claim it.
    for (const peer of ["python3-rfc3987", "python3-rfc3986", "liburiparser"] as const) {
      expect(causeOf({ peer, spec: "rfc3986", rule: "URI-reference", input: "http://a/", ours: true, theirs: false }), peer).to.equal(null);
    }
    expect(causeOf({ peer: "java.net.URI", spec: "draft-1997", rule: "URL-reference", input: "http://a/b", ours: true, theirs: false })).to.equal(null);
    // ... while the causes do claim what they describe.
    expect(causeOf({ peer: "java.net.URI", spec: "draft-1997", rule: "URL-reference", input: "http://", ours: true, theirs: false })).to.equal("java-empty-authority");
    // rfc2732's causes belong to that comparison only, and claim only what they describe.
    expect(causeOf({ peer: "java.net.URI", spec: "rfc2732", rule: "URI-reference", input: "http://a/b", ours: true, theirs: false })).to.equal(null);
    expect(causeOf({ peer: "java.net.URI", spec: "rfc2732", rule: "URI-reference", input: "?y", ours: false, theirs: true })).to.equal("java-query-only-reference");
    expect(causeOf({ peer: "java.net.URI", spec: "draft-1997", rule: "URL-reference", input: "?y", ours: false, theirs: true })).to.equal(null);
    expect(causeOf({ peer: "java.net.URI", spec: "rfc2732", rule: "URI-reference", input: "http://[d]/", ours: true, theirs: false })).to.equal("java-ipv6-rfc2373");
    expect(causeOf({ peer: "python3-rfc3987", spec: "rfc3986", rule: "IPvFuture", input: "V1.x", ours: true, theirs: false })).to.equal("rfc3987-ipvfuture-uppercase-v");
  });
});
