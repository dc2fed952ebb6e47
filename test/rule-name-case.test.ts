// Rule names and case, as each revision's notation says (its descriptor's ruleNameCase): ABNF rule
// names are case-insensitive (RFC 2234 §2.1), so every spelling of a name finds the rule, for
// parse() and the CLI alike; the BNF revisions' names are case-sensitive, and a name that differs
// only in case is refused with a sentence that says so.
import { expect } from "chai";
import { parse } from "../src/parse";
import { findNamedRule as findRule, specs, getRevision } from "../src/revisions";
import { runCli } from "./support/run-cli";

const flip = (name: string) => [...name].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");

describe("rule names and case, as the notation says", () => {
  const all = specs().map((s) => getRevision(s.id)!);
  const abnf = all.filter((r) => r.ruleNameCase === "insensitive");
  const bnf = all.filter((r) => r.ruleNameCase !== "insensitive");

  it("the registry has revisions of both kinds, and the ABNF ones are those whose notation is ABNF (not those that only borrow ABNF rules, as rfc2732 borrows RFC 2373's)", () => {
    expect(abnf.length).to.be.greaterThan(0);
    expect(bnf.length).to.be.greaterThan(0);
    for (const r of all) expect(r.ruleNameCase === "insensitive", `${r.id}: ${r.notation}`).to.equal(/^(RFC \d{4} )?ABNF\b/.test(r.notation));
  });

  for (const r of abnf) {
    it(`${r.id} (${r.notation}): every published name finds its rule in lower case, upper case and flipped case`, () => {
      for (const rule of r.rules.filter((x) => x.published !== null)) {
        for (const spelling of [rule.published!.toLowerCase(), rule.published!.toUpperCase(), flip(rule.published!)]) {
          expect(findRule(r, spelling)?.published, `${r.id} ${spelling}`).to.equal(findRule(r, rule.published!)!.published);
        }
      }
    });
  }

  for (const r of bnf) {
    it(`${r.id} (${r.notation}): a name in another case is not found`, () => {
      const mixed = r.rules.find((x) => x.published !== null && flip(x.published) !== x.published && !r.rules.some((y) => y.published === flip(x.published!)));
      if (!mixed) return;
      expect(findRule(r, flip(mixed.published!))).to.equal(undefined);
    });
  }

  it("parse() and check --rule take the ABNF name in any case and answer with the rule's own name", async () => {
    const r = parse("http://a/", { spec: "rfc3986", rule: "uri-reference" });
    expect(r.ok && r.rule).to.equal("URI-reference");
    const cli = await runCli(["check", "--json", "--rule", "uri-reference", "--spec", "rfc3986", "http://a/"]);
    expect(cli.code).to.equal(0);
    expect((JSON.parse(cli.out) as { rule: string }).rule).to.equal("URI-reference");
  });

  it("a BNF revision refuses a name that differs only in case, and says rule names are case-sensitive in its notation", async () => {
    const cli = await runCli(["check", "--rule", "URL", "--spec", "rfc1738", "http://a/"]);
    expect(cli.code).to.equal(2);
    expect(cli.err).to.contain('Did you mean "url"?').and.to.contain("case-sensitive in rfc1738's notation");
  });
});
