// An AST that costs what it carries (issue 45): a node holds the input and the positions the tagged DFA
// recorded, packed, and its fields are getters on a prototype shared by every node of its shape
// (one class per AST record and per whole start rule, made by lazyAst()), each computed on its
// first read and kept. A parse that is read for its host makes the host and nothing else.
//
// What reads an AST sees what it saw when the builders made plain objects: the fields, in the same
// order, are enumerable (for ... in, chai's deep equality); JSON.stringify gives the same text
// (toJSON); node's util.inspect shows the fields. What differs: the fields are the prototype's, not
// the node's own, so Object.keys(ast), a spread ({ ...ast }) and structuredClone(ast) see none of
// them (copy ast.toJSON(), a plain object of the same fields, nested nodes included); a field may be
// assigned (the value is kept: Object.assign(ast, { query: null }) edits it).

/**
 * The positions a node reads (the capture array's first slots: node k matched iff c[2k] >= 0, from
 * c[2k] to c[2k + 1]), packed: for an input shorter than 65,535 code units, a string of one code unit
 * per slot (the position + 1, 0 for unset: half the bytes of an array of numbers); else a copy of
 * the array.
 */
export type Offsets = string | Int32Array;

/** How a field of a lazy node is computed: from the input, the positions unpacked, and the packed positions (for the records it makes). */
export type FieldOf = (input: string, c: Int32Array, o: Offsets) => unknown;

/** Per length, the array packOffsets() fills (setting an array's length each call cost a tenth of it). */
const codesOfLength: number[][] = [];

/** The first `n` slots of the capture array `c`, packed (see Offsets). */
export function packOffsets(c: Int32Array, n: number, inputLength: number): Offsets {
  if (inputLength >= 0xffff) return c.slice(0, n);
  const codes = (codesOfLength[n] ??= new Array<number>(n).fill(0));
  for (let k = 0; k < n; k++) codes[k] = c[k] + 1;
  return String.fromCharCode.apply(null, codes);
}

let scratch = /* @__PURE__ */ new Int32Array(64);

/** The positions unpacked into a scratch array (reused by the next call: a field reads it before another is computed). */
function unpack(o: Offsets): Int32Array {
  if (typeof o !== "string") return o;
  const n = o.length;
  if (scratch.length < n) scratch = new Int32Array(n);
  const c = scratch;
  for (let k = 0; k < n; k++) c[k] = o.charCodeAt(k) - 1;
  return c;
}

const FIELD_NAMES = /* @__PURE__ */ Symbol("fields");

/** A field's value with every lazy node in it made a plain object (LazyAst.toJSON). */
function plain(value: unknown): unknown {
  if (value instanceof LazyAst) return value.toJSON();
  if (Array.isArray(value) && value.some((x) => x instanceof LazyAst)) return value.map(plain);
  return value;
}

/** The base of every lazy AST node: the input, the packed positions, the fields read so far. */
export class LazyAst {
  #input: string;
  #offsets: Offsets;
  #values: unknown[] | undefined;

  constructor(input: string, offsets: Offsets) {
    this.#input = input;
    this.#offsets = offsets;
    this.#values = undefined;
  }

  /** Field k of `node`: kept from its first read, or computed by `f` now. */
  static read(node: LazyAst, k: number, f: FieldOf): unknown {
    let values = node.#values;
    if (values === undefined) values = node.#values = [];
    const known = values[k];
    if (known !== undefined) return known;
    const o = node.#offsets;
    return (values[k] = f(node.#input, unpack(o), o));
  }

  /** An assignment to field k of `node`: kept as its value. */
  static write(node: LazyAst, k: number, value: unknown): void {
    (node.#values ??= [])[k] = value;
  }

  /**
   * A plain object of the node's fields, in order, the nested nodes made plain objects too: what
   * JSON.stringify writes, and a copy that a spread or structuredClone() copies whole.
   */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const names = (Object.getPrototypeOf(this) as { [FIELD_NAMES]: readonly string[] })[FIELD_NAMES];
    for (let k = 0; k < names.length; k++) out[names[k]] = plain((this as unknown as Record<string, unknown>)[names[k]]);
    return out;
  }

  /** node's util.inspect (console.log): the fields, as a plain object would show them. */
  [Symbol.for("nodejs.util.inspect.custom")](): Record<string, unknown> {
    return this.toJSON();
  }
}

/**
 * A class of lazy AST nodes whose fields are `names`, in order, the k-th computed by `fields[k]`:
 * enumerable getters (and setters) on its prototype.
 */
export function lazyAst(names: readonly string[], fields: readonly FieldOf[]): new (input: string, offsets: Offsets) => LazyAst {
  const Node = class extends LazyAst {};
  Object.defineProperty(Node.prototype, FIELD_NAMES, { value: names });
  for (let k = 0; k < names.length; k++) {
    const f = fields[k];
    Object.defineProperty(Node.prototype, names[k], {
      get(this: LazyAst) {
        return LazyAst.read(this, k, f);
      },
      set(this: LazyAst, value: unknown) {
        LazyAst.write(this, k, value);
      },
      enumerable: true,
      configurable: true,
    });
  }
  return Node;
}
