/// <reference path="./whatwg-url.d.ts" />
// What the WHATWG URL Standard defines beside its writing grammar, through whatwg-url (jsdom's
// reference implementation of the standard; 17.3.0 implements it at or after 6ae8486 and reproduces
// the 891 web-platform-tests expectations of test/data/wpt): the class of a base URL, which picks the
// writing grammar's start rule (§4.3 "relative-URL-with-fragment string" and "relative-URL string"
// switch on the base URL); the basic URL parser as a row of its own (§4.4); and resolution, which the
// standard does by parsing with a base (§4.4 "basic URL parser" with base).
//
// Errors are values: no function here throws, whatever its argument.
// The state machine module, not the package's index.js: see ./whatwg-url.d.ts (index.js's URL class
// loads webidl-conversions, which throws on load in a browser page without SharedArrayBuffer).
import { basicURLParse, hasAnOpaquePath, parseURLWithValidationErrors, serializeHost, serializeURL, type UrlRecord } from "whatwg-url/lib/url-state-machine";
import { version as WHATWG_URL_VERSION } from "whatwg-url/package.json";
import type { BaseClass, ParserColumn, ParserReading, ParserValidity } from "../../src/revisions/revision";

export { WHATWG_URL_VERSION };

/** §4.2 "A special scheme is an ASCII string that is listed in the first column of the following table". */
const SPECIAL_SCHEMES: ReadonlySet<string> = /* @__PURE__ */ new Set(["ftp", "file", "http", "https", "ws", "wss"]);

/** The URL record of a base URL: the basic URL parser's (§4.4), or null for failure. */
function parseBase(base: string): UrlRecord | null {
  try {
    return basicURLParse(base);
  } catch {
    return null;
  }
}

/**
 * The class of a base URL (the grammar's `@base-rule` classes), in the order the standard tests:
 * §4.3 "A relative-URL-with-fragment string must be U+0023 (#) followed by a URL-fragment string, if
 * base URL has an opaque path"; then "relative-URL string ... switching on base URL's scheme": a
 * special scheme that is not "file", "file", "Otherwise". The snapshot of 2026-06-25 switches on a
 * file base's host being the empty host too: the class says which (its grammar maps both to one rule
 * where the rule does not depend on it).
 */
export function classifyBase(base: string): BaseClass {
  const url = parseBase(base);
  if (url === null) return { ok: false, message: "the URL parser (§4.4) returns failure for it." };
  if (hasAnOpaquePath(url)) return { ok: true, class: "opaque-path" };
  if (url.scheme === "file") return { ok: true, class: url.host === "" ? "file-empty-host" : "file-host" };
  return { ok: true, class: SPECIAL_SCHEMES.has(url.scheme) ? "special" : "non-special" };
}

/** The components of a URL record as strings (a path list serialized as the URL serializer does, §4.5). */
function recordComponents(url: UrlRecord): NonNullable<ParserReading["components"]> {
  const path = typeof url.path === "string" ? url.path : url.path.map((s) => `/${s}`).join("");
  return {
    scheme: url.scheme,
    userinfo: url.username !== "" || url.password !== "" ? url.username + (url.password !== "" ? `:${url.password}` : "") : null,
    host: url.host === null ? null : serializeHost(url.host),
    port: url.port === null ? null : String(url.port),
    path,
    query: url.query,
    fragment: url.fragment,
  };
}

/** What the basic URL parser (§4.4) reads in an input, against a base URL when one is given. */
export function parserReading(input: string, base?: string): ParserReading {
  try {
    let baseURL: UrlRecord | null = null;
    if (base !== undefined) {
      baseURL = parseBase(base);
      if (baseURL === null) return { verdict: "invalid", components: null, error: `the base URL ${JSON.stringify(base)} is failure to the URL parser (§4.4).` };
    }
    const { url, validationErrors } = parseURLWithValidationErrors(input, { baseURL });
    const errors = validationErrors.length === 0 ? "" : ` (validation errors, §4.4: ${validationErrors.join(", ")})`;
    if (url === null) return { verdict: "invalid", components: null, error: `the URL parser (§4.4) returns failure${errors}.` };
    return {
      verdict: "valid",
      components: recordComponents(url),
      how: `the URL record the URL parser (§4.4) returns, serialized${errors === "" ? " (no validation error)" : errors}`,
    };
  } catch (e) {
    return { verdict: "invalid", components: null, error: `whatwg-url failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * The parser's definition of valid (§4.4 "validation error": "A validation error indicates a mismatch
 * between input and valid input"): whether the basic URL parser returns a URL for `input` against
 * `base`, and the validation errors it reports. null when the base is failure.
 */
export function parserValidity(input: string, base?: string): ParserValidity | null {
  try {
    let baseURL: UrlRecord | null = null;
    if (base !== undefined) {
      baseURL = parseBase(base);
      if (baseURL === null) return null;
    }
    const { url, validationErrors } = parseURLWithValidationErrors(input, { baseURL });
    return { parsed: url !== null, validationErrors };
  } catch {
    return { parsed: false, validationErrors: ["whatwg-url failed"] };
  }
}

/** One base URL of each class classifyBase() answers (null: no base), as the checks use them. */
export const BASE_EXAMPLES: Readonly<Record<string, string | null>> = {
  none: null,
  special: "https://example.org/a/b?c#d",
  "file-empty-host": "file:///C:/dir/x",
  "file-host": "file://server/tmp/x",
  "non-special": "foo://h/p/q",
  "opaque-path": "foo:opaque",
};

/** The standard's URL parser as a row beside the grammar's (Revision.parser). */
export const PARSER: ParserColumn = {
  label: `WHATWG URL parser (whatwg-url ${WHATWG_URL_VERSION})`,
  read: (input) => parserReading(input),
  validity: parserValidity,
};

/**
 * §4.4 with a base: the URL record the basic URL parser gives `reference` against `base`, serialized
 * (§4.5), or null for failure. The URL Standard has no resolution algorithm of its own: this is it.
 */
export function parseAgainst(base: string, reference: string): { ok: true; url: string; record: UrlRecord; validationErrors: string[] } | { ok: false; validationErrors: string[] } {
  try {
    const baseURL = parseBase(base);
    if (baseURL === null) return { ok: false, validationErrors: [] };
    const { url, validationErrors } = parseURLWithValidationErrors(reference, { baseURL });
    return url === null ? { ok: false, validationErrors } : { ok: true, url: serializeURL(url), record: url, validationErrors };
  } catch {
    return { ok: false, validationErrors: [] };
  }
}
