// Writes generated/<spec>.ast.ts: per start rule, the tagged DFA that records the positions the AST
// reads and the builder that assembles the AST from them; the AST types of every start rule and
// the record types. The stages (each callable on its own, for tests and for a person debugging):
//   readAstAnnotations (read-ast.mjs)  grammar -> the annotations
//   StartRulePlan (plan-ast.mjs)       annotations + start rule -> skeleton, nodes read, builder, type
//   TaggedGraph, determinize, tables   (scripts/scanner/tdfa.mjs) nodes read -> tagged DFA tables
//   walkTags (walk-tags.mjs)           a start rule parse() does not apply by default -> its tags as
//                                      data, read off the scanner's walk (where the build proves that
//                                      exact; else it keeps its table)
//   emitAstModule                      all of it -> TypeScript, the tables as encode-tables wrote
//                                      them; emitAstTablesModule: every start rule's tagged DFA, for
//                                      the tests only
// (the scanner compiler's passes plan-ast, build-tagged, emit-ast and emit-ast-tables call these:
// scripts/scanner/passes/)
import { readAnnotations, readStartRules } from "../build-grammars.mjs";
import { readAstAnnotations } from "./read-ast.mjs";
import { StartRulePlan, wantedRules } from "./plan-ast.mjs";
import { TaggedGraph, TaggedBuilder, determinize, tables } from "../scanner/tdfa.mjs";
import { componentFields, readerCode } from "./components.mjs";
import { walkTags } from "./walk-tags.mjs";
import { readerImport } from "../scanner/passes/encode-tables.mjs";

/** The AST plan of a whole grammar: the annotations, and a plan per start rule. */
export function planGrammar(source, file, id, ruleList, publishedNames) {
  const spec = readAstAnnotations(source, file);
  if (!spec.root) return null; // transitional: the grammar has no AST annotations yet
  const rules = new Map(ruleList.map((r) => [r.name, r]));
  const pegByName = new Map();
  for (const [peg, pub] of publishedNames) pegByName.set(pub, peg);
  const pegOf = (name) => pegByName.get(name) ?? name;
  for (const [peg] of spec.records) if (!rules.has(peg)) throw new Error(`${file}: @ast above an unknown rule ${peg}`);
  // The start rules whose tagged DFA ships: those parse() applies when none is asked for.
  const starts = readStartRules(source, file, [...publishedNames].map(([pegName, published]) => ({ pegName, published })));
  const ctx = {
    specId: id,
    shipped: new Set([starts.topRule, ...starts.schemeProductions, ...Object.values(starts.baseRules ?? {})].map(pegOf)),
    spec,
    rules,
    published: publishedNames,
    pegOf,
    whole: new Set(spec.root.whole.map((n) => {
      const peg = pegOf(n);
      if (!rules.has(peg)) throw new Error(`${spec.root.where}: whole names unknown rule ${n}`);
      return peg;
    })),
    calls: new Set(),
    recordFields: new Map(), // type -> Map field -> { types: Set, nullable }
    pathTypes: new Map(), // type -> Set of forms (or null when a path of it has no form)
    noteField(type, name, v) {
      let fields = this.recordFields.get(type);
      if (!fields) this.recordFields.set(type, (fields = new Map()));
      let f = fields.get(name);
      if (!f) fields.set(name, (f = { types: new Set(), nullable: false }));
      if (v.type) f.types.add(v.type);
      if (v.nullable) f.nullable = true;
    },
    named: new Map(), // a named union (pick words, records) -> its members
    noteNamed(name, members) {
      const known = this.named.get(name) ?? new Set();
      for (const m of members) known.add(m);
      this.named.set(name, known);
    },
    notePath(type, forms) {
      let known = this.pathTypes.get(type);
      if (!known) this.pathTypes.set(type, (known = new Set()));
      for (const f of forms) known.add(f);
    },
  };
  ctx.wanted = wantedRules(spec, pegOf);
  for (const w of ctx.wanted) if (!rules.has(w)) throw new Error(`${file}: the AST annotations name an unknown rule ${w}`);
  // The rules a predicate checks (`@predicate`, src/predicates.ts): a start rule whose tagged DFA
  // ships records their matches too, so that parse() and validate() hand them to the predicate from
  // the one pass (no walk). Their nodes are in the skeleton; the builders never read them.
  ctx.predicates = new Set(readAnnotations(source, file).rules.filter((r) => r.predicate !== undefined).map((r) => r.pegName));
  for (const peg of ctx.predicates) ctx.wanted.add(peg);
  const plans = ruleList.map((r) => {
    const plan = new StartRulePlan(ctx, r.name);
    const built = plan.builder();
    return { peg: r.name, plan, ...built };
  });
  ctx.keep = componentFields(spec, pegOf);
  ctx.reader = readerCode(spec, pegOf, spec.root.whole);
  return { ctx, plans };
}

/** The tagged DFA of every start rule that reads positions, over the scanner's character classes. */
export function taggedAutomata(planned, rules, publishedNames, classes) {
  if (planned === null) return;
  const tagged = new Map();
  let next = 0;
  for (const p of planned.plans) {
    const slots = p.plan.assignSlots(planned.ctx.shipped.has(p.peg) && planned.ctx.predicates.size > 0 ? planned.ctx.predicates : null);
    p.code = slots.code;
    p.type = slots.type;
    p.leanCode = planned.ctx.keep ? p.plan.leanBuilder(planned.ctx.keep) : null;
    p.captures = slots.captures;
    p.tags = slots.tags;
    p.predicateSlots = slots.predicateSlots;
    p.local = new Map();
    p.slots = [];
    const bySlot = new Map(); // slot -> { open, close } global tags, shared by the nodes of the slot
    for (const t of slots.tags) {
      let g = bySlot.get(t.slot);
      if (!g) {
        g = { open: -1, close: -1 };
        bySlot.set(t.slot, g);
      }
      if (t.open && g.open < 0) {
        g.open = next++;
        p.local.set(g.open, p.slots.length);
        p.slots.push(t.slot);
      }
      if (t.close && g.close < 0) {
        g.close = next++;
        p.local.set(g.close, p.slots.length);
        p.slots.push(t.slot + 1);
      }
    }
    for (const t of slots.tags) {
      const key = p.plan.nodes[t.node].path.join(">");
      if (tagged.has(key)) throw new Error(`ast: call path ${key} read twice`);
      tagged.set(key, bySlot.get(t.slot));
    }
  }
  const graph = new TaggedGraph(rules, publishedNames, tagged);
  const starts = planned.plans.map((p) => (p.slots.length > 0 ? graph.startRule(p.peg) : -1));
  // The scanner's classes, with membership in this graph's character sets (each class lies inside
  // or outside every set of the grammar, so its first code unit decides).
  const own = classes.map((cls) => ({ ...cls, member: graph.sets.map((set) => set.some(([lo, hi]) => cls.ranges[0][0] >= lo && cls.ranges[0][0] <= hi)) }));
  const builder = new TaggedBuilder(graph, own);
  planned.plans.forEach((p, k) => {
    if (starts[k] < 0) return;
    const dfa = determinize(graph, builder, starts[k], p.local);
    p.tables = tables(dfa, classes.length, p.slots.length, p.slots);
    p.tables.captures = p.captures;
    // A start rule parse() does not apply by default reads its positions off the walk where it can.
    p.walk = planned.ctx.shipped.has(p.peg) ? null : walkTags(rules, publishedNames, p.peg, p.tags.map((t) => ({ path: p.plan.nodes[t.node].path, slot: t.slot, close: t.close })));
    p.ship = p.walk === null || !p.walk.ok;
  });
}

const KNOWN_TYPES = new Set(["TextComponent", "Span", "Host", "Port", "Array", "ReadonlyArray", "Readonly"]);

/** generated/<spec>.ast.ts */
/**
 * `extras`: the module a `call NAME(...)` field calls into (what the grammar cannot state about its
 * AST, each piece citing its section): grammar/<spec>/ast.ts, or an amendment's base's. `encoded`:
 * the encode-tables pass's result (the tagged DFAs that ship, packed, and the module that reads them).
 */
export function emitAstModule(planned, id, file, srcDir, extras, encoded) {
  if (planned === null) return `// GENERATED by scripts/compile-scanner.mjs: ${file} has no AST annotations yet.\nimport type { AstEntry } from "${srcDir}/scanner/tagged";\nexport const AST: Readonly<Record<string, AstEntry>> = {};\n`;
  const { ctx, plans } = planned;
  const rootType = ctx.spec.root.type;
  const custom = new Set();
  const names = (t) => t.replace(/"[^"]*"/g, "").matchAll(/\b[A-Z]\w*/g);
  for (const fields of ctx.recordFields.values()) for (const f of fields.values()) for (const t of f.types) for (const m of names(t)) custom.add(m[0]);
  const declared = new Set([...ctx.recordFields.keys(), ...ctx.pathTypes.keys(), ...ctx.named.keys(), rootType]);
  const imports = [...custom].filter((t) => !KNOWN_TYPES.has(t) && !declared.has(t)).sort();
  for (const p of plans) for (const m of names(p.type)) if (!KNOWN_TYPES.has(m[0]) && !declared.has(m[0]) && !imports.includes(m[0])) imports.push(m[0]);
  const out = [];
  out.push(`// GENERATED by scripts/compile-scanner.mjs (scripts/ast/) from ${file}. Do not edit: edit the grammar's @ast annotations and run \`npm run build\`.`);
  out.push(`//`);
  out.push(`// The ${id} AST: its types (from the grammar's @ast-root, @ast and @field annotations); per start rule, the builder`);
  out.push(`// that assembles the AST from the positions where the rule matches the AST reads begin and end; and, for the start`);
  out.push(`// rules parse() applies when none is asked for (the grammar's @top-rule, @scheme-productions), a tagged DFA that`);
  out.push(`// records those positions in the one pass that validates:`);
  // (scripts/ast/table-sizes.mjs reads the first of these lines: the tables that ship.)
  const pub = (p) => ctx.published.get(p.peg) ?? p.peg;
  out.push(`//   ${plans.filter((p) => p.tables && p.ship).map((p) => `${pub(p)} ${p.tables.count} states/${p.slots.length} tags`).join(", ")}`);
  const walked = plans.filter((p) => p.tables && !p.ship);
  if (walked.length > 0) out.push(`// The other start rules' positions are read off the scanner's walk, pruned to the rules their tags are at (scripts/ast/walk-tags.mjs):`, `//   ${walked.map((p) => `${pub(p)} (${p.walk.keep.length} rule${p.walk.keep.length === 1 ? "" : "s"})`).join(", ")}`);
  for (const p of plans.filter((x) => x.tables && x.ship && x.walk)) out.push(`// ${pub(p)} keeps its tagged DFA although parse() does not apply it by default: ${p.walk.reason}.`);
  out.push(`/* eslint-disable */`);
  out.push(`import type { Host, Port, Span, TextComponent } from "${srcDir}/ast/types";`);
  out.push(`import { hostOf, numberOf, pathOf, portOf, tc${ctx.reader ? ", leanPiece, lh, lp" : ""} } from "${srcDir}/ast/build";`);
  out.push(`import { taggedTable, type AstEntry } from "${srcDir}/scanner/tagged";`);
  out.push(`import { lazyAst, packOffsets, type Offsets } from "${srcDir}/ast/lazy";`);
  if (encoded.ast !== null) out.push(readerImport(encoded, [encoded.ast.table], srcDir));
  if (plans.some((p) => p.tables && !p.ship)) out.push(`import { walkTags } from "${srcDir}/scanner/walk-captures";`);
  if (ctx.reader) out.push(`import { componentsFromPieces, type ReadComponents } from "${srcDir}/ast/components";`);
  if (ctx.calls.size > 0) out.push(`import * as H from "${extras}";`);
  if (imports.length > 0) out.push(`import type { ${imports.join(", ")} } from "${extras}";`);
  out.push("");
  for (const [name, members] of ctx.named) out.push(`export type ${name} = ${[...members].join(" | ")};`);
  for (const [type, forms] of ctx.pathTypes) {
    const formType = [...forms].map((f) => JSON.stringify(f)).join(" | ");
    out.push(`export interface ${type} extends TextComponent {${formType ? ` form: ${formType};` : ""} segments: TextComponent[]; }`);
  }
  for (const [type, fields] of ctx.recordFields) {
    const record = [...ctx.spec.records.values()].flatMap((r) => r.variants ?? [r]).find((r) => r.type === type);
    const members = [...fields].map(([n, f]) => `${n}: ${[...f.types].join(" | ") || "never"}${f.nullable ? " | null" : ""};`);
    if (!record.nospan) members.splice(record.spanAfter ? [...fields.keys()].indexOf(record.spanAfter) + 1 : 0, 0, "text: string; span: Span;");
    out.push(`export interface ${type} { ${members.join(" ")} }`);
  }
  out.push(`/** The AST of each start rule (by published name). */`);
  out.push(`export interface ${rootType}s {`);
  for (const p of plans) out.push(`  ${JSON.stringify(ctx.published.get(p.peg) ?? p.peg)}: ${p.type};`);
  out.push(`}`);
  out.push(`/** The AST of a start rule; without one, the union of all. */`);
  out.push(`export type ${rootType}<R extends keyof ${rootType}s = keyof ${rootType}s> = ${rootType}s[R];`);
  out.push("");
  for (const p of plans) out.push(p.code, "");
  if (ctx.reader) {
    out.push(ctx.reader, "");
    for (const p of plans) out.push(p.leanCode, "");
    for (const p of plans) if (ownReader(ctx, p)) out.push(readerCode(ctx.spec, ctx.pegOf, ctx.spec.root.whole, `readComponents_${p.peg}`), "");
  }
  // Every shipped table in one packed text: the start rules share most of their sub-automata.
  if (encoded.ast !== null) {
    out.push(`/** The tagged DFAs that ship, packed (scripts/ast/table-text.mjs), unpacked the first time one is parsed. */`);
    out.push(`const TABLES = /* @__PURE__ */ ${encoded.ast.table.source};`);
    out.push("");
  }
  out.push(`/** Per start rule (peggy name): the tagged DFA, or the tags read off the walk (both absent when the AST reads no position), and the builder. */`);
  out.push(`export const AST: Readonly<Record<string, AstEntry>> = {`);
  for (const p of plans) {
    const t = p.tables;
    const table = t && p.ship ? `/* @__PURE__ */ taggedTable(TABLES, ${encoded.ast.at.get(p.peg).join(", ")}, ${t.K}, ${t.count}, ${t.start}, ${t.registers}, ${t.captures})` : "null";
    const walk = t && !p.ship ? `, walk: /* @__PURE__ */ walkTags(${JSON.stringify(p.walk.keep)}, ${JSON.stringify(p.walk.entries)}, ${p.captures})` : "";
    const reader = ctx.reader && ownReader(ctx, p) ? `readComponents_${p.peg}` : "readComponents";
    const components = ctx.reader ? `, components: (input: string, c: Int32Array) => ${reader}(lean_${p.peg}(input, c))` : "";
    const predicates = t && p.ship && p.predicateSlots ? `, predicates: ${JSON.stringify(p.predicateSlots.map(({ slot, rule }) => [slot, rule]))}` : "";
    out.push(`  ${JSON.stringify(p.peg)}: { table: ${table}${walk}, build: build_${p.peg} as AstEntry["build"]${components}${predicates} },`);
  }
  out.push(`};`);
  return out.join("\n") + "\n";
}

/**
 * Whether components()' lean builder of start rule `p` calls a reader of its own (a copy of
 * readComponents): the rules that derive a whole reference (the @ast-root's `whole` list; a copy
 * leaves out the reader's test of the rule), or, for a revision without that list, the rules
 * parse() applies by default (the top rule, the scheme productions). The other rules share one.
 */
function ownReader(ctx, p) {
  return ctx.spec.root.whole.length > 0 ? ctx.whole.has(p.peg) : ctx.shipped.has(p.peg);
}

/**
 * generated/<spec>.ast-tables.ts, for the tests only (not in the package): the tagged DFA of every
 * start rule that reads positions, shipped or not, so that test/walk-captures.test.ts can hold the
 * walk's captures to the table's. `encoded`: the encode-tables pass's result.
 */
export function emitAstTablesModule(planned, id, file, srcDir, encoded) {
  const packed = encoded.astTables;
  const head = `// GENERATED by scripts/compile-scanner.mjs (scripts/ast/) from ${file}. Do not edit. For the tests only (not in the package):\n// the tagged DFA of every start rule of ${id} whose AST reads positions, those generated/${id}.ast.ts reads off the walk included.\n/* eslint-disable */\nimport { taggedTable, type TaggedTable } from "${srcDir}/scanner/tagged";\n${packed === null ? "" : `${readerImport(encoded, [packed.table], srcDir)}\n`}\n`;
  const withTables = planned === null ? [] : planned.plans.filter((p) => p.tables);
  if (packed === null || withTables.length === 0) return `${head}export const TAGGED: Readonly<Record<string, TaggedTable>> = {};\nexport const HOMES: Readonly<Record<string, readonly number[]>> = {};\n`;
  const lines = withTables.map((p) => {
    const t = p.tables;
    return `  ${JSON.stringify(p.peg)}: taggedTable(TABLES, ${packed.at.get(p.peg).join(", ")}, ${t.K}, ${t.count}, ${t.start}, ${t.registers}, ${t.captures}),`;
  });
  // A run sets the tags' home registers (their slots) and may use the other registers below
  // `captures` as scratch: what it guarantees is c[0], c[1] and the homes.
  const homes = withTables.map((p) => `  ${JSON.stringify(p.peg)}: ${JSON.stringify([...p.slots].sort((a, b) => a - b))},`);
  return `${head}const TABLES = ${packed.table.source};\n\n/** Per start rule (peggy name): its tagged DFA. */\nexport const TAGGED: Readonly<Record<string, TaggedTable>> = {\n${lines.join("\n")}\n};\n\n` +
    `/** Per start rule: the slots of the capture array its tags set (their home registers), besides 0 and 1. */\nexport const HOMES: Readonly<Record<string, readonly number[]>> = {\n${homes.join("\n")}\n};\n`;
}

