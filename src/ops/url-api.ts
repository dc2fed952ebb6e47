// An implementation of the URL API (the WHATWG URL Standard's `URL` class: Node's, which is ada;
// a browser's; whatwg-url's) as a confusion() row source (src/ops/confusion.ts). The API gives the
// components as the parser serializes them (lower case, percent-encoded, a default port dropped); it
// cannot tell an absent query or fragment from an empty one, except by the "?" or "#" its
// serialization keeps, which is how they are read here.
import type { ParserReading } from "../revisions/revision";
import type { ReadingSource } from "./confusion";
import { describeValue } from "../request";

/** What a `URL` class instance gives (the WHATWG URL Standard's URL API). */
interface UrlLike {
  href: string;
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}

type UrlClass = new (input: string) => UrlLike;

/**
 * What `new URL(input)` reads: its components, or the parser's failure.
 *
 * @example
 * import { urlApiReading } from "uri-grammars";
 * urlApiReading(URL, "HTTP://a:80/p?#").components; // => { scheme: "http", host: "a", port: null, path: "/p", query: "", fragment: "" }
 */
export function urlApiReading(Url: UrlClass, input: string): ParserReading {
  let url: UrlLike;
  try {
    url = new Url(input);
  } catch (e) {
    return { verdict: "invalid", components: null, error: `new URL() failed: ${e instanceof Error ? e.message : describeValue(e)}` };
  }
  try {
    const href = url.href;
    const fragment = url.hash !== "" ? url.hash.slice(1) : href.endsWith("#") ? "" : null;
    const beforeHash = fragment === null ? href : href.slice(0, href.length - fragment.length - 1);
    const query = url.search !== "" ? url.search.slice(1) : beforeHash.endsWith("?") ? "" : null;
    return {
      verdict: "valid",
      components: {
        scheme: url.protocol.replace(/:$/, ""),
        userinfo: url.username !== "" || url.password !== "" ? url.username + (url.password !== "" ? `:${url.password}` : "") : null,
        host: href.startsWith(`${url.protocol}//`) ? url.hostname : null,
        port: url.port !== "" ? url.port : null,
        path: url.pathname,
        query,
        fragment,
      },
      how: "the URL API's serialized components (lower case, percent-encoded, a default port dropped)",
    };
  } catch (e) {
    return { verdict: "invalid", components: null, error: `the URL object is not the URL API's: ${e instanceof Error ? e.message : describeValue(e)}` };
  }
}

/**
 * A `URL` class as a confusion() row source: the runtime's own (`globalThis.URL`: Node's is ada, a
 * browser's its engine's), or whatwg-url's.
 *
 * @example
 * import { confusion, urlApiSource } from "uri-grammars";
 * const r = confusion("http://a\\b@c/", { specs: ["rfc3986"], sources: [urlApiSource(URL, "url", "this runtime's URL")] });
 * if (r.ok) r.rows.map((x) => x.components?.host); // => ["c", "a"]
 */
export function urlApiSource(Url: UrlClass, id: string, label: string): ReadingSource {
  return { id, label, read: (input) => urlApiReading(Url, input) };
}
