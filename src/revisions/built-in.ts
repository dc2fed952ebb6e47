// The list of built-in revisions, read by the registry (src/revisions/index.ts) and nothing else:
// every folder of grammar/ (generated/revisions.ts, which the build derives from the folders: a
// revision is added by adding its folder). It is a module of its own so that the per-revision
// entry points (`uri-grammars/rfc3986`, built by scripts/build-entries.mjs) can replace it by a list
// of one revision, and a bundle of one entry carries that revision's tables alone.
import { ACCEPTORS, DESCRIPTORS } from "../../generated/revisions";
import type { GeneratedAcceptor } from "../scanner/types";
import type { Revision, SpecAst, SpecId } from "./revision";

/** One descriptor per revision, oldest first (the order every operation lists them in). */
export const BUILT_IN_REVISIONS: { readonly [S in SpecId]: Revision<SpecAst<S>> } = DESCRIPTORS;

/**
 * The revision used when no `spec` is given (DEFAULT_SPEC); a per-revision entry point's own
 * revision there. draft-2003: the project is about the drafts of 1993-2003 (README.md).
 */
export const BUILT_IN_DEFAULT = "draft-2003" satisfies SpecId;

/** What an unknown-spec message adds: nothing here; in a per-revision entry, where the other revisions are. */
export const BUILT_IN_NOTE = "";

/**
 * The built-in revisions' acceptance DFAs by id (generated/<spec>.accept.ts): the main entry's
 * validate() runs a built-in revision's DFA of that module (src/revisions/index.ts, acceptorOf()). A
 * revision's entry has none here (its validate() is its own part, src/validator.ts): a page that
 * imports its parse() carries no acceptance DFA.
 */
export const BUILT_IN_ACCEPTORS: Readonly<Record<string, GeneratedAcceptor>> = ACCEPTORS;
