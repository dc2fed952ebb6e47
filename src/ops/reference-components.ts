// components(): the familiar flat view of a reference (scheme, userinfo, host, port, path, query,
// fragment, and the kind of host), read from the revision's own AST by the revision's reader
// (Revision.readComponents; src/ast/components.ts for how the pieces are laid out).
import type { ReadComponents } from "../ast/components";
import { usageError, type ParseError } from "../errors";
import { isGenericAst, type Ast } from "../revisions/revision";
import type { Components } from "../ast/types";
import { readInput, type KnownRule, type ParseFailure } from "../parse";
import { optionsObject, type UsageFailure } from "../request";
import { getRevision, type DefaultSpec, type RuleName, type SpecId } from "../revisions";

/** The options of `components()`. */
export interface ComponentsOptions<S extends SpecId = SpecId, R extends string = string> {
  /** Revision id; default `draft-2003`. */
  spec?: S | NoInfer<SpecId> | undefined;
  /** Start rule; default the revision's top rule (scheme-aware where parse() is). It must derive a whole reference. */
  rule?: R | NoInfer<RuleName<S>> | undefined;
}

/** The flat components of a valid reference, with the revision, rule and production that read it. */
export interface ComponentsSuccess extends Components {
  ok: true;
  spec: SpecId;
  rule: string;
  /** The scheme's own production that decided (scheme-aware revisions, no rule given). */
  production?: string;
}

/** What `components()` returns: the components, or parse()'s error value (or `not-a-reference` for a rule below a whole reference). */
export type ComponentsResult = ComponentsSuccess | ParseFailure | UsageFailure;

/**
 * The components of a reference in the shape most URL libraries give, read from the revision's own
 * AST: `{ scheme, userinfo, host, port, path, query, fragment, hostKind }`, with `null` for a
 * component that is absent and `""` for one that is present but empty. For the scheme-specific
 * revisions (draft-1993, draft-1994, rfc1738) they come from the production that decided: rfc1738's
 * `http://h/p?q` has query "q" (its `search`), its `ftp://h/f;type=a` has path "/f;type=a". Never
 * throws: an invalid input, a non-string, an unknown spec or rule is parse()'s error value.
 *
 * @example
 * import { components } from "uri-grammars";
 * const c = components("http://user@[::1]:8080/a/b?q#");
 * if (c.ok) {
 *   c.host;     // => "[::1]"
 *   c.hostKind; // => "IPv6"
 *   c.port;     // => "8080"
 *   c.query;    // => "q"
 *   // present but empty:
 *   c.fragment; // => ""
 * }
 * const old = components("http://a.b/c?d", { spec: "rfc1738" });
 * if (old.ok) [old.production, old.path, old.query, old.fragment]; // => ["httpurl", "/c", "d", null]
 */
export function components<S extends SpecId = DefaultSpec, R extends string = never>(input: unknown, options?: ComponentsOptions<S, R> & KnownRule<S, R>): ComponentsResult;
export function components(input: unknown, options?: ComponentsOptions): ComponentsResult {
  const o = optionsObject(options);
  // The positions the tagged DFA records, read straight into components: the AST is not built.
  const r = readInput(input, o); // reads the spec and the rule only
  if (!r.ok) return r;
  const { revision, target } = r;
  const entry = target.entry;
  const text = input as string;
  // The lean builder and reader the build made (the AST is not built), or the AST's reader.
  const read = entry.components ? entry.components(text, r.c) : readComponents(entry.build(text, r.c) as Ast);
  if (!read) return { ok: false, spec: revision.id, rule: target.ruleName, error: notAReference(revision.id, target.ruleName) };
  const c = read.components;
  // Written out, not spread: one object shape for every result (a spread costs a dictionary walk per call).
  const out: ComponentsSuccess = { ok: true, spec: revision.id, rule: target.ruleName, scheme: c.scheme, userinfo: c.userinfo, host: c.host, port: c.port, path: c.path, query: c.query, fragment: c.fragment, hostKind: c.hostKind };
  if (target.production !== undefined) out.production = target.production;
  return out;
}

/** The error of a valid input whose start rule derives no whole reference (components of `host`). */
export function notAReference(spec: string, rule: string): ParseError {
  const message = `${spec} rule "${rule}" derives no whole reference, so it has no components; use the revision's top rule or another rule that derives a whole reference.`;
  return usageError("not-a-reference", spec, rule, message);
}

/** The components of an AST by its revision's reader (a generic-shaped AST when the revision has none); null for a smaller rule. */
export function readComponents(ast: Ast): ReadComponents | null {
  const revision = getRevision(ast.spec);
  return revision?.readComponents ? revision.readComponents(ast) : null;
}
