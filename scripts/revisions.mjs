// @ts-check
// The revisions of a grammar folder, and each one's grammar as the build compiles it.
//
// A revision is a folder, `grammar/<spec>/` (the folder's name is the revision id), holding its
// `grammar.peggy`. The build finds the revisions here and nowhere else: every list of revisions
// (the registry, the AST types by revision, the entries) is derived from the folders
// (generated/revisions.ts, written by scripts/build-grammars.mjs).
//
// An amending revision's grammar.peggy is a delta (rfc6874 amends rfc3986, rfc2732 amends rfc2396):
//
//   // @amends <base>               (header, once) the revision it amends
//   // @removes <NAME>              (header) a base rule the amendment takes out
//   // @document <NAME>             (header, any revision) how the document is cited, e.g. "RFC 3986":
//                                   a rule an amendment inherits has its section prefixed with it
//   // @replaces                    (above a rule's annotations) the rule replaces the base's rule of
//                                   the same name, in place
//   // @adds [after <NAME>]         (above a rule's annotations) a new rule, after the named base rule
//                                   (or at the end)
//   // @reannotates <NAME>          (a comment block with no rule) AST annotation lines (@ast, @field,
//                                   @components) that replace the base rule's lines of the same key,
//                                   or are added after its last @field
//
// The header's annotation lines (@top-rule, @scheme-productions, @base-rule, @ast-root, @field,
// @components, @ast-host) are the base's, each replaced by the amendment's line of the same key (a @field by its
// name); a new @field line follows the amendment's line before it (restate the field it follows),
// or the base's last one. In every line inherited from the base, the
// base's AST type prefix (its id in PascalCase: rfc3986 -> Rfc3986) becomes the amendment's, so the
// composed grammar declares its own types. composeGrammar() splices it: every tool (the rule
// inventory, the scanner, the AST, peggy's reference parser, the explorer) reads the composed text,
// in which each rule carries `// @origin <file>:<line>`, where it is written (the amendment's file or its base's).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** The file of a revision's grammar inside its folder. */
export const GRAMMAR_FILE = "grammar.peggy";

/**
 * The revision ids of a grammar root: its folders that hold a grammar.peggy, sorted by name (the
 * registry orders them by date at run time, src/revisions/built-in.ts).
 * @param {string} grammarRoot
 * @returns {string[]}
 */
export function revisionIds(grammarRoot) {
  return readdirSync(grammarRoot, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(grammarRoot, d.name, GRAMMAR_FILE)))
    .map((d) => d.name)
    .sort();
}

/**
 * The prefix of a revision's AST type names: its id in PascalCase (`draft-2003` -> `Draft2003`,
 * `rfc3986` -> `Rfc3986`). The generated types are named after it (`Rfc3986Ast`, `Rfc3986Asts`).
 * @param {string} id
 */
export function typePrefix(id) {
  return id.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

/**
 * @typedef {{ kind: "text", lines: string[] }} TextSegment
 * @typedef {{ kind: "rule", name: string, lines: string[], line: number, file: string, doc: string | null }} RuleSegment
 * @typedef {TextSegment | RuleSegment} Segment
 * @typedef {{ id: string, file: string, source: string, base: string | null, rules: number, inherited: number, extras: string | null }} ComposedGrammar
 */

const DEF = /^([A-Za-z_][A-Za-z0-9_]*)\b/;

/**
 * A grammar's text as segments: each rule (the comment lines directly above its definition, the
 * definition and its continuation lines, up to a blank line, a comment at column 0 or the next
 * rule) and the text between rules, a paragraph (or a blank line) a segment, in order. Joining the
 * segments' lines gives the text back.
 * @param {string} source
 * @param {string} file
 * @returns {Segment[]}
 */
export function segments(source, file) {
  const lines = source.split("\n");
  /** @type {Segment[]} */
  const out = [];
  let text = /** @type {string[]} */ ([]);
  let i = 0;
  while (i < lines.length) {
    const def = DEF.exec(lines[i]);
    // A blank line ends a paragraph of text: each is a segment of its own (a @reannotates block).
    if (!def && lines[i].trim() === "") {
      if (text.length > 0) out.push({ kind: "text", lines: text });
      out.push({ kind: "text", lines: [lines[i]] });
      text = [];
      i++;
      continue;
    }
    if (!def) { text.push(lines[i]); i++; continue; }
    // The comment lines directly above belong to the rule.
    let k = text.length;
    while (k > 0 && text[k - 1].startsWith("//")) k--;
    const comments = text.splice(k);
    if (text.length > 0) out.push({ kind: "text", lines: text });
    text = [];
    const body = [lines[i]];
    const line = i + 1;
    i++;
    while (i < lines.length && lines[i].trim() !== "" && !lines[i].startsWith("//") && !DEF.test(lines[i])) body.push(lines[i++]);
    out.push({ kind: "rule", name: def[1], lines: [...comments, ...body], line, file, doc: null });
  }
  if (text.length > 0) out.push({ kind: "text", lines: text });
  return out;
}

/** The key of an annotation line that a later line of the same key replaces, or null. */
function annotationKey(/** @type {string} */ line) {
  let m = /^\/\/ @field\s+([A-Za-z_][\w-]*)/.exec(line);
  if (m) return `field:${m[1]}`;
  m = /^\/\/ @base-rule\s+(\S+)/.exec(line);
  if (m) return `base-rule:${m[1]}`;
  m = /^\/\/ @(top-rule|scheme-productions|ast-root|components|ast-host|ast|document)\b/.exec(line);
  return m ? m[1] : null;
}

/** Header annotation keys an amendment inherits from its base (its @document is its own). */
const INHERITED_HEADER = new Set(["top-rule", "scheme-productions", "ast-root", "components", "ast-host"]);
/** Whether a header annotation key is one an amendment inherits (and may replace). */
const inheritedKey = (/** @type {string | null} */ key) => key !== null && (INHERITED_HEADER.has(key) || key.startsWith("field:") || key.startsWith("base-rule:"));

/**
 * `lines` with the annotation lines of `changes` merged in: a line of `changes` replaces the line
 * of `lines` with its key; a @field line with a new key follows the line of the change before it
 * (so an amendment places a new field by restating the one it follows), or else the last @field
 * line (or the last @ast line); any other new line goes at the end.
 * @param {string[]} lines
 * @param {string[]} changes
 * @param {string} where
 */
function mergeAnnotations(lines, changes, where) {
  const out = [...lines];
  let previous = /** @type {string | null} */ (null);
  for (const change of changes) {
    const key = annotationKey(change);
    if (key === null) continue;
    const at = out.findIndex((l) => annotationKey(l) === key);
    if (at >= 0) out[at] = change;
    else if (key.startsWith("field:")) {
      let after = previous === null ? -1 : out.findIndex((l) => annotationKey(l) === previous);
      if (after < 0) out.forEach((l, k) => { const lk = annotationKey(l); if (lk !== null && (lk.startsWith("field:") || lk === "ast" || lk === "ast-root")) after = k; });
      if (after < 0) throw new Error(`${where}: @field ${key.slice(6)} has no @ast or @ast-root to belong to`);
      out.splice(after + 1, 0, change);
    } else out.push(change);
    previous = key;
  }
  return out;
}

/** The published name of a rule segment (its @rule or @core line), or null. */
function publishedName(/** @type {RuleSegment} */ s) {
  for (const l of s.lines) {
    const m = /^\/\/ @(?:rule|core)\s+(?:"([^"]+)"|(\S+))/.exec(l);
    if (m) return m[1] ?? m[2];
  }
  return null;
}

/** The AST annotation lines of a segment (the ones a type prefix appears in). */
const AST_LINE = /^\/\/ @(ast-root|ast|field|components|ast-host)\b/;

/**
 * A revision's grammar as the build compiles it: the file itself, or, for an amendment
 * (`// @amends BASE`), its base's grammar (composed in turn) with the amendment spliced in.
 * @param {string} grammarRoot the folder of revision folders (grammar/)
 * @param {string} id
 * @param {string} [repoRoot] what file names are relative to (default: grammarRoot's parent)
 * @returns {ComposedGrammar}
 */
export function composeGrammar(grammarRoot, id, repoRoot = join(grammarRoot, "..")) {
  const { segs, header, base } = composedSegments(grammarRoot, id, repoRoot, new Set());
  const file = posix(relative(repoRoot, join(grammarRoot, id, GRAMMAR_FILE)));
  const rules = segs.filter((s) => s.kind === "rule");
  // In an amendment's composed text every rule says where it is written (its own file or its base's).
  const source = [...header, ...segs.flatMap((s) => (s.kind === "rule" && base !== null ? [`// @origin ${s.file}:${s.line}`, ...s.lines] : s.lines))].join("\n");
  return { id, file, source, base, rules: rules.length, inherited: rules.filter((s) => s.kind === "rule" && s.file !== file).length, extras: astExtras(grammarRoot, id) };
}

/**
 * The module of what a revision's grammar cannot state about its AST (`call` fields): its folder's
 * ast.ts, or its base's for an amendment that has none (the calls are in the rules it inherits);
 * without extension, as an import names it. Null when there is none.
 * @param {string} grammarRoot @param {string} id @returns {string | null}
 */
export function astExtras(grammarRoot, id) {
  for (let at = /** @type {string | null} */ (id); at !== null; ) {
    if (existsSync(join(grammarRoot, at, "ast.ts"))) return join(grammarRoot, at, "ast");
    const m = /^\/\/ @amends[ \t]+(\S+)[ \t]*$/m.exec(readFileSync(join(grammarRoot, at, GRAMMAR_FILE), "utf8"));
    at = m ? m[1] : null;
  }
  return null;
}

/** @param {string} p */
function posix(p) {
  return p.split(sep).join("/");
}

/**
 * @param {string} grammarRoot @param {string} id @param {string} repoRoot @param {Set<string>} seen
 * @returns {{ segs: Segment[], header: string[], base: string | null, document: string | null }}
 */
function composedSegments(grammarRoot, id, repoRoot, seen) {
  if (seen.has(id)) throw new Error(`grammar/${id}: @amends goes round in a circle (${[...seen, id].join(" -> ")})`);
  seen.add(id);
  const path = join(grammarRoot, id, GRAMMAR_FILE);
  if (!existsSync(path)) throw new Error(`${posix(relative(repoRoot, path))}: no such revision (an @amends names a folder of ${posix(relative(repoRoot, grammarRoot))}/ with a ${GRAMMAR_FILE})`);
  const file = posix(relative(repoRoot, path));
  const source = readFileSync(path, "utf8");
  const all = segments(source, file);
  // The header: the text before the first rule (but for the comment block directly above it) or
  // the first @reannotates block.
  const firstRule = all.findIndex((s) => s.kind === "rule" || s.lines.some((l) => l.startsWith("// @reannotates")));
  const headerSegs = firstRule < 0 ? all : all.slice(0, firstRule);
  const header = headerSegs.flatMap((s) => s.lines);
  const rest = firstRule < 0 ? [] : all.slice(firstRule);
  const amends = [...source.matchAll(/^\/\/ @amends[ \t]+(\S+)[ \t]*$/gm)].map((m) => m[1]);
  const document = (/^\/\/ @document[ \t]+(.+?)[ \t]*$/m.exec(header.join("\n")) ?? [])[1] ?? null;
  if (amends.length === 0) {
    for (const s of rest) for (const l of s.lines) if (/^\/\/ @(replaces|adds|reannotates|removes|amends)\b/.test(l)) throw new Error(`${file}: "${l}" in a grammar that amends nothing (no // @amends in its header)`);
    return { segs: rest, header, base: null, document };
  }
  if (amends.length > 1) throw new Error(`${file}: more than one @amends`);
  const baseId = amends[0];
  const base = composedSegments(grammarRoot, baseId, repoRoot, seen);
  const from = typePrefix(baseId);
  const to = typePrefix(id);
  const rename = (/** @type {string} */ l) => (AST_LINE.test(l) ? l.replace(new RegExp(`\\b${from}(?=[A-Z])`, "g"), to) : l);
  // A base's own rule is cited in the base's document ("§2" becomes "RFC 6874 §2"), unless its section
  // already names one (rfc6874's IPv6address, "RFC 3986 Appendix A (§3.2.2)", stays RFC 3986's).
  const cite = (/** @type {string} */ l) => (base.document !== null ? l.replace(/^(\/\/ @rule\s+(?:"[^"]+"|\S+)\s+)(?!RFC \d+ )/, `$1${base.document} `) : l);
  // The base's rules, renamed, their sections citing the base where they are the base's own.
  /** @type {Segment[]} */
  const segs = base.segs.map((s) => (s.kind === "rule" ? { ...s, lines: s.lines.map((l) => (s.doc === null ? cite(rename(l)) : rename(l))), doc: s.doc ?? base.document ?? baseId } : s));
  // A rule is named by its peggy name or its published one (`IP-literal`, `IP_literal`).
  const indexOf = (/** @type {string} */ name) => segs.findIndex((s) => s.kind === "rule" && (s.name === name || publishedName(s) === name));
  for (const m of header.join("\n").matchAll(/^\/\/ @removes[ \t]+(?:"([^"\n]+)"|(\S+))[ \t]*$/gm)) {
    const name = m[1] ?? m[2];
    const at = indexOf(name);
    if (at < 0) throw new Error(`${file}: @removes ${name}, which ${baseId} does not have`);
    segs.splice(at, 1);
  }
  for (const s of rest) {
    if (s.kind === "text") {
      const re = s.lines.map((l) => /^\/\/ @reannotates[ \t]+(?:"([^"\n]+)"|(\S+))[ \t]*$/.exec(l)).find((m) => m !== null);
      if (!re) continue;
      const target = re[1] ?? re[2];
      const at = indexOf(target);
      if (at < 0) throw new Error(`${file}: @reannotates ${target}, which ${baseId} does not have`);
      const rule = /** @type {RuleSegment} */ (segs[at]);
      segs[at] = { ...rule, lines: mergeAnnotations(rule.lines, s.lines.filter((l) => AST_LINE.test(l)), `${file}: @reannotates ${target}`) };
      continue;
    }
    const marker = s.lines.map((l) => /^\/\/ @(replaces|adds)(?:[ \t]+after[ \t]+(?:"([^"\n]+)"|(\S+)))?[ \t]*$/.exec(l)).find((m) => m !== null);
    if (!marker) throw new Error(`${file}: rule ${s.name} says neither @replaces nor @adds (an amendment says what each of its rules does to ${baseId})`);
    const own = { ...s, lines: s.lines.filter((l) => !/^\/\/ @(replaces|adds)\b/.test(l)), doc: null };
    const at = indexOf(publishedName(s) ?? s.name);
    if (marker[1] === "replaces") {
      if (at < 0) throw new Error(`${file}: @replaces ${s.name}, which ${baseId} does not have`);
      segs[at] = own;
    } else {
      if (at >= 0) throw new Error(`${file}: @adds ${s.name}, which ${baseId} already has (@replaces it instead)`);
      const anchor = marker[2] ?? marker[3];
      if (anchor === undefined) segs.push({ kind: "text", lines: [""] }, own);
      else {
        const after = indexOf(anchor);
        if (after < 0) throw new Error(`${file}: @adds ${s.name} after ${anchor}, which ${baseId} does not have`);
        segs.splice(after + 1, 0, { kind: "text", lines: [""] }, own);
      }
    }
  }
  // The header: the amendment's own prose and annotations, then the base's inherited annotations
  // with the amendment's replacements and additions.
  const own = header.filter((l) => !inheritedKey(annotationKey(l)));
  const inherited = base.header.filter((l) => inheritedKey(annotationKey(l))).map(rename);
  const changes = header.filter((l) => inheritedKey(annotationKey(l)));
  while (own.length > 0 && own[own.length - 1].trim() === "") own.pop();
  const composedHeader = [...own, "//", `// Composed by the build from ${baseId}'s grammar and this amendment (scripts/revisions.mjs): the header's annotations.`, ...mergeAnnotations(inherited, changes, `${file} (header)`), ""];
  return { segs, header: composedHeader, base: baseId, document };
}
