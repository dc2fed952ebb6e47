// Reader for the ad-hoc BNF of the 1993 and 1994 URL drafts (draft-1994, "BNF for specific URL
// schemes": "A vertical line "|" indicates alternatives, and [brackets] indicate optional parts.
// Spaces are represented by the word "space", and the vertical line character by "vline". Single
// letters stand for single letters. All words of more than one letter below are entities described
// somewhere in this description."). There is no repetition operator: the drafts recurse
// (`digits = digit [ digits ]`).
//
// File layout (grammar/<spec>/published.<notation> for draft-1993 / draft-1994): the document's own, a rule
// name alone at column 0, its definition on the following indented line(s); a rule with no indented
// line derives the empty string (draft-1994 `void`). Lines starting with ";;" are comments, and
// ";; @section", ";; @repair", ";; @seed", ";; @literals" are the reader directives (as in the other
// published files; ";" alone is a literal character of this notation). A line may end with our own
// comment, " ;; ..." (space, two semicolons: the drafts never write ";;"), e.g. to mark a repaired line.
// ";; @qualify PREFIX NAME ..." (RFC 1630, whose generic section and URL section define 19 names
// twice): up to the next ";; @section", a rule of one of these names, and every reference to one, is
// read as PREFIX + NAME; the document's words stay as they are.
//
// Tokens: "|", "[" and "]" are structure, also when glued to a neighbour (`[/`, `|1`); a bracket
// that is a whole alternative on its own (`... | [ | ] | ...` in draft-1994 `national`) is the
// character. A word of two or more letters, digits and "-" starting with a letter is a rule name,
// except "space" (" ") and "vline" ("|"). Any other single character is that character.
import type { Expr, PublishedRule, ReadProblem, Repair, ReadResult } from "./model";
import { undefinedReferences } from "./model";
import { AMENDS } from "./build-grammar";
import { ExpressionError } from "./parse-expression";

/** A token and its offset in the definition (`at`). */
type Tok = ({ t: "alt" } | { t: "open" } | { t: "close" } | { t: "char"; v: string } | { t: "name"; v: string }) & { at: number };

function tokenize(def: string): Tok[] {
  const out: Tok[] = [];
  for (const m of def.matchAll(/\S+/g)) {
    const word = m[0];
    const at = m.index!;
    if (/^[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]$/.test(word)) {
      if (word === "space") out.push({ t: "char", v: " ", at });
      else if (word === "vline") out.push({ t: "char", v: "|", at });
      else out.push({ t: "name", v: word, at });
      continue;
    }
    // One character, or glued characters (`[/`, `|1`, `]]`): one token each.
    [...word].forEach((c, k) => out.push(c === "|" ? { t: "alt", at: at + k } : c === "[" ? { t: "open", at: at + k } : c === "]" ? { t: "close", at: at + k } : { t: "char", v: c, at: at + k }));
  }
  // A bracket standing alone between alternatives (or at an end) is the character itself.
  return out.map((tok, i) => {
    if (tok.t !== "open" && tok.t !== "close") return tok;
    const before = out[i - 1];
    const after = out[i + 1];
    const alone = (before === undefined || before.t === "alt") && (after === undefined || after.t === "alt");
    return alone ? { t: "char", v: tok.t === "open" ? "[" : "]", at: tok.at } : tok;
  });
}

/** A section's qualified names (";; @qualify"): a name of the set is read with the prefix. */
interface Qualify {
  prefix: string;
  names: ReadonlySet<string>;
}

function qualified(name: string, q: Qualify | null): string {
  return q !== null && q.names.has(name) ? q.prefix + name : name;
}

function parseDefinition(def: string, ignoreCase: boolean, qualify: Qualify | null): Expr {
  const toks = tokenize(def);
  let pos = 0;
  const alternation = (): Expr => {
    const items = [sequence()];
    while (toks[pos]?.t === "alt") { pos++; items.push(sequence()); }
    return items.length === 1 ? items[0] : { type: "alt", items };
  };
  const sequence = (): Expr => {
    const items: Expr[] = [];
    while (pos < toks.length && toks[pos].t !== "alt" && toks[pos].t !== "close") {
      const tok = toks[pos++];
      if (tok.t === "open") {
        const inner = alternation();
        if (toks[pos]?.t !== "close") throw new ExpressionError(`"[" without "]" in: ${def}`, tok.at);
        pos++;
        items.push({ type: "opt", expr: inner });
      } else if (tok.t === "name") items.push({ type: "ref", name: qualified(tok.v, qualify) });
      else if (tok.t === "char") items.push({ type: "lit", text: tok.v, caseInsensitive: ignoreCase && /[A-Za-z]/.test(tok.v) });
    }
    return items.length === 1 ? items[0] : { type: "seq", items };
  };
  const e = alternation();
  if (pos !== toks.length) throw new ExpressionError(`unbalanced "]" in: ${def}`, toks[pos]!.at);
  return e;
}

export function readAdhocBnf(source: string, file: string, spec: string): ReadResult {
  const errors: string[] = [];
  const problems: ReadProblem[] = [];
  const problem = (message: string, offset: number | null, rule: string | null, undefinedName?: string) => {
    errors.push(message);
    problems.push({ message, offset, rule, ...(undefinedName === undefined ? {} : { undefinedName }) });
  };
  const rules: PublishedRule[] = [];
  let section: string | null = null;
  let repairs: Repair[] = [];
  let ignoreCase = false;
  let qualify: Qualify | null = null;
  // `starts`: where each definition line starts in the source (the definition joins them with one space).
  let current: { rule: PublishedRule; def: string[]; starts: number[]; offset: number; qualify: Qualify | null } | null = null;
  const finish = () => {
    if (!current) return;
    try {
      current.rule.expr = parseDefinition(current.def.join(" "), ignoreCase, current.qualify);
    } catch (e) {
      let offset = current.offset;
      if (e instanceof ExpressionError) {
        // The definition's offset back to the source: the line it falls in, and its place there.
        let from = 0;
        for (let k = 0; k < current.def.length; k++) {
          const len = current.def[k]!.length;
          if (e.offset <= from + len || k === current.def.length - 1) {
            offset = current.starts[k]! + Math.min(len, e.offset - from);
            break;
          }
          from += len + 1;
        }
      }
      problem(`${file}:${current.rule.line}: rule ${current.rule.name}: ${(e as Error).message}`, offset, current.rule.name);
    }
    current = null;
  };
  let lineFrom = 0;
  source.split(/\r?\n/).forEach((raw, i) => {
    const lineNo = i + 1;
    const from = lineFrom;
    lineFrom += raw.length + (source.charCodeAt(lineFrom + raw.length) === 13 ? 2 : 1);
    const line = raw.startsWith(";;") ? raw : raw.replace(/\s+;;.*$/, "");
    if (line.startsWith(";;")) {
      const d = /^;;\s*@(\w+)\s*(.*)$/.exec(line);
      if (!d) return;
      const [, key, value] = d;
      if (key === "section") {
        section = value.trim();
        qualify = null;
      } else if (key === "qualify") {
        const [prefix, ...names] = value.trim().split(/\s+/);
        qualify = { prefix, names: new Set(names) };
      }
      else if (key === "literals") ignoreCase = value.trim() === "case-insensitive";
      else if (key === "repair") repairs.push({ repair: value.trim(), seed: "" });
      else if (key === "seed") {
        if (repairs.length === 0) problem(`${file}:${lineNo}: @seed without @repair`, from, null);
        else repairs[repairs.length - 1].seed = value.trim();
      }
      return;
    }
    if (line.trim() === "") return;
    if (/^\s/.test(line)) {
      if (!current) problem(`${file}:${lineNo}: a definition line belongs to no rule name`, from, null);
      else {
        current.def.push(line);
        current.starts.push(from);
        current.rule.text.push(raw);
      }
      return;
    }
    finish();
    const printed = line.trim();
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(printed)) {
      problem(`${file}:${lineNo}: expected a rule name alone on the line, got: ${line}`, from, null);
      return;
    }
    const name = qualified(printed, qualify);
    for (const r of repairs) if (!r.seed) problem(`${file}:${lineNo}: @repair on ${name} lacks the document's words (@seed)`, from, name);
    const rule: PublishedRule = { name, expr: { type: "seq", items: [] }, kind: "published", section, text: [raw], line: lineNo, repairs };
    repairs = [];
    if (rules.some((r) => r.name === name)) problem(`${file}:${lineNo}: ${name} is defined twice`, from, name);
    rules.push(rule);
    current = { rule, def: [], starts: [], offset: from, qualify };
  });
  finish();
  const grammar = { spec, file, notation: "ad-hoc BNF (1993/1994 URL drafts)", namesIgnoreCase: false, rules };
  // An amendment refers to its base's rules: its references are checked once composed (src/published/compose.ts).
  if (!AMENDS.test(source)) for (const u of undefinedReferences(grammar)) problem(`${file}: rule ${u.rule} refers to undefined rule ${u.name}`, null, u.rule, u.name);
  return errors.length > 0 ? { ok: false, errors, problems } : { ok: true, grammar };
}
