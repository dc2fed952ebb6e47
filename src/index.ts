// uri-grammars: the URL/URI grammars of 1993-2003 as executable parsers.
// The package's public API (docs/api.md). Every operation takes its input(s) and an options object
// with `spec`, returns a value and never throws: a rejected input, a non-string, an unknown spec or
// rule come back as `{ ok: false, error }` with parse()'s error value.

// Everything one revision's entry (`uri-grammars/<spec>`, src/revision-entry.ts) exports: the
// revisions, parse, the AST types, components, format, check, lint, resolution, normalization,
// equivalence, extraction; and validate(), which a revision's entry takes from its own part
// (src/validator.ts) and this entry from src/parse.ts.
export * from "./revision-entry";
export { validate } from "./parse";

// Across revisions: compare, diff, the character matrix, explain, the languages' differences
export { compareInput, characterTable, diffSpecs, explain } from "./ops";
export type { CompareCell, CompareComponent, CompareOptions, CompareParserRow, CompareResult } from "./ops/compare";
export type { CharacterRow, CharacterTable } from "./ops/characters";
export type { SpecDiff, RuleDiff, RuleSide, ClassChange, ComponentCharDiff } from "./ops/diff";
export type { Explanation, ExplainNode, ExplainOptions, ExplainResult, OtherVerdict } from "./ops/explain";
export { languageDiff } from "./ops/language-diff";
export type { LanguageDiff, LanguageDiffOptions, LanguageComparison, LanguageWitness } from "./ops/language-diff";
export { languageEdit } from "./ops/language-edit";
export type { LanguageEdit, LanguageEditOptions, LanguageEditResult, EditError, EditedRuleText } from "./ops/language-edit";

// IRIs and URIs: RFC 3987 §3.1 and §3.2
export { toURI, toIRI, iriSpecIds } from "./ops/iri";
export type { IriOptions, ToUriResult, ToIriResult } from "./ops/iri";

// Which parser reads an input how: every revision, the parsers their documents define, and any
// implementation plugged in as a row source
export { confusion, CONFUSION_CLASSES, CONFUSION_COMPONENTS, SECURITY_COMPONENTS } from "./ops/confusion";
export type { ConfusionClassId, ConfusionComponent, ConfusionDisagreement, ConfusionLabel, ConfusionOptions, ConfusionResult, ConfusionRow, ParserReading, ReadingSource, RowKind, SecurityComponent } from "./ops/confusion";
export type { ParserColumn } from "./revisions/revision";
export { urlApiReading, urlApiSource } from "./ops/url-api";
