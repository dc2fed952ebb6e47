// diff: what changed between two revisions. Rules are matched by published name and shown in the
// published notation of each side; character classes and the characters each component may hold
// unescaped come from the character matrix (src/ops/characters.ts), computed from the grammars.
import { isFailure, requireRevision, type UsageFailure } from "../request";
import type { Revision, SpecId } from "../revisions";
import type { ComponentKey } from "../revisions/revision";
import { parseExpression } from "../published/parse-expression";
import { stripComment } from "../published/split-rules";
import type { Expr } from "../published/model";
import { characterTableOf, type CharacterRow } from "./characters";
import { noComponentsNote } from "./components";

/** One revision's side of a RuleDiff: the section and the published text. */
export interface RuleSide {
  section: string | null;
  text: string[];
}

/** A rule added, removed or changed between two revisions (diffSpecs()). */
export interface RuleDiff {
  added: { name: string; b: RuleSide }[];
  removed: { name: string; a: RuleSide }[];
  /** Rules whose published text differs beyond notation (`|` vs `/`, spacing, comments). */
  changed: { name: string; a: RuleSide; b: RuleSide }[];
  /** Rules published the same up to notation. */
  unchanged: string[];
}

/** A character whose classes differ between two revisions (diffSpecs()). */
export interface ClassChange {
  char: string;
  a: string[];
  b: string[];
}

/** The characters a component allows in one revision and not the other (diffSpecs()). */
export interface ComponentCharDiff {
  key: ComponentKey;
  /** The component's name in A and in B. */
  nameA: string;
  nameB: string;
  onlyA: string[];
  onlyB: string[];
  both: string[];
}

/** What diffSpecs() returns: the rules, classes and component characters that differ. */
export interface SpecDiff {
  a: SpecId;
  b: SpecId;
  rules: RuleDiff;
  /** Null when either side has no component map (see `notes`). */
  classes: ClassChange[] | null;
  components: ComponentCharDiff[] | null;
  notes: string[];
}

function ruleName(r: { published: string | null; pegName: string }): string {
  return r.published ?? r.pegName;
}

/**
 * The rule body, read past notation: quoted literals kept as they are (ABNF literals are compared
 * as published), ABNF `;` comments dropped, `|` read as `/`, whitespace collapsed.
 */
export function normalizeRuleText(text: string[]): string {
  const tokens: string[] = [];
  for (const line of text) {
    const re = /"[^"]*"|<[^>]*>|;.*$|\||\S/g;
    let word = "";
    for (const m of line.matchAll(re)) {
      const t = m[0];
      if (/^\S$/.test(t) && /[A-Za-z0-9_-]/.test(t)) {
        word += t;
        continue;
      }
      if (word) tokens.push(word);
      word = "";
      if (t.startsWith(";")) break;
      tokens.push(t === "|" ? "/" : t);
    }
    if (word) tokens.push(word);
  }
  return tokens.join(" ");
}

/**
 * Two ABNF rules (RFC 2234, draft-2003 and rfc3986) are the same when their definitions read as the
 * same expression: grouping parentheses, line breaks and where the "/" of a continued line stands
 * are notation (draft-2003's dec-octet writes `( %x31-39 DIGIT ) /`, RFC 3986's `/ %x31-39 DIGIT`).
 */
function sameAbnfDefinition(x: string[], y: string[]): boolean {
  const read = (text: string[]): string | null => {
    const body = text.map((line) => stripComment(line)).join(" ");
    const eq = body.indexOf("=");
    if (eq < 0) return null;
    try {
      return JSON.stringify(flatten(parseExpression(body.slice(eq + 1), { alternative: "/", literalsIgnoreCase: true, numericValues: true })));
    } catch {
      return null;
    }
  };
  const ex = read(x);
  return ex !== null && ex === read(y);
}

/** Nested sequences and alternations flattened (`a (b c)` = `a b c`), names compared case-insensitively (RFC 2234 §2.1). */
function flatten(e: Expr): Expr {
  switch (e.type) {
    case "seq":
    case "alt": {
      const items = e.items.map(flatten).flatMap((i) => (i.type === e.type ? (i as { items: Expr[] }).items : [i]));
      return { type: e.type, items };
    }
    case "opt":
      return { type: "opt", expr: flatten(e.expr) };
    case "rep":
      return { ...e, expr: flatten(e.expr) };
    case "ref":
      return { type: "ref", name: e.name.toLowerCase() };
    default:
      return e;
  }
}

export function diffRules(a: Revision, b: Revision): RuleDiff {
  const bothAbnf = a.notation === "RFC 2234 ABNF" && b.notation === "RFC 2234 ABNF";
  const published = (r: Revision) => new Map(r.rules.filter((x) => x.kind !== "helper").map((x) => [ruleName(x), x]));
  const ra = published(a);
  const rb = published(b);
  const out: RuleDiff = { added: [], removed: [], changed: [], unchanged: [] };
  for (const [name, x] of ra) {
    const y = rb.get(name);
    if (!y) out.removed.push({ name, a: { section: x.section, text: x.text } });
    else if (normalizeRuleText(x.text) !== normalizeRuleText(y.text) && !(bothAbnf && sameAbnfDefinition(x.text, y.text))) out.changed.push({ name, a: { section: x.section, text: x.text }, b: { section: y.section, text: y.text } });
    else out.unchanged.push(name);
  }
  for (const [name, y] of rb) if (!ra.has(name)) out.added.push({ name, b: { section: y.section, text: y.text } });
  return out;
}

/**
 * What changed between two revisions: the rules added, removed and changed (published text, read past
 * notation), the characters whose class changed, and per component the characters only one side
 * allows unescaped. Never throws: an unknown id is parse()'s error value.
 *
 * @example
 * import { diffSpecs } from "uri-grammars";
 * const d = diffSpecs("draft-1997", "draft-2003");
 * if (d.ok) d.rules.added.some((r) => r.name === "IPv6address"); // => true
 * if (d.ok) d.components?.find((c) => c.key === "host")?.onlyB.includes("["); // => true
 */
export function diffSpecs(a: SpecId, b: SpecId): ({ ok: true } & SpecDiff) | UsageFailure {
  const ra = requireRevision(a);
  if (isFailure(ra)) return ra;
  const rb = requireRevision(b);
  if (isFailure(rb)) return rb;
  return { ok: true, ...diffRevisions(ra, rb) };
}

/** diffSpecs() on two descriptors (the CLI's and the tests', which may plant a mistake in one). */
export function diffRevisions(a: Revision, b: Revision): SpecDiff {
  const out: SpecDiff = { a: a.id, b: b.id, rules: diffRules(a, b), classes: null, components: null, notes: [] };
  const ta = characterTableOf(a);
  const tb = characterTableOf(b);
  if (!ta) out.notes.push(noComponentsNote(a));
  if (!tb) out.notes.push(noComponentsNote(b));
  if (!ta || !tb) return out;
  const rowB = new Map<string, CharacterRow>(tb.rows.map((r) => [r.char, r]));
  out.classes = ta.rows
    .map((r) => ({ char: r.char, a: r.classes, b: rowB.get(r.char)?.classes ?? [] }))
    // Class names are compared case-insensitively: draft-2003's ABNF names are (RFC 2234 §2.1), so
    // its core rule ALPHA is the same class as draft-1997's alpha.
    .filter((c) => c.a.join(" ").toLowerCase() !== c.b.join(" ").toLowerCase());
  out.components = [];
  for (const ca of ta.components) {
    const cb = tb.components.find((c) => c.key === ca.key);
    if (!cb) {
      out.notes.push(`${b.id} has no ${ca.key} component (${a.id} calls it ${ca.name})`);
      continue;
    }
    const d: ComponentCharDiff = { key: ca.key, nameA: ca.name, nameB: cb.name, onlyA: [], onlyB: [], both: [] };
    for (const r of ta.rows) {
      const inA = r.allowed[ca.key] === true;
      const inB = rowB.get(r.char)?.allowed[ca.key] === true;
      if (inA && inB) d.both.push(r.char);
      else if (inA) d.onlyA.push(r.char);
      else if (inB) d.onlyB.push(r.char);
    }
    out.components.push(d);
  }
  for (const cb of tb.components) if (!ta.components.some((c) => c.key === cb.key)) out.notes.push(`${a.id} has no ${cb.key} component (${b.id} calls it ${cb.name})`);
  return out;
}
