// The rule inventory check: the rules a PEG grammar transcribes (the registry, by published name)
// must be exactly the rules of the published grammar. Helper rules are allowed only when marked
// `@helper` in the .peggy file; a missing, extra or misspelled rule is reported. A published
// grammar's `; @reading` rules (the project's reading of prose, not the document's productions)
// are listed, not required of the PEG.
import type { RuleInfo } from "../revisions";
import type { PublishedGrammar } from "../published";

export interface InventoryReport {
  /** In the published grammar, not transcribed. */
  missing: string[];
  /** Transcribed under a published name the document does not have (misspelled or invented). */
  unknown: string[];
  /** Kind differs: a core rule transcribed as the document's, or the other way round. */
  wrongKind: { name: string; peg: string; published: string }[];
  /** Marked helper rules (allowed, listed for the record). */
  helpers: string[];
  /** The published grammar's reading rules (`; @reading`; allowed, listed for the record). */
  readings: string[];
}

export function compareInventory(rules: readonly RuleInfo[], grammar: PublishedGrammar): InventoryReport {
  // Names are compared exactly, as the document spells them (even where ABNF would ignore case).
  const published = new Map(grammar.rules.map((r) => [r.name, r]));
  const transcribed = rules.filter((r) => r.kind !== "helper");
  const names = new Set(transcribed.map((r) => r.published!));
  return {
    missing: grammar.rules.filter((r) => r.kind !== "reading" && !names.has(r.name)).map((r) => r.name),
    unknown: transcribed.filter((r) => !published.has(r.published!)).map((r) => r.published!),
    wrongKind: transcribed
      .filter((r) => published.has(r.published!) && published.get(r.published!)!.kind !== r.kind)
      .map((r) => ({ name: r.published!, peg: r.kind, published: published.get(r.published!)!.kind })),
    helpers: rules.filter((r) => r.kind === "helper").map((r) => r.pegName),
    readings: grammar.rules.filter((r) => r.kind === "reading").map((r) => r.name),
  };
}

export function inventoryAgrees(r: InventoryReport): boolean {
  return r.missing.length === 0 && r.unknown.length === 0 && r.wrongKind.length === 0;
}
