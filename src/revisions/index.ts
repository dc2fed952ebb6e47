// The registry of revisions. A new revision is one entry in its list (src/revisions/built-in.ts: its
// descriptor) and one in SpecAsts (src/revisions/revision.ts, its AST type); the compiler holds the two lists to the same ids. The
// build makes one entry point per revision (scripts/build-entries.mjs, scripts/build-esm.mjs) whose
// registry is that revision alone, so nothing here may name a revision but through the registry in
// force (src/revisions/scope.ts), which every function here reads when it is called.
import { BUILT_IN_ACCEPTORS, BUILT_IN_DEFAULT, BUILT_IN_NOTE, BUILT_IN_REVISIONS } from "./built-in";
import type { GeneratedAcceptor } from "../scanner/types";
import { BUILT_IN, registryInForce, type Registry } from "./scope";
import type { Revision, RuleName, SchemeProductions, SpecAst, SpecAsts, SpecId, SpecInfo } from "./revision";
import type { Citation, NormalizationAlgorithm, ResolutionAlgorithm, RuleInfo } from "./types";
import { schemeProduction } from "./scheme-production";

export { schemeProduction };

export type { Revision, RuleName, SpecAst, SpecAsts, SpecId, SpecInfo, RuleInfo, Citation, NormalizationAlgorithm, ResolutionAlgorithm };

/**
 * The revision used when no `spec` is given: draft-2003. The default stays the newest draft the
 * project set out to transcribe (1993-2003); rfc3986, the standard it became, is one `spec` away.
 *
 * @example
 * import { DEFAULT_SPEC } from "uri-grammars";
 * DEFAULT_SPEC; // => "draft-2003"
 */
export const DEFAULT_SPEC = BUILT_IN_DEFAULT;

/** Internal: what an unknown-spec message adds (a per-revision entry says where the other revisions are). */
export const UNKNOWN_SPEC_NOTE: string = BUILT_IN_NOTE;

/** The type of DEFAULT_SPEC: what `parse()` types its AST by when no `spec` is given. */
export type DefaultSpec = typeof DEFAULT_SPEC;

/** What the functions here read of a registry, made once per registry. */
interface RegistryView {
  /** The built-in revision ids, oldest first (frozen). */
  readonly ids: readonly SpecId[];
  /** The revisions by id, for getRevision() (validate() asks once per input). */
  readonly byId: ReadonlyMap<string, Revision>;
}

const views = /* @__PURE__ */ new WeakMap<Registry, RegistryView>();

/** The registry in force (src/revisions/scope.ts) as the functions here read it. */
function view(): RegistryView {
  const registry = registryInForce();
  let v = views.get(registry);
  if (v === undefined) {
    v = { ids: Object.freeze(Object.keys(registry.revisions) as SpecId[]), byId: new Map(Object.entries(registry.revisions)) };
    views.set(registry, v);
  }
  return v;
}

/** The revision asked for when no `spec` is given, in the registry in force (DEFAULT_SPEC of its entry). */
export function defaultSpec(): SpecId {
  return registryInForce().default as SpecId;
}

/** What an unknown-spec message adds in the registry in force (UNKNOWN_SPEC_NOTE of its entry). */
export function unknownSpecNote(): string {
  return registryInForce().note;
}

/** The built-in revision ids of the registry in force, oldest first (SPEC_IDS of its entry). */
export function specIds(): readonly SpecId[] {
  return view().ids;
}

/**
 * Every revision id, oldest first.
 *
 * @example
 * import { SPEC_IDS } from "uri-grammars";
 * SPEC_IDS[0]; // => "draft-1993"
 * SPEC_IDS.includes("rfc3986"); // => true
 */
// (The registry in force when the module is loaded: the built-in one, or the one revision of a
// CommonJS core instance. The ES module entries export their own: scripts/build-esm.mjs.)
export const SPEC_IDS: readonly SpecId[] = /* @__PURE__ */ Object.freeze(Object.keys(BUILT_IN?.revisions ?? {}) as SpecId[]);

/**
 * The revisions this build can parse, oldest first (a new array each call).
 *
 * @example
 * import { availableSpecIds } from "uri-grammars";
 * availableSpecIds().includes("rfc3986"); // => true
 */
export function availableSpecIds(): SpecId[] {
  return [...specIds(), ...(REGISTERED.keys() as Iterable<SpecId>)];
}

/** Revisions added at run time (registerRevision): the test-only revision of test/fixtures/revision/. */
const REGISTERED = /* @__PURE__ */ new Map<string, Revision>();

/**
 * Internal, not exported by the package: adds a revision at run time, after the built-in ones. The
 * tests register a test-only revision (test/fixtures/revision/) to show that the operations need
 * nothing but its grammar and descriptor. Its id is not a `SpecId` to the types, and `isSpecId` and
 * `SPEC_IDS` keep to the built-in revisions.
 */
export function registerRevision(revision: Revision): void {
  if (isSpecId(revision.id) || REGISTERED.has(revision.id)) throw new Error(`internal: revision "${revision.id}" is already registered`);
  REGISTERED.set(revision.id, revision);
  registryGeneration++;
}

let registryGeneration = 0;

/** Internal: a number that changes whenever a revision is registered or removed (memos of getRevision() compare it). */
export function registryVersion(): number {
  return registryGeneration;
}

/** Internal: removes a revision registerRevision() added (a test cleans up after itself). */
export function unregisterRevision(id: string): void {
  REGISTERED.delete(id);
  registryGeneration++;
}

/**
 * Whether a string is a revision id: narrows a string from a command line or a file to `SpecId`.
 *
 * @example
 * import { isSpecId, parse } from "uri-grammars";
 * const id: string = "draft-1997";
 * if (isSpecId(id)) parse("http://a/", { spec: id }).ok; // => true
 * isSpecId("rfc9999"); // => false
 */
export function isSpecId(id: unknown): id is SpecId {
  return typeof id === "string" && view().byId.has(id);
}

/** The descriptor of a revision (parsers, AST builder, component map): internal, not exported by the package. */
export function getRevision(id: unknown): Revision | undefined {
  return typeof id === "string" ? (view().byId.get(id) ?? REGISTERED.get(id)) : undefined;
}

/**
 * The acceptance DFA of a built-in revision (the very descriptor of the build's list, not another
 * registered under its id), or undefined: validate() then runs the scanner's DFA, which accepts the same.
 */
export function acceptorOf(revision: Revision): GeneratedAcceptor | undefined {
  const id = revision.id;
  return Object.hasOwn(BUILT_IN_ACCEPTORS, id) && (BUILT_IN_REVISIONS as Readonly<Record<string, Revision>> | undefined)?.[id] === revision ? BUILT_IN_ACCEPTORS[id] : undefined;
}

/**
 * The registry: every revision with its title, date, notation, top rule and rules (published name,
 * section, the rule as published, PEG notes, repairs), oldest first.
 *
 * @example
 * import { specs } from "uri-grammars";
 * const draft2003 = specs().find((s) => s.id === "draft-2003")!;
 * draft2003.topRule; // => "URI-reference"
 * draft2003.rules.find((r) => r.published === "IPv6address")!.section; // => "§3.2.2"
 */
export function specs(): SpecInfo[] {
  const { ids, byId } = view();
  return ids.map((id) => {
    const r = byId.get(id)!;
    return { id: r.id, title: r.title, date: r.date, seed: r.seed, notation: r.notation, grammarSection: r.grammarSection, summary: r.summary, topRule: r.topRule, rules: r.rules };
  });
}

/** The names a user may give a revision's rules: `exact` (findRule()), and `folded` (lower-cased) for an ABNF revision. */
export interface RuleNameMaps {
  readonly exact: ReadonlyMap<string, RuleInfo>;
  /** For a revision whose notation ignores the case of rule names (ruleNameCase "insensitive"), else null. */
  readonly folded: ReadonlyMap<string, RuleInfo> | null;
}

const nameMaps = /* @__PURE__ */ new WeakMap<Revision, RuleNameMaps>();

/**
 * The statement of which name finds which rule, made once per revision: findRule() and
 * findNamedRule() read it, and the build writes it into a per-revision entry's validate()
 * (scripts/build-entries.mjs, src/validator.ts).
 */
export function ruleNameMaps(revision: Revision): RuleNameMaps {
  let maps = nameMaps.get(revision);
  if (maps !== undefined) return maps;
  const exact = new Map<string, RuleInfo>();
  // Published names first (the first rule of a name), then helpers' own names where no published rule has it.
  for (const r of revision.rules) if (r.published !== null && !exact.has(r.published)) exact.set(r.published, r);
  for (const r of revision.rules) if (r.kind === "helper" && !exact.has(r.pegName)) exact.set(r.pegName, r);
  let folded: Map<string, RuleInfo> | null = null;
  if (revision.ruleNameCase === "insensitive") {
    folded = new Map();
    for (const r of revision.rules) {
      const n = r.published ?? (r.kind === "helper" ? r.pegName : null);
      if (n !== null && exact.get(n) === r && !folded.has(n.toLowerCase())) folded.set(n.toLowerCase(), r);
    }
  }
  maps = { exact, folded };
  nameMaps.set(revision, maps);
  return maps;
}

/** Looks a rule up by the name a user types: the published spelling (`URI-reference`, `IPv6address`), or a helper's own name. */
export function findRule(revision: Revision, name: string): RuleInfo | undefined {
  return ruleNameMaps(revision).exact.get(name);
}

/**
 * The rule a user names (parse()'s and the CLI's `rule`): findRule(), and for a revision whose
 * notation names rules without regard to case (ABNF, RFC 2234 §2.1: its descriptor's ruleNameCase)
 * the rule whose name is the same but for case. Comparisons between revisions keep findRule(): a
 * draft's `alpha` is not RFC 3986's `ALPHA` because ABNF folds case within one grammar.
 */
export function findNamedRule(revision: Revision, name: string): RuleInfo | undefined {
  const { exact, folded } = ruleNameMaps(revision);
  return exact.get(name) ?? folded?.get(name.toLowerCase());
}

/** Published rule names of a revision, in grammar order (for "which rules exist" messages). */
export function ruleNames(revision: Revision): string[] {
  return revision.rules.map((r) => r.published ?? r.pegName);
}

/**
 * The rule parse() applies when none is asked for: for a scheme-aware revision the rule its
 * schemeProductions select (and the production to report), otherwise the top rule.
 */
export function defaultRule(revision: Revision, input: string): { rule: string; production?: string } {
  const how = revision.schemeProductions;
  if (!how) return { rule: revision.topRule };
  const production = schemeProduction(how, input);
  return { rule: production + (how.ruleSuffix ?? ""), production };
}
