// Compiles every grammar/<spec>/grammar.peggy into a linear-time scanner, generated/<spec>.scanner.ts.
//
// Data flow (one grammar):
//   grammar/<spec>/grammar.peggy --peggy.parser--> PEG AST
//     --scripts/scanner/continuations.mjs--> continuation graph: each rule as a start rule
//                                           (C(rule, END)) and each decision (dom(e)), exactly
//     --scripts/scanner/dfa.mjs--> one DFA for all of them (derivatives, BDD states), minimised
//     --scripts/scanner/reverse.mjs--> a right-to-left DFA for the decisions that need it
//     --scripts/scanner/emit-walk.mjs--> one function per rule: peggy's successful run, decided
//   -> generated/<spec>.scanner.ts: tables (the transitions as text, scripts/scanner/rows-text.mjs;
//      the small ones bytes; both coded, scripts/scanner/coder.mjs) + scan() + walk();
//      generated/<spec>.accept.ts: validate()'s DFA alone
//
// What the scanner does with an input (src/scanner/index.ts):
//   scan(start, input)   the start rule's DFA, left to right, one table lookup per character; stops
//                        at the first character after which no continuation can be accepted.
//   walk(rule, input)    on an accepted input only: the derivation, by the walk functions.
//
// Why it is linear (the numbers are in each module's header, per start rule):
//   - scan reads each character once;
//   - the walk consumes each character once and asks a bounded number of questions per character
//     (every repetition consumes, so the questions between two characters are bounded by the grammar);
//   - a question dom(e) is answered by running e's own DFA from the current position until it is
//     decided (the states "certainly yes" and "certainly no" are sinks):
//       * bounded decisions: e's DFA has no cycle before a sink, so at most `depth` characters;
//       * unbounded decisions outside any repetition: asked at most once per call path from the
//         start rule (the grammars are not recursive), so a fixed number of passes over the input;
//       * unbounded decisions inside a repetition: answered by one reverse pass computed once
//         (scripts/scanner/reverse.mjs), then a table lookup.
//   No backtracking engine runs on the input.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync, mkdirSync, readdirSync } from "node:fs";
import { join, dirname, basename, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { readAnnotations } from "./build-grammars.mjs";
import { partition } from "./scanner/charsets.mjs";
import { ContinuationGraph, T, F } from "./scanner/continuations.mjs";
import { DfaBuilder, minimize } from "./scanner/dfa.mjs";
import { listDecisions, callPaths } from "./scanner/decisions.mjs";
import { buildReverse } from "./scanner/reverse.mjs";
import { emitWalk, ruleFunction } from "./scanner/emit-walk.mjs";
import { rowsText } from "./scanner/rows-text.mjs";
import { code, codeBest } from "./scanner/coder.mjs";
import { planGrammar, taggedAutomata, emitAstModule, emitAstTablesModule } from "./ast/emit-ast.mjs";
import { composeGrammar, revisionIds } from "./revisions.mjs";

const require = createRequire(import.meta.url);
const peggy = require("peggy");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const grammarDir = join(root, "grammar");
const outDir = join(root, "generated");

/** Compiles one grammar; returns the model the emitter writes (also used by tests and benches). */
export function compileGrammar(source, file, id = basename(file, ".peggy")) {
  const ast = peggy.parser.parse(source, { grammarSource: file });
  const { rules: annotations } = readAnnotations(source, file);
  const publishedNames = new Map(annotations.map((r) => [r.pegName, r.published ?? r.pegName]));
  const ruleList = ast.rules;
  const rules = new Map(ruleList.map((r) => [r.name, r.expression]));
  const graph = new ContinuationGraph(rules, publishedNames);

  // Every rule can be a start rule; every decision point gets its dom(e).
  const startNodes = ruleList.map((r) => graph.startRule(r.name));
  const { decisions, calls } = listDecisions(ruleList);
  const decisionNodes = decisions.map((d) => graph.dom(d.expr));

  const classes = partition(graph.sets);
  const builder = new DfaBuilder(graph, classes);
  builder.rootState(F); // state 0 before renumbering: the dead state
  builder.rootState(T); // the state that accepts everything
  const startStates = startNodes.map((x) => builder.rootState(x));
  const decisionStates = decisionNodes.map((x) => builder.rootState(x));
  builder.explore();

  // Minimise: dead states together; the others apart by accepting and by the rule stack an error
  // there would name.
  const live = builder.live();
  const labels = builder.states.map((_, s) => (live[s] ? builder.label(s) : 0));
  const keys = builder.states.map((_, s) => (live[s] ? `${builder.accepting(s) ? 1 : 0}:${labels[s]}` : "dead"));
  const { block } = minimize(builder.transitions, keys);
  // Renumber: 0 dead, 1 "accepts everything", then each start rule's states after the earlier rules'
  // (numbered()), then the decisions', so that a scan decodes the rows before its rule's end alone.
  const { order, rowsFrom } = numbered(
    block,
    builder.transitions,
    [builder.stateIds.get(0), builder.stateIds.get(1)],
    [...startStates, ...decisionStates],
  );
  const count = order.size;
  const K = classes.length;
  const trans = Array.from({ length: count }, () => null);
  const accept = new Uint8Array(count);
  const label = new Int32Array(count);
  for (let s = 0; s < block.length; s++) {
    const m = order.get(block[s]);
    if (trans[m] !== null) continue;
    trans[m] = Int32Array.from(builder.transitions[s], (t) => order.get(block[t]));
    accept[m] = builder.accepting(s) && live[s] ? 1 : 0;
    label[m] = labels[s];
  }
  const stateOf = (explored) => order.get(block[explored]);
  if (trans[1].some((t) => t !== 1) || !accept[1] || trans[0].some((t) => t !== 0) || accept[0]) throw new Error("scanner: sinks are not sinks");

  // Classify the decisions (see the header).
  const decisionInfo = decisions.map((d, i) => {
    const start = stateOf(decisionStates[i]);
    const depth = boundedDepth(trans, start);
    return { rule: d.rule, inLoop: d.inLoop, start, depth, reverse: depth === null && d.inLoop, ll1: oneCharacterAnswers(trans, accept, start, K) };
  });
  const reverseDecisions = decisionInfo.filter((d) => d.reverse);
  const reverse = buildReverse(trans, accept, reverseDecisions.map((d) => d.start));
  let bit = 0;
  for (const d of decisionInfo) d.bit = d.reverse ? bit++ : -1;

  // Per start rule: how many times the walk may read a character (the linearity bound).
  const passes = ruleList.map((r) => {
    const paths = callPaths(calls, r.name);
    let full = 0;
    for (const d of decisionInfo) if (d.depth === null && !d.reverse) full += paths.get(d.rule) ?? 0;
    const needsReverse = decisionInfo.some((d) => d.reverse && (paths.has(d.rule) || reachesInLoop(calls, r.name, d.rule)));
    return { rule: r.name, scans: 1 + full + (needsReverse ? 1 : 0), maxBoundedDepth: Math.max(0, ...decisionInfo.filter((d) => d.depth !== null).map((d) => d.depth)) };
  });

  const decisionIds = new Map(decisions.map((d, i) => [d.expr, i]));
  const walk = emitWalk(ruleList, decisionInfo, decisionIds, publishedNames, K);

  // The rule stacks the labels use (and their ancestors), renumbered from 1; 0 is the empty stack.
  const stackIndex = new Map([[0, 0]]);
  const stackParent = [-1];
  const stackName = [""];
  const addStack = (s) => {
    if (stackIndex.has(s)) return stackIndex.get(s);
    const parent = addStack(graph.stacks[s].parent);
    const i = stackParent.length;
    stackIndex.set(s, i);
    stackParent.push(parent);
    stackName.push(graph.stacks[s].name);
    return i;
  };
  const stateLabel = Int32Array.from(label, (s) => addStack(s));

  // The printable ASCII characters each rule accepts as a whole input (error advice reads these:
  // which characters some rule allows, which class rule a character belongs to).
  const classOfAscii = new Uint8Array(128);
  for (const cls of classes) for (const [lo, hi] of cls.ranges) for (let c = lo; c <= Math.min(hi, 127); c++) classOfAscii[c] = cls.id;
  const oneChar = Object.fromEntries(
    ruleList.map((r, i) => {
      const start = stateOf(startStates[i]);
      let chars = "";
      for (let c = 0x20; c < 0x7f; c++) if (accept[trans[start][classOfAscii[c]]]) chars += String.fromCharCode(c);
      return [r.name, chars];
    }),
  );

  // The AST: per start rule, a tagged DFA over the same classes and the builder (scripts/ast/).
  const planned = planGrammar(source, file, id, ruleList, publishedNames);
  taggedAutomata(planned, rules, publishedNames, classes);

  const starts = Object.fromEntries(ruleList.map((r, i) => [r.name, stateOf(startStates[i])]));
  const startRows = Object.fromEntries(startStates.map((x) => [stateOf(x), rowsFrom.get(block[x])]));

  return {
    file,
    planned,
    oneChar,
    classes,
    K,
    trans,
    accept,
    stateLabel,
    stackParent,
    stackName,
    starts,
    startRows,
    acceptance: acceptanceDfa(trans, accept, starts),
    decisions: decisionInfo,
    reverse,
    walk,
    ruleNames: ruleList.map((r) => r.name),
    publishedRuleNames: ruleList.map((r) => publishedNames.get(r.name) ?? r.name),
    passes,
    stats: {
      graphNodes: graph.nodes.length,
      exploredStates: builder.states.length,
      states: count,
      classes: K,
      decisions: decisionInfo.length,
      boundedDecisions: decisionInfo.filter((d) => d.depth !== null).length,
      reverseDecisions: reverseDecisions.length,
      reverseStates: reverse ? reverse.transitions.length : 0,
    },
  };
}

/**
 * A numbering of a DFA's states (its blocks after minimisation: `block` maps a state to its block,
 * `transitions` are per state) in which each root's states come after the earlier roots': the fixed
 * roots (`fixed`: the dead state and the state that accepts everything, numbered 0 and 1), then per
 * root of `roots`, in order, breadth-first from it the states no earlier root reached. Every state
 * a root reaches is then numbered before `rowsFrom.get(its block)`: a table whose rows are written
 * in this order and decoded from the first is ready for a run from that root once that many rows are
 * (issue 27: the first parse of the top rule decodes its rule's rows, not every rule's and decision's).
 * Breadth-first order also keeps neighbouring rows alike (the template rows of rows-text.mjs).
 */
export function numbered(block, transitions, fixed, roots) {
  const order = new Map();
  for (const x of fixed) if (!order.has(block[x])) order.set(block[x], order.size);
  if (order.size !== fixed.length) throw new Error("scanner: the dead state and the universal state merged");
  // A state of each block: its transitions are the block's (the minimisation merged equals).
  const member = new Map();
  for (let s = 0; s < block.length; s++) if (!member.has(block[s])) member.set(block[s], s);
  // Per block, the number of states numbered when the search that numbered it ended: all it reaches.
  const closedAt = new Map([...order.keys()].map((b) => [b, order.size]));
  const rowsFrom = new Map();
  const queue = [];
  for (const root of roots) {
    const b = block[root];
    if (!order.has(b)) {
      // A block an earlier search numbered has its successors numbered too (that search went on
      // from it): this search goes on from the blocks it numbers.
      queue.length = 0;
      order.set(b, order.size);
      queue.push(b);
      for (let i = 0; i < queue.length; i++) {
        for (const t of transitions[member.get(queue[i])]) {
          const tb = block[t];
          if (!order.has(tb)) order.set(tb, order.size), queue.push(tb);
        }
      }
      for (const x of queue) closedAt.set(x, order.size);
    }
    rowsFrom.set(b, closedAt.get(b));
  }
  // Blocks no root reaches (none, as the DFA is built from its roots; numbered for completeness).
  for (let s = 0; s < block.length; s++) if (!order.has(block[s])) order.set(block[s], order.size);
  return { order, rowsFrom };
}

/**
 * The acceptance DFA of every rule as a start rule (generated/<spec>.accept.ts: what validate() runs,
 * src/validator.ts). It is the joint DFA's part that the start states reach (no decision's states:
 * validate() asks no question) minimised again by acceptance alone (an error label keeps states
 * apart that accept the same continuations; validate() names no error). Issue 27: rfc3986's is
 * 1,070 states of the joint table's 2,699. Same numbering rules (numbered()): 0 rejects everything,
 * 1 accepts everything, then each start rule's states after the earlier rules', breadth-first.
 */
export function acceptanceDfa(trans, accept, starts) {
  const index = new Int32Array(trans.length).fill(-1);
  const reached = [];
  const reach = (s) => {
    if (index[s] < 0) (index[s] = reached.length), reached.push(s);
  };
  reach(0);
  reach(1);
  for (const s of Object.values(starts)) reach(s);
  for (let i = 0; i < reached.length; i++) for (const t of trans[reached[i]]) reach(t);
  const rows = reached.map((s) => Int32Array.from(trans[s], (t) => index[t]));
  const { block } = minimize(rows, reached.map((s) => (s === 0 ? "dead" : `${accept[s]}`)));
  const { order, rowsFrom } = numbered(block, rows, [0, 1], Object.values(starts).map((s) => index[s]));
  if (order.get(block[0]) !== 0 || order.get(block[1]) !== 1) throw new Error("scanner: the acceptance DFA's sinks merged");
  const out = Array.from({ length: order.size }, () => null);
  const acceptOut = new Uint8Array(order.size);
  for (let i = 0; i < rows.length; i++) {
    const m = order.get(block[i]);
    if (m === undefined || out[m] !== null) continue;
    out[m] = Int32Array.from(rows[i], (t) => order.get(block[t]));
    acceptOut[m] = accept[reached[i]];
  }
  const startRows = Object.fromEntries(Object.values(starts).map((s) => [order.get(block[index[s]]), rowsFrom.get(block[index[s]])]));
  return { trans: out, accept: acceptOut, starts: Object.fromEntries(Object.entries(starts).map(([rule, s]) => [rule, order.get(block[index[s]])])), startRows };
}

/**
 * What the next character alone says of a question: per class 1 (yes: the question's DFA goes to
 * "yes"), 0 (no) or 2 (it does not tell: the DFA must read on); then at the end of the input
 * (column K) and past it (K+1, always no).
 */
function oneCharacterAnswers(trans, accept, start, K) {
  const answers = new Uint8Array(K + 2);
  for (let c = 0; c < K; c++) {
    const t = start <= 1 ? start : trans[start][c];
    answers[c] = t <= 1 ? t : 2;
  }
  answers[K] = accept[start];
  return answers;
}

/** Longest path from `start` to a sink (0 or 1), or null when a cycle avoids the sinks. */
function boundedDepth(trans, start) {
  const depth = new Map();
  const onStack = new Set();
  const visit = (s) => {
    if (s <= 1) return 0;
    if (onStack.has(s)) return null;
    if (depth.has(s)) return depth.get(s);
    onStack.add(s);
    let d = 0;
    for (const t of new Set(trans[s])) {
      const x = visit(t);
      if (x === null) {
        onStack.delete(s);
        depth.set(s, null);
        return null;
      }
      d = Math.max(d, x + 1);
    }
    onStack.delete(s);
    depth.set(s, d);
    return d;
  };
  return visit(start);
}

/** Whether the walk from `start` can reach rule `target` through a call made inside a repetition. */
function reachesInLoop(calls, start, target) {
  const seen = new Set();
  const stack = [[start, false]];
  while (stack.length > 0) {
    const [r, inLoop] = stack.pop();
    if (r === target && inLoop) return true;
    const key = `${r}:${inLoop}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const [callee, loop] of calls.get(r) ?? []) stack.push([callee, inLoop || loop]);
  }
  return false;
}

// ---- emission ---------------------------------------------------------------------------------

function base64(typed) {
  return Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength).toString("base64");
}

/**
 * A transition table in its text form (scripts/scanner/rows-text.mjs: flex's template rows, targets
 * relative to their state, in whole-character digits), coded (scripts/scanner/coder.mjs): the zeroed
 * table the module allocates at import (its pages are not touched until load() fills it), the call
 * that fills it whole (src/scanner/tables.ts rowsFromText()) and the reader that fills it as far as
 * asked (rowsReader(), which decodes the coded text as far as the rows it reads).
 */
function table(trans, K, count) {
  const wide = count > 0xffff;
  const type = wide ? "Uint32Array" : "Uint16Array";
  const text = rowsText(trans, K, count);
  const source = `codedReader(${JSON.stringify(code(text, { lc: 0, pb: 0 }))}, ${text.length})`;
  return { empty: `new ${type}(${count * K})`, fill: (name) => `rowsFromText(${name}, K, ${source})`, reader: (name) => `rowsReader(${name}, K, ${source})`, wide };
}

/**
 * The small tables of a module (name -> typed array) as one coded string of their little-endian
 * bytes: per table its declaration (`empty(name)`: zeros of its type and length, allocated at
 * import), and the function that fills them all (`fill`, loadSmall(): load() calls it once, so an
 * import decodes nothing; issue 27: a module costs nothing until it is used).
 */
function smallTables(arrays) {
  const parts = Object.entries(arrays).map(([name, a]) => [name, a, new Uint8Array(a.buffer, a.byteOffset, a.byteLength)]);
  const all = new Uint8Array(parts.reduce((n, [, , b]) => n + b.length, 0));
  const fills = [];
  let o = 0;
  for (const [name, a, b] of parts) {
    all.set(b, o);
    const bytes = `b.subarray(${o}, ${o + b.length})`;
    const width = a.BYTES_PER_ELEMENT;
    fills.push(`  ${name}.set(${width === 1 ? bytes : a instanceof Int32Array ? `i32(${bytes})` : `u32(${bytes})`});`);
    o += b.length;
  }
  const fill = `/** Fills the small tables (${parts.map(([name]) => name).join(", ")}) from one coded string (scripts/scanner/coder.mjs) of their little-endian bytes: once, at the first load(). */
let smallReady = false;
function loadSmall(): void {
  smallReady = true;
  const b = decoded(${JSON.stringify(codeBest(all))}, ${all.length});
${fills.join("\n")}
}`;
  const empty = (name) => `new ${arrays[name].constructor.name}(${arrays[name].length})`;
  return { fill, empty };
}

/** The class of a code unit: a table below 128, a few range tests above. */
function classOfCode(classes) {
  const low = new Uint8Array(128);
  const high = [];
  for (const cls of classes) {
    for (const [lo, hi] of cls.ranges) {
      for (let c = lo; c <= Math.min(hi, 127); c++) low[c] = cls.id;
      if (hi >= 128) high.push([Math.max(lo, 128), hi, cls.id]);
    }
  }
  high.sort((a, b) => a[0] - b[0]);
  if (classes.length > 255) throw new Error("scanner: more than 255 character classes");
  const tests = high.map(([, hi, id], i) => (i === high.length - 1 ? `  return ${id};` : `  if (c <= ${hi}) return ${id};`)).join("\n");
  return { low: `u8(${JSON.stringify(base64(low))})`, high: tests };
}

/**
 * The source of K, LOW and classOf() of a generated module (`exported`: "export " or ""): the
 * scanner's and the acceptance DFA's are the same classes.
 */
function classesSource(K, classes, exported) {
  const { low, high } = classOfCode(classes);
  return `/** Number of character classes: the width of a transition row. */
${exported}const K = ${K};
/** The character class of each code unit below 128. */
${exported}const LOW = ${low};
/** The character class of a UTF-16 code unit. */
${exported}function classOf(c: number): number {
  if (c < 128) return LOW[c];
${high}
}`;
}

/**
 * The self-loop regexes of a generated module's `states` states, the rows each start state needs
 * (`startRows`: start state -> rows, compileGrammar()'s numbered()), and how far load() has decoded
 * the table and filled the regexes (`ready` rows).
 */
const skipsSource = (states, startRows) => `/** Per state whose self-loop reads a large class, a sticky regex that reads a run of it at once (src/scanner/skip.ts). */
export const SKIPS = noSkips(${states});
const SKIP_AT = SKIPS.at;
const SKIP_RE = SKIPS.res;
/** The number of states. */
const STATES = ${states};
/**
 * Per start state, the rows a run from it reads: every state it reaches is numbered below (each
 * start rule's states come after the earlier rules', the decisions' last: scripts/compile-scanner.mjs,
 * numbered()). A run decodes those rows of the table, not the whole of it (issue 27).
 */
export const ROWS_FROM: Readonly<Record<number, number>> = ${JSON.stringify(startRows)};
/** How many rows load() has decoded (and filled the self-loop regexes of). */
let ready = 0;
/** Decodes the rows a run from \`start\` reads (load()). */
function prepare(start: number): void {
  load(ROWS_FROM[start] ?? STATES);
}`;

/** The head of the scan loops (scan(), accepts()): from \`start\`, the next state of each code unit of the input. */
const SCAN_LOOP_HEAD = `  if (ready < STATES) prepare(start);
  let s = start;
  const n = input.length;
  for (let p = 0; p < n; p++) {
    const c = input.charCodeAt(p);
    const next = TRANS[s * K + (c < 128 ? LOW[c] : classOf(c))];`;

/** The scan loops' step on a self-loop (state s, at p): the rest of its run at once by the state's sticky regex (src/scanner/skip.ts). */
const SELF_LOOP_RUN = `      // A self-loop: the rest of its run at once, ending where the table would (the state stays).
      const k = SKIP_AT[s];
      if (k >= 0) {
        const re = SKIP_RE[k];
        re.lastIndex = p + 1;
        if (re.test(input)) p = re.lastIndex - 1;
      }`;

export function emitModule(model, grammarFile, srcDir = "../src") {
  const { K, classes } = model;
  const t = table(model.trans, K, model.trans.length);
  const stateType = t.wide ? "Uint32Array" : "Uint16Array";
  const decisionStarts = new Uint32Array(model.decisions.map((d) => d.start));
  const decisionBits = new Int8Array(model.decisions.map((d) => d.bit));
  const rev = model.reverse;
  const revTable = rev ? table(rev.transitions, K, rev.transitions.length) : null;
  const revIndex = rev && rev.transitions.length <= 256 ? "Uint8Array" : "Uint16Array";
  const small = smallTables({ ACCEPT: model.accept, LABEL: model.stateLabel, FIRST: model.walk.first, ALTERNATIVE: model.walk.alternatives, D_START: decisionStarts, D_BIT: decisionBits, ...(rev ? { REV_BITS: rev.bits } : {}) });
  const classRanges = classes.map((c) => c.ranges.flat());
  const passes = model.passes.map((p) => `//   ${p.rule}: ${p.scans} pass${p.scans === 1 ? "" : "es"}`).join("\n");
  const s = model.stats;
  return `// GENERATED by scripts/compile-scanner.mjs from ${grammarFile}. Do not edit: edit the grammar and run \`npm run build\`.
//
// A linear-time scanner for every rule of the grammar (see scripts/compile-scanner.mjs for the
// construction and why it is linear). ${s.states} DFA states (${s.exploredStates} before minimisation) over ${s.classes} character
// classes; ${s.decisions} decisions, ${s.boundedDecisions} bounded, ${s.reverseDecisions} answered by a reverse pass (${s.reverseStates} states).
// Passes over the input, at most, for an accepted input of each start rule (validation is one):
${passes}
/* eslint-disable */
import type { DerivationNode } from "${srcDir}/scanner/derivation";
import type { NodeFilter } from "${srcDir}/scanner/types";
import { u8, u32, i32${rev ? ", rowsFromText" : ""}, rowsReader } from "${srcDir}/scanner/tables";
import { codedReader, decoded } from "${srcDir}/scanner/coded";
import { noSkips, tableSelfLoopSkipsInto } from "${srcDir}/scanner/skip";

${classesSource(K, classes, "export ")}
/** Code-unit ranges of each class, [lo, hi, lo, hi, ...] (error messages list what was expected). */
export const CLASS_RANGES: readonly (readonly number[])[] = ${JSON.stringify(classRanges)};
/** Transitions: state * K + class -> state. State 0 rejects everything; state 1 accepts everything. Filled by load(). */
export const TRANS: ${stateType} = ${t.empty};
/** Whether a state accepts the end of the input. It, LABEL, FIRST, ALTERNATIVE, D_START${rev ? " and REV_BITS" : ""} are filled by load(). */
export const ACCEPT = ${small.empty("ACCEPT")};
/** The rule stack an error in each state names (index into STACK_PARENT / STACK_NAME). */
export const LABEL = ${small.empty("LABEL")};
export const STACK_PARENT: readonly number[] = ${JSON.stringify(model.stackParent)};
export const STACK_NAME: readonly string[] = ${JSON.stringify(model.stackName)};
/** The DFA state where each rule starts as a start rule (pegName -> state). */
export const START: Readonly<Record<string, number>> = ${JSON.stringify(model.starts)};
/** The printable ASCII characters each rule (pegName) accepts as a whole input. */
export const ONE_CHAR: Readonly<Record<string, string>> = ${JSON.stringify(model.oneChar)};
/** What the next character says of each question: decision * ${K + 2} + column (class, ${K}: end of input, ${K + 1}: past it) -> 1 yes, 0 no, 2 read on. */
export const FIRST = ${small.empty("FIRST")};
/** Per choice: table offset + column -> the alternative taken (in skip functions, its length), 255 ask in order. */
export const ALTERNATIVE = ${small.empty("ALTERNATIVE")};
/** The column of position p in FIRST and ALTERNATIVE. */
function at(p: number): number {
  return p < N ? classOf(I.charCodeAt(p)) : p === N ? K : K + 1;
}
/** The DFA state where each decision's question starts (exported for the tests' planted mistakes). */
export const D_START = ${small.empty("D_START")};
const D_BIT = ${small.empty("D_BIT")};
${rev ? `const REV_TRANS = ${revTable.empty};
/** Per reverse state, the answers of the decisions the reverse pass answers (exported for the tests' planted mistakes). */
export const REV_BITS = ${small.empty("REV_BITS")};
const REV_INITIAL = ${rev.initial};` : ""}
/** The state scan() stopped in (the last state that could still accept). */
export const LAST = new Int32Array(1);
${skipsSource(model.trans.length, model.startRows)}
const readRows = ${t.reader("TRANS")};
${small.fill}
/**
 * Decodes the rows of the transition table before state \`rows\` (default: all of them${rev ? ", and the reverse pass's table" : ""})
 * and builds their self-loop regexes, each once: not at import (issue 27: a revision costs nothing
 * until it is used), and as far as a call needs. scan() decodes the rows its start rule reaches
 * (ROWS_FROM); walk(), and whoever reads TRANS or SKIPS directly, all of them. The first call also
 * fills the small tables (ACCEPT, LABEL, FIRST ...: loadSmall()).
 */
export function load(rows: number = STATES): void {
  if (!smallReady) loadSmall();
  if (rows <= ready) return;
  const from = ready;
  ready = readRows(rows);
  tableSelfLoopSkipsInto(SKIPS, CLASS_RANGES, TRANS, from, ready);
${rev ? `  if (ready === STATES) ${revTable.fill("REV_TRANS")};\n` : ""}}

/**
 * Runs the start state's DFA over the input. Returns -1 when the input is accepted, otherwise the
 * offset of the first character after which nothing can be accepted (the input's length when it
 * ends too early); LAST[0] is then the state before that character.
 */
export function scan(start: number, input: string): number {
${SCAN_LOOP_HEAD}
    if (next === 0) {
      LAST[0] = s;
      return p;
    }
    if (next === s) {
${SELF_LOOP_RUN}
    }
    s = next;
  }
  LAST[0] = s;
  return ACCEPT[s] === 1 ? -1 : n;
}

let I = "";
let N = 0;
/** A pruned derivation's filter (null: keep every node): a node it refuses leaves its children in its place. */
let KEEP: NodeFilter | null = null;
/** The published name of each rule, in the walk functions' order (MODE's index). */
const RULE_NAMES: readonly string[] = ${JSON.stringify(model.publishedRuleNames)};
/** Per rule, for this walk: 0 its node is kept, 1 refused (by a set of names), 2 the filter decides. */
const MODE = new Uint8Array(${model.ruleNames.length});
/** The set of rule names MODE was last set from. */
let MODE_OF: ReadonlySet<string> | null = null;

/** A finished node under a filter: added to its parent, or its children added in its place. */
function keepOrLift(parent: DerivationNode[], rule: string, start: number, end: number, children: DerivationNode[]): void {
  if (KEEP === null || KEEP(rule, start, end)) parent.push({ rule, start, end, children });
  else for (let i = 0; i < children.length; i++) parent.push(children[i]);
}
${rev ? `let REV: ${revIndex} | null = null;

/** The reverse pass: the reverse DFA's state at every position, computed once per walk on demand. */
function reversePass(): ${revIndex} {
  const r = new ${revIndex}(N + 1);
  let s = REV_INITIAL;
  r[N] = s;
  for (let p = N - 1; p >= 0; p--) {
    s = REV_TRANS[s * K + classOf(I.charCodeAt(p))];
    r[p] = s;
  }
  return r;
}
` : ""}
/** dom(e) of decision d at position p: the next character's answer, or the decision's DFA when it does not tell. */
function ask(d: number, p: number): boolean {
  const a = FIRST[d * ${K + 2} + at(p)];
  return a === 2 ? decide(d, p) : a === 1;
}

/** dom(e) of decision d at position p: does e succeed there? (Never past the end: a guard for planted mistakes.) */
function decide(d: number, p: number): boolean {
  if (p > N) return false;
${rev ? `  const bit = D_BIT[d];
  if (bit >= 0) {
    if (REV === null) REV = reversePass();
    return ((REV_BITS[REV[p]] >>> bit) & 1) === 1;
  }
` : ""}  let s = D_START[d];
  while (s > 1) {
    if (p >= N) return ACCEPT[s] === 1;
    s = TRANS[s * K + classOf(I.charCodeAt(p++))];
  }
  return s === 1;
}

${model.walk.code}
const WALKERS: Readonly<Record<string, (p: number, parent: DerivationNode[]) => number>> = {
${model.ruleNames.map((r) => `  ${JSON.stringify(r)}: ${ruleFunction(r)},`).join("\n")}
};

/**
 * The derivation of an input that scan() accepted from the start rule \`rule\` (pegName): every rule's
 * node (\`tree\` true; peggy's traced parser builds the same), or those of the rules \`tree\` keeps when
 * it is a filter or a set of rule names (a pruned derivation: memory for those nodes only; a set
 * decides by name before a rule runs, so a refused rule costs no list and no call).
 */
export function walk(rule: string, input: string, tree: true | NodeFilter | ReadonlySet<string>): DerivationNode[] {
  if (ready < STATES) load();
  I = input;
  N = input.length;
  if (tree === true || typeof tree === "function") {
    KEEP = tree === true ? null : tree;
    MODE.fill(tree === true ? 0 : 2);
    MODE_OF = null;
  } else if (tree !== MODE_OF) {
    KEEP = null;
    for (let k = 0; k < MODE.length; k++) MODE[k] = tree.has(RULE_NAMES[k]) ? 0 : 1;
    MODE_OF = tree;
  }
${rev ? "  REV = null;\n" : ""}  const out: DerivationNode[] = [];
  const end = WALKERS[rule](0, out);
  I = "";
  KEEP = null;
${rev ? "  REV = null;\n" : ""}  if (end !== N) throw new Error(\`scanner: the walk of \${rule} ended at \${end}, not at the end (\${N})\`);
  return out;
}
`;
}

/**
 * generated/<spec>.accept.ts: the acceptance DFA (acceptanceDfa()) and the loop that runs it, alone:
 * what a per-revision entry's validate() loads (src/validator.ts), with no walk, no error labels and
 * no AST tables (issue 27: a page that validates pays for this module only).
 */
export function emitAcceptModule(model, grammarFile, srcDir = "../src") {
  const { K, classes } = model;
  const { trans, accept, starts } = model.acceptance;
  const t = table(trans, K, trans.length);
  return `// GENERATED by scripts/compile-scanner.mjs from ${grammarFile}. Do not edit: edit the grammar and run \`npm run build\`.
//
// The acceptance DFA of every rule as a start rule: what validate() runs (src/validator.ts). ${trans.length} states
// (the scanner's ${model.trans.length} less the decisions' states and those only an error label kept apart) over ${K}
// character classes. An input is valid for a rule when the rule's start state, run over the whole
// input, ends in an accepting state; the scanner's scan() gives the same verdict (test/validator.test.ts).
/* eslint-disable */
import { u8, rowsReader } from "${srcDir}/scanner/tables";
import { codedReader, decoded } from "${srcDir}/scanner/coded";
import { noSkips, tableSelfLoopSkipsInto } from "${srcDir}/scanner/skip";

${classesSource(K, classes, "")}
/** Code-unit ranges of each class, [lo, hi, lo, hi, ...] (the self-loop regexes read them). */
const CLASS_RANGES: readonly (readonly number[])[] = ${JSON.stringify(classes.map((c) => c.ranges.flat()))};
/** Transitions: state * K + class -> state; 0 rejects everything, 1 accepts everything. Filled by load(). */
export const TRANS: ${t.wide ? "Uint32Array" : "Uint16Array"} = ${t.empty};
/** Whether a state accepts the end of the input. Filled by load(). */
export const ACCEPT = new Uint8Array(${trans.length});
/** The state where each rule (pegName) starts. */
export const START: Readonly<Record<string, number>> = ${JSON.stringify(starts)};
${skipsSource(trans.length, model.acceptance.startRows)}
const readRows = ${t.reader("TRANS")};
/**
 * Decodes the rows of the table before state \`rows\` (default: all of them) and builds their
 * self-loop regexes, each once: on the first accepts() from a start rule, the rows it reaches
 * (ROWS_FROM), not at import.
 */
export function load(rows: number = STATES): void {
  if (rows <= ready) return;
  if (ready === 0) ACCEPT.set(decoded(${JSON.stringify(codeBest(accept))}, ${accept.length}));
  const from = ready;
  ready = readRows(rows);
  tableSelfLoopSkipsInto(SKIPS, CLASS_RANGES, TRANS, from, ready);
}

/** Whether the rule starting in \`start\` accepts the whole input: its DFA, one lookup per character (a self-loop's run at once). */
export function accepts(start: number, input: string): boolean {
${SCAN_LOOP_HEAD}
    if (next === 0) return false;
    if (next === s) {
${SELF_LOOP_RUN}
    } else if (next === 1) return true;
    s = next;
  }
  return ACCEPT[s] === 1;
}
`;
}

/**
 * The hash of everything a scanner is made from: the grammar, this script and scripts/scanner/, the
 * annotation reader and peggy's version. The build skips a grammar whose generated scanner carries
 * the same hash (the compilation takes seconds per grammar); any change to an input rebuilds it.
 */
function inputHash(source) {
  const h = createHash("sha256");
  h.update(source);
  for (const dir of ["scanner", "ast"]) for (const f of readdirSync(join(root, "scripts", dir)).sort()) h.update(readFileSync(join(root, "scripts", dir, f)));
  for (const f of [fileURLToPath(import.meta.url), join(root, "scripts", "build-grammars.mjs"), join(root, "scripts", "revisions.mjs")]) h.update(readFileSync(f));
  h.update(require("peggy/package.json").version);
  return h.digest("hex");
}

/**
 * Compiles every grammar of `from` (default grammar/) into `to` (default generated/). Test fixtures
 * (test/fixtures/revision/) are compiled the same way into their own folder.
 */
export function buildAll(from = grammarDir, to = outDir, { only = null } = {}) {
  const grammarDir = from;
  const outDir = to;
  const srcDir = relative(outDir, join(root, "src")).split(sep).join("/");
  mkdirSync(outDir, { recursive: true });
  const built = [];
  for (const id of revisionIds(grammarDir)) {
    if (only !== null && id !== only) continue;
    // The grammar as composed (an amendment spliced into its base: scripts/revisions.mjs).
    const { source, file, extras } = composeGrammar(grammarDir, id, root);
    const out = join(outDir, `${id}.scanner.ts`);
    const astOut = join(outDir, `${id}.ast.ts`);
    const acceptOut = join(outDir, `${id}.accept.ts`);
    const tablesOut = join(outDir, `${id}.ast-tables.ts`);
    const hash = inputHash(source);
    const stampLine = `// input-hash ${hash}\n`;
    if ([out, astOut, acceptOut, tablesOut].every((f) => existsSync(f) && readFileSync(f, "utf8").startsWith(stampLine))) {
      built.push(`${id} (unchanged)`);
      continue;
    }
    const model = compileGrammar(source, file, id);
    writeFileSync(out, stampLine + emitModule(model, file, srcDir));
    writeFileSync(astOut, stampLine + emitAstModule(model.planned, id, file, srcDir, extras === null ? undefined : relative(outDir, extras).split(sep).join("/")));
    writeFileSync(acceptOut, stampLine + emitAcceptModule(model, file, srcDir));
    writeFileSync(tablesOut, stampLine + emitAstTablesModule(model.planned, id, file, srcDir));
    built.push(`${id} ${model.stats.states}/${model.stats.classes}/${model.stats.reverseStates} (validate: ${model.acceptance.trans.length})`);
  }
  // One module that names every revision's AST types, for the package's index (export type * of
  // the AST modules themselves would collide on their values): the generated ones, and the types of
  // what each revision's grammar cannot state (grammar/<spec>/ast.ts) that it exports.
  const lines = [`// GENERATED by scripts/compile-scanner.mjs: the AST types of every grammar of this folder. Do not edit.`];
  const named = new Set();
  for (const file of readdirSync(outDir).filter((f) => f.endsWith(".ast.ts")).sort()) {
    const text = readFileSync(join(outDir, file), "utf8");
    const names = [...text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    // (a generated module re-exports some of its extras' types: those are named once)
    for (const m of text.matchAll(/^export type \{ ([^}]+) \} from/gm)) for (const n of m[1].split(",")) named.add(n.trim());
    for (const n of names) named.add(n);
    if (names.length > 0) lines.push(`export type { ${names.join(", ")} } from "./${basename(file, ".ts")}";`);
  }
  for (const id of revisionIds(grammarDir)) {
    const extras = join(grammarDir, id, "ast.ts");
    if (!existsSync(extras)) continue;
    const names = [...readFileSync(extras, "utf8").matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]).filter((n) => !named.has(n));
    if (names.length > 0) lines.push(`export type { ${names.join(", ")} } from "${relative(outDir, join(grammarDir, id, "ast")).split(sep).join("/")}";`);
  }
  writeFileSync(join(outDir, "ast-types.ts"), lines.join("\n") + "\n");
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  // `--only <id>`: that revision alone (npm run dev); the others are left as they are.
  const args = process.argv.slice(2);
  const at = args.indexOf("--only");
  const only = at >= 0 ? args.splice(at, 2)[1] : null;
  const [from, to] = args;
  const built = from && to ? buildAll(join(process.cwd(), from), join(process.cwd(), to), { only }) : buildAll(undefined, undefined, { only });
  console.log(`compiled scanners (states/classes/reverse states): ${built.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
