// The API of one revision: what `uri-grammars/<spec>` (e.g. `uri-grammars/rfc3986`) exports. The
// build (scripts/build-entries.mjs) bundles this module once per revision of the registry, with the
// registry's list (src/revisions/built-in.ts) replaced by that revision alone: its tables are the only
// ones the entry loads, `spec` defaults to it, and another revision's id is an unknown-spec error value.
// The operations across revisions (compareInput, diffSpecs, characterTable, explain, languageDiff) need
// them all and stay in the main entry (src/index.ts), which also has everything exported here. The
// operations that apply to some revisions only (toURI and toIRI, for an IRI revision) are added to the
// entries whose descriptors say so by the build, from src/entry-operations.ts.

// Revisions (here: the one revision of the entry)
export { specs, availableSpecIds, isSpecId, SPEC_IDS, DEFAULT_SPEC } from "./revisions";
export type { SpecId, SpecAst, SpecAsts, RuleName, DefaultSpec, SpecInfo, RuleInfo } from "./revisions";

// Parsing and validation
export { parse } from "./parse";
// validate() is not here: the main entry exports src/parse.ts's (src/index.ts), a per-revision entry its
// revision's own, over the acceptance DFA alone (src/validator.ts; scripts/build-entries.mjs).
export type { AnyParseResult, AstFor, KnownRule, ParseOptions, ParseResult, ParseSuccess, ParseFailure, TreeField, ValidateOptions } from "./parse";
export type { UsageFailure } from "./request";
export { MAX_TREE_INPUT } from "./request";
export type { ParseError, PlacedError, UnplacedError, ErrorCode } from "./errors";

// ASTs
export type { DerivationNode } from "./scanner/derivation";
export type * from "./ast/types";
export type { Ast, GenericAst, RuleAst, TopAst, SpecAstsByRule } from "./revisions/revision";
// Every revision's AST types: the generated ones and those of grammar/<spec>/ast.ts (the build lists them).
export type * from "../generated/ast-types";

// Components, recomposition, policies, security notes
export { components } from "./ops/reference-components";
export type { ComponentsOptions, ComponentsResult, ComponentsSuccess } from "./ops/reference-components";
export { format } from "./ops/format";
export type { FormatCheckOptions, FormatChecked } from "./ops/format";
export { buildReference, encodeComponent, decodeComponent } from "./ops/build-reference";
export type { BuildFailure, BuildOptions, BuildResult, ComponentCodingOptions, DecodeResult, EncodableComponent, EncodeResult, ReferenceParts } from "./ops/build-reference";
export { check } from "./ops/check";
export type { CheckInvalid, CheckOptions, CheckPassed, CheckResult, CheckViolated, ComponentName, PolicyCode, PolicyViolation } from "./ops/check";
export { lint } from "./ops/lint";
export type { LintNote, LintCode, LintOptions, LintResult } from "./ops/lint";

// Resolution, normalization, equivalence
export { resolve } from "./ops/resolve";
export { normalize, LEVELS } from "./ops/normalize";
export { equivalent } from "./ops/equivalent";
export type { ResolveResult, ResolveSuccess, ResolveKind, ResolveOptions, ResolveError, ResolveErrorCode, DotSegmentsChoice, Citation } from "./ops/resolve";
export type { UriComponents } from "./ops/uri-components";
export type { NormalizationLevel, NormalizeOptions, NormalizeResult, NormalizationStep, NormalizeErrorCode } from "./ops/normalize";
export type { EquivalentResult } from "./ops/equivalent";

// Extraction: URL references found in running text, by the revision's delimiting rules
export * from "./ops/extract";
