// A revision is a folder (grammar/<spec>/), and an amending revision's grammar is a delta of its
// base's, which the build splices (scripts/revisions.mjs) as src/published/compose.ts splices its
// published grammar: composing a grammar that amends nothing gives the file back; an amendment
// keeps every rule of its base but those it replaces or removes, in the base's order, cites the base
// in every section it inherits, and is at most a third of its base; every misuse of the delta
// language is an error that names the file and the rule.
import { expect } from "chai";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRevision, specIds } from "../src/revisions";
import { loadPublishedGrammar, publishedGrammarFile } from "../src/published";
import { composePublished } from "../src/published/compose";
import { readAbnf } from "../src/published/read-abnf";

const ROOT = join(__dirname, "..", "..");
const GRAMMAR = join(ROOT, "grammar");

interface Composed {
  id: string;
  file: string;
  source: string;
  base: string | null;
  rules: number;
  inherited: number;
}
interface RevisionsModule {
  revisionIds(root: string): string[];
  composeGrammar(root: string, id: string, repo?: string): Composed;
  typePrefix(id: string): string;
}
const revisionsModule = (): Promise<RevisionsModule> => import(join(ROOT, "scripts", "revisions.mjs")) as Promise<RevisionsModule>;

/** The non-blank lines of a file. */
const nonBlank = (path: string) => readFileSync(path, "utf8").split("\n").filter((l) => l.trim() !== "").length;

describe("a revision is a folder of grammar/", () => {
  it("the registry's revisions are exactly the folders with a grammar.peggy, oldest first by their @date", async () => {
    const { revisionIds } = await revisionsModule();
    expect([...specIds()].sort()).to.deep.equal(revisionIds(GRAMMAR));
    const dates = specIds().map((id) => getRevision(id)!.date);
    expect(dates).to.deep.equal([...dates].sort());
  });

  it("every folder holds its grammar, story, descriptor and delimiting row", () => {
    for (const id of specIds()) {
      const files = readdirSync(join(GRAMMAR, id));
      for (const f of ["grammar.peggy", "README.md", "descriptor.ts", "delimiting.ts"]) expect(files, `grammar/${id}/`).to.include(f);
    }
  });

  it("a grammar that amends nothing composes to its own text, byte for byte", async () => {
    const { composeGrammar } = await revisionsModule();
    for (const id of specIds()) {
      const c = composeGrammar(GRAMMAR, id, ROOT);
      if (c.base === null) expect(c.source, id).to.equal(readFileSync(join(GRAMMAR, id, "grammar.peggy"), "utf8"));
    }
  });

  it("rfc6874 and rfc2732 are deltas of at most a third of their base's lines, and their published grammars deltas too", async () => {
    const { composeGrammar } = await revisionsModule();
    const amendments = specIds().map((id) => composeGrammar(GRAMMAR, id, ROOT)).filter((c) => c.base !== null);
    expect(amendments.map((c) => `${c.id} amends ${c.base}`)).to.include.members(["rfc6874 amends rfc3986", "rfc2732 amends rfc2396"]);
    for (const { id, base } of amendments) {
      // Every amendment is smaller than its base; these two, which change one rule's worth of
      // syntax, are at most a third of it (whatwg-2026-06-25 replaces a quarter of its base's rules).
      const factor = id === "rfc6874" || id === "rfc2732" ? 3 : 1;
      expect(nonBlank(join(GRAMMAR, id, "grammar.peggy")) * factor, `${id}'s grammar.peggy against ${base}'s`).to.be.below(nonBlank(join(GRAMMAR, base!, "grammar.peggy")));
      const published = publishedGrammarFile(id);
      if (published) expect(readFileSync(join(GRAMMAR, published.file), "utf8")).to.match(new RegExp(`^; @amends ${base}$`, "m"));
    }
  });

  it("an amendment's composed grammar has its base's rules in its base's order, each inherited one citing the base and saying where it is written", async () => {
    const { composeGrammar } = await revisionsModule();
    const base = getRevision("rfc3986")!.rules.map((r) => r.pegName);
    const amended = getRevision("rfc6874")!.rules;
    const kept = amended.map((r) => r.pegName).filter((n) => base.includes(n));
    expect(kept).to.deep.equal(base);
    for (const r of amended) if (r.kind === "published" && !["IP-literal", "ZoneID", "IPv6addrz"].includes(r.published!)) expect(r.section, r.published!).to.match(/^RFC 3986 /);
    const source = composeGrammar(GRAMMAR, "rfc6874", ROOT).source;
    expect(source).to.match(/^\/\/ @origin grammar\/rfc3986\/grammar\.peggy:\d+\n\/\/ @rule URI RFC 3986 Appendix A \(§3\)$/m);
    expect(source).to.match(/^\/\/ @origin grammar\/rfc6874\/grammar\.peggy:\d+\n\/\/ @rule ZoneID §2$/m);
    // Its AST types are its own.
    expect(source).to.contain("@ast-root Rfc6874Ast").and.not.contain("Rfc3986Ast");
  });

  it("the published grammars compose the same way: rfc6874's inherited rules are RFC 3986's, at their place in grammar/rfc3986/published.abnf", () => {
    const g = loadPublishedGrammar("rfc6874");
    expect(g && g.ok).to.equal(true);
    if (!g || !g.ok) return;
    const uri = g.grammar.rules.find((r) => r.name === "URI")!;
    expect(uri.file).to.equal("grammar/rfc3986/published.abnf");
    expect(uri.section).to.equal("RFC 3986 Appendix A (§3)");
    expect(g.grammar.rules.find((r) => r.name === "ZoneID")!.file).to.equal(undefined);
    const names = g.grammar.rules.map((r) => r.name);
    expect(names.indexOf("ZoneID")).to.equal(names.indexOf("IP-literal") + 1);
  });

  it("a chain of amendments cites each rule in the document that wrote it: rfc8089 keeps IP-literal from RFC 6874 and IPv6address (which RFC 6874 restates) from RFC 3986", () => {
    const sections = (rules: readonly { published?: string | null; name?: string; section: string | null }[]) => Object.fromEntries(rules.map((r) => [r.published ?? r.name, r.section]));
    for (const s of [sections(getRevision("rfc8089")!.rules), sections((loadPublishedGrammar("rfc8089") as { grammar: { rules: { name: string; section: string | null }[] } }).grammar.rules)]) {
      expect(s["IP-literal"]).to.equal("RFC 6874 §2");
      expect(s["IPv6address"]).to.equal("RFC 3986 Appendix A (§3.2.2)");
      expect(s["URI"]).to.equal("RFC 3986 Appendix A (§3)");
      expect(s["file-URI"]).to.equal("§2");
    }
  });

  describe("the delta language refuses what it cannot splice (planted mistakes)", () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), "uri-grammars-folders-"));
      mkdirSync(join(dir, "grammar", "base"), { recursive: true });
      writeFileSync(
        join(dir, "grammar", "base", "grammar.peggy"),
        "// base, a test grammar\n// @document BASE 1\n// @top-rule a\n\n// @rule a §1\n//   a = b\na\n  = b\n\n// @rule b §2\n//   b = \"x\"\nb\n  = \"x\"\n",
      );
    });
    after(() => rmSync(dir, { recursive: true, force: true }));
    const amend = async (name: string, text: string) => {
      mkdirSync(join(dir, "grammar", name), { recursive: true });
      writeFileSync(join(dir, "grammar", name, "grammar.peggy"), text);
      const { composeGrammar } = await revisionsModule();
      try {
        return composeGrammar(join(dir, "grammar"), name, dir);
      } catch (e) {
        return e as Error;
      }
    };
    const rule = (marker: string, name: string, body: string) => `${marker}\n// @rule ${name} §9\n//   ${name} = ${body}\n${name}\n  = ${body}\n`;

    it("a sound delta: replaced in place, added after its anchor, inherited sections cite the base", async () => {
      const c = (await amend("good", `// good\n// @amends base\n\n${rule("// @replaces", "b", '"y"')}\n${rule("// @adds after a", "c", '"z"')}`)) as Composed;
      expect(c).to.not.be.instanceOf(Error);
      expect(c.source.indexOf("\nc\n")).to.be.greaterThan(c.source.indexOf("\na\n")).and.lessThan(c.source.indexOf("\nb\n"));
      expect(c.source).to.contain('b\n  = "y"').and.contain("// @rule a BASE 1 §1").and.contain("// @rule b §9");
    });
    for (const [k, [what, text, message]] of ([
      ["@replaces a rule the base does not have", `// x\n// @amends base\n\n${rule("// @replaces", "q", '"y"')}`, /@replaces q, which base does not have/],
      ["@adds a rule the base has", `// x\n// @amends base\n\n${rule("// @adds", "b", '"y"')}`, /@adds b, which base already has/],
      ["@adds after a rule the base does not have", `// x\n// @amends base\n\n${rule("// @adds after q", "c", '"y"')}`, /after q, which base does not have/],
      ["a rule that says neither", `// x\n// @amends base\n\n${rule("// plain", "c", '"y"')}`, /rule c says neither @replaces nor @adds/],
      ["@removes a rule the base does not have", `// x\n// @amends base\n// @removes q\n\n${rule("// @adds", "c", '"y"')}`, /@removes q, which base does not have/],
      ["@reannotates a rule the base does not have", `// x\n// @amends base\n\n// @reannotates q\n// @field f: text b\n`, /@reannotates q, which base does not have/],
      ["@amends a revision that does not exist", `// x\n// @amends nowhere\n`, /no such revision/],
      ["@replaces in a grammar that amends nothing", `// x\n// @top-rule c\n\n${rule("// @replaces", "c", '"y"')}`, /amends nothing/],
    ] as const).entries()) {
      it(what, async () => {
        const r = await amend(`bad${k}`, text);
        expect(r, what).to.be.instanceOf(Error);
        expect((r as Error).message).to.match(message);
      });
    }
    it("@amends in a circle", async () => {
      await amend("ring1", "// @amends ring2\n");
      const r = await amend("ring2", "// @amends ring1\n");
      expect((r as Error).message).to.match(/goes round in a circle/);
    });

    it("a published delta: @replaces of a missing rule, a rule that says neither, and a reference left undefined are errors", () => {
      const load = (spec: string) => (spec === "base" ? readAbnf('; @document BASE 1\na = b\nb = "x"\n', "base.abnf", "base") : undefined);
      const compose = (text: string) => composePublished(readAbnf(text, "d.abnf", "d"), text, "d.abnf", load);
      expect(compose('; @amends base\n; @replaces\nb = "y"\n').ok).to.equal(true);
      const errors = (text: string) => {
        const r = compose(text);
        return r.ok ? [] : r.errors.join("\n");
      };
      expect(errors('; @amends base\n; @replaces\nq = "y"\n')).to.match(/@replaces q, which base does not have/);
      expect(errors('; @amends base\nc = "y"\n')).to.match(/c says neither @replaces nor @adds/);
      expect(errors("; @amends base\n; @replaces\nb = z\n")).to.match(/b refers to undefined rule z/);
      expect(errors("; @amends base\n; @removes q\n")).to.match(/@removes q, which base does not have/);
    });
  });
});
