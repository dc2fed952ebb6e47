// uri-grammars: the URL/URI grammars of 1993-2003 as executable parsers.
// The package's public API (docs/api.md). Every operation takes its input(s) and an options object
// with `spec`, returns a value and never throws: a rejected input, a non-string, an unknown spec or
// rule come back as `{ ok: false, error }` with parse()'s error value.

// Revisions
export { specs, availableSpecIds, isSpecId, SPEC_IDS, DEFAULT_SPEC } from "./revisions";
export type { SpecId, SpecAst, SpecAsts, RuleName, DefaultSpec, SpecInfo, RuleInfo } from "./revisions";

// Parsing and validation
export { parse, validate } from "./parse";
export type { AnyParseResult, AstFor, ParseOptions, ParseResult, ParseSuccess, ParseFailure, TreeField, ValidateOptions } from "./parse";
export type { UsageFailure } from "./request";
export { MAX_TREE_INPUT } from "./request";
export type { ParseError, ErrorCode } from "./errors";

// ASTs
export type { DerivationNode } from "./scanner/derivation";
export type * from "./ast/types";
export type { Ast, GenericAst, RuleAst, TopAst, SpecAstsByRule } from "./revisions/revision";
export type * from "../generated/ast-types";
export type { Draft1997Path, Draft1997Segment } from "./ast/draft-1997";
export type { Rfc1738Path, Rfc1738Field } from "./ast/rfc1738";
export type { Draft1994Path, Draft1994WaisField } from "./ast/draft-1994";

// Components, recomposition, policies
export { components } from "./ops/reference-components";
export type { ComponentsOptions, ComponentsResult, ComponentsSuccess } from "./ops/reference-components";
export { format } from "./ops/format";
export type { FormatCheckOptions, FormatChecked } from "./ops/format";
export { buildReference, encodeComponent, decodeComponent } from "./ops/build-reference";
export type { BuildFailure, BuildOptions, BuildResult, ComponentCodingOptions, DecodeResult, EncodableComponent, EncodeResult, ReferenceParts } from "./ops/build-reference";
export { check } from "./ops/check";
export type { CheckInvalid, CheckOptions, CheckPassed, CheckResult, CheckViolated, ComponentName, PolicyCode, PolicyViolation } from "./ops/check";

// Across revisions: compare, diff, the character matrix, explain, security notes
export { compareInput, characterTable, diffSpecs, explain, lint } from "./ops";
export type { CompareCell, CompareComponent, CompareOptions, CompareResult } from "./ops/compare";
export type { CharacterRow, CharacterTable } from "./ops/characters";
export type { SpecDiff, RuleDiff, RuleSide, ClassChange, ComponentCharDiff } from "./ops/diff";
export type { Explanation, ExplainNode, ExplainOptions, ExplainResult, OtherVerdict } from "./ops/explain";
export type { LintNote, LintCode, LintOptions, LintResult } from "./ops/lint";
export { languageDiff } from "./ops/language-diff";
export type { LanguageDiff, LanguageDiffOptions, LanguageComparison, LanguageWitness } from "./ops/language-diff";

// Resolution, normalization, equivalence
export { resolve, normalize, equivalent, LEVELS } from "./ops/reference-ops";
export type { ResolveResult, ResolveOptions, ResolveError, ResolveErrorCode, DotSegmentsChoice, Citation, UriComponents } from "./ops/reference-ops";
export type { NormalizationLevel, NormalizeOptions, NormalizeResult, NormalizationStep, NormalizeErrorCode } from "./ops/normalize";
export type { EquivalentResult } from "./ops/equivalent";

// Extraction: URL references found in running text, by each revision's delimiting rules
export * from "./ops/extract";
