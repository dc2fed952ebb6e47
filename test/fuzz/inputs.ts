// The fuzz campaign's inputs. Input number i of a revision depends only on (seed, revision, i): each
// input gets its own prng, so a run can be cut into chunks in any order and any input re-made from
// its number. Six sources:
//   derive   a random derivation from the published grammar (src/published/generate.ts, the
//            generator the fidelity check uses), of the top rule or of another rule;
//   mutate   a derivation with one to three edits (Generator.mutate);
//   splice   real corpus lines (test/data/corpora/real-world.txt) cut, joined, with characters inserted
//            at component boundaries, sometimes repeated;
//   unicode  random code points: lone surrogates, astral characters, controls, NUL, noncharacters;
//   bytes    random bytes decoded as a batch line would be (UTF-8, an invalid byte gives U+FFFD;
//            no "\n", a final "\r" removed: src/cli/lines.ts);
//   values   non-string values at the API level (null, numbers, objects ...).
// Also, per input, the context some properties need: a base and a reference for resolve (from the
// resolution tables), resolve options, a normalization level, and the rule a derivation came from.
// Browser-safe: the corpus, the tables and the grammar come in as data (data.ts reads them in Node).
import { Generator, MUTATION_CHARACTERS, prng } from "../../src/published/generate";
import type { PublishedGrammar } from "../../src/published/model";
import { enumerable } from "../support/plain-ast";
import type { DotSegmentsChoice, NormalizationLevel } from "../../src";

export const SOURCES = ["derive", "mutate", "splice", "unicode", "bytes", "values"] as const;
export type SourceName = (typeof SOURCES)[number];

/** What some properties need besides the input; a failure keeps the keys its property used. */
export interface CaseContext {
  /** The rule a derivation came from (the recognizers must also agree on it). */
  rule?: string;
  /** A base from the resolution tables: resolve(base, input). */
  base?: string;
  /** A reference from the resolution tables: resolve(input, reference). */
  reference?: string;
  strict?: boolean;
  dotSegments?: DotSegmentsChoice;
  level?: NormalizationLevel;
  /** An options argument a caller may get wrong, by its name in API_OPTIONS. */
  options?: string;
  /** The streaming extractors' piece size, in characters. */
  chunk?: number;
  /** An edit of the input's AST before format(): "N:VALUE", field path N (modulo their number, in EDIT order) set to AST_EDIT_VALUES[VALUE]. */
  edit?: string;
}

export interface FuzzCase {
  spec: string;
  input: unknown;
  context: CaseContext;
}

export interface GeneratedCase extends FuzzCase {
  source: SourceName;
  index: number;
}

/** What the sources draw from, per revision. */
export interface InputData {
  /** The published grammar (null: the revision has none; derive and mutate then splice instead). */
  grammar: PublishedGrammar | null;
  topRule: string;
  /** Other rules to derive from (published names the grammar has). */
  rules: string[];
  corpus: readonly string[];
  bases: readonly string[];
  references: readonly string[];
}

/** Share of each source, in per mille (the rest of 1000 goes to the last). */
const SOURCE_SHARE: Record<SourceName, number> = { derive: 200, mutate: 200, splice: 250, unicode: 170, bytes: 170, values: 10 };

/** A 32-bit hash of a string (FNV-1a). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The seed of input `index` of `spec` in a run seeded `seed` (a murmur3 finaliser over the three). */
export function inputSeed(seed: number, spec: string, index: number): number {
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ hashString(spec) ^ Math.imul(index >>> 0, 0x85ebca6b) ^ Math.floor(index / 2 ** 32)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Non-string values a JavaScript caller may pass, by name (the regression file stores the name). */
export const API_VALUES: Record<string, () => unknown> = {
  null: () => null,
  undefined: () => undefined,
  "number 0": () => 0,
  "number NaN": () => NaN,
  "number 1e21": () => 1e21,
  "boolean true": () => true,
  "bigint 10": () => 10n,
  symbol: () => Symbol("http://a/"),
  function: () => () => "http://a/",
  "empty object": () => ({}),
  "array of a URL": () => ["http://a/"],
  "String object": () => new String("http://a/"),
  "object with toString": () => ({ toString: () => "http://a/" }),
  "object whose toString throws": () => ({
    toString: () => {
      throw new Error("toString called");
    },
  }),
  "object with a length": () => ({ length: 3, 0: "a", 1: ":", 2: "b" }),
  "Uint8Array": () => new Uint8Array([0x68, 0x3a, 0x2f]),
  // Issue 41 item 4: Array.isArray() of a revoked Proxy throws (it escaped 15 exports).
  "revoked Proxy": () => revokedProxy({}),
  "revoked Proxy of a list": () => revokedProxy(["http://a/"]),
  "Proxy that throws": () => new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap, getOwnPropertyDescriptor: trap }),
};

/** A Proxy of `target`, revoked: every operation on it throws, Array.isArray() included. */
function revokedProxy(target: object): unknown {
  const p = Proxy.revocable(target, {});
  p.revoke();
  return p.proxy;
}
const VALUE_NAMES = Object.keys(API_VALUES);

/**
 * The API value each object the factories above made stands for, so that encodeInput() names a
 * value that cannot be inspected (a revoked Proxy throws on every operation, Object.getPrototypeOf
 * and Array.isArray included: "revoked Proxy" and "revoked Proxy of a list" look alike).
 */
const MADE = new WeakMap<object, string>();
for (const name of VALUE_NAMES) {
  const make = API_VALUES[name]!;
  API_VALUES[name] = () => {
    const v = make();
    if ((typeof v === "object" && v !== null) || typeof v === "function") MADE.set(v, name);
    return v;
  };
}

/** What an options argument gets wrong: the error code it must give, and the entry points that read that option. */
export interface OptionsProblem {
  code: "unknown-spec" | "unknown-rule" | "invalid-option";
  /** Entry points (entries.ts EntryName) that read the option; the others ignore it. */
  entries: readonly string[];
}

/** The entry points that read a `spec` option (a string in the options' place is one: src/request.ts optionsObject). */
const TAKES_SPEC = ["parse", "validate", "components", "check", "lint", "resolve", "normalize", "equivalent", "explain", "characterTable", "extract", "createExtractor"];
/** The entry points that read `specs` (a string in the options' place is the one revision). */
const TAKES_SPECS = ["compareInput", "extractAllSpecs", "createMultiExtractor"];
const TAKES_RULE = ["parse", "validate", "components", "check"];
const EXTRACTORS = ["extract", "createExtractor", "extractAllSpecs", "createMultiExtractor"];

function trap(): never {
  throw new Error("planted: an option that cannot be read");
}
/** An object whose `key` is a getter that throws. */
const throwingGetter = (key: string) => Object.defineProperty({}, key, { get: trap, enumerable: true });

/**
 * Every list-valued argument (the option, or buildReference()'s `path`, which takes the options value
 * as its parts) and the entry points that read it: each gets every hostile list of HOSTILE_LISTS.
 */
const LIST_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  specs: TAKES_SPECS,
  schemes: ["check"],
  hosts: ["check"],
  ports: ["check"],
  require: ["check"],
  others: ["explain"],
  path: ["buildReference"],
};

/**
 * The lists that escaped before issue 41 item 4 (a sparse list, a revoked Proxy, a length or an
 * element that throws when read, a Proxy claiming 2^32 - 1 elements), and a list holding a revoked Proxy.
 */
const HOSTILE_LISTS: Readonly<Record<string, () => unknown>> = {
  "a sparse list": () => [, "http"], // eslint-disable-line no-sparse-arrays
  "a revoked Proxy": () => revokedProxy(["http"]),
  "a list whose length getter throws": () => new Proxy(["http"], { get: (t, k) => (k === "length" ? trap() : Reflect.get(t, k)) }),
  "a list whose element getter throws": () => Object.defineProperty(["http", "https"], 1, { get: trap }),
  "a list claiming 2^32 - 1 elements": () => new Proxy([], { get: (t, k) => (k === "length" ? 2 ** 32 - 1 : typeof k === "string" && /^[0-9]+$/.test(k) ? "http" : Reflect.get(t, k)), has: () => true }),
  "a list holding a revoked Proxy": () => [revokedProxy({})],
};

function hostileLists(): Record<string, { make: () => unknown; problem: OptionsProblem }> {
  const out: Record<string, { make: () => unknown; problem: OptionsProblem }> = {};
  for (const [name, entries] of Object.entries(LIST_ARGUMENTS)) {
    for (const [what, make] of Object.entries(HOSTILE_LISTS)) {
      // An element that is no revision id is unknown-spec (as parse() says of it); every other fault of a list is invalid-option.
      const code = name === "specs" && what === "a list holding a revoked Proxy" ? "unknown-spec" : "invalid-option";
      out[`${name} ${what}`] = { make: () => ({ [name]: make() }), problem: { code, entries } };
    }
  }
  return out;
}

/**
 * Options arguments a JavaScript caller may get wrong, one of each kind of mistake, and the hostile
 * shapes (issue 25 item 4: a string for a list, a null-prototype object, a Symbol, a BigInt, a
 * sparse list, a getter or a Proxy that throws). Every public function answers them with a value
 * (docs/api.md, Conventions): an option it reads with a value it does not know is parse()'s error
 * value with `problem.code` (validate(): false), whatever the input; a string in the options' place
 * is the revision; another non-object options argument reads as no options.
 */
export const API_OPTIONS: Readonly<Record<string, { make: () => unknown; problem: OptionsProblem | null }>> = {
  null: { make: () => null, problem: null },
  "a number": { make: () => 1, problem: null },
  "a function": { make: () => () => "draft-1997", problem: null },
  "a null-prototype object": { make: () => Object.create(null), problem: null },
  "a string": { make: () => "draft-1999", problem: { code: "unknown-spec", entries: [...TAKES_SPEC, ...TAKES_SPECS] } },
  "spec unknown": { make: () => ({ spec: "draft-1999" }), problem: { code: "unknown-spec", entries: TAKES_SPEC } },
  "spec a number": { make: () => ({ spec: 5 }), problem: { code: "unknown-spec", entries: TAKES_SPEC } },
  "spec a null-prototype object": { make: () => ({ spec: Object.create(null) }), problem: { code: "unknown-spec", entries: TAKES_SPEC } },
  "spec a Symbol": { make: () => ({ spec: Symbol("draft-2003") }), problem: { code: "unknown-spec", entries: TAKES_SPEC } },
  "spec a getter that throws": { make: () => throwingGetter("spec"), problem: { code: "invalid-option", entries: TAKES_SPEC } },
  "spec on the prototype": { make: () => Object.create({ spec: "draft-1997" }), problem: null },
  "a Proxy that throws": { make: () => new Proxy({}, { get: trap, has: trap, ownKeys: trap, getPrototypeOf: trap }), problem: { code: "invalid-option", entries: [...TAKES_SPEC, ...TAKES_SPECS] } },
  "a revoked Proxy": { make: () => revokedProxy({}), problem: { code: "invalid-option", entries: [...TAKES_SPEC, ...TAKES_SPECS] } },
  "rule unknown": { make: () => ({ rule: "no-such-rule" }), problem: { code: "unknown-rule", entries: TAKES_RULE } },
  "rule a number": { make: () => ({ rule: 3 }), problem: { code: "unknown-rule", entries: TAKES_RULE } },
  "rule a null-prototype object": { make: () => ({ rule: Object.create(null) }), problem: { code: "unknown-rule", entries: TAKES_RULE } },
  "level unknown": { make: () => ({ level: "everything" }), problem: { code: "invalid-option", entries: ["normalize", "equivalent"] } },
  "level a Symbol": { make: () => ({ level: Symbol("scheme") }), problem: { code: "invalid-option", entries: ["normalize", "equivalent"] } },
  "dotSegments unknown": { make: () => ({ dotSegments: "sometimes" }), problem: { code: "invalid-option", entries: ["resolve"] } },
  "dotSegments a BigInt": { make: () => ({ dotSegments: 10n }), problem: { code: "invalid-option", entries: ["resolve"] } },
  "strict a string": { make: () => ({ strict: "yes" }), problem: { code: "invalid-option", entries: ["resolve"] } },
  "specs unknown": { make: () => ({ specs: ["draft-1999"] }), problem: { code: "unknown-spec", entries: TAKES_SPECS } },
  "specs a number": { make: () => ({ specs: 5 }), problem: { code: "invalid-option", entries: TAKES_SPECS } },
  "specs holding a null-prototype object": { make: () => ({ specs: [Object.create(null)] }), problem: { code: "unknown-spec", entries: TAKES_SPECS } },
  "schemes a string": { make: () => ({ schemes: "https" }), problem: { code: "invalid-option", entries: ["check"] } },
  "hosts a number": { make: () => ({ hosts: 5 }), problem: { code: "invalid-option", entries: ["check"] } },
  "ports a string": { make: () => ({ ports: "443" }), problem: { code: "invalid-option", entries: ["check"] } },
  "ports holding a BigInt": { make: () => ({ ports: [443n] }), problem: { code: "invalid-option", entries: ["check"] } },
  "require a string": { make: () => ({ require: "host" }), problem: { code: "invalid-option", entries: ["check"] } },
  "allowPassword a string": { make: () => ({ allowPassword: "false" }), problem: { code: "invalid-option", entries: ["check"] } },
  "parsed a number": { make: () => ({ parsed: 0 }), problem: { code: "invalid-option", entries: ["explain"] } },
  "parsed a null-prototype object": { make: () => ({ parsed: Object.create(null) }), problem: { code: "invalid-option", entries: ["explain"] } },
  "others a string": { make: () => ({ others: "all" }), problem: { code: "invalid-option", entries: ["explain"] } },
  "maxReferenceLength a BigInt": { make: () => ({ maxReferenceLength: 64n }), problem: { code: "invalid-option", entries: EXTRACTORS } },
  "hyphen a Symbol": { make: () => ({ hyphen: Symbol("keep") }), problem: { code: "invalid-option", entries: EXTRACTORS } },
  "check a string": { make: () => ({ check: "no" }), problem: { code: "invalid-option", entries: EXTRACTORS } },
  ...hostileLists(),
};

const OPTION_NAMES = Object.keys(API_OPTIONS);

/** The streaming extractors' piece sizes: one character, a few, more than a short input. */
const CHUNKS = [1, 3, 16, 4096];

/**
 * What an edit of an AST puts in one field before format() (issue 25 item 4: 46 distinct throws from
 * one-field edits): absence, wrong types, the shapes that cannot become strings, a getter that throws.
 */
export const AST_EDIT_VALUES: Readonly<Record<string, () => unknown>> = {
  null: () => null,
  undefined: () => undefined,
  "number 0": () => 0,
  "empty string": () => "",
  string: () => "x",
  "empty object": () => ({}),
  "empty list": () => [],
  symbol: () => Symbol("x"),
  bigint: () => 10n,
  "null-prototype object": () => Object.create(null),
  "span outside the text": () => ({ text: "zz", span: { start: 1e9, end: 1e9 + 2 } }),
  "getter that throws": () => THROWING_GETTER,
};
export const AST_EDIT_VALUE_NAMES = Object.keys(AST_EDIT_VALUES);
/** Stands for "a getter that throws" in AST_EDIT_VALUES: editedAst() installs one. */
const THROWING_GETTER = Symbol("a getter that throws");

/** Every path to a field of an AST, depth first in key order (the edits' numbering). */
export function astFieldPaths(node: unknown, at: string[] = [], out: string[][] = []): string[][] {
  if (typeof node !== "object" || node === null) return out;
  for (const [k, v] of Object.entries(node)) {
    out.push([...at, k]);
    astFieldPaths(v, [...at, k], out);
  }
  return out;
}

/** A copy of `ast` with the edit `edit` ("N:VALUE") made; the field's path, for a failure's message. */
export function editedAst(ast: unknown, edit: string): { ast: unknown; path: string } {
  const colon = edit.indexOf(":");
  // (A parse's AST has its fields on its prototype: the paths and the copy are of what for ... in finds.)
  const paths = astFieldPaths(enumerable(ast));
  if (paths.length === 0) return { ast, path: "(no field)" };
  const path = paths[Number(edit.slice(0, colon)) % paths.length];
  const make = AST_EDIT_VALUES[edit.slice(colon + 1)] ?? AST_EDIT_VALUES.null;
  const copy = enumerable(ast) as Record<string, unknown>;
  let o = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  const value = make();
  if (value === THROWING_GETTER) Object.defineProperty(o, path[path.length - 1], { get: trap, enumerable: true });
  else o[path[path.length - 1]] = value;
  return { ast: copy, path: `${path.join(".")} = ${edit.slice(colon + 1)}` };
}

/** Characters worth inserting at a component boundary: delimiters, escapes, and the odd ones. */
const INSERTIONS = [
  ...MUTATION_CHARACTERS.split(""),
  "%", "%2", "%zz", "%25", "%00", "//", "/..", "/.", "..", "::", "@@", "[", "]", "[::1]", ":65536", "#", "?",
  "\u0000", "\t", "\r", "\n", " ", "\u007f", "\u0085", "\u00a0", "\u00e9", "\u0301", "\ufeff", "\ufffd", "\uffff",
  "\ud800", "\udc00", "\udbff\udfff", "\ud83d\ude00", "\u2028", "\u3002", "\uff0f",
];

/** Characters a component boundary sits before or after. */
const BOUNDARY = /[:/?#[\]@;=&,.%+$!~*'()]/g;

/** Makes input `index` of a revision: the same (seed, spec, index) always gives the same case. */
export class InputMaker {
  private random: () => number = prng(0);
  private readonly generator: Generator | null;
  constructor(readonly spec: string, readonly seed: number, private readonly data: InputData) {
    this.generator = data.grammar ? new Generator(data.grammar, () => this.random()) : null;
  }

  private int(n: number): number {
    return Math.floor(this.random() * n);
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }

  make(index: number): GeneratedCase {
    this.random = prng(inputSeed(this.seed, this.spec, index));
    // The context first, so it does not depend on how many random numbers the source draws.
    const context: CaseContext = {};
    if (this.data.bases.length > 0) context.base = this.pick(this.data.bases);
    if (this.data.references.length > 0) context.reference = this.pick(this.data.references);
    if (this.random() < 0.25) context.strict = true;
    const dots = this.int(4);
    if (dots > 0) context.dotSegments = (["keep", "remove", "error"] as const)[dots - 1];
    const level = this.int(4);
    if (level > 0) context.level = (["string", "syntax", "scheme"] as const)[level - 1];
    if (this.random() < 0.1) context.options = this.pick(OPTION_NAMES);
    // The context the widened rows read (issue 25) comes from a prng of its own, so every earlier
    // input of a seed is still the same input.
    const more = prng(inputSeed(this.seed, this.spec, index) ^ 0x5bd1e995);
    context.chunk = CHUNKS[Math.floor(more() * CHUNKS.length)];
    context.edit = `${Math.floor(more() * 1000)}:${AST_EDIT_VALUE_NAMES[Math.floor(more() * AST_EDIT_VALUE_NAMES.length)]}`;
    let source = this.chooseSource();
    if ((source === "derive" || source === "mutate") && !this.generator) source = "splice";
    let input: unknown;
    switch (source) {
      case "derive":
      case "mutate": {
        const rule = this.data.rules.length > 0 && this.random() < 0.25 ? this.pick(this.data.rules) : this.data.topRule;
        if (rule !== this.data.topRule) context.rule = rule;
        input = this.derive(rule, source === "mutate");
        break;
      }
      case "splice":
        input = this.splice();
        break;
      case "unicode":
        input = this.unicode();
        break;
      case "bytes":
        input = this.bytes();
        break;
      case "values":
        input = API_VALUES[this.pick(VALUE_NAMES)]();
        break;
    }
    return { spec: this.spec, input, context, source, index };
  }

  private chooseSource(): SourceName {
    let roll = this.int(1000);
    for (const s of SOURCES) {
      if (roll < SOURCE_SHARE[s]) return s;
      roll -= SOURCE_SHARE[s];
    }
    return SOURCES[SOURCES.length - 1];
  }

  private derive(rule: string, mutate: boolean): string {
    const g = this.generator!;
    let s: string;
    try {
      s = g.derive(rule, 1 + this.int(40));
    } catch {
      s = g.derive(this.data.topRule, 1 + this.int(40));
    }
    return mutate ? g.mutate(s) : s;
  }

  private corpusLine(): string {
    return this.data.corpus.length > 0 ? this.pick(this.data.corpus) : "http://a/b/c/d;p?q";
  }

  /** Positions just before and after the delimiters of `s` (and its ends). */
  private boundaries(s: string): number[] {
    const out = [0, s.length];
    for (const m of s.matchAll(BOUNDARY)) out.push(m.index!, m.index! + 1);
    return out;
  }

  private splice(): string {
    let s = this.corpusLine();
    const edits = this.int(4); // 0: the line as it is
    for (let k = 0; k < edits; k++) {
      const at = this.pick(this.boundaries(s));
      switch (this.int(4)) {
        case 0: {
          // cut: keep the text between two boundaries
          const other = this.pick(this.boundaries(s));
          s = s.slice(Math.min(at, other), Math.max(at, other));
          break;
        }
        case 1: {
          // join: this line up to a boundary, another line from one of its boundaries
          const t = this.corpusLine();
          s = s.slice(0, at) + t.slice(this.pick(this.boundaries(t)));
          break;
        }
        default: {
          // insert one to three characters at a boundary
          let ins = "";
          for (let n = 1 + this.int(3); n > 0; n--) ins += this.pick(INSERTIONS);
          s = s.slice(0, at) + ins + s.slice(at);
        }
      }
    }
    // Rarely, a longer input: a piece repeated (a super-linear path shows up as a hang).
    if (this.random() < 0.01 && s.length > 0) {
      const at = this.int(s.length);
      const piece = s.slice(at, at + 1 + this.int(8));
      s = s.slice(0, at) + piece.repeat(20 + this.int(200)) + s.slice(at);
    }
    return s;
  }

  private codePoint(): string {
    switch (this.int(10)) {
      case 0: return String.fromCharCode(0xd800 + this.int(0x400)); // lone high surrogate
      case 1: return String.fromCharCode(0xdc00 + this.int(0x400)); // lone low surrogate
      case 2: return String.fromCodePoint(0x10000 + this.int(0x100000)); // astral
      case 3: return String.fromCharCode(this.random() < 0.5 ? this.int(0x20) : 0x7f + this.int(0x21)); // C0, DEL, C1
      case 4: return "\u0000";
      case 5: return this.pick(["\ufeff", "\ufffd", "\ufffe", "\uffff", "\u2028", "\u2029", "\u0301", "\u200b", "\u3000", "\uff1a"]);
      case 6: return String.fromCharCode(0x80 + this.int(0xd800 - 0x80)); // other BMP
      default: return MUTATION_CHARACTERS[this.int(MUTATION_CHARACTERS.length)];
    }
  }

  private unicode(): string {
    let s = "";
    for (let n = this.int(24); n > 0; n--) s += this.codePoint();
    // Half the time inside a real line, so the parse gets past the scheme.
    if (this.random() < 0.5) {
      const line = this.corpusLine();
      const at = this.pick(this.boundaries(line));
      s = line.slice(0, at) + s + line.slice(at);
    }
    return s;
  }

  private bytes(): string {
    const n = this.int(48);
    const prefix = this.random() < 0.5 ? new TextEncoder().encode(this.corpusLine().slice(0, this.int(20))) : new Uint8Array(0);
    const out: number[] = [...prefix];
    for (let k = 0; k < n; k++) {
      let b = this.random() < 0.5 ? 0x20 + this.int(0x5f) : this.int(256);
      if (b === 0x0a) b = 0x0b; // a line holds no "\n"
      out.push(b);
    }
    if (out[out.length - 1] === 0x0d) out.pop(); // nor a final "\r"
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(out));
  }
}

// ---- inputs as text: the regression file stores an input as JSON ----

/**
 * A string as its JSON string ("\ud800" for a lone surrogate); a non-string API value as
 * {"value": NAME} with its name in API_VALUES. Null when the value has no name there.
 */
export function encodeInput(input: unknown): string | null {
  if (typeof input === "string") return JSON.stringify(input);
  const made = (typeof input === "object" && input !== null) || typeof input === "function" ? MADE.get(input) : undefined;
  if (made !== undefined) return JSON.stringify({ value: made });
  for (const name of VALUE_NAMES) if (sameValue(API_VALUES[name]!(), input)) return JSON.stringify({ value: name });
  return null;
}

export function decodeInput(text: string): unknown {
  const v: unknown = JSON.parse(text);
  if (typeof v === "string") return v;
  if (v !== null && typeof v === "object" && typeof (v as { value?: unknown }).value === "string") {
    const make = API_VALUES[(v as { value: string }).value];
    if (make) return make();
  }
  throw new Error(`not an input: ${text} (a JSON string, or {"value": NAME} with NAME one of ${VALUE_NAMES.join(", ")})`);
}

function sameValue(a: unknown, b: unknown): boolean {
  try {
    return sameReadableValue(a, b);
  } catch {
    return false; // a value that throws when read (a Proxy): only MADE names it
  }
}

function sameReadableValue(a: unknown, b: unknown): boolean {
  if (typeof a !== typeof b) return false;
  if (typeof a === "symbol" || typeof a === "function") return true;
  if (typeof a !== "object" || a === null || b === null) return Object.is(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a as object);
  if (keys.length !== Object.keys(b as object).length) return false;
  return keys.every((k) => {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    return typeof x === "function" ? typeof y === "function" && String(x) === String(y) : Object.is(x, y);
  });
}

/** A value for a message: a string as JSON, other values by their API_VALUES name. */
export function showInput(input: unknown): string {
  if (typeof input === "string") return JSON.stringify(input);
  const e = encodeInput(input);
  return e === null ? String(typeof input) : `(${(JSON.parse(e) as { value: string }).value})`;
}
