import type { DerivationNode } from "../ast/derivation";
import type { RuleInfo } from "./types";

/** The generated parser modules of one revision (generated/<spec>.ast.ts, generated/<spec>.trace.ts). */
export interface GeneratedParser {
  parse(input: string, options?: Record<string, unknown>): unknown;
}

/** What the registry says about one revision. `specs()` returns these (without the parsers). */
export interface SpecInfo {
  id: SpecId;
  title: string;
  /** Publication date as the document gives it (YYYY-MM). */
  date: string;
  /** The seed file under ../shared/seeds/. */
  seed: string;
  /** The grammar notation the document uses. */
  notation: string;
  /** Where in the document the grammar is. */
  grammarSection: string;
  /** The default start rule (published name). */
  topRule: string;
  /** Every rule, with its published name, section, published text and PEG notes. */
  rules: readonly RuleInfo[];
}

export type SpecId = "draft-1993" | "draft-1994" | "rfc1738" | "draft-1997" | "draft-2003";
export const SPEC_IDS: readonly SpecId[] = ["draft-1993", "draft-1994", "rfc1738", "draft-1997", "draft-2003"];

/** A revision the tool can parse: registry data plus its parsers and AST builder. */
export interface Revision<A = unknown> extends SpecInfo {
  astParser: GeneratedParser;
  traceParser: GeneratedParser;
  /** Calls the tracer but builds no nodes: re-run on a rejected input to name the failing rule. */
  diagnoseParser: GeneratedParser;
  buildAst(root: DerivationNode, input: string): A;
  /**
   * Rules that match one character or one escape (alpha, pchar, HEXDIG ...). Error messages name the
   * innermost rule above these, which is the one a person can act on.
   */
  characterRules: ReadonlySet<string>;
  /**
   * Scheme-specific revisions (draft-1993, draft-1994, rfc1738) only: picks the production that
   * decides an input when no rule is asked for (the scheme's own production, or the generic one
   * for other schemes). Returns a published rule name. Without it, the top rule decides.
   */
  selectProduction?(input: string): string;
}
