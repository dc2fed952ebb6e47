// The grammar model every notation reader produces, and the recognizer and generator consume.
// Data flow: grammar/<spec>/published.<notation>  --reader-->  PublishedGrammar  -->  earley.ts (accept?)
//                                                                          -->  generate.ts (strings)
// The model is deliberately small: what RFC 822-style BNF, RFC 2234 ABNF and the 1993/1994 ad-hoc
// BNF can say, and nothing a PEG adds (no ordered choice, no lookahead).

/** One grammar expression. Semantics are context-free: `alt` is unordered, `rep` may give back. */
export type Expr =
  /** Each item in turn (an empty sequence matches the empty string). */
  | { type: "seq"; items: Expr[] }
  /** Any one of the items (unordered; more than one may match). */
  | { type: "alt"; items: Expr[] }
  /** `[ x ]`: x or nothing. */
  | { type: "opt"; expr: Expr }
  /** `n*m x`: at least `min`, at most `max` (null: unbounded) repetitions of x. */
  | { type: "rep"; min: number; max: number | null; expr: Expr }
  /** A quoted literal. `caseInsensitive`: ABNF quoted strings (RFC 2234 §2.3) match either case. */
  | { type: "lit"; text: string; caseInsensitive: boolean }
  /** One character from a set of inclusive code-point ranges (ABNF %x41-5A, prose such as "00-1F"). */
  | { type: "chars"; ranges: [number, number][] }
  /** A rule reference, by the name as written (the grammar says whether names ignore case). */
  | { type: "ref"; name: string };

/** A deliberate repair of garbled published text, with the document's own words. */
export interface Repair {
  repair: string;
  seed: string;
}

export interface PublishedRule {
  /** The name as the document writes it. */
  name: string;
  expr: Expr;
  /**
   * `published`: the document's rule; `core`: imported by its notation (RFC 2234 core rules);
   * `reading`: a rule of the project's reading of prose (`; @reading`, a set difference spelled as
   * its complement ...), not a production of the document, which the PEG need not transcribe.
   */
  kind: "published" | "core" | "reading";
  /** Where the document defines it (from the file's `; @section` directive). */
  section: string | null;
  /** The rule's lines as they stand in the published-grammar file (comments included). */
  text: string[];
  /** 1-based line of the rule in the published-grammar file. */
  line: number;
  /** The file the rule is written in when it is not the grammar's own: a rule an amendment inherits from its base's file (src/published/compose.ts). */
  file?: string;
  repairs: Repair[];
  /**
   * The revision's predicate that decides this rule's matches (`; @predicate NAME`, Revision.predicates):
   * the rule is read as its syntactic superset, and a match counts only when the predicate accepts
   * its span (earley.ts checks each completion), as validate() checks each match of the PEG's rule.
   */
  predicate?: string;
}

export interface PublishedGrammar {
  spec: string;
  /** The file it was read from, relative to the repository (grammar/draft-2003/published.abnf). */
  file: string;
  /** How the document is cited (the file's `@document`, "RFC 3986"), which the sections of the rules an amendment inherits are prefixed with. */
  document?: string;
  notation: string;
  /** RFC 2234 §2.1: rule names are case-insensitive; RFC 822-style BNF: we match names exactly. */
  namesIgnoreCase: boolean;
  /** In document order. */
  rules: PublishedRule[];
}

/** One problem a reader found, and where (the grammar sandbox shows it at its place in an edit: src/published/edit.ts). */
export interface ReadProblem {
  /** The message, as in `errors`. */
  message: string;
  /** Where in the source it is (UTF-16 offset), or null when it has no one place. */
  offset: number | null;
  /** The rule it is in (as written), when there is one. */
  rule: string | null;
  /** A reference to a rule the grammar does not define: that name. */
  undefinedName?: string;
}

/** `problems`: the errors with their places, in the same order (a reader that knows them gives them). */
export type ReadResult = { ok: true; grammar: PublishedGrammar } | { ok: false; errors: string[]; problems?: ReadProblem[] };

/** Finds a rule by name, honouring the notation's rule-name case rule. */
export function findPublishedRule(g: PublishedGrammar, name: string): PublishedRule | undefined {
  const exact = g.rules.find((r) => r.name === name);
  if (exact || !g.namesIgnoreCase) return exact;
  const lower = name.toLowerCase();
  return g.rules.find((r) => r.name.toLowerCase() === lower);
}

/** Every rule name an expression refers to (in order of appearance, without duplicates). */
export function referencedNames(e: Expr, out: string[] = []): string[] {
  switch (e.type) {
    case "seq":
    case "alt":
      for (const x of e.items) referencedNames(x, out);
      break;
    case "opt":
    case "rep":
      referencedNames(e.expr, out);
      break;
    case "ref":
      if (!out.includes(e.name)) out.push(e.name);
      break;
    default:
      break;
  }
  return out;
}

/** References to rules the grammar does not define (a reader or transcription mistake). */
export function undefinedReferences(g: PublishedGrammar): { rule: string; name: string }[] {
  const out: { rule: string; name: string }[] = [];
  for (const r of g.rules) for (const n of referencedNames(r.expr)) if (!findPublishedRule(g, n)) out.push({ rule: r.name, name: n });
  return out;
}

/** Readable rendering of an expression (used in messages and tests). */
export function showExpr(e: Expr): string {
  switch (e.type) {
    case "seq":
      return e.items.length === 0 ? "\"\"" : e.items.map((x) => (x.type === "alt" ? `( ${showExpr(x)} )` : showExpr(x))).join(" ");
    case "alt":
      return e.items.map(showExpr).join(" / ");
    case "opt":
      return `[ ${showExpr(e.expr)} ]`;
    case "rep": {
      const inner = e.expr.type === "seq" || e.expr.type === "alt" ? `( ${showExpr(e.expr)} )` : showExpr(e.expr);
      if (e.max === e.min) return `${e.min}${inner}`;
      return `${e.min === 0 ? "" : e.min}*${e.max ?? ""}${inner}`;
    }
    case "lit":
      return `${e.caseInsensitive || !/[A-Za-z]/.test(e.text) ? "" : "%s"}${JSON.stringify(e.text)}`;
    case "chars":
      return `%x${e.ranges.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b)}`)).join("/")}`;
    case "ref":
      return e.name;
  }
}

function hex(n: number): string {
  return n.toString(16).toUpperCase().padStart(2, "0");
}
