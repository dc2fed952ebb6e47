// The `whatwg` revision's one predicate, "valid domain" (URL Standard §3.4, grammar/whatwg/valid-domain.ts):
// the table grammar/whatwg/valid-domain.tsv, the WPT domain-to-ASCII data (test/data/wpt/toascii.json),
// the ends in a number checker's own steps, and no throw on any string. A planted predicate that skips
// step 3 (the ends in a number checker) must fail the table.
import { expect } from "chai";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { toASCII } from "tr46";
import { asciiStrictDomain, endsInANumber, strictAsciiDomainAt, strictDomain, validAsciiDomainAt, validDomain, type ValidDomainResult } from "../grammar/whatwg/valid-domain";

const ROOT = join(__dirname, "..", "..");

interface Row { line: number; input: string; result: string; source: string; strict: string }

function rows(): Row[] {
  return readFileSync(join(ROOT, "grammar", "whatwg", "valid-domain.tsv"), "utf8")
    .split("\n")
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => text !== "" && !text.startsWith("#"))
    .map(({ text, line }) => {
      const [input, result, source, strict] = text.split("\t");
      return { line, input: JSON.parse(input) as string, result, source, strict: strict ?? result };
    });
}

/** The result's column: the ASCII domain when valid, else the check's name. */
const column = (r: ValidDomainResult) => (r.ok ? r.domain : r.check);

/** The rows a predicate answers otherwise than the table. */
function mismatches(predicate: (input: string) => ValidDomainResult, expected: (row: Row) => string): string[] {
  return rows().filter((row) => column(predicate(row.input)) !== expected(row)).map((row) => `valid-domain.tsv:${row.line} ${JSON.stringify(row.input)}`);
}

describe("valid domain (URL Standard §3.4; grammar/whatwg/valid-domain.ts)", () => {
  it("answers grammar/whatwg/valid-domain.tsv: the ASCII domain, or the UTS #46 check or URL Standard step that refused it", () => {
    expect(rows().length).to.be.greaterThan(20);
    expect(mismatches(validDomain, (row) => row.result)).to.deep.equal([]);
  });

  it("2026-06-25's valid domain (strictDomain) differs from it only in the ends in a number checker", () => {
    expect(mismatches(strictDomain, (row) => row.strict)).to.deep.equal([]);
    expect(rows().filter((row) => row.result === "ends-in-a-number").length).to.be.greaterThan(3);
  });

  it("fails the table when step 3 (the ends in a number checker) is left out (planted)", () => {
    const planted = (input: string) => strictDomain(input);
    expect(mismatches(planted, (row) => row.result)).to.have.length(rows().filter((row) => row.result === "ends-in-a-number").length);
  });

  it("every refusal says which step refused it, with a sentence", () => {
    for (const row of rows()) {
      const r = validDomain(row.input);
      if (r.ok) continue;
      expect(r.step, row.input).to.match(/^(UTS #46|URL Standard) §/);
      expect(r.message.length, row.input).to.be.greaterThan(20);
    }
  });

  // WPT's toascii.json tests the host parser's domain to ASCII (beStrict false). Strict ToASCII adds
  // checks, so it refuses every input the parser refuses, and where it accepts, its ASCII is the parser's.
  it("agrees with WPT's domain-to-ASCII data (test/data/wpt/toascii.json) where strict processing accepts, and refuses all it refuses", () => {
    const tests = (JSON.parse(readFileSync(join(ROOT, "test", "data", "wpt", "toascii.json"), "utf8")) as unknown[])
      .filter((t): t is { input: string; output: string | null } => typeof t === "object" && t !== null);
    expect(tests).to.have.length(87);
    const accepted = tests.filter((t) => strictDomain(t.input).ok);
    expect(accepted.length).to.be.within(20, 80);
    for (const t of accepted) expect(column(strictDomain(t.input)), t.input).to.equal(t.output);
    for (const t of tests.filter((x) => x.output === null)) expect(strictDomain(t.input).ok, t.input).to.equal(false);
  });

  // The ASCII shortcut (asciiStrictDomain) answers without UTS #46's tables: where it answers, it must
  // be tr46's strict ToASCII, and it must answer every letters-digits-hyphens domain tr46 accepts but
  // a Punycode one ("xn--").
  const STRICT = { checkHyphens: true, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true, transitionalProcessing: false, verifyDNSLength: true, ignoreInvalidPunycode: false };
  const tr46Strict = (s: string) => {
    try {
      return toASCII(s, STRICT);
    } catch {
      return null;
    }
  };
  const LDH = /^[A-Za-z0-9.-]*$/;
  const PUNYCODE_LABEL = /(^|\.)xn--/i;
  /** The inputs a shortcut answers otherwise than tr46 (an answer that is not tr46's, or no answer for an LDH domain tr46 accepts). */
  const shortcutMismatches = (shortcut: (s: string) => string | null, inputs: Iterable<string>) =>
    [...inputs].filter((s) => {
      const fast = shortcut(s);
      const slow = tr46Strict(s);
      return fast !== null ? fast !== slow : slow !== null && LDH.test(s) && !PUNYCODE_LABEL.test(s);
    });
  function* asciiInputs(): Generator<string> {
    // Every ASCII code point alone and between letters, and every pair (UTS #46 statuses of ASCII).
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c);
      yield ch;
      yield `a${ch}b`;
      yield `ab${ch}${ch}cd`;
      for (let d = 0; d < 128; d++) yield ch + String.fromCharCode(d);
    }
    // VerifyDnsLength's edges: labels of 63 and 64, domains of 253 and 254, a trailing dot, Punycode.
    for (const n of [62, 63, 64]) yield `${"a".repeat(n)}.com`;
    for (const n of [252, 253, 254]) yield `${"abcdefghi.".repeat(25)}${"x".repeat(n - 250)}`;
    yield* ["example.com.", ".example.com", "a..b", "xn--53h.example", "XN--53H.example", "xn--8i7caa", "ab--c.d", "-a.b", "a-.b", "a-b.c-d", "EXAMPLE.Com"];
  }
  it("the ASCII shortcut of strict ToASCII (asciiStrictDomain) is tr46's answer wherever it answers, and answers every LDH domain tr46 accepts but Punycode", () => {
    expect(shortcutMismatches(asciiStrictDomain, asciiInputs())).to.deep.equal([]);
    expect([...asciiInputs()].filter((s) => asciiStrictDomain(s) !== null).length).to.be.greaterThan(4000);
    fc.assert(
      fc.property(fc.stringOf(fc.constantFrom(..."aZ09-.xn-_é".split("")), { maxLength: 70 }), (s) => shortcutMismatches(asciiStrictDomain, [s]).length === 0),
      { numRuns: 5000 },
    );
  });

  it("fails that comparison with a shortcut that forgets CheckHyphens' third and fourth positions (planted)", () => {
    const planted = (s: string) => (LDH.test(s) && s !== "" && s.split(".").every((l) => l.length > 0 && l.length < 64 && !l.startsWith("-") && !l.endsWith("-")) ? s.toLowerCase() : null);
    expect(shortcutMismatches(planted, asciiInputs())).to.include.members(["ab--cd", "xn--8i7caa"]);
  });

  // The shortcuts read in place (Predicate.passesAt: validAsciiDomainAt for whatwg, strictAsciiDomainAt
  // for 2026-06-25) answer true only where the predicate answers ok, and answer every domain the
  // ASCII shortcut answers (so the predicates see no other input): on the match set inside other text.
  type InPlace = (input: string, start: number, end: number) => boolean;
  const inPlaceMismatches = (shortcut: InPlace, predicate: (s: string) => ValidDomainResult, domains: Iterable<string>) =>
    [...domains].filter((d) => {
      const expected = predicate(d).ok && asciiStrictDomain(d) !== null;
      return [["", ""], ["https://", "/p"], ["a.", ".b"], ["--", "--"], ["1.", "x"]].some(([before, after]) => shortcut(before + d + after, before.length, before.length + d.length) !== expected);
    });
  const corpusHosts = () =>
    ["real-world.txt", "debian-packages.txt"].flatMap((f) =>
      readFileSync(join(ROOT, "test", "data", "corpora", f), "utf8").split("\n").map((u) => /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^:/?#]*)/i.exec(u)?.[1]).filter((h): h is string => h !== undefined),
    );
  const hostile = () => fc.sample(fc.stringOf(fc.constantFrom(..."aZ09-.xn-_é0x7".split("")), { maxLength: 70 }), { numRuns: 5000, seed: 45 });
  const domainInputs = () => [...asciiInputs(), ...rows().map((r) => r.input), ...corpusHosts(), ...hostile(), "example.0x1f", "example.0X1F.", "example.255", "a.09", "a.08", "a.0x"];
  it("the in-place shortcuts answer true exactly where the predicate is ok and the ASCII shortcut answers (table, corpora's hosts, ASCII pairs, 5,000 generated strings)", () => {
    const inputs = domainInputs();
    expect(inputs.length).to.be.greaterThan(40000);
    expect(inPlaceMismatches(validAsciiDomainAt, validDomain, inputs)).to.deep.equal([]);
    expect(inPlaceMismatches(strictAsciiDomainAt, strictDomain, inputs)).to.deep.equal([]);
    expect(inputs.filter((d) => validAsciiDomainAt(d, 0, d.length)).length).to.be.greaterThan(20000);
  });
  it("fails that comparison when valid domain's shortcut leaves out step 3, the ends in a number checker (planted)", () => {
    expect(inPlaceMismatches(strictAsciiDomainAt, validDomain, domainInputs())).to.include.members(["example.255", "example.0x1f", "a.0x"]);
  });

  it("the ends in a number checker follows §3.5 step by step", () => {
    const table: [string, boolean, string][] = [
      ["example.255", true, "step 5: the last part is ASCII digits"],
      ["example.1.", true, "step 3: a last empty part is removed, then step 5"],
      ["example.0x", true, "step 6: 0x is an IPv4 number (0)"],
      ["example.0X1F", true, "step 6: an IPv4 number in hex"],
      ["example.0xg", false, "step 6: g is no hex digit"],
      ["example.09a", false, "steps 5-6: neither digits only nor an IPv4 number"],
      ["example.com", false, "step 7"],
      [".", false, "step 3 leaves one empty part: not a number"],
    ];
    for (const [input, expected, why] of table) expect(endsInANumber(input), `${input}: ${why}`).to.equal(expected);
  });

  // endsInANumber() reads the parts in place; the steps read literally (split, regexes) must agree.
  const literalEndsInANumber = (input: string, removeEmptyLast = true) => {
    if (input === "") return false;
    const parts = input.split(".");
    if (removeEmptyLast && parts[parts.length - 1] === "") parts.pop();
    const last = parts.length > 0 ? parts[parts.length - 1] : "";
    if (last !== "" && /^[0-9]+$/.test(last)) return true;
    if (last === "") return false;
    const [digits, radix] = /^0[xX]/.test(last) ? [last.slice(2), /[^0-9A-Fa-f]/] : last.length >= 2 && last.startsWith("0") ? [last.slice(1), /[^0-7]/] : [last, /[^0-9]/];
    return digits === "" || !radix.test(digits);
  };
  const endsDisagree = (checker: (s: string) => boolean) => {
    const bad: string[] = [];
    fc.assert(fc.property(fc.stringOf(fc.constantFrom(..."0179afxX.g-".split("")), { maxLength: 12 }), (s) => (checker(s) === literalEndsInANumber(s) ? true : (bad.push(s), true))), { numRuns: 5000, seed: 45 });
    return bad;
  };
  it("the ends in a number checker agrees with its steps read literally (split on '.', regexes)", () => {
    expect(endsDisagree(endsInANumber)).to.deep.equal([]);
  });
  it("fails that comparison with a checker that keeps a last empty part (step 3 left out; planted)", () => {
    expect(endsDisagree((s) => literalEndsInANumber(s, false)).length).to.be.greaterThan(10);
  });
  it("fails that comparison with a shortcut on the last code point that forgets the x of a bare \"0x\" (planted)", () => {
    expect(endsDisagree((s) => /[0-9A-Fa-f]$/.test(s.replace(/\.$/, "")) && literalEndsInANumber(s))).to.include.members(["0x"]);
  });

  it("never throws and always answers ok true or false, whatever the string", () => {
    fc.assert(
      fc.property(fc.fullUnicodeString({ maxLength: 30 }), (s) => {
        const r = validDomain(s);
        return typeof r.ok === "boolean" && (r.ok ? typeof r.domain === "string" : typeof r.message === "string");
      }),
      { numRuns: 2000 },
    );
    expect(validDomain(undefined as unknown as string).ok).to.equal(false);
  });
});
