// rfc1738: the PEG (grammar/rfc1738.peggy) against the published rules of §5 read as a context-free
// grammar (test/support/published-cfg.ts, an Earley recognizer over the rule text as published).
// The cases are not written by hand: strings derived at random from the published grammar, then
// mutated by up to two insertions, deletions or replacements, so about half are valid and half sit
// just outside the language. The seed is fixed, so a failure is reproducible.
import { expect } from "chai";
import { RULES } from "../generated/rfc1738.rules";
import * as pegParser from "../generated/rfc1738.ast";
import { cfgFromPublished, derive, recognizes } from "./support/published-cfg";

// The one repair of §5 (gopherurl's unquoted /) is applied by reading a bare "/" as the literal.
const cfg = cfgFromPublished(RULES, { bareSlash: true });

function pegAccepts(rule: string, input: string): boolean {
  const pegName = RULES.find((r) => r.published === rule)!.pegName;
  try {
    pegParser.parse(input, { startRule: pegName } as Record<string, unknown>);
    return true;
  } catch {
    return false;
  }
}

function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const MUTATIONS = "ab1Z-._/:@?;=&%09+*$!~#AzF2".split("");

describe("rfc1738 PEG vs the published rules (Earley)", () => {
  it("the recognizer reads the published rules and can say no", () => {
    expect(recognizes(cfg, "url", "http://a/b?c/d")).to.equal(true); // through otherurl
    expect(recognizes(cfg, "httpurl", "http://a/b?c/d")).to.equal(false);
    expect(recognizes(cfg, "host", "1.2.3.4.example")).to.equal(true);
    expect(recognizes(cfg, "host", "a-")).to.equal(false);
    expect(recognizes(cfg, "gopherurl", "gopher://h/1a%09b")).to.equal(true);
    expect(recognizes(cfg, "url", "HTTP://a/")).to.equal(false);
  });

  const rules = ["url", "httpurl", "ftpurl", "fileurl", "gopherurl", "mailtourl", "newsurl", "nntpurl", "telneturl", "waisurl", "prosperourl", "genericurl", "login", "host", "hostname", "grouppart"];
  for (const [index, rule] of rules.entries()) {
    it(`${rule}: agrees on 250 derived and mutated strings`, () => {
      const random = lcg(1738 + index);
      let accepted = 0;
      let cases = 0;
      const disagreements: string[] = [];
      while (cases < 250) {
        let s = derive(cfg, rule, random);
        const edits = Math.floor(random() * 3);
        for (let j = 0; j < edits; j++) {
          const pos = Math.floor(random() * (s.length + 1));
          const op = random();
          const ch = MUTATIONS[Math.floor(random() * MUTATIONS.length)];
          s = op < 0.4 ? s.slice(0, pos) + ch + s.slice(pos) : op < 0.7 ? s.slice(0, pos) + s.slice(pos + 1) : s.slice(0, pos) + ch + s.slice(pos + 1);
        }
        if (s.length > 40) continue;
        cases++;
        const published = recognizes(cfg, rule, s);
        if (published) accepted++;
        if (published !== pegAccepts(rule, s)) disagreements.push(`${JSON.stringify(s)}: published ${published}`);
      }
      expect(disagreements, disagreements.slice(0, 5).join("; ")).to.deep.equal([]);
      // Both verdicts must be well represented, or the comparison says little.
      expect(accepted, "accepted cases").to.be.within(25, 225);
    });
  }
});
