// The list of built-in revisions, read by the registry (src/revisions/index.ts) and nothing else.
// It is a module of its own so that the per-revision entry points (`uri-grammars/rfc3986`, built by
// scripts/build-entries.mjs) can replace it by a list of one revision, and a bundle of one entry
// carries that revision's tables alone.
import { draft1993 } from "./draft-1993";
import { draft1994 } from "./draft-1994";
import { draft1997 } from "./draft-1997";
import { draft2003 } from "./draft-2003";
import { rfc1630 } from "./rfc1630";
import { rfc1738 } from "./rfc1738";
import { rfc1808 } from "./rfc1808";
import { rfc2396 } from "./rfc2396";
import { rfc2732 } from "./rfc2732";
import { rfc3986 } from "./rfc3986";
import { rfc3987 } from "./rfc3987";
import { rfc6874 } from "./rfc6874";
import type { Revision, SpecAst, SpecId } from "./revision";

/** One descriptor per revision, oldest first (the order every operation lists them in). */
export const BUILT_IN_REVISIONS: { readonly [S in SpecId]: Revision<SpecAst<S>> } = {
  "draft-1993": draft1993,
  "draft-1994": draft1994,
  rfc1630: rfc1630,
  rfc1738: rfc1738,
  rfc1808: rfc1808,
  "draft-1997": draft1997,
  rfc2396: rfc2396,
  rfc2732: rfc2732,
  "draft-2003": draft2003,
  rfc3986: rfc3986,
  rfc3987: rfc3987,
  rfc6874: rfc6874,
};

/** The revision used when no `spec` is given (DEFAULT_SPEC); a per-revision entry point's own revision there. */
export const BUILT_IN_DEFAULT = "draft-2003" satisfies SpecId;

/** What an unknown-spec message adds: nothing here; in a per-revision entry, where the other revisions are. */
export const BUILT_IN_NOTE = "";
