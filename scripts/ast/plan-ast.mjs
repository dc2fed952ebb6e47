// From a grammar's AST annotations (scripts/ast/read-ast.mjs) to, per start rule: the skeleton
// nodes whose matches the AST reads (they get tags in the tagged DFA), the builder (TypeScript that
// assembles the AST from the recorded positions), and the AST's type. The record types (one
// interface per @ast, the path types) are shared by every start rule.
//
// The builder reads the capture array `c` the tagged DFA fills: a node matched iff c[k] >= 0, from
// c[k] to c[k + 1] (k its slot); slot 0 is the start rule's own match (0 to the end of the input).
// "The first match of R inside the record" is, per start rule, a fixed list of skeleton nodes
// (depth first), so each field is a chain of tests on `c`: no derivation, no search by rule name.
// Nodes that no parse can match together and that the builder reads alike (the same rules below
// them) share a slot and its tags: an authority under absolute-URI and one under relative-URI are
// one authority to the tagged DFA, which keeps it small.
import { apart, covered, matchesBelow, mustBelow, isBelow, skeleton } from "./skeleton.mjs";

/** The pegNames every annotation of the spec names (sources, positions, picks, shapes, records). */
export function wantedRules(spec, pegOf) {
  const out = new Set();
  const add = (name) => out.add(pegOf(name.replace(/^\^/, "")));
  const pos = (ps) => ps.forEach((p) => p.rule && add(p.rule));
  const sources = (ss) => ss.forEach((s) => (s.kind === "rule" ? add(s.rule) : (pos(s.from), pos(s.to))));
  const fields = (fs) => {
    for (const f of fs) {
      if (f.flag?.kind === "unless") f.flag.rules.forEach(add);
      const e = f.expr;
      if (e.sources) sources(e.sources);
      if (e.kind === "path") {
        e.alternatives.forEach((a) => add(a.rule));
        if (e.empty) pos(e.empty.at);
      }
      if (e.kind === "pick") e.alternatives.forEach((a) => a.rule && add(a.rule));
      if (e.kind === "call") for (const a of e.args) if (a.kind === "rule") add(a.rule); else if (a.kind === "pos") pos(a.pos);
    }
  };
  fields(spec.root.fields);
  for (const [peg, r] of spec.records) {
    out.add(peg);
    for (const v of r.variants ?? [r]) {
      if (v.when) add(v.when);
      fields(v.fields);
    }
  }
  for (const s of spec.hostShapes ?? []) {
    if (s.rule) add(s.rule);
    if (s.address) add(s.address);
  }
  return out;
}

/** The type of a field of each kind when no rule of it can match (it is then always null). */
const KIND_TYPES = { text: "TextComponent", port: "Port", number: "TextComponent & { number: number }", host: "Host" };

/** The parts of a chain of candidates of which one always matches: the last needs no test. */
function settle(parts, settled) {
  if (settled && parts.length > 0) parts[parts.length - 1] = ["true", parts[parts.length - 1][1]];
  return parts;
}

/** A chain of (test, value) pairs as one conditional expression; "true" ends it, a repeated test is dropped. */
function chain(parts, otherwise = "null") {
  const seen = new Set();
  const kept = [];
  for (const p of parts) {
    if (seen.has(p[0])) continue;
    seen.add(p[0]);
    kept.push(p);
    if (p[0] === "true") break;
  }
  let code = otherwise;
  for (let k = kept.length - 1; k >= 0; k--) code = kept[k][0] === "true" ? kept[k][1] : `${kept[k][0]} ? ${kept[k][1]} : ${code}`;
  return code;
}

/** One start rule: its skeleton, the nodes its builder reads, the builder and the AST type. */
export class StartRulePlan {
  constructor(ctx, startPeg) {
    this.ctx = ctx;
    this.start = startPeg;
    this.nodes = skeleton(ctx.rules, ctx.published, startPeg, ctx.wanted);
    this.slotOf = null; // node -> slot, once assigned (before: placeholders @{node})
    this.keep = null; // the fields a lean builder computes (per record type, "#root"), or null for all
    this.captureCount = 0; // the length of the capture array, once slots are assigned
    this.reset();
  }

  reset() {
    this.open = new Set(); // nodes whose presence (and start) is read
    this.close = new Set(); // nodes whose end is read
    this.recordFns = new Map();
    this.recordNodes = new Set();
    this.chains = [];
    this.functions = [];
    this.local = 0;
    this.mode = "root";
  }

  /** A lean builder's piece (src/ast/build.ts, LeanPiece): a module constant of its own, named here. */
  piece() {
    const name = `P_${this.start}_${this.pieces.length}`;
    this.pieces.push(name);
    return name;
  }

  /** The slot of node i in code (a placeholder until slots are assigned). */
  slot(i) {
    return this.slotOf === null ? `@{${i}}` : `${this.slotOf(i)}`;
  }

  fresh(prefix) {
    return `${prefix}${this.local++}`;
  }

  pegOf(name, where) {
    const peg = this.ctx.pegOf(name.replace(/^\^/, ""));
    if (!this.ctx.rules.has(peg)) throw new Error(`${where}: no rule named ${name}`);
    return peg;
  }

  /**
   * The nodes a list of rules stands for inside `scope`, in order (each rule's matches depth first:
   * `findNode(a) ?? findNode(b)`), without those that could only be taken after one that must match
   * or that holds them.
   */
  candidates(scope, names, where) {
    const out = [];
    for (const name of names) {
      for (const i of matchesBelow(this.nodes, scope, this.pegOf(name, where))) {
        if (this.exclude && this.exclude(i)) continue;
        if (name.startsWith("^") && this.nodes[i].parent !== scope) continue;
        if (out.some((j) => isBelow(this.nodes, j, i))) continue;
        if (this.nodes[i].inLoop && !this.nodes[scope].inLoop) throw new Error(`${where}: ${name} is read inside a repetition (${this.nodes[i].path.join(" > ")}); a repeated match has no single position: split the span that holds it instead`);
        out.push(i);
        if (mustBelow(this.nodes, scope, i)) break;
      }
      if (out.length > 0 && mustBelow(this.nodes, scope, out[out.length - 1])) break;
    }
    this.chains.push(out);
    return out;
  }

  /** Code: does node i match, given that `scope` does? ("true" when it always does.) */
  presentIn(scope, i) {
    if (mustBelow(this.nodes, scope, i)) {
      if (i !== 0) this.open.add(i);
      return "true";
    }
    return this.present(i);
  }

  /** Code: does node i match? (Placeholders @{i} become slots once nodes share them.) */
  present(i) {
    if (i === 0) return "true";
    this.open.add(i);
    return `c[${this.slot(i)}] >= 0`;
  }

  startOf(i) {
    if (i !== 0) this.open.add(i);
    return `c[${this.slot(i)}]`;
  }

  endOf(i) {
    if (i !== 0) this.close.add(i);
    return `c[${this.slot(i) === "0" ? 1 : /^\d+$/.test(this.slot(i)) ? Number(this.slot(i)) + 1 : `${this.slot(i)} + 1`}]`;
  }

  /** Emits `const m = <slot of the first matching node, or -1>` and returns its name (or a constant). */
  matchVar(out, list, withEnd, scope) {
    for (const i of list) if (withEnd) this.endOf(i);
    const code = chain(list.map((i) => [this.presentIn(scope, i), this.slot(i)]), "-1");
    if (!code.includes("?")) return code;
    const m = this.fresh("m");
    out.push(`const ${m} = ${code};`);
    return m;
  }

  /** Code of a position (alternatives: the first that exists), -1 when none does. */
  position(out, scope, alts, where) {
    const parts = alts.map((p) => {
      const off = p.offset ? ` + ${p.offset}` : "";
      if (!p.rule) return `${p.at === "start" ? this.startOf(scope) : this.endOf(scope)}${off}`;
      const m = this.matchVar(out, this.candidates(scope, [p.rule], where), p.at === "end", scope);
      if (m === "-1") return "-1";
      const at = `c[${m}${p.at === "end" ? " + 1" : ""}]`;
      return /^[@\d]/.test(m) ? `${at}${off}` : `(${m} < 0 ? -1 : ${at}${off})`;
    });
    if (parts.length === 1) return parts[0];
    const v = this.fresh("p");
    out.push(`let ${v} = ${parts[0]};`);
    for (const p of parts.slice(1)) out.push(`if (${v} < 0) ${v} = ${p};`);
    return v;
  }

  /** Whether one node of a candidate list always matches within `scope`. */
  settled(scope, list) {
    if (list.length === 0) return false;
    if (mustBelow(this.nodes, scope, list[list.length - 1])) return true;
    return covered(this.nodes, this.ctx.rules, scope, list);
  }

  /**
   * Code for a field's value in `scope`, pushing statements to `out`. Returns { code (the value or
   * null), nullable, type, none (no rule of it can match here) }.
   */
  value(out, scope, field, fieldVars) {
    const e = field.expr;
    const where = field.where;
    switch (e.kind) {
      case "text":
      case "port":
      case "number": {
        const make = { text: "tc", port: "portOf", number: "numberOf" }[e.kind];
        const type = { text: "TextComponent", port: "Port", number: "TextComponent & { number: number }" }[e.kind];
        // A lean builder's text component fills a piece of its own (src/ast/build.ts, LeanPiece).
        const lean = e.kind === "text" && !this.lazy();
        return this.spanValue(out, scope, e.sources, where, (a, b) => (lean ? `lp(${this.piece()}, input, ${a}, ${b})` : `${make}(input, ${a}, ${b})`), type);
      }
      case "host":
        return this.hostValue(scope, e.sources, where);
      case "record":
        return this.recordValue(scope, e, where);
      case "path":
        return this.pathValue(out, scope, e, where);
      case "pick": {
        const ruled = e.alternatives.filter((a) => a.rule !== null);
        const wordOf = new Map(ruled.map((a) => [this.pegOf(a.rule, where), a.word]).reverse());
        const list = this.candidates(scope, ruled.map((a) => a.rule), where);
        let nullable = !this.settled(scope, list);
        const parts = settle(list.map((i) => [this.presentIn(scope, i), JSON.stringify(wordOf.get(this.nodes[i].peg))]), !nullable);
        const fallback = e.alternatives.find((a) => a.rule === null);
        const reached = nullable && fallback !== undefined;
        if (reached) (parts.push(["true", JSON.stringify(fallback.word)]), (nullable = false));
        let type = [...new Set(parts.map((x) => x[1]))].join(" | ");
        const pick = { choices: list.map((i) => ({ node: i, word: wordOf.get(this.nodes[i].peg) })), fallback: reached ? fallback.word : null };
        if (e.name) {
          this.ctx.noteNamed(e.name, e.alternatives.map((a) => JSON.stringify(a.word)));
          type = e.name;
        }
        return { code: chain(parts), nullable, type, none: parts.length === 0, list, pick };
      }
      case "const":
        return { code: JSON.stringify(e.word), nullable: false, type: JSON.stringify(e.word), none: false };
      case "call": {
        const args = e.args.map((a) => {
          if (a.kind === "field") {
            if (!fieldVars.has(a.name)) throw new Error(`${where}: @${a.name} is not a field computed before this one`);
            return fieldVars.get(a.name);
          }
          if (a.kind === "pos") return this.position(out, scope, a.pos, where);
          if (a.kind === "whole") return `${this.ctx.whole.has(this.start)}`;
          if (a.kind === "number") return `${a.value}`;
          if (a.kind === "is") return `${this.pegOf(a.rule, where) === this.start}`;
          const m = this.matchVar(out, this.candidates(scope, [a.rule], where), true, scope);
          if (m === "-1") return "null";
          const span = `{ start: c[${m}], end: c[${m} + 1] }`;
          return /^[@\d]/.test(m) ? span : `${m} < 0 ? null : ${span}`;
        });
        this.ctx.calls.add(e.fn);
        const scopeSpan = `{ start: ${this.startOf(scope)}, end: ${this.endOf(scope)} }`;
        const nullable = /\|\s*null\s*$/.test(e.type);
        return { code: `H.${e.fn}(input, ${scopeSpan}${args.map((a) => `, ${a}`).join("")})`, nullable, type: e.type.replace(/\s*\|\s*null\s*$/, ""), none: false };
      }
      default:
        throw new Error(`${where}: unknown kind ${e.kind}`);
    }
  }

  /** A value made from a span: the first source that exists (a rule's match, or a span between positions). */
  spanValue(out, scope, sources, where, make, type) {
    const list = this.candidates(scope, sources.filter((s) => s.kind === "rule").map((s) => s.rule), where);
    let nullable = !this.settled(scope, list);
    const parts = settle(list.map((i) => [this.presentIn(scope, i), make(this.startOf(i), this.endOf(i))]), !nullable);
    for (const s of sources) {
      if (s.kind !== "span" || !nullable) continue;
      const a = this.position(out, scope, s.from, where);
      const b = this.position(out, scope, s.to, where);
      // Between positions of the record's own match, or said to be always there (`!`).
      const certain = s.always || s.from.concat(s.to).every((p) => !p.rule);
      parts.push([certain ? "true" : `${a} >= 0 && ${b} >= ${a}`, make(a, b)]);
      if (certain) nullable = false;
    }
    return { code: chain(parts), nullable, type, none: parts.length === 0, list };
  }

  /** The value per candidate node: a chain on which candidate matched. */
  perCandidate(scope, list, make, type) {
    const settled = this.settled(scope, list);
    return { code: chain(settle(list.map((i) => [this.presentIn(scope, i), make(i)]), settled)), nullable: !settled, type, none: list.length === 0, list };
  }

  /** A host: its match, classified by the grammar's @ast-host (the first shape found inside it). */
  hostValue(scope, sources, where) {
    const shapes = this.ctx.spec.hostShapes;
    if (!shapes) throw new Error(`${where}: a host field, but the grammar has no @ast-host`);
    const ruled = shapes.filter((x) => x.rule !== null);
    const shapeOf = new Map(ruled.map((x) => [this.pegOf(x.rule, where), x]).reverse());
    const otherwise = shapes.find((x) => x.rule === null);
    const classify = (h) => {
      const host = (kind, a) => `${this.lazy() ? "hostOf(" : `lh(${this.piece()}, `}input, ${this.startOf(h)}, ${this.endOf(h)}, ${JSON.stringify(kind)}, ${a === null ? "-1, -1" : `${this.startOf(a)}, ${this.endOf(a)}`})`;
      const found = this.candidates(h, ruled.map((x) => x.rule), where);
      const parts = settle(found.map((f) => {
        const shape = shapeOf.get(this.nodes[f].peg);
        let make = host(shape.kind, null);
        if (shape.address && this.nodes[h].peg !== this.pegOf(shape.address, where)) {
          const addresses = this.candidates(f, [shape.address], where);
          make = chain(addresses.map((a) => [this.present(a), host(shape.kind, a)]), make);
        }
        return [this.presentIn(h, f), make];
      }), this.settled(h, found));
      if (otherwise && !this.settled(h, found)) parts.push(["true", host(otherwise.kind, null)]);
      return `(${chain(parts)})`;
    };
    return this.perCandidate(scope, this.candidates(scope, sources.map((s) => s.rule), where), classify, "Host");
  }

  /** A record: built by the record's function for the node that matched. */
  recordValue(scope, e, where) {
    const list = this.candidates(scope, e.sources.map((s) => s.rule), where);
    const types = new Set();
    const v = this.perCandidate(scope, list, (i) => {
      const record = this.ctx.spec.records.get(this.nodes[i].peg);
      if (!record) throw new Error(`${where}: ${this.nodes[i].path.at(-1)} has no @ast record`);
      // Variants: the first whose `when` rule matches inside the match.
      const parts = [];
      for (const variant of record.variants ?? [record]) {
        types.add(variant.type);
        const call = `${this.recordFunction(variant, i)}(input, c${this.lazy() ? ", o" : ""})`;
        if (!variant.when) {
          parts.push(["true", call]);
          break;
        }
        for (const w of this.candidates(i, [variant.when], where)) parts.push([this.presentIn(i, w), call]);
      }
      return parts.length === 1 && parts[0][0] === "true" ? parts[0][1] : `(${chain(parts)})`;
    }, "");
    v.type = [...types].join(" | ");
    if (e.name) {
      this.ctx.noteNamed(e.name, e.sources.flatMap((x) => { const r = this.ctx.spec.records.get(this.pegOf(x.rule, where)); return r ? (r.variants ?? [r]).map((v) => v.type) : []; }));
      v.type = e.name;
    }
    return v;
  }

  /** A path: the first alternative's match (its form, its segments), or the empty path where it would be. */
  pathValue(out, scope, e, where) {
    const forms = new Set();
    const altOf = new Map(e.alternatives.map((a) => [this.pegOf(a.rule, where), a]).reverse());
    const list = this.candidates(scope, e.alternatives.map((a) => a.rule), where);
    let nullable = !this.settled(scope, list);
    const parts = settle(list.map((i) => {
      const a = altOf.get(this.nodes[i].peg);
      if (a.form !== null) forms.add(a.form);
      return [this.presentIn(scope, i), `pathOf(input, ${this.startOf(i)}, ${this.endOf(i)}, ${a.form === null ? "undefined" : JSON.stringify(a.form)}, ${JSON.stringify(a.mode)})`];
    }), !nullable);
    let otherwise = "null";
    const always = this.mode === "record" || this.ctx.whole.has(this.start);
    if (nullable && e.empty && always) {
      if (e.empty.form !== null) forms.add(e.empty.form);
      const at = this.position(out, scope, e.empty.at, where);
      otherwise = `pathOf(input, ${at}, ${at}, ${e.empty.form === null ? "undefined" : JSON.stringify(e.empty.form)}, "none")`;
      nullable = false;
    }
    this.ctx.notePath(e.type, forms);
    return { code: chain(parts, otherwise), nullable, type: e.type, none: parts.length === 0 && otherwise === "null", list };
  }

  /** The function that builds the record `record` from node i's match (one per record and node). */
  recordFunction(record, i) {
    const key = `${record.type}@${i}`;
    if (this.recordFns.has(key)) return this.recordFns.get(key);
    const name = `${record.type}_${this.start}_${this.slot(i)}${this.keep ? "_lean" : ""}`;
    this.recordFns.set(key, name);
    this.recordNodes.add(i);
    const out = [];
    const mode = this.mode;
    this.mode = "record";
    const entries = this.fields(out, i, record.fields, record.type);
    this.mode = mode;
    const head = record.nospan ? [] : [["text", `input.slice(${this.startOf(i)}, ${this.endOf(i)})`], ["span", `{ start: ${this.startOf(i)}, end: ${this.endOf(i)} }`]];
    const rest = entries.map((x) => [x.name, x.code]);
    const at = record.spanAfter ? rest.findIndex(([n]) => n === record.spanAfter) + 1 : 0;
    const all = [...rest.slice(0, at), ...head, ...rest.slice(at)];
    if (this.lazy()) {
      this.functions.push(lazyNodeCode(name, record.type, `return new ${name}$Node(input, o!) as unknown as ${record.type};`, all.map(([n, v]) => [n, lazyBody(entries.statements, v)])));
      return name;
    }
    // A lean builder's record with a span fills a piece of its own (its text is read from the span).
    const result = this.keep && !record.nospan
      ? [`const r = ${this.piece()};`, `r.input = input;`, `r.span.start = ${this.startOf(i)};`, `r.span.end = ${this.endOf(i)};`, ...rest.map(([n, v]) => `r.${n} = ${v};`), `return r;`]
      : [`return { ${all.map(([n, v]) => `${n}: ${v}`).join(", ")} };`];
    this.functions.push(`function ${name}(input: string, c: Int32Array): ${this.keep ? "any" : record.type} {\n${[...out, ...result].map((l) => `  ${l}\n`).join("")}}`);
    return name;
  }

  /**
   * The fields of a record (or the root) in scope node `scope`: statements in `out`, and per field
   * { name, code, nullable, type, optional } for the object and its type.
   */
  fields(out, scope, fields, recordType) {
    const root = recordType === null;
    const whole = this.ctx.whole.has(this.start);
    const entries = [];
    const fieldVars = new Map();
    // Per field (those named with "_" too), its variable and the statements that compute it: a lazy
    // node's getter runs the field's own and those of the fields it reads (lazyBody()).
    const statements = [];
    entries.statements = statements;
    const kept = this.keep ? this.keep.get(root ? "#root" : recordType) ?? new Set() : null;
    for (const f of fields) {
      if (kept !== null && !kept.has(f.name)) continue;
      if (f.flag?.kind === "whole" && !(root && whole)) continue;
      if (f.flag?.kind === "partial" && !(root && !whole)) continue;
      if (f.flag?.kind === "only" && !(root && f.flag.rules.some((r) => this.pegOf(r, f.where) === this.start))) continue;
      let guard = null;
      let v;
      const fieldOut = [];
      if (f.flag?.kind === "unless") {
        // Only when that rule does not match: what it holds is its own record's, never this field's.
        const blockers = f.flag.rules.flatMap((r) => matchesBelow(this.nodes, scope, this.pegOf(r, f.where)));
        this.exclude = (i) => blockers.some((b) => isBelow(this.nodes, b, i));
        try {
          v = this.value(fieldOut, scope, f, fieldVars);
        } finally {
          this.exclude = null;
        }
        if (blockers.length > 0 && !v.none) guard = blockers.map((b) => `!(${this.present(b)})`).join(" && ");
      } else {
        v = this.value(fieldOut, scope, f, fieldVars);
      }
      // A root field no rule of which can match here is not in this start rule's AST at all, but
      // for a whole reference, which has every component (null when absent) but those that belong
      // to another rule's record (`unless`).
      if (root && v.none && (!whole || f.flag?.kind === "unless")) continue;
      if (v.none) v.type = KIND_TYPES[f.expr.kind] ?? v.type;
      const name = this.fresh("v");
      const at = out.length;
      if (guard) {
        // A call answers undefined for "absent" (null may be a value); other values are null then.
        const absent = f.expr.kind === "call" ? "undefined" : "null";
        out.push(`let ${name}: ${v.type} | null | ${absent} = ${absent};`, `if (${guard}) {`, ...fieldOut.map((l) => `  ${l}`), `  ${name} = ${v.code};`, `}`);
        v.nullable = true;
      } else {
        out.push(...fieldOut, `const ${name} = ${v.code};`);
      }
      fieldVars.set(f.name, name);
      statements.push({ v: name, lines: out.slice(at) });
      // A field named with a leading "_" is computed for the fields after it, not part of the AST.
      if (f.name.startsWith("_")) continue;
      const onlyHere = f.flag?.kind === "only";
      entries.push({ name: f.name, code: name, nullable: v.nullable, type: v.type, optional: root && !whole && !onlyHere && f.expr.kind !== "const", call: f.expr.kind === "call", list: v.list ?? null, pick: v.pick ?? null, guarded: guard !== null });
      if (!root) this.ctx.noteField(recordType, f.name, v);
    }
    return entries;
  }

  /**
   * The builder components() runs: the fields the revision's @components read, and nothing else
   * (no path segments, no userinfo object ...). Call after assignSlots.
   */
  leanBuilder(keep) {
    const saved = { open: this.open, close: this.close };
    this.keep = keep;
    this.reset();
    this.pieces = [];
    const b = this.builder();
    this.keep = null;
    // The lean builder reads a subset of what the full one reads: the slots and tags stay.
    for (const i of this.open) if (!saved.open.has(i)) throw new Error(`ast: the lean builder of ${this.start} reads node ${i}, which the full one does not`);
    for (const i of this.close) if (!saved.close.has(i)) throw new Error(`ast: the lean builder of ${this.start} reads the end of node ${i}, which the full one does not`);
    this.open = saved.open;
    this.close = saved.close;
    const pieces = this.pieces.length === 0 ? "" : `${this.pieces.map((p) => `const ${p} = /* @__PURE__ */ leanPiece();`).join("\n")}\n\n`;
    return pieces + dedupeFunctions(b.code).replace(`function build_${this.start}(`, `function lean_${this.start}(`).replace(/: [A-Za-z0-9]+<"[^"]+"> \{/, ": any {").replace(/const ast: [A-Za-z0-9]+<"[^"]+"> =/, "const ast: any =");
  }

  /** The builder of the start rule's AST (the root's fields in the start rule's match) and its type. */
  builder() {
    const out = [];
    const entries = this.fields(out, 0, this.ctx.spec.root.fields, null);
    const pub = JSON.stringify(this.ctx.published.get(this.start) ?? this.start);
    const rootType = `${this.ctx.spec.root.type}<${pub}>`;
    const head = `spec: ${JSON.stringify(this.ctx.specId)}, rule: ${pub}, text: input, span: { start: 0, end: input.length }`;
    // A field present only where found: set after the literal (a call's answer undefined means absent).
    const isOptional = (x) => x.optional && (x.nullable || x.call);
    const fixed = entries.filter((x) => !isOptional(x));
    const optional = entries.filter(isOptional);
    // A lean builder's root is a module constant too (src/ast/build.ts, LeanPiece: the reader keeps
    // nothing), refilled: every field written each call (an optional one undefined or null where
    // absent, which the reader's "?." and "??" read as absent), so no field of a previous input stays.
    if (this.keep) {
      const root = `L_${this.start}`;
      const initial = [`spec: ${JSON.stringify(this.ctx.specId)}`, `rule: ${pub}`, `text: ""`, `span: { start: 0, end: 0 }`, ...entries.map((x) => `${x.name}: null`)];
      const leanBody = [
        `const ${root}: any = { ${initial.join(", ")} };`,
        ``,
        `function build_${this.start}(input: string, c: Int32Array): ${rootType} {`,
        ...out.map((l) => `  ${l}`),
        `  const ast = ${root};`,
        `  ast.text = input;`,
        `  ast.span.end = input.length;`,
        ...entries.map((x) => `  ast.${x.name} = ${x.code};`),
        `  return ast;`,
        `}`,
      ].join("\n");
      return { code: [...this.functions, leanBody].join("\n\n"), type: null };
    }
    const body = [
      `function build_${this.start}(input: string, c: Int32Array): ${rootType} {`,
      // Its records are lazy nodes over the positions, packed once.
      ...(this.lazy() && out.some((l) => l.includes("(input, c, o)")) ? [`  const o = packOffsets(c, ${this.captureCount}, input.length);`] : []),
      ...out.map((l) => `  ${l}`),
      // (A whole reference's type is a union by kind, which TypeScript cannot relate to the chain that picks it.)
      `  const ast = { ${[head, ...fixed.map((x) => `${x.name}: ${x.code}`)].join(", ")} } as ${rootType};`,
      ...optional.map((x) => `  if (${x.code} !== ${x.call ? "undefined" : "null"}) ast.${x.name} = ${x.code};`),
      `  return ast;`,
      `}`,
    ].join("\n");
    const member = (x, presence) => {
      if (x.optional) return x.call ? `${x.name}?: ${x.type}${x.nullable ? " | null" : ""};` : `${x.name}${x.nullable ? "?" : ""}: ${x.type};`;
      if (presence === "absent" && x.nullable) return `${x.name}: null;`;
      return `${x.name}: ${x.type}${x.nullable && presence !== "present" ? " | null" : ""};`;
    };
    const objectType = (members) => `{ spec: ${JSON.stringify(this.ctx.specId)}; rule: ${pub}; text: string; span: Span; ${members.join(" ")} }`;
    let type = objectType(entries.map((x) => member(x)));
    // A whole reference whose first field is a pick of rules (its kind): one member per kind, in
    // which a field is non-null where that kind's rule always holds it, null where it never can.
    const kind = this.ctx.whole.has(this.start) && entries.length > 0 && entries[0].pick && entries[0].pick.choices.length > 0 ? entries[0] : null;
    if (kind) {
      const variants = [];
      for (const { node, word } of kind.pick.choices) {
        variants.push(objectType(entries.map((x, k) => (k === 0 ? `${x.name}: ${JSON.stringify(word)};` : member(x, this.presenceGiven(x, [node]))))));
      }
      if (kind.pick.fallback !== null) {
        const taken = kind.pick.choices.map((c) => c.node);
        variants.push(objectType(entries.map((x, k) => (k === 0 ? `${x.name}: ${JSON.stringify(kind.pick.fallback)};` : member(x, x.list && x.list.length > 0 && x.list.every((l) => taken.some((t) => isBelow(this.nodes, t, l))) ? "absent" : undefined)))));
      }
      type = [...new Set(variants)].join(" | ");
    }
    // A start rule whose AST has the same fields whatever the input (a whole reference): a lazy
    // node (the plain object above otherwise).
    if (this.lazy() && optional.length === 0) {
      const make = `return new build_${this.start}$Node(input, packOffsets(c, ${this.captureCount}, input.length)) as unknown as ${rootType};`;
      const heads = [["spec", JSON.stringify(this.ctx.specId)], ["rule", pub], ["text", "input"], ["span", "{ start: 0, end: input.length }"]];
      const bodies = [...heads.map(([n, v]) => [n, `{ return ${v}; }`]), ...fixed.map((x) => [x.name, lazyBody(entries.statements, x.code)])];
      return { code: [...this.functions, lazyNodeCode(`build_${this.start}`, rootType, make, bodies)].join("\n\n"), type };
    }
    return { code: [...this.functions, body].join("\n\n"), type };
  }

  /** Whether the builders make lazy nodes (src/ast/lazy.ts): all but components()' lean ones. */
  lazy() {
    return this.keep === null;
  }

  /** Whether field x is certainly there ("present"), certainly not ("absent"), or either, when one of `given` matched. */
  presenceGiven(x, given) {
    if (!x.list || x.guarded) return undefined;
    if (x.list.length > 0 && x.list.every((l) => given.every((g) => this.exclusive(l, g)))) return "absent";
    // g matched, so did each of its ancestors: one that always holds a candidate settles it.
    const present = given.every((g) => {
      for (let a = g; a >= 0; a = this.nodes[a].parent) {
        const inside = x.list.filter((l) => isBelow(this.nodes, a, l));
        if (inside.length > 0 && covered(this.nodes, this.ctx.rules, a, inside)) return true;
      }
      return false;
    });
    return present ? "present" : undefined;
  }

  /**
   * Slots: nodes no parse matches together, with the same rules below them, share one (the tagged
   * DFA then records them with the same tags). Returns the code with slots in place of the
   * placeholders, and the nodes that get tags ([{ node, slot, open, close }]).
   */
  assignSlots(predicates = null) {
    // The matches of the rules a predicate checks (`predicates`: their pegNames; null: none wanted):
    // recorded, start and end, unless one may match more than once (in a repetition: the walk then
    // finds them all).
    const checked = predicates === null ? [] : this.nodes.filter((n) => predicates.has(n.peg)).map((n) => n.index);
    const recorded = checked.some((i) => this.nodes[i].inLoop) ? [] : checked;
    for (const i of recorded) if (i !== 0) this.open.add(i), this.close.add(i);
    const read = [...new Set([...this.open, ...this.close])].sort((a, b) => a - b);
    const shape = new Map();
    const shapeOf = (i) => {
      if (shape.has(i)) return shape.get(i);
      const n = this.nodes[i];
      const s = `${n.peg}${n.must ? "!" : "?"}${this.open.has(i) ? "o" : ""}${this.close.has(i) ? "c" : ""}(${n.children.map(shapeOf).join(",")})`;
      shape.set(i, s);
      return s;
    };
    const classOf = new Map();
    const classes = [];
    for (const i of read) {
      // Join the first class of the same shape none of whose members can match together with i,
      // read in the same record (the same node, or nodes that share a slot), and never apart in a
      // list of candidates (so a test of the slot is a test of any of them, in the same place).
      const joined = classes.find((k) => k.shape === shapeOf(i) && k.members.every((j) => this.exclusive(i, j) && this.sameReader(i, j, classOf)) && this.adjacent([...k.members, i]));
      if (joined) {
        joined.members.push(i);
        classOf.set(i, joined);
      } else {
        const k = { shape: shapeOf(i), members: [i], slot: 2 * (classes.length + 1) };
        classes.push(k);
        classOf.set(i, k);
      }
    }
    const slotOf = (i) => (i === 0 ? 0 : classOf.get(i).slot);
    const tags = read.map((i) => ({ node: i, slot: slotOf(i), open: this.open.has(i) || this.close.has(i), close: this.close.has(i) }));
    // Again, with the slots: tests of nodes that share a slot are now one test.
    this.slotOf = slotOf;
    this.captureCount = 2 * (classes.length + 1);
    this.reset();
    const again = this.builder();
    // Per slot that holds a checked rule's match: the slot and the rule's published name ([]: no
    // checked rule can match; null: none asked, or the matches are not all recorded).
    const predicateSlots = predicates === null ? null : checked.length === 0 ? [] : recorded.length === 0 ? null : [...new Map(recorded.map((i) => [slotOf(i), { slot: slotOf(i), rule: this.ctx.published.get(this.nodes[i].peg) ?? this.nodes[i].peg }])).values()];
    return { code: dedupeFunctions(again.code), type: again.type, tags, captures: 2 * (classes.length + 1), predicateSlots };
  }

  /** The record node i is read in: its nearest ancestor that is a record (0: the root). */
  scopeNode(i) {
    for (let x = this.nodes[i].parent; x > 0; x = this.nodes[x].parent) if (this.recordNodes.has(x)) return x;
    return 0;
  }

  /**
   * Whether nodes i and j may share a slot as far as their readers go: read in the same record (the
   * same node, or nodes that share a slot), or in records no parse matches together (the reader of
   * one never runs when the other matched).
   */
  sameReader(i, j, classOf) {
    const a = this.scopeNode(i);
    const b = this.scopeNode(j);
    if (a === b || (classOf.has(a) && classOf.get(a) === classOf.get(b))) return true;
    return a !== 0 && b !== 0 && this.exclusive(a, b);
  }

  /** Whether the nodes, in every candidate list that holds more than one of them, stand together. */
  adjacent(members) {
    const set = new Set(members);
    return this.chains.every((list) => {
      const at = list.map((x, k) => (set.has(x) ? k : -1)).filter((k) => k >= 0);
      return at.length <= 1 || at[at.length - 1] - at[0] === at.length - 1;
    });
  }

  /** Whether no parse matches nodes i and j together: every route of one parts from every route of the other at a choice. */
  exclusive(i, j) {
    return this.nodes[i].routes.every((a) => this.nodes[j].routes.every((b) => apart(a, b)));
  }
}

/**
 * The body of a lazy node's getter for the value `code`: the statements of the field whose variable
 * it is, after those of the fields it reads (their variables), in their order.
 */
function lazyBody(statements, code) {
  const at = new Map(statements.map((s, k) => [s.v, k]));
  const need = new Set();
  const visit = (text) => {
    for (const m of text.matchAll(/\bv\d+\b/g)) {
      const k = at.get(m[0]);
      if (k === undefined || need.has(k)) continue;
      need.add(k);
      visit(statements[k].lines.join("\n"));
    }
  };
  visit(code);
  const lines = [...need].sort((a, b) => a - b).flatMap((k) => statements[k].lines);
  return `{\n${lines.map((l) => `    ${l}\n`).join("")}    return ${code};\n  }`;
}

/**
 * A lazy node's class (src/ast/lazy.ts: a getter per field, in order, on a shared prototype) and the
 * function that makes one (`make`: its body), written as one block that starts with the function
 * (dedupeFunctions() keeps one per name).
 */
function lazyNodeCode(name, type, make, bodies) {
  return [
    `function ${name}(input: string, c: Int32Array, o?: Offsets): ${type} {`,
    `  ${make}`,
    `}`,
    `const ${name}$Node = /* @__PURE__ */ lazyAst(${JSON.stringify(bodies.map(([n]) => n))}, [`,
    ...bodies.map(([, body]) => `  (input: string, c: Int32Array, o: Offsets) => ${body},`),
    `]);`,
  ].join("\n");
}

/** Functions with the same name (records of nodes that now share a slot) are written once. */
function dedupeFunctions(code) {
  const seen = new Set();
  return code
    .split("\n\n")
    .filter((block) => {
      const m = /^function (\w+)\(/.exec(block);
      if (!m) return true;
      if (seen.has(m[1])) return false;
      seen.add(m[1]);
      return true;
    })
    .join("\n\n");
}
