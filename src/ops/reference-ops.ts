// The public API of relative resolution, recomposition, normalization and equivalence (src/index.ts
// re-exports it). One module per concept of the documents:
//   resolve     relative resolution (draft-1993 Partial form, rfc1808 §4, draft-1997 §5.2, draft-2003 §5.2)
//   format      recomposition (draft-1997 §5.2 step 7, draft-2003 §5.2 "recombined")
//   normalize   normal forms on the comparison ladder (draft-2003 §6.2, draft-1997 §6)
//   equivalent  comparison of two normal forms
export { resolve, resultText, definesResolution, noResolution } from "./resolve";
export type { ResolveResult, ResolveOptions, ResolveError, ResolveErrorCode, DotSegmentsChoice, Citation } from "./resolve";
export { format, recombine } from "./format";
export { componentsOf, referenceComponents, appendixBComponents, type UriComponents } from "./uri-components";
export { normalize, normalizeEscapes, LEVELS, type NormalizationLevel, type NormalizeOptions, type NormalizeResult, type NormalizationStep } from "./normalize";
export { equivalent, type EquivalentResult } from "./equivalent";
