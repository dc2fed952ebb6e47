// uri-grammars: the URL/URI grammars of 1993-2003 as executable parsers.
export { parse, validate, derivationTree, type ParseOptions, type ParseResult } from "./parse";
export { specs, availableSpecIds, getRevision, findRule, SPEC_IDS, DEFAULT_SPEC, type SpecId, type SpecInfo, type RuleInfo } from "./revisions";
export type { ParseError, ErrorCode } from "./errors";
export type { DerivationNode, Span, TextComponent } from "./ast/derivation";
export type * from "./ast/types";
export { compareInput, characterTable, diffSpecs, explain, lint } from "./ops";
export type * from "./ast/rfc1738";
export * from "./ops/reference-ops";
export type * from "./ast/draft-1993";
export * from "./ops/extract";
