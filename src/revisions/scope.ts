// The registry in force: which revisions a call can name, which one it takes when none is named, and
// what an unknown-spec message adds. The library's code reads it here and nowhere else (src/revisions/
// index.ts), so that one copy of the code can serve several registries:
//   - the main entry and the code as tsc compiles it: the built-in list (src/revisions/built-in.ts),
//     in force from the start;
//   - the CommonJS core of the per-revision entries (scripts/build-entries.mjs): built-in.ts replaced
//     by the one revision the core instance is made for, in force from the start;
//   - the ES modules of the entries (scripts/build-esm.mjs), which share one copy of the code so that a
//     bundler can drop what a page does not import: built-in.ts replaced by nothing (BUILT_IN_REVISIONS
//     undefined), and each entry's exported function puts its entry's registry in force for the call
//     (enterRegistry, then leaveRegistry in a finally). An object a call hands out that calls back into
//     the library later (an extractor) keeps the registry of the call that made it (registryInForce,
//     withRegistry).
import { BUILT_IN_DEFAULT, BUILT_IN_NOTE, BUILT_IN_REVISIONS } from "./built-in";
import type { Revision } from "./revision";

/** A registry: the revisions by id (oldest first), the default one, the note of unknown-spec messages. */
export interface Registry {
  readonly revisions: { readonly [id: string]: Revision };
  readonly default: string;
  readonly note: string;
}

/** The built-in registry, or null where the build left the list out (the ES module core). */
export const BUILT_IN: Registry | null = BUILT_IN_REVISIONS === undefined ? null : { revisions: BUILT_IN_REVISIONS, default: BUILT_IN_DEFAULT, note: BUILT_IN_NOTE };

let current: Registry | null = BUILT_IN;

/**
 * The registry in force. Internal: a call through an entry always has one; none means an entry
 * forgot to put its registry in force, a mistake of the build, not of the caller.
 */
export function registryInForce(): Registry {
  if (current === null) throw new Error("internal: no registry in force (an entry's function must call enterRegistry)");
  return current;
}

/** Puts `registry` in force and returns what was, for leaveRegistry(). */
export function enterRegistry(registry: Registry): Registry | null {
  const before = current;
  current = registry;
  return before;
}

/** Puts back what enterRegistry() returned. */
export function leaveRegistry(before: Registry | null): void {
  current = before;
}

/** `f()` with `registry` in force (what an entry's exported function does around the library's). */
export function withRegistry<T>(registry: Registry, f: () => T): T {
  const before = enterRegistry(registry);
  try {
    return f();
  } finally {
    leaveRegistry(before);
  }
}
