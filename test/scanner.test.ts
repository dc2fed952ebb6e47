// The generated scanner (generated/<spec>.scanner.ts, scripts/compile-scanner.mjs) must be peggy's
// parser of the same grammar, rule by rule: the same verdict, the same derivation tree, the same
// AST (the oracle's), and an error offset that is never before peggy's and after
// which the input really cannot go on (test/support/scanner-differential.ts says why they differ).
// Inputs: every table input under every start rule; strings derived from the PEG itself, mutated
// and cut; lines of the real-world corpus. scripts/differential.mjs runs the same check on 10^6
// strings per revision. Planted mistakes in the tables show the check can fail; they run in a
// worker with a time limit per input (test/support/time-limit.ts), so a mistake that makes the walk
// loop is a failure naming its input, not a hang.
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { availableSpecIds, defaultRule, findRule, getRevision, type Revision } from "../src/revisions";
import { compareOne, generatedInputs, type OffsetRelation } from "./support/scanner-differential";
import type { Mistake } from "./support/scanner-planted";
import { caseTables, DATA_DIR, readTable } from "./support/table";
import { InputFailure, TimedWorker } from "./support/time-limit";

const ROOT = join(__dirname, "..", "..");
const corpus = readFileSync(join(ROOT, "test", "data", "corpora", "real-world.txt"), "utf8").split("\n").filter((l) => l !== "");
// 50 per start rule here (npm test); .ci/run compares 10^6 generated strings per revision
// (scripts/differential.mjs), so this is the quick check, not the campaign.
const GENERATED_PER_RULE = 50;
const CORPUS_LINES = 3000;

const tableInputs = new Map<string, Set<string>>();
for (const file of caseTables()) {
  for (const c of readTable(file)) {
    if (!tableInputs.has(c.spec)) tableInputs.set(c.spec, new Set());
    tableInputs.get(c.spec)!.add(c.input);
  }
}

interface Tally {
  compared: number;
  accepted: number;
  offsets: Record<OffsetRelation, number>;
  problems: string[];
}

function check(revision: Revision, cases: Iterable<[string, string]>): Tally {
  const tally: Tally = { compared: 0, accepted: 0, offsets: { same: 0, "later, inside the input": 0, "later, at the end (the input ends too early)": 0 }, problems: [] };
  for (const [pegName, input] of cases) {
    const rule = revision.rules.find((r) => r.pegName === pegName)!;
    const c = compareOne(revision, rule, input);
    tally.compared++;
    if (c.accepted) tally.accepted++;
    if (c.offset) tally.offsets[c.offset]++;
    if (c.problem && tally.problems.length < 5) tally.problems.push(`${rule.published ?? pegName} ${JSON.stringify(input)}: ${c.problem}`);
  }
  return tally;
}

describe("the scanner agrees with peggy's parser of the same grammar", () => {
  for (const spec of availableSpecIds()) {
    describe(spec, () => {
      const revision = getRevision(spec)!;
      it("on every table input, under every start rule", function () {
        this.timeout(120_000);
        const inputs = [...(tableInputs.get(spec) ?? [])];
        const t = check(revision, revision.rules.flatMap((r) => inputs.map((i): [string, string] => [r.pegName, i])));
        expect(t.problems).to.deep.equal([]);
        expect(t.accepted, "both verdicts occur").to.be.within(1, t.compared - 1);
        expect(t.offsets.same, "most error offsets are peggy's").to.be.above(0);
      });
      it(`on ${GENERATED_PER_RULE} strings per start rule derived from the PEG, mutated and cut`, function () {
        this.timeout(120_000);
        const t = check(revision, revision.rules.flatMap((r, i) => generatedInputs(spec, r.pegName, GENERATED_PER_RULE, 1000 + i).map((x): [string, string] => [r.pegName, x])));
        expect(t.problems).to.deep.equal([]);
        expect(t.accepted).to.be.within(1, t.compared - 1);
      });
      it(`on ${CORPUS_LINES} real-world corpus lines (the top rule and the rule the scheme selects) @slow`, function () {
        this.timeout(120_000);
        const top = findRule(revision, revision.topRule)!.pegName;
        const lines = corpus.slice(0, CORPUS_LINES);
        const cases = lines.flatMap((l): [string, string][] => [[top, l], [findRule(revision, defaultRule(revision, l).rule)!.pegName, l]]);
        const t = check(revision, cases);
        expect(t.problems).to.deep.equal([]);
      });
    });
  }
});

describe("the scanner's error offset: the first character after which nothing can be accepted", () => {
  // Worked examples where it differs from peggy's farthest failure, and why (see the table rows too).
  const cases: [string, string, string, number, number, string][] = [
    // spec, rule, input, scanner offset, peggy offset, why
    ["draft-2003", "net-path", "/g", 1, 0, 'peggy fails the literal "//" at its first character; the scanner takes "/" and stops at "g"'],
    ["rfc1738", "fileurl", "file:/x", 6, 0, '"file:/" can still become "file://"; "x" cannot follow it'],
    ["draft-2003", "hostname", "a-", 2, 1, 'a label may go on after "-" ("a-b"): the input ends too early'],
  ];
  for (const [spec, rule, input, offset, peggyOffset, why] of cases) {
    it(`${spec} ${rule} ${JSON.stringify(input)}: ${offset} (peggy ${peggyOffset}): ${why}`, () => {
      const revision = getRevision(spec)!;
      const r = revision.rules.find((x) => x.published === rule)!;
      const c = compareOne(revision, r, input);
      expect(c.problem).to.equal(null);
      expect(c.offset).to.not.equal("same");
      expect(revision.scanner.scan(revision.scanner.START[r.pegName], input)).to.equal(offset);
    });
  }
});

describe("planted mistakes in a scanner are caught by the differential check", () => {
  const planted = join(__dirname, "support", "scanner-planted.js");
  const casesFor = (spec: string): [string, string][] => {
    const revision = getRevision(spec)!;
    const inputs = [...(tableInputs.get(spec) ?? [])];
    return revision.rules.flatMap((r, i) => [...inputs, ...generatedInputs(spec, r.pegName, 40, 7 + i)].map((x): [string, string] => [r.pegName, x]));
  };
  const mistakes: [string, Mistake][] = [
    ["draft-2003", { kind: "transition", rule: "URI_reference", char: "h", instead: "1" }],
    ["draft-2003", { kind: "accept", rule: "host" }],
    ["draft-2003", { kind: "decision", index: 0 }],
    ["rfc1738", { kind: "transition", rule: "ftpurl", char: "f", instead: "g" }],
    ["rfc1738", { kind: "decision", index: 3 }],
    ["draft-1994", { kind: "decision", index: 18 }],
    ["draft-1994", { kind: "reverse" }],
    ["draft-2003", { kind: "first", index: 0 }],
    ["draft-1997", { kind: "alternative" }],
    ["draft-1997", { kind: "reverse" }],
  ];
  // The first plant runs in npm test (the check can fail); every kind of plant runs in the slow tests.
  for (const [k, [spec, mistake]] of mistakes.entries()) {
    it(`${spec}: a wrong ${mistake.kind} (${JSON.stringify(mistake)})${k === 0 ? "" : " @slow"}`, async function () {
      this.timeout(120_000);
      const checks = new TimedWorker({ module: planted, factory: "plantedScannerCheck", args: [spec, mistake] }, { perInputMs: 20_000, describe: (c) => `${spec} planted ${mistake.kind}, ${JSON.stringify(c)}` });
      const found = await checks
        .find<[string, string], string>(casesFor(spec))
        .then((f) => f?.result ?? null)
        .catch((e: unknown) =>
          // A planted mistake that makes the walk run without end is caught too: by the time limit (the message names the input).
          e instanceof InputFailure && /no result within/.test(e.message) ? `the walk ran without end: ${e.message}` : Promise.reject(e),
        )
        .finally(() => checks.close());
      expect(found, "the differential check finds the planted mistake").to.be.a("string");
    });
  }
});
