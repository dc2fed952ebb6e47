// The production a scheme-aware revision's scheme selects (its descriptor's schemeProductions): a
// module of its own, with no registry and no tables, so that validate() of a per-revision entry
// (src/validator.ts) states the choice with the same function as parse() (src/parse.ts, defaultRule()).
import type { SchemeProductions } from "./revision";

/** The production a scheme-aware revision applies to an input: by its prefix, else by its scheme (see defaultRule() in ./index.ts). */
export function schemeProduction(how: SchemeProductions, input: string): string {
  if (how.prefix && input.slice(0, how.prefix.text.length).toLowerCase() === how.prefix.text.toLowerCase()) return how.prefix.production;
  // The scheme is everything before the first ":" (no scheme rule of these documents has one).
  const colon = input.indexOf(":");
  if (colon < 0) return how.productions.get("") ?? how.otherwise;
  const scheme = input.slice(0, colon);
  return how.productions.get(how.caseSensitive || !hasUpperCase(scheme) ? scheme : scheme.toLowerCase()) ?? how.otherwise;
}

/**
 * The scheme that selected a production of its own (`http` of `http://a/` under rfc1738, whose
 * httpurl spells "http" as letters, so that no scheme rule holds it), after a prefix such as
 * draft-1994's "URL:"; null when the catch-all production decides.
 */
export function productionScheme(how: SchemeProductions, input: string): string | null {
  const rest = how.prefix && input.slice(0, how.prefix.text.length).toLowerCase() === how.prefix.text.toLowerCase() ? input.slice(how.prefix.text.length) : input;
  const colon = rest.indexOf(":");
  if (colon <= 0) return null;
  const scheme = rest.slice(0, colon);
  return how.productions.has(how.caseSensitive ? scheme : scheme.toLowerCase()) ? scheme : null;
}

/** Whether a string has an ASCII capital (most schemes are written in lower case: toLowerCase() is then a copy for nothing). */
function hasUpperCase(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return true;
    if (c >= 0x80) return true; // non-ASCII: toLowerCase() decides
  }
  return false;
}
