// Reads a grammar's AST annotations: what each rule match the AST holds is, where it goes, and its
// type. They sit in the grammar file beside @rule, @peg and @repair:
//
//   // @ast-root Draft2003Ast whole URI-reference absolute-URI   (header) the AST itself: a record
//                                                                  whose scope is the start rule's
//                                                                  match; `whole` lists the start
//                                                                  rules that derive a whole reference
//   // @ast Draft2003Authority                                   (above a rule) a match of this rule
//                                                                  is a record of this type
//   // @field NAME [(FLAG)]: EXPRESSION                          a field of the record above, in order
//   // @ast-host SHAPE | SHAPE | "default"                        (header) how a host is classified
//
// A rule is named by its published name (between single quotes when it holds spaces: 'valid URL
// string'). In a field, a rule stands for its first match inside the
// record's match (depth first, the match itself included), so `text scheme` is the scheme's text,
// or null when the record's match holds no scheme; `^R` is a match of R that the record's own rule
// calls (not one inside another rule it calls). Several rules separated by "|" are tried in turn.
// `@ast TYPE nospan`: the record has no text and span of its own; `@ast TYPE after F`: its text
// and span come after its field F (by default, first). An `@ast TYPE` without @field
// lines above another rule: that rule's match is the same record. Several `@ast TYPE when R` blocks
// above one rule: its match is the first whose R matches inside it (the last may have no `when`).
// A span (P .. P) whose end comes before its start is no span (null).
// EXPRESSION (the value of the field, and so its type):
//   text R | ...                      a TextComponent (text and span)
//   text (P .. P)                     the text between two positions (null when one does not exist or
//                                     the end comes before the start); `(P .. P)!`: the grammar
//                                     always has it (the builder does not test it)
//   port R                            a Port: text, span and its number
//   number R | (P .. P)               a TextComponent with its decimal number
//   host R | ...                      a Host, classified by @ast-host: the first shape whose rule
//                                     matches inside it (its `address` the text of the shape's address rule)
//   record [TYPE =] R | ...           the record R's @ast declares (a union when several, named TYPE)
//   path TYPE = R "form" MODE | ... [; else empty "form" at P | P ...]
//                                     a path: text, span, the form (which rule), the segments (MODE:
//                                     split, split-after-slash, split-nonempty, none); when no rule
//                                     matches and the field is always present, an empty path at the
//                                     first position that exists
//   pick [TYPE =] R "word" | ... | "default"
//                                     the word of the first rule that matches (the default otherwise);
//                                     TYPE names the union of the words
//   const "word"                      a constant
//   call NAME(ARG, ...) as TYPE       hand-written: grammar/<spec>/ast.ts exports NAME; each ARG a rule
//                                     (its match's span or null), a position (-1 when it does not
//                                     exist), @FIELD (a field computed before it), a number, `whole` (whether
//                                     the start rule derives a whole reference) or `is R` (whether
//                                     the start rule is R); NAME is called with (input, scope, ...args)
// A position P: `start`, `end` (of the record's match), R.start, R.end, with + or - a number.
// A field whose name starts with "_" is computed for the fields after it (an @argument) and is not
// part of the AST.
// FLAG: `whole` (only for the start rules `whole` lists), `partial` (only for the others), `only R ...` (only for these start rules),
// `unless R | ...` (only when none of them matches: a field that their own record holds instead).
//
// The root's fields are present in the AST of a start rule that can reach one of their rules: for a
// `whole` rule always (null when absent), for others only when found. A record's fields are always
// present (null when absent). The build derives the types from the same facts (scripts/ast/).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const peggy = require("peggy");

const fieldParser = peggy.generate(String.raw`
Field = name:Ident _ flag:Flag? _ ":" _ expr:Expr _ { return { name, flag, expr }; }
Flag = "(" _ f:(Whole / Partial / Only / Unless) _ ")" { return f; }
Whole = "whole" { return { kind: "whole" }; }
Partial = "partial" { return { kind: "partial" }; }
Only = "only" rules:(__ r:Rule { return r; })+ { return { kind: "only", rules }; }
Unless = "unless" __ head:Rule tail:(_ "|" _ r:Rule { return r; })* { return { kind: "unless", rules: [head, ...tail] }; }

Expr = Text / Port / Number / Host / Record / Path / Pick / Const / Call
Text = "text" __ sources:Sources { return { kind: "text", sources }; }
Port = "port" __ sources:Sources { return { kind: "port", sources }; }
Number = "number" __ sources:Sources { return { kind: "number", sources }; }
Host = "host" __ sources:Sources { return { kind: "host", sources }; }
Record = "record" __ name:(n:Ident _ "=" _ { return n; })? sources:Sources { return { kind: "record", name, sources }; }
Sources = head:Source tail:(_ "|" _ s:Source { return s; })* { return [head, ...tail]; }
Source = SpanSource / rule:Ref { return { kind: "rule", rule }; }
SpanSource = "(" _ from:Pos _ ".." _ to:Pos _ ")" always:"!"? { return { kind: "span", from, to, always: always !== null }; }
Pos = head:PosOne tail:(_ "|" _ p:PosOne { return p; })* { return [head, ...tail]; }
PosOne = at:PosAtom offset:(_ sign:[+-] _ n:Int { return sign === "-" ? -n : n; })? { return { ...at, offset: offset ?? 0 }; }
PosAtom = "start" !NameChar { return { at: "start" }; }
  / "end" !NameChar { return { at: "end" }; }
  / rule:Ref "." side:("start" / "end") { return { at: side, rule }; }
Path = "path" __ type:Ident _ "=" _ head:PathAlt tail:(_ "|" _ a:PathAlt { return a; })* empty:PathEmpty?
  { return { kind: "path", type, alternatives: [head, ...tail], empty }; }
PathAlt = rule:Rule form:(__ f:Word { return f; })? __ mode:Mode { return { rule, form, mode }; }
Mode = "split-after-slash" / "split-nonempty" / "split" / "none"
PathEmpty = _ ";" _ "else" __ "empty" form:(__ f:Word { return f; })? __ "at" __ at:Pos { return { form, at }; }
Pick = "pick" __ name:(n:Ident _ "=" _ { return n; })? head:PickAlt tail:(_ "|" _ a:PickAlt { return a; })* { return { kind: "pick", name, alternatives: [head, ...tail] }; }
PickAlt = rule:Rule __ word:Word { return { rule, word }; } / word:Word { return { rule: null, word }; }
Const = "const" __ word:Word { return { kind: "const", word }; }
Call = "call" __ fn:Ident _ "(" _ args:Args _ ")" __ "as" __ type:TypeText { return { kind: "call", fn, args, type }; }
Args = head:Arg tail:(_ "," _ a:Arg { return a; })* { return [head, ...tail]; } / "" { return []; }
Arg = "@" name:Ident { return { kind: "field", name }; }
  / n:Int !NameChar { return { kind: "number", value: n }; }
  / "whole" !NameChar { return { kind: "whole" }; }
  / "is" __ rule:Rule { return { kind: "is", rule }; }
  / pos:Pos { return { kind: "pos", pos }; }
  / rule:Ref { return { kind: "rule", rule }; }
TypeText = $[^\n]+

Ref = caret:"^"? rule:Rule { return (caret ?? "") + rule; }
Rule = $(NameStart NameChar*) / "'" name:$[^'\n]+ "'" { return name; }
NameStart = [A-Za-z]
NameChar = [A-Za-z0-9_+-]
Ident = $([A-Za-z_][A-Za-z0-9_]*)
Word = '"' w:$[^"]* '"' { return w; }
Int = d:$[0-9]+ { return Number(d); }
_ = [ \t]*
__ = [ \t]+
`);

// @components: where a reference's components are in the AST (read by the components reader, which
// format() also runs on an AST it is given): KEY=VALUE for scheme, authority, host, query, fragment
// and span (the reference's own span; default the record's), VALUE a field path (`authority.host`),
// `.` (the record itself), or a span between field positions (`(scheme.end + 3 .. port.end |
// host.end)`); `from PATH`: the keys not given here are those of the record at PATH.
const componentsParser = peggy.generate(String.raw`
Items = head:Item tail:(__ i:Item { return i; })* _ { return [head, ...tail]; }
Item = "from" __ path:Path { return { key: "from", value: { kind: "path", path } }; }
  / key:Key "=" value:Value { return { key, value }; }
Key = "scheme" / "authority" / "host" / "query" / "fragment" / "span"
Value = "." !Char { return { kind: "self" }; }
  / "(" _ from:Pos _ ".." _ to:Pos _ ")" { return { kind: "span", from, to }; }
  / path:Path { return { kind: "path", path }; }
Pos = head:PosOne tail:(_ "|" _ p:PosOne { return p; })* { return [head, ...tail]; }
PosOne = path:Path "." side:("start" / "end") offset:(_ sign:[+-] _ n:Int { return sign === "-" ? -n : n; })? { return { path, side, offset: offset ?? 0 }; }
Path = head:Name tail:("." !("start" !Char / "end" !Char) n:Name { return n; })* { return [head, ...tail]; }
Name = $([A-Za-z_][A-Za-z0-9_]*)
Char = [A-Za-z0-9_]
Int = d:$[0-9]+ { return Number(d); }
_ = [ \t]*
__ = [ \t]+
`);

const hostParser = peggy.generate(String.raw`
Shapes = head:Shape tail:(_ "|" _ s:Shape { return s; })* _ { return [head, ...tail]; }
Shape = rule:Rule __ kind:Word address:(__ "address" __ r:Rule { return r; })? { return { rule, kind, address: address ?? null }; }
  / kind:Word { return { rule: null, kind, address: null }; }
Rule = $([A-Za-z][A-Za-z0-9_+-]*) / "'" name:$[^'\n]+ "'" { return name; }
Word = '"' w:$[^"]* '"' { return w; }
_ = [ \t]*
__ = [ \t]+
`);

/** The rule names of a list: words, or names with spaces between single quotes (`'valid URL string'`). */
function ruleList(text) {
  return (text.match(/'[^'\n]+'|\S+/g) ?? []).map((n) => (n.startsWith("'") ? n.slice(1, -1) : n));
}

/**
 * Reads the AST annotations of a grammar source. Returns { root, records: Map pegName -> record,
 * hostShapes }, where a record is { type, fields: [{ name, flag, expr }] } and the root also has
 * `whole` (published names).
 */
export function readAstAnnotations(source, file) {
  const lines = source.split("\n");
  let root = null;
  let hostShapes = null;
  const records = new Map();
  let current = null; // the record @field lines add to
  let pendingRecord = null; // an @ast block waiting for its rule
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const where = `${file}:${i + 1}`;
    if (!line.startsWith("//")) {
      const def = /^([A-Za-z_][A-Za-z0-9_]*)\b/.exec(line);
      if (def && pendingRecord) {
        if (records.has(def[1])) throw new Error(`${where}: a second @ast for rule ${def[1]}`);
        records.set(def[1], pendingRecord);
      }
      if (def || line.trim() === "") pendingRecord = null;
      if (def) current = null;
      continue;
    }
    const body = line.replace(/^\/\/ ?/, "");
    let m;
    if ((m = /^@ast-root\s+(\w+)(?:\s+whole\s+(.+))?$/.exec(body))) {
      if (root) throw new Error(`${where}: a second @ast-root`);
      root = current = { type: m[1], whole: m[2] ? ruleList(m[2].trim()) : [], fields: [], where };
    } else if ((m = /^@ast\s+(\w+)(\s+nospan)?(?:\s+after\s+(\w+))?(?:\s+when\s+(\S+))?\s*$/.exec(body))) {
      const record = { type: m[1], nospan: Boolean(m[2]), spanAfter: m[3] ?? null, when: m[4] ?? null, fields: [], where };
      if (pendingRecord) (pendingRecord.variants ??= [pendingRecord]).push(record);
      else pendingRecord = record;
      current = record;
    } else if ((m = /^@field\s+(.*)$/.exec(body))) {
      if (!current) throw new Error(`${where}: @field outside an @ast or @ast-root block`);
      try {
        current.fields.push({ ...fieldParser.parse(m[1]), where });
      } catch (e) {
        throw new Error(`${where}: cannot read the field "${m[1]}": ${e.message}`);
      }
    } else if ((m = /^@components\s+(.*)$/.exec(body))) {
      if (!current) throw new Error(`${where}: @components outside an @ast or @ast-root block`);
      try {
        current.components = new Map(componentsParser.parse(m[1]).map((x) => [x.key, x.value]));
      } catch (e) {
        throw new Error(`${where}: cannot read the components "${m[1]}": ${e.message}`);
      }
    } else if ((m = /^@ast-host\s+(.*)$/.exec(body))) {
      if (hostShapes) throw new Error(`${where}: a second @ast-host`);
      try {
        hostShapes = hostParser.parse(m[1]);
      } catch (e) {
        throw new Error(`${where}: cannot read the host shapes "${m[1]}": ${e.message}`);
      }
    }
  }
  // An @ast with no @field of its own is the record of the same type declared above another rule.
  for (const [peg, r] of records) {
    if (r.fields.length > 0 || r.variants) continue;
    const full = [...records.values()].find((x) => x.type === r.type && x.fields.length > 0);
    if (!full) throw new Error(`${r.where}: @ast ${r.type} has no fields, and no other rule declares them`);
    records.set(peg, full);
  }
  return { root, records, hostShapes };
}
