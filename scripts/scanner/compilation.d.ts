// The types of the scanner compiler's passes (scripts/compile-scanner.mjs runs them, in stages; each
// pass is a module of scripts/scanner/passes/ and writes one field of a Compilation). The build
// type-checks the passes and the pipeline against these (tsconfig.scripts.json).
import type { ast } from "peggy";
import type { ContinuationGraph } from "./continuations.mjs";
import type { planGrammar } from "../ast/emit-ast.mjs";
import type { Session } from "./pipeline.mjs";

/** The stages, in order: what each pass of a stage may read is what the stages before it wrote. */
export type StageName = "read" | "check" | "build" | "verify" | "encode" | "emit";

/** How the table strings of the generated modules are written (encode-tables). */
export type TableMode = "coded" | "plain";

/** What a compilation is asked for. */
export interface CompileOptions {
  /** The table strings: coded (scripts/scanner/coder.mjs, the package's) or plain (readable, no coder: URI_GRAMMARS_TABLES=plain). */
  readonly tables: TableMode;
  /** The path of src/ as the generated modules import it ("../src" from generated/). */
  readonly srcDir: string;
  /** The module a `call NAME(...)` AST field calls into (grammar/<spec>/ast.ts, or an amendment's base's); absent: src/ast/<id>. */
  readonly extras?: string;
}

/** A PEG expression (peggy's AST node of a rule body or a part of one). */
export type Expression = ast.Expression | ast.Named;

/** parse-grammar: the grammar's rules in order, and by name. */
export interface ParsedGrammar {
  readonly rules: readonly ast.Rule[];
  readonly byName: ReadonlyMap<string, Expression>;
}

/** read-annotations: per rule (pegName), the name a derivation and an error show (the published name, or the helper's own). */
export type PublishedNames = ReadonlyMap<string, string>;

/** check-grammar: what the checks saw (the pipeline stops after the stage when one found a problem). */
export interface GrammarCheck {
  readonly rules: number;
  readonly references: number;
  /** The longest chain of rule calls (published names), from some rule down. */
  readonly longestChain: readonly string[];
}

/** One decision point: where the walk asks dom(expr). */
export interface Decision {
  readonly expr: Expression;
  /** The rule (pegName) it is in. */
  readonly rule: string;
  /** Inside a repetition, directly or through the rules called there. */
  readonly inLoop: boolean;
}

/** list-decisions: every decision, in rule order then walk order, and the rule calls. */
export interface Decisions {
  readonly list: readonly Decision[];
  /** Per rule (pegName): the rules it calls, each with whether the call is inside a repetition. */
  readonly calls: ReadonlyMap<string, readonly (readonly [string, boolean])[]>;
  /** The rules the walk can enter from inside a repetition. */
  readonly loopRules: ReadonlySet<string>;
}

/** build-continuations: the continuation graph, with a node per start rule and per decision's question. */
export interface Continuations {
  readonly graph: ContinuationGraph;
  /** Per rule (the grammar's order): C(rule, END). */
  readonly startNodes: readonly number[];
  /** Per decision (list-decisions' order): dom(expr). */
  readonly decisionNodes: readonly number[];
}

/** A character class: code units every character set of the grammar holds all of or none of. */
export interface CharClass {
  readonly id: number;
  /** [lo, hi] code-unit ranges, ascending. */
  readonly ranges: readonly (readonly [number, number])[];
  /** Per character set of the graph (graph.sets): whether the class is inside it. */
  readonly member: readonly boolean[];
}

/** A DFA over the classes: a row of targets per state (0 rejects everything, 1 accepts everything). */
export interface Rows {
  readonly trans: readonly Int32Array[];
  readonly accept: Uint8Array;
  /** The state where each rule (pegName) starts as a start rule. */
  readonly starts: Readonly<Record<string, number>>;
  /** Per start state: the rows a run from it reads (every state it reaches is numbered below). */
  readonly startRows: Readonly<Record<number, number>>;
}

/** build-dfa: the scanner's DFA, every start rule and every decision's question, minimised and numbered. */
export interface ScannerDfa extends Rows {
  /** Per state: the graph's rule stack an error there names (graph.stacks). */
  readonly label: Int32Array;
  /** Per decision: the state its question starts in. */
  readonly decisionStarts: readonly number[];
  /** States the derivatives explored, before minimisation. */
  readonly explored: number;
}

/** A decision as the walk asks it (classify-decisions). */
export interface DecisionInfo {
  readonly rule: string;
  readonly inLoop: boolean;
  /** The DFA state its question starts in. */
  readonly start: number;
  /** The most characters its DFA reads before it knows (null: unbounded). */
  readonly depth: number | null;
  /** Answered by the reverse pass (unbounded and inside a repetition). */
  readonly reverse: boolean;
  /** What the next character alone says: per class 1 yes, 0 no, 2 read on; then the end of the input (K) and past it (K + 1, no). */
  readonly ll1: Uint8Array;
  /** Its bit in the reverse pass's answers (-1: not answered there). */
  readonly bit: number;
}

/** Per start rule: how many times, at most, the walk reads a character (the linearity bound). */
export interface PassCount {
  readonly rule: string;
  readonly scans: number;
  readonly maxBoundedDepth: number;
}

/** classify-decisions */
export interface Questions {
  readonly list: readonly DecisionInfo[];
  readonly passes: readonly PassCount[];
}

/** build-reverse: the DFA that reads the input from right to left for the decisions it answers. */
export interface ReverseDfa {
  readonly transitions: readonly Int32Array[];
  /** Per reverse state: the answers (a bit per reverse-answered decision). */
  readonly bits: Uint32Array;
  readonly initial: number;
  readonly explored: number;
}

/** build-walk: the walk's functions (TypeScript) and the tables they read. */
export interface Walk {
  readonly code: string;
  /** decision * (K + 2) + column -> 1 yes, 0 no, 2 read on. */
  readonly first: Uint8Array;
  /** Per choice: table offset + column -> the alternative (255: ask in order). */
  readonly alternatives: Uint8Array;
}

/** label-errors: what an error message reads of a state. */
export interface ErrorLabels {
  /** The rule stacks the states name, renumbered from 1 (0: none): each stack's parent and innermost rule. */
  readonly stackParent: readonly number[];
  readonly stackName: readonly string[];
  /** Per state: its stack. */
  readonly stateLabel: Int32Array;
  /** Per rule (pegName): the printable ASCII characters it accepts as a whole input. */
  readonly oneChar: Readonly<Record<string, string>>;
}

/** plan-ast and build-tagged: the AST's plan per start rule (build-tagged adds each one's tagged DFA). */
export type AstPlan = ReturnType<typeof planGrammar>;

/** check-tables: the sizes of what was built (the generated modules' headers and the build's log say them). */
export interface Stats {
  readonly graphNodes: number;
  readonly exploredStates: number;
  readonly states: number;
  readonly classes: number;
  readonly decisions: number;
  readonly boundedDecisions: number;
  readonly reverseDecisions: number;
  readonly reverseStates: number;
}

/** A table string as a generated module carries it: a TypeScript expression of a TextSource (src/scanner/tables.ts). */
export interface EncodedTable {
  /** The expression (`codedReader("...", n)`, `plainText("...")` ...). */
  readonly source: string;
  /** The length of what it decodes to (bytes or characters). */
  readonly length: number;
  /** Its length as written (the string literal's characters). */
  readonly written: number;
  /** The reader it calls (an export of src/scanner/<reader>.ts). */
  readonly call: string;
}

/** encode-tables: every table string of the generated modules, and the module that reads them. */
export interface EncodedTables {
  readonly mode: TableMode;
  /** The module of src/scanner/ the generated modules import the readers from ("coded" or "plain"). */
  readonly reader: string;
  /** The scanner's transition rows (text). */
  readonly rows: EncodedTable;
  /** The scanner's small tables, one string of their little-endian bytes: ACCEPT, LABEL, FIRST, ALTERNATIVE, D_START, D_BIT, REV_BITS. */
  readonly small: EncodedTable;
  /** The reverse pass's rows (text), when there is one. */
  readonly reverseRows: EncodedTable | null;
  /** The acceptance DFA's rows (text) and its ACCEPT bytes. */
  readonly acceptRows: EncodedTable;
  readonly acceptAccept: EncodedTable;
  /** The AST's tagged DFAs that ship, packed, and where each start rule's starts; likewise every start rule's (the tests'). */
  readonly ast: PackedTables | null;
  readonly astTables: PackedTables | null;
}

/** Tagged DFA texts packed into one string (scripts/ast/table-text.mjs, packTexts). */
export interface PackedTables {
  readonly table: EncodedTable;
  /** Per start rule (pegName): [from, to) in the packed text. */
  readonly at: ReadonlyMap<string, readonly [number, number]>;
}

/**
 * One grammar's compilation: the inputs, then one field per pass, filled stage by stage (a field is
 * absent until its pass has run; `need()` reads one that must be there).
 */
export interface Compilation {
  readonly source: string;
  readonly file: string;
  readonly id: string;
  readonly options: CompileOptions;
  grammar?: ParsedGrammar;
  names?: PublishedNames;
  checked?: GrammarCheck;
  decisions?: Decisions;
  continuations?: Continuations;
  classes?: readonly CharClass[];
  dfa?: ScannerDfa;
  questions?: Questions;
  reverse?: ReverseDfa | null;
  walk?: Walk;
  labels?: ErrorLabels;
  acceptance?: Rows;
  planned?: AstPlan;
  tagged?: AstPlan;
  stats?: Stats;
  encoded?: EncodedTables;
  scannerModule?: string;
  acceptModule?: string;
  astModule?: string;
  astTablesModule?: string;
}

/** The fields the passes write. */
export type PassKey = Exclude<keyof Compilation, "source" | "file" | "id" | "options">;

/** A pass: a named step of one stage that writes one field of the compilation. */
export interface Pass<K extends PassKey = PassKey> {
  /** verb-noun: what `npm run grammar -- <spec> --dump <name>` names. */
  readonly name: string;
  readonly stage: StageName;
  /** The field it writes. */
  readonly key: K;
  /** One line: what it makes. */
  readonly summary: string;
  /** Its work: reads the fields earlier passes wrote (need()), reports problems to the session, returns its result. */
  run(c: Compilation, session: Session): NonNullable<Compilation[K]> | null;
  /** Its result, readable: what --dump prints. */
  dump(result: NonNullable<Compilation[K]>, c: Compilation): string;
}
