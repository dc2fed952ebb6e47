// The grammar sandbox's first step: a revision's published grammar with some of its rules replaced
// (or added) by the user's own, each written in the revision's notation and read by the revision's
// own reader (./readers.ts), exactly where the rule stands in its file, so that the file's reading
// context applies to it as to the rule it replaces (RFC 822-style BNF's `; @literals`, RFC 1630's
// `;; @qualify` sections, an amendment's `@replaces`). The grammar is then composed as the file
// loader composes it (./compose.ts). Everything is text in, values out: no file system, so the
// explorer's worker runs it too (src/ops/language-edit.ts compares the two grammars' languages).
import { composePublished } from "./compose";
import { findPublishedRule, type PublishedGrammar, type PublishedRule, type ReadProblem, type ReadResult } from "./model";
import { notationOfFile, READERS } from "./readers";

/** A published-grammar file: where it is (relative to the repository) and its text. */
export interface PublishedSource {
  file: string;
  source: string;
}

/** Each revision's published-grammar file, by revision id (generated/published-sources.ts holds the repository's). */
export type PublishedSources = Readonly<Record<string, PublishedSource>>;

/** A revision's published grammar read from its text (and its base's, for an amendment), composed; undefined when there is none. */
export function readPublishedSources(spec: string, sources: PublishedSources): ReadResult | undefined {
  const reading = new Set<string>();
  const load = (id: string): ReadResult | undefined => {
    const entry = Object.prototype.hasOwnProperty.call(sources, id) ? sources[id] : undefined;
    const notation = entry ? notationOfFile(entry.file) : null;
    if (!entry || notation === null) return undefined;
    if (reading.has(id)) return { ok: false, errors: [`${entry.file}: @amends leads back to ${id}`] };
    reading.add(id);
    const read = READERS[notation]!(entry.source, entry.file, id);
    const composed = composePublished(read, entry.source, entry.file, load);
    reading.delete(id);
    return composed;
  };
  return load(spec);
}

/** Why an edit cannot be read: which edit, where in its text, and what is wrong. */
export interface EditProblem {
  /** The edit (0-based, in the order given). */
  edit: number;
  /** UTF-16 offset in that edit's text. */
  offset: number;
  /** The rule the edit defines (its first word), when it has one. */
  rule: string | null;
  /** The reader's words, without the file's name and line. */
  message: string;
}

/** A rule an edit defines: the one it replaces (null: a new rule) and the rule as read. */
export interface EditedRule {
  name: string;
  edit: number;
  before: PublishedRule | null;
  after: PublishedRule;
}

export type EditResult =
  | { ok: true; original: PublishedGrammar; edited: PublishedGrammar; rules: EditedRule[] }
  | { ok: false; problems: EditProblem[] };

/**
 * A rule's name as an edit writes it: the first word of its first line that is not a comment, or
 * a name between angle brackets (a grammar that says `; @names angle-brackets`, RFC 5234 §2.1).
 */
const HEAD = /^[ \t]*(?:<([^<>]+)>|([A-Za-z][A-Za-z0-9_+-]*))/;

/** The name an edit's text defines (HEAD), or null. */
function headName(text: string): string | null {
  const m = HEAD.exec(text);
  return m ? (m[1] ?? m[2]!) : null;
}

/** One edit placed in a file: the lines it replaces ([from, to), 0-based; from = to: inserted there). */
interface Placement {
  edit: number;
  file: string;
  spec: string;
  from: number;
  to: number;
  /** The edit's lines as they go in (a directive line may come first: `lead`). */
  lines: string[];
  lead: number;
  /** Characters cut from the start of the edit (leading blank lines and indentation). */
  shift: number;
  text: string;
  /** Set once placed: where the edit's own text starts in the file, and its lines. */
  start: number;
  firstLine: number;
  lastLine: number;
}

/**
 * The revision's published grammar (read from `sources`) with each edit's rule in place of the rule
 * of the same name (the notation's rule on names' case applies), or added after the last rule when
 * the grammar has no such rule. Never throws: a problem is a value with the edit and its offset.
 */
export function editPublished(spec: string, sources: PublishedSources, edits: readonly string[]): EditResult {
  const fail = (edit: number, offset: number, rule: string | null, message: string): EditResult => ({ ok: false, problems: [{ edit, offset, rule, message }] });
  const read = readPublishedSources(spec, sources);
  if (read === undefined) return fail(0, 0, null, `${spec} has no published grammar to edit.`);
  if (!read.ok) return fail(0, 0, null, `${spec}'s published grammar cannot be read: ${read.errors[0]}`);
  const original = read.grammar;
  const own = sources[spec]!;
  const placements: Placement[] = [];
  const names = new Map<string, number>();
  for (let k = 0; k < edits.length; k++) {
    const raw = edits[k]!;
    const lines = raw.split("\n");
    const first = lines.findIndex((l) => l.trim() !== "" && !/^\s*;/.test(l));
    const head = first >= 0 ? HEAD.exec(lines[first]!) : null;
    if (!head) return fail(k, raw.length - raw.trimStart().length, null, "an edit starts with the name of the rule it defines, then its definition in the revision's notation");
    const name = head[1] ?? head[2]!;
    const key = original.namesIgnoreCase ? name.toLowerCase() : name;
    if (names.has(key)) return fail(k, raw.indexOf(name), name, `${name} is already defined by edit ${names.get(key)! + 1}: one edit per rule`);
    names.set(key, k);
    // The edit's text from its first line, each line's own indentation kept but the first's.
    const cut = lines.slice(0, first).reduce((n, l) => n + l.length + 1, 0) + (lines[first]!.length - lines[first]!.trimStart().length);
    const text = raw.slice(cut).replace(/\s+$/, "");
    const target = findPublishedRule(original, name);
    const amends = /^(;;?)\s*@amends\b/m.exec(own.source);
    if (target && (target.file ?? original.file) === own.file) {
      placements.push({ edit: k, file: own.file, spec, from: target.line - 1, to: target.line - 1 + target.text.length, lines: text.split("\n"), lead: 0, shift: cut, text, start: -1, firstLine: -1, lastLine: -1 });
    } else {
      // A new rule, or one an amendment inherits from its base: after the grammar's own last line,
      // an amendment saying what the rule does to its base (the base's file stays as it is).
      const directive = amends ? [`${amends[1]} ${target ? "@replaces" : "@adds"}`] : [];
      const end = own.source.replace(/\n+$/, "").split("\n").length;
      placements.push({ edit: k, file: own.file, spec, from: end, to: end, lines: ["", ...directive, ...text.split("\n")], lead: 1 + directive.length, shift: cut, text, start: -1, firstLine: -1, lastLine: -1 });
    }
  }
  // Each file's text with its placements, in the order of its lines.
  const edited: Record<string, { file: string; source: string }> = { ...sources };
  for (const [targetSpec, entry] of Object.entries(sources)) {
    const mine = placements.filter((p) => p.file === entry.file).sort((a, b) => a.from - b.from);
    if (mine.length === 0) continue;
    const lines = entry.source.replace(/\n+$/, "").split("\n");
    const out: string[] = [];
    let offset = 0;
    let cursor = 0;
    const push = (line: string) => {
      out.push(line);
      offset += line.length + 1;
    };
    for (const p of mine) {
      if (p.from < cursor) return fail(p.edit, 0, null, `edit ${p.edit + 1} overlaps another edit`);
      while (cursor < p.from) push(lines[cursor++]!);
      p.lines.forEach((line, i) => {
        if (i === p.lead) {
          p.start = offset;
          p.firstLine = out.length + 1;
        }
        push(line);
      });
      p.lastLine = out.length;
      cursor = p.to;
    }
    while (cursor < lines.length) push(lines[cursor++]!);
    edited[targetSpec] = { file: entry.file, source: `${out.join("\n")}\n` };
  }
  const result = readPublishedSources(spec, edited);
  if (result === undefined) return fail(0, 0, null, `${spec} has no published grammar to edit.`);
  if (!result.ok) return { ok: false, problems: editProblems(result.problems ?? result.errors.map((message) => ({ message, offset: null, rule: null })), placements, original) };
  const rules: EditedRule[] = [];
  for (const r of result.grammar.rules) {
    const file = r.file ?? result.grammar.file;
    const p = placements.find((x) => x.file === file && r.line >= x.firstLine && r.line <= x.lastLine);
    if (p) rules.push({ name: r.name, edit: p.edit, before: findPublishedRule(original, r.name) ?? null, after: r });
  }
  rules.sort((x, y) => x.edit - y.edit);
  return { ok: true, original, edited: result.grammar, rules };
}

/** The reader's problems, each at its place in the edit it falls in (the first edit when it falls in none). */
function editProblems(problems: readonly ReadProblem[], placements: readonly Placement[], original: PublishedGrammar): EditProblem[] {
  const clean = (m: string) => m.replace(/^[^\s:]+(?::\d+)?: (?:rule \S+: )?/, "");
  const key = (n: string) => (original.namesIgnoreCase ? n.toLowerCase() : n);
  const out: EditProblem[] = [];
  // A rule whose edit does not read is left out of the grammar, so every reference to it is
  // undefined too: those follow from the edit's own problem and are not reported.
  const edited = new Set(placements.map((x) => key(headName(x.text) ?? "")));
  for (const p of problems) {
    if (p.undefinedName !== undefined && edited.has(key(p.undefinedName))) continue;
    const file = placements.find((x) => p.message.startsWith(`${x.file}:`))?.file;
    const inEdit = p.offset !== null ? placements.find((x) => x.file === file && p.offset! >= x.start && p.offset! <= x.start + x.text.length) : undefined;
    if (inEdit) {
      out.push({ edit: inEdit.edit, offset: inEdit.shift + p.offset! - inEdit.start, rule: headName(inEdit.text), message: clean(p.message) });
      continue;
    }
    if (p.undefinedName !== undefined && p.rule !== null) {
      // A reference to a rule the grammar does not have: at the name, in the edit that writes it.
      const by = placements.find((x) => key(headName(x.text) ?? "") === key(p.rule!) || x.text.includes(p.undefinedName!));
      if (by) {
        const head = HEAD.exec(by.text)![0].length;
        const at = wordAt(by.text, p.undefinedName, head);
        out.push({ edit: by.edit, offset: by.shift + (at < 0 ? 0 : at), rule: headName(by.text), message: `${p.rule} refers to ${p.undefinedName}, which the grammar does not define (add it with another edit, or use one of its rules)` });
        continue;
      }
    }
    out.push({ edit: placements[0]?.edit ?? 0, offset: 0, rule: null, message: clean(p.message) });
  }
  // In the order of the edits, each edit's problems in the reader's order.
  return out.map((p, i) => ({ p, i })).sort((x, y) => x.p.edit - y.p.edit || x.i - y.i).map((x) => x.p);
}

/** The offset of `word` as a whole word in `text` at or after `from`, outside quoted literals; -1 if none. */
function wordAt(text: string, word: string, from: number): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    if (quoted || i < from) continue;
    if (text.startsWith(word, i) && !/[A-Za-z0-9_+-]/.test(text[i - 1] ?? " ") && !/[A-Za-z0-9_+-]/.test(text[i + word.length] ?? " ")) return i;
  }
  return -1;
}
