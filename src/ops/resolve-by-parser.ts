// A revision that resolves by parsing against a base URL (the WHATWG URL Standard §4.4: "the basic
// URL parser" with "an optional base URL base"): the base and the reference are judged by the
// revision's grammar first, as every resolve() judges its inputs by its own grammar (the base must be
// a valid URL string with no base, the top rule; the reference a valid URL string against that base,
// the start rule of the base's class: the `base` option of parse()), then the descriptor's parser
// gives the URL (Revision.resolution.byParser).
import type { Revision } from "../revisions";
import type { ParserResolution } from "../revisions/revision";
import { parse } from "../parse";
import { componentsOf } from "./uri-components";
import type { ResolveResult } from "./resolve-result";

export function resolveByParser(revision: Revision, parser: ParserResolution, base: string, reference: string): ResolveResult {
  const spec = revision.id;
  const b = parse(base, { spec });
  if (!b.ok) {
    return { ok: false, spec, error: { code: "invalid-base", spec, section: "§4.3", message: `The base must be a ${revision.topRule} (a valid URL string with no base URL, §4.3): ${b.error.message}`, parseError: b.error } };
  }
  const r = parse(reference, { spec, base });
  if (!r.ok) {
    return { ok: false, spec, error: { code: "invalid-reference", spec, section: "§4.3", message: `The reference is not a valid URL string against this base (§4.3): ${r.error.message}`, parseError: r.error } };
  }
  const url = parser.parse(base, reference);
  if (!url.ok) {
    // A valid URL string the parser fails on is a disagreement between the standard's two halves.
    return { ok: false, spec, error: { code: "invalid-reference", spec, section: "§4.4", message: `The reference is a valid URL string, yet the URL parser (§4.4, ${parser.label}) returns failure for it against this base${url.validationErrors.length > 0 ? ` (validation errors: ${url.validationErrors.join(", ")})` : ""}: the standard's writing and parsing sections disagree here.` } };
  }
  // The serialized URL is a valid URL string (§4.5); its components are the grammar's reading of it.
  const t = parse(url.url, { spec });
  return { ok: true, kind: "uri", spec, uri: url.url, components: t.ok ? componentsOf(t.ast) : null };
}
