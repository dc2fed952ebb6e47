// Splits a published-grammar file into rule texts, the part both notations share: a rule starts at
// column 0 with `name =`, an indented line continues it (RFC 822 §2.1 as adopted by draft-1997
// §1.4; RFC 2234 §2.2 and §3.1 "rules ... continue if the next line begins with white space"),
// `;` starts a comment to the end of the line (outside quotes and prose). Lines at column 0 that
// start with "; @" are reader directives:
//   ; @section <where>      the section of the document for the rules below
//   ; @literals case-sensitive | case-insensitive   how quoted literals match (RFC 822-style BNF)
//   ; @repair <what>        a repair of the next rule ...
//   ; @seed <text>          ... with the document's unrepaired words
//   ; @core                 the next rule is a core rule of the notation, not the document's
//   ; @reading              the next rule is the project's reading of prose, not a production of
//                           the document (a helper the reading needs; no PEG rule answers to it)
//   ; @predicate NAME       the next rule's matches are decided by the revision's predicate NAME
//                           (Revision.predicates; the recognizer checks each completion's span)
// A rule's name may stand between angle brackets, `<valid URL string> =` (RFC 5234 §2.1), for a
// document whose names hold spaces; the name is what is between them.
import type { Repair } from "./model";

export interface RawRule {
  name: string;
  /** `=` or ABNF's incremental `=/`. */
  defined: "=" | "=/";
  /** The definition, comments removed, lines joined with a space. */
  body: string;
  /** The lines as written, comments kept. */
  text: string[];
  line: number;
  section: string | null;
  core: boolean;
  /** `; @reading`: the project's rule, not the document's. */
  reading: boolean;
  repairs: Repair[];
  /** Where the rule's first line starts in the source (UTF-16 offset). */
  offset: number;
  /** Where the pieces of `body` come from: each piece's start in `body` and in the source, in order. */
  pieces: { body: number; source: number }[];
  /** The revision's predicate that decides the rule's matches (`; @predicate NAME`), if any. */
  predicate?: string;
}

/** The source offset of an offset in a rule's body (the pieces it was joined from). */
export function sourceOffset(rule: RawRule, bodyOffset: number): number {
  let piece = rule.pieces[0] ?? { body: 0, source: rule.offset };
  for (const p of rule.pieces) if (p.body <= bodyOffset) piece = p;
  return piece.source + (bodyOffset - piece.body);
}

export interface SplitResult {
  rules: RawRule[];
  directives: Map<string, string>;
  errors: string[];
  /** Each error's place in the source (the start of its line), in the order of `errors`. */
  errorOffsets: number[];
}

/** Removes a `;` comment (outside "..." literals and <...> prose) from one line. */
export function stripComment(line: string): string {
  let inQuote = false;
  let inProse = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inQuote) { if (c === '"') inQuote = false; continue; }
    if (inProse) { if (c === ">") inProse = false; continue; }
    if (c === '"') inQuote = true;
    else if (c === "<") inProse = true;
    else if (c === ";") return line.slice(0, i);
  }
  return line;
}

export function splitRules(source: string, file: string): SplitResult {
  const rules: RawRule[] = [];
  const directives = new Map<string, string>();
  const errors: string[] = [];
  const errorOffsets: number[] = [];
  let section: string | null = null;
  let core = false;
  let reading = false;
  let repairs: Repair[] = [];
  let predicate: string | undefined;
  let current: RawRule | null = null;
  const lines = source.split(/\r?\n/);
  // Where each line starts in the source (a line ends with "\n" or "\r\n").
  const lineStart: number[] = [];
  let at = 0;
  for (const line of lines) {
    lineStart.push(at);
    at += line.length;
    at += source.charCodeAt(at) === 13 ? 2 : 1;
  }
  const problem = (message: string, offset: number) => {
    errors.push(message);
    errorOffsets.push(offset);
  };
  lines.forEach((line, i) => {
    const lineNo = i + 1;
    const from = lineStart[i]!;
    const directive = /^;\s*@(\w+)\s*(.*)$/.exec(line);
    if (directive) {
      current = null;
      const [, key, value] = directive;
      if (key === "section") section = value.trim();
      else if (key === "core") core = true;
      else if (key === "reading") reading = true;
      else if (key === "predicate") predicate = value.trim();
      else if (key === "repair") repairs.push({ repair: value.trim(), seed: "" });
      else if (key === "seed") {
        const last = repairs[repairs.length - 1];
        if (!last) problem(`${file}:${lineNo}: @seed without @repair`, from);
        else last.seed = value.trim();
      } else directives.set(key, value.trim());
      return;
    }
    if (/^\s*(;.*)?$/.test(line)) {
      // A blank or comment-only line: an indented comment continues the rule's text.
      if (current && /^\s+;/.test(line)) current.text.push(line);
      else if (line.trim() === "" || line.startsWith(";")) current = null;
      return;
    }
    if (/^\s/.test(line)) {
      if (!current) problem(`${file}:${lineNo}: an indented line continues no rule: ${line.trim()}`, from);
      else {
        const rule = current as RawRule;
        rule.text.push(line);
        rule.body += " ";
        rule.pieces.push({ body: rule.body.length, source: from + (line.length - line.trimStart().length) });
        rule.body += stripComment(line).trim();
      }
      return;
    }
    const head = /^(<[^<>]+>|[A-Za-z][A-Za-z0-9_+-]*)\s*(=\/|=)(.*)$/.exec(line);
    if (!head) {
      problem(`${file}:${lineNo}: expected "name = definition": ${line}`, from);
      current = null;
      return;
    }
    const definition = head[3]!;
    const bodyFrom = from + line.length - definition.length + (definition.length - definition.trimStart().length);
    const name = head[1]!.startsWith("<") ? head[1]!.slice(1, -1) : head[1]!;
    const rule: RawRule = { name, defined: head[2] as "=" | "=/", body: stripComment(definition).trim(), text: [line], line: lineNo, section, core, reading, repairs, offset: from, pieces: [{ body: 0, source: bodyFrom }], ...(predicate !== undefined ? { predicate } : {}) };
    for (const r of repairs) if (!r.seed) problem(`${file}:${lineNo}: @repair on ${rule.name} lacks the document's words (@seed)`, from);
    rules.push(rule);
    current = rule;
    core = false;
    reading = false;
    repairs = [];
    predicate = undefined;
  });
  return { rules, directives, errors, errorOffsets };
}
