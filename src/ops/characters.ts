// The character matrix: for each revision, the class of every printable ASCII character and the
// components in which it may appear unescaped, computed by running the revision's own rules (its
// class rules and its component rules) on candidate strings. Nothing here is a hand-written table:
// change a character class in a grammar and the matrix changes with it.
import { isFailure, optionsObject, requireRevision, type UsageFailure } from "../request";
import { findRule, type Revision, type SpecId } from "../revisions";
import type { ComponentKey } from "../revisions/revision";
import { componentKeys, matchesRule } from "./components";

/** The pseudo-character standing for an escape triplet; probed as `%41`. */
export const ESCAPE = "%XX";
const ESCAPE_PROBE = "%41";

/** Printable ASCII (space to "~"), then `%XX`. */
export const CHARACTERS: readonly string[] = [.../* @__PURE__ */ Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)), ESCAPE];

/** The components the matrix covers: those whose rule matches one whole component value. */
export const MATRIX_KEYS: readonly ComponentKey[] = ["scheme", "userinfo", "password", "host", "port", "segment", "query", "fragment"];

/** One character of the matrix: where each revision allows it, by component. */
export interface CharacterRow {
  /** The character, or `%XX`. */
  char: string;
  /** The class rules (published names) that match the character, most specific first. */
  classes: string[];
  /** For each component the revision has: may the character appear unescaped in it. */
  allowed: Partial<Record<ComponentKey, boolean>>;
}

/** The character matrix (characterTable()): characters x revisions x components. */
export interface CharacterTable {
  spec: SpecId;
  /** The components covered, in MATRIX_KEYS order, with the revision's word for each. */
  components: { key: ComponentKey; name: string; rule: string }[];
  rows: CharacterRow[];
}

const tableCache = /* @__PURE__ */ new WeakMap<Revision, CharacterTable | null>();

/**
 * The character matrix of one revision: for every printable ASCII character (and `%XX`), the class
 * rules that match it and, per component, whether it may appear there unescaped, all computed by
 * running the revision's own rules. Never throws: an unknown spec is parse()'s error value. A
 * revision without a component map has no rows and says so in `notes`.
 *
 * @example
 * import { characterTable } from "uri-grammars";
 * const t = characterTable({ spec: "draft-1997" });
 * if (t.ok) t.rows.find((r) => r.char === "~")?.classes; // => ["mark", "unreserved"]
 */
export function characterTable(options?: { spec?: SpecId | undefined }): ({ ok: true; notes: string[] } & CharacterTable) | UsageFailure {
  const revision = requireRevision(optionsObject(options).spec);
  if (isFailure(revision)) return revision;
  const table = characterTableOf(revision);
  if (table) return { ok: true, notes: [], ...table };
  return { ok: true, spec: revision.id, components: [], rows: [], notes: [`${revision.id} has no component map (Revision.components) yet`] };
}

/** The character table of one revision descriptor; null when the revision has no component map. */
export function characterTableOf(revision: Revision): CharacterTable | null {
  const cached = tableCache.get(revision);
  if (cached !== undefined) return cached;
  const map = revision.components;
  let table: CharacterTable | null = null;
  if (map) {
    const keys = componentKeys(revision).filter((k) => MATRIX_KEYS.includes(k) && map.parts[k]?.rule && findRule(revision, map.parts[k]!.rule!));
    const components = keys.map((key) => ({ key, name: map.parts[key]!.name ?? key, rule: map.parts[key]!.rule! }));
    const rows = CHARACTERS.map((char) => {
      const probe = char === ESCAPE ? ESCAPE_PROBE : char;
      const classes = char === ESCAPE ? [] : map.classes.filter((cls) => matchesRule(revision, cls, probe));
      const allowed: Partial<Record<ComponentKey, boolean>> = {};
      for (const c of components) allowed[c.key] = mayAppear(revision, c.rule, probe, map.parts[c.key]!.examples ?? []);
      return { char, classes, allowed };
    });
    table = { spec: revision.id, components, rows };
  }
  tableCache.set(revision, table);
  return table;
}

/**
 * Whether `probe` can appear in some string the rule matches: it is inserted at, and substituted
 * for, every position of "", "a", "aa" and the component's examples, and the rule is run on each
 * variant. An example that already contains the character counts only when the example itself
 * matches (that is the substitution of the character for itself).
 */
export function mayAppear(revision: Revision, rule: string, probe: string, examples: readonly string[]): boolean {
  // A "%" followed by two hex digits is the start of an escape, not a "%" standing for itself.
  const escapes = (rest: string) => probe === "%" && /^[0-9A-Fa-f]{2}/.test(rest);
  const tryVariant = (before: string, after: string) => !escapes(after) && matchesRule(revision, rule, before + probe + after);
  for (const example of ["", "a", "aa", ...examples]) {
    for (let i = 0; i <= example.length; i++) {
      if (tryVariant(example.slice(0, i), example.slice(i))) return true;
      if (i < example.length && tryVariant(example.slice(0, i), example.slice(i + 1))) return true;
    }
  }
  return false;
}

/** The class rules of `revision` that match `char` (empty when none or no component map). */
export function classesOf(revision: Revision, char: string): string[] {
  const table = characterTableOf(revision);
  return table?.rows.find((r) => r.char === char)?.classes ?? [];
}

/** The components in which `char` may appear unescaped (the revision's names). */
export function componentsAllowing(revision: Revision, char: string): string[] {
  const table = characterTableOf(revision);
  const row = table?.rows.find((r) => r.char === char);
  if (!table || !row) return [];
  return table.components.filter((c) => row.allowed[c.key]).map((c) => c.name);
}
