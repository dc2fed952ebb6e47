// parse(): run one revision's generated parser from one start rule, build the AST, and turn a
// rejection into an error value. Data flow: grammar -> generated parser -> derivation -> AST.
import { collectNodes, type DerivationNode } from "./ast/derivation";
import { captureDerivation, captureRegex } from "./ast/fast";
import {
  characterAt,
  describeCharacter,
  describeExpectation,
  lineAndColumn,
  summarizeExpected,
  percentEncode,
  type ParseError,
  type PeggyExpectation,
} from "./errors";
import { defaultRule, findRule, getRevision, type Revision } from "./revisions";
import type { DefaultSpec, RuleName, SpecAst, SpecId } from "./revisions";
import { generatedRuleTable, ownEntry } from "./revisions/generated";
import { isFailure, optionsObject, requireRevision, requireRule, requireString, specOf } from "./request";

export { unknownRuleMessage } from "./request";

/**
 * The options of `parse()`. `S` is the revision, `T` whether the derivation is asked for: both are
 * inferred from the literal you pass, so `parse(x, { spec: "draft-1997", tree: true })` is typed
 * with `Draft1997Ast` and a `tree`.
 */
export interface ParseOptions<S extends SpecId = SpecId, T extends boolean = boolean> {
  /** Revision id; default `draft-2003` (DEFAULT_SPEC). */
  spec?: S;
  /**
   * Start rule, by its published name (`URI-reference`, `IPv6address`, `hostport`); default the
   * revision's top rule (scheme-aware for draft-1993, draft-1994 and rfc1738). The names of the
   * revision are offered; any string is accepted (an unknown one is an error value).
   */
  rule?: RuleName<S> | (string & {});
  /** Also return the concrete derivation (every named rule that matched). */
  tree?: T;
}

/**
 * A successful parse. `rule` is the start rule that was applied. `production` is set when no rule
 * was asked for and the revision is scheme-aware: the scheme's own production (`httpurl`) or the
 * generic one decided. A union of revisions gives a union of successes, narrowed by `spec`.
 */
export type ParseSuccess<S extends SpecId = SpecId> = S extends SpecId
  ? { ok: true; spec: S; rule: string; production?: string; ast: SpecAst<S> }
  : never;

/** A rejected input, a non-string input, an unknown revision or rule: never thrown, always this value. */
export interface ParseFailure {
  ok: false;
  /** The revision asked for (as given: it may be no revision id). */
  spec: string;
  /** The start rule that was applied or asked for; null when the spec is unknown and no rule was given. */
  rule: string | null;
  production?: string;
  error: ParseError;
}

/** `tree` is on the success exactly when `tree: true` was passed (optional when the flag is not known statically). */
export type TreeField<T extends boolean> = [T] extends [true] ? { tree: DerivationNode } : [T] extends [false] ? { tree?: undefined } : { tree?: DerivationNode };

/** What `parse()` returns: `{ ok: true, ast }` (with `tree` when asked for) or `{ ok: false, error }`. */
export type ParseResult<S extends SpecId = SpecId, T extends boolean = boolean> = (ParseSuccess<S> & TreeField<T>) | ParseFailure;

interface PeggyFailure {
  expected: PeggyExpectation[] | null;
  found: string | null;
  location: { start: { offset: number; line: number; column: number } };
}

function isPeggyFailure(e: unknown): e is PeggyFailure {
  return typeof e === "object" && e !== null && "location" in e && "expected" in e;
}

/**
 * Parses `input` with one revision's grammar from one start rule and builds that revision's AST.
 * Never throws: a rejected input, a non-string input, an unknown revision or rule all come back as
 * `{ ok: false, error }` with the offset, the rule that was being tried, what was expected there and
 * a sentence to act on.
 *
 * @example
 * import { parse } from "uri-grammars";
 * const r = parse("http://a/b?c#d", { spec: "draft-1997" });
 * if (r.ok) {
 *   r.ast.kind;          // => "absolute"
 *   r.ast.site?.text;    // => "a"
 *   r.ast.query?.text;   // => "c"
 * }
 * const bad = parse("1::2::3", { spec: "draft-2003", rule: "IPv6address" });
 * if (!bad.ok) bad.error.offset; // => 5
 */
export function parse<S extends SpecId = DefaultSpec, T extends boolean = false>(input: unknown, options?: ParseOptions<S, T>): ParseResult<S, T>;
export function parse(input: unknown, options?: ParseOptions): ParseResult {
  return parseWith(input, optionsObject(options), true) as ParseResult;
}

/**
 * parse() without the capture-regex fast path: the peggy AST parser builds the derivation. The
 * reference the fast path is tested against (test/fast-ast.test.ts).
 */
export function parseWithPeggy(input: unknown, options: ParseOptions = {}): ParseResult {
  return parseWith(input, optionsObject(options), false) as ParseResult;
}

interface RawSuccess {
  ok: true;
  spec: string;
  rule: string;
  production?: string;
  ast: unknown;
  tree?: DerivationNode;
}

function parseWith(input: unknown, options: Partial<ParseOptions>, fast: boolean): RawSuccess | ParseFailure {
  const specId = specOf(options.spec);
  const revision = requireRevision(options.spec, options.rule ?? null);
  if (isFailure(revision)) return revision;
  if (options.rule === undefined && revision.selectProduction && typeof input === "string") {
    const { rule, production } = defaultRule(revision, input);
    return { ...parseWith(input, { ...options, rule }, fast), production };
  }
  const ruleName: string = options.rule ?? revision.topRule;
  const rule = requireRule(revision, ruleName);
  if (isFailure(rule)) return rule;
  const notString = requireString(input, specId, ruleName);
  if (notString) return notString;
  if (typeof input !== "string") return notString!;
  // The fast paths: exact regex recognizers of the rule (src/ast/fast.ts, generated/<spec>.regex.ts).
  // A capture regex gives the derivation. A regex that does not match is a rejection: peggy's AST
  // parser is skipped and only the diagnosing parse runs, to build the error. A derivation tree, an
  // input above REGEX_MAX_INPUT or a backtrack-stack overflow (RangeError) go to peggy.
  if (fast && !options.tree && input.length <= REGEX_MAX_INPUT) {
    let rejected = false;
    try {
      const capture = captureRegex(revision.id, rule.pegName);
      if (capture) {
        const node = captureDerivation(capture, input);
        if (node) return { ok: true, spec: specId, rule: ruleName, ast: revision.buildAst(asRoot(node, ruleName, input), input) };
        rejected = true;
      } else {
        const regex = validatorRegex(revision.id, rule.pegName);
        rejected = regex !== null && !regex.test(input);
      }
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
    if (rejected) return { ok: false, spec: specId, rule: ruleName, error: syntaxError(revision, ruleName, input) };
  }
  let root: DerivationNode;
  try {
    const result = revision.astParser.parse(input, { startRule: rule.pegName });
    root = asRoot(result, ruleName, input);
  } catch (e) {
    if (!isPeggyFailure(e)) throw e;
    return { ok: false, spec: specId, rule: ruleName, error: syntaxError(revision, ruleName, input) };
  }
  const ast = revision.buildAst(root, input);
  if (!options.tree) return { ok: true, spec: specId, rule: ruleName, ast };
  return { ok: true, spec: specId, rule: ruleName, ast, tree: derivationTree(revision, rule.pegName, ruleName, input) };
}

/** The options of `validate()`: the revision and the start rule, as for `parse()`. */
export interface ValidateOptions<S extends SpecId = SpecId> {
  /** Revision id; default `draft-2003`. */
  spec?: S;
  /** Start rule, by its published name; default the revision's top rule (scheme-aware where parse() is). */
  rule?: RuleName<S> | (string & {});
}

/**
 * Accept or reject only: the fastest path (no AST, no error), for filtering many inputs. The same
 * verdict as `parse(input, options).ok`, scheme-aware like parse() when no rule is given. Never
 * throws: false for a non-string input, an unknown spec or an unknown rule (parse() says which).
 *
 * @example
 * import { validate } from "uri-grammars";
 * validate("http://[::1]/");                         // => true
 * validate("http://[::1]/", { spec: "draft-1997" }); // => false
 * validate("255.255.255.255", { rule: "IPv4address" }); // => true
 */
export function validate<S extends SpecId = DefaultSpec>(input: unknown, options?: ValidateOptions<S>): boolean;
export function validate(input: unknown, options?: ValidateOptions): boolean {
  // Uses the rule's compiled regex (generated/<spec>.regex.ts, scripts/compile-validator.mjs: an
  // exact recognizer of the PEG rule) when there is one and the input is at most REGEX_MAX_INPUT
  // characters long; otherwise the peggy validate parser.
  if (typeof input !== "string") return false;
  const o = optionsObject(options);
  const revision = getRevision(specOf(o.spec));
  if (!revision) return false;
  const ruleName = o.rule ?? defaultRule(revision, input).rule;
  const pegName = pegNameOf(revision, ruleName);
  if (pegName === undefined) return false;
  if (input.length <= REGEX_MAX_INPUT) {
    const regex = validatorRegex(revision.id, pegName);
    if (regex) {
      try {
        return regex.test(input);
      } catch (e) {
        // V8's backtrack stack overflowed (seen from about 10 MB, never up to 1 MB): the parser decides.
        if (!(e instanceof RangeError)) throw e;
      }
    }
  }
  return validateWithPeggy(revision, pegName, input);
}

/** The peggy validate parser: the reference the regexes are tested against, and the fallback. */
export function validateWithPeggy(revision: Revision, pegName: string, input: string): boolean {
  try {
    revision.validateParser.parse(input, { startRule: pegName });
    return true;
  } catch (e) {
    if (isPeggyFailure(e)) return false;
    throw e;
  }
}

/**
 * Above this length validate() and parse() use the peggy parsers, not the regex fast paths. V8's
 * regex backtrack stack grows with the input: bench/hostile-validate.mjs shows linear time and no
 * error up to 1 MB in every hostile shape, but "RangeError: Maximum call stack size exceeded" at
 * 10 MB for most of them. The environment variable URI_GRAMMARS_REGEX_MAX_INPUT (characters, read
 * once at load) changes it: 0 turns the fast paths off, which bench/scaling.mjs uses to time the
 * parsers alone.
 */
export const REGEX_MAX_INPUT = regexMaxInputFromEnvironment() ?? 1 << 20;

function regexMaxInputFromEnvironment(): number | null {
  const value = typeof process === "undefined" ? undefined : process.env.URI_GRAMMARS_REGEX_MAX_INPUT;
  if (value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

const pegNames = new Map<Revision, Map<string, string>>();

/**
 * findRule() memoised per revision (validate() is called millions of times with a few rule names).
 * Only names that exist are kept, so unknown names from callers cannot grow the memo.
 */
function pegNameOf(revision: Revision, ruleName: string): string | undefined {
  let byName = pegNames.get(revision);
  if (!byName) pegNames.set(revision, (byName = new Map()));
  const known = byName.get(ruleName);
  if (known !== undefined) return known;
  const pegName = findRule(revision, ruleName)?.pegName;
  if (pegName !== undefined) byName.set(ruleName, pegName);
  return pegName;
}

/** The compiled regex of one rule (generated/<spec>.regex.ts), built on first use; null when the rule has none. */
export const validatorRegex = generatedRuleTable<{ REGEX_SOURCES: Readonly<Record<string, string>> }, RegExp>("regex", (m, pegName) => {
  const source = ownEntry(m.REGEX_SOURCES, pegName);
  return source === undefined ? null : new RegExp(source);
});

/** A start rule that is not an AST node returns peggy's raw value: wrap the nodes it holds. */
function asRoot(result: unknown, rule: string, input: string): DerivationNode {
  if (result !== null && typeof result === "object" && !Array.isArray(result) && (result as DerivationNode).rule === rule) {
    return result as DerivationNode;
  }
  return { rule, start: 0, end: input.length, children: collectNodes(result) };
}

/** The concrete derivation: every named rule that matched, from the traced parser. */
export function derivationTree(revision: Revision, pegName: string, ruleName: string, input: string): DerivationNode {
  const result = revision.traceParser.parse(input, { startRule: pegName, tracer: { trace() {} } });
  return asRoot(result, ruleName, input);
}

/**
 * Re-parses with the traced parser to learn which rules were being tried at the farthest point the
 * input matched, then writes the error. Only rejected inputs pay for this.
 */
const publishedNames = new Map<Revision, Map<string, string>>();

function syntaxError(revision: Revision, startRule: string, input: string): ParseError {
  let published = publishedNames.get(revision);
  if (!published) publishedNames.set(revision, (published = new Map(revision.rules.map((r) => [r.pegName, r.published ?? r.pegName]))));
  const stack: string[] = [];
  let farthest = -1;
  let stacks: string[][] = [];
  const tracer = {
    trace(event: { type: string; rule: string }) {
      if (event.type === "rule.enter") stack.push(published.get(event.rule) ?? event.rule);
      else stack.pop();
    },
  };
  const onFail = (pos: number) => {
    if (pos > farthest) {
      farthest = pos;
      stacks = [stack.slice()];
    } else if (pos === farthest) {
      stacks.push(stack.slice());
    }
  };
  const rule = findRule(revision, startRule)!;
  let failure: PeggyFailure;
  try {
    revision.diagnoseParser.parse(input, { startRule: rule.pegName, tracer, onFail });
    throw new Error(`internal: ${revision.id} ${startRule} rejected "${input}" but the traced parser accepted it`);
  } catch (e) {
    if (!isPeggyFailure(e)) throw e;
    failure = e;
  }
  const offset = failure.location.start.offset;
  const { line, column } = lineAndColumn(input, offset);
  const found = characterAt(input, offset);
  const expected = [...new Set((failure.expected ?? []).map(describeExpectation))].sort();

  // The rule being tried: the deepest rule enclosing every failure at the farthest offset, above
  // the one-character rules (pchar, HEXDIG ...), which say less than their parent.
  let ruleStack = commonPrefix(stacks.filter((s) => s.length > 0));
  if (ruleStack.length === 0) ruleStack = [startRule];
  while (ruleStack.length > 1 && revision.characterRules.has(ruleStack[ruleStack.length - 1])) ruleStack = ruleStack.slice(0, -1);
  const failedRule = ruleStack[ruleStack.length - 1];
  const section = findRule(revision, failedRule)?.section ?? null;

  return {
    code: "syntax",
    spec: revision.id,
    startRule,
    rule: failedRule,
    section,
    ruleStack,
    offset,
    line,
    column,
    found,
    expected,
    message: syntaxMessage(revision, failedRule, section, input, offset, found, expected),
  };
}

function commonPrefix(stacks: string[][]): string[] {
  if (stacks.length === 0) return [];
  const out: string[] = [];
  for (let i = 0; ; i++) {
    const name = stacks[0][i];
    if (name === undefined || stacks.some((s) => s[i] !== name)) return out;
    out.push(name);
  }
}

function syntaxMessage(revision: Revision, rule: string, section: string | null, input: string, offset: number, found: string | null, expected: string[]): string {
  const where = `${rule}${section ? ` (${revision.id} ${shortSection(section)})` : ""}`;
  const wanted = expected.length > 0 ? `; expected ${summarizeExpected(expected)}` : "";
  const head = `At offset ${offset}, ${where} cannot accept ${describeCharacter(found)}${wanted}.`;
  return `${head} ${advice(revision, rule, input, offset, found)}`.trim();
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
    return `${capitalize(describeCharacter(found))} is not allowed unescaped anywhere in a ${revision.id} reference${what}: write it as ${escape}.`;
  }
  if (reachesRule(revision, rule, "escaped")) return `If ${describeCharacter(found)} is data here, escape it as ${escape}.`;
  return "";
}

/**
 * Whether a character can appear unescaped somewhere in the revision: some rule that matches one
 * character accepts it, other than the classes of excluded characters (unwise, delims, control,
 * space, national, punctuation), or the top rule's own text quotes it (the "#" of URL-reference).
 * Computed once per revision by running the rules.
 */
const EXCLUDED_CLASSES = new Set(["unwise", "delims", "control", "space", "national", "punctuation"]);
const anywhereCache = new Map<string, Set<string>>();
function allowedAnywhere(revision: Revision, ch: string): boolean {
  let set = anywhereCache.get(revision.id);
  if (!set) {
    set = new Set();
    const candidates = revision.rules.filter((r) => r.published === null || !EXCLUDED_CLASSES.has(r.published));
    for (let c = 0x20; c < 0x7f; c++) {
      const s = String.fromCharCode(c);
      if (candidates.some((r) => tryRule(revision, r.pegName, s))) set.add(s);
    }
    const top = findRule(revision, revision.topRule);
    for (const literal of top?.text.join(" ").match(/"[^"]"/g) ?? []) set.add(literal[1]);
    anywhereCache.set(revision.id, set);
  }
  return set.has(ch);
}

/** The excluded-character class (unwise, delims, control, space ...) a character belongs to, if the revision names one. */
function exclusionClass(revision: Revision, ch: string): { name: string; section: string } | null {
  for (const name of EXCLUDED_CLASSES) {
    const rule = revision.rules.find((r) => r.published === name);
    if (rule && tryRule(revision, rule.pegName, ch)) return { name, section: rule.section ?? "" };
  }
  return null;
}

/** Whether one rule accepts a short input: its regex, else the validate parser (neither builds an error). */
function tryRule(revision: Revision, pegName: string, input: string): boolean {
  const regex = validatorRegex(revision.id, pegName);
  return regex ? regex.test(input) : validateWithPeggy(revision, pegName, input);
}

/** "Appendix A (§4.3.1)" -> "§4.3.1"; "§2.4.3 (body only, not in Appendix A)" -> "§2.4.3". */
function shortSection(section: string): string {
  const inner = /^Appendix [A-Z] \((§[\d.]+)\)$/.exec(section);
  if (inner) return inner[1];
  return section.replace(/\s*\(.*\)$/, "");
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Whether `from` (published name) can derive `target`, reading the published rule text (cached). */
const reachCache = new Map<string, boolean>();
function reachesRule(revision: Revision, from: string, target: string): boolean {
  const key = `${revision.id}\0${from}\0${target}`;
  const cached = reachCache.get(key);
  if (cached !== undefined) return cached;
  const byName = new Map(revision.rules.map((r) => [r.published ?? r.pegName, r]));
  const seen = new Set<string>([from]);
  const queue = [from];
  let found = false;
  while (queue.length > 0 && !found) {
    const rule = byName.get(queue.shift()!);
    if (!rule) continue;
    // Drop quoted literals first (";" may be one), then ABNF ";" comments, then the "name =" head.
    const body = rule.text.map((line) => line.replace(/"[^"]*"/g, " ").replace(/;.*$/, " ")).join(" ").replace(/^[^=]*=/, "");
    for (const word of body.match(/[A-Za-z][A-Za-z0-9_+-]*/g) ?? []) {
      if (word === target) found = true;
      if (byName.has(word) && !seen.has(word)) {
        seen.add(word);
        queue.push(word);
      }
    }
  }
  reachCache.set(key, found);
  return found;
}
