// parse()'s error of a rejected input is made when first read (src/parse.ts, DeferredRejection): it
// must read exactly as the error made at once (verdictOf(), which check and lint print: the same
// rejection()), field by field, in order, in JSON, after later parses, and when edited. Planted: an
// error read for another input is caught.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { availableSpecIds, parse, type SpecId } from "../src";
import { plainError, type ParseError } from "../src/errors";
import { verdictOf } from "../src/parse";
import { caseTables, readTable } from "./support/table";

const ROOT = join(__dirname, "..", "..");
const CORPUS = readFileSync(join(ROOT, "test", "data", "corpora", "real-world.txt"), "utf8").split("\n").filter((l) => l !== "").slice(0, 2000);
const INPUTS = [...new Set([...caseTables().flatMap((t) => readTable(t).filter((c) => !c.valid).map((c) => c.input)), ...CORPUS, "", "\u{1FFFE}", "http://a/\ud800"])];

/** The fields of an error as for ... in lists them, with their values. */
const fieldsOf = (e: ParseError) => {
  const out: [string, unknown][] = [];
  for (const k in e) out.push([k, (e as unknown as Record<string, unknown>)[k]]);
  return out;
};

/** The inputs whose deferred error (read after the next input's parse) differs from the error made at once for `other(input)`. */
function differing(spec: SpecId, other: (input: string) => string): string[] {
  const out: string[] = [];
  for (let k = 0; k < INPUTS.length; k++) {
    const r = parse(INPUTS[k], { spec });
    if (r.ok) continue;
    parse(INPUTS[(k + 1) % INPUTS.length], { spec });
    const now = verdictOf(other(INPUTS[k]), { spec });
    if (now.ok) continue;
    const eager = now.error;
    const same = JSON.stringify(r.error) === JSON.stringify(eager) && JSON.stringify(fieldsOf(r.error)) === JSON.stringify(Object.entries(eager)) && JSON.stringify(Object.entries(plainError(r.error))) === JSON.stringify(Object.entries(eager));
    if (!same) out.push(INPUTS[k]);
  }
  return out;
}

describe("parse()'s error of a rejected input, made when first read", () => {
  for (const spec of availableSpecIds()) {
    it(`${spec}: reads as the error made at once (fields in order, JSON, plainError), after later parses`, () => {
      expect(differing(spec, (x) => x)).to.deep.equal([]);
    });
  }

  it("keeps an edit: error.message += ... (rejection() itself appends so for a revision read without its base)", () => {
    const r = parse("http://[", { spec: "rfc3986" });
    if (r.ok) throw new Error("accepted");
    const before = r.error.message;
    r.error.message += " (edited)";
    expect(r.error.message).to.equal(`${before} (edited)`);
    expect(JSON.parse(JSON.stringify(r)).error.message).to.equal(`${before} (edited)`);
  });

  it("finds an error that reads as another input's (planted)", () => {
    expect(differing("rfc3986", (x) => `x${x}`).length).to.be.greaterThan(100);
  });
});
