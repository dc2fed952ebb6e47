// Types of the whatwg-url package (jsdom/whatwg-url, the WHATWG URL Standard's reference
// implementation), which ships none: the functions grammar/whatwg/parser.ts calls, as whatwg-url
// 17.3.0's index.js and lib/url-state-machine.js define them.
declare module "whatwg-url" {
  /** A URL record (URL Standard §4.1): host serialized or null, path a list or an opaque string. */
  export interface UrlRecord {
    scheme: string;
    username: string;
    password: string;
    host: string | number | number[] | null;
    port: number | null;
    path: string | string[];
    query: string | null;
    fragment: string | null;
  }
  export interface ParseOptions {
    baseURL?: UrlRecord | null;
  }
  /** §4.4 basic URL parser: the URL record, or null for failure. */
  export function basicURLParse(input: string, options?: ParseOptions): UrlRecord | null;
  /** The basic URL parser with the validation errors it reports, by the standard's names. */
  export function parseURLWithValidationErrors(input: string, options?: ParseOptions): { url: UrlRecord | null; validationErrors: string[] };
  /** §4.5 URL serializer. */
  export function serializeURL(url: UrlRecord, excludeFragment?: boolean): string;
  /** §3.6 host serializer. */
  export function serializeHost(host: string | number | number[]): string;
  /** §4.1 "A URL has an opaque path if its path is a URL path segment." */
  export function hasAnOpaquePath(url: UrlRecord): boolean;
  /** §4.3 "valid URL string", as whatwg-url's validator decides it (lib/url-string-validator.js). */
  export function isValidURLString(input: string, options?: { baseURL?: UrlRecord | null }): boolean;
}

// The parser alone (lib/url-state-machine.js), without index.js's URL class: index.js loads
// webidl-conversions, which reads SharedArrayBuffer.prototype as it loads and so throws in a browser
// page that is not cross-origin isolated (the explorer). The functions are index.js's own.
declare module "whatwg-url/lib/url-state-machine" {
  export { basicURLParse, hasAnOpaquePath, parseURLWithValidationErrors, serializeHost, serializeURL, type UrlRecord } from "whatwg-url";
}
