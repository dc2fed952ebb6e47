// rfc1738: the PEG (grammar/rfc1738/grammar.peggy) against the published rules of §5 read as a context-free
// grammar: grammar/rfc1738/published.bnf through the shared reader and Earley recognizer
// (src/published), compared by the shared fidelity check (src/ops/fidelity.ts). The cases are not
// written by hand: strings derived at random from the published grammar, half of them mutated, so
// many sit just outside the language. The seed is fixed, so a failure is reproducible.
import { expect } from "chai";
import { runFidelity } from "../src/ops/fidelity";
import { loadPublishedGrammar } from "../src/published";
import { compiled, recognize } from "../src/published/earley";

const published = loadPublishedGrammar("rfc1738");
if (!published || !published.ok) throw new Error(`grammar/rfc1738/published.bnf: ${published ? published.errors.join("; ") : "not registered"}`);
const cfg = compiled(published.grammar);
const recognizes = (rule: string, input: string) => recognize(cfg, rule, input);

describe("rfc1738 PEG vs the published rules (Earley)", () => {
  it("the recognizer reads the published rules and can say no", () => {
    expect(recognizes("url", "http://a/b?c/d")).to.equal(true); // through otherurl
    expect(recognizes("httpurl", "http://a/b?c/d")).to.equal(false);
    expect(recognizes("host", "1.2.3.4.example")).to.equal(true);
    expect(recognizes("host", "a-")).to.equal(false);
    // The gopherurl repair (the unquoted / read as "/").
    expect(recognizes("gopherurl", "gopher://h/1a%09b")).to.equal(true);
    // Literals are case-sensitive (grammar/rfc1738/README.md, "Literal case"; `; @literals case-sensitive`).
    expect(recognizes("url", "HTTP://a/")).to.equal(false);
    // 1*[ x ] is one or more x (§5: brackets enclose optional or repeated elements).
    expect(recognizes("scheme", "")).to.equal(false);
  });

  const rules = ["url", "httpurl", "ftpurl", "fileurl", "gopherurl", "mailtourl", "newsurl", "nntpurl", "telneturl", "waisurl", "prosperourl", "genericurl", "login", "host", "hostname", "grouppart"];
  const report = runFidelity({ spec: "rfc1738", count: 250, countOther: 250, seed: 1738, rules });
  for (const rule of rules) {
    it(`${rule}: agrees on 250 derived and mutated strings`, () => {
      if (report instanceof Error) throw report;
      const r = report.rules.find((x) => x.rule === rule)!;
      expect(r.tried).to.equal(250);
      const first = r.firstDisagreement;
      expect(r.disagreements + r.documented, first ? `${JSON.stringify(first.input)}: published ${first.bnf}` : "").to.equal(0);
      // Both verdicts must be well represented, or the comparison says little.
      expect(r.acceptedByBnf, "accepted cases").to.be.within(25, 225);
    });
  }
});
