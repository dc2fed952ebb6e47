// The expression syntax RFC 822-style BNF and RFC 2234 ABNF share, parameterised by what differs:
//
//                      RFC 822-style BNF (draft-1997 §1.4)    RFC 2234 ABNF (draft-2003 §1.6)
//   alternative        "|" (draft-1997 §1.4: "except that      "/" (RFC 2234 §3.2)
//                      "|" is used to designate alternatives")
//   repetition         <n>*<m>element, <n>element              <a>*<b>element, <n>element (§3.6, §3.7)
//   optional, group    [ x ], ( x )                            [ x ], ( x ) (§3.5, §3.8)
//   literal            "..."  (case: a file directive)          "..." case-insensitive (§2.3)
//   numeric value      -                                       %x41-5A, %x0D.0A, %d, %b (§2.3)
//   prose              <"> is a double quote (RFC 822 §3.3);   <...> prose-val (§4): not machine
//                      <US-ASCII coded characters 00-1F ...>   readable; read like RFC 822 prose
//                      names code points in hexadecimal
import type { Expr } from "./model";

export interface NotationOptions {
  /** The alternation operator. */
  alternative: "|" | "/";
  /** Whether quoted literals match either case. */
  literalsIgnoreCase: boolean;
  /** ABNF numeric values (%x, %d, %b). */
  numericValues: boolean;
  /**
   * `<n>*[ x ]` is n or more x, the brackets only enclosing the repeated element (RFC 1738 §5:
   * "brackets [] enclose optional or repeated elements"); otherwise (ABNF) it is n or more `[ x ]`,
   * which makes `1*[ x ]` match the empty string.
   */
  repeatedBracketsGroup?: boolean;
  /**
   * `<name>` is a rule name, not prose (RFC 5234 §2.1: "angle brackets may be used around a rule
   * name"): a file that says `; @names angle-brackets`, whose document names its rules in words
   * with spaces (the WHATWG URL Standard's "valid URL string").
   */
  angleBracketNames?: boolean;
}

type Token = (
  | { t: "name"; v: string }
  | { t: "str"; v: string }
  | { t: "num"; v: number }
  | { t: "star" }
  | { t: "op"; v: "(" | ")" | "[" | "]" | "|" | "/" }
  | { t: "numval"; ranges: [number, number][]; seq: number[] | null }
  | { t: "prose"; v: string }
) & { at?: number };

/**
 * A problem in a definition, at `offset` (in the definition's text): what the readers turn into an
 * error value with the place in the file (build-grammar.ts), and the grammar sandbox into one at
 * its place in the user's edit (src/published/edit.ts).
 */
export class ExpressionError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

function tokenize(body: string, opts: NotationOptions): Token[] {
  const out: Token[] = [];
  let i = 0;
  const push = (tok: Token, at: number) => { out.push({ ...tok, at } as Token); };
  while (i < body.length) {
    const c = body[i];
    const start = i;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '"') {
      const end = body.indexOf('"', i + 1);
      if (end < 0) throw new ExpressionError(`unterminated literal at ${body.slice(i)}`, i);
      push({ t: "str", v: body.slice(i + 1, end) }, start);
      i = end + 1;
      continue;
    }
    if (c === "<") {
      const end = body.indexOf(">", i + 1);
      if (end < 0) throw new ExpressionError(`unterminated <prose> at ${body.slice(i)}`, i);
      push(opts.angleBracketNames ? { t: "name", v: body.slice(i + 1, end) } : { t: "prose", v: body.slice(i + 1, end) }, start);
      i = end + 1;
      continue;
    }
    if (c === "%" && opts.numericValues) {
      const m = /^%([xdb])([0-9A-Fa-f]+)((?:-[0-9A-Fa-f]+)|(?:\.[0-9A-Fa-f]+)+)?/.exec(body.slice(i));
      if (!m) throw new ExpressionError(`bad numeric value at ${body.slice(i)}`, i);
      const base = m[1] === "x" ? 16 : m[1] === "d" ? 10 : 2;
      const first = parseInt(m[2], base);
      if (m[3] && m[3].startsWith("-")) push({ t: "numval", ranges: [[first, parseInt(m[3].slice(1), base)]], seq: null }, start);
      else if (m[3]) push({ t: "numval", ranges: [], seq: [first, ...m[3].slice(1).split(".").map((x) => parseInt(x, base))] }, start);
      else push({ t: "numval", ranges: [[first, first]], seq: null }, start);
      i += m[0].length;
      continue;
    }
    if (/[0-9]/.test(c)) {
      const m = /^[0-9]+/.exec(body.slice(i))!;
      push({ t: "num", v: Number(m[0]) }, start);
      i += m[0].length;
      continue;
    }
    if (c === "*") { push({ t: "star" }, start); i++; continue; }
    if ("()[]".includes(c)) { push({ t: "op", v: c as "(" }, start); i++; continue; }
    if (c === "|" || c === "/") {
      if (c !== opts.alternative) throw new ExpressionError(`"${c}" is not this notation's alternative ("${opts.alternative}"): write a @repair`, i);
      push({ t: "op", v: c }, start);
      i++;
      continue;
    }
    const m = /^[A-Za-z][A-Za-z0-9_+-]*/.exec(body.slice(i));
    if (!m) throw new ExpressionError(`unexpected character ${JSON.stringify(c)} at ${body.slice(i)}`, i);
    // A rule name never ends with "-" or "+" in these documents; `"-"` stays a literal.
    push({ t: "name", v: m[0] }, start);
    i += m[0].length;
  }
  return out;
}

/** Parses one rule's definition. Throws an ExpressionError naming the problem and its offset (the reader turns it into a value). */
export function parseExpression(body: string, opts: NotationOptions): Expr {
  const toks = tokenize(body, opts);
  let pos = 0;
  const peek = () => toks[pos];
  /** Where the parser stands in the definition: the current token's offset, or the end. */
  const here = () => toks[pos]?.at ?? body.length;
  const isOp = (v: string) => {
    const t = toks[pos];
    return t !== undefined && t.t === "op" && t.v === v;
  };
  const expectOp = (v: string) => {
    if (!isOp(v)) throw new ExpressionError(`expected "${v}" ${pos < toks.length ? `at offset ${here()}` : "at the end"} of the definition: ${body}`, here());
    pos++;
  };

  function alternation(): Expr {
    const items = [concatenation()];
    while (isOp(opts.alternative)) {
      pos++;
      items.push(concatenation());
    }
    return items.length === 1 ? items[0] : { type: "alt", items };
  }

  function concatenation(): Expr {
    const items: Expr[] = [];
    for (;;) {
      const t = peek();
      if (t === undefined || (t.t === "op" && (t.v === ")" || t.v === "]" || t.v === opts.alternative))) break;
      items.push(repetition());
    }
    if (items.length === 0) throw new ExpressionError(`empty alternative in: ${body}`, here());
    return items.length === 1 ? items[0] : { type: "seq", items };
  }

  function repetition(): Expr {
    let min: number | null = null;
    let max: number | null = null;
    let star = false;
    let t = peek();
    if (t && t.t === "num") { min = t.v; pos++; t = peek(); }
    if (t && t.t === "star") {
      star = true;
      pos++;
      t = peek();
      if (t && t.t === "num") { max = t.v; pos++; }
    }
    t = peek();
    // `0<prose>` (RFC 3986 path-empty = 0<pchar>): zero repetitions (RFC 2234 §3.7) derive only the
    // empty string, whatever the element is, so the prose needs no reading.
    if (!star && min === 0 && t !== undefined && t.t === "prose") {
      pos++;
      return { type: "seq", items: [] };
    }
    const groupOnly = star && opts.repeatedBracketsGroup === true && t !== undefined && t.t === "op" && t.v === "[";
    const e = groupOnly ? (pos++, bracketGroup()) : element();
    if (!star && min === null) return e;
    if (!star) return { type: "rep", min: min!, max: min, expr: e };
    return { type: "rep", min: min ?? 0, max, expr: e };
  }

  function bracketGroup(): Expr {
    const e = alternation();
    expectOp("]");
    return e;
  }

  function element(): Expr {
    const t = peek();
    const at = here();
    if (t === undefined) throw new ExpressionError(`unexpected end of: ${body}`, body.length);
    pos++;
    switch (t.t) {
      case "name":
        return { type: "ref", name: t.v };
      case "str":
        return { type: "lit", text: t.v, caseInsensitive: opts.literalsIgnoreCase && /[A-Za-z]/.test(t.v) };
      case "numval":
        if (t.seq) return { type: "seq", items: t.seq.map((c) => ({ type: "chars", ranges: [[c, c]] })) };
        return codePointRange(t.ranges[0][0], t.ranges[0][1]);
      case "prose":
        try {
          return prose(t.v);
        } catch (e) {
          throw new ExpressionError((e as Error).message, at);
        }
      case "op":
        if (t.v === "(") { const e = alternation(); expectOp(")"); return e; }
        if (t.v === "[") { const e = alternation(); expectOp("]"); return { type: "opt", expr: e }; }
        throw new ExpressionError(`unexpected "${t.v}" in: ${body}`, at);
      default:
        throw new ExpressionError(`unexpected repetition count in: ${body}`, at);
    }
  }

  const e = alternation();
  if (pos !== toks.length) throw new ExpressionError(`unexpected text after position ${pos} in: ${body}`, here());
  return e;
}

/**
 * Prose values. `<">` is RFC 822's spelling of the double quote (RFC 822 §3.3 `<">`); prose that
 * names US-ASCII code points in hexadecimal (draft-1997 §2.4.3 "<US-ASCII coded characters 00-1F
 * and 7F hexadecimal>") is read as that character set. Any other prose cannot be executed.
 */
function prose(text: string): Expr {
  if (text === '"') return { type: "lit", text: '"', caseInsensitive: false };
  const m = /^US-ASCII coded characters? (.*) hexadecimal$/.exec(text.trim());
  if (m) {
    const ranges: [number, number][] = [];
    for (const part of m[1].split(/\s*(?:,|\band\b)\s*/)) {
      const r = /^([0-9A-Fa-f]{2})(?:-([0-9A-Fa-f]{2}))?$/.exec(part.trim());
      if (!r) throw new Error(`cannot read the code points in <${text}>`);
      ranges.push([parseInt(r[1], 16), parseInt(r[2] ?? r[1], 16)]);
    }
    return { type: "chars", ranges };
  }
  throw new Error(`prose <${text}> is not machine-readable`);
}

/**
 * A range of code points as the UTF-16 code units a JavaScript string holds them in: the part up to
 * U+FFFF one character, each part above it a high surrogate and a low one (RFC 3987's ucschar
 * reaches U+EFFFD; RFC 2781 §2.1). The recognizer and the generator read code units, like the PEG.
 */
export function codePointRange(lo: number, hi: number): Expr {
  if (hi <= 0xffff) return { type: "chars", ranges: [[lo, hi]] };
  const alts: Expr[] = [];
  if (lo <= 0xffff) alts.push({ type: "chars", ranges: [[lo, 0xffff]] });
  const from = Math.max(lo, 0x10000);
  const pair = (cp: number) => [0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff)];
  const [h1, l1] = pair(from);
  const [h2, l2] = pair(hi);
  const two = (h: [number, number], l: [number, number]): Expr => ({ type: "seq", items: [{ type: "chars", ranges: [h] }, { type: "chars", ranges: [l] }] });
  if (h1 === h2) alts.push(two([h1, h1], [l1, l2]));
  else {
    const first = l1 === 0xdc00 ? h1 : h1 + 1;
    const last = l2 === 0xdfff ? h2 : h2 - 1;
    if (l1 !== 0xdc00) alts.push(two([h1, h1], [l1, 0xdfff]));
    if (first <= last) alts.push(two([first, last], [0xdc00, 0xdfff]));
    if (l2 !== 0xdfff) alts.push(two([h2, h2], [0xdc00, l2]));
  }
  return alts.length === 1 ? alts[0] : { type: "alt", items: alts };
}
