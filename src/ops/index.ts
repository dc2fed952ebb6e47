// Operations across revisions: compare an input, diff two grammars, the character matrix,
// explain a verdict, security notes. All of them loop over the registry and read each revision's
// component map (Revision.components).
export { compareInput, type CompareCell, type CompareResult } from "./compare";
export { characterTable, CHARACTERS, ESCAPE, type CharacterRow, type CharacterTable } from "./characters";
export { diffSpecs, type SpecDiff } from "./diff";
export { explain, type Explanation, type ExplainNode } from "./explain";
export { lint, type LintNote, type LintCode } from "./lint";
