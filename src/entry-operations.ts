// The operations a revision's own entry (`uri-grammars/<spec>`) carries beyond src/revision-entry.ts's:
// those that apply to some revisions only, each with the descriptor fact that decides it. The build
// reads this list (scripts/build-entries.mjs, scripts/build-esm.mjs): an entry exports an operation
// when its revision's descriptor says it applies, so a revision that gains the fact gains the
// operation with no edit anywhere else. The main entry (src/index.ts) exports them all.
import type { Revision } from "./revisions";

/** Operations of one module of src/ that apply to the revisions a descriptor fact names. */
export interface RevisionOperations {
  /** The module, relative to src/ and without extension. */
  module: string;
  /** Its exported functions and values an entry carries. */
  values: readonly string[];
  /** Its exported types the entry's declarations carry with them. */
  types: readonly string[];
  /** Whether a revision's entry carries them, read from its descriptor. */
  applies(revision: Revision): boolean;
  /** Why, for the build's messages and the docs. */
  why: string;
}

export const REVISION_OPERATIONS: readonly RevisionOperations[] = [
  {
    module: "ops/iri",
    values: ["toURI", "toIRI", "iriSpecIds"],
    types: ["IriOptions", "ToUriResult", "ToIriResult"],
    applies: (revision) => revision.iri !== undefined,
    why: "RFC 3987 §3's mappings between IRIs and URIs, for an IRI revision (its descriptor's `iri`)",
  },
];
