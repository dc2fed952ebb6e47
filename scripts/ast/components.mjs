// The components reader of a revision, from its @components annotations (scripts/ast/read-ast.mjs):
// where the scheme, the authority and its host, the query and the fragment of a whole reference are
// in the revision's AST. The reader reads an AST object (format() reads ASTs it is given, perhaps
// edited), so the annotations name AST fields, not rules; src/ast/components.ts lays the pieces out
// (the userinfo, port and path follow from the spans). The same annotations say which fields a
// `components()` call needs, so that it builds only those (the "lean" builders, plan-ast.mjs).

/** The records a record-valued field can hold: [declaration] (variants included). */
function recordsOfField(spec, decl, name, pegOf) {
  const field = decl.fields.find((f) => f.name === name);
  if (!field || field.expr.kind !== "record") return [];
  return field.expr.sources.flatMap((s) => {
    const r = spec.records.get(pegOf(s.rule.replace(/^\^/, "")));
    return r ? r.variants ?? [r] : [];
  });
}

/** The declarations whose components a root delegates to (`from PATH`), or [root] itself. */
function delegates(spec, pegOf) {
  const from = spec.root.components?.get("from");
  if (!from) return [spec.root];
  let decls = [spec.root];
  for (const name of from.path) decls = [...new Set(decls.flatMap((d) => recordsOfField(spec, d, name, pegOf)))];
  return decls;
}

/**
 * The fields a components() call needs, per record type ("#root" for the root): the fields the
 * @components paths read, the constant fields (they tell record types apart), and the fields
 * those need (@arguments of calls).
 */
export function componentFields(spec, pegOf) {
  const keep = new Map();
  const need = (decl, path) => {
    const key = decl === spec.root ? "#root" : decl.type;
    if (!keep.has(key)) keep.set(key, new Set(decl.fields.filter((f) => f.expr.kind === "const").map((f) => f.name)));
    if (path.length === 0) return;
    keep.get(key).add(path[0]);
    for (const r of recordsOfField(spec, decl, path[0], pegOf)) need(r, path.slice(1));
  };
  const paths = (decl) => {
    for (const [k, v] of decl.components ?? []) {
      if (k === "from") continue;
      if (v.kind === "path") need(decl, v.path);
      if (v.kind === "span") for (const p of [...v.from, ...v.to]) need(decl, p.path);
      if (v.kind === "self") need(decl, []);
    }
  };
  if (!spec.root.components) return null;
  need(spec.root, spec.root.components.get("from")?.path ?? []);
  paths(spec.root);
  for (const d of delegates(spec, pegOf)) if (d !== spec.root) (need(d, []), paths(d));
  // Fields the kept calls read.
  for (const [key, names] of keep) {
    const decls = key === "#root" ? [spec.root] : [...spec.records.values()].flatMap((r) => r.variants ?? [r]).filter((d) => d.type === key);
    for (const d of decls) {
      for (let changed = true; changed; ) {
        changed = false;
        for (const f of d.fields) {
          if (!names.has(f.name) || f.expr.kind !== "call") continue;
          for (const a of f.expr.args) if (a.kind === "field" && !names.has(a.name)) (names.add(a.name), (changed = true));
        }
      }
    }
  }
  return keep;
}

/**
 * The code of the revision's reader: `readComponents(ast)`; with `name`, a copy of it named so for
 * the ASTs of one start rule, without the test of the rule (emit-ast.mjs, ownReader, says which
 * rules): components()' lean builder of that rule calls its own copy, whose property reads see one
 * shape of root and records, not every rule's.
 */
export function readerCode(spec, pegOf, wholeNames, name = null) {
  const root = spec.root;
  if (!root.components) return null;
  const at = (o, path) => path.reduce((x, n) => `${x}?.${n}`, o);
  const position = (o, alts) => {
    let code = "-1";
    for (let k = alts.length - 1; k >= 0; k--) {
      const p = alts[k];
      const v = `${at(o, p.path)}?.span.${p.side}`;
      code = `(${v} !== undefined ? ${v}${p.offset ? ` + ${p.offset}` : ""} : ${code})`;
    }
    return code;
  };
  // The pieces of a reference from record `o` (its declaration `d`), the root's own items first.
  // A span (the reference's, the authority's) is passed as its two positions (-1: absent), so that
  // reading one makes no object.
  const pieces = (o, d) => {
    const item = (key) => root.components.get(key) ?? d.components?.get(key);
    const owner = (key) => (root.components.has(key) ? "ast" : o);
    const value = (key) => {
      const v = item(key);
      if (!v) return "null";
      if (v.kind === "self") return owner(key);
      if (v.kind === "path") return `(${at(owner(key), v.path)} ?? null)`;
      throw new Error(`components: ${key} is a span of positions, which componentsFromPieces reads as a piece`);
    };
    const positions = (key) => {
      const v = item(key);
      if (!v) return "-1, -1";
      if (v.kind === "self") return `${owner(key)}.span.start, ${owner(key)}.span.end`;
      if (v.kind === "path") return `(${at(owner(key), v.path)}?.span.start ?? -1), (${at(owner(key), v.path)}?.span.end ?? -1)`;
      return `${position(owner(key), v.from)}, ${position(owner(key), v.to)}`;
    };
    const span = item("span") ? positions("span") : `${o}.span.start, ${o}.span.end`;
    const authority = item("authority") ? `${positions("authority")}, ${value("host")}` : "-1, -1, null";
    return `componentsFromPieces(ast.text, ast.span.start, ${span}, ${value("scheme")}, ${authority}, ${value("query")}, ${value("fragment")})`;
  };
  const lines = [];
  const from = root.components.get("from");
  if (!from) {
    if (wholeNames.length > 0 && name === null) lines.push(`  const rule = ast.rule;`, `  if (${wholeNames.map((n) => `rule !== ${JSON.stringify(n)}`).join(" && ")}) return null;`);
    lines.push(`  return ${pieces("ast", root)};`);
  } else {
    lines.push(`  const o = ${at("ast", from.path)};`, `  if (o === undefined || o === null) return null;`);
    // The record's type, by its constant fields.
    for (const d of delegates(spec, pegOf)) {
      const consts = d.fields.filter((f) => f.expr.kind === "const");
      const test = consts.length > 0 ? consts.map((f) => `o.${f.name} === ${JSON.stringify(f.expr.word)}`).join(" && ") : "true";
      lines.push(`  if (${test}) return ${pieces("o", d)};`);
    }
    lines.push(`  return null;`);
  }
  if (name !== null) return `/** readComponents() for the lean ASTs of one start rule. */
function ${name}(ast: any): ReadComponents | null {
${lines.join("\n")}
}`;
  return `/** The components of a whole reference in this revision's AST (its @components annotations); null for an AST of a smaller rule. */
export function readComponents(ast: any): ReadComponents | null {
${lines.join("\n")}
}`;
}
