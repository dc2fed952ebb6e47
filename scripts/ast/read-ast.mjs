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
// A rule is named by its published name. In a field, a rule stands for its first match inside the
// record's match (depth first, the match itself included), so `text scheme` is the scheme's text,
// or null when the record's match holds no scheme. Several rules separated by "|" are tried in turn.
// EXPRESSION (the value of the field, and so its type):
//   text R | ...                      a TextComponent (text and span)
//   text (P .. P)                     the text between two positions
//   port R                            a Port: text, span and its number
//   number R | (P .. P)               a TextComponent with its decimal number
//   host R | ...                      a Host, classified by @ast-host: the first shape whose rule
//                                     matches inside it (its `address` the text of the shape's address rule)
//   record R | ...                    the record R's @ast declares (a union when several)
//   path TYPE = R "form" MODE | ... [; else empty "form" at P | P ...]
//                                     a path: text, span, the form (which rule), the segments (MODE:
//                                     split, split-after-slash, split-nonempty, none); when no rule
//                                     matches and the field is always present, an empty path at the
//                                     first position that exists
//   pick R "word" | ... | "default"   the word of the first rule that matches (the default otherwise)
//   const "word"                      a constant
//   call NAME(ARG, ...) as TYPE       hand-written: src/ast/<spec>.ts exports NAME; each ARG a rule
//                                     (its match's span or null), a position, or @FIELD (a field
//                                     computed before it); NAME is called with (input, scope, ...args)
// A position P: `start`, `end` (of the record's match), R.start, R.end, with + or - a number.
// FLAG: `whole` (only for the start rules `whole` lists), `only R ...` (only for these start rules),
// `unless R` (only when R does not match: a field that R's own record holds instead).
//
// The root's fields are present in the AST of a start rule that can reach one of their rules: for a
// `whole` rule always (null when absent), for others only when found. A record's fields are always
// present (null when absent). The build derives the types from the same facts (scripts/ast/).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const peggy = require("peggy");

const fieldParser = peggy.generate(String.raw`
Field = name:Ident _ flag:Flag? _ ":" _ expr:Expr _ { return { name, flag, expr }; }
Flag = "(" _ f:(Whole / Only / Unless) _ ")" { return f; }
Whole = "whole" { return { kind: "whole" }; }
Only = "only" rules:(__ r:Rule { return r; })+ { return { kind: "only", rules }; }
Unless = "unless" __ rule:Rule { return { kind: "unless", rule }; }

Expr = Text / Port / Number / Host / Record / Path / Pick / Const / Call
Text = "text" __ sources:Sources { return { kind: "text", sources }; }
Port = "port" __ sources:Sources { return { kind: "port", sources }; }
Number = "number" __ sources:Sources { return { kind: "number", sources }; }
Host = "host" __ sources:Sources { return { kind: "host", sources }; }
Record = "record" __ sources:Sources { return { kind: "record", sources }; }
Sources = head:Source tail:(_ "|" _ s:Source { return s; })* { return [head, ...tail]; }
Source = SpanSource / rule:Rule { return { kind: "rule", rule }; }
SpanSource = "(" _ from:Pos _ ".." _ to:Pos _ ")" { return { kind: "span", from, to }; }
Pos = head:PosOne tail:(_ "|" _ p:PosOne { return p; })* { return [head, ...tail]; }
PosOne = at:PosAtom offset:(_ sign:[+-] _ n:Int { return sign === "-" ? -n : n; })? { return { ...at, offset: offset ?? 0 }; }
PosAtom = "start" !NameChar { return { at: "start" }; }
  / "end" !NameChar { return { at: "end" }; }
  / rule:Rule "." side:("start" / "end") { return { at: side, rule }; }
Path = "path" __ type:Ident _ "=" _ head:PathAlt tail:(_ "|" _ a:PathAlt { return a; })* empty:PathEmpty?
  { return { kind: "path", type, alternatives: [head, ...tail], empty }; }
PathAlt = rule:Rule form:(__ f:Word { return f; })? __ mode:Mode { return { rule, form, mode }; }
Mode = "split-after-slash" / "split-nonempty" / "split" / "none"
PathEmpty = _ ";" _ "else" __ "empty" form:(__ f:Word { return f; })? __ "at" __ at:Pos { return { form, at }; }
Pick = "pick" __ head:PickAlt tail:(_ "|" _ a:PickAlt { return a; })* { return { kind: "pick", alternatives: [head, ...tail] }; }
PickAlt = rule:Rule __ word:Word { return { rule, word }; } / word:Word { return { rule: null, word }; }
Const = "const" __ word:Word { return { kind: "const", word }; }
Call = "call" __ fn:Ident _ "(" _ args:Args _ ")" __ "as" __ type:TypeText { return { kind: "call", fn, args, type }; }
Args = head:Arg tail:(_ "," _ a:Arg { return a; })* { return [head, ...tail]; } / "" { return []; }
Arg = "@" name:Ident { return { kind: "field", name }; }
  / pos:Pos { return { kind: "pos", pos }; }
  / rule:Rule { return { kind: "rule", rule }; }
TypeText = $[^\n]+

Rule = $(NameStart NameChar*)
NameStart = [A-Za-z]
NameChar = [A-Za-z0-9_+-]
Ident = $([A-Za-z_][A-Za-z0-9_]*)
Word = '"' w:$[^"]* '"' { return w; }
Int = d:$[0-9]+ { return Number(d); }
_ = [ \t]*
__ = [ \t]+
`);

const hostParser = peggy.generate(String.raw`
Shapes = head:Shape tail:(_ "|" _ s:Shape { return s; })* _ { return [head, ...tail]; }
Shape = rule:Rule __ kind:Word address:(__ "address" __ r:Rule { return r; })? { return { rule, kind, address: address ?? null }; }
  / kind:Word { return { rule: null, kind, address: null }; }
Rule = $([A-Za-z][A-Za-z0-9_+-]*)
Word = '"' w:$[^"]* '"' { return w; }
_ = [ \t]*
__ = [ \t]+
`);

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
      root = current = { type: m[1], whole: m[2] ? m[2].trim().split(/\s+/) : [], fields: [], where };
    } else if ((m = /^@ast\s+(\w+)\s*$/.exec(body))) {
      pendingRecord = current = { type: m[1], fields: [], where };
    } else if ((m = /^@field\s+(.*)$/.exec(body))) {
      if (!current) throw new Error(`${where}: @field outside an @ast or @ast-root block`);
      try {
        current.fields.push({ ...fieldParser.parse(m[1]), where });
      } catch (e) {
        throw new Error(`${where}: cannot read the field "${m[1]}": ${e.message}`);
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
  return { root, records, hostShapes };
}
