// The published grammars, their readers, the Earley recognizer and the generator: checked on their
// own, before they are used to judge the PEG transcriptions (test/fidelity.test.ts).
import { expect } from "chai";
import { readdirSync } from "node:fs";
import { availableSpecIds, getRevision } from "../src/revisions";
import { spanChecksOf } from "../src/ops/fidelity";
import { findPublishedRule, loadPublishedGrammar, publishedGrammarFile, showExpr, type PublishedGrammar } from "../src/published";

/** The revisions with a published grammar (grammar/<spec>/published.*). */
const PUBLISHED = availableSpecIds().filter((id) => publishedGrammarFile(id));
import { compiled, recognize } from "../src/published/earley";
import { Generator } from "../src/published/generate";
import { readAbnf } from "../src/published/read-abnf";
import { readRfc822Bnf } from "../src/published/read-rfc822-bnf";
import { publishedStart } from "./support/published-start";
import { requireSeedFile, skipBecause } from "./support/seeds";
import { caseTables, DATA_DIR, readTable } from "./support/table";

function grammarOf(spec: string): PublishedGrammar {
  const r = loadPublishedGrammar(spec);
  if (!r || !r.ok) throw new Error(`${spec}: ${r ? r.errors.join("; ") : "no published grammar"}`);
  return r.grammar;
}

function small(read: typeof readAbnf, source: string): PublishedGrammar {
  const r = read(source, "sample", "sample");
  if (!r.ok) throw new Error(r.errors.join("; "));
  return r.grammar;
}

describe("published grammars", () => {
  for (const spec of PUBLISHED) {
    it(`${spec}: grammar/${publishedGrammarFile(spec)!.file} reads without errors, every reference defined`, () => {
      const r = loadPublishedGrammar(spec)!;
      expect(r.ok ? [] : r.errors).to.deep.equal([]);
    });
  }

  it("draft-1997: Appendix A in the document's order, then the §2.4.3 classes", () => {
    const g = grammarOf("draft-1997");
    const names = g.rules.map((r) => r.name);
    expect(names.slice(0, 4)).to.deep.equal(["URL-reference", "absoluteURL", "opaque-URL", "generic-URL"]);
    expect(names.slice(-4)).to.deep.equal(["control", "space", "delims", "unwise"]);
    expect(names).to.have.length(41);
    expect(findPublishedRule(g, "control")!.section).to.equal("§2.4.3");
    expect(findPublishedRule(g, "hostname")!.section).to.equal("Appendix A");
  });

  it("draft-1997: RFC 822 prose is read (<\"> is a double quote, <US-ASCII coded characters ...> a set)", () => {
    const g = grammarOf("draft-1997");
    expect(showExpr(findPublishedRule(g, "control")!.expr)).to.equal("%x00-1F/7F");
    expect(showExpr(findPublishedRule(g, "space")!.expr)).to.equal("%x20");
    expect(showExpr(findPublishedRule(g, "delims")!.expr)).to.equal('"<" / ">" / "#" / "%" / "\\""');
  });

  it("draft-2003: sections 2 to 5 in order, core rules last and marked, repairs carry the document's words", () => {
    const g = grammarOf("draft-2003");
    expect(g.rules[0].name).to.equal("uric");
    expect(g.rules.filter((r) => r.kind === "core").map((r) => r.name)).to.deep.equal(["ALPHA", "DIGIT", "HEXDIG", "DQUOTE"]);
    const dl = findPublishedRule(g, "domainlabel")!;
    expect(dl.repairs).to.have.length(1);
    expect(dl.repairs[0].seed).to.equal('domainlabel = alphanum [ 0*61( alphanum | "-" ) alphanum ]');
    expect(showExpr(dl.expr)).to.equal('alphanum [ *61( alphanum / "-" ) alphanum ]');
    expect(findPublishedRule(g, "toplabel")!.repairs).to.have.length(1);
    // RFC 2234 §2.1: `alpha` in toplabel is ALPHA.
    expect(findPublishedRule(g, "alpha")!.name).to.equal("ALPHA");
  });
});

describe("notation readers", () => {
  it("ABNF: quoted strings are case-insensitive, %x ranges and value sequences, n*m repetition", () => {
    const g = small(readAbnf, 'a = "Ab" %x30-39 %x41.42 2*3"c" *1"d" 2"e"\n');
    expect(showExpr(g.rules[0].expr)).to.equal('"Ab" %x30-39 %x41 %x42 2*3"c" *1"d" 2"e"');
  });

  it("ABNF: `|` is not an alternative; the error names the rule and asks for a repair", () => {
    const r = readAbnf('a = "x" | "y"\n', "sample", "sample");
    expect(r.ok).to.equal(false);
    if (!r.ok) expect(r.errors[0]).to.match(/sample:1: rule a: .*not this notation's alternative/);
  });

  it("ABNF: =/ adds alternatives; rule names ignore case", () => {
    const g = small(readAbnf, 'A = "x"\na =/ "y"\nb = a\n');
    expect(showExpr(g.rules[0].expr)).to.equal('"x" / "y"');
    expect(recognize(compiled(g), "B", "Y")).to.equal(true);
  });

  it("RFC 822-style BNF: `|` alternatives, <n>* repetition, literals case-sensitive by default", () => {
    const g = small(readRfc822Bnf, 'a = 1*( "x" | b ) [ "-" ]\nb = "Y"\n');
    expect(showExpr(g.rules[0].expr)).to.equal('1*( %s"x" / b ) [ "-" ]');
    expect(recognize(compiled(g), "a", "xY-")).to.equal(true);
    expect(recognize(compiled(g), "a", "xy")).to.equal(false);
  });

  it("RFC 822-style BNF: after <n>* the brackets only enclose the repeated element (RFC 1738 §5)", () => {
    const g = small(readRfc822Bnf, 'a = 1*[ "x" | "y" ]\nb = *[ "x" ]\nc = [ "x" ]\n');
    expect(recognize(compiled(g), "a", "")).to.equal(false);
    expect(recognize(compiled(g), "a", "xyx")).to.equal(true);
    expect(recognize(compiled(g), "b", "")).to.equal(true);
    expect(recognize(compiled(g), "c", "xx")).to.equal(false);
    // ABNF keeps RFC 2234's reading: 1*[ x ] is one or more optional x, so it matches "".
    expect(recognize(compiled(small(readAbnf, 'a = 1*[ "x" ]\n')), "a", "")).to.equal(true);
  });

  it("RFC 822-style BNF: `; @literals case-insensitive` makes literals match either case", () => {
    const g = small(readRfc822Bnf, '; @literals case-insensitive\na = "http"\n');
    expect(recognize(compiled(g), "a", "HtTp")).to.equal(true);
  });

  it("every problem is reported as a value: undefined rules, a @repair without @seed, a stray line", () => {
    const r = readRfc822Bnf('; @repair something\na = b\n  c\nnot a rule\n', "sample", "sample");
    expect(r.ok).to.equal(false);
    if (!r.ok) {
      expect(r.errors.join("\n")).to.match(/lacks the document's words/);
      expect(r.errors.join("\n")).to.match(/undefined rule b/);
      expect(r.errors.join("\n")).to.match(/undefined rule c/);
      expect(r.errors.join("\n")).to.match(/sample:4: expected "name = definition"/);
    }
  });
});

describe("Earley recognizer", () => {
  it("tries every alternative (no ordered choice): `a | a x` accepts both strings", () => {
    const g = small(readRfc822Bnf, 'r = "a" | "a" "x"\ns = *"a" "a"\n');
    const cg = compiled(g);
    expect(recognize(cg, "r", "a")).to.equal(true);
    expect(recognize(cg, "r", "ax")).to.equal(true);
    // A repetition gives back: *"a" "a" accepts "aaa" (a PEG's greedy loop would not).
    expect(recognize(cg, "s", "aaa")).to.equal(true);
    expect(recognize(cg, "s", "")).to.equal(false);
  });

  it("handles ambiguity, nullable rules and left recursion", () => {
    const g = small(readAbnf, 'e = e "+" e / t\nt = *"x" [ n ]\nn = [ "y" ]\n');
    const cg = compiled(g);
    for (const s of ["", "+", "x+x+xy", "xx+y++"]) expect(recognize(cg, "e", s), s).to.equal(true);
    expect(recognize(cg, "e", "yx")).to.equal(false);
  });

  it("bounded repetition counts exactly (draft-2003 domainlabel: 1 to 63 characters)", () => {
    const cg = compiled(grammarOf("draft-2003"));
    expect(recognize(cg, "domainlabel", "a".repeat(63))).to.equal(true);
    expect(recognize(cg, "domainlabel", "a".repeat(64))).to.equal(false);
    expect(recognize(cg, "h4", "abcd")).to.equal(true);
    expect(recognize(cg, "h4", "abcde")).to.equal(false);
  });

  it("answers for any rule as start, and null for a rule the grammar does not have", () => {
    const cg = compiled(grammarOf("draft-2003"));
    expect(recognize(cg, "dec-octet", "255")).to.equal(true);
    expect(recognize(cg, "dec-octet", "256")).to.equal(false);
    expect(recognize(cg, "IPv6address", "1::2::3")).to.equal(false);
    expect(recognize(cg, "no-such-rule", "x")).to.equal(null);
  });

  it("is linear-ish: a 4 KB reference makes about 4x the Earley items of a 1 KB one (fails above 5x)", () => {
    // Counted in items, not milliseconds, so a busy machine cannot decide the test.
    for (const [spec, top] of [["draft-2003", "URI-reference"], ["draft-1997", "URL-reference"]]) {
      const cg = compiled(grammarOf(spec));
      const make = (n: number) => "http://user@www.example.com:80" + "/seg;p=1".repeat(n) + "?q=1#f" + "/a.b-c".repeat(n);
      const items = (s: string) => {
        const stats = { items: 0 };
        expect(recognize(cg, top, s, stats)).to.equal(true);
        return stats.items;
      };
      const oneKb = items(make(73));
      const fourKb = items(make(292));
      expect(fourKb / oneKb, `${spec}: ${oneKb} items for 1 KB, ${fourKb} for 4 KB`).to.be.below(5);
    }
  });
});

describe("generator", () => {
  it("is seeded and reproducible", () => {
    const g = grammarOf("draft-2003");
    const run = (seed: number) => {
      const gen = new Generator(g, seed);
      return Array.from({ length: 50 }, () => gen.next("URI-reference", 40).input);
    };
    expect(run(42)).to.deep.equal(run(42));
    expect(run(42)).to.not.deep.equal(run(43));
  });

  for (const spec of PUBLISHED) {
    it(`${spec}: every unmutated derivation of every rule is accepted by the recognizer`, () => {
      const g = grammarOf(spec);
      const cg = compiled(g);
      const gen = new Generator(g, 5);
      for (const r of g.rules) {
        for (let i = 0; i < 30; i++) {
          const s = gen.derive(r.name, 1 + (i % 40));
          expect(recognize(cg, r.name, s), `${r.name} ${JSON.stringify(s)}`).to.equal(true);
        }
      }
    });
  }

  it("mutations draw on the characters that matter and stay reproducible", () => {
    const gen = new Generator(grammarOf("draft-2003"), 9);
    const out = Array.from({ length: 200 }, () => gen.mutate("http://a/b"));
    expect(out.some((s) => s.includes("%"))).to.equal(true);
    expect(out.some((s) => s.includes("["))).to.equal(true);
    expect(out.some((s) => s.length < "http://a/b".length)).to.equal(true);
  });
});

// The test tables, judged by the second implementation that claims to answer them.
describe("test tables through the published grammar", () => {
  for (const file of caseTables()) {
    const cases = readTable(file).filter((c) => publishedGrammarFile(c.spec) && (availableSpecIds() as string[]).includes(c.spec));
    if (cases.length === 0) continue;
    it(`${file}: the Earley recognizer gives every verdict the table gives (${cases.length} cases)`, () => {
      const wrong: string[] = [];
      for (const c of cases) {
        const g = grammarOf(c.spec);
        // `*` is what parse() does without a rule: the scheme's production where the revision picks
        // one (scheme-aware revisions), else the top rule.
        const revision = getRevision(c.spec)!;
        const { grammar, rule: start } = c.rule !== "*" ? { grammar: g, rule: c.rule } : publishedStart(revision, g, c.input);
        const v = recognize(compiled(grammar), start, c.input, undefined, spanChecksOf(revision));
        if (v !== c.valid) wrong.push(`${file}:${c.line} ${c.spec} ${start} ${JSON.stringify(c.input)}: table ${c.valid}, recognizer ${v}`);
      }
      expect(wrong).to.deep.equal([]);
    });
  }
});

describe("ad-hoc BNF reader (1993/1994 drafts), on a sample of draft-1994", () => {
  // Rule name at column 0, definition indented on the next line, as in draft-1994 "BNF for
  // specific URL schemes" (the seed's lines, indented).
  const sample = [
    ";; @section BNF for specific URL schemes",
    "httpaddress",
    "    h t t p : / / hostport [ / path ] [ ? search ]",
    "hostport",
    "    host [ : port ]",
    "host",
    "    hostname | hostnumber",
    "hostname",
    "    ialpha [ . hostname ]",
    "hostnumber",
    "    digits . digits . digits . digits",
    "port",
    "    digits",
    "path",
    "    void | segment [ / path ]",
    "segment",
    "    xalphas",
    "search",
    "    xalphas [ + search ]",
    "ialpha",
    "    alpha [ xalphas ]",
    "xalphas",
    "    xalpha [ xalphas ]",
    "xalpha",
    "    alpha | digit | safe | extra | escape",
    "alpha",
    "    a | b | c | X",
    "digit",
    "    0 |1 | 2 | 9",
    "digits",
    "    digit [ digits ]",
    "safe",
    "    $ | - | _ | @ | . | & | + | -",
    "extra",
    "    ! | * | \" | ' | ( | ) | ,",
    "escape",
    "    % hex hex",
    "hex",
    "    digit | a | b | c",
    "national",
    "    { | } | vline | [ | ] | \\ | ^ | ~",
    "reserved",
    "    = | ; | / | # | ? | : | space",
    "void",
  ].join("\n");

  it("reads rule-name / definition pairs, spaced letters, `space`, `vline`, glued `|1`, bracket characters", async () => {
    const { readAdhocBnf } = await import("../src/published/read-adhoc-bnf");
    const r = readAdhocBnf(sample, "sample", "draft-1994");
    expect(r.ok ? [] : r.errors).to.deep.equal([]);
    if (!r.ok) return;
    const g = r.grammar;
    expect(showExpr(findPublishedRule(g, "digit")!.expr)).to.equal('"0" / "1" / "2" / "9"');
    expect(showExpr(findPublishedRule(g, "national")!.expr)).to.equal('"{" / "}" / "|" / "[" / "]" / "\\\\" / "^" / "~"');
    expect(showExpr(findPublishedRule(g, "reserved")!.expr)).to.match(/ \/ " "$/);
    expect(showExpr(findPublishedRule(g, "void")!.expr)).to.equal('""');
    expect(findPublishedRule(g, "hostport")!.section).to.equal("BNF for specific URL schemes");
    const cg = compiled(g);
    expect(recognize(cg, "httpaddress", "http://ab.c:90/a/b?a+b")).to.equal(true);
    expect(recognize(cg, "httpaddress", "http://ab.c:/")).to.equal(false);
    expect(recognize(cg, "httpaddress", "HTTP://a")).to.equal(false);
    expect(recognize(cg, "hostnumber", "1.22.9.0")).to.equal(true);
  });

  it("reports an unbalanced bracket and a definition without a name", async () => {
    const { readAdhocBnf } = await import("../src/published/read-adhoc-bnf");
    const r = readAdhocBnf("    a b\nx\n    [ y\ny\n    a\n", "sample", "draft-1994");
    expect(r.ok).to.equal(false);
    if (!r.ok) {
      expect(r.errors.join("\n")).to.match(/sample:1: a definition line belongs to no rule name/);
      expect(r.errors.join("\n")).to.match(/rule x: "\[" without "\]"/);
    }
  });

  it("a trailing ' ;; ' comment (a repaired line's mark) is ours, not the rule's; a lone ';' stays a character", async () => {
    const { readAdhocBnf } = await import("../src/published/read-adhoc-bnf");
    const r = readAdhocBnf("url ;; repaired: published as \"ur l\"\n    a ; [ b ] ;; repaired: was a : :\nb\n    x\n", "sample", "draft-1994");
    expect(r.ok ? [] : r.errors).to.deep.equal([]);
    if (!r.ok) return;
    const url = findPublishedRule(r.grammar, "url")!;
    expect(showExpr(url.expr)).to.equal('%s"a" ";" [ %s"b" ]');
    expect(url.text[0], "the comment stays in the shown text").to.match(/;; repaired/);
  });
});

/** Rules taken from a document that is not among the references (rfc2732: RFC 2373 Appendix B). */
const BY_REFERENCE: Readonly<Record<string, readonly string[]>> = { rfc2732: ["IPv6address", "IPv4address", "hexpart", "hexseq", "hex4"] };

describe("published grammars quote their seed", () => {
  // The seeds live outside the repository (test/support/seeds.ts finds them).
  const flat = (s: string) => s.split(/\s+/).filter((w) => w !== "").join(" ");

  for (const spec of PUBLISHED) {
    it(`${spec}: every rule is the seed's text, word for word (a repaired rule: its @seed words are)`, function () {
      const revision = getRevision(spec);
      if (!revision) return skipBecause(this, `${spec} has a published grammar but is not transcribed yet`);
      // The RFCs' page breaks (a footer "[Page N]" and the next page's running header "RFC NNNN ...")
      // are left out, as the grammar files leave them out of a rule that spans two pages.
      // Only the RFCs under ../references are paginated so; the seeds' lines are kept whole.
      const unpaged = (text: string) => flat(text.split("\n").filter((l) => !/\[Page \d+\]\s*$/.test(l) && !/^\f?RFC \d{4} {2,}/.test(l)).join("\n"));
      const seed = revision.seed.startsWith("../references/") ? unpaged(requireSeedFile(this, revision.seed)) : flat(requireSeedFile(this, revision.seed));
      // A rule an amending document takes from another (rfc6874: "RFC 3986 Appendix A (§3.2.2)") is
      // quoted from that document (../references/rfcNNNN.txt).
      const borrowed = new Map<string, string>();
      const seedOf = (section: string | null | undefined) => {
        const other = /^RFC (\d{4}) /.exec(section ?? "")?.[1];
        if (other === undefined) return seed;
        if (!borrowed.has(other)) borrowed.set(other, unpaged(requireSeedFile(this, `../references/rfc${other}.txt`)));
        return borrowed.get(other)!;
      };
      const missing: string[] = [];
      // A grammar published in prose (the WHATWG URL Standard): the file is the project's reading of
      // the sentences, not their words. Every rule of it is a production the document defines (its
      // name is in the document) or is marked `; @reading` as the project's own.
      if (/prose/.test(revision.notation)) {
        for (const r of grammarOf(spec).rules) if (r.kind !== "reading" && r.kind !== "core" && !seed.includes(r.name)) missing.push(`${r.name}: not a name the document defines, and not marked ; @reading`);
        expect(missing).to.deep.equal([]);
        return;
      }
      for (const r of grammarOf(spec).rules) {
        if (r.kind === "core") continue;
        const quoted = r.repairs.length > 0 ? r.repairs.map((x) => x.seed) : [r.text.join(" ")];
        for (const q of quoted) if (!(BY_REFERENCE[spec] ?? []).includes(r.name) && !seedOf(r.section).includes(flat(q))) missing.push(`${r.name}: ${flat(q)}`);
      }
      expect(missing).to.deep.equal([]);
    });
  }
});
