// parse()'s AST computes its fields on first read (src/ast/lazy.ts: the input and the packed
// positions, getters on a prototype per AST shape). What a reader of the AST relies on, per revision:
// the JSON is that of the fields for ... in finds, in the same order; a field read twice is the same
// value; an assignment is kept; toJSON() is a plain deep copy; an AST read after later parses still
// reads its own input's positions (the capture array is reused by every parse: a node must keep its
// own copy), for short inputs (positions packed in a string) and long ones (a typed array). The
// deep equality with the reference builders is test/ast-oracle.test.ts's.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { availableSpecIds, parse } from "../src";
import { lazyAst, packOffsets, type Offsets } from "../src/ast/lazy";
import { enumerable } from "./support/plain-ast";

const ROOT = join(__dirname, "..", "..");
const CORPUS = readFileSync(join(ROOT, "test", "data", "corpora", "real-world.txt"), "utf8").split("\n").filter((l) => l !== "").slice(0, 3000);

/** The inputs whose AST, read after the next input's parse, differs from the same AST read at once. */
function readLate(parseOne: (input: string) => unknown, inputs: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k + 1 < inputs.length; k++) {
    const early = JSON.stringify(parseOne(inputs[k]));
    const a = parseOne(inputs[k]);
    parseOne(inputs[k + 1]);
    if (JSON.stringify(a) !== early) out.push(inputs[k]);
  }
  return out;
}

describe("the lazy AST: what a reader of parse()'s AST relies on", () => {
  for (const spec of availableSpecIds()) {
    it(`${spec}: JSON is for ... in's fields in order; a field read twice is one value; read after later parses, its own input`, () => {
      let asts = 0;
      for (const input of CORPUS) {
        const r = parse(input, { spec });
        if (!r.ok) continue;
        asts++;
        const ast = r.ast as unknown as Record<string, unknown>;
        const plain = enumerable(ast);
        expect(JSON.stringify(ast), input).to.equal(JSON.stringify(plain));
        expect(isDeepStrictEqual(JSON.parse(JSON.stringify(ast)), plain), input).to.equal(true);
        for (const k in ast) expect(ast[k], `${input} ${k}`).to.equal(ast[k]);
        if (typeof (ast as { toJSON?: unknown }).toJSON === "function") expect(isDeepStrictEqual(structuredClone((ast as { toJSON(): unknown }).toJSON()), plain), input).to.equal(true);
      }
      expect(asts).to.be.greaterThan(100);
      expect(readLate((u) => { const r = parse(u, { spec }); return r.ok ? r.ast : null; }, CORPUS.slice(0, 500))).to.deep.equal([]);
    });
  }

  it("an assignment to a field is kept (Object.assign edits an AST; the JSON has it)", () => {
    const r = parse("http://u@a:80/b?c#d", { spec: "rfc3986" });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.ast.query?.text).to.equal("c");
    Object.assign(r.ast, { query: null });
    expect(r.ast.query).to.equal(null);
    expect(JSON.parse(JSON.stringify(r.ast)).query).to.equal(null);
    expect(r.ast.fragment?.text).to.equal("d");
  });

  it("an input of 65,535 code units or more keeps its positions in a typed array: the same AST as its JSON says", () => {
    const long = "http://host.example/" + "a/".repeat(40_000) + "?q#f";
    const r = parse(long, { spec: "rfc3986" });
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    parse("http://other/", { spec: "rfc3986" });
    expect(r.ast.authority?.host.text).to.equal("host.example");
    expect(r.ast.query?.span).to.deep.equal({ start: long.length - 3, end: long.length - 2 });
    expect(r.ast.path.segments).to.have.length(40_001);
  });

  it("a planted mistake: a node over the shared capture array, not a copy, is caught by the late read", () => {
    const shared = new Int32Array(4);
    // A node type of one field, the text between positions 2 and 3 of its offsets.
    const Node = lazyAst(["text"], [(input: string, c: Int32Array) => input.slice(c[2], c[3])]);
    const scan = (input: string) => {
      shared[2] = input.indexOf("/") + 1;
      shared[3] = input.length;
      return shared;
    };
    const right = (input: string) => new Node(input, packOffsets(scan(input), 4, input.length));
    const planted = (input: string) => new Node(input, scan(input) as Offsets);
    const inputs = ["a/bc", "dd/e", "f/ghij"];
    expect(readLate(right, inputs)).to.deep.equal([]);
    expect(readLate(planted, inputs)).to.not.deep.equal([]);
  });
});
