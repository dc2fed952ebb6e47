// The matches a predicate checks (src/predicates.ts), read from the positions a start rule's tagged DFA
// records (AstEntry.predicates, scripts/ast/plan-ast.mjs) instead of the scanner's walk: for every
// revision with predicates and every start rule whose table records them, the error (or null) must be
// the walk's, byte for byte, on every case table input, both corpora and hosts each check refuses.
// Planted: slots that point one capture pair off are caught.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { availableSpecIds } from "../src";
import { getRevision, type Revision } from "../src/revisions";
import type { Predicate } from "../src/revisions/revision";
import { predicateFailure, predicateFailureAt, predicateRules } from "../src/predicates";
import { capture } from "../src/scanner/tagged";
import { caseTables, readTable } from "./support/table";

const ROOT = join(__dirname, "..", "..");
const corpus = (file: string) => readFileSync(join(ROOT, "test", "data", "corpora", file), "utf8").split("\n").filter((l) => l !== "");

/** Hosts each UTS #46 check, the ends in a number checker and the ASCII shortcut refuse or take. */
const HOSTS = ["a--b.example", "-a.example", "a-.example", "xn--zz.example", "xn--53h.example", "EXAMPLE.com", "example.255", "example.0x1f", "a..b", "example.com.", `${"a".repeat(64)}.example`, "ex\u00e4mple.com", "\u0661.example", "a\u200db.example", "\u0627b.example"];
const SMALL = [...caseTables().flatMap((t) => readTable(t).map((c) => c.input)), ...HOSTS.flatMap((h) => [`https://${h}/`, `http://${h}:8080/p?q#f`, `ftp://u@${h}/x`, `file://${h}/tmp`, `foo://${h}/`, `//${h}/`])];
const INPUTS = [...SMALL, ...corpus("real-world.txt"), ...corpus("debian-packages.txt")];

/** The start rules of a revision whose tagged DFA records the checked rules' matches: pegName, published name, entry. */
function recordingStartRules(revision: Revision) {
  return Object.entries(revision.ast)
    .filter(([, entry]) => entry.table !== null && entry.predicates !== undefined)
    .map(([peg, entry]) => ({ peg, published: revision.rules.find((r) => r.pegName === peg)?.published ?? peg, entry }));
}

/** The inputs on which the tags' verdict (with `shift` added to each slot) differs from the walk's. */
function mismatches(revision: Revision, shift: number, inputs: readonly string[]): string[] {
  const out: string[] = [];
  for (const { peg, published, entry } of recordingStartRules(revision)) {
    const slots = entry.predicates!.map(([slot, rule]) => [slot + shift, rule] as const);
    for (const input of inputs) {
      const c = capture(entry.table!, revision.scanner, input);
      if (c === null) continue;
      const tags = JSON.stringify(predicateFailureAt(revision, published, input, c, slots));
      const walk = JSON.stringify(predicateFailure(revision, published, peg, input));
      if (tags !== walk) out.push(`${peg} ${JSON.stringify(input)}`);
    }
  }
  return out;
}

const checked = availableSpecIds().map((id) => getRevision(id)!).filter((r) => predicateRules(r) !== null);

describe("predicates read from the tagged DFA's positions (AstEntry.predicates)", () => {
  it("the revisions with predicates record their checked matches in every start rule parse() applies by default", () => {
    expect(checked.length).to.be.greaterThan(0);
    for (const revision of checked) expect(recordingStartRules(revision).map((s) => s.peg), revision.id).to.include(revision.rules.find((r) => (r.published ?? r.pegName) === revision.topRule)!.pegName);
  });

  for (const revision of checked) {
    it(`${revision.id}: the error of every input is the walk's (case tables, both corpora, hosts each check refuses)`, () => {
      expect(mismatches(revision, 0, INPUTS)).to.deep.equal([]);
      // The inputs include refusals, so the comparison is of errors too.
      const refused = SMALL.filter((input) => {
        const { peg, published, entry } = recordingStartRules(revision)[0];
        const c = capture(entry.table!, revision.scanner, input);
        return c !== null && predicateFailure(revision, published, peg, input) !== null;
      });
      expect(refused.length, revision.id).to.be.greaterThan(20);
    });
  }

  // A predicate's shortcut (Predicate.passesAt) is read before the predicate: the errors (and nulls)
  // must be those of the predicate alone, on every input.
  const withoutShortcut = (revision: Revision, shortcut?: Predicate["passesAt"]): Revision => ({
    ...revision,
    predicates: Object.fromEntries(Object.entries(revision.predicates!).map(([name, check]) => [name, Object.assign((text: string) => check(text), shortcut ? { passesAt: shortcut } : {})])),
  });
  const shortcutMismatches = (revision: Revision, other: Revision, inputs: readonly string[]) => {
    const out: string[] = [];
    for (const { published, entry } of recordingStartRules(revision)) {
      for (const input of inputs) {
        const c = capture(entry.table!, revision.scanner, input);
        if (c === null) continue;
        const a = JSON.stringify(predicateFailureAt(revision, published, input, c, entry.predicates!));
        const b = JSON.stringify(predicateFailureAt(other, published, input, c, entry.predicates!));
        if (a !== b) out.push(input);
      }
    }
    return out;
  };
  for (const revision of checked) {
    it(`${revision.id}: its predicates' shortcuts change no answer (case tables, both corpora, hosts each check refuses)`, () => {
      expect(Object.values(revision.predicates!).some((p) => p.passesAt !== undefined), "a shortcut to test").to.equal(true);
      expect(shortcutMismatches(revision, withoutShortcut(revision), INPUTS)).to.deep.equal([]);
    });
  }
  it("fails that comparison with a shortcut that passes every match (planted)", () => {
    expect(shortcutMismatches(checked[0], withoutShortcut(checked[0], () => true), SMALL).length).to.be.greaterThan(20);
  });

  it("fails that comparison when the slots point one capture pair off (planted)", () => {
    expect(mismatches(checked[0], 2, SMALL).length).to.be.greaterThan(20);
  });
});
