// Diagnosis: why an input is rejected, as an error value. The scanner (generated/<spec>.scanner.ts)
// stops at the first character after which nothing can be accepted; its state there says what
// could have come next (the character classes with a live transition, and the end of the input if
// the state accepts) and which rules the parse was inside (the state's label: the rules enclosing
// every atom of the parse that could have consumed the next character). No second parse runs.
import {
  article,
  characterAt,
  describeCharacter,
  isHighSurrogate,
  lineAndColumn,
  percentEncode,
  summarizeExpected,
  type ParseError,
} from "./errors";
import { findRule, type Revision } from "./revisions";
import type { GeneratedScanner } from "./scanner/types";

/** Whether one rule accepts the whole input (the scanner's DFA for that start rule). */
export function accepts(revision: Revision, pegName: string, input: string): boolean {
  const start = revision.scanner.START[pegName];
  return start !== undefined && revision.scanner.scan(start, input) === -1;
}

/** Whether a rule accepts one printable ASCII character as its whole input (computed at build time). */
function acceptsCharacter(revision: Revision, pegName: string, ch: string): boolean {
  return (revision.scanner.ONE_CHAR[pegName] ?? "").includes(ch);
}

/**
 * The error for an input the scanner rejected from `startRule` (published name): `offset` and
 * `state` are what scan() returned and left in LAST.
 */
export function syntaxError(revision: Revision, startRule: string, input: string, offset: number, state: number): ParseError {
  // A grammar over code points (Revision.codePoints) reads a surrogate pair as one character: the
  // scanner, which reads code units, may stop between its two halves (U+1FFFE: its high surrogate
  // begins a ucschar, its low one ends none) or right after a lone high surrogate. The error is
  // then at the character's first unit, with the state before it (the prefix scanned again).
  if (revision.codePoints === true && offset > 0 && isHighSurrogate(input.charCodeAt(offset - 1))) {
    offset -= 1;
    const start = revision.scanner.START[findRule(revision, startRule)?.pegName ?? ""];
    if (start !== undefined) {
      revision.scanner.scan(start, input.slice(0, offset));
      state = revision.scanner.LAST[0];
    }
  }
  const { line, column } = lineAndColumn(input, offset);
  const found = characterAt(input, offset);
  const facts = stateFacts(revision, state, startRule);
  const head = `At offset ${offset}, ${facts.where} cannot accept ${describeCharacter(found)}${facts.wanted}.`;
  return {
    code: "syntax",
    spec: revision.id,
    startRule,
    rule: facts.rule,
    section: facts.section,
    ruleStack: facts.ruleStack.slice(),
    offset,
    line,
    column,
    found,
    expected: facts.expected.slice(),
    message: `${head} ${advice(revision, facts.rule, input, offset, found)}`.trim(),
  };
}

/** What an error in one DFA state says whatever the input: computed once per state and kept. */
interface StateFacts {
  expected: string[];
  /** `; expected one of ...` (empty when nothing could follow) */
  wanted: string;
  ruleStack: string[];
  rule: string;
  section: string | null;
  /** The rule and its section as the message names them: `host (rfc3986 §3.2.2)`. */
  where: string;
}

const factsByRevision = /* @__PURE__ */ new WeakMap<Revision, Map<string, StateFacts>>();

function stateFacts(revision: Revision, state: number, startRule: string): StateFacts {
  let byState = factsByRevision.get(revision);
  if (!byState) factsByRevision.set(revision, (byState = new Map()));
  const scanner = revision.scanner;
  const label = scanner.LABEL[state];
  // A state without a label (the start rule itself is being tried) names the start rule.
  const key = label === 0 ? `${state} ${startRule}` : `${state}`;
  const known = byState.get(key);
  if (known) return known;
  const expected = expectedAt(scanner, state, revision.codePoints === true);
  let ruleStack = stackOf(scanner, label);
  if (ruleStack.length === 0) ruleStack = [startRule];
  // The innermost rule above the one-character rules (pchar, HEXDIG ...), which say less than their parent.
  while (ruleStack.length > 1 && revision.characterRules.has(ruleStack[ruleStack.length - 1])) ruleStack = ruleStack.slice(0, -1);
  const rule = ruleStack[ruleStack.length - 1];
  const section = findRule(revision, rule)?.section ?? null;
  const facts: StateFacts = {
    expected,
    wanted: expected.length > 0 ? `; expected ${summarizeExpected(expected)}` : "",
    ruleStack,
    rule,
    section,
    where: `${rule}${section ? ` (${revision.id} ${shortSection(section)})` : ""}`,
  };
  byState.set(key, facts);
  return facts;
}

/** The rule names of a label, outermost first. */
function stackOf(scanner: GeneratedScanner, label: number): string[] {
  const out: string[] = [];
  for (let s = label; s > 0; s = scanner.STACK_PARENT[s]) out.push(scanner.STACK_NAME[s]);
  return out.reverse();
}

/**
 * What the state could have accepted next, as readable items: one-character strings (`"/"`), one
 * class for the runs of letters and digits (`[0-9A-Fa-f]`), classes for control or non-ASCII
 * ranges (`[\x00-\x1F]`, `[\u0080-\uFFFF]`), and `end of input`. For a grammar over code points
 * (`codePoints`, rfc3987), whose scanner reads a character above U+FFFF as its two UTF-16 units, the
 * ranges are code points, written as its ABNF writes them (`%xA0-D7FF`, `%x10000-1FFFD`): the code
 * points of the surrogate pairs the state accepts (a high surrogate, then a low one the next state
 * takes), and no surrogate unit alone.
 */
export function expectedAt(scanner: GeneratedScanner, state: number, codePoints = false): string[] {
  scanner.load(); // the tables are decoded on first use (a scan has done it; a caller may ask first)
  let ranges = liveRanges(scanner, state);
  if (codePoints) ranges = mergeRanges([...withoutSurrogates(ranges), ...pairedCodePoints(scanner, state, ranges)]);
  const singles: string[] = [];
  let runs = "";
  const others: string[] = [];
  for (const [lo, hi] of ranges) {
    for (let c = lo; c <= hi; ) {
      if (c < 0x20 || c >= 0x7f) {
        // Controls, DEL and non-ASCII: one class item for the stretch outside printable ASCII.
        const end = c < 0x20 ? Math.min(hi, 0x1f) : hi;
        others.push(codePoints ? `%x${abnfHex(c)}${end > c ? `-${abnfHex(end)}` : ""}` : `[${classChar(c)}${end > c ? `-${classChar(end)}` : ""}]`);
        c = end + 1;
        continue;
      }
      const run = RUNS.find(([a, b]) => c >= a && c <= b);
      const end = run ? Math.min(hi, run[1]) : c;
      if (end - c >= 2) {
        runs += `${String.fromCharCode(c)}-${String.fromCharCode(end)}`;
        c = end + 1;
      } else {
        singles.push(JSON.stringify(String.fromCharCode(c)));
        c++;
      }
    }
  }
  const items = [...singles, ...(runs ? [`[${runs}]`] : []), ...others];
  if (scanner.ACCEPT[state] === 1) items.push("end of input");
  return items;
}

/** The code units a state has a live transition for, as merged ranges. */
function liveRanges(scanner: GeneratedScanner, state: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let c = 0; c < scanner.K; c++) {
    if (scanner.TRANS[state * scanner.K + c] === 0) continue;
    const r = scanner.CLASS_RANGES[c];
    for (let i = 0; i < r.length; i += 2) ranges.push([r[i], r[i + 1]]);
  }
  return mergeRanges(ranges);
}

/** Code-unit ranges without the surrogates (U+D800-DFFF), which are no characters alone. */
function withoutSurrogates(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [lo, hi] of ranges) {
    if (lo < 0xd800) out.push([lo, Math.min(hi, 0xd7ff)]);
    if (hi > 0xdfff) out.push([Math.max(lo, 0xe000), hi]);
  }
  return out;
}

/** The code points above U+FFFF a state accepts: a high surrogate it takes, then a low surrogate the state after it takes. */
function pairedCodePoints(scanner: GeneratedScanner, state: number, ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  const lowsAfter = new Map<number, [number, number][]>();
  for (const [lo, hi] of ranges) {
    for (let h = Math.max(lo, 0xd800); h <= Math.min(hi, 0xdbff); h++) {
      const next = scanner.TRANS[state * scanner.K + scanner.classOf(h)];
      let lows = lowsAfter.get(next);
      if (!lows) lowsAfter.set(next, (lows = liveRanges(scanner, next)));
      const base = 0x10000 + (h - 0xd800) * 0x400 - 0xdc00;
      for (const [a, b] of lows) if (b >= 0xdc00 && a <= 0xdfff) out.push([base + Math.max(a, 0xdc00), base + Math.min(b, 0xdfff)]);
    }
  }
  return out;
}

/** A code point in ABNF's hex (RFC 2234 §2.3: %x): upper case, at least two digits. */
function abnfHex(code: number): string {
  return code.toString(16).toUpperCase().padStart(2, "0");
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of ranges) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Letters and digits: a run of three or more is written as a range. */
const RUNS: [number, number][] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x61, 0x7a],
];

function classChar(code: number): string {
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, "0").toUpperCase()}`;
  if (code > 0x7e) return `\\u${code.toString(16).padStart(4, "0").toUpperCase()}`;
  return /[\]\\^-]/.test(String.fromCharCode(code)) ? `\\${String.fromCharCode(code)}` : String.fromCharCode(code);
}

/** Rule-specific advice that the expectation list alone does not make obvious. */
function ruleHint(rule: string, input: string): string | null {
  if (rule === "IPv6address" && input.split("::").length > 2) return `An IPv6 address may contain "::" only once.`;
  if ((rule === "IPv4address" || rule === "dec-octet") && /(^|\.)(25[6-9]|2[6-9]\d|[3-9]\d\d|\d{4,})/.test(input)) return "Each part of an IPv4 address is a number from 0 to 255.";
  return null;
}

function advice(revision: Revision, rule: string, input: string, offset: number, found: string | null): string {
  const hint = ruleHint(rule, input);
  if (hint) return hint;
  if (found === null) return "The input ends too early: complete it or check for a cut-off copy.";
  const pctAt = input.lastIndexOf("%", offset);
  if (pctAt >= 0 && offset - pctAt <= 2 && offset > pctAt) {
    return `"%" must be followed by two hex digits; write "%25" for a literal percent sign.`;
  }
  const escape = percentEncode(found);
  if (escape === null) return "A lone surrogate is not a character and cannot be escaped: repair the text.";
  if (!allowedAnywhere(revision, found)) {
    const cls = exclusionClass(revision, found);
    const what = cls ? ` (it is \`${cls.name}\` in ${revision.id} ${shortSection(cls.section)})` : "";
    return `${capitalize(describeCharacter(found))} is not allowed unescaped anywhere in ${article(revision.id)} ${revision.id} reference${what}: write it as ${escape}.`;
  }
  if (reachesRule(revision, rule, "escaped")) return `If ${describeCharacter(found)} is data here, escape it as ${escape}.`;
  return "";
}

/**
 * Whether a character can appear unescaped somewhere in the revision: some rule that matches one
 * character accepts it, other than the classes of excluded characters (unwise, delims, control,
 * space, national, punctuation), or the top rule's own text quotes it (the "#" of URL-reference).
 * Read from the one-character answers the build computed (ONE_CHAR); the set is kept per revision.
 */
const EXCLUDED_CLASSES = /* @__PURE__ */ new Set(["unwise", "delims", "control", "space", "national", "punctuation"]);
const anywhereCache = /* @__PURE__ */ new Map<string, Set<string>>();
function allowedAnywhere(revision: Revision, ch: string): boolean {
  let set = anywhereCache.get(revision.id);
  if (!set) {
    set = new Set();
    const candidates = revision.rules.filter((r) => r.published === null || !EXCLUDED_CLASSES.has(r.published));
    for (let c = 0x20; c < 0x7f; c++) {
      const s = String.fromCharCode(c);
      if (candidates.some((r) => acceptsCharacter(revision, r.pegName, s))) set.add(s);
    }
    const top = findRule(revision, revision.topRule);
    for (const literal of top?.text.join(" ").match(/"[^"]"/g) ?? []) set.add(literal[1]);
    anywhereCache.set(revision.id, set);
  }
  return set.has(ch);
}

/** The excluded-character class (unwise, delims, control, space ...) a character belongs to, if the revision names one. */
const exclusionCache = /* @__PURE__ */ new WeakMap<Revision, Map<string, { name: string; section: string } | null>>();
function exclusionClass(revision: Revision, ch: string): { name: string; section: string } | null {
  let byChar = exclusionCache.get(revision);
  if (!byChar) exclusionCache.set(revision, (byChar = new Map()));
  const known = byChar.get(ch);
  if (known !== undefined) return known;
  let found: { name: string; section: string } | null = null;
  for (const name of EXCLUDED_CLASSES) {
    const rule = revision.rules.find((r) => r.published === name);
    if (rule && acceptsCharacter(revision, rule.pegName, ch)) {
      found = { name, section: rule.section ?? "" };
      break;
    }
  }
  // Only the printable ASCII characters the build computed can be in a class: the memo stays small.
  if (ch.length === 1 && ch.charCodeAt(0) < 0x80) byChar.set(ch, found);
  return found;
}

/**
 * "Appendix A (§4.3.1)" -> "§4.3.1"; "§2.4.3 (body only, not in Appendix A)" -> "§2.4.3"; a rule an
 * amending document takes from another keeps the other's name: "RFC 3986 Appendix A (§3.2.2)" ->
 * "RFC 3986 §3.2.2".
 */
function shortSection(section: string): string {
  const inner = /^(RFC \d+ )?Appendix [A-Z] \((§[\d.]+)\)$/.exec(section);
  if (inner) return (inner[1] ?? "") + inner[2];
  return section.replace(/\s*\(.*\)$/, "");
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Whether `from` (published name) can derive `target`: a walk of the grammar model's reference
 * graph (RuleInfo.uses, read from the PEG by the build), done once per revision and pair.
 */
const reachCache = /* @__PURE__ */ new WeakMap<Revision, Map<string, Map<string, boolean>>>();
function reachesRule(revision: Revision, from: string, target: string): boolean {
  // Per revision, target and rule (a key string made per call cost a rejected input a tenth of its error).
  let byTarget = reachCache.get(revision);
  if (byTarget === undefined) reachCache.set(revision, (byTarget = new Map()));
  let byFrom = byTarget.get(target);
  if (byFrom === undefined) byTarget.set(target, (byFrom = new Map()));
  const cached = byFrom.get(from);
  if (cached !== undefined) return cached;
  const byName = new Map(revision.rules.map((r) => [r.published ?? r.pegName, r]));
  const seen = new Set<string>([from]);
  const queue = [from];
  let found = false;
  while (queue.length > 0 && !found) {
    for (const used of byName.get(queue.shift()!)?.uses ?? []) {
      if (used === target) found = true;
      if (!seen.has(used)) {
        seen.add(used);
        queue.push(used);
      }
    }
  }
  byFrom.set(from, found);
  return found;
}
