// format() of an AST a caller edited (issue 25 items 4 and 7): every one-field edit of the ASTs of
// every revision gives a string or null, never a throw; and the generic ASTs (draft-1997,
// draft-2003, rfc3986) are written from their fields, so a component set to null is absent.
import { expect } from "chai";
import { format, parse, type SpecId } from "../src";
import { enumerable } from "./support/plain-ast";

const SAMPLES: [SpecId, string][] = [
  ["draft-1993", "http://u@h:80/p?q#f"],
  ["draft-1994", "URL:http://h:80/p?q"],
  ["rfc1738", "ftp://u:p@h/a;type=i"],
  ["rfc1738", "http://h:80/p?q"],
  ["draft-1997", "http://u:pw@h:80/p;x?q#f"],
  ["draft-2003", "http://u@[::1]:80/p?q#f"],
  ["draft-2003", "mailto:a@b"],
  ["rfc3986", "http://u@h:80/p?q#f"],
];

/** Values an edit may put in a field: wrong types, and the shapes that cannot become strings. */
const VALUES: [string, () => unknown][] = [
  ["null", () => null],
  ["undefined", () => undefined],
  ["0", () => 0],
  ['""', () => ""],
  ['"x"', () => "x"],
  ["{}", () => ({})],
  ["[]", () => []],
  ["a Symbol", () => Symbol("x")],
  ["a BigInt", () => 10n],
  ["an object without a prototype", () => Object.create(null)],
  ["a span outside the text", () => ({ text: "zz", span: { start: 1e9, end: 1e9 + 2 } })],
  ["a getter that throws", () => undefined], // replaced below by a throwing getter
];

/** Every path to an object field in `ast` (one-field edits go there). */
function paths(node: unknown, at: string[] = []): string[][] {
  if (typeof node !== "object" || node === null) return [];
  const out: string[][] = [];
  for (const [k, v] of Object.entries(node)) {
    out.push([...at, k]);
    out.push(...paths(v, [...at, k]));
  }
  return out;
}

/** A deep copy of `ast` with the field at `path` set to `value` (or a throwing getter). */
function edited(ast: unknown, path: string[], value: unknown, throwing: boolean): unknown {
  const copy = enumerable(ast) as Record<string, unknown>;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  const last = path[path.length - 1];
  if (throwing)
    Object.defineProperty(o, last, {
      get() {
        throw new Error("planted getter");
      },
      enumerable: true,
    });
  else o[last] = value;
  return copy;
}

describe("format: an edited AST gives a string or null, never a throw", () => {
  for (const [spec, input] of SAMPLES) {
    it(`${spec} ${input}: every one-field edit, with ${VALUES.length} kinds of value`, () => {
      const r = parse(input, { spec });
      expect(r.ok).to.equal(true);
      if (!r.ok) return;
      const thrown: string[] = [];
      let edits = 0;
      for (const path of paths(enumerable(r.ast))) {
        for (const [name, make] of VALUES) {
          const ast = edited(r.ast, path, make(), name === "a getter that throws");
          edits++;
          try {
            const f = format(ast as never);
            if (f !== null && typeof f !== "string") thrown.push(`${path.join(".")} = ${name}: returned ${typeof f}`);
          } catch (e) {
            thrown.push(`${path.join(".")} = ${name}: ${(e as Error).message}`);
          }
        }
      }
      expect(thrown).to.deep.equal([]);
      expect(edits).to.be.greaterThan(50);
    });
  }
  it("a Proxy whose traps throw, and components with a getter that throws: null", () => {
    const trap = () => {
      throw new Error("planted trap");
    };
    expect(format(new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap }) as never)).to.equal(null);
    const c = { scheme: "http", userinfo: null, host: "a", port: null, query: null, fragment: null, hostKind: "hostname" };
    Object.defineProperty(c, "path", { get: trap, enumerable: true });
    expect(format(c as never)).to.equal(null);
  });
});

describe("format: a generic AST is written from its fields (null = absent)", () => {
  const cases: [SpecId, string, string, unknown, string][] = [
    ["draft-2003", "http://u@h:80/p?q#f", "query", null, "http://u@h:80/p#f"],
    ["draft-2003", "http://u@h:80/p?q#f", "authority", null, "http:/p?q#f"],
    ["draft-2003", "http://u@h:80/p?q#f", "path", null, "http://u@h:80?q#f"],
    ["draft-2003", "http://u@h:80/p?q#f", "fragment", null, "http://u@h:80/p?q"],
    ["draft-2003", "http://u@h:80/p?q#f", "scheme", null, "//u@h:80/p?q#f"],
    ["draft-2003", "http://h/p", "query", { text: "", span: { start: 10, end: 10 } }, "http://h/p?"],
    ["rfc3986", "http://u@h:80/p?q#f", "authority", null, "http:/p?q#f"],
    ["rfc3986", "http://u@h:80/p?q#f", "path", { text: "/x/y", span: { start: 0, end: 0 } }, "http://u@h:80/x/y?q#f"],
    ["draft-1997", "http://u@h:80/p;x?q#f", "site", null, "http:/p;x?q#f"],
    ["draft-1997", "http://u@h:80/p;x?q#f", "query", null, "http://u@h:80/p;x#f"],
  ];
  for (const [spec, input, field, value, want] of cases) {
    it(`${spec} ${input} with ${field}: ${JSON.stringify(value)} gives ${JSON.stringify(want)}`, () => {
      const r = parse(input, { spec });
      expect(r.ok).to.equal(true);
      // (Object.assign: the AST's fields are getters on its prototype, which a spread does not copy.)
      if (r.ok) expect(format(Object.assign(r.ast, { [field]: value }) as never)).to.equal(want);
    });
  }
});
