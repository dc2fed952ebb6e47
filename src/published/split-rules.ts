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
  /** The revision's predicate that decides the rule's matches (`; @predicate NAME`), if any. */
  predicate?: string;
}

export interface SplitResult {
  rules: RawRule[];
  directives: Map<string, string>;
  errors: string[];
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
  let section: string | null = null;
  let core = false;
  let reading = false;
  let repairs: Repair[] = [];
  let predicate: string | undefined;
  let current: RawRule | null = null;
  const lines = source.split(/\r?\n/);
  lines.forEach((line, i) => {
    const lineNo = i + 1;
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
        if (!last) errors.push(`${file}:${lineNo}: @seed without @repair`);
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
      if (!current) errors.push(`${file}:${lineNo}: an indented line continues no rule: ${line.trim()}`);
      else {
        (current as RawRule).text.push(line);
        (current as RawRule).body += " " + stripComment(line).trim();
      }
      return;
    }
    const head = /^(<[^<>]+>|[A-Za-z][A-Za-z0-9_+-]*)\s*(=\/|=)(.*)$/.exec(line);
    if (!head) {
      errors.push(`${file}:${lineNo}: expected "name = definition": ${line}`);
      current = null;
      return;
    }
    const name = head[1].startsWith("<") ? head[1].slice(1, -1) : head[1];
    const rule: RawRule = { name, defined: head[2] as "=" | "=/", body: stripComment(head[3]).trim(), text: [line], line: lineNo, section, core, reading, repairs, ...(predicate !== undefined ? { predicate } : {}) };
    for (const r of repairs) if (!r.seed) errors.push(`${file}:${lineNo}: @repair on ${rule.name} lacks the document's words (@seed)`);
    rules.push(rule);
    current = rule;
    core = false;
    reading = false;
    repairs = [];
    predicate = undefined;
  });
  return { rules, directives, errors };
}
