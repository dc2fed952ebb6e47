// The fidelity check: every rule of every revision with a published grammar, PEG against the
// published grammar read as a context-free grammar. Also proves the check can fail (planted PEG
// mistakes), that documented deviations are the only excuse, and that the rule inventories match.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as peggy from "peggy";
import { main } from "../src/cli/main";
import type { Io } from "../src/cli/io";
import { runFidelity, type FidelityReport, type PegVerdict } from "../src/ops/fidelity";
import { proveFidelity } from "../src/ops/fidelity-proof";
import { readAbnf } from "../src/published/read-abnf";
import { compareInventory, inventoryAgrees } from "../src/ops/rule-inventory";
import { loadPublishedGrammar, pegGrammarSource, publishedGrammarFile, type PublishedGrammar } from "../src/published";
import { availableSpecIds, getRevision, SPEC_IDS, type RuleInfo } from "../src/revisions";
import { skipBecause } from "./support/seeds";

const SPECS = availableSpecIds().filter((id) => publishedGrammarFile(id));

function grammarOf(spec: string): PublishedGrammar {
  const r = loadPublishedGrammar(spec);
  if (!r || !r.ok) throw new Error(`${spec}: no readable published grammar`);
  return r.grammar;
}

function report(r: FidelityReport | Error): FidelityReport {
  if (r instanceof Error) throw r;
  return r;
}

/** A PEG verdict from a .peggy source compiled here with peggy (rules looked up by published name). */
function pegFromSource(source: string, rules: readonly RuleInfo[]): PegVerdict {
  const parser = peggy.generate(source, { allowedStartRules: ["*"], output: "parser" });
  const pegName = new Map(rules.map((r) => [r.published ?? r.pegName, r.pegName]));
  return (rule, input) => {
    try {
      parser.parse(input, { startRule: pegName.get(rule) });
      return { ok: true };
    } catch {
      return { ok: false };
    }
  };
}

function grammarWith(spec: string, from: string, to: string): string {
  const source = pegGrammarSource(spec)!;
  expect(source, `the planted mistake's anchor is in ${spec}'s grammar`).to.include(from);
  return source.replace(from, to);
}

describe("fidelity: PEG transcription = published grammar, rule by rule", () => {
  it("covers every transcribed revision that has a published grammar", () => {
    expect(SPECS).to.deep.equal([...SPEC_IDS]);
  });

  // A transcribed revision without grammar/<spec>/published.* shows up as pending, not as passing.
  for (const spec of availableSpecIds().filter((id) => !publishedGrammarFile(id))) {
    it(`${spec}: needs grammar/${spec}/published.<notation>`, function () {
      skipBecause(this, "pending: a transcribed revision has no published grammar yet (grammar/<spec>/published.*)");
    });
  }

  for (const spec of SPECS) {
    it(`${spec}: 2,000 strings for the top rule and 200 for each other rule, no undocumented disagreement`, () => {
      const r = report(runFidelity({ spec, count: 2000, countOther: 200, seed: 1 }));
      const revision = getRevision(spec)!;
      expect(r.rules.map((x) => x.rule)).to.deep.equal(revision.rules.filter((x) => x.kind !== "helper").map((x) => x.published));
      for (const x of r.rules) expect(x.tried, x.rule).to.equal(x.rule === revision.topRule ? 2000 : 200);
      const findings = r.rules.filter((x) => x.disagreements > 0).map((x) => ({ rule: x.rule, ...x.firstDisagreement }));
      expect(findings, `disagreements (${r.milliseconds} ms)`).to.deep.equal([]);
      expect(r.rules.flatMap((x) => x.generatorErrors)).to.deep.equal([]);
      // The strings are not trivially all-accept or all-reject.
      for (const x of r.rules) expect(x.acceptedByBnf, x.rule).to.be.within(1, x.tried - 1);
    });
  }
});

describe("fidelity: the check fails on a planted PEG mistake", () => {
  it("draft-2003 dec-octet with `DIGIT` tried before `%x31-39 DIGIT`: two-digit octets are lost", () => {
    const source = grammarWith("draft-2003", "  / [1-9] DIGIT\n  / DIGIT\n", "  / DIGIT\n  / [1-9] DIGIT\n");
    const peg = pegFromSource(source, getRevision("draft-2003")!.rules);
    const r = report(runFidelity({ spec: "draft-2003", count: 0, countOther: 300, seed: 1, rules: ["dec-octet", "IPv4address"], peg }));
    for (const x of r.rules) {
      expect(x.disagreements, x.rule).to.be.above(0);
      expect(x.firstDisagreement!.peg, x.rule).to.equal(false);
      expect(x.firstDisagreement!.bnf, x.rule).to.equal(true);
    }
  });

  it("draft-2003 domainlabel with the one-character alternative first: longer labels are lost", () => {
    const from = "domainlabel\n  = alphanum ((alphanum / \"-\") &[A-Za-z0-9-])|0..61| alphanum\n  / alphanum\n";
    const to = "domainlabel\n  = alphanum\n  / alphanum ((alphanum / \"-\") &[A-Za-z0-9-])|0..61| alphanum\n";
    const peg = pegFromSource(grammarWith("draft-2003", from, to), getRevision("draft-2003")!.rules);
    const r = report(runFidelity({ spec: "draft-2003", count: 0, countOther: 300, seed: 1, rules: ["domainlabel", "hostname"], peg }));
    for (const x of r.rules) expect(x.disagreements, x.rule).to.be.above(0);
  });

  it("draft-1997 domainlabel with `alphanum` first (the published order, read as a PEG)", () => {
    const from = "domainlabel\n  = alphanum ((alphanum / \"-\") &[A-Za-z0-9-])* alphanum\n  / alphanum\n";
    const to = "domainlabel\n  = alphanum\n  / alphanum ((alphanum / \"-\") &[A-Za-z0-9-])* alphanum\n";
    const peg = pegFromSource(grammarWith("draft-1997", from, to), getRevision("draft-1997")!.rules);
    const r = report(runFidelity({ spec: "draft-1997", count: 0, countOther: 300, seed: 1, rules: ["domainlabel"], peg }));
    expect(r.rules[0].disagreements).to.be.above(0);
  });

  it("rfc1738 waisurl and grouppart without their end-lookaheads (`!.`): PEG choice commits to a prefix", () => {
    const source = grammarWith("rfc1738", "  = waisdatabase !. / waisindex !. / waisdoc\n", "  = waisdatabase / waisindex / waisdoc\n")
      .replace('  = "*" !. / group !. / article', '  = "*" / group / article');
    const peg = pegFromSource(source, getRevision("rfc1738")!.rules);
    const r = report(runFidelity({ spec: "rfc1738", count: 0, countOther: 300, seed: 1, rules: ["waisurl", "grouppart"], peg }));
    for (const x of r.rules) {
      expect(x.disagreements, x.rule).to.be.above(0);
      expect(x.firstDisagreement!.peg, x.rule).to.equal(false);
    }
  });

  it("rfc3986 host without the end-lookahead after IPv4address: `1.2.3.4.example` and `1.2.3.256` are lost", () => {
    const source = grammarWith("rfc3986", '  = IP_literal / IPv4address &(":" / "/" / "?" / "#" / !.) / reg_name\n', "  = IP_literal / IPv4address / reg_name\n");
    const peg = pegFromSource(source, getRevision("rfc3986")!.rules);
    // The random strings seldom put a "." after an IPv4address: the two strings of the title first.
    for (const input of ["1.2.3.4.example", "1.2.3.256"]) expect(peg("host", input).ok, input).to.equal(false);
    const r = report(runFidelity({ spec: "rfc3986", count: 0, countOther: 3000, seed: 1, rules: ["host", "authority"], peg }));
    expect(r.disagreements).to.be.above(0);
    for (const x of r.rules) if (x.firstDisagreement) expect(x.firstDisagreement.peg, x.rule).to.equal(false);
  });

  it("rfc3986 path without its end-lookaheads: path-abempty commits to the empty prefix of `a/b`", () => {
    const source = grammarWith("rfc3986", '  = path_abempty &("?" / "#" / !.)\n', "  = path_abempty\n").replace('  / path_noscheme &("?" / "#" / !.)\n', "  / path_noscheme\n");
    const peg = pegFromSource(source, getRevision("rfc3986")!.rules);
    const r = report(runFidelity({ spec: "rfc3986", count: 0, countOther: 300, seed: 1, rules: ["path"], peg }));
    expect(r.rules[0].disagreements).to.be.above(0);
    expect(r.rules[0].firstDisagreement!.peg).to.equal(false);
  });

  it("rfc3986 dec-octet in the published order (DIGIT first): 10-255 are lost", () => {
    const source = grammarWith("rfc3986", '  = "25" [0-5]\n  / "2" [0-4] DIGIT\n  / "1" DIGIT DIGIT\n  / [1-9] DIGIT\n  / DIGIT\n', '  = DIGIT\n  / [1-9] DIGIT\n  / "1" DIGIT DIGIT\n  / "2" [0-4] DIGIT\n  / "25" [0-5]\n');
    const peg = pegFromSource(source, getRevision("rfc3986")!.rules);
    const r = report(runFidelity({ spec: "rfc3986", count: 0, countOther: 300, seed: 1, rules: ["dec-octet", "IPv4address"], peg }));
    for (const x of r.rules) expect(x.disagreements, x.rule).to.be.above(0);
  });

  it("the unmodified rfc3986 grammar compiled the same way agrees on those rules", () => {
    const peg = pegFromSource(pegGrammarSource("rfc3986")!, getRevision("rfc3986")!.rules);
    const r = report(runFidelity({ spec: "rfc3986", count: 0, countOther: 600, seed: 1, rules: ["host", "authority", "path", "dec-octet", "IPv4address"], peg }));
    expect(r.disagreements).to.equal(0);
  });

  it("the unmodified grammar compiled the same way agrees (so the failures above are the plant's)", () => {
    const source = pegGrammarSource("draft-2003")!;
    const peg = pegFromSource(source, getRevision("draft-2003")!.rules);
    const r = report(runFidelity({ spec: "draft-2003", count: 0, countOther: 300, seed: 1, rules: ["dec-octet", "IPv4address", "domainlabel", "hostname"], peg }));
    expect(r.disagreements).to.equal(0);
  });

  it("only a documented deviation (grammar/<spec>/deviations.tsv) excuses a disagreement, and only the one it describes", () => {
    const source = grammarWith("draft-2003", "  / [1-9] DIGIT\n  / DIGIT\n", "  / DIGIT\n  / [1-9] DIGIT\n");
    const peg = pegFromSource(source, getRevision("draft-2003")!.rules);
    const deviation = { spec: "draft-2003", rule: "dec-octet", match: /^[1-9][0-9]$/, peg: false, bnf: true, section: "test", words: "test" };
    const r = report(runFidelity({ spec: "draft-2003", count: 0, countOther: 300, seed: 1, rules: ["dec-octet", "IPv4address"], peg, deviations: [deviation] }));
    expect(r.rules[0].documented).to.be.above(0);
    expect(r.rules[0].disagreements).to.equal(0);
    expect(r.rules[1].disagreements, "the deviation names dec-octet only").to.be.above(0);
  });
});

describe("fidelity: the check fails on a planted mistake in a published reading (whatwg)", function () {
  this.timeout(120_000);
  const FILE = join(__dirname, "..", "..", "grammar", "whatwg", "published.abnf");
  /** whatwg's published reading with one piece of its text replaced, read as the file would be. */
  function readingWith(from: string, to: string): PublishedGrammar {
    const source = readFileSync(FILE, "utf8");
    expect(source, "the planted mistake's anchor is in grammar/whatwg/published.abnf").to.include(from);
    const r = readAbnf(source.replace(from, to), "grammar/whatwg/published.abnf", "whatwg");
    if (!r.ok) throw new Error(r.errors.join("\n"));
    return r.grammar;
  }

  it("valid domain string read without its predicate (R3): the superset takes domains the revision refuses (a domain that ends in a number)", () => {
    const grammar = readingWith("; @predicate valid-domain\n", "");
    const r = report(runFidelity({ spec: "whatwg", count: 0, countOther: 400, seed: 1, rules: ["valid domain string", "valid host string"], grammar }));
    for (const x of r.rules) {
      expect(x.disagreements, x.rule).to.be.above(0);
      expect([x.firstDisagreement!.peg, x.firstDisagreement!.bnf], x.rule).to.deep.equal([false, true]);
    }
    // The file as written, read the same way, agrees on those strings (so the failure is the plant's).
    const clean = report(runFidelity({ spec: "whatwg", count: 0, countOther: 400, seed: 1, rules: ["valid domain string", "valid host string"], grammar: readingWith("", "") }));
    expect(clean.disagreements).to.equal(0);
  });

  it("non-special-scheme spelled with \"wss\" left in (R1's complement one repetition short): proved different, \"wss:\" among the witnesses", () => {
    const grammar = readingWith('/ "s" ( scheme-not-s *scheme-code-point / "s" 1*scheme-code-point ) ]', '/ "s" ( scheme-not-s *scheme-code-point / "s" *scheme-code-point ) ]');
    const p = proveFidelity({ spec: "whatwg", rules: ["absolute-URL string", "URL-scheme string"], grammar, deviations: [] });
    if (p instanceof Error) throw p;
    expect(p.rules.map((x) => x.verdict)).to.deep.equal(["undocumented", "equal"]);
    const witnesses = p.rules[0]!.witnesses;
    expect(witnesses.every((w) => w.peg === false && w.published === true)).to.equal(true);
    expect(witnesses.some((w) => /^wss:/i.test(w.input))).to.equal(true);
  });
});

describe("rule inventory: PEG registry = published grammar", () => {
  for (const spec of SPECS) {
    it(`${spec}: the same rule names, helpers only where marked @helper`, () => {
      const inv = compareInventory(getRevision(spec)!.rules, grammarOf(spec));
      expect({ missing: inv.missing, unknown: inv.unknown, wrongKind: inv.wrongKind }).to.deep.equal({ missing: [], unknown: [], wrongKind: [] });
    });
  }

  it("a misspelled, a missing and a wrongly-kinded rule are each reported", () => {
    const rules = getRevision("draft-2003")!.rules;
    const renamed = rules.map((r) => (r.published === "IPv6address" ? { ...r, published: "IPV6address" } : r));
    const inv1 = compareInventory(renamed, grammarOf("draft-2003"));
    expect(inv1.unknown).to.deep.equal(["IPV6address"]);
    expect(inv1.missing).to.deep.equal(["IPv6address"]);
    expect(inventoryAgrees(inv1)).to.equal(false);
    const inv2 = compareInventory(rules.filter((r) => r.published !== "ls32"), grammarOf("draft-2003"));
    expect(inv2.missing).to.deep.equal(["ls32"]);
    const inv3 = compareInventory(rules.map((r) => (r.published === "DIGIT" ? { ...r, kind: "published" as const } : r)), grammarOf("draft-2003"));
    expect(inv3.wrongKind).to.deep.equal([{ name: "DIGIT", peg: "published", published: "core" }]);
    const withHelper = [...rules, { pegName: "helper_x", published: null, kind: "helper" as const, section: null, text: [], peg: ["why"], repairs: [], uses: [] }];
    expect(inventoryAgrees(compareInventory(withHelper, grammarOf("draft-2003")))).to.equal(true);
  });
});

function captureIo(): { io: Io; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return { io: { out: (t) => void (out += t), err: (t) => void (err += t), stdin: process.stdin }, out: () => out, err: () => err };
}

describe("CLI: rules and fidelity", () => {
  it("`rules --spec draft-2003 IPv6address` shows the ABNF as published and the PEG", async () => {
    const c = captureIo();
    expect(await main(["rules", "--spec", "draft-2003", "IPv6address"], c.io)).to.equal(0);
    expect(c.out()).to.include("As published (RFC 2234 ABNF; grammar/draft-2003/published.abnf:");
    expect(c.out()).to.include('IPv6address = ( 6( h4 ":" ) ls32 )');
    expect(c.out()).to.include("PEG transcription (grammar/draft-2003/grammar.peggy:");
    expect(c.out()).to.include('= (h4 ":")|6| ls32 &("]" / !.)');
    expect(c.out()).to.include("Why the PEG differs:");
  });

  it("`rules --spec draft-2003 domainlabel` shows the repair with the document's words", async () => {
    const c = captureIo();
    await main(["rules", "--spec", "draft-2003", "domainlabel"], c.io);
    expect(c.out()).to.include('the document\'s words: domainlabel = alphanum [ 0*61( alphanum | "-" ) alphanum ]');
  });

  it("`rules --spec draft-1997` lists every rule with its section", async () => {
    const c = captureIo();
    expect(await main(["rules", "--spec", "draft-1997"], c.io)).to.equal(0);
    for (const r of getRevision("draft-1997")!.rules) expect(c.out()).to.match(new RegExp(`\\n  ${r.published}\\s`));
    expect(c.out()).to.match(/URL-reference\s+Appendix A \(§3\)\s+PEG reshaped\s+\(top rule\)/);
  });

  it("`rules` with an unknown rule is a usage error (exit 2) that suggests the spelling", async () => {
    const c = captureIo();
    // draft-1997's names are case-sensitive (RFC 822-style BNF); an ABNF revision would find this one.
    expect(await main(["rules", "--spec", "draft-1997", "ipv6address"], c.io)).to.equal(2);
    expect(c.err()).to.include("has no rule");
    const d = captureIo();
    expect(await main(["rules", "--spec", "rfc1738", "HOSTPORT"], d.io)).to.equal(2);
    expect(d.err()).to.include('Did you mean "hostport"');
  });

  it("`fidelity --spec draft-2003 --count 50 --json` reports strings per rule and time, exit 0", async () => {
    const c = captureIo();
    expect(await main(["fidelity", "--spec", "draft-2003", "--count", "50", "--json"], c.io)).to.equal(0);
    const j = JSON.parse(c.out());
    expect(j.reports).to.have.length(1);
    expect(j.reports[0].countTop).to.equal(50);
    expect(j.reports[0].countOther).to.equal(5);
    expect(j.reports[0].disagreements).to.equal(0);
    expect(j.milliseconds).to.be.a("number");
  });

  it("`fidelity` prints a table: rules x (tried, agreements, first disagreement)", async () => {
    const c = captureIo();
    expect(await main(["fidelity", "--count", "20", "--seed", "3"], c.io)).to.equal(0);
    expect(c.out()).to.match(/draft-1997: 20 strings for the top rule, 2 for each other rule \(seed 3/);
    expect(c.out()).to.match(/\n  dec-octet\s+2\s+2\s+\d+\s+-\n/);
    expect(c.out()).to.match(/strings in \d+\.\d s/);
  });
});
