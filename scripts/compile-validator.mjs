// Compiles every grammar/<spec>.peggy into anchored JavaScript regular expressions, one per rule that
// has no recursion, written to generated/<spec>.regex.ts. validate() (src/parse.ts) uses them as the
// fast path and falls back to the peggy validate parser for rules without one.
//
// Data flow: grammar/<spec>.peggy -> peggy.parser.parse (the grammar AST) -> one regex source per rule.
//
// The regexes are exact PEG recognizers, not context-free readings of the rules. A PEG never
// backtracks into an expression that has succeeded: a choice commits to its first successful
// alternative, a repetition is greedy and gives nothing back, an option that matched stays matched.
// A JavaScript regex does backtrack into all three. So every emitted piece keeps one invariant:
//
//   emit(e) matches at most one way from any start position, and that way is the PEG's match of e.
//
// Literals, classes and `.` match one way; a sequence of one-way pieces matches one way; lookaheads
// `&e` / `!e` map to `(?=e)` / `(?!e)`. The three committing constructs are made one-way by guards,
// which cost nothing while the match goes forward (only on backtracking):
//   a / b      ->  a|(?!a)b       (b is tried only where a does not match)
//   e* e+      ->  e*(?!e)        (a shorter repetition fails: one more e matches there)
//   e|m..n|    ->  e{n}|e{m,n-1}(?!e)
//   e?         ->  e|(?!e)
// A guard repeats its body, so nesting would make the regex grow exponentially: a body longer than
// GUARD_MAX characters is wrapped instead in the atomic-group emulation `(?=(X))\N` (the lookahead
// finds X's first match, which for one-way parts is the PEG's, captures it, and the backreference
// consumes exactly that text; a lookahead is never re-entered on backtracking). This costs on the
// forward path (a sub-match and a comparison), so it is kept for the large constructs only.
// Guards are dropped where the context makes them useless: emission carries `follow`, the
// characters the rest of the regex can consume first (and whether it can succeed without consuming,
// as the end of a lookahead body can; the final `$` cannot, short of the end of input). Where e
// consumed its first character from first(e) and follow cannot start with any of those, the path
// that gives e back (a shorter repetition, the empty branch of e?, the next alternative of a choice
// after e) must fail at once, so `e*`, `e?`, `e{m,n}` and `a|b` stay plain: "emit(e) matches at most
// one way" becomes "at most one way that the rest can complete". Reason: the guards and atomic
// groups cost most of the time on real URLs. Inside lookahead bodies (guards, atomic groups) follow
// is "anything", so only guards before a disjoint later part of the same body go.
// Consecutive one-character alternatives become one class (whichever wins consumes that one
// character); when all alternatives are pairwise exclusive (none empty, disjoint first characters)
// every one-character alternative joins one class, tried first. Rule references are inlined; a rule
// that reaches itself gets no regex (none of the five grammars has one today). Emission is memoised
// per expression and follow (guard copies would otherwise re-emit nested bodies exponentially).

import { readFileSync, writeFileSync, mkdirSync, readdirSync } from "node:fs";
import { join, dirname, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const peggy = require("peggy");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const grammarDir = join(root, "grammar");
const outDir = join(root, "generated");

/** Regex sources longer than this are not emitted (V8 compiles them slowly; peggy is used instead). */
export const MAX_SOURCE = 200_000;

/**
 * Bodies up to this length are guarded by repeating them in a lookahead; longer ones use an atomic
 * group. 120 measured fastest on bench/corpus (60: draft-2003 ~25% slower). Larger values push the
 * draft-2003 regex past 20,000 characters, where V8 stops optimising a regex (about 30% slower).
 */
const GUARD_MAX = Number(process.env.GUARD_MAX ?? 120);

class Recursive extends Error {}

/** Character ranges [lo, hi] (UTF-16 code units), sorted and merged. */
function norm(ranges) {
  const s = [...ranges].sort((a, b) => a[0] - b[0]);
  const out = [];
  for (const r of s) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function disjoint(a, b) {
  for (const x of a) for (const y of b) if (x[0] <= y[1] && y[0] <= x[1]) return false;
  return true;
}

const ANY = [[0, 0xffff]];

function caseVariants(ch) {
  const lo = ch.toLowerCase();
  const up = ch.toUpperCase();
  return [...new Set([ch, lo, up].filter((c) => c.length === 1))];
}

function classRanges(e) {
  let r = [];
  for (const p of e.parts) {
    const [a, b] = typeof p === "string" ? [p, p] : p;
    r.push([a.charCodeAt(0), b.charCodeAt(0)]);
    if (e.ignoreCase) {
      for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) {
        for (const v of caseVariants(String.fromCharCode(c))) r.push([v.charCodeAt(0), v.charCodeAt(0)]);
      }
    }
  }
  r = norm(r);
  if (!e.inverted) return r;
  const inv = [];
  let next = 0;
  for (const [a, b] of r) {
    if (a > next) inv.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= 0xffff) inv.push([next, 0xffff]);
  return inv;
}

function escCode(c) {
  return `\\u${c.toString(16).padStart(4, "0")}`;
}

function escChar(c) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9]/.test(ch)) return ch;
  if (c >= 0x21 && c <= 0x7e) return `\\${ch}`;
  return escCode(c);
}

function rangesToClass(ranges) {
  if (ranges.length === 1 && ranges[0][0] === 0 && ranges[0][1] === 0xffff) return "[^]";
  if (ranges.length === 1 && ranges[0][0] === ranges[0][1]) return escChar(ranges[0][0]);
  const body = ranges.map(([a, b]) => (a === b ? escChar(a) : b === a + 1 ? escChar(a) + escChar(b) : `${escChar(a)}-${escChar(b)}`)).join("");
  return `[${body}]`;
}

/**
 * Compiles one grammar. Returns a map from rule name (peggy's) to the anchored regex source, or to
 * null with the reason when the rule has no regex.
 *
 * Capture mode (scripts/compile-capture.mjs): `options.capture` is a set of rule names and
 * `options.rules` the rules to compile. Every inlined occurrence of a capture rule is wrapped in a
 * capturing group, except inside lookaheads (`&e`, `!e`, the guards' negative copies), whose nodes
 * peggy discards too; `groups` lists each group's number and rule in the order of the source. The
 * guard/atomic decisions are taken on the guards, which never capture, so the capture regex has the
 * validator regex's shape (one-character merges aside: a capture rule is never merged into a class).
 * A capture rule inside a repetition is an error: a regex keeps only the last iteration's capture.
 */
export function compileGrammar(source, options = {}) {
  const ast = peggy.parser.parse(source);
  const rules = new Map(ast.rules.map((r) => [r.name, r]));
  const capture = options.capture ?? null;

  // info(e): { nullable, first (ranges), one (a single-character set, or null) }: the analysis used
  // to drop unneeded atomic wrappers and merge one-character choices into classes.
  const infoMemo = new Map();
  function info(e, stack = new Set()) {
    switch (e.type) {
      case "literal": {
        if (e.value.length === 0) return { nullable: true, first: [], one: null };
        const c = e.ignoreCase ? caseVariants(e.value[0]).map((v) => [v.charCodeAt(0), v.charCodeAt(0)]) : [[e.value.charCodeAt(0), e.value.charCodeAt(0)]];
        return { nullable: false, first: norm(c), one: e.value.length === 1 ? norm(c) : null };
      }
      case "class": {
        const r = classRanges(e);
        return { nullable: false, first: r, one: r };
      }
      case "any":
        return { nullable: false, first: ANY, one: ANY };
      case "ranges": // a merged run of one-character alternatives (mergeAlternatives)
        return { nullable: false, first: e.ranges, one: e.ranges };
      case "group":
      case "named":
      case "labeled":
      case "text":
      case "action":
        return info(e.expression, stack);
      case "rule_ref": {
        if (infoMemo.has(e.name)) return infoMemo.get(e.name);
        if (stack.has(e.name)) throw new Recursive(e.name);
        stack.add(e.name);
        const r = info(rules.get(e.name).expression, stack);
        stack.delete(e.name);
        infoMemo.set(e.name, r);
        return r;
      }
      case "sequence": {
        let first = [];
        let nullable = true;
        for (const el of e.elements) {
          const i = info(el, stack);
          first = norm([...first, ...i.first]);
          if (!i.nullable) { nullable = false; break; }
        }
        const consuming = e.elements.filter((el) => !["simple_and", "simple_not"].includes(el.type));
        const one = consuming.length === 1 && e.elements.length === 1 ? info(consuming[0], stack).one : null;
        return { nullable, first, one };
      }
      case "choice": {
        const is = e.alternatives.map((a) => info(a, stack));
        const one = is.every((i) => i.one) ? norm(is.flatMap((i) => i.one)) : null;
        return { nullable: is.some((i) => i.nullable), first: norm(is.flatMap((i) => i.first)), one };
      }
      case "optional":
      case "zero_or_more":
        return { nullable: true, first: info(e.expression, stack).first, one: null };
      case "one_or_more": {
        const i = info(e.expression, stack);
        return { nullable: i.nullable, first: i.first, one: null };
      }
      case "repeated": {
        const i = info(e.expression, stack);
        const [min] = bounds(e);
        return { nullable: min === 0 || i.nullable, first: i.first, one: null };
      }
      case "simple_and":
      case "simple_not":
        info(e.expression, stack);
        return { nullable: true, first: [], one: null };
      default:
        throw new Error(`compile-validator: unsupported expression type ${e.type}`);
    }
  }

  // peggy: `e|n|` has min null (exactly n), `e|..n|` min 0, `e|n..|` max null (unbounded).
  function bounds(e) {
    const max = constant(e.max, null);
    return [e.min === null ? max : constant(e.min, 0), max];
  }

  function constant(c, dflt) {
    if (c === null || c === undefined) return dflt;
    if (c.type !== "constant") throw new Error("compile-validator: repetition bounds must be constants");
    return c.value;
  }

  // Emission. Every piece is one-way in its context (see the header): a choice guards a later
  // alternative with a negative lookahead of the earlier one, a repetition ends with a check that one
  // more item does not match, an option's empty branch is guarded the same way, unless what follows
  // (`follow`) shows that the guard can never fail on a path that would otherwise succeed.
  //
  // follow = { first, empty }: what the rest of the regex after the piece can do at a position that
  // is not the end of the input: consume a first character from `first`, or (empty) succeed without
  // consuming, which only the end of a lookahead body does (the final `$` needs the end of input).
  const END = { first: [], empty: false };
  const ACCEPT = { first: [], empty: true };
  /** The follow of the sequence `elements` then `follow`. Lookaheads only restrict, so they add nothing. */
  function followOf(elements, follow) {
    let first = [];
    for (const el of elements) {
      const i = info(el);
      first = norm([...first, ...i.first]);
      if (!i.nullable) return { first, empty: false };
    }
    return { first: norm([...first, ...follow.first]), empty: follow.empty };
  }
  /**
   * True when, wherever `e` has matched, the rest (`follow`) cannot succeed from the same start: e
   * consumed at least one character, in first(e), and the rest must consume that character first.
   * Then backtracking to "e not taken" there always fails, and no guard is needed.
   */
  function guardMax() {
    return GUARD_MAX;
  }
  function excludes(e, follow) {
    const i = info(e);
    return !i.nullable && !follow.empty && disjoint(i.first, follow.first);
  }

  function emitter() {
    let ids = 0;
    // An atomic group `(?=(X))\N`, written with markers; numbered once the whole regex is built
    // (a guard repeats a body, so one marker can occur in several copies; see numberGroups).
    const atomic = (body) => {
      const id = ++ids;
      return `\u0000${id}\u0000${body}))\u0001${id}\u0001`;
    };
    // `cap`: capture mode is on and this piece is not inside a lookahead or a guard.
    const memo = new Map();
    function emit(e, stack, follow, cap) {
      let byFollow = memo.get(e);
      if (!byFollow) memo.set(e, (byFollow = new Map()));
      const key = `${cap}:${follow.empty}:${follow.first.join(",")}`;
      if (!byFollow.has(key)) byFollow.set(key, emitOnce(e, stack, follow, cap));
      return byFollow.get(key);
    }
    function emitOnce(e, stack, follow, cap) {
      switch (e.type) {
        case "literal": {
          let out = "";
          for (const ch of e.value) out += e.ignoreCase ? rangesToClass(norm(caseVariants(ch).map((v) => [v.charCodeAt(0), v.charCodeAt(0)]))) : escChar(ch.charCodeAt(0));
          return out;
        }
        case "class":
        case "any":
        case "ranges":
          return rangesToClass(info(e).one);
        case "group":
        case "named":
        case "labeled":
        case "text":
        case "action":
          return emit(e.expression, stack, follow, cap);
        case "rule_ref": {
          if (stack.has(e.name)) throw new Recursive(e.name);
          const i = info(e);
          const captured = cap && capture.has(e.name);
          if (i.one && !captured) return rangesToClass(i.one);
          stack.add(e.name);
          const r = i.one ? rangesToClass(i.one) : emit(rules.get(e.name).expression, stack, follow, cap);
          stack.delete(e.name);
          return captured ? `\u0002${e.name}\u0002${r}\u0003` : r;
        }
        case "sequence":
          return e.elements.map((el, k) => emit(el, stack, followOf(e.elements.slice(k + 1), follow), cap)).join("");
        case "choice": {
          const i = info(e);
          if (i.one && !(cap && reachesCapture(e))) return rangesToClass(i.one);
          return choice(mergeAlternatives(e.alternatives, cap), stack, follow, cap);
        }
        case "optional": {
          // (a / b)? is the choice a / b / "": one guard chain (or one atomic group) instead of two.
          let inner = e.expression;
          while (inner.type === "group") inner = inner.expression;
          if (inner.type === "choice" && !(info(inner).one && !(cap && reachesCapture(inner)))) {
            return choice([...mergeAlternatives(inner.alternatives, cap), { type: "literal", value: "", ignoreCase: false }], stack, follow, cap);
          }
          // PEG e? = e / "": the empty branch only when e does not match here.
          const body = emit(e.expression, stack, follow, cap);
          if (excludes(e.expression, follow)) return optionalOf(body);
          const guard = emit(e.expression, stack, ACCEPT, false);
          if (guard.length <= guardMax(follow)) return `(?:${body}|(?!${guard}))`;
          return atomic(optionalOf(cap ? emit(e.expression, stack, ACCEPT, cap) : guard));
        }
        case "zero_or_more":
          return star(e.expression, 0, null, stack, follow, cap);
        case "one_or_more":
          return star(e.expression, 1, null, stack, follow, cap);
        case "repeated": {
          if (e.delimiter) throw new Error("compile-validator: delimited repetition is not supported");
          return star(e.expression, ...bounds(e), stack, follow, cap);
        }
        case "simple_and":
          return `(?=${emit(e.expression, stack, ACCEPT, false)})`;
        case "simple_not":
          return `(?!${emit(e.expression, stack, ACCEPT, false)})`;
        default:
          throw new Error(`compile-validator: unsupported expression type ${e.type}`);
      }
    }
    // a / b / c  ->  a|(?!a)(?:b|(?!b)c): once an alternative has matched, backtracking into the
    // choice finds the guard of the next one false. No guard is needed where the later alternatives,
    // then the follow, cannot succeed at a position where the earlier one matched (excludes()).
    function choice(alts, stack, follow, cap) {
      if (alts.length === 1) return emit(alts[0], stack, follow, cap);
      const [a, ...rest] = alts;
      const restChoice = { type: "choice", alternatives: rest };
      const body = emit(a, stack, follow, cap);
      const tail = choice(rest, stack, follow, cap);
      if (excludes(a, followOf([restChoice], follow))) return `(?:${body}|${tail})`;
      const guard = emit(a, stack, ACCEPT, false);
      if (guard.length <= guardMax(follow)) return `(?:${body}|(?!${guard})${tail})`;
      return atomic(`${cap ? emit(a, stack, ACCEPT, cap) : guard}|${choice(rest, stack, ACCEPT, cap)}`);
    }
    // PEG repetition is greedy and gives nothing back: the regex repetition must stop only where
    // one more item does not match (or at max), so backtracking into it can never succeed. The guard
    // is not needed when the follow cannot start where another item starts (excludes()).
    function star(inner, min, max, stack, follow, cap) {
      const i = info(inner);
      const itemFollow = { first: norm([...i.first, ...follow.first]), empty: follow.empty };
      const body = emit(inner, stack, itemFollow, cap);
      if (hasCaptures(body) && !(min === 0 && max === 1) && !(min === 1 && max === 1)) {
        throw new Error(`compile-validator: a capture rule inside a repetition keeps only its last match (${plain(body)})`);
      }
      const atom = atomOf(body);
      const quant = max === null ? (min === 0 ? "*" : min === 1 ? "+" : `{${min},}`) : min === max ? `{${min}}` : `{${min},${max}}`;
      if (min === max) return `${atom}${quant}`;
      // min 0, max 1 with captures: `X?` would drop the captures of an X that matched the empty string.
      const repeated = (b) => (min === 0 && max === 1 ? optionalOf(b) : `${atomOf(b)}${quant}`);
      if (excludes(inner, follow)) return repeated(body);
      const guard = emit(inner, stack, ACCEPT, false);
      if (guard.length > guardMax(follow)) return atomic(repeated(emit(inner, stack, { first: i.first, empty: true }, cap)));
      if (max === null) return `${atom}${quant}(?!${guard})`;
      // exactly max, or fewer and then no further item
      return `(?:${atom}{${max}}|${atom}{${min},${max - 1}}(?!${guard}))`;
    }
    return (e) => emit(e, new Set(), END, capture !== null);
  }

  // Consecutive one-character alternatives match the same one character whichever wins: one class.
  // When no two alternatives can match at one position (none empty, first characters disjoint), the
  // order does not matter either: all one-character alternatives become one class, tried first.
  // In capture mode (`cap`) an alternative that reaches a capture rule is never merged into a class.
  function mergeAlternatives(alts, cap) {
    const is = alts.map((a) => (cap && reachesCapture(a) ? { ...info(a), one: null } : info(a)));
    const exclusive = is.every((i, k) => !i.nullable && is.every((j, m) => m <= k || disjoint(i.first, j.first)));
    if (exclusive) {
      const ones = is.filter((i) => i.one).flatMap((i) => i.one);
      const others = alts.filter((_, k) => !is[k].one);
      return ones.length > 0 ? [{ type: "ranges", ranges: norm(ones) }, ...others] : others;
    }
    const merged = [];
    for (const [k, a] of alts.entries()) {
      const last = merged[merged.length - 1];
      if (is[k].one && last && last.type === "ranges") last.ranges = norm([...last.ranges, ...is[k].one]);
      else merged.push(is[k].one ? { type: "ranges", ranges: is[k].one } : a);
    }
    return merged;
  }

  // Capture mode: whether e reaches a capture rule outside lookaheads.
  const reachMemo = new Map();
  function reachesCapture(e) {
    if (capture === null) return false;
    switch (e.type) {
      case "rule_ref":
        if (capture.has(e.name)) return true;
        if (!reachMemo.has(e.name)) {
          reachMemo.set(e.name, false);
          reachMemo.set(e.name, reachesCapture(rules.get(e.name).expression));
        }
        return reachMemo.get(e.name);
      case "sequence":
        return e.elements.some(reachesCapture);
      case "choice":
        return e.alternatives.some(reachesCapture);
      case "simple_and":
      case "simple_not":
        return false;
      default:
        return e.expression ? reachesCapture(e.expression) : false;
    }
  }

  const out = {};
  for (const rule of ast.rules) {
    if (options.rules && !options.rules.includes(rule.name)) continue;
    try {
      info({ type: "rule_ref", name: rule.name });
      const body = emitter()({ type: "rule_ref", name: rule.name });
      // The whole input must be the PEG's match of the rule: the rule's one-way match, then the end.
      const groups = [];
      const src = numberGroups(`^(?:${body})$`, groups);
      if (src.length > MAX_SOURCE) { out[rule.name] = { source: null, why: `regex too long (${src.length} characters)` }; continue; }
      new RegExp(src); // must compile
      out[rule.name] = capture === null ? { source: src, why: null } : { source: src, why: null, groups };
    } catch (err) {
      if (err instanceof Recursive) out[rule.name] = { source: null, why: `recursive through ${err.message}` };
      else throw err;
    }
  }
  return out;
}

/**
 * Replaces the atomic-group markers by real groups: each opening marker becomes `(?=(` and takes
 * the next group number; a backreference marker refers to the latest opening with its id.
 * Capture mode: a capture marker becomes `(`, takes the next number, and is listed in `groups`.
 */
function numberGroups(s, groups = []) {
  let n = 0;
  const latest = new Map();
  return s.replace(/\u0000(\d+)\u0000|\u0001(\d+)\u0001|\u0002([^\u0002]*)\u0002|\u0003/g, (m, open, back, rule) => {
    if (open) { latest.set(open, ++n); return "(?=("; }
    if (back) return `\\${latest.get(back)}`;
    if (rule) { groups.push({ group: ++n, rule }); return "("; }
    return ")";
  });
}

/** The source without capture markers (capture mode): what the validator would emit. */
function plain(s) {
  return s.replace(/\u0002[^\u0002]*\u0002|\u0003/g, "");
}

function hasCaptures(s) {
  return s !== plain(s);
}

/** PEG e? as a regex: `X?`, or `(?:X|)` when X captures (`X?` drops the captures of an empty X). */
function optionalOf(body) {
  return hasCaptures(body) ? `(?:${body}|)` : `${atomOf(body)}?`;
}

/** `X` quantified needs X to be one atom: a class, one escaped character, or a group. */
function atomOf(s) {
  if (/^(\[(\\.|[^\]\\])*\]|\\u[0-9a-f]{4}|\\.|[^\\()[\]|])$/.test(s)) return s;
  if (s === "[^]") return s;
  if (isOneGroup(s)) return s;
  return `(?:${s})`;
}

/** True when s is one parenthesised group from its first to its last character. */
function isOneGroup(s) {
  if (s[0] !== "(" || s[s.length - 1] !== ")") return false;
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\") { i++; continue; }
    if (inClass) { if (c === "]") inClass = false; continue; }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") { depth--; if (depth === 0 && i !== s.length - 1) return false; }
  }
  return true;
}

function stamp(file) {
  return `// GENERATED by scripts/compile-validator.mjs from grammar/${file}. Do not edit: edit the grammar and run \`npm run build\`.\n`;
}

export function compileAll() {
  mkdirSync(outDir, { recursive: true });
  const summary = [];
  for (const file of readdirSync(grammarDir).filter((f) => f.endsWith(".peggy")).sort()) {
    const id = basename(file, ".peggy");
    const compiled = compileGrammar(readFileSync(join(grammarDir, file), "utf8"));
    const sources = {};
    const missing = {};
    for (const [name, r] of Object.entries(compiled)) {
      if (r.source) sources[name] = r.source;
      else missing[name] = r.why;
    }
    writeFileSync(
      join(outDir, `${id}.regex.ts`),
      stamp(file) +
        "// One anchored regex source per rule (peggy rule name): an exact recognizer of the PEG rule.\n" +
        `export const REGEX_SOURCES: Readonly<Record<string, string>> = ${JSON.stringify(sources, null, 2)};\n\n` +
        "// Rules without a regex, and why (validate() uses the peggy validate parser for these).\n" +
        `export const NO_REGEX: Readonly<Record<string, string>> = ${JSON.stringify(missing, null, 2)};\n`,
    );
    summary.push(`${id} ${Object.keys(sources).length}/${Object.keys(compiled).length}`);
  }
  return summary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`compiled validator regexes (rules with a regex / rules): ${compileAll().join(", ")}`);
}
